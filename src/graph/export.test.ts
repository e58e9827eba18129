import { describe, expect, it } from "vitest";
import { toDot, toGraphml, type GraphView } from "./export";

const graph: GraphView = {
  version: 3,
  nodes: [
    { name: "juso_search", kind: "upstream", provider: "juso_search" },
    { name: "utmk_to_wgs84", kind: "local", provider: null },
  ],
  edges: [
    {
      id: "juso_search->utmk_to_wgs84",
      fromTool: "juso_search",
      toTool: "utmk_to_wgs84",
      bindings: [{ field: "entX", param: "entX", score: 0.9, reasons: [] }],
      candidateBindings: [{ field: "entX", param: "entX", score: 0.9, reasons: [] }],
      score: 90,
      reasons: [],
      status: "verified",
      statusReason: "conversion ×3",
      basis: "conversion",
      createdAt: 0,
      updatedAt: 0,
      checkedAt: 0,
    },
  ],
};

describe("graph exports", () => {
  it("writes DOT with status colours and bindings", () => {
    const dot = toDot(graph);
    expect(dot).toContain("digraph edge_v3 {");
    expect(dot).toContain('"juso_search" -> "utmk_to_wgs84" [label="entX→entX", color=forestgreen, tooltip="verified (conversion)"]');
    expect(dot).toContain('"utmk_to_wgs84" [label="utmk_to_wgs84\\nlocal", style=dashed]');
  });

  it("writes GraphML with escaped ids", () => {
    const xml = toGraphml(graph);
    expect(xml).toContain('<edge id="juso_search-&gt;utmk_to_wgs84" source="juso_search" target="utmk_to_wgs84">');
    expect(xml).toContain('<data key="score">0.9</data><data key="basis">conversion</data><data key="why">conversion ×3</data>');
  });
});
