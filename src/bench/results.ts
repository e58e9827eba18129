/**
 * From stored attempts to scores and run summaries. Scoring reads only what is stored (the
 * trajectory and the run's gold), so a run can be re-scored at any time without the model.
 */
import type { Db } from "../db/client";
import { abstentionTask, isAbstentionId, scoreAbstention, type AbstentionScore } from "./abstention";
import { bfclEntry } from "./bfcl/data";
import { scoreBfcl, type BfclScore } from "./bfcl/score";
import { obtainedResults, scoreKopaAttempt, type KopaScore } from "./score";
import { summarise, type RunSummary, type ScoredAttempt } from "./stats";
import { getRun, listAttempts, listGold, listScores, loadTasks, replaceScores, updateRun, type AttemptRow, type GoldRow, type RunRow, type ScoreRow } from "./store";
import { itemGroups } from "./suite";
import type { BenchTask } from "./task";
import type { Trajectory } from "./trajectory";

export interface ScoringContext {
  tasks: ReadonlyMap<string, BenchTask>;
  gold: ReadonlyMap<string, GoldRow>;
}

export function unscorableScore(run: RunRow, itemId: string, attempt: number, reason: string): ScoreRow {
  return { runId: run.id, itemId, attempt, scorable: false, pass: false, errorType: `unscorable:${reason}`, detail: { suite: "kopa", unscorable: reason } };
}

/**
 * Tool errors that are the infrastructure's, not the model's: quota and rate limits, an upstream
 * down, timing out or garbling, a provider or the app misconfigured. (A snapshot miss is not one: a
 * call the world does not hold is often a wrong call.)
 */
const INFRA_CODES = new Set([
  "QUOTA_EXCEEDED",
  "RATE_LIMITED",
  "UPSTREAM_KEY_REJECTED",
  "UPSTREAM_QUOTA_EXCEEDED",
  "UPSTREAM_SERVICE_MISSING",
  "UPSTREAM_FAILURE",
  "UPSTREAM_GARBLED",
  "UPSTREAM_UNAVAILABLE",
  "UPSTREAM_TIMEOUT",
  "PROVIDER_NOT_CONFIGURED",
  "SERVER_MISCONFIGURED",
  "NOT_CACHED",
  "INTERNAL",
]);

/** The first infrastructure error a trajectory's tool calls met, if any. */
export function infraErrorOf(trajectory: Trajectory | null): string | null {
  for (const step of trajectory?.steps ?? []) {
    for (const call of step.calls) {
      const code = call.outcome?.status === "error" ? call.outcome.error?.code : undefined;
      if (code !== undefined && INFRA_CODES.has(code)) return code;
    }
  }
  return null;
}

/** Scores one stored attempt. */
export function scoreAttempt(run: RunRow, attempt: AttemptRow, context: ScoringContext): ScoreRow {
  const key = { runId: run.id, itemId: attempt.itemId, attempt: attempt.attempt };
  // Not samples of the model: the server did not answer, or the infrastructure failed under it.
  if (attempt.status === "model_error") {
    const reason = attempt.trajectory?.modelError?.reason ?? "unknown";
    return { ...key, scorable: false, pass: false, errorType: `model_error:${reason}`, detail: { suite: run.suite === "kopa" ? "kopa" : "bfcl", modelError: attempt.trajectory?.modelError ?? null } };
  }
  const infra = infraErrorOf(attempt.trajectory);
  if (infra !== null) return { ...key, scorable: false, pass: false, errorType: `infra:${infra}`, detail: { suite: run.suite === "kopa" ? "kopa" : "bfcl", infra } };
  const abstention = run.suite === "kopa" ? abstentionTask(attempt.itemId) : undefined;
  if (abstention) {
    if (!attempt.trajectory) return unscorableScore(run, attempt.itemId, attempt.attempt, "no trajectory");
    const detail = scoreAbstention(abstention, attempt.trajectory.final, [...obtainedResults(attempt.trajectory).values()].flat());
    return { ...key, scorable: true, pass: detail.pass, errorType: detail.error_type ?? null, detail };
  }
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
  if ("category" in detail && detail.category === "abstention") return { abstained: (detail as AbstentionScore).abstained ? 1 : 0 };
  if (!("response" in detail)) return {};
  const { response, action, environment } = detail as KopaScore;
  // A precision of no call and an accuracy of no matched call measure nothing: left out, not 100%.
  return {
    factRecall: response.recall,
    ...(action.validCalls > 0 ? { toolPrecision: action.toolPrecision } : {}),
    toolRecall: action.toolRecall,
    toolF1: action.toolF1,
    ...(action.matchedCalls > 0 ? { argAccuracy: action.argAccuracy } : {}),
    ...(action.edges.model > 0 ? { edgePrecision: action.edges.precision } : {}),
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
/**
 * The run's summary from its stored scores and attempts (partial while the run is going). The
 * abstention set is summarised apart (`abstention`): the headline figures are the tasks' alone.
 */
export async function summaryOf(db: Db, run: RunRow): Promise<RunSummary> {
  const [scores, attempts, items] = await Promise.all([listScores(db, run.id), listAttempts(db, run.id, { withTrajectory: false }), itemGroups(db, run.suite, run.items)]);
  const scored: ScoredAttempt[] = scores.map((s) => ({ itemId: s.itemId, attempt: s.attempt, scorable: s.scorable, pass: s.pass, errorType: s.errorType, measures: measuresOf(s.detail) }));
  const timingOf = (a: AttemptRow) => ({ steps: a.steps, modelMs: a.modelMs, toolMs: a.toolMs, totalMs: a.totalMs, startedAt: a.startedAt, finishedAt: a.finishedAt });
  const samples = { n: run.params.n, ks: run.params.ks };
  const apart = (id: string) => run.suite === "kopa" && isAbstentionId(id);
  const tasks = items.filter((i) => !apart(i.id));
  const summary = summarise(tasks, scored.filter((s) => !apart(s.itemId)), attempts.filter((a) => a.status !== "unscorable" && !apart(a.itemId)).map(timingOf), samples);
  const abstaining = items.filter((i) => apart(i.id));
  if (abstaining.length === 0) return summary;
  const abstention = summarise(abstaining, scored.filter((s) => apart(s.itemId)), attempts.filter((a) => a.status !== "unscorable" && apart(a.itemId)).map(timingOf), samples);
  return { ...summary, abstention: { items: abstention.items, scoredItems: abstention.scoredItems, attempts: abstention.attempts, pass1: abstention.pass1, errorTypes: abstention.errorTypes } };
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
