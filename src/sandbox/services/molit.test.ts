/**
 * Wire-level quirks of the MOLIT services as the sandbox reproduces them: RTMS answers XML whatever
 * is asked, K-apt answers JSON whatever is asked, a K-apt list is a plain array (`[]` when empty)
 * and a K-apt lookup is one object under body.item with kaptdaCnt as "9510.0".
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";

let tenant: SandboxTenant;
beforeAll(async () => {
  tenant = await SandboxTenant.create("molit-wire");
});

async function get(path: string, params: Record<string, string>): Promise<Response> {
  const query = new URLSearchParams({ serviceKey: tenant.keys.datagokr, ...params });
  return fetch(`${env.SANDBOX_ORIGIN}/apis.data.go.kr/1613000${path}?${query}`);
}

describe("MOLIT wire format of rtms_, apt_ and bld_ services", () => {
  it("answers RTMS in XML with code 000 even when JSON is asked for, blanks as one space", async () => {
    const res = await get("/RTMSDataSvcAptTradeDev/getRTMSDataSvcAptTradeDev", { LAWD_CD: "11680", DEAL_YMD: "202503", _type: "json", numOfRows: "50" });
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain("<resultCode>000</resultCode><resultMsg>OK</resultMsg>");
    expect(xml).toMatch(/<cdealType> <\/cdealType>/);
  });

  it("answers an RTMS month without deals with empty items and totalCount 0", async () => {
    const xml = await (await get("/RTMSDataSvcAptRent/getRTMSDataSvcAptRent", { LAWD_CD: "11680", DEAL_YMD: "201812" })).text();
    expect(xml).toContain("<items></items>");
    expect(xml).toContain("<totalCount>0</totalCount>");
  });

  it("answers K-apt in JSON even when XML is asked for: the list as a plain array", async () => {
    const res = await get("/AptListService4/getLegaldongAptList4", { bjdCode: "1171010100", _type: "xml" });
    const body = (await res.json()) as { response: { header: { resultCode: string }; body: { items: Record<string, unknown>[] } } };
    expect(body.response.header.resultCode).toBe("00");
    expect(Array.isArray(body.response.body.items)).toBe(true);
    expect(body.response.body.items.map((i) => i["kaptName"])).toContain("잠실엘스");
    const empty = (await (await get("/AptListService4/getLegaldongAptList4", { bjdCode: "1111010100" })).json()) as { response: { body: { items: unknown } } };
    expect(empty.response.body.items).toEqual([]);
  });

  it("answers a K-apt lookup with one body.item object and a decimal household count", async () => {
    const body = (await (await get("/AptBasisInfoServiceV5/getAphusBassInfoV5", { kaptCode: "A13587503" })).json()) as {
      response: { body: { item: Record<string, unknown>; items?: unknown } };
    };
    expect(body.response.body.items).toBeUndefined();
    expect(body.response.body.item).toMatchObject({ kaptCode: "A13587503", kaptName: "헬리오시티", kaptdaCnt: "9510.0", bjdCode: "1171010700" });
    const { result } = await tenant.call("apt_complex_info", { kaptCode: "A13587503" });
    expect(result.ok && result.items[0]?.["kaptdaCnt"]).toBe(9510);
  });

  it("sends building-register codes as JSON numbers and the road address with a leading space", async () => {
    const body = (await (await get("/BldRgstHubService/getBrTitleInfo", { _type: "json", sigunguCd: "11140", bjdongCd: "10300", bun: "0031", ji: "0000" })).json()) as {
      response: { body: { items: { item: Record<string, unknown> } } };
    };
    const item = body.response.body.items.item;
    expect(item).toMatchObject({ sigunguCd: 11140, bjdongCd: 10300, bun: "0031", ji: "0000", bldNm: "서울특별시청", newPlatPlc: " 서울특별시 중구 세종대로 110" });
  });
});
