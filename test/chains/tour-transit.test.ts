/**
 * Tourism and transit chains end to end through the sandbox, on a tenant whose clock stands at
 * Tuesday 2026-05-12 09:07 KST (buses and trains running): every step feeds a value picked from
 * the previous answer into the next request, which must carry it and yield data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { hash32 } from "../../src/util/random";
import { DONGS, dongOf, type Dong } from "../../src/sandbox/world/regions";
import { SandboxTenant } from "../support/sandbox";

const AT = "2026-05-12T09:07:00+09:00";
const NOW = new Date(AT);

let tenant: SandboxTenant;
beforeAll(async () => {
  tenant = await SandboxTenant.create("tour-transit");
  await tenant.configure({ clock: { mode: "fixed", at: AT } });
});

/** A sample of a list chosen by a fixed seed, so the chains do not always take the first item. */
function sample<T>(list: readonly T[], seed: string, count = 1): T[] {
  if (list.length === 0) throw new Error(`nothing to sample for ${seed}`);
  const start = hash32(seed) % list.length;
  return Array.from({ length: Math.min(count, list.length) }, (_, i) => list[(start + i * 7) % list.length] as T);
}

function one<T>(list: readonly T[], seed: string): T {
  const [item] = sample(list, seed);
  if (item === undefined) throw new Error(`nothing to sample for ${seed}`);
  return item;
}

describe("tour_area_codes → tour_area_based_list → tour_detail_common → tour_detail_intro (지역코드 → 관광지 → 공통정보 → 소개정보)", () => {
  it("lists the 17 areas, each with 관광지 whose details resolve", async () => {
    const areas = await tenant.items("tour_area_codes", {}, NOW);
    expect(areas).toHaveLength(17);
    expect(areas.map((a) => a["code"])).toEqual(expect.arrayContaining([1, 6, 31, 39]));
    for (const area of sample(areas, "chain1-areas", 3)) {
      const areaCode = area["code"];
      const sights = await tenant.call("tour_area_based_list", { areaCode, contentTypeId: 12, numOfRows: 100 }, NOW);
      expect(sights.args).toMatchObject({ areaCode, contentTypeId: 12 });
      expect(sights.result.ok).toBe(true);
      expect(sights.result.items.length, `area ${String(area["name"])}`).toBeGreaterThan(0);
      for (const s of sights.result.items) expect(s).toMatchObject({ areacode: areaCode, contenttypeid: 12 });

      const sight = one(sights.result.items, `chain1-sight-${String(areaCode)}`);
      const contentId = sight["contentid"];
      const [common] = await tenant.items("tour_detail_common", { contentId }, NOW);
      expect(common).toMatchObject({ contentid: contentId, title: sight["title"], addr1: sight["addr1"], contenttypeid: 12 });
      expect(String(common?.["overview"]).length).toBeGreaterThan(20);
      expect(common?.["mapx"]).toBeCloseTo(Number(sight["mapx"]), 6);

      const [intro] = await tenant.items("tour_detail_intro", { contentId, contentTypeId: sight["contenttypeid"] }, NOW);
      expect(intro).toMatchObject({ contentid: contentId, contenttypeid: 12 });
      expect(intro?.["usetime"] ?? intro?.["restdate"]).toBeTruthy();
    }
  });

  it("has sights in every Seoul 구 by TourAPI sigungu code", async () => {
    const districts = await tenant.items("tour_area_codes", { areaCode: 1 }, NOW);
    expect(districts).toHaveLength(25);
    expect(districts.find((d) => d["code"] === 23)?.["name"]).toBe("종로구");
    for (const district of sample(districts, "chain1-gu", 4)) {
      const sights = await tenant.items("tour_area_based_list", { areaCode: 1, sigunguCode: district["code"], contentTypeId: 12 }, NOW);
      for (const s of sights) expect(String(s["addr1"])).toContain(`서울특별시 ${String(district["name"])}`);
    }
  });
});

