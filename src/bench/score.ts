/**
 * KOPA-Bench scorers: pure functions of (task, the gold run re-executed at evaluation time, the
 * attempt's trajectory). Each returns its measures and, when not perfect, a typed reason
 * (`missing_fact:최고 거래가`, `wrong_tool:tour_detail_intro`, `broken_link:s1->s2.contentId`,
 * `missing_records:s3` …). A task passes when RESPONSE holds: every expected fact is in the answer.
 *
 * RESPONSE     every answer fact stated in the final answer (reasoning stripped) — for its subject,
 *              once: no hedge, no dump of tool output, the winner named as the winner (facts.ts) —
 *              AND backed: the records it is computed from are among the results of the attempt's
 *              own calls (evidence.ts), so a right answer without the calls that return it fails
 *              (`unbacked_fact:…`), as in the reward.
 * ACTION       tool selection precision/recall/F1 against the executed gold calls (multisets of tool
 *              names); argument accuracy of the model calls matched one-to-one to gold calls of the
 *              same tool (arguments compared after the tool's schema applied defaults); data-flow
 *              edge F1 — a gold link "output of step A → parameter p of step B" is used when the
 *              model's call matched to B has the gold value in p and that value appears in the output
 *              (a field, the totalCount or the item count) of an earlier model call of A's tool; a
 *              model link is a parameter value the model took from an earlier result (values of 2+
 *              characters not in the request, and not where the matched gold step has a literal);
 *              invalid calls (malformed, unknown tool, refused arguments), redundant calls (exact
 *              repeats the gold plan does not make), calls beyond the matched ones, and calling steps
 *              over the gold plan's depth.
 * ENVIRONMENT  the records the answer facts are computed from (plan.ts factRecords) appear among the
 *              results of the model's calls of the same tool.
 */
import { findTool } from "../catalog";
import type { Item, NormalisedResult } from "../upstream/result";
import { canonical, sameCanonical } from "./canonical";
import { answerContext, factBacking, type Obtained } from "./evidence";
import { checkAnswer, stripThinking, type FactCheck } from "./facts";
import { factRecords, goldDepth, referenceCandidates, withStepResult, type PlanRun } from "./plan";
import { referencesIn, type BenchTask } from "./task";
import { callingSteps, toolCalls, type CallRecord, type Trajectory } from "./trajectory";

export { canonical };

/** A fact as the answer states it, and whether the solver's own results back it. */
export type ResponseFact = FactCheck & { backed: boolean };

export interface ResponseScore {
  valid: boolean;
  error_type?: string;
  facts: ResponseFact[];
  /** Share of expected facts stated and backed. */
  recall: number;
}

