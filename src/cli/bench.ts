/**
 * KOPA-Bench (and BFCL) runs from a terminal: start a run and follow it, its report with
 * breakdowns by shape, level and provider (BFCL: category), and the leaderboard. Shared by
 * `kopa bench …` and `npm start`.
 */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { Answer, Api } from "./api";
import { follow } from "./follow";
import type { Io } from "./io";
import { formatTime, plural } from "./output";
import { renderPairs, renderTable, type Cell } from "./table";
import { benchRunSchema, type AbstentionSummary, type BenchRun, type Estimate, type GroupFigures, type LeaderboardEntry } from "./wire/bench";

const ACTIVE = new Set(["queued", "running"]);

/** The frozen KOPA-Bench world shipped with the project, which `kopa bench run` replays by default. */
export const SHIPPED_SNAPSHOT = "kopa-bench-v1";
export const SHIPPED_SNAPSHOT_URL = new URL(`../../data/bench/${SHIPPED_SNAPSHOT}.jsonl`, import.meta.url);

const snapshotRefsSchema = z.object({ snapshots: z.array(z.object({ ref: z.string() })) });

/**
 * Makes the shipped benchmark snapshot available to the team: imported from the project's data
 * the first time (the app then holds it as the team's own, marked imported). True when imported now.
 */
export async function ensureShippedSnapshot(api: Api, file: URL = SHIPPED_SNAPSHOT_URL): Promise<boolean> {
  const { value } = await api.json(snapshotRefsSchema, "GET", "/v1/snapshots");
  if (value.snapshots.some((s) => s.ref === SHIPPED_SNAPSHOT)) return false;
  await api.json(z.object({ name: z.string() }), "POST", "/v1/snapshots/import", { upload: { body: new Blob([await readFile(file, "utf8")]).stream(), contentType: "application/x-ndjson" } });
  return true;
}

export function benchRunActive(run: BenchRun): boolean {
  return ACTIVE.has(run.status);
}

/** `82.3` for 0.823. */
export function pct(x: number): string {
  return (x * 100).toFixed(1);
}

export function estimateText(e: Estimate): string {
  return `${pct(e.value)}% [${pct(e.ci[0])}, ${pct(e.ci[1])}]`;
}

/** A bar of `width` cells for a share in [0, 1]. */
export function textBar(share: number, width = 20): string {
  const filled = Math.round(Math.min(1, Math.max(0, share)) * width);
  return `${"█".repeat(filled)}${"·".repeat(width - filled)}`;
}

export async function startBenchRun(api: Api, body: Record<string, unknown>): Promise<Answer<BenchRun>> {
  return api.json(benchRunSchema, "POST", "/v1/bench/runs", { body });
}

export async function followBenchRun(api: Api, io: Io, first: Answer<BenchRun>, intervalMs?: number): Promise<Answer<BenchRun>> {
  return follow({
    api,
    io,
    path: `/v1/bench/runs/${encodeURIComponent(first.value.id)}`,
    schema: benchRunSchema,
    first,
    label: `bench ${first.value.suite}`,
    unit: "attempts",
    active: benchRunActive,
    counts: (run) => ({
      done: run.progress.done,
      total: run.progress.planned,
      detail: `${run.progress.inFlight.length} in flight · pass@1 so far ${pct(run.summary.pass1.value)}% over ${plural(run.summary.scoredItems, "item")}`,
    }),
    note: (run) => `${run.status} · pass@1 ${run.summary.scoredItems === 0 ? "n/a (no scored sample)" : estimateText(run.summary.pass1)}`,
    ...(intervalMs !== undefined ? { intervalMs } : {}),
  });
}

/** The group names of a suite's breakdowns, in the order a report shows them. */
export function breakdownGroups(run: Pick<BenchRun, "suite" | "summary">): string[] {
  const order = run.suite === "kopa" ? ["shape", "level", "provider"] : ["category"];
  return [...order.filter((g) => g in run.summary.breakdowns), ...Object.keys(run.summary.breakdowns).filter((g) => !order.includes(g))];
}

