/**
 * Chains across the address and real-estate tools, run against the sandbox over HTTP: region
 * name → 법정동코드 → LAWD_CD → 실거래가; 법정동코드 → 단지 → 기본정보; 주소 → 좌표 → 위경도;
 * 주소 → 건축물대장. Each step checks that the value carried from the previous step gave data
 * and is really what the next request was about. Also the quirks that break naive wrappers.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveTimeToken } from "../../src/catalog/examples";
import { haversineMetres } from "../../src/geo/projections";
import { dongOf } from "../../src/sandbox/world/regions";
import { SandboxTenant } from "../support/sandbox";

let tenant: SandboxTenant;
beforeAll(async () => {
  tenant = await SandboxTenant.create("chain-addr");
});

/** One element chosen at random, so repeated runs cover different values of a response. */
function sample<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error("sample from an empty list");
  return item;
}

const str = (value: unknown) => String(value);
const pad4 = (value: unknown) => String(value).padStart(4, "0");

async function splitBjd(code: string): Promise<{ lawd_cd: string; bjdong_cd: string }> {
  const [parts] = await tenant.items("sigungu_code_from_bjd", { bjd_code: code });
  expect(parts).toBeDefined();
  return { lawd_cd: str(parts?.["lawd_cd"]), bjdong_cd: str(parts?.["bjdong_cd"]) };
}

describe("지역명 → 법정동코드 → LAWD_CD → 매매 실거래가: mois_legal_dong_codes → sigungu_code_from_bjd → rtms_apt_trades", () => {
  it("finds last month's sales in 송파구 가락동", async () => {
    const regions = await tenant.items("mois_legal_dong_codes", { locatadd_nm: "서울특별시 송파구 가락동" });
    const garak = regions.find((r) => r["locatadd_nm"] === "서울특별시 송파구 가락동");
    expect(garak, JSON.stringify(regions)).toBeDefined();
    const regionCd = str(garak?.["region_cd"]);
    expect(regionCd).toBe("1171010700");

    const { lawd_cd, bjdong_cd } = await splitBjd(regionCd);
    expect(lawd_cd).toBe(regionCd.slice(0, 5));

    const dealYmd = resolveTimeToken("month.previous", new Date());
    const deals = await tenant.items("rtms_apt_trades", { LAWD_CD: lawd_cd, DEAL_YMD: dealYmd, numOfRows: 1000 });
    expect(deals.every((d) => d["sggCd"] === lawd_cd)).toBe(true);
    expect(deals.every((d) => `${d["dealYear"]}${String(d["dealMonth"]).padStart(2, "0")}` === dealYmd)).toBe(true);
    const inGarak = deals.filter((d) => d["umdNm"] === "가락동");
    expect(inGarak.length, `no 가락동 deals in ${dealYmd}`).toBeGreaterThan(0);
    const deal = sample(inGarak);
    expect(deal["umdCd"]).toBe(bjdong_cd);
    expect(Number.isInteger(deal["dealAmount"]) && Number(deal["dealAmount"]) > 10_000, JSON.stringify(deal)).toBe(true);
  });

  it("prices 강남 and 서초 above 노원 and 도봉", async () => {
    const month = "202506";
    const median = async (lawd: string) => {
      const deals = await tenant.items("rtms_apt_trades", { LAWD_CD: lawd, DEAL_YMD: month, numOfRows: 1000 });
      const perM2 = deals.map((d) => Number(d["dealAmount"]) / Number(d["excluUseAr"])).sort((a, b) => a - b);
      return perM2[Math.floor(perM2.length / 2)] ?? 0;
    };
    const [gangnam, seocho, nowon, dobong] = await Promise.all([median("11680"), median("11650"), median("11350"), median("11320")]);
    expect(Math.min(gangnam, seocho)).toBeGreaterThan(2 * Math.max(nowon, dobong));
  });
});

