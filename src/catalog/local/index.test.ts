import { describe, expect, it } from "vitest";
import { LOCAL_TOOLS } from ".";

const tool = (name: string) => {
  const found = LOCAL_TOOLS.find((t) => t.name === name);
  if (!found) throw new Error(name);
  return found;
};
const now = new Date("2026-11-29T05:41:00Z"); // 14:41 KST

describe("local utility tools", () => {
  it("puts Seoul City Hall in KMA grid cell (60, 127)", () => {
    expect(tool("kma_grid_from_wgs84").run({ lat: 37.5665, lon: 126.978 }, now)).toEqual([{ nx: 60, ny: 127 }]);
  });

  it("gives the mid-term forecast codes of the nearest city, its land region and office", () => {
    const region = tool("kma_mid_region_from_wgs84");
    // 해운대: 부산, 부산·울산·경상남도, 부산지방기상청.
    expect(region.run({ lat: 35.1587, lon: 129.1604 }, now)).toEqual([{ cityRegId: "11H20201", cityName: "부산", landRegId: "11H20000", landName: "부산·울산·경상남도", stnId: "159", distanceKm: 8.1 }]);
    // 속초 is nearer 강릉 than 춘천: the east coast of 강원 is 영동, not 영서.
    expect(region.run({ lat: 38.207, lon: 128.5918 }, now)[0]).toMatchObject({ cityRegId: "11D20501", landRegId: "11D20000", stnId: "105" });
    // 분당 goes to 성남, in the Seoul·Incheon·Gyeonggi region.
    expect(region.run({ lat: 37.3826, lon: 127.1189 }, now)[0]).toMatchObject({ cityRegId: "11B20605", landRegId: "11B00000", stnId: "109" });
  });

  it("round-trips UTM-K and WGS84", () => {
    const [utmk] = tool("wgs84_to_utmk").run({ lat: 37.5665, lon: 126.978 }, now);
    expect(utmk?.["entX"]).toBeCloseTo(953901, -1);
    expect(utmk?.["entY"]).toBeCloseTo(1952032, -1);
    const [back] = tool("utmk_to_wgs84").run({ entX: utmk?.["entX"], entY: utmk?.["entY"] }, now);
    expect(back?.["lat"]).toBeCloseTo(37.5665, 5);
    expect(back?.["lon"]).toBeCloseTo(126.978, 5);
  });

  it("round-trips AirKorea TM and WGS84", () => {
    const [tm] = tool("wgs84_to_airkorea_tm").run({ lat: 37.5665, lon: 126.978 }, now);
    expect(tm?.["tmX"]).toBeGreaterThan(190_000);
    expect(tm?.["tmX"]).toBeLessThan(205_000);
    const [back] = tool("airkorea_tm_to_wgs84").run({ tmX: tm?.["tmX"], tmY: tm?.["tmY"] }, now);
    expect(back?.["lat"]).toBeCloseTo(37.5665, 5);
  });

  it("gives the latest published KMA base times", () => {
    const base = tool("kma_base_time");
    expect(base.run({ product: "ncst" }, now)).toEqual([{ base_date: "20261129", base_time: "1400" }]);
    expect(base.run({ product: "ultra_fcst" }, now)).toEqual([{ base_date: "20261129", base_time: "1330" }]);
    expect(base.run({ product: "vilage_fcst" }, now)).toEqual([{ base_date: "20261129", base_time: "1400" }]);
    expect(base.run({ product: "ncst", at: "2026-12-24T09:39:00+09:00" }, now)).toEqual([{ base_date: "20261224", base_time: "0800" }]);
    expect(base.run({ product: "vilage_fcst", at: "2027-01-01T02:05:00+09:00" }, now)).toEqual([{ base_date: "20261231", base_time: "2300" }]);
  });

  it("splits a 법정동 code into its 시도, 시군구 and dong parts", () => {
    expect(tool("sigungu_code_from_bjd").run({ bjd_code: "1168010100" }, now)).toEqual([{ sido_cd: "11", lawd_cd: "11680", bjdong_cd: "10100", emd_cd8: "11680101" }]);
  });
});
