/**
 * The reward of one completion whose calls have outcomes: a pure function of the reference (its
 * task and the gold run re-executed for it), the completion and the options. It reuses the
 * KOPA-Bench scorers (tool selection, argument match and data-flow links of score.ts, fact reading
 * of facts.ts) and adds what a training signal needs.
 *
 * Components, each in [0, 1]:
 *   format      calls that parse, name an offered tool and pass its schema, over all calls
 *   tool        tool-selection F1 against the executed gold calls
 *   args        argument agreement of the calls matched to gold calls, an unmatched gold call as 0
 *   links       data-flow edge F1 (a gold output→input link used with the value taken from an earlier
 *               result of the right tool)
 *   execution   calls that ran and answered ok, over all calls
 *   facts       expected facts the final answer states (facts.ts: for their subject, once, no hedge,
 *               no dump of tool output, the winner named as the winner; reasoning stripped) AND
 *               backed (guard 1), over expected facts
 * A completion without a single well-formed call scores 0 on every component.
 *
 * Guards, each a rule with a test:
 *   1. backing     a fact earns only when the records it is computed from (the gold items its
 *                  references select, or the totalCount it reads) are among the results the
 *                  completion obtained from calls of the same tool — a value written without the
 *                  call that returns it earns nothing, even when it is right. An obtained item backs a
 *                  gold record when every field it has equals the record's (trimmed results count).
 *   2. penalty     an invalid call (malformed, unknown tool, refused arguments) costs
 *                  `invalidCallPenalty` × its position in its run of consecutive invalid calls (a
 *                  valid call ends the run), and all of them together at most `invalidPenaltyCap`.
 *   3. first call  `firstCallBonus` when the completion's first call is well-formed.
 *
 * The answer gates the rest (`combine`): with g = 1 when every fact is stated and backed, else
 * p = `processWithoutAnswer` (0.3), weighted = (w_facts·facts + g·Σ_{other} wᵢ·cᵢ) / Σ wᵢ — a
 * completion without the whole answer (empty, a dump, a hedge, a wrong value or winner) keeps 30 %
 * of what its calls would earn plus its share of facts, well under half of the correct completion's
 * reward; binary = 1 when every fact is stated and every component with wᵢ > 0 is 1. reward = the
 * variant `mode` names + bonus − penalty.
 */
import { scoreAction, scoreResponse } from "../bench/score";
import type { PlanRun } from "../bench/plan";
import type { BenchTask } from "../bench/task";
import type { CallOutcome, CallRecord, Trajectory } from "../bench/trajectory";
import type { NormalisedResult } from "../upstream/result";
import type { ParsedEntry } from "../bench/tool-calls";
import type { Dialect } from "../bench/tool-calls";
import { COMPONENTS, weightsOf, type Component, type Components, type RewardOptions } from "./options";
import type { RewardResult } from "./schema";

export interface ResolvedCall {
  entry: ParsedEntry;
  /** Absent for a malformed call or an unknown tool (nothing was run). */
  outcome?: CallOutcome;
  /** Where the outcome came from: the completion's own tool result, or the reward service. */
  source: "rollout" | "reward" | "none";
}

export interface ResolvedStep {
  text: string;
  content: string | null;
  dialect: Dialect | null;
  calls: ResolvedCall[];
}

export interface ResolvedRollout {
  steps: ResolvedStep[];
  final: string | null;
  dialect: Dialect | null;
}

