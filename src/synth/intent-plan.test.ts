/** Intent plans: routes start from a named subject and take the shortest meaningful way to the facts. */
import { describe, expect, it } from "vitest";
import { IntentSampler, providerRarity, routeKey, routesOver } from "./intent-plan";
import type { GraphEdge, Usage } from "./plan";
import { toolIntent } from "../catalog/intents";

const edge = (from: string, to: string, bindings: [string, string][]): GraphEdge => ({ id: `${from}->${to}`, from, to, bindings: bindings.map(([field, param]) => ({ field, param })) });

const EDGES = [
  edge("tour_search_keyword", "kma_grid_from_wgs84", [["mapy", "lat"], ["mapx", "lon"]]),
  edge("kma_grid_from_wgs84", "kma_ultra_srt_ncst", [["nx", "nx"], ["ny", "ny"]]),
  edge("tour_search_keyword", "hira_pharmacies", [["mapx", "xPos"], ["mapy", "yPos"]]),
  edge("hira_hospitals", "hira_hospital_detail", [["ykiho", "ykiho"]]),
  // No intent gives this hop a meaning: no route may use it.
  edge("kma_ultra_srt_ncst", "kma_earthquakes", [["baseDate", "fromTmFc"]]),
];

const usage = (): Usage => ({ edges: new Map(), kept: new Map(), tools: new Map(), seen: new Map() });

