import { describe, expect, it } from "vitest";
import { candidateEdges, nameRelation, tagRelation, type ParamCheck } from "./candidates";
import type { ToolIO } from "./io";

const field = (name: string, tags: string[], type: "string" | "integer" | "number" = "string") => ({ name, type, tags, description: name, optional: false });
const param = (name: string, tags: string[], type: "string" | "integer" | "number" | "array" = "string") => ({ name, type, tags, required: true });

const routes: ToolIO = { name: "routes", kind: "upstream", provider: "tago", outputs: [field("routeid", ["bus.route_id"]), field("routeno", ["bus.route_no"])], params: [] };
const stops: ToolIO = { name: "stops", kind: "upstream", provider: "tago", outputs: [field("nodeid", ["bus.node_id"])], params: [param("cityCode", ["bus.city_code"]), param("routeId", ["bus.route_id"])] };
const npsSearch: ToolIO = { name: "nps", kind: "upstream", provider: "nps", outputs: [field("bzowrRgstNo", ["biz.b_no6"])], params: [] };
const ntsStatus: ToolIO = { name: "nts", kind: "upstream", provider: "nts", outputs: [], params: [param("b_no", ["biz.b_no10"], "array")] };

const tenDigits: ParamCheck = (_tool, _param, value) => Array.isArray(value) || (typeof value === "string" && /^\d{10}$/.test(value));

describe("candidate scoring", () => {
  it("relates tags: shared, of one family, or unrelated", () => {
    expect(tagRelation(["bus.route_id"], ["bus.route_id"]).score).toBe(1);
    expect(tagRelation(["biz.b_no6"], ["biz.b_no10"]).score).toBe(0.6);
    expect(tagRelation(["geo.utmk.x"], ["geo.tm.x"]).score).toBe(0.5);
    expect(tagRelation(["geo.wgs84.lat"], ["bus.route_id"]).score).toBe(0);
  });

  it("relates names up to case and separators", () => {
    expect(nameRelation("contentid", "contentId").score).toBe(1);
    expect(nameRelation("gpslati", "gpsLati").score).toBe(1);
    expect(nameRelation("stationName", "sidoName").score).toBe(0);
  });

  it("binds each parameter to the best field, and proposes dead ends for verification to reject", () => {
    const observed = { nps: { bzowrRgstNo: ["123456", "654321"] }, routes: { routeid: ["DJB30300052"] } };
    const edges = candidateEdges([routes, stops, npsSearch, ntsStatus], observed, tenDigits);
    const link = edges.find((e) => e.id === "routes->stops");
    expect(link?.bindings).toEqual([expect.objectContaining({ field: "routeid", param: "routeId" })]);
    expect(link?.reasons.join(" ")).toContain("shared tag bus.route_id");
    // Related tags but values that do not fit: still a candidate, with a low score and the reason.
    const deadEnd = edges.find((e) => e.id === "nps->nts");
    expect(deadEnd?.bindings[0]).toMatchObject({ field: "bzowrRgstNo", param: "b_no" });
    expect(deadEnd?.score).toBeLessThan(0.5);
    expect(edges.find((e) => e.id === "stops->routes")).toBeUndefined();
  });
});