export interface ScoringReference {
  task: BenchTask;
  now: Date;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

function record(call: ResolvedCall): CallRecord {
  const { entry } = call;
  if (entry.kind !== "call") return { id: entry.id, kind: entry.kind, name: entry.name, arguments: entry.arguments, reason: entry.reason };
  return { id: entry.id, kind: "call", name: entry.name, arguments: entry.arguments, args: entry.args, ...(call.outcome ? { outcome: call.outcome } : {}) };
}

function trajectoryOf(task: BenchTask, rollout: ResolvedRollout): Trajectory {
  return {
    system: "",
    user: task.request.ko,
    steps: rollout.steps.map((s, i) => ({
      index: i + 1,
      text: s.text,
      content: s.content,
      dialect: s.dialect,
      calls: s.calls.map(record),
      modelMs: 0,
      toolMs: 0,
      stepMs: 0,
      retries: 0,
      finishReason: null,
      usage: null,
    })),
    final: rollout.final,
    stop: "answer",
    totalMs: 0,
  };
}

const wellFormed = (call: ResolvedCall) => call.entry.kind === "call" && call.outcome !== undefined && call.outcome.status !== "invalid_args";
const succeeded = (call: ResolvedCall) => call.outcome?.status === "ok" && (call.outcome.result === undefined || call.outcome.result.ok);

/** Penalty of the invalid calls (guard 2) and the longest run of consecutive ones. */
function invalidPenalty(calls: readonly ResolvedCall[], options: RewardOptions): { penalty: number; longest: number } {
  let run = 0;
  let longest = 0;
  let raw = 0;
  for (const call of calls) {
    if (wellFormed(call)) run = 0;
    else {
      run++;
      longest = Math.max(longest, run);
      raw += options.invalidCallPenalty * run;
    }
  }
  return { penalty: Math.min(options.invalidPenaltyCap, raw), longest };
}

const PROCESS: readonly Component[] = COMPONENTS.filter((c) => c !== "facts");

/**
 * The two variants. The answer gates the process: the process components (every one but facts)
 * count at `processWithoutAnswer` of their weight when no fact is stated and backed, rising
 * linearly to their full weight when every fact is; binary needs every fact whatever its weight.
 */
export function combine(components: Components, options: RewardOptions): { weighted: number; binary: 0 | 1 } {
  const weights = weightsOf(options);
  const gate = components.facts === 1 ? 1 : options.processWithoutAnswer;
  const weightSum = COMPONENTS.reduce((a, c) => a + weights[c], 0);
  const earned = weights.facts * components.facts + PROCESS.reduce((a, c) => a + weights[c] * components[c], 0) * gate;
  const binary = components.facts === 1 && COMPONENTS.every((c) => weights[c] === 0 || components[c] === 1) ? 1 : 0;
  return { weighted: round(earned / weightSum), binary };
}

export function scoreRollout(reference: ScoringReference, gold: PlanRun, rollout: ResolvedRollout, options: RewardOptions): RewardResult {
  const { task, now } = reference;
  const trajectory = trajectoryOf(task, rollout);
  const calls = rollout.steps.flatMap((s) => s.calls);
  const valid = calls.filter(wellFormed);
  const action = scoreAction(task, gold, trajectory);

  const obtained = new Map<string, NormalisedResult[]>();
  for (const call of valid) {
    const result = call.outcome?.result;
    if (call.entry.kind === "call" && result?.ok) obtained.set(call.entry.name, [...(obtained.get(call.entry.name) ?? []), result]);
  }
  const obtainedCalls = valid.flatMap((call) => {
    const result = call.outcome?.result;
    return call.entry.kind === "call" && result?.ok ? [{ tool: call.entry.name, args: call.entry.args, result }] : [];
  });
  const response = scoreResponse(task, gold, rollout.final, { stop: "answer", now, obtained, calls: obtainedCalls });
  const factChecks = response.facts.map((check) => ({ name: check.name, expected: check.expected, found: check.found, backed: check.backed, ...(check.failure ? { failure: check.failure } : {}) }));

  const anyValid = valid.length > 0;
  const components: Components = {
    format: share(valid.length, calls.length),
    tool: anyValid ? action.toolF1 : 0,
    args: !anyValid ? 0 : action.goldCalls === 0 ? 1 : (action.argAccuracy * action.matchedCalls) / action.goldCalls,
    links: anyValid ? action.edges.f1 : 0,
    execution: share(calls.filter(succeeded).length, calls.length),
    facts: !anyValid ? 0 : factChecks.length === 0 ? (rollout.final === null ? 0 : 1) : share(factChecks.filter((f) => f.found && f.backed).length, factChecks.length),
  };
  for (const c of COMPONENTS) components[c] = round(components[c]);

  const { weighted, binary } = combine(components, options);
  const first = calls[0];
  const bonus = first !== undefined && wellFormed(first) ? options.firstCallBonus : 0;
  const { penalty, longest } = invalidPenalty(calls, options);

  const invalid = {
    malformed: calls.filter((c) => c.entry.kind === "malformed").length,
    unknownTool: calls.filter((c) => c.entry.kind === "unknown_tool").length,
    invalidArgs: calls.filter((c) => c.outcome?.status === "invalid_args").length,
  };
  const failedCalls = valid.filter((c) => !succeeded(c)).length;
  const reasons = [
    ...(calls.length === 0 ? ["no_calls"] : []),
    ...(action.error_type ? [action.error_type] : []),
    ...(response.error_type ? [response.error_type] : []),
    ...factChecks.filter((f) => f.found && !f.backed).map((f) => `unbacked_fact:${f.name}`),
    ...factChecks.filter((f) => !f.found && f.failure === "dump").map(() => "dump"),
    ...(failedCalls > 0 ? [`failed_calls:${failedCalls}`] : []),
  ];
  return {
    reward: round((options.mode === "binary" ? binary : weighted) + bonus - penalty),
    weighted,
    binary,
    components,
    bonus,
    penalty: round(penalty),
    reasons: [...new Set(reasons)],
    details: {
      dialect: rollout.dialect,
      turns: rollout.steps.length,
      calls: calls.length,
      wellFormedCalls: valid.length,
      invalidCalls: invalid,
      longestInvalidRun: longest,
      failedCalls,
      resultsFromRollout: calls.filter((c) => c.source === "rollout").length,
      executedByReward: calls.filter((c) => c.source === "reward").length,
      goldCalls: action.goldCalls,
      matchedCalls: action.matchedCalls,
      links: { gold: action.edges.gold, used: action.edges.used },
      finalAnswer: rollout.final !== null,
      facts: factChecks,
    },
  };
}
