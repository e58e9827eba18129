/**
 * How the juso sandbox finds addresses: by road and number, glued or apart, by building name or
 * alias, by 동 and 지번, by the full road address juso itself returns; every value a string.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";

let tenant: SandboxTenant;
beforeAll(async () => {
  tenant = await SandboxTenant.create("juso-search");
});

async function bdNames(keyword: string): Promise<unknown[]> {
  const { result } = await tenant.call("juso_search", { keyword, countPerPage: 100 });
  if (!result.ok) throw new Error(`${keyword}: ${result.error.upstreamCode} ${result.error.message}`);
  return result.items.map((i) => i["bdNm"]);
}

describe("juso_search sandbox", () => {
  it.each([
    ["테헤란로 152", "강남파이낸스센터"],
    ["테헤란로152", "강남파이낸스센터"],
    ["서울시 강남구 테헤란로 152", "강남파이낸스센터"],
    ["역삼동 737", "강남파이낸스센터"],
    ["서울특별시 송파구 송파대로 345 (가락동, 헬리오시티)", "헬리오시티"],
    ["도곡렉슬", "도곡렉슬"],
    ["서울시청", "서울특별시청"],
    ["63빌딩", "63스퀘어"],
    ["삼성로51길 37", "래미안대치팰리스"],
    ["경기도 성남시 분당구 분당로 50", "분당구청"],
  ])("finds %s", async (keyword, name) => {
    expect(await bdNames(keyword)).toContain(name);
  });

  it("lists every building of a dong", async () => {
    const names = await bdNames("대치동");
    expect(names).toEqual(expect.arrayContaining(["은마", "래미안대치팰리스", "대치아이파크"]));
  });

  it("sends every value as a string, totalCount included", async () => {
    const query = new URLSearchParams({ confmKey: tenant.keys.juso_search, resultType: "json", keyword: "헬리오시티" });
    const body = (await (await fetch(`${env.SANDBOX_ORIGIN}/business.juso.go.kr/addrlink/addrLinkApi.do?${query}`)).json()) as {
      results: { common: Record<string, unknown>; juso: Record<string, unknown>[] };
    };
    expect(body.results.common).toMatchObject({ errorCode: "0", errorMessage: "정상", totalCount: "1" });
    for (const value of [...Object.values(body.results.common), ...Object.values(body.results.juso[0] ?? {})]) expect(typeof value).toBe("string");
  });

  it("refuses the search key on the coordinates API (a separately issued key)", async () => {
    const query = new URLSearchParams({ confmKey: tenant.keys.juso_search, resultType: "json", admCd: "1114010300", rnMgtSn: "111402005001", udrtYn: "0", buldMnnm: "110", buldSlno: "0" });
    const body = (await (await fetch(`${env.SANDBOX_ORIGIN}/business.juso.go.kr/addrlink/addrCoordApi.do?${query}`)).json()) as { results: { common: Record<string, unknown> } };
    expect(body.results.common["errorCode"]).toBe("E0001");
  });
});