export interface EdgeScore {
  gold: number;
  used: number;
  model: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface ActionScore {
  valid: boolean;
  error_type?: string;
  goldCalls: number;
  /** Calls of known tools that the gateway accepted (their answer may still be an error). */
  validCalls: number;
  invalidCalls: { malformed: number; unknownTool: number; invalidArgs: number; total: number };
  /** Accepted calls whose answer was an error (upstream failure, snapshot miss …). */
  failedCalls: number;
  toolPrecision: number;
  toolRecall: number;
  toolF1: number;
  matchedCalls: number;
  /** Mean share of arguments equal to the gold call's, over matched calls (1 when none matched). */
  argAccuracy: number;
  /** Matched calls whose arguments are all equal to the gold call's. */
  exactArgCalls: number;
  edges: EdgeScore;
  redundantCalls: number;
  extraCalls: number;
  steps: number;
  goldMinSteps: number;
  stepsOver: number;
}

export interface EnvironmentScore {
  valid: boolean;
  error_type?: string;
  required: number;
  found: number;
  recall: number;
  /** Gold steps whose records were not all retrieved. */
  missing: string[];
}

export interface KopaScore {
  suite: "kopa";
  pass: boolean;
  error_type?: string;
  response: ResponseScore;
  action: ActionScore;
  environment: EnvironmentScore;
}

const ratio = (a: number, b: number, empty = 1) => (b === 0 ? empty : a / b);
const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

// ---------------------------------------------------------------------------------------------
// RESPONSE

/** How the answer is scored besides its text: why the attempt stopped, when, and what the solver obtained. */
export interface ResponseInput {
  stop?: Trajectory["stop"];
  now: Date;
  /** The successful results of the solver's own calls, by tool: a fact counts only when they back it. */
  obtained: Obtained;
  /** The solver's successful calls with their arguments: where the plan allows another choice (`anyOf`), its facts count too. */
  calls?: readonly ObtainedCall[];
}

export interface ObtainedCall {
  tool: string;
  args: Record<string, unknown>;
  result: NormalisedResult;
}

/**
 * The gold run as the solver's own choice makes it, for each step whose plan says any of several
 * values is as valid (`anyOf`): a call of the step's tool with another admitted value and otherwise
 * the gold arguments gives the facts of that choice.
 */
export function alternativeRuns(task: BenchTask, gold: PlanRun, now: Date, calls: readonly ObtainedCall[]): PlanRun[] {
  const runs: PlanRun[] = [];
  for (const step of task.plan) {
    const trace = gold.steps.find((s) => s.id === step.id && !s.skipped);
    if (!step.anyOf || !trace) continue;
    const goldArgs = parsedArgs(step.tool, trace.args);
    for (const [param, source] of Object.entries(step.anyOf)) {
      const admitted = new Set((referenceCandidates(source, gold, now) ?? []).map((v) => canonical(v)));
      for (const call of calls) {
        if (call.tool !== step.tool) continue;
        const args = parsedArgs(call.tool, call.args);
        const chosen = canonical(args[param]);
        if (chosen === canonical(goldArgs[param]) || !admitted.has(chosen)) continue;
        const same = Object.keys({ ...goldArgs, ...args }).every((k) => k === param || sameCanonical(args[k], goldArgs[k]));
        const run = same ? withStepResult(task, gold, step.id, args, call.result, now) : null;
        if (run) runs.push(run);
      }
    }
  }
  return runs;
}

const FAILURE_REASON = { missing: "missing_fact", hedge: "hedged_fact", wrong_winner: "wrong_winner", other_subject: "other_subject", dump: "dump" } as const;

/** The response scored against the gold run and against every equally valid choice the solver made; the first that holds wins. */
export function scoreResponse(task: BenchTask, gold: PlanRun, final: string | null, input: ResponseInput): ResponseScore {
  const first = scoreAgainst(task, gold, final, input);
  if (first.valid) return first;
  for (const run of alternativeRuns(task, gold, input.now, input.calls ?? [])) {
    const score = scoreAgainst(task, run, final, input);
    if (score.valid) return score;
  }
  return first;
}

function scoreAgainst(task: BenchTask, gold: PlanRun, final: string | null, input: ResponseInput): ResponseScore {
  const stop = input.stop ?? "answer";
  const expected = task.answer.facts.filter((f) => f.name in gold.facts);
  const backing = factBacking(task, gold, input.now, input.obtained);
  const answer = final === null ? "" : stripThinking(final);
  if (answer.trim() === "") {
    const facts = expected.map((f): ResponseFact => ({ name: f.name, kind: f.kind, unit: f.unit ?? null, expected: gold.facts[f.name] ?? "", found: false, failure: "missing", backed: backing[f.name] ?? false }));
    return { valid: false, error_type: stop === "answer" ? "no_answer" : `no_answer:${stop}`, facts, recall: 0 };
  }
  const obtainedResults = [...input.obtained.values()].flat();
  const checks = checkAnswer(expected, gold.facts, answer, answerContext(task, gold, input.now, obtainedResults));
  const facts = checks.map((c): ResponseFact => ({ ...c, backed: backing[c.name] ?? false }));
  const counted = facts.filter((f) => f.found && f.backed);
  const recall = ratio(counted.length, facts.length);
  const wrong = facts.find((f) => !f.found);
  if (wrong) return { valid: false, error_type: wrong.failure === "dump" ? "dump" : `${FAILURE_REASON[wrong.failure ?? "missing"]}:${wrong.name}`, facts, recall };
  const unbacked = facts.find((f) => !f.backed);
  if (unbacked) return { valid: false, error_type: `unbacked_fact:${unbacked.name}`, facts, recall };
  return { valid: true, facts, recall };
}

/** Successful calls of the trajectory with their arguments. */
export function obtainedCalls(trajectory: Trajectory): ObtainedCall[] {
  return toolCalls(trajectory).flatMap((call) => {
    const result = call.outcome?.status === "ok" ? call.outcome.result : undefined;
    return result?.ok && call.name !== null ? [{ tool: call.name, args: call.args ?? {}, result }] : [];
  });
}

/** Successful results of the trajectory's calls, by tool name. */
export function obtainedResults(trajectory: Trajectory): Map<string, NormalisedResult[]> {
  const obtained = new Map<string, NormalisedResult[]>();
  for (const call of toolCalls(trajectory)) {
    const result = call.outcome?.status === "ok" ? call.outcome.result : undefined;
    if (result?.ok && call.name !== null) obtained.set(call.name, [...(obtained.get(call.name) ?? []), result]);
  }
  return obtained;
}

// ---------------------------------------------------------------------------------------------
// ACTION

interface GoldCall {
  id: string;
  tool: string;
  args: Record<string, unknown>;
}

/** Arguments as the gateway would send them (schema defaults applied); raw when they do not parse. */
function parsedArgs(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const spec = findTool(tool);
  const parsed = spec?.params.safeParse(args);
  return parsed?.success ? (parsed.data as Record<string, unknown>) : args;
}

function argAgreement(gold: Record<string, unknown>, model: Record<string, unknown>): { share: number; firstDiff?: string } {
  const keys = [...new Set([...Object.keys(gold), ...Object.keys(model)])].sort();
  if (keys.length === 0) return { share: 1 };
  const diffs = keys.filter((k) => !sameCanonical(gold[k], model[k]));
  return diffs.length === 0 ? { share: 1 } : { share: 1 - diffs.length / keys.length, firstDiff: diffs[0] ?? "" };
}

interface ModelCall {
  record: CallRecord;
  step: number;
  args: Record<string, unknown>;
}

/** One-to-one matching of gold calls to model calls of the same tool, best arguments first. */
function matchCalls(gold: GoldCall[], model: ModelCall[]): Map<string, { call: ModelCall; share: number; firstDiff?: string }> {
  const used = new Set<ModelCall>();
  const matches = new Map<string, { call: ModelCall; share: number; firstDiff?: string }>();
  for (const g of gold) {
    let best: { call: ModelCall; share: number; firstDiff?: string } | undefined;
    for (const m of model) {
      if (used.has(m) || m.record.name !== g.tool) continue;
      const agreement = argAgreement(g.args, m.args);
      if (!best || agreement.share > best.share) best = { call: m, ...agreement };
    }
    if (best) {
      used.add(best.call);
      matches.set(g.id, best);
    }
  }
  return matches;
}

function scalars(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(scalars);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(scalars);
  return value === null || value === undefined ? [] : [value];
}

/** Whether a scalar argument could have been taken from a field value (as is, sliced, zero-padded). */
function derivable(arg: unknown, field: unknown): boolean {
  if (field === null || field === undefined || typeof field === "object") return false;
  const a = String(arg);
  const f = String(field);
  if (a === f || a === f.padStart(4, "0")) return true;
  if (a.trim() !== "" && f.trim() !== "" && Number.isFinite(Number(a)) && Number.isFinite(Number(f)) && Number(a) === Number(f)) return true;
  return a.length >= 2 && f.includes(a);
}

/** Whether a call's output holds the value: in a field, or as its totalCount or its number of items. */
function outputHas(call: ModelCall, arg: unknown): boolean {
  const result = call.record.outcome?.result;
  if (!result?.ok) return false;
  const items: readonly Item[] = result.items;
  return derivable(arg, result.totalCount) || derivable(arg, items.length) || items.some((item) => Object.values(item).some((v) => derivable(arg, v)));
}

/** Whether every scalar of a value appears in the output of an earlier call of the tool. */
function takenFrom(model: readonly ModelCall[], tool: string, before: number, value: unknown): boolean {
  const sources = model.filter((m) => m.record.name === tool && m.step < before);
  return scalars(value).every((part) => sources.some((s) => outputHas(s, part)));
}

/** A value worth calling a link: not trivial and not simply copied from the request. */
function substantial(value: unknown, request: string): boolean {
  const text = String(value);
  if (text.length < 2 || request.includes(text)) return false;
  return typeof value === "string" || typeof value === "number";
}

function scoreEdges(task: BenchTask, gold: PlanRun, goldCalls: GoldCall[], model: ModelCall[], matches: ReturnType<typeof matchCalls>, request: string): { score: EdgeScore; firstBroken?: string } {
  const ran = new Map(gold.steps.filter((s) => !s.skipped).map((s) => [s.id, s]));
  const parsedGold = new Map(goldCalls.map((g) => [g.id, g.args]));
  const goldLinks: { from: string; to: string; param: string; fromTool: string; value: unknown }[] = [];
  for (const step of task.plan) {
    const trace = ran.get(step.id);
    if (!trace) continue;
    for (const [param, value] of Object.entries(step.args)) {
      for (const from of new Set(referencesIn(value).map((r) => r.step))) {
        const source = ran.get(from);
        if (source) goldLinks.push({ from, to: step.id, param, fromTool: source.tool, value: parsedGold.get(step.id)?.[param] ?? trace.args[param] });
      }
    }
  }
  // Model links: for each (call, parameter), the tools of earlier calls whose output holds the value.
  // Where the call stands for a gold step whose parameter is a literal (a keyword, a radius, a
  // month), a value that also happens to occur in an output is not a link.
  const goldOf = new Map([...matches.entries()].map(([id, m]) => [m.call, task.plan.find((step) => step.id === id)]));
  const modelLinks = new Map<string, { call: ModelCall; param: string; fromTools: Set<string> }>();
  for (const call of model) {
    const goldStep = goldOf.get(call);
    for (const [param, value] of Object.entries(call.record.args ?? {})) {
      const goldArg = goldStep?.args[param];
      if (goldStep && (goldArg === undefined || referencesIn(goldArg).length === 0)) continue;
      const parts = scalars(value).filter((v) => substantial(v, request));
      if (parts.length === 0) continue;
      const fromTools = new Set<string>();
      for (const earlier of model) {
        if (earlier.step >= call.step || earlier.record.name === null) continue;
        if (parts.every((p) => outputHas(earlier, p))) fromTools.add(earlier.record.name);
      }
      if (fromTools.size > 0) modelLinks.set(`${call.record.id}:${param}`, { call, param, fromTools });
    }
  }
  let used = 0;
  let matchedModel = 0;
  let firstBroken: string | undefined;
  for (const link of goldLinks) {
    const target = matches.get(link.to)?.call;
    const ok = target !== undefined && canonical(target.args[link.param]) === canonical(link.value) && takenFrom(model, link.fromTool, target.step, link.value);
    if (ok) used++;
    else firstBroken ??= `${link.from}->${link.to}.${link.param}`;
  }
  for (const link of modelLinks.values()) {
    const goldId = [...matches.entries()].find(([, m]) => m.call === link.call)?.[0];
    if (goldId && goldLinks.some((g) => g.to === goldId && g.param === link.param && link.fromTools.has(g.fromTool))) matchedModel++;
  }
  const precision = ratio(matchedModel, modelLinks.size);
  const recall = ratio(used, goldLinks.length);
  const score = { gold: goldLinks.length, used, model: modelLinks.size, matched: matchedModel, precision, recall, f1: f1(precision, recall) };
  return firstBroken === undefined ? { score } : { score, firstBroken };
}

export function scoreAction(task: BenchTask, gold: PlanRun, trajectory: Trajectory): ActionScore {
  const goldCalls: GoldCall[] = gold.steps.filter((s) => !s.skipped).map((s) => ({ id: s.id, tool: s.tool, args: parsedArgs(s.tool, s.args) }));
  const all = trajectory.steps.flatMap((s) => s.calls.map((record) => ({ record, step: s.index })));
  const invalidCalls = {
    malformed: all.filter((c) => c.record.kind === "malformed").length,
    unknownTool: all.filter((c) => c.record.kind === "unknown_tool").length,
    invalidArgs: all.filter((c) => c.record.outcome?.status === "invalid_args").length,
    total: 0,
  };
  invalidCalls.total = invalidCalls.malformed + invalidCalls.unknownTool + invalidCalls.invalidArgs;
  const model: ModelCall[] = all
    .filter((c) => c.record.kind === "call" && c.record.outcome?.status !== "invalid_args" && c.record.name !== null)
    .map((c) => ({ ...c, args: parsedArgs(c.record.name ?? "", c.record.args ?? {}) }));
  const failedCalls = model.filter((c) => c.record.outcome?.status === "error" || c.record.outcome?.result?.ok === false).length;

  const count = (names: string[]) => names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
  const goldTools = count(goldCalls.map((g) => g.tool));
  const modelTools = count(model.map((m) => m.record.name ?? ""));
  let toolMatches = 0;
  for (const [tool, n] of goldTools) toolMatches += Math.min(n, modelTools.get(tool) ?? 0);
  const toolPrecision = ratio(toolMatches, model.length, goldCalls.length === 0 ? 1 : 0);
  const toolRecall = ratio(toolMatches, goldCalls.length);

  const matches = matchCalls(goldCalls, model);
  const shares = [...matches.values()].map((m) => m.share);
  const argAccuracy = shares.length === 0 ? 1 : shares.reduce((a, b) => a + b, 0) / shares.length;
  const exactArgCalls = shares.filter((s) => s === 1).length;
  const { score: edges, firstBroken } = scoreEdges(task, gold, goldCalls, model, matches, trajectory.user);

  // A repeat is redundant unless the gold plan repeats that call too (two items of one district).
  const goldRepeats = count(goldCalls.map((g) => `${g.tool}:${canonical(g.args)}`));
  const modelRepeats = count(model.map((m) => `${m.record.name}:${canonical(m.args)}`));
  let redundantCalls = 0;
  for (const [key, n] of modelRepeats) redundantCalls += Math.max(0, n - Math.max(1, goldRepeats.get(key) ?? 0));
  const steps = callingSteps(trajectory).length;
  const goldMinSteps = goldDepth(task, gold);
  const score: ActionScore = {
    valid: true,
    goldCalls: goldCalls.length,
    validCalls: model.length,
    invalidCalls,
    failedCalls,
    toolPrecision,
    toolRecall,
    toolF1: f1(toolPrecision, toolRecall),
    matchedCalls: matches.size,
    argAccuracy,
    exactArgCalls,
    edges,
    redundantCalls,
    extraCalls: model.length - matches.size,
    steps,
    goldMinSteps,
    stepsOver: Math.max(0, steps - goldMinSteps),
  };
  const missingTool = [...goldTools].find(([tool, n]) => (modelTools.get(tool) ?? 0) < n)?.[0];
  const extraTool = [...modelTools].find(([tool, n]) => (goldTools.get(tool) ?? 0) < n)?.[0];
  const wrongArgs = [...matches.entries()].find(([, m]) => m.share < 1);
  const reason =
    (missingTool && `wrong_tool:${missingTool}`) ||
    (wrongArgs && `wrong_args:${wrongArgs[0]}.${wrongArgs[1].firstDiff ?? ""}`) ||
    (firstBroken && `broken_link:${firstBroken}`) ||
    (invalidCalls.total > 0 && `invalid_calls:${invalidCalls.total}`) ||
    (redundantCalls > 0 && `redundant_calls:${redundantCalls}`) ||
    (extraTool && `extra_tool:${extraTool}`) ||
    (score.stepsOver > 0 && `over_steps:${score.stepsOver}`) ||
    undefined;
  return reason ? { ...score, valid: false, error_type: reason } : score;
}

// ---------------------------------------------------------------------------------------------
// ENVIRONMENT

export function scoreEnvironment(task: BenchTask, gold: PlanRun, trajectory: Trajectory, now: Date): EnvironmentScore {
  const needed = factRecords(task, gold, now);
  const calls = toolCalls(trajectory);
  let required = 0;
  let found = 0;
  const missing: string[] = [];
  // Each tool's results and their items written out once, however many needed records come from it.
  const okResults = (tool: string) => calls.filter((c) => c.name === tool && c.outcome?.result?.ok).flatMap((c) => (c.outcome?.result ? [c.outcome.result] : []));
  const pools = new Map<string, { results: ReturnType<typeof okResults>; items: Set<string> }>();
  for (const need of needed) {
    let known = pools.get(need.tool);
    if (!known) {
      const results = okResults(need.tool);
      known = { results, items: new Set(results.flatMap((r) => r.items.map(canonical))) };
      pools.set(need.tool, known);
    }
    const { results, items: pool } = known;
    const hits = need.items.filter((item) => pool.has(canonical(item))).length;
    const countOk = need.totalCount === undefined || results.some((r) => r.totalCount === need.totalCount);
    required += need.items.length + (need.totalCount === undefined ? 0 : 1);
    found += hits + (need.totalCount !== undefined && countOk ? 1 : 0);
    if (hits < need.items.length || !countOk) missing.push(need.step);
  }
  const recall = ratio(found, required);
  return missing.length === 0 ? { valid: true, required, found, recall, missing } : { valid: false, error_type: `missing_records:${missing.join(",")}`, required, found, recall, missing };
}

/** All three scores of one attempt; the attempt passes when its answer holds every fact. */
export function scoreKopaAttempt(task: BenchTask, gold: PlanRun, trajectory: Trajectory, now: Date): KopaScore {
  const response = scoreResponse(task, gold, trajectory.final, { stop: trajectory.stop, now, obtained: obtainedResults(trajectory), calls: obtainedCalls(trajectory) });
  const action = scoreAction(task, gold, trajectory);
  const environment = scoreEnvironment(task, gold, trajectory, now);
  const error_type = trajectory.stop === "model_error" ? `model_error:${trajectory.modelError?.reason ?? "unknown"}` : response.error_type;
  return { suite: "kopa", pass: response.valid, ...(error_type ? { error_type } : {}), response, action, environment };
}
