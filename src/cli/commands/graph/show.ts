import { z } from "zod";
import type { Api } from "../../api";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import type { Io } from "../../io";
import { enumListFlag, intFlag } from "../../flags";
import { bindingsText, edgeTable, statusCounts } from "../../graph";
import { formatTime, plural, printJson } from "../../output";
import { renderPairs, renderTable } from "../../table";
import { EDGE_STATUSES, edgeDetailSchema, graphSchema } from "../../wire/graph";

async function showEdge(api: Api, io: Io, id: string, json: boolean): Promise<void> {
  const { value, raw } = await api.json(edgeDetailSchema, "GET", `/v1/graph/edges/${encodeURIComponent(id)}`);
  if (json) return printJson(io, raw);
  const { edge, evidence } = value;
  io.stdout.write(
    renderPairs([
      ["edge", `${edge.fromTool} → ${edge.toTool}`],
      ["status", `${edge.status}${edge.statusReason ? ` (${edge.statusReason})` : ""}`],
      ["bindings", bindingsText(edge)],
      ["score", edge.score],
      ["why", edge.reasons.join("; ")],
      ["checked", formatTime(edge.checkedAt)],
    ]),
  );
  if (evidence.length === 0) {
    io.stdout.write("\nno verification yet\n");
    return;
  }
  io.stdout.write(`\n${plural(evidence.length, "verification")}, newest first:\n`);
  io.stdout.write(
    renderTable(
      [{ header: "WHEN" }, { header: "VERDICT" }, { header: "TRIES", align: "right" }, { header: "OUTCOMES" }, { header: "CALLS", align: "right" }, { header: "VERSION", align: "right" }, { header: "SAMPLES", max: 60 }],
      evidence.map((e) => [
        formatTime(e.at),
        e.verdict,
        e.tries,
        Object.entries(e.outcomes)
          .map(([k, n]) => `${k} ${n}`)
          .join(", "),
        e.upstreamCalls,
        e.graphVersion,
        e.samples.map((s) => Object.values(s).join("/")).join(", "),
      ]),
    ),
  );
}

export default defineCommand({
  path: ["graph", "show"],
  summary: "edge counts per status, the edges with their reasons, or one edge's evidence",
  description: `
Without an edge: the graph version, the number of edges in each status, and a table of the edges
the filters select with the reason of their status (--why shows why each became a candidate).
With an edge id (as the table shows it): its bindings and every verification with its samples.`,
  positionals: [{ name: "edge", description: "an edge id such as tour_area_based_list->tour_detail_common (or as the table prints it, with →)", optional: true }],
  flags: {
    status: { type: "string", value: "<a,b>", description: `only edges in these statuses: ${EDGE_STATUSES.join(", ")}` },
    provider: { type: "string", value: "<id>", description: "only edges from or to this provider's tools (kma, tourapi, …)" },
    why: { type: "boolean", description: "show why each edge became a candidate instead of the reason of its status" },
    limit: { type: "string", value: "<n>", description: "print at most n edges (0: counts only)", default: "200" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({
    edge: z.string().min(1).optional(),
    status: enumListFlag(EDGE_STATUSES).optional(),
    provider: z.string().regex(/^[a-z0-9_]{1,40}$/, "a provider id such as kma").optional(),
    why: z.boolean().default(false),
    limit: intFlag(0, 100_000).default(200),
    json: z.boolean().default(false),
    ...teamInput,
  }),
  examples: ["kopa graph show", "kopa graph show --status rejected,inconclusive", "kopa graph show --provider tourapi --why", "kopa graph show 'tour_area_based_list->tour_detail_common'"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    // The table prints `a → b`; the id is `a->b`. Either is taken, spaces around the arrow too.
    if (input.edge) return showEdge(api, io, input.edge.trim().replace(/\s*(→|->)\s*/, "->"), input.json);
    const { value, raw } = await api.json(graphSchema, "GET", "/v1/graph", { query: { status: input.status?.join(","), provider: input.provider } });
    if (input.json) return printJson(io, raw);
    io.stdout.write(`EDGE graph version ${value.version} · ${plural(value.nodes.length, "tool")}\n\n`);
    io.stdout.write(statusCounts(value.stats));
    const filters = [input.status ? `status ${input.status.join(",")}` : "", input.provider ? `provider ${input.provider}` : ""].filter(Boolean).join(", ");
    if (input.limit === 0) return;
    io.stdout.write(`\n${plural(value.edges.length, "edge")}${filters ? ` (${filters})` : ""}${value.edges.length > input.limit ? `, the first ${input.limit} shown (--limit)` : ""}:\n`);
    if (value.edges.length > 0) io.stdout.write(edgeTable(value.edges.slice(0, input.limit), input.why));
  },
});