describe("법정동코드 → 단지 → 기본정보: mois_legal_dong_codes → apt_complex_list → apt_complex_info", () => {
  it.each(["서울특별시 송파구 가락동", "서울특별시 강남구 대치동", "경기도 성남시 분당구 정자동"])("resolves a complex of %s", async (name) => {
    const [region] = (await tenant.items("mois_legal_dong_codes", { locatadd_nm: name })).filter((r) => r["locatadd_nm"] === name);
    const bjdCode = str(region?.["region_cd"]);
    const complexes = await tenant.items("apt_complex_list", { bjdCode });
    expect(complexes.every((c) => c["bjdCode"] === bjdCode)).toBe(true);
    const chosen = sample(complexes);
    const kaptCode = str(chosen["kaptCode"]);

    const [info] = await tenant.items("apt_complex_info", { kaptCode });
    expect(info?.["kaptCode"]).toBe(kaptCode);
    expect(info?.["kaptName"]).toBe(chosen["kaptName"]);
    expect(info?.["bjdCode"]).toBe(bjdCode);
    expect(Number.isInteger(info?.["kaptdaCnt"]) && Number(info?.["kaptdaCnt"]) > 0).toBe(true);
    expect(str(info?.["kaptAddr"])).toContain(str(chosen["as3"]));
  });
});

describe("주소 → 좌표 → 위경도: juso_search → juso_coordinates → utmk_to_wgs84", () => {
  it.each(["테헤란로 152", "헬리오시티", "서울시청", "정부세종청사", "해운대아이파크", "제주특별자치도청"])("places %s near its dong centre", async (keyword) => {
    const found = await tenant.items("juso_search", { keyword });
    const address = sample(found);
    const admCd = str(address["admCd"]);

    const [coord] = await tenant.items("juso_coordinates", {
      admCd,
      rnMgtSn: address["rnMgtSn"],
      udrtYn: address["udrtYn"],
      buldMnnm: address["buldMnnm"],
      buldSlno: address["buldSlno"],
    });
    expect(coord?.["admCd"]).toBe(admCd);
    expect(coord?.["bdMgtSn"]).toBe(address["bdMgtSn"]);

    const [point] = await tenant.items("utmk_to_wgs84", { entX: coord?.["entX"], entY: coord?.["entY"] });
    const dong = dongOf(admCd);
    expect(dong, admCd).toBeDefined();
    if (!dong) return;
    const metres = haversineMetres({ lat: Number(point?.["lat"]), lon: Number(point?.["lon"]) }, dong.center);
    expect(metres, `${keyword} is ${Math.round(metres)} m from ${dong.name}`).toBeLessThan(1_500);
  });
});

describe("주소 → 건축물대장: juso_search → sigungu_code_from_bjd → bld_title_info", () => {
  it.each(["강남파이낸스센터", "은마", "아크로리버파크", "롯데월드타워", "판교역로 166"])("finds the register of %s", async (keyword) => {
    const address = sample(await tenant.items("juso_search", { keyword }));
    const { lawd_cd, bjdong_cd } = await splitBjd(str(address["admCd"]));
    const titles = await tenant.items("bld_title_info", {
      sigunguCd: lawd_cd,
      bjdongCd: bjdong_cd,
      platGbCd: address["mtYn"],
      bun: pad4(address["lnbrMnnm"]),
      ji: pad4(address["lnbrSlno"]),
      numOfRows: 100,
    });
    const title = sample(titles);
    expect(title["bldNm"]).toBe(address["bdNm"]);
    expect(title["sigunguCd"]).toBe(lawd_cd);
    expect(title["bjdongCd"]).toBe(bjdong_cd);
    expect(title["bun"]).toBe(pad4(address["lnbrMnnm"]));
    expect(str(title["platPlc"])).toContain(`${address["emdNm"]} ${address["lnbrMnnm"]}`);
    expect(title["newPlatPlc"]).toBe(address["roadAddrPart1"]);
  });

  it("finds nothing for an unpadded 번 (the real service compares the 4-digit form)", async () => {
    const { result } = await tenant.call("bld_title_info", { sigunguCd: "11680", bjdongCd: "10100", bun: "0737" });
    expect(result.ok && result.items.length).toBeGreaterThan(0);
    const raw = new URLSearchParams({ serviceKey: tenant.keys.datagokr, _type: "json", sigunguCd: "11680", bjdongCd: "10100", bun: "737" });
    const body = (await (await fetch(`${env.SANDBOX_ORIGIN}/apis.data.go.kr/1613000/BldRgstHubService/getBrTitleInfo?${raw}`)).json()) as {
      response: { body: { items: unknown; totalCount: number } };
    };
    expect(body.response.body.totalCount).toBe(0);
    expect(body.response.body.items).toBe("");
  });
});

