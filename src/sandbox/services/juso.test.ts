/**
 * How the juso sandbox finds addresses: by road and number, glued or apart, by building name or
 * alias, by 동 and 지번, by the full road address juso itself returns; every value a string. And
 * every address another service hands out is found, at the place that service puts it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";
import { haversineMetres, utmkToWgs84 } from "../../geo/projections";
import type { SandboxOperation } from "../operation";
import { workplacePosition } from "../world/address-book";
import { AIR_STATIONS } from "../world/air-stations";
import { BUSINESSES } from "../world/businesses";
import { HOSPITALS, PHARMACIES } from "../world/hospitals";
import { DONGS } from "../world/regions";
import { dongRoad, roadAddress } from "../world/streets";
import { TOUR_CONTENT } from "../world/tour";
import { JUSO_OPERATIONS } from "./juso";

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

describe("juso knows every address the world hands out", () => {
  const search = JUSO_OPERATIONS.find((op) => op.id === "juso.addrLinkApi");
  const coordinates = JUSO_OPERATIONS.find((op) => op.id === "juso.addrCoordApi");
  const ask = (handle: SandboxOperation["handle"] | undefined, query: Record<string, string>) => (handle?.({ query, path: {}, body: undefined, now: new Date() }) ?? []) as Record<string, string>[];
  const handedOut = [
    ...TOUR_CONTENT.map((c) => ({ text: c.addr1, at: { lat: c.lat, lon: c.lon } })),
    ...[...HOSPITALS, ...PHARMACIES].map((i) => ({ text: i.addr, at: i.position })),
    ...BUSINESSES.map((b) => ({ text: b.address, at: workplacePosition(b) })),
    ...AIR_STATIONS.map((s) => ({ text: s.addr, at: s.position })),
  ];

  it("finds each by the address as the service wrote it (사직로 161 included), at the place it stands", () => {
    const missed: string[] = [];
    const misplaced: string[] = [];
    for (const { text, at } of handedOut) {
      // A festival ground or a riverside (…일대, …둔치) names no building: juso has nothing to find.
      if (!/\s(산\s?)?\d+(-\d+)?(,|\s\(|$)/.test(text)) continue;
      const [row] = ask(search?.handle, { keyword: text });
      if (!row) {
        missed.push(text);
        continue;
      }
      const [entrance] = ask(coordinates?.handle, { admCd: row["admCd"] ?? "", rnMgtSn: row["rnMgtSn"] ?? "", udrtYn: row["udrtYn"] ?? "", buldMnnm: row["buldMnnm"] ?? "", buldSlno: row["buldSlno"] ?? "" });
      const point = utmkToWgs84({ x: Number(entrance?.["entX"]), y: Number(entrance?.["entY"]) });
      // Two services at one road number share the building the first one put there.
      if (haversineMetres(point, at) > 1500) misplaced.push(text);
    }
    expect(missed).toEqual([]);
    expect(misplaced).toEqual([]);
    expect(ask(search?.handle, { keyword: "사직로 161" }).map((r) => r["roadAddr"])).toEqual(["서울특별시 종로구 사직로 161 (효자동)"]);
  });

  it("gives generated addresses a road of their own dong", () => {
    for (const dong of DONGS) expect(roadAddress(dong, `t:${dong.code}`)).toContain(dongRoad(dong.name));
    expect(dongRoad("일원동")).toBe("일원로");
    expect(dongRoad("목동")).toBe("목동로");
    expect(dongRoad("을지로6가")).toBe("을지로");
    for (const p of PHARMACIES) expect(p.addr, p.addr).toContain(` ${dongRoad(p.emdongNm)}`);
  });
});
