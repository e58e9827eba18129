/**
 * From stored attempts to scores and run summaries. Scoring reads only what is stored (the
 * trajectory and the run's gold), so a run can be re-scored at any time without the model.
 */
import type { Db } from "../db/client";
import { bfclEntry } from "./bfcl/data";
import { scoreBfcl, type BfclScore } from "./bfcl/score";
import { scoreKopaAttempt, type KopaScore } from "./score";
import { summarise, type RunSummary, type ScoredAttempt } from "./stats";
import { getRun, listAttempts, listGold, listScores, loadTasks, replaceScores, updateRun, type AttemptRow, type GoldRow, type RunRow, type ScoreRow } from "./store";
import { itemGroups } from "./suite";
import type { BenchTask } from "./task";

export interface ScoringContext {
  tasks: ReadonlyMap<string, BenchTask>;
  gold: ReadonlyMap<string, GoldRow>;
}

export function unscorableScore(run: RunRow, itemId: string, attempt: number, reason: string): ScoreRow {
  return { runId: run.id, itemId, attempt, scorable: false, pass: false, errorType: `unscorable:${reason}`, detail: { suite: "kopa", unscorable: reason } };
}

/** Scores one stored attempt. */
export function scoreAttempt(run: RunRow, attempt: AttemptRow, context: ScoringContext): ScoreRow {
  const key = { runId: run.id, itemId: attempt.itemId, attempt: attempt.attempt };
  if (run.suite === "kopa") {
    const gold = context.gold.get(attempt.itemId);
    const task = context.tasks.get(attempt.itemId);
    if (!gold || !gold.ok || !task) return unscorableScore(run, attempt.itemId, attempt.attempt, gold?.reason ?? "no gold run");
    if (!attempt.trajectory) return unscorableScore(run, attempt.itemId, attempt.attempt, "no trajectory");
    const detail = scoreKopaAttempt(task, gold.run, attempt.trajectory, new Date(run.now));
    return { ...key, scorable: true, pass: detail.pass, errorType: detail.error_type ?? null, detail };
  }
  const entry = bfclEntry(attempt.itemId);
  if (!entry || !attempt.trajectory) return { ...key, scorable: false, pass: false, errorType: "unscorable:unknown entry", detail: { suite: "bfcl" } };
  const detail = scoreBfcl(entry, attempt.trajectory);
  return { ...key, scorable: true, pass: detail.pass, errorType: detail.error_type ?? null, detail };
}

/** The numbers of one score that the run summary averages. */
export function measuresOf(detail: unknown): Record<string, number> {
  if (detail === null || typeof detail !== "object" || !("suite" in detail)) return {};
  if (detail.suite === "bfcl") {
    const bfcl = detail as BfclScore;
    return { accuracy: bfcl.pass ? 1 : 0, decodeFailures: bfcl.error_type === "ast_decoder:decoder_failed" ? 1 : 0 };
  }
  if (!("response" in detail)) return {};
  const { response, action, environment } = detail as KopaScore;
  return {
    factRecall: response.recall,
    toolPrecision: action.toolPrecision,
    toolRecall: action.toolRecall,
    toolF1: action.toolF1,
    argAccuracy: action.argAccuracy,
    edgePrecision: action.edges.precision,
    edgeRecall: action.edges.recall,
    edgeF1: action.edges.f1,
    actionValid: action.valid ? 1 : 0,
    invalidCalls: action.invalidCalls.total,
    redundantCalls: action.redundantCalls,
    extraCalls: action.extraCalls,
    stepsOver: action.stepsOver,
    envSuccess: environment.valid ? 1 : 0,
    envRecall: environment.recall,
  };
}

export async function scoringContext(db: Db, run: RunRow): Promise<ScoringContext> {
  if (run.suite !== "kopa") return { tasks: new Map(), gold: new Map() };
  const wanted = new Set(run.items);
  const tasks = new Map((await loadTasks(db)).filter((t) => wanted.has(t.task.id)).map((t) => [t.task.id, t.task]));
  return { tasks, gold: await listGold(db, run.id) };
}

/** The run's summary from its stored scores and attempts (partial while the run is going). */
export async function summaryOf(db: Db, run: RunRow): Promise<RunSummary> {
  const [scores, attempts, items] = await Promise.all([listScores(db, run.id), listAttempts(db, run.id, { withTrajectory: false }), itemGroups(db, run.suite, run.items)]);
  const scored: ScoredAttempt[] = scores.map((s) => ({ itemId: s.itemId, attempt: s.attempt, scorable: s.scorable, pass: s.pass, errorType: s.errorType, measures: measuresOf(s.detail) }));
  const timings = attempts.filter((a) => a.status !== "unscorable").map((a) => ({ steps: a.steps, modelMs: a.modelMs, toolMs: a.toolMs, totalMs: a.totalMs, startedAt: a.startedAt, finishedAt: a.finishedAt }));
  return summarise(items, scored, timings, run.params.k);
}

/** Re-scores every stored attempt of a run (no model call) and rewrites its scores and summary. */
export async function rescoreRun(db: Db, runId: string): Promise<RunSummary | null> {
  const run = await getRun(db, runId);
  if (!run) return null;
  const context = await scoringContext(db, run);
  const attempts = await listAttempts(db, run.id);
  await replaceScores(
    db,
    attempts.map((a) => (a.status === "unscorable" ? unscorableScore(run, a.itemId, a.attempt, context.gold.get(a.itemId)?.reason ?? "gold failed") : scoreAttempt(run, a, context))),
  );
  const summary = await summaryOf(db, run);
  await updateRun(db, run.id, { summary });
  return summary;
}