describe("quirks of juso_search, mois_legal_dong_codes, rtms_apt_trades and bld_title_info", () => {
  it("turns the padded comma dealAmount into an integer", async () => {
    const query = new URLSearchParams({ serviceKey: tenant.keys.datagokr, LAWD_CD: "11650", DEAL_YMD: "202504", numOfRows: "5" });
    const xml = await (await fetch(`${env.SANDBOX_ORIGIN}/apis.data.go.kr/1613000/RTMSDataSvcAptTradeDev/getRTMSDataSvcAptTradeDev?${query}`)).text();
    expect(xml).toContain("<resultCode>000</resultCode>");
    const amounts = [...xml.matchAll(/<dealAmount>([^<]*)<\/dealAmount>/g)].map((m) => m[1] ?? "");
    expect(amounts.length).toBe(5);
    for (const amount of amounts) expect(amount).toMatch(/^ +\d{1,3}(,\d{3})+$/);

    const deals = await tenant.items("rtms_apt_trades", { LAWD_CD: "11650", DEAL_YMD: "202504", numOfRows: 5 });
    expect(deals.map((d) => d["dealAmount"])).toEqual(amounts.map((a) => Number(a.replace(/[ ,]/g, ""))));
  });

  it("answers a future month with no deals", async () => {
    const next = new Date();
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    const { result } = await tenant.call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: resolveTimeToken("month.current", next) });
    expect(result).toMatchObject({ ok: true, items: [], totalCount: 0 });
  });

  it("reads StanReginCd's no-match INFO-3 as an empty success", async () => {
    const { result } = await tenant.call("mois_legal_dong_codes", { locatadd_nm: "강원도 없는군" });
    expect(result).toMatchObject({ ok: true, items: [], totalCount: 0 });
    const query = new URLSearchParams({ serviceKey: tenant.keys.datagokr, type: "json", locatadd_nm: "강원도 없는군" });
    const raw = await fetch(`${env.SANDBOX_ORIGIN}/apis.data.go.kr/1741000/StanReginCd/getStanReginCdList?${query}`);
    expect(raw.headers.get("content-type")).toContain("text/html");
    expect(await raw.json()).toEqual({ RESULT: { resultCode: "INFO-3", resultMsg: "해당하는 데이터가 없습니다." } });
  });

  it.each([
    ["서울특별시", "E0006"],
    ["부산", "E0006"],
    ["강", "E0008"],
    ["역삼동 <script>", "E0013"],
  ])("maps juso's refusal of %s (%s) to UPSTREAM_INVALID_PARAM", async (keyword, code) => {
    const { result } = await tenant.call("juso_search", { keyword });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: "UPSTREAM_INVALID_PARAM", upstreamCode: code });
  });

  it("answers a juso search without matches with an empty list and totalCount \"0\"", async () => {
    const { result } = await tenant.call("juso_search", { keyword: "없는길 999" });
    expect(result).toMatchObject({ ok: true, items: [], totalCount: 0 });
    const query = new URLSearchParams({ confmKey: tenant.keys.juso_search, resultType: "json", keyword: "없는길 999" });
    const body = (await (await fetch(`${env.SANDBOX_ORIGIN}/business.juso.go.kr/addrlink/addrLinkApi.do?${query}`)).json()) as {
      results: { common: Record<string, unknown>; juso: unknown[] };
    };
    expect(body.results.common).toMatchObject({ errorCode: "0", totalCount: "0" });
    expect(body.results.juso).toEqual([]);
  });

  it("refuses a data.go.kr key encoded twice with the gateway's error 30, and takes it encoded once", async () => {
    const path = `${env.SANDBOX_ORIGIN}/apis.data.go.kr/1741000/StanReginCd/getStanReginCdList`;
    const rest = `type=json&pageNo=1&numOfRows=5&locatadd_nm=${encodeURIComponent("서울특별시 강남구")}`;
    const key = tenant.keys.datagokr;
    expect(key).toMatch(/[+/=]/);

    const twice = await fetch(`${path}?serviceKey=${encodeURIComponent(encodeURIComponent(key))}&${rest}`);
    expect(twice.status).toBe(403);
    const error = await twice.text();
    expect(error).toContain("<returnReasonCode>30</returnReasonCode>");
    expect(error).toContain("SERVICE_KEY_IS_NOT_REGISTERED_ERROR");

    const once = await fetch(`${path}?serviceKey=${encodeURIComponent(key)}&${rest}`);
    expect(once.status).toBe(200);
    const body = (await once.json()) as { StanReginCd: unknown[] };
    expect(body.StanReginCd).toHaveLength(2);
  });
});