describe("tour_area_based_list → tour_location_based_list (관광지 좌표 → 근처 관광지)", () => {
  it("finds other content around a sight, nearest first, within the radius", async () => {
    const sights = await tenant.items("tour_area_based_list", { areaCode: 6, contentTypeId: 12, numOfRows: 50 }, NOW);
    const spot = one(sights, "chain2");
    const mapX = Number(spot["mapx"]);
    const mapY = Number(spot["mapy"]);
    const near = await tenant.call("tour_location_based_list", { mapX, mapY, radius: 2000, numOfRows: 100 }, NOW);
    expect(near.args).toMatchObject({ mapX, mapY, radius: 2000, arrange: "E" });
    expect(near.result.ok).toBe(true);
    const items = near.result.items;
    expect(items.find((i) => i["contentid"] === spot["contentid"])?.["dist"]).toBeLessThan(5);
    const others = items.filter((i) => i["contentid"] !== spot["contentid"]);
    expect(others.length).toBeGreaterThan(0);
    const distances = items.map((i) => Number(i["dist"]));
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const d of distances) expect(d).toBeLessThanOrEqual(2000);
    // Restaurants sit near the sights: the nearest 음식점 is a short walk away.
    const food = await tenant.items("tour_location_based_list", { mapX, mapY, radius: 1000, contentTypeId: 39 }, NOW);
    expect(food[0]?.["contenttypeid"]).toBe(39);
  });
});

describe("tour_search_festival → tour_detail_intro (날짜 → 축제 → 기간)", () => {
  it("finds festivals running on or after any date, with dates the intro repeats", async () => {
    for (const date of ["20260115", "20260512", "20261201", "20261231"]) {
      const festivals = await tenant.items("tour_search_festival", { eventStartDate: date, numOfRows: 100 }, NOW);
      for (const fest of festivals) expect(String(fest["eventenddate"]) >= date).toBe(true);
    }
    const may = await tenant.items("tour_search_festival", { eventStartDate: "20260512", eventEndDate: "20260531" }, NOW);
    for (const fest of may) expect(String(fest["eventstartdate"]) <= "20260531").toBe(true);
    const festival = one(may, "chain-festival");
    const [intro] = await tenant.items("tour_detail_intro", { contentId: festival["contentid"], contentTypeId: 15 }, NOW);
    // The clock stands on the search date, so the intro shows the same edition.
    expect(intro).toMatchObject({ eventstartdate: festival["eventstartdate"], eventenddate: festival["eventenddate"] });
  });
});

describe("tago_city_codes → tago_route_no_list → tago_route_stops → tago_stop_arrivals (도시코드 + 노선번호 → 경유정류소 → 도착예정)", () => {
  const cases = [
    ["대전광역시", "102"],
    ["부산광역시", "139"],
    ["세종특별시", "B0"],
    ["수원시", "720-2"],
    ["제주도", "365"],
  ] as const;

  it.each(cases)("connects for %s route %s", async (cityname, routeNo) => {
    const cities = await tenant.items("tago_city_codes", {}, NOW);
    const city = cities.find((c) => c["cityname"] === cityname);
    expect(city, cityname).toBeDefined();
    const cityCode = city?.["citycode"];
    // TAGO sends citycode as a JSON number, and the tools take it back as it comes.
    expect(typeof cityCode).toBe("number");

    const routes = await tenant.items("tago_route_no_list", { cityCode, routeNo }, NOW);
    const route = routes.find((r) => r["routeno"] === routeNo);
    expect(route, JSON.stringify(routes)).toBeDefined();
    const routeId = route?.["routeid"];

    const stops = await tenant.call("tago_route_stops", { cityCode, routeId }, NOW);
    expect(stops.args).toMatchObject({ cityCode, routeId });
    expect(stops.result.ok).toBe(true);
    expect(stops.result.items.length).toBeGreaterThan(3);
    for (const s of stops.result.items) expect(s["routeid"]).toBe(routeId);
    expect(stops.result.items.map((s) => s["nodeord"])).toEqual(stops.result.items.map((_, i) => i + 1));

    const stop = one(stops.result.items, `chain3-${cityname}`);
    const nodeId = stop["nodeid"];
    const arrivals = await tenant.items("tago_stop_arrivals", { cityCode, nodeId }, NOW);
    for (const a of arrivals) expect(a).toMatchObject({ nodeid: nodeId, nodenm: stop["nodenm"] });
    expect(arrivals.map((a) => a["routeid"])).toContain(routeId);
    const times = arrivals.map((a) => Number(a["arrtime"]));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Every route announced at the stop really passes it.
    for (const otherRoute of new Set(arrivals.map((a) => a["routeid"]))) {
      const path = await tenant.items("tago_route_stops", { cityCode, routeId: otherRoute }, NOW);
      expect(path.map((s) => s["nodeid"]), String(otherRoute)).toContain(nodeId);
    }
  });
});

