import { describe, expect, it } from "vitest";
import { TAGS } from "../catalog/tags";
import { CATALOG } from "../catalog";
import { outputFields } from "../catalog/spec";
import { candidateEdges, nameRelation, tagRelation, type ParamCheck } from "./candidates";
import { zodParamCheck } from "./engine";
import { catalogIO, type ParamInfo, type ToolIO } from "./io";

const field = (name: string, tags: string[], type: "string" | "integer" | "number" = "string") => ({ name, type, tags, description: name, optional: false });
const param = (name: string, tags: string[], type: "string" | "integer" | "number" | "array" = "string", required = true): ParamInfo => ({ name, type, tags, required, schema: { type } });
const tool = (name: string, outputs: ReturnType<typeof field>[], params: ParamInfo[], kind: "upstream" | "local" = "upstream"): ToolIO => ({ name, kind, provider: kind === "local" ? null : "x", outputs, params });

const routes = tool("routes", [field("routeid", ["bus.route_id"]), field("routeno", ["bus.route_no"])], []);
const stops = tool("stops", [field("nodeid", ["bus.node_id"])], [param("cityCode", ["bus.city_code"]), param("routeId", ["bus.route_id"])]);
const routesInCity = tool("routes_in_city", [field("routeid", ["bus.route_id"])], [param("cityCode", ["bus.city_code"])]);
const npsSearch = tool("nps", [field("bzowrRgstNo", ["biz.b_no6"])], []);
const ntsStatus = tool("nts", [], [param("b_no", ["biz.b_no10"], "array")]);

const tenDigits: ParamCheck = (_tool, _param, value) => Array.isArray(value) || (typeof value === "string" && /^\d{10}$/.test(value));
const any: ParamCheck = () => true;

describe("candidate scoring", () => {
  it("relates tags: shared, of one family, or unrelated", () => {
    expect(tagRelation(["bus.route_id"], ["bus.route_id"]).score).toBe(1);
    expect(tagRelation(["biz.b_no6"], ["biz.b_no10"]).score).toBe(0.6);
    expect(tagRelation(["geo.utmk.x"], ["geo.tm.x"]).score).toBe(0.5);
    expect(tagRelation(["geo.wgs84.lat"], ["bus.route_id"]).score).toBe(0);
  });

  it("never relates values by their format alone, only by what they mean", () => {
    expect(tagRelation(["date.yyyymmdd"], ["date.yyyymmdd"]).score).toBe(0);
    expect(tagRelation(["hira.hours", "time.hhmm"], ["kma.base_time", "time.hhmm"]).score).toBe(0);
    expect(tagRelation(["date.holiday", "date.yyyymmdd"], ["date.event", "date.holiday", "date.yyyymmdd"])).toEqual({ score: 1, reason: "shared tag date.holiday" });
  });

  it("relates names up to case and separators", () => {
    expect(nameRelation("contentid", "contentId").score).toBe(1);
    expect(nameRelation("gpslati", "gpsLati").score).toBe(1);
    expect(nameRelation("stationName", "sidoName").score).toBe(0);
  });

  it("binds each parameter to the best field, and proposes dead ends for verification to reject", () => {
    const observed = { nps: { bzowrRgstNo: ["123456", "654321"] }, routes: { routeid: ["DJB30300052"] } };
    const edges = candidateEdges([routes, stops, routesInCity, npsSearch, ntsStatus], observed, tenDigits);
    const link = edges.find((e) => e.id === "routes_in_city->stops");
    expect(link?.bindings).toEqual([expect.objectContaining({ field: "routeid", param: "routeId" })]);
    expect(link?.reasons.join(" ")).toContain("shared tag bus.route_id");
    // Related tags but values that do not fit: still a candidate, with a low score and the reason.
    const deadEnd = edges.find((e) => e.id === "nps->nts");
    expect(deadEnd?.bindings[0]).toMatchObject({ field: "bzowrRgstNo", param: "b_no" });
    expect(deadEnd?.score).toBeLessThan(0.5);
    expect(edges.find((e) => e.id === "stops->routes")).toBeUndefined();
  });

  it("proposes no edge whose required key must come from the target's example instead of the source", () => {
    // routes has no city code to carry on: stops would be asked with the example's city.
    const edges = candidateEdges([routes, stops, routesInCity], {}, any);
    expect(edges.find((e) => e.id === "routes->stops")).toBeUndefined();
    expect(edges.find((e) => e.id === "routes_in_city->stops")).toBeDefined();
  });

  it("proposes no edge on a shared date format, a lone category, or a converter's round trip", () => {
    const permits = tool("permits", [field("permitDate", ["date.issued", "date.yyyymmdd"]), field("kind", ["tour.content_type_id"])], []);
    const festivals = tool("festivals", [], [param("eventStartDate", ["date.event", "date.holiday", "date.yyyymmdd"]), param("contentTypeId", ["tour.content_type_id"], "integer", false)]);
    const holidays = tool("holidays", [field("locdate", ["date.holiday", "date.yyyymmdd"])], []);
    const toUtmk = tool("to_utmk", [field("entX", ["geo.utmk.x"]), field("entY", ["geo.utmk.y"])], [param("lat", ["geo.wgs84.lat"], "number"), param("lon", ["geo.wgs84.lon"], "number")], "local");
    const toWgs = tool("to_wgs", [field("lat", ["geo.wgs84.lat"]), field("lon", ["geo.wgs84.lon"])], [param("entX", ["geo.utmk.x"], "number"), param("entY", ["geo.utmk.y"], "number")], "local");
    const edges = candidateEdges([permits, festivals, holidays, toUtmk, toWgs], {}, any);
    expect(edges.find((e) => e.id === "permits->festivals")).toBeUndefined();
    expect(edges.find((e) => e.id === "holidays->festivals")?.bindings).toEqual([expect.objectContaining({ field: "locdate", param: "eventStartDate" })]);
    expect(edges.find((e) => e.id === "to_utmk->to_wgs")).toBeUndefined();
  });

  it("never anchors a catalog edge on format tags alone", () => {
    const io = catalogIO();
    const byName = new Map(io.map((t) => [t.name, t]));
    const formatOnly = candidateEdges(io, {}, zodParamCheck).flatMap((e) =>
      e.bindings
        .filter((b) => {
          const f = byName.get(e.from)?.outputs.find((o) => o.name === b.field);
          const p = byName.get(e.to)?.params.find((x) => x.name === b.param);
          const meaningful = (tags: readonly string[]) => tags.filter((t) => TAGS[t]?.kind !== "format");
          const shared = meaningful(f?.tags ?? []).some((t) => meaningful(p?.tags ?? []).includes(t));
          return !shared && b.reasons.every((r) => !r.startsWith("same name") && !r.startsWith("similar names") && !r.startsWith("related tags"));
        })
        .map((b) => `${e.id}: ${b.field}→${b.param}`),
    );
    expect(formatOnly).toEqual([]);
  });
});

describe("the tag vocabulary", () => {
  it("lists every tag the catalog uses, and uses every tag it lists", () => {
    const used = new Set<string>();
    for (const t of catalogIO()) for (const p of t.params) for (const tag of p.tags) used.add(tag);
    for (const t of CATALOG.values()) for (const f of outputFields(t)) for (const tag of f.tags) used.add(tag);
    expect([...used].filter((t) => !(t in TAGS)).sort()).toEqual([]);
    expect(Object.keys(TAGS).filter((t) => !used.has(t)).sort()).toEqual([]);
  });
});