export function breakdownTable(group: string, figures: Readonly<Record<string, GroupFigures>>, k: number): string {
  const rows = Object.entries(figures);
  return renderTable(
    [{ header: group.toUpperCase() }, { header: "ITEMS", align: "right" }, { header: "PASS@1", align: "right" }, { header: "95% CI", align: "right" }, { header: `PASS^${k}`, align: "right" }, { header: "", max: 24 }],
    rows.map(([name, f]) => [name, f.items, `${pct(f.pass1.value)}%`, `${pct(f.pass1.ci[0])}–${pct(f.pass1.ci[1])}`, `${pct(f.passK.value)}%`, textBar(f.pass1.value)]),
  );
}

const MEASURE_ORDER = ["factRecall", "toolPrecision", "toolRecall", "toolF1", "argAccuracy", "edgePrecision", "edgeRecall", "edgeF1", "actionValid", "envSuccess", "envRecall", "invalidCalls", "redundantCalls", "extraCalls", "stepsOver", "accuracy", "decodeFailures"];

/** pass@k and pass^k at each k with their intervals (pass@1 and pass^k from older servers). */
function passLines(s: BenchRun["summary"]): [string, Cell][] {
  // Nothing scored (every attempt a server error, or every gold failed): there is no rate to show.
  if (s.scoredItems === 0) return [["pass@1", "n/a: no scored sample"]];
  if (s.byK.length === 0) return [["pass@1", estimateText(s.pass1)], [`pass^${s.k}`, estimateText(s.passK)]];
  const below = (f: BenchRun["summary"]["byK"][number]) => (f.items < s.scoredItems ? ` (${f.items} items with ≥ ${f.k} scored samples)` : "");
  return s.byK.flatMap((f): [string, Cell][] => (f.k === 1 ? [["pass@1", `${estimateText(f.passAt)}${below(f)}`]] : [[`pass@${f.k}`, `${estimateText(f.passAt)}${below(f)}`], [`pass^${f.k}`, estimateText(f.passHat)]]));
}

/** The abstention set's result, apart: its requests have no tool that answers them, so none of the run's figures count them. */
function abstentionReport(a: AbstentionSummary): string {
  const rate = a.scoredItems === 0 ? "n/a: no scored sample" : estimateText(a.pass1);
  const pairs: [string, Cell][] = [
    ["abstention", `${plural(a.items, "request")} no catalogued tool answers, apart from the figures above`],
    ["pass@1", rate],
    ["attempts", `${a.attempts.total} (${a.attempts.scored} scored, ${a.attempts.passed} passed, ${a.attempts.modelErrors} model-server errors${a.attempts.infraErrors > 0 ? `, ${a.attempts.infraErrors} infrastructure errors` : ""})`],
  ];
  const errors = Object.entries(a.errorTypes).sort(([, x], [, y]) => y - x);
  return errors.length > 0 ? `${renderPairs(pairs)}\n${renderTable([{ header: "ABSTENTION ERROR" }, { header: "ATTEMPTS", align: "right" }], errors)}` : renderPairs(pairs);
}

