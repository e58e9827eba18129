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
 *   facts       expected facts present in the final answer AND backed (guard 1), over expected facts
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
 * weighted = Σ wᵢ·cᵢ / Σ wᵢ; binary = 1 when every component with wᵢ > 0 is 1; reward = the variant
 * `mode` names + bonus − penalty.
 */
import { canonical, scoreAction, scoreResponse } from "../bench/score";
import { factRecords, type FactRecords, type PlanRun } from "../bench/plan";
import type { BenchTask } from "../bench/task";
import type { CallOutcome, CallRecord, Trajectory } from "../bench/trajectory";
import type { Item, NormalisedResult } from "../upstream/result";
import type { ParsedEntry } from "../bench/tool-calls";
import type { Dialect } from "../bench/tool-calls";
import { COMPONENTS, weightsOf, type Components, type RewardOptions } from "./options";
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

/** Whether an obtained item stands for a gold record: every field it has is the record's. */
function backs(obtained: Item, gold: Item): boolean {
  const keys = Object.keys(obtained);
  return keys.length > 0 && keys.every((k) => canonical(obtained[k]) === canonical(gold[k]));
}

function backedBy(records: readonly FactRecords[], obtained: ReadonlyMap<string, NormalisedResult[]>): boolean {
  return records.every((need) => {
    const results = obtained.get(need.tool) ?? [];
    const items = results.flatMap((r) => r.items);
    const countOk = need.totalCount === undefined || results.some((r) => r.totalCount === need.totalCount);
    return countOk && need.items.every((gold) => items.some((item) => backs(item, gold)));
  });
}

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

export function scoreRollout(reference: ScoringReference, gold: PlanRun, rollout: ResolvedRollout, options: RewardOptions): RewardResult {
  const { task, now } = reference;
  const trajectory = trajectoryOf(task, rollout);
  const calls = rollout.steps.flatMap((s) => s.calls);
  const valid = calls.filter(wellFormed);
  const action = scoreAction(task, gold, trajectory);
  const response = scoreResponse(task, gold, rollout.final, "answer");

  const obtained = new Map<string, NormalisedResult[]>();
  for (const call of valid) {
    const result = call.outcome?.result;
    if (call.entry.kind === "call" && result?.ok) obtained.set(call.entry.name, [...(obtained.get(call.entry.name) ?? []), result]);
  }
  const factChecks = response.facts.map((check) => {
    const fact = task.answer.facts.find((f) => f.name === check.name);
    const records = fact ? factRecords({ ...task, answer: { facts: [fact] } }, gold, now) : [];
    return { name: check.name, expected: check.expected, found: check.found, backed: backedBy(records, obtained) };
  });

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

  const weights = weightsOf(options);
  const weightSum = COMPONENTS.reduce((a, c) => a + weights[c], 0);
  const weighted = round(COMPONENTS.reduce((a, c) => a + weights[c] * components[c], 0) / weightSum);
  const binary = COMPONENTS.every((c) => weights[c] === 0 || components[c] === 1) ? 1 : 0;
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
