/**
 * One reward request: resolve the reference and its gold run, read each completion, give every
 * call an outcome (the rollout's own tool result, or the gateway's answer through the request's
 * deduplicating runner) and score the completions with score.ts. `POST /v1/reward` is a group of
 * one. Nothing here depends on the order in which calls finish, so identical input gets an
 * identical result.
 */
import type { z } from "zod";
import { ApiError } from "../app/errors";
import { canonical } from "../bench/score";
import type { CallDeps } from "../gateway/call";
import { callRunner, checkCall, type CallRunner, type RunOutcome } from "./execute";
import type { RewardOptions } from "./options";
import { driftOf, goldRun, resolveReference, resolverOf, type ReferenceBody } from "./reference";
import { readCompletion, type Rollout, type RolloutCall } from "./rollout";
import type { CompletionInput, referenceInfoSchema, RewardResult, rewardStatsSchema } from "./schema";
import { scoreRollout, type ResolvedCall, type ResolvedRollout } from "./score";

export type ReferenceInfo = z.infer<typeof referenceInfoSchema>;
export type RewardStats = z.infer<typeof rewardStatsSchema>;

export interface RewardGroup {
  reference: ReferenceInfo;
  results: RewardResult[];
  stats: RewardStats;
}

/**
 * Distinct calls one request may run: a group of 16 completions of a 40-step plan stays far below,
 * and a body that asks for more is refused before anything runs (the Worker's subrequests and
 * D1 reads are per request).
 */
const MAX_DISTINCT_CALLS = 256;

type Plan = { kind: "none" } | { kind: "refused"; outcome: RunOutcome } | { kind: "given"; outcome: NonNullable<ResolvedCall["outcome"]> } | { kind: "run"; tool: string; args: Record<string, unknown> };

/**
 * What a call gets: malformed calls and unknown tools no outcome; arguments the tool's schema
 * refuses `invalid_args`, whatever the rollout says; a readable tool result of the rollout is the
 * call's answer (unless `execute: "all"`); anything else runs through the gateway.
 */
function planCall(call: RolloutCall, options: RewardOptions): Plan {
  const { entry, given } = call;
  if (entry.kind !== "call") return { kind: "none" };
  const checked = checkCall(entry.name, entry.args);
  if ("refused" in checked) return { kind: "refused", outcome: checked.refused };
  if (given?.kind === "result" && options.execute === "missing") return { kind: "given", outcome: { status: "ok", result: given.result, ms: 0 } };
  return { kind: "run", tool: checked.tool, args: checked.args };
}

async function resolveCall(call: RolloutCall, run: CallRunner, options: RewardOptions): Promise<ResolvedCall> {
  const { entry } = call;
  const plan = planCall(call, options);
  switch (plan.kind) {
    case "none":
      return { entry, source: "none" };
    case "refused":
      return { entry, outcome: stripped(plan.outcome), source: "none" };
    case "given":
      return { entry, outcome: plan.outcome, source: "rollout" };
    case "run":
      return { entry, outcome: stripped(await run(plan.tool, plan.args)), source: "reward" };
  }
}

function requireBudget(rollouts: readonly Rollout[], goldSteps: number, options: RewardOptions): void {
  const distinct = new Set<string>();
  for (const call of rollouts.flatMap((r) => r.steps.flatMap((s) => s.calls))) {
    const plan = planCall(call, options);
    if (plan.kind === "run") distinct.add(`${plan.tool}:${canonical(plan.args)}`);
  }
  if (distinct.size + goldSteps > MAX_DISTINCT_CALLS) {
    throw new ApiError("PAYLOAD_TOO_LARGE", `the completions ask for ${distinct.size} distinct tool calls; at most ${MAX_DISTINCT_CALLS - goldSteps} run per request for this prompt`, "completions");
  }
}

/** The outcome as the scorers read it: without the timing and the cache outcome, which vary between requests. */
function stripped(outcome: RunOutcome): NonNullable<ResolvedCall["outcome"]> {
  const { status, result, error } = outcome;
  return { status, ms: 0, ...(result ? { result } : {}), ...(error ? { error } : {}) };
}

async function resolveRollout(rollout: Rollout, run: CallRunner, options: RewardOptions): Promise<ResolvedRollout> {
  const steps = await Promise.all(rollout.steps.map(async (step) => ({ ...step, calls: await Promise.all(step.calls.map((call) => resolveCall(call, run, options))) })));
  return { steps, final: rollout.final, dialect: rollout.dialect };
}

export async function rewardGroup(deps: CallDeps, body: ReferenceBody, completions: readonly CompletionInput[]): Promise<RewardGroup> {
  const started = Date.now();
  const reference = await resolveReference(deps.db, deps.team.id, body, new Date(started));
  const resolve = resolverOf(reference);
  const rollouts = completions.map((completion) => readCompletion(completion, resolve));
  requireBudget(rollouts, reference.task.plan.length, body.options);

  const runner = callRunner({ ...deps, now: reference.now, ...(reference.asOf ? { asOf: reference.asOf } : {}) }, reference.snapshot, body.options);
  const gold = await goldRun(reference, runner.run, started);
  if (gold.memo) for (const step of gold.run.steps) if (step.result) runner.seed(step.tool, step.args, step.result);
  const resolved = await Promise.all(rollouts.map((rollout) => resolveRollout(rollout, runner.run, body.options)));
  const results = resolved.map((rollout) => scoreRollout({ task: reference.task, now: reference.now }, gold.run, rollout, body.options));

  const calls = resolved.flatMap((r) => r.steps.flatMap((s) => s.calls));
  return {
    reference: {
      exampleId: reference.exampleId,
      fingerprint: reference.fingerprint,
      snapshot: reference.snapshot,
      now: reference.now.toISOString(),
      goldCalls: gold.run.steps.filter((s) => !s.skipped).length,
      facts: gold.run.facts,
      drift: driftOf(reference, gold.run),
    },
    results,
    stats: {
      completions: completions.length,
      calls: calls.length,
      executedByReward: calls.filter((c) => c.source === "reward").length,
      gatewayCalls: runner.stats.gatewayCalls,
      upstreamCalls: runner.stats.upstreamCalls,
      goldMemo: gold.memo,
      ms: Date.now() - started,
    },
  };
}