describe("intent routes and plans", () => {
  it("go from a named place to its weather through its grid, and never through a hop without meaning", () => {
    const keys = routesOver(EDGES).map(routeKey);
    expect(keys).toContain("tour_search_keyword>kma_grid_from_wgs84>kma_ultra_srt_ncst:temperature");
    expect(keys.some((k) => k.includes("kma_earthquakes"))).toBe(false);
  });

  it("start with a search by the stated name, fed by a seed call that is not part of the dialogue", () => {
    const sampler = new IntentSampler({ edges: EDGES, usage: usage(), seed: "t" });
    const plan = sampler.sample("sequential");
    expect(plan).not.toBeNull();
    const [seed, first] = plan?.steps ?? [];
    expect(seed?.seed).toBe(true);
    const find = Object.values(first?.args ?? {});
    expect(find).toContainEqual(expect.objectContaining({ from: "step", step: seed?.id }));
    expect(plan?.intent?.entities["0"]).toBe(first?.id);
  });

  it("draw more on the tools the operator brought (their own definitions are what the run is for)", () => {
    // The first plan of each of many samplers: picked in proportion to the routes' weights.
    const share = (prefer?: ReadonlySet<string>) => {
      let through = 0;
      for (let run = 0; run < 600; run++) {
        const plan = new IntentSampler({ edges: EDGES, usage: usage(), seed: `prefer-${run}`, ...(prefer ? { prefer } : {}) }).sample("sequential");
        if (plan?.steps.some((s) => s.tool === "hira_pharmacies")) through++;
      }
      return through / 600;
    };
    expect(share(new Set(["hira_pharmacies"]))).toBeGreaterThan(share() * 1.4);
  });

  it("walk a link out of a tool another ask calls anyway, but only beside that ask, in a fan-out", () => {
    const edges = [
      ...EDGES,
      edge("tour_search_keyword", "tour_detail_common", [["contentid", "contentId"]]),
      edge("tour_detail_common", "kma_grid_from_wgs84", [["mapy", "lat"], ["mapx", "lon"]]),
    ];
    const via = routesOver(edges).filter((r) => r.after !== undefined);
    // The overview's own coordinates lead to the weather: the link the shortest route leaves unwalked.
    expect(via.map(routeKey)).toContain("tour_search_keyword>tour_detail_common>kma_grid_from_wgs84>kma_ultra_srt_ncst:temperature");
    expect(via.every((r) => r.after === "tour_search_keyword>tour_detail_common")).toBe(true);
    const viaKeys = new Set(via.map(routeKey));
    let fanOuts = 0;
    for (let run = 0; run < 60; run++) {
      const sampler = new IntentSampler({ edges, usage: usage(), seed: `via-${run}` });
      // Alone, a route through the overview would call it for nothing.
      for (const shape of ["sequential", "parallel", "comparison", "reduction", "conditional"] as const) {
        expect(sampler.sample(shape)?.routes?.some((k) => viaKeys.has(k)) ?? false, shape).toBe(false);
      }
      const plan = sampler.sample("fan_out");
      if (!plan?.routes?.some((k) => viaKeys.has(k))) continue;
      fanOuts++;
      // The overview is asked first and called once; the weather goes on from that call.
      expect(plan.routes?.[0]).toMatch(/^tour_search_keyword>tour_detail_common:/);
      const detail = plan.steps.filter((s) => s.tool === "tour_detail_common");
      expect(detail).toHaveLength(1);
      const grid = plan.steps.find((s) => s.tool === "kma_grid_from_wgs84");
      expect(grid?.args["lat"]).toMatchObject({ from: "step", step: detail[0]?.id });
    }
    expect(fanOuts).toBeGreaterThan(0);
  });

  it("make a conditional retry the near search wider only when the narrow one is empty", () => {
    const sampler = new IntentSampler({ edges: EDGES, usage: usage(), seed: "c" });
    const plan = sampler.sample("conditional");
    const [first, then] = plan?.steps.filter((s) => s.tool === "hira_pharmacies") ?? [];
    expect(first?.args["radius"]).toEqual({ from: "default", value: 300 });
    expect(then?.args["radius"]).toEqual({ from: "default", value: 1000 });
    expect(then?.when).toEqual({ step: first?.id, test: "empty" });
  });

  it("keep what a hop states over a binding into the same parameter: restaurants near a museum, not more museums", () => {
    const near = edge("tour_search_keyword", "tour_location_based_list", [["mapx", "mapX"], ["mapy", "mapY"], ["contenttypeid", "contentTypeId"]]);
    const sampler = new IntentSampler({ edges: [near], usage: usage(), seed: "r" });
    const plan = sampler.sample("conditional");
    const searches = plan?.steps.filter((s) => s.tool === "tour_location_based_list") ?? [];
    expect(searches).toHaveLength(2);
    for (const s of searches) {
      expect(s.args["contentTypeId"]).toEqual({ from: "default", value: 39 });
      expect(s.args["mapX"]).toMatchObject({ from: "step", field: "mapx" });
    }
  });

  it("derive meanings for links nobody wrote, but never weather at a clinic, nor a count of what lies past a nearby thing", () => {
    const edges = [
      edge("hira_hospitals", "kma_grid_from_wgs84", [["YPos", "lat"], ["XPos", "lon"]]),
      edge("kma_grid_from_wgs84", "kma_ultra_srt_ncst", [["nx", "nx"], ["ny", "ny"]]),
      edge("tour_search_keyword", "hira_hospitals", [["mapx", "xPos"], ["mapy", "yPos"]]),
      edge("hira_hospitals", "hira_hospital_departments", [["ykiho", "ykiho"]]),
      edge("tour_search_keyword", "tour_detail_common", [["contentid", "contentId"]]),
    ];
    const routes = routesOver(edges);
    const keys = routes.map(routeKey);
    // The place's own address and phone, through a link whose meaning is derived (a content id is the place itself).
    expect(keys.some((k) => k.startsWith("tour_search_keyword>tour_detail_common:"))).toBe(true);
    // Its address is not asked there: the search by name already returned it.
    expect(keys.filter((k) => k.startsWith("tour_search_keyword>tour_detail_common:f_addr1"))).toEqual([]);
    // The nearest hospital within a stated radius, then its departments: derived near, written same.
    expect(keys.some((k) => k.startsWith("tour_search_keyword>hira_hospitals>hira_hospital_departments:"))).toBe(true);
    expect(keys.filter((k) => k.startsWith("hira_hospitals>kma_grid_from_wgs84"))).toEqual([]);
    expect(routes.filter((r) => r.kind === "aggregate" && r.hops.length === 2 && r.entry === "tour_search_keyword").map(routeKey)).toEqual([]);
  });

  it("ask nothing of a nearby thing the request does not name (the air station standing for a 동네)", () => {
    const edges = [
      edge("airkorea_tm_coords", "airkorea_nearby_stations", [["tmX", "tmX"], ["tmY", "tmY"]]),
      edge("airkorea_nearby_stations", "juso_search", [["addr", "keyword"]]),
    ];
    expect(routesOver(edges).map(routeKey).filter((k) => k.startsWith("airkorea_tm_coords>airkorea_nearby_stations>juso_search"))).toEqual([]);
  });

  it("find a pharmacy by its name, and ask a nearest-first search only about what is near something", () => {
    const edges = [
      edge("hira_pharmacies", "hira_hospital_detail", [["ykiho", "ykiho"]]),
      edge("tour_search_keyword", "hira_pharmacies", [["mapx", "xPos"], ["mapy", "yPos"]]),
    ];
    const keys = routesOver(edges).map(routeKey);
    expect(keys).toContain("hira_pharmacies>hira_hospital_detail:parking");
    expect(keys).toContain("tour_search_keyword>hira_pharmacies:nearest");
    // Found by name, the pharmacy is near nothing: "the nearest pharmacy" and "pharmacies within 1km" mean nothing there.
    expect(keys.filter((k) => k.startsWith("hira_pharmacies:"))).toEqual([]);
  });

  it("read a content id passed with its content type as the place itself: the nearest restaurant's hours", () => {
    const edges = [
      edge("tour_search_keyword", "tour_location_based_list", [["mapx", "mapX"], ["mapy", "mapY"]]),
      edge("tour_location_based_list", "tour_detail_intro", [["contentid", "contentId"], ["contenttypeid", "contentTypeId"]]),
    ];
    expect(routesOver(edges).map(routeKey)).toContain("tour_search_keyword>tour_location_based_list>tour_detail_intro:hours");
    // A category alone names no record: a link carrying only a content type means nothing.
    const typeOnly = [edges[0] as GraphEdge, edge("tour_location_based_list", "tour_detail_intro", [["contenttypeid", "contentTypeId"]])];
    expect(routesOver(typeOnly).map(routeKey).filter((k) => k.includes("tour_detail_intro"))).toEqual([]);
  });

  it("name a festival as one running today: its weather now, its venue and fee, never a forecast it may not last to", () => {
    const edges = [
      edge("tour_search_festival", "kma_grid_from_wgs84", [["mapy", "lat"], ["mapx", "lon"]]),
      edge("kma_grid_from_wgs84", "kma_ultra_srt_ncst", [["nx", "nx"], ["ny", "ny"]]),
      edge("tour_search_festival", "kma_mid_region_from_wgs84", [["mapy", "lat"], ["mapx", "lon"]]),
      edge("kma_mid_region_from_wgs84", "kma_mid_ta", [["regId", "regId"]]),
      edge("tour_search_festival", "tour_detail_intro", [["contentid", "contentId"], ["contenttypeid", "contentTypeId"]]),
      edge("tour_search_keyword", "tour_detail_intro", [["contentid", "contentId"], ["contenttypeid", "contentTypeId"]]),
    ];
    const keys = routesOver(edges).map(routeKey);
    expect(keys).toContain("tour_search_festival>kma_grid_from_wgs84>kma_ultra_srt_ncst:temperature");
    expect(keys.filter((k) => k.startsWith("tour_search_festival>kma_mid_region_from_wgs84"))).toEqual([]);
    // A festival has a venue, hours of its own and a fee, and no day off; a sight has no venue.
    expect(keys.filter((k) => k.startsWith("tour_search_festival>tour_detail_intro:")).sort()).toEqual(["tour_search_festival>tour_detail_intro:fee", "tour_search_festival>tour_detail_intro:festival"]);
    expect(keys.filter((k) => k.startsWith("tour_search_keyword>tour_detail_intro:"))).toEqual(["tour_search_keyword>tour_detail_intro:hours"]);
    // Nothing but the request tells a reader to look in today's list: it says the festival is on.
    expect(toolIntent("tour_search_festival")?.find?.refer.every((r) => /오늘|진행 중|요즘|이번에/.test(r) && !/지금/.test(r))).toBe(true);
    // Today's festival list is read whole, its dates read off the example's clock.
    const plan = new IntentSampler({ edges, usage: usage(), seed: "festival" }).sample("sequential");
    const listing = plan?.steps.find((s) => s.tool === "tour_search_festival" && !s.seed);
    expect(listing?.args["eventStartDate"]).toEqual({ from: "time", token: "date.today" });
    expect(listing?.args["eventEndDate"]).toEqual({ from: "time", token: "date.today" });
  });

  it("count the bus stops within TAGO's 500 m of any place, and name none of them the nearest", () => {
    const edges = [
      edge("tour_search_keyword", "tago_nearby_stops", [["mapy", "gpsLati"], ["mapx", "gpsLong"]]),
      edge("tour_search_festival", "tago_nearby_stops", [["mapy", "gpsLati"], ["mapx", "gpsLong"]]),
    ];
    const routes = routesOver(edges).filter((r) => r.hops.length > 0);
    expect(routes.map(routeKey).sort()).toEqual(["tour_search_festival>tago_nearby_stops:count", "tour_search_keyword>tago_nearby_stops:count"]);
    expect(routes.every((r) => r.kind === "aggregate")).toBe(true);
  });

  it("weigh a route through providers few kept examples show above one through providers many show", () => {
    const routes = routesOver(EDGES);
    const key = (prefix: string) => routes.map(routeKey).find((k) => k.startsWith(prefix)) ?? "";
    const weather = routes.find((r) => routeKey(r) === key("tour_search_keyword>kma_grid_from_wgs84>kma_ultra_srt_ncst:temperature"));
    const pharmacy = routes.find((r) => routeKey(r) === key("tour_search_keyword>hira_pharmacies:nearest"));
    const parking = routes.find((r) => routeKey(r) === key("hira_hospitals>hira_hospital_detail:parking"));
    if (!weather || !pharmacy || !parking) throw new Error("routes missing");
    // Nothing kept yet: every route weighs the same.
    const none = providerRarity(routes, new Map());
    expect(new Set([weather, pharmacy, parking].map(none))).toEqual(new Set([1]));
    // Twenty examples asked the weather at a place: HIRA's hospital detail and pharmacy search, which
    // no example shows, now weigh more than another weather route from the same search.
    const rarity = providerRarity(routes, new Map([[routeKey(weather), 20]]));
    expect(rarity(parking)).toBeGreaterThan(rarity(weather));
    expect(rarity(pharmacy)).toBeGreaterThan(rarity(weather));
    expect(rarity(pharmacy)).toBe(rarity(parking));
  });
});
