/** The graph as JSON, Graphviz DOT or GraphML. Pure functions over plain rows. */
import type { EdgeRow } from "./store";

export interface GraphNode {
  name: string;
  kind: "upstream" | "local";
  provider: string | null;
}

export interface GraphView {
  version: number;
  nodes: GraphNode[];
  edges: EdgeRow[];
}

const COLORS: Record<EdgeRow["status"], string> = {
  verified: "forestgreen",
  rejected: "firebrick",
  inconclusive: "orange",
  untested: "gold",
  stale: "purple",
  candidate: "gray",
};

const dotId = (s: string) => `"${s.replace(/"/g, '\\"')}"`;
const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function toDot(graph: GraphView): string {
  const lines = [`digraph edge_v${graph.version} {`, "  rankdir=LR;", "  node [shape=box, fontsize=10];"];
  for (const n of graph.nodes) lines.push(`  ${dotId(n.name)} [label=${dotId(`${n.name}\\n${n.provider ?? "local"}`)}${n.kind === "local" ? ", style=dashed" : ""}];`);
  for (const e of graph.edges) {
    const label = e.bindings.map((b) => `${b.field}→${b.param}`).join("\\n");
    const tooltip = e.basis ? `${e.status} (${e.basis})` : e.status;
    lines.push(`  ${dotId(e.fromTool)} -> ${dotId(e.toTool)} [label=${dotId(label)}, color=${COLORS[e.status]}, tooltip=${dotId(tooltip)}];`);
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

export function toGraphml(graph: GraphView): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
    '  <key id="provider" for="node" attr.name="provider" attr.type="string"/>',
    '  <key id="kind" for="node" attr.name="kind" attr.type="string"/>',
    '  <key id="status" for="edge" attr.name="status" attr.type="string"/>',
    '  <key id="bindings" for="edge" attr.name="bindings" attr.type="string"/>',
    '  <key id="score" for="edge" attr.name="score" attr.type="double"/>',
    '  <key id="basis" for="edge" attr.name="basis" attr.type="string"/>',
    '  <key id="why" for="edge" attr.name="why" attr.type="string"/>',
    `  <graph id="edge_v${graph.version}" edgedefault="directed">`,
  ];
  for (const n of graph.nodes) {
    out.push(`    <node id="${xml(n.name)}"><data key="provider">${xml(n.provider ?? "")}</data><data key="kind">${n.kind}</data></node>`);
  }
  for (const e of graph.edges) {
    const bindings = e.bindings.map((b) => `${b.field}->${b.param}`).join(", ");
    out.push(
      `    <edge id="${xml(e.id)}" source="${xml(e.fromTool)}" target="${xml(e.toTool)}"><data key="status">${e.status}</data><data key="bindings">${xml(bindings)}</data><data key="score">${e.score / 100}</data><data key="basis">${e.basis ?? ""}</data><data key="why">${xml(e.statusReason ?? "")}</data></edge>`,
    );
  }
  out.push("  </graph>", "</graphml>");
  return `${out.join("\n")}\n`;
}
