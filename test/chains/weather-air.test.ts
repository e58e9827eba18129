/**
 * Weather and air-quality chains end to end through the sandbox, on a tenant whose clock stands
 * at 2026-12-24 09:00 KST (the day before 기독탄신일): every step feeds the previous step's output
 * into the next request and must yield data.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hash32 } from "../../src/util/random";
import { DONGS, sigunguOf, type Dong } from "../../src/sandbox/world/regions";
import { SandboxTenant } from "../support/sandbox";

const AT = "2026-12-24T09:00:00+09:00";
const NOW = new Date(AT);

let tenant: SandboxTenant;
beforeAll(async () => {
  tenant = await SandboxTenant.create("weather-air");
  await tenant.configure({ clock: { mode: "fixed", at: AT } });
});

/** A sample of a list chosen by a fixed seed, so the chains do not always take the first item. */
function sample<T>(list: readonly T[], seed: string, count = 1): T[] {
  if (list.length === 0) throw new Error(`nothing to sample for ${seed}`);
  const start = hash32(seed) % list.length;
  return Array.from({ length: Math.min(count, list.length) }, (_, i) => list[(start + i * 7) % list.length] as T);
}

const seoulDongs = DONGS.filter((d) => d.code.startsWith("11"));

describe("airkorea_tm_coords → airkorea_nearby_stations → airkorea_station_realtime (읍면동 → TM → 근접측정소 → PM10)", () => {
  it.each(sample(seoulDongs, "chain1", 3).map((d) => [d.name, d] as const))("connects for %s", async (_name, dong: Dong) => {
    const coords = await tenant.items("airkorea_tm_coords", { umdName: dong.name }, NOW);
    const district = sigunguOf(dong.sigungu)?.name;
    const match = coords.find((c) => c["sidoName"] === "서울특별시" && c["sggName"] === district && c["umdName"] === dong.name);
    expect(match, `${dong.name} in ${JSON.stringify(coords)}`).toBeDefined();
    const tmX = Number(match?.["tmX"]);
    const tmY = Number(match?.["tmY"]);
    expect(tmX).toBeGreaterThan(180_000);
    expect(tmY).toBeGreaterThan(430_000);

    const nearby = await tenant.call("airkorea_nearby_stations", { tmX, tmY }, NOW);
    expect(nearby.args).toMatchObject({ tmX, tmY });
    expect(nearby.result.ok).toBe(true);
    const stations = nearby.result.items;
    expect(stations).toHaveLength(3);
    const distances = stations.map((s) => Number(s["tm"]));
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // Seoul's stations are named after their 구 and one sits within a few km of any Seoul dong.
    expect(distances[0]).toBeLessThan(5);
    const stationName = String(stations[0]?.["stationName"]);
    expect(stationName).toMatch(/구$/);

    const realtime = await tenant.call("airkorea_station_realtime", { stationName, dataTerm: "DAILY" }, NOW);
    expect(realtime.args["stationName"]).toBe(stationName);
    expect(realtime.result.ok).toBe(true);
    const hours = realtime.result.items;
    expect(hours).toHaveLength(24);
    // The 09:00 clock has the 08:00 hour out; rows go back hour by hour.
    expect(hours[0]?.["dataTime"]).toBe("2026-12-24 08:00");
    expect(hours[1]?.["dataTime"]).toBe("2026-12-24 07:00");
    const pm10 = hours.map((h) => h["pm10Value"]).filter((v): v is number => typeof v === "number");
    expect(pm10.length).toBeGreaterThan(20);
    for (const value of pm10) expect(value).toBeGreaterThan(0);
  });
});

describe("kasi_public_holidays → kma_base_time → kma_vilage_fcst (공휴일 → 그 날의 단기예보)", () => {
  it("forecasts 기독탄신일 from the day before", async () => {
    const holidays = await tenant.items("kasi_public_holidays", { solYear: "2026", solMonth: "12" }, NOW);
    const holiday = holidays.find((h) => h["dateName"] === "기독탄신일");
    expect(holiday?.["locdate"]).toBe("20261225");
    const locdate = String(holiday?.["locdate"]);

    const [base] = await tenant.items("kma_base_time", { product: "vilage_fcst", at: AT }, NOW);
    expect(base).toEqual({ base_date: "20261224", base_time: "0800" });

    const [dong] = sample(seoulDongs, "chain2");
    if (!dong) throw new Error("no dong");
    const [grid] = await tenant.items("kma_grid_from_wgs84", { lat: dong.center.lat, lon: dong.center.lon }, NOW);
    const args = { base_date: base?.["base_date"], base_time: base?.["base_time"], nx: grid?.["nx"], ny: grid?.["ny"] };
    const forecast = await tenant.call("kma_vilage_fcst", args, NOW);
    expect(forecast.args).toMatchObject(args);
    expect(forecast.result.ok).toBe(true);
    // The forecast runs through 글피 (over 1000 rows); tomorrow lies within the first page of 1000.
    expect(forecast.result.totalCount).toBeGreaterThan(forecast.result.items.length);

    const onHoliday = forecast.result.items.filter((r) => r["fcstDate"] === locdate);
    expect(onHoliday.length).toBeGreaterThan(0);
    for (const row of onHoliday) expect(row).toMatchObject({ baseDate: "20261224", baseTime: "0800", nx: grid?.["nx"], ny: grid?.["ny"] });
    const categories = new Set(onHoliday.map((r) => r["category"]));
    for (const c of ["TMP", "SKY", "PTY", "POP", "PCP", "SNO", "REH", "WSD", "TMN", "TMX"]) expect(categories, c).toContain(c);
    expect(onHoliday.filter((r) => r["category"] === "TMP")).toHaveLength(24);
    expect(onHoliday.find((r) => r["category"] === "TMN")?.["fcstTime"]).toBe("0600");
    expect(onHoliday.find((r) => r["category"] === "TMX")?.["fcstTime"]).toBe("1500");
    // Seoul in late December.
    for (const row of onHoliday.filter((r) => r["category"] === "TMP")) {
      expect(Number(row["fcstValue"])).toBeGreaterThan(-20);
      expect(Number(row["fcstValue"])).toBeLessThan(15);
    }
  });
});