describe("dong centre → tago_nearby_stops → tago_stop_arrivals (좌표 → 근접정류소 → 도착예정)", () => {
  const tagoDongs: Dong[] = ["3017011200", "2635010500", "4113510300", "5011013700", "3611010700", "4128710100"].map((code) => {
    const dong = dongOf(code);
    if (!dong) throw new Error(`no dong ${code}`);
    return dong;
  });

  it.each(tagoDongs.map((d) => [d.name, d] as const))("connects for %s", async (_name, dong) => {
    const nearby = await tenant.call("tago_nearby_stops", { gpsLati: dong.center.lat, gpsLong: dong.center.lon }, NOW);
    expect(nearby.result.ok).toBe(true);
    expect(nearby.result.items.length).toBeGreaterThan(0);
    const stop = one(nearby.result.items, `chain4-${dong.code}`);
    const cityCode = stop["citycode"];
    const nodeId = stop["nodeid"];
    expect(String(cityCode)).toMatch(/^\d{2,5}$/);

    const arrivals = await tenant.call("tago_stop_arrivals", { cityCode, nodeId }, NOW);
    expect(arrivals.args).toMatchObject({ cityCode, nodeId });
    expect(arrivals.result.ok).toBe(true);
    expect(arrivals.result.items.length).toBeGreaterThan(0);
    for (const a of arrivals.result.items) expect(a["nodeid"]).toBe(nodeId);
  });

  it("finds a stop within 500 m of every dong of the TAGO cities", async () => {
    const tagoDistricts = ["30170", "26350", "27260", "28185", "28260", "36110", "41117", "41135", "41285", "41287", "50110"];
    for (const dong of DONGS.filter((d) => tagoDistricts.includes(d.sigungu))) {
      const nearby = await tenant.items("tago_nearby_stops", { gpsLati: dong.center.lat, gpsLong: dong.center.lon }, NOW);
      expect(nearby.length, dong.name).toBeGreaterThan(0);
    }
  });

  it("has no stops in Seoul, which TAGO does not cover", async () => {
    const seoul = await tenant.call("tago_nearby_stops", { gpsLati: 37.5665, gpsLong: 126.978 }, NOW);
    expect(seoul.result).toMatchObject({ ok: true, items: [], totalCount: 0 });
  });
});

describe("seoul_subway_station_search → seoul_subway_arrivals (역명 검색 → 실시간 도착)", () => {
  const SUBWAY_ID: Record<string, string> = {
    "01호선": "1001", "02호선": "1002", "03호선": "1003", "04호선": "1004", "05호선": "1005", "06호선": "1006", "07호선": "1007",
    "08호선": "1008", "09호선": "1009", 경의선: "1063", 공항철도: "1065", 수인분당선: "1075", 신분당선: "1077",
  };

  it.each(["강남", "서울", "왕십리", "잠실", "홍대입구"])("connects for %s", async (query) => {
    const found = await tenant.items("seoul_subway_station_search", { STATION_NM: query }, NOW);
    for (const s of found) expect(String(s["STATION_NM"])).toContain(query);
    const station = one(found, `chain5-${query}`);
    const statnNm = station["STATION_NM"];
    const lines = found.filter((s) => s["STATION_NM"] === statnNm).map((s) => SUBWAY_ID[String(s["LINE_NUM"])]);

    const arrivals = await tenant.call("seoul_subway_arrivals", { statnNm }, NOW);
    expect(arrivals.args).toMatchObject({ statnNm });
    expect(arrivals.result.ok).toBe(true);
    const trains = arrivals.result.items;
    expect(trains.length).toBeGreaterThan(0);
    for (const t of trains) {
      expect(t["statnNm"]).toBe(statnNm);
      expect(t["barvlDt"]).toBeGreaterThanOrEqual(0);
      expect(String(t["trainLineNm"])).toMatch(/^.+행 - .+방면$/);
    }
    expect(new Set(trains.map((t) => t["subwayId"]))).toEqual(new Set(lines));
  });
});
