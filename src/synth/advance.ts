/**
 * One step of a walk: skip it if its condition fails, resolve its arguments, call the tool through
 * the gateway, record the answer and the picked items. Upstream faults ask for a retry after a
 * bounded backoff; an exhausted quota parks the walk until the quota resets (KST midnight).
 */
import type { GraphCaller } from "../graph/engine";
import type { WalkStep } from "./plan";
import { conditionHolds, feedsLater, ITEMS_KEPT, ITEMS_KEPT_ALL, namedAs, nextStep, pickItems, resolveArgs, seedRows, slotsRead, type StepRecord, type WalkState } from "./walk";
import { runtimeNow } from "../time/runtime-clock";

export const MAX_RETRIES = 4;
const RETRY_BASE_MS = 500;

export type Advance =
  | { kind: "continue" }
  | { kind: "done" }
  | { kind: "retry"; delayMs: number }
  | { kind: "park"; untilMs: number }
  | { kind: "failed"; reason: string };

const TRANSIENT = new Set(["UPSTREAM_FAILURE", "UPSTREAM_TIMEOUT", "UPSTREAM_GARBLED", "UPSTREAM_UNAVAILABLE", "RATE_LIMITED"]);
const QUOTA = new Set(["QUOTA_EXCEEDED", "UPSTREAM_QUOTA_EXCEEDED"]);

function nextKstMidnight(ms: number): number {
  const day = 86_400_000;
  const kst = ms + 9 * 3_600_000;
  return ms + (day - (kst % day));
}

/** Advances the walk by one step (mutating `state`); the caller persists it before anything else. */
export async function advance(state: WalkState, caller: GraphCaller, snapshot: string | null): Promise<Advance> {
  const step = nextStep(state);
  if (!step) {
    state.status = "done";
    return { kind: "done" };
  }
  if (!conditionHolds(step, state)) {
    state.steps.push({ id: step.id, tool: step.tool, skipped: true, args: {}, result: null, picks: {}, attempts: 0, upstream: false });
    state.retries = 0;
    return nextStep(state) ? { kind: "continue" } : finish(state);
  }
  const resolved = resolveArgs(step, state);
  if (!resolved.ok) return fail(state, resolved.reason);

  const attempt = await caller.call(step.tool, resolved.args, "default", snapshot ?? undefined);
  if (attempt.upstream) state.upstreamCalls++;
  if (!attempt.ok) {
    if (QUOTA.has(attempt.code)) {
      state.status = "parked";
      state.reason = `quota of ${step.tool} spent`;
      // Quotas reset at the real midnight, whatever instant the walk is pinned to.
      return { kind: "park", untilMs: nextKstMidnight(runtimeNow()) };
    }
    if (TRANSIENT.has(attempt.code) && state.retries < MAX_RETRIES) {
      state.retries++;
      state.status = "running";
      return { kind: "retry", delayMs: RETRY_BASE_MS * 2 ** (state.retries - 1) * (0.5 + Math.random()) };
    }
    return fail(state, `${step.tool}: ${attempt.code}`);
  }
  const read = slotsRead(state.plan, step.id);
  if (step.seed) {
    // A seed's answer is only the names it gives: the walk keeps the picked rows, not the listing.
    const named = seedRows(state.plan, step.id, attempt.result.items);
    const picks = pickItems({ ...attempt.result, items: named }, read.length > 0 ? read : [0], `${state.plan.seed}|${step.id}`);
    const rows = Object.values(picks).map((i) => named[i] ?? {});
    const seed: StepRecord = { id: step.id, tool: step.tool, skipped: false, args: resolved.args, result: { ...attempt.result, items: rows }, picks: Object.fromEntries(Object.keys(picks).map((slot, i) => [slot, i])), attempts: state.retries + 1, upstream: attempt.upstream };
    state.steps.push(seed);
    state.retries = 0;
    state.status = "running";
    if (!feedsLater(state.plan, step.id, { ...attempt.result, items: named })) return fail(state, `${step.tool} answered too few items to go on`);
    return nextStep(state) ? { kind: "continue" } : finish(state);
  }
  const kept = attempt.result.items.slice(0, step.keepAll ? ITEMS_KEPT_ALL : ITEMS_KEPT);
  const record: StepRecord = {
    id: step.id,
    tool: step.tool,
    skipped: false,
    args: resolved.args,
    // totalCount still says how many there were.
    result: { ...attempt.result, items: kept },
    // A call's first row is its answer (the search hit, the nearest place), as a person reading
    // it would take, unless a row carries the exact name asked for (the name a listed register's
    // row is picked by, or the search argument).
    picks: firstOrNamed(step, resolved.named ?? (step.pick?.param !== undefined ? resolved.args[step.pick.param] : undefined), kept),
    ...(resolved.named !== undefined ? { named: resolved.named } : {}),
    attempts: state.retries + 1,
    upstream: attempt.upstream,
  };
  state.steps.push(record);
  state.retries = 0;
  state.status = "running";
  if (!feedsLater(state.plan, step.id, attempt.result)) return fail(state, `${step.tool} answered too few items to go on`);
  return nextStep(state) ? { kind: "continue" } : finish(state);
}

/** The row a call's answer stands for: the one named exactly as asked (or as people say its name), else the first. */
function firstOrNamed(step: WalkStep, asked: unknown, items: readonly Record<string, unknown>[]): Record<string, number> {
  if (items.length === 0) return {};
  const pick = step.pick;
  const exact = pick ? items.findIndex((item) => String(item[pick.field] ?? "").trim() === String(asked ?? "").trim()) : -1;
  const named = pick && exact < 0 ? items.findIndex((item) => namedAs(item[pick.field], asked)) : exact;
  return { "0": Math.max(0, named) };
}

function finish(state: WalkState): Advance {
  state.status = "done";
  state.reason = null;
  return { kind: "done" };
}

function fail(state: WalkState, reason: string): Advance {
  state.status = "failed";
  state.reason = reason;
  return { kind: "failed", reason };
}