describe("kma_grid_from_wgs84 → kma_base_time → kma_ultra_srt_ncst (좌표 → 격자 → 초단기실황)", () => {
  it.each(sample(DONGS, "chain3", 3).map((d) => [d.name, d] as const))("observes the weather at %s", async (_name, dong: Dong) => {
    const [grid] = await tenant.items("kma_grid_from_wgs84", { lat: dong.center.lat, lon: dong.center.lon }, NOW);
    const [base] = await tenant.items("kma_base_time", { product: "ncst" }, NOW);
    expect(base).toEqual({ base_date: "20261224", base_time: "0800" });

    const args = { base_date: base?.["base_date"], base_time: base?.["base_time"], nx: grid?.["nx"], ny: grid?.["ny"] };
    const ncst = await tenant.call("kma_ultra_srt_ncst", args, NOW);
    expect(ncst.args).toMatchObject(args);
    expect(ncst.result.ok).toBe(true);
    expect(ncst.result.items.map((r) => r["category"]).sort()).toEqual(["PTY", "REH", "RN1", "T1H", "UUU", "VEC", "VVV", "WSD"]);
    const t1h = ncst.result.items.find((r) => r["category"] === "T1H");
    expect(t1h).toMatchObject({ nx: grid?.["nx"], ny: grid?.["ny"], baseDate: "20261224", baseTime: "0800" });
    expect(Number(t1h?.["obsrValue"])).toBeGreaterThan(-25);
    expect(Number(t1h?.["obsrValue"])).toBeLessThan(20);
  });
});

describe("tour_search_keyword → kma_mid_region_from_wgs84 → kma_mid_land_fcst + kma_mid_ta (관광지 → 중기예보 구역 → 3~10일 뒤 날씨)", () => {
  it("forecasts next week at 해운대 from the Busan region and city", async () => {
    const spots = await tenant.items("tour_search_keyword", { keyword: "해운대" }, NOW);
    const [spot] = sample(spots, "chain-mid");
    const [region] = await tenant.items("kma_mid_region_from_wgs84", { lat: spot?.["mapy"], lon: spot?.["mapx"] }, NOW);
    expect(region).toMatchObject({ cityRegId: "11H20201", landRegId: "11H20000", stnId: "159" });
    // At 09:00 the latest mid-term issue is today's 06:00.
    const tmFc = "202612240600";

    const land = await tenant.call("kma_mid_land_fcst", { regId: region?.["landRegId"], tmFc }, NOW);
    expect(land.args["regId"]).toBe("11H20000");
    expect(land.result.ok).toBe(true);
    expect(land.result.items).toHaveLength(1);
    expect(land.result.items[0]).toMatchObject({ regId: "11H20000" });
    expect(String(land.result.items[0]?.["wf3Am"])).not.toBe("");

    const ta = await tenant.call("kma_mid_ta", { regId: region?.["cityRegId"], tmFc }, NOW);
    expect(ta.result.ok).toBe(true);
    const [temps] = ta.result.items;
    expect(temps).toMatchObject({ regId: "11H20201" });
    // Busan at the turn of the year: mild lows, highs above them.
    expect(Number(temps?.["taMin3"])).toBeGreaterThan(-15);
    expect(Number(temps?.["taMax3"])).toBeGreaterThan(Number(temps?.["taMin3"]));

    const outlook = await tenant.items("kma_mid_fcst", { stnId: region?.["stnId"], tmFc }, NOW);
    expect(String(outlook[0]?.["wfSv"])).toMatch(/강수|기온/);
  });
});

describe("kma_ultra_srt_ncst publication rules and format", () => {
  it("answers a base time that is not yet published with the real no-data (ok, no items)", async () => {
    // 09:00 observations are out only from 09:40.
    const { result } = await tenant.call("kma_ultra_srt_ncst", { base_date: "20261224", base_time: "0900", nx: 60, ny: 127 }, NOW);
    expect(result).toMatchObject({ ok: true, items: [], totalCount: 0 });
    const raw = await fetch(`${env.SANDBOX_ORIGIN}/apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst?${new URLSearchParams({ serviceKey: tenant.keys.datagokr, dataType: "JSON", base_date: "20261224", base_time: "0900", nx: "60", ny: "127" }).toString()}`);
    expect(await raw.json()).toEqual({ response: { header: { resultCode: "03", resultMsg: "NO_DATA" } } });
  });

  it("answers XML when dataType is absent", async () => {
    const res = await fetch(`${env.SANDBOX_ORIGIN}/apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst?${new URLSearchParams({ serviceKey: tenant.keys.datagokr, base_date: "20261224", base_time: "0800", nx: "60", ny: "127", numOfRows: "10" }).toString()}`);
    expect(res.headers.get("content-type")).toContain("xml");
    const text = await res.text();
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain("<resultCode>00</resultCode>");
    expect(text).toContain("<dataType>XML</dataType>");
    expect(text).toContain("<category>T1H</category>");
    expect(text).toContain("<nx>60</nx>");
  });
});
