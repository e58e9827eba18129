/**
 * Chains whose steps cross providers and local utility tools: an address becomes weather through
 * juso → UTM-K → WGS84 → KMA grid; a tourist spot's position finds buses (TourAPI → TAGO) and the
 * nearest pharmacy (TourAPI → HIRA); a 법정동 from juso finds apartment complexes (juso → K-apt).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SandboxTenant } from "../support/sandbox";

let tenant: SandboxTenant;
const NOW = "2026-12-24T09:00:00+09:00";

beforeAll(async () => {
  tenant = await SandboxTenant.create("chain-cross");
  await tenant.configure({ clock: { mode: "fixed", at: NOW } });
});

const one = (items: Record<string, unknown>[], index = 0): Record<string, unknown> => {
  const item = items[Math.min(index, items.length - 1)];
  if (!item) throw new Error("no item");
  return item;
};

describe("주소 → 좌표 → 기상청 격자 → 초단기실황", () => {
  it.each(["세종대로 110", "테헤란로 152", "정부세종청사"])("carries %s to the current observation", async (keyword) => {
    const found = one(await tenant.items("juso_search", { keyword }));
    const coords = one(
      await tenant.items("juso_coordinates", {
        admCd: found["admCd"],
        rnMgtSn: found["rnMgtSn"],
        udrtYn: found["udrtYn"],
        buldMnnm: found["buldMnnm"],
        buldSlno: found["buldSlno"],
      }),
    );
    const position = one(await tenant.items("utmk_to_wgs84", { entX: Number(coords["entX"]), entY: Number(coords["entY"]) }));
    const grid = one(await tenant.items("kma_grid_from_wgs84", { lat: position["lat"], lon: position["lon"] }));
    const base = one(await tenant.items("kma_base_time", { product: "ncst", at: NOW }));
    const observation = await tenant.items("kma_ultra_srt_ncst", { base_date: base["base_date"], base_time: base["base_time"], nx: grid["nx"], ny: grid["ny"], numOfRows: 100 });
    expect(observation.every((row) => row["nx"] === grid["nx"] && row["ny"] === grid["ny"])).toBe(true);
    expect(observation.find((row) => row["category"] === "T1H")?.["obsrValue"]).toMatch(/^-?\d+(\.\d+)?$/);
  });
});

describe("관광지 좌표 → 근처 버스정류소 → 도착 정보 (TourAPI → TAGO)", () => {
  it("finds buses near a Busan beach", async () => {
    const spot = one(await tenant.items("tour_search_keyword", { keyword: "해운대" }));
    const stops = await tenant.items("tago_nearby_stops", { gpsLati: spot["mapy"], gpsLong: spot["mapx"] });
    const stop = one(stops, 1);
    const arrivals = await tenant.items("tago_stop_arrivals", { cityCode: stop["citycode"], nodeId: stop["nodeid"] });
    expect(arrivals.every((a) => a["nodeid"] === stop["nodeid"])).toBe(true);
    expect(Number(arrivals[0]?.["arrtime"])).toBeGreaterThan(0);
  });
});

describe("관광지 좌표 → 가까운 약국 (TourAPI → HIRA)", () => {
  it("lists pharmacies around 경복궁 by distance", async () => {
    const palace = (await tenant.items("tour_search_keyword", { keyword: "경복궁" })).find((i) => String(i["title"]).includes("경복궁"));
    expect(palace).toBeDefined();
    const pharmacies = await tenant.items("hira_pharmacies", { xPos: palace?.["mapx"], yPos: palace?.["mapy"], radius: 1500 });
    const distances = pharmacies.map((p) => Number(p["distance"]));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(1500);
  });
});

describe("주소 → 법정동코드 → 공동주택 단지 (juso → K-apt)", () => {
  it("finds the complexes of the 법정동 an address lies in", async () => {
    const found = one(await tenant.items("juso_search", { keyword: "올림픽로 300" }));
    const complexes = await tenant.items("apt_complex_list", { bjdCode: found["admCd"] });
    expect(complexes.every((c) => c["bjdCode"] === found["admCd"])).toBe(true);
    const info = one(await tenant.items("apt_complex_info", { kaptCode: one(complexes)["kaptCode"] }));
    expect(info["kaptName"]).toBe(one(complexes)["kaptName"]);
  });
});
