/**
 * AirKorea quirks the sandbox reproduces, over real HTTP: `body.items` as a plain array, XML by
 * default, "-" values with a flag, midnight written as 24:00, `ver`-dependent fields, several
 * 읍면동 matches for one name, and empty arrays for unknown stations.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../../../test/support/sandbox";
import { wgs84ToAirkoreaTm } from "../../geo/projections";

let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("airkorea");
  await tenant.configure({ clock: { mode: "fixed", at: "2026-11-24T00:30:00+09:00" } });
});

interface AirBody {
  response: { header: { resultCode: string; resultMsg: string }; body?: { items: Record<string, unknown>[]; totalCount: number } };
}

function url(path: string, params: Record<string, string>): string {
  return `${env.SANDBOX_ORIGIN}/apis.data.go.kr/B552584/${path}?${new URLSearchParams({ serviceKey: tenant.keys.datagokr, ...params }).toString()}`;
}

async function air(path: string, params: Record<string, string>): Promise<AirBody> {
  return (await (await fetch(url(path, { returnType: "json", ...params }))).json()) as AirBody;
}

describe("측정소정보", () => {
  it("lists every 읍면동 whose name contains the query, items as a plain array", async () => {
    const body = await air("MsrstnInfoInqireSvc/getTMStdrCrdnt", { umdName: "정동" });
    expect(body.response.header).toEqual({ resultCode: "00", resultMsg: "NORMAL_CODE" });
    const items = body.response.body?.items ?? [];
    expect(Array.isArray(items)).toBe(true);
    expect(items.map((i) => `${i["sggName"]} ${i["umdName"]}`)).toEqual(expect.arrayContaining(["중구 정동", "성동구 송정동"]));
    expect(typeof items[0]?.["tmX"]).toBe("string");
  });

  it("returns the three nearest stations with distances in km", async () => {
    // "좌동" also matches 서울 서대문구 남가좌동: pick 부산's by sidoName, as a caller must.
    const matches = (await air("MsrstnInfoInqireSvc/getTMStdrCrdnt", { umdName: "좌동" })).response.body?.items ?? [];
    expect(matches.map((m) => m["sidoName"])).toEqual(expect.arrayContaining(["서울특별시", "부산광역시"]));
    const dong = matches.find((m) => m["sidoName"] === "부산광역시");
    const nearby = (await air("MsrstnInfoInqireSvc/getNearbyMsrstnList", { tmX: String(dong?.["tmX"]), tmY: String(dong?.["tmY"]) })).response.body?.items ?? [];
    expect(nearby.map((s) => s["stationName"])).toEqual(["좌동", "재송동", expect.any(String)]);
    expect(nearby[0]?.["tm"]).toBe(0);
  });

  it("answers XML without returnType", async () => {
    const text = await (await fetch(url("MsrstnInfoInqireSvc/getTMStdrCrdnt", { umdName: "역삼동" }))).text();
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain("<item><sggName>강남구</sggName><umdName>역삼동</umdName>");
  });
});

describe("실시간 측정정보", () => {
  it("writes midnight as 24:00 of the day before", async () => {
    const items = (await air("ArpltnInforInqireSvc/getMsrstnAcctoRltmMesureDnsty", { stationName: "종로구", dataTerm: "DAILY", ver: "1.3" })).response.body?.items ?? [];
    expect(items.map((i) => i["dataTime"]).slice(0, 2)).toEqual(["2026-11-23 24:00", "2026-11-23 23:00"]);
  });

  it("adds fields version by version as AirKorea documents them: PM2.5 1.0, 24-hour means 1.1, network 1.2, 1-hour grades 1.3, station 1.4, decimals 1.5", async () => {
    const latest = async (ver?: string) => {
      const params = { stationName: "종로구", dataTerm: "DAILY", ...(ver ? { ver } : {}) };
      const [row] = (await air("ArpltnInforInqireSvc/getMsrstnAcctoRltmMesureDnsty", params)).response.body?.items ?? [];
      return row ?? {};
    };
    const added: [string | undefined, string[]][] = [
      [undefined, []],
      ["1.0", ["pm25Value", "pm25Grade", "pm25Flag"]],
      ["1.1", ["pm10Value24", "pm25Value24"]],
      ["1.2", ["mangName"]],
      ["1.3", ["pm10Grade1h", "pm25Grade1h"]],
      ["1.4", ["stationName", "stationCode"]],
      ["1.5", []],
    ];
    const base = Object.keys(await latest());
    expect(base).toEqual(expect.arrayContaining(["dataTime", "pm10Value", "o3Value", "khaiValue", "pm10Grade", "pm10Flag"]));
    let expected = new Set(base);
    for (const [ver, fields] of added) {
      for (const f of fields) expected.add(f);
      expect(new Set(Object.keys(await latest(ver))), `ver ${ver ?? "none"}`).toEqual(expected);
      expected = new Set(expected);
    }
    const v14 = await latest("1.4");
    expect(v14).toMatchObject({ stationName: "종로구", stationCode: "111123" });
    expect(String(v14["coValue"])).toMatch(/^\d\.\d$/);
    expect(String(v14["o3Value"])).toMatch(/^0\.\d{3}$/);
    const v15 = await latest("1.5");
    expect(String(v15["coValue"])).toMatch(/^\d\.\d{2}$/);
    for (const f of ["o3Value", "no2Value", "so2Value"]) expect(String(v15[f]), f).toMatch(/^0\.\d{4}$/);
    // The same hour at both precisions.
    expect(Number(v15["o3Value"]).toFixed(3)).toBe(v14["o3Value"]);
  });

  it("reports missing values as '-' with a flag, and the normaliser leaves them blank", async () => {
    const month = (await air("ArpltnInforInqireSvc/getMsrstnAcctoRltmMesureDnsty", { stationName: "강남구", dataTerm: "MONTH", numOfRows: "720" })).response.body?.items ?? [];
    expect(month).toHaveLength(720);
    const gap = month.find((i) => i["pm10Value"] === "-");
    expect(gap?.["pm10Flag"]).toMatch(/통신장애|점검및교정/);

    const { result } = await tenant.call("airkorea_station_realtime", { stationName: "강남구", dataTerm: "MONTH", numOfRows: 720 });
    const normalised = result.items.find((i) => i["dataTime"] === gap?.["dataTime"]);
    expect(normalised).toMatchObject({ pm10Value: null, pm10Flag: gap?.["pm10Flag"] });
  });

  it("puts Seoul's stations at their real addresses: the nearest station there is the one AirKorea names", async () => {
    const real: [name: string, lat: number, lon: number][] = [["종로구", 37.572013, 127.005014], ["중구", 37.564117, 126.974782], ["용산구", 37.53997, 127.004842]];
    for (const [name, lat, lon] of real) {
      const tm = wgs84ToAirkoreaTm({ lat, lon });
      const nearby = (await air("MsrstnInfoInqireSvc/getNearbyMsrstnList", { tmX: tm.x.toFixed(2), tmY: tm.y.toFixed(2) })).response.body?.items ?? [];
      expect(nearby[0]?.["stationName"], name).toBe(name);
      expect(Number(nearby[0]?.["tm"]), name).toBeLessThan(0.05);
    }
  });

  it("gives one row per station of a 시도, an empty array where there is none, 10 for an unknown name", async () => {
    const seoul = (await air("ArpltnInforInqireSvc/getCtprvnRltmMesureDnsty", { sidoName: "서울", numOfRows: "100" })).response.body?.items ?? [];
    expect(seoul).toHaveLength(25);
    expect(new Set(seoul.map((s) => s["sidoName"]))).toEqual(new Set(["서울"]));
    const gwangju = await air("ArpltnInforInqireSvc/getCtprvnRltmMesureDnsty", { sidoName: "광주" });
    expect(gwangju.response.body).toMatchObject({ items: [], totalCount: 0 });
    expect((await air("ArpltnInforInqireSvc/getCtprvnRltmMesureDnsty", { sidoName: "서울특별시" })).response.header.resultCode).toBe("10");
  });

  it("answers an unknown station with an empty array", async () => {
    const body = await air("ArpltnInforInqireSvc/getMsrstnAcctoRltmMesureDnsty", { stationName: "없는측정소", dataTerm: "DAILY" });
    expect(body.response).toMatchObject({ header: { resultCode: "00" }, body: { items: [], totalCount: 0 } });
  });
});
