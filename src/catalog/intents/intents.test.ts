/** The intent data is sound against the catalog, and covers every tool a synthesis route uses. */
import { describe, expect, it } from "vitest";
import { HOP_INTENTS, intentProblems, TOOL_INTENTS, toolIntentSchema } from ".";
import { routesOver } from "../../synth/intent-plan";
import { toolIO } from "../../graph/io";
import { CATALOG } from "..";

function fail(tool: string): never {
  throw new Error(`${tool} is not catalogued`);
}

describe("tool intents", () => {
  it("name real parameters and output fields of catalogued tools", () => {
    expect(intentProblems(Object.fromEntries(TOOL_INTENTS), HOP_INTENTS)).toEqual([]);
  });

  it("report a fact that reads a field the tool does not answer", () => {
    const broken = toolIntentSchema.parse({ subject: "place", noun: "곳", asks: [{ id: "x", say: ["아무거나", "무엇이든"], facts: [{ fields: ["noSuchField"], name: "없는 값" }] }] });
    expect(intentProblems({ tour_detail_intro: broken }, [])).toEqual(["tour_detail_intro.x: noSuchField is not an output field"]);
  });

  it("cover every tool of every route, and every hop joins two tools with intents", () => {
    // Each hop as a verified edge binding every required parameter of its target.
    const required = (tool: string) => toolIO(CATALOG.get(tool) ?? fail(tool)).params.filter((p) => p.required).map((p) => ({ field: p.name, param: p.name }));
    const edges = HOP_INTENTS.map((h, i) => ({ id: `e${i}`, from: h.from, to: h.to, bindings: required(h.to) }));
    const routes = routesOver(edges);
    const used = new Set(routes.flatMap((r) => [r.entry, ...r.hops.map((h) => h.hop.to)]));
    for (const tool of used) expect(TOOL_INTENTS.has(tool), tool).toBe(true);
    expect(routes.length).toBeGreaterThan(40);
    expect(used.size).toBe(TOOL_INTENTS.size);
  });
});
