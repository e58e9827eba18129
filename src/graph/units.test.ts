import { describe, expect, it } from "vitest";
import type { Binding } from "./io";
import type { ParamInfo, ToolIO } from "./io";
import { planEdge, unitName } from "./units";

const param = (name: string, tags: string[], required = false, schema: Record<string, unknown> = { type: "string" }): ParamInfo => ({ name, type: "string", tags, required, schema });
const bind = (field: string, p: string, score = 1): Binding => ({ field, param: p, score, reasons: [] });
const tool = (name: string, params: ParamInfo[]): ToolIO => ({ name, kind: "upstream", provider: "x", outputs: [], params });

describe("units of bindings", () => {
  const pharmacies = tool("pharmacies", [
    param("sidoCd", ["hira.sido_cd6"]),
    param("sgguCd", ["hira.sggu_cd6"]),
    param("yadmNm", ["hira.name"]),
    param("xPos", ["geo.wgs84.lon"]),
    param("yPos", ["geo.wgs84.lat"]),
    param("radius", ["geo.radius_m"]),
    param("clCd", ["hira.cl_cd"]),
  ]);

  it("tries each group of a search's filters on its own, the record's position first, never a lone category", () => {
    const hospital = tool("hospitals", []);
    const plan = planEdge(hospital, pharmacies, [bind("sidoCd", "sidoCd"), bind("sgguCd", "sgguCd"), bind("yadmNm", "yadmNm"), bind("XPos", "xPos"), bind("YPos", "yPos"), bind("clCd", "clCd")]);
    expect(plan?.core).toBeNull();
    expect(plan?.units.map(unitName)).toEqual(["XPos→xPos, YPos→yPos", "sidoCd→sidoCd, sgguCd→sgguCd", "yadmNm→yadmNm"]);
  });

  it("carries the target's required keys as one core, and its times from its own example", () => {
    const forecast = tool("forecast", [param("base_date", ["kma.base_date", "date.yyyymmdd"], true), param("base_time", ["kma.base_time", "time.hhmm"], true), param("nx", ["kma.grid.nx"], true), param("ny", ["kma.grid.ny"], true)]);
    const plan = planEdge(tool("observations", []), forecast, [bind("baseDate", "base_date"), bind("baseTime", "base_time"), bind("nx", "nx"), bind("ny", "ny")]);
    expect(plan?.core && unitName(plan.core)).toBe("nx→nx, ny→ny");
    expect(plan?.units).toEqual([]);
  });

  it("makes no link when a required key is neither bound nor carried from the source's own call", () => {
    const search = tool("search", [param("keyword", [], true), param("areaCode", ["tour.area_code"])]);
    expect(planEdge(tool("places", []), search, [bind("areacode", "areaCode")])).toBeNull();
    const stops = tool("stops", [param("cityCode", ["bus.city_code"], true), param("routeId", ["bus.route_id"], true)]);
    expect(planEdge(tool("routes", [param("cityCode", ["bus.city_code"], true)]), stops, [bind("routeid", "routeId")])?.core).not.toBeNull();
    expect(planEdge(tool("routes", []), stops, [bind("routeid", "routeId")])).toBeNull();
  });

  it("splits bindings that read one field twice into alternatives", () => {
    const list = tool("list", [param("areaCode", ["tour.area_code"]), param("sigunguCode", ["tour.sigungu_code"])]);
    const plan = planEdge(tool("codes", []), list, [bind("code", "areaCode"), bind("code", "sigunguCode")]);
    expect(plan?.units.map(unitName)).toEqual(["code→areaCode", "code→sigunguCode"]);
  });
});