/** The whole report of a run: header, scores, measures, breakdowns, errors, the abstention set, unscorable items. */
export function benchReport(run: BenchRun): string {
  const s = run.summary;
  const head: [string, Cell][] = [
    ["run", `${run.id} (${run.label})`],
    ["model", `${run.model} at ${run.endpoint.baseUrl}${run.endpoint.apiKey ? " (API key)" : ""}${run.endpoint.access ? " (Access token)" : ""}`],
    ["suite", `${run.suite} · ${run.mode}${run.snapshot ? ` (snapshot ${run.snapshot})` : ""} · ${s.n !== undefined ? `n=${s.n} · ` : ""}k=${s.byK.length > 0 ? s.byK.map((f) => f.k).join(",") : s.k} · max ${run.params.maxSteps} steps`],
    ...(run.taskSet || run.catalogVersion ? [["world", `${run.now ?? "?"} · task set ${run.taskSet ?? "?"} · catalog ${run.catalogVersion ?? "?"}`] as [string, Cell]] : []),
    ["status", `${run.status}${run.error ? `: ${run.error}` : ""} · ${run.progress.done}/${run.progress.planned} attempts`],
    ["items", `${s.items} (${s.scoredItems} scored, ${s.unscorable.length} unscorable)`],
    ...passLines(s),
    ["attempts", `${s.attempts.total} (${s.attempts.scored} scored, ${s.attempts.passed} passed, ${s.attempts.modelErrors} model-server errors${s.attempts.infraErrors > 0 ? `, ${s.attempts.infraErrors} infrastructure errors` : ""}: errors are not samples)`],
    ["per step", `${s.timing.steps} steps · model ${s.timing.modelMsPerStep} ms · tools ${s.timing.toolMsPerStep} ms · overhead ${s.timing.overheadMsPerStep} ms`],
    ["rate", `${s.timing.attemptsPerMinute} attempts/min`],
    ["started", `${formatTime(run.createdAt)}${run.finishedAt ? ` · finished ${formatTime(run.finishedAt)}` : ""}`],
  ];
  const parts = [renderPairs(head)];
  const measures = Object.entries(s.measures).sort(([a], [b]) => (MEASURE_ORDER.indexOf(a) + 1 || 99) - (MEASURE_ORDER.indexOf(b) + 1 || 99));
  if (measures.length > 0) parts.push(`\n${renderTable([{ header: "MEASURE" }, { header: "MEAN", align: "right" }], measures.map(([name, v]) => [name, v.toFixed(3)]))}`);
  for (const group of breakdownGroups(run)) parts.push(`\n${breakdownTable(group, s.breakdowns[group] ?? {}, s.k)}`);
  const errors = Object.entries(s.errorTypes).sort(([, a], [, b]) => b - a);
  if (errors.length > 0) parts.push(`\n${renderTable([{ header: "ERROR TYPE" }, { header: "ATTEMPTS", align: "right" }], errors)}`);
  if (s.abstention) parts.push(`\n${abstentionReport(s.abstention)}`);
  if (s.unscorable.length > 0) parts.push(`\n${renderTable([{ header: "UNSCORABLE" }, { header: "WHY (gold failed at evaluation time)", max: 100 }], s.unscorable.map((u) => [u.itemId, u.reason]))}`);
  return parts.join("");
}

/** One suite's leaderboard. */
export function leaderboardTable(suite: string, entries: readonly LeaderboardEntry[]): string {
  const kopa = suite === "kopa";
  const measure = (e: LeaderboardEntry, name: string) => (e.measures[name] === undefined ? "-" : (e.measures[name] ?? 0).toFixed(3));
  return renderTable(
    [
      { header: "#", align: "right" },
      { header: "LABEL", max: 32 },
      { header: "MODEL", max: 32 },
      { header: "MODE" },
      { header: "K", align: "right" },
      { header: "ITEMS", align: "right" },
      { header: "PASS@1 [95% CI]", align: "right" },
      { header: "PASS^K", align: "right" },
      ...(kopa ? ["TOOL F1", "EDGE F1", "ENV"].map((header) => ({ header, align: "right" as const })) : [{ header: "ACCURACY", align: "right" as const }]),
      { header: "FINISHED" },
      { header: "RUN" },
    ],
    entries.map((e, i) => [
      i + 1,
      e.label,
      e.model,
      e.mode,
      e.k,
      e.unscorable > 0 ? `${e.scoredItems}/${e.items}` : e.items,
      estimateText(e.pass1),
      `${pct(e.passK.value)}%`,
      ...(kopa ? [measure(e, "toolF1"), measure(e, "edgeF1"), measure(e, "envSuccess")] : [measure(e, "accuracy")]),
      formatTime(e.finishedAt),
      e.runId.slice(0, 8),
    ]),
  );
}
