/**
 * The EDGE graph from a terminal: start a build or verify job and follow it, and the words and
 * tables its commands print. Shared by `kopa graph …` and `npm start`.
 */
import type { Answer, Api } from "./api";
import { follow } from "./follow";
import type { Io } from "./io";
import { formatTime } from "./output";
import { renderPairs, renderTable, type Cell } from "./table";
import { EDGE_STATUSES, graphJobSchema, type Edge, type GraphJob } from "./wire/graph";

const ACTIVE = new Set(["queued", "running"]);
/** A verify job that spent its budget has verified what it reached: that is not a failure. */
export const GRAPH_JOB_OK = new Set(["done", "budget_exhausted"]);

export function graphJobActive(job: GraphJob): boolean {
  return ACTIVE.has(job.status);
}

function verdicts(job: GraphJob): string {
  return Object.entries(job.progress.verdicts)
    .map(([verdict, n]) => `${n} ${verdict}`)
    .join(" · ");
}

export async function startGraphJob(api: Api, kind: "build" | "verify", body: Record<string, unknown>): Promise<Answer<GraphJob>> {
  return api.json(graphJobSchema, "POST", `/v1/graph/${kind}`, { body });
}

export async function followGraphJob(api: Api, io: Io, first: Answer<GraphJob>, intervalMs?: number): Promise<Answer<GraphJob>> {
  const kind = first.value.kind;
  return follow({
    api,
    io,
    path: `/v1/graph/jobs/${encodeURIComponent(first.value.id)}`,
    schema: graphJobSchema,
    first,
    label: `graph ${kind}`,
    unit: kind === "build" ? "tools" : "edges",
    active: graphJobActive,
    counts: (job) => ({ done: job.progress.done, total: job.progress.total, detail: [`${job.progress.upstreamCalls} upstream calls`, verdicts(job)].filter(Boolean).join(" · ") }),
    note: (job) => `${job.status} · ${job.progress.upstreamCalls} upstream calls${job.progress.naiveCalls > 0 ? ` (naive ${job.progress.naiveCalls})` : ""}`,
    ...(intervalMs !== undefined ? { intervalMs } : {}),
  });
}

/** A job as `key  value` lines. */
export function graphJobReport(job: GraphJob): string {
  const p = job.progress;
  const pairs: [string, Cell][] = [
    ["job", `${job.id} (${job.kind})`],
    ["status", `${job.status}${job.error ? `: ${job.error}` : ""}`],
    ["phase", p.phase],
    [job.kind === "build" ? "tools seeded" : "edges tried", p.total > 0 ? `${p.done}/${p.total}` : p.done],
    ["upstream calls", p.naiveCalls > 0 ? `${p.upstreamCalls} (naive: ${p.naiveCalls}, ${Math.round((100 * p.upstreamCalls) / p.naiveCalls)}%)` : p.upstreamCalls],
    ...Object.entries(p.verdicts).map(([verdict, n]): [string, Cell] => [`  ${verdict}`, n]),
    ["started", formatTime(job.createdAt)],
    ["finished", formatTime(job.finishedAt)],
  ];
  return renderPairs(pairs);
}

/** Counts per status in the catalogue's order of statuses, then the total. */
export function statusCounts(stats: Readonly<Record<string, number>>): string {
  const columns = [...EDGE_STATUSES, "total"].map((header) => ({ header: header.toUpperCase(), align: "right" as const }));
  const total = EDGE_STATUSES.reduce((n, s) => n + (stats[s] ?? 0), 0);
  return renderTable(columns, [[...EDGE_STATUSES.map((s) => stats[s] ?? 0), total]]);
}

/** `field→param, field→param` */
export function bindingsText(edge: Edge): string {
  return edge.bindings.map((b) => `${b.field}→${b.param}`).join(", ");
}

export function edgeTable(edges: readonly Edge[], withScoreReasons: boolean): string {
  return renderTable(
    [{ header: "EDGE", max: 60 }, { header: "STATUS" }, { header: "SCORE", align: "right" }, { header: "BINDINGS", max: 40 }, { header: withScoreReasons ? "WHY A CANDIDATE" : "REASON", max: 70 }],
    edges.map((e) => [`${e.fromTool} → ${e.toTool}`, e.status, e.score, bindingsText(e), withScoreReasons ? e.reasons.join("; ") : (e.statusReason ?? "")]),
  );
}
