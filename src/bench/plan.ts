/**
 * Executes a task's gold plan over a tool-calling callback (the sandbox, the gateway or a replay
 * snapshot): resolves time tokens and references, runs each step once its inputs are known
 * (independent steps concurrently), skips steps whose condition fails and computes the answer
 * facts. Pure apart from the callback. A failed call, an unresolvable reference or an empty fact
 * ends the run with `ok: false` and a reason: at evaluation time that task is unscorable, not a
 * model failure.
 */
import { resolveTimeToken } from "../catalog/examples";
import type { NormalisedResult } from "../upstream/result";
import {
  dependenciesOf,
  isTimeToken,
  parseReference,
  type Aggregate,
  type ArgValue,
  type BenchTask,
  type Condition,
  type Fact,
  type FilterClause,
  type Operand,
  type Pipe,
  type PlanStep,
  type Reference,
} from "./task";

export type CallTool = (tool: string, args: Record<string, unknown>) => Promise<NormalisedResult>;

export interface StepTrace {
  id: string;
  tool: string;
  /** Arguments after resolving references and time tokens (empty for a skipped step). */
  args: Record<string, unknown>;
  result: NormalisedResult | null;
  skipped: boolean;
}

export type FactValue = number | string | string[];

export interface PlanFailure {
  /** The step id, or `fact:<name>` when an answer fact could not be computed. */
  step: string;
  reason: string;
}

export interface PlanRun {
  ok: boolean;
  /** Steps that ran or were skipped, in plan order. */
  steps: StepTrace[];
  /** Facts computed so far; a fact of a branch not taken is absent. */
  facts: Record<string, FactValue>;
  error?: PlanFailure;
}

/** What a reference to a skipped step resolves to. */
export const SKIPPED = "skipped";

class PlanError extends Error {}

type Done = { skipped: true } | { skipped: false; result: NormalisedResult };

const isEmpty = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

function toNumber(value: unknown, what: string): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : NaN;
  if (!Number.isFinite(n)) throw new PlanError(`${what}: ${JSON.stringify(value)} is not a number`);
  return n;
}

function applyPipe(value: unknown, pipe: Pipe, source: string): unknown {
  if (pipe.kind === "count") {
    if (!Array.isArray(value)) throw new PlanError(`${source}: |count of a non-list`);
    return value.length;
  }
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? v : applyPipe(v, pipe, source)));
  switch (pipe.kind) {
    case "number":
      return toNumber(value, source);
    case "string":
      return String(value);
    case "pad4":
      return String(value).padStart(4, "0");
    case "slice":
      return String(value).slice(pipe.start, pipe.end);
  }
}

function matches(item: Record<string, unknown>, clause: FilterClause, now: Date): boolean {
  const expected = clause.value.kind === "time" ? resolveTimeToken(clause.value.token, now) : clause.value.text;
  const actual = item[clause.field];
  const text = actual === null || actual === undefined ? "" : String(actual);
  if (clause.op === "~=") return text.includes(expected);
  return clause.op === "=" ? text === expected : text !== expected;
}

function filterText(clauses: FilterClause[]): string {
  return clauses.map((c) => `${c.field}${c.op}${c.value.kind === "time" ? `@${c.value.token}` : c.value.text}`).join("&");
}

/** Resolves one reference against the finished steps. */
function resolveReference(ref: Reference, done: ReadonlyMap<string, Done>, now: Date): unknown {
  const state = done.get(ref.step);
  if (!state) throw new PlanError(`${ref.source}: step ${ref.step} has not run`);
  if (state.skipped) return SKIPPED;
  const { result } = state;
  let value: unknown;
  if (ref.target.kind === "totalCount") value = result.totalCount;
  else {
    const { selector, field } = ref.target;
    const { items } = result;
    // An absent optional field reads as null: a condition may test it with `empty`, and a fact
    // built on it fails as empty. Field names themselves are checked against the tool by checkTask.
    const pickField = (item: Record<string, unknown>) => (field === undefined ? item : (item[field] ?? null));
    switch (selector.kind) {
      case "index": {
        const item = items.at(selector.index);
        if (!item) throw new PlanError(`${ref.source}: ${ref.step} returned ${items.length} item(s)`);
        value = pickField(item);
        break;
      }
      case "all":
        value = items.map(pickField);
        break;
      case "filter": {
        const hits = items.filter((item) => selector.clauses.every((c) => matches(item, c, now)));
        if (selector.all) value = hits.map(pickField);
        else {
          const nth = selector.nth ?? 0;
          const chosen = hits[nth];
          if (!chosen) throw new PlanError(`${ref.source}: ${hits.length === 0 ? "none" : `only ${hits.length}`} of the ${items.length} item(s) of ${ref.step} matches ?${filterText(selector.clauses)}`);
          value = pickField(chosen);
        }
        break;
      }
    }
  }
  return ref.pipes.reduce((v, pipe) => applyPipe(v, pipe, ref.source), value);
}

function resolveArg(value: ArgValue, done: ReadonlyMap<string, Done>, now: Date): unknown {
  if (typeof value === "string") return value.startsWith("$") ? resolveReference(parseReference(value), done, now) : value;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => resolveArg(v, done, now));
  if (isTimeToken(value)) return resolveTimeToken(value.$time, now);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveArg(v, done, now)]));
}

function equalValues(left: unknown, right: string | number | boolean): boolean {
  const asNumber = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);
  const l = asNumber(left);
  const r = asNumber(right);
  if (Number.isFinite(l) && Number.isFinite(r)) return l === r;
  return left !== null && left !== undefined && String(left) === String(right);
}

/** Evaluates a condition; a condition on a skipped step is false. */
function holds(condition: Condition, done: ReadonlyMap<string, Done>, now: Date): boolean {
  const ref = parseReference(condition.left);
  if (done.get(ref.step)?.skipped) return false;
  const left = resolveReference(ref, done, now);
  const { op, right } = condition;
  switch (op) {
    case "empty":
      return isEmpty(left);
    case "nonempty":
      return !isEmpty(left);
    case "==":
      return right !== undefined && equalValues(left, right);
    case "!=":
      return right !== undefined && !equalValues(left, right);
    default: {
      const l = toNumber(left, condition.left);
      const r = toNumber(right, `${op} operand`);
      return op === ">" ? l > r : op === ">=" ? l >= r : op === "<" ? l < r : l <= r;
    }
  }
}

function numbersOf(list: unknown[], what: string): number[] {
  return list.filter((v) => !isEmpty(v)).map((v) => toNumber(v, what));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Aggregates ignore null and blank elements (a station's missing hour, an absent optional
 * field); count counts every element. max/min/avg/argmax/argmin of nothing is an error.
 */
function aggregate(spec: Aggregate, done: ReadonlyMap<string, Done>, now: Date): number | string {
  const list = resolveReference(parseReference(spec.of), done, now);
  if (!Array.isArray(list)) throw new PlanError(`${spec.of} is not a list`);
  if (spec.aggregate === "count") return list.length;
  if (spec.aggregate === "sum") return round2(numbersOf(list, spec.of).reduce((a, b) => a + b, 0));
  if (spec.aggregate === "argmax" || spec.aggregate === "argmin") {
    const labels = spec.label ? resolveReference(parseReference(spec.label), done, now) : undefined;
    if (!Array.isArray(labels) || labels.length !== list.length) throw new PlanError(`${spec.aggregate}: label ${spec.label ?? "(none)"} is not a list as long as ${spec.of}`);
    let best = -1;
    list.forEach((v, i) => {
      if (isEmpty(v)) return;
      const n = toNumber(v, spec.of);
      const current = best < 0 ? undefined : toNumber(list[best], spec.of);
      if (current === undefined || (spec.aggregate === "argmax" ? n > current : n < current)) best = i;
    });
    if (best < 0) throw new PlanError(`${spec.aggregate} of ${spec.of}: no values`);
    return String(labels[best]);
  }
  const numbers = numbersOf(list, spec.of);
  if (numbers.length === 0) throw new PlanError(`${spec.aggregate} of ${spec.of}: no values`);
  if (spec.aggregate === "max") return Math.max(...numbers);
  if (spec.aggregate === "min") return Math.min(...numbers);
  return round2(numbers.reduce((a, b) => a + b, 0) / numbers.length);
}

function operandValue(operand: Operand, done: ReadonlyMap<string, Done>, now: Date): number {
  if (typeof operand === "string") return toNumber(resolveReference(parseReference(operand), done, now), operand);
  return toNumber(aggregate(operand, done, now), `${operand.aggregate} of ${operand.of}`);
}

function factValue(fact: Fact, done: ReadonlyMap<string, Done>, now: Date): FactValue {
  const { value } = fact;
  let raw: unknown;
  if (typeof value === "string") raw = resolveReference(parseReference(value), done, now);
  else if ("aggregate" in value) raw = aggregate(value, done, now);
  else {
    const left = operandValue(value.left, done, now);
    const right = operandValue(value.right, done, now);
    if (left === right) {
      if (value.tie === undefined) throw new PlanError(`both sides are ${left} and the comparison has no tie label`);
      raw = value.tie;
    } else raw = (value.compare === ">" ? left > right : left < right) ? value.labels[0] : value.labels[1];
  }
  if (isEmpty(raw)) throw new PlanError("the value is empty");
  if (fact.kind === "number") return toNumber(raw, fact.name);
  if (Array.isArray(raw)) {
    const texts = raw.filter((v) => !isEmpty(v)).map(String);
    if (texts.length === 0) throw new PlanError("the list has no values");
    return texts;
  }
  return String(raw);
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function failureOf(result: NormalisedResult): string | undefined {
  if (result.ok) return undefined;
  const { code, upstreamCode, message } = result.error;
  return `${code}${upstreamCode ? ` (${upstreamCode})` : ""}: ${message}`;
}

/** A step's trace, and either its state for later steps or why it failed. */
type StepOutcome = { trace: StepTrace; state: Done; failure?: undefined } | { trace: StepTrace; failure: string };

async function runStep(step: PlanStep, done: ReadonlyMap<string, Done>, call: CallTool, now: Date): Promise<StepOutcome> {
  const skipped = (): StepOutcome => ({ trace: { id: step.id, tool: step.tool, args: {}, result: null, skipped: true }, state: { skipped: true } });
  // A step that uses a skipped step's output shares its branch and is skipped with it.
  if (dependenciesOf(step).some((id) => done.get(id)?.skipped)) return skipped();
  let args: Record<string, unknown> = {};
  try {
    if (step.when && !holds(step.when, done, now)) return skipped();
    args = Object.fromEntries(Object.entries(step.args).map(([name, value]) => [name, resolveArg(value, done, now)]));
    const result = await call(step.tool, args);
    const trace = { id: step.id, tool: step.tool, args, result, skipped: false };
    const failure = failureOf(result);
    return failure === undefined ? { trace, state: { skipped: false, result } } : { trace, failure };
  } catch (error) {
    return { trace: { id: step.id, tool: step.tool, args, result: null, skipped: false }, failure: reasonOf(error) };
  }
}

/**
 * Runs the gold plan of a task against `call` at the moment `now` and computes its facts. Each
 * step starts as soon as the steps it refers to have finished, so independent chains overlap;
 * after a failure no further step starts, and the run reports the first failure in plan order.
 */
export async function executePlan(task: BenchTask, call: CallTool, now: Date): Promise<PlanRun> {
  const done = new Map<string, Done>();
  // undefined: the step did not run because something it needs failed.
  const outcomes = new Map<string, Promise<StepOutcome | undefined>>();
  let stopped = false;
  for (const step of task.plan) {
    const needs = dependenciesOf(step).map((id) => outcomes.get(id));
    const start = async (): Promise<StepOutcome | undefined> => {
      if (needs.some((n) => n === undefined)) return { trace: { id: step.id, tool: step.tool, args: {}, result: null, skipped: false }, failure: "waits for a step that is not before it in the plan" };
      const prior = await Promise.all(needs);
      if (stopped || prior.some((o) => o === undefined || o.failure !== undefined)) return undefined;
      const outcome = await runStep(step, done, call, now);
      if (outcome.failure === undefined) done.set(step.id, outcome.state);
      else stopped = true;
      return outcome;
    };
    outcomes.set(step.id, start());
  }
  const settled = (await Promise.all(task.plan.map((step) => outcomes.get(step.id)))).flatMap((o) => o ?? []);
  const steps = settled.map((o) => o.trace);
  const failed = settled.find((o) => o.failure !== undefined);
  if (failed?.failure !== undefined) return { ok: false, steps, facts: {}, error: { step: failed.trace.id, reason: failed.failure } };

  const facts: Record<string, FactValue> = {};
  for (const fact of task.answer.facts) {
    try {
      if (fact.when && !holds(fact.when, done, now)) continue;
      facts[fact.name] = factValue(fact, done, now);
    } catch (error) {
      return { ok: false, steps, facts, error: { step: `fact:${fact.name}`, reason: reasonOf(error) } };
    }
  }
  return { ok: true, steps, facts };
}

/** The items (and totalCounts) of gold steps that an answer fact reads. */
export interface FactRecords {
  step: string;
  tool: string;
  items: Record<string, unknown>[];
  /** Set when a fact reads the step's totalCount. */
  totalCount?: number;
}

/**
 * The records each answer fact of a finished gold run is computed from, per step: the items its
 * references select (before picking a field or applying pipes). A solver that retrieved these
 * records had what the answer needs, whatever it then wrote.
 */
export function factRecords(task: BenchTask, run: PlanRun, now: Date): FactRecords[] {
  const done = new Map<string, Done>();
  for (const step of run.steps) {
    if (step.skipped) done.set(step.id, { skipped: true });
    else if (step.result) done.set(step.id, { skipped: false, result: step.result });
  }
  const byStep = new Map<string, FactRecords>();
  const seen = new Set<string>();
  const add = (ref: Reference) => {
    const state = done.get(ref.step);
    if (!state || state.skipped) return;
    const tool = run.steps.find((s) => s.id === ref.step)?.tool ?? "";
    const entry = byStep.get(ref.step) ?? { step: ref.step, tool, items: [] };
    byStep.set(ref.step, entry);
    if (ref.target.kind === "totalCount") {
      entry.totalCount = state.result.totalCount;
      return;
    }
    const whole: Reference = { source: ref.source, step: ref.step, target: { kind: "items", selector: ref.target.selector }, pipes: [] };
    let value: unknown;
    try {
      value = resolveReference(whole, done, now);
    } catch {
      return;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || typeof item !== "object") continue;
      const key = `${ref.step}:${JSON.stringify(item)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entry.items.push(item as Record<string, unknown>);
    }
  };
  const operand = (o: Operand) => {
    if (typeof o === "string") add(parseReference(o));
    else [o.of, ...(o.label ? [o.label] : [])].forEach((r) => add(parseReference(r)));
  };
  for (const fact of task.answer.facts) {
    if (!(fact.name in run.facts)) continue;
    const { value } = fact;
    if (typeof value === "string" || "aggregate" in value) operand(value);
    else {
      operand(value.left);
      operand(value.right);
    }
  }
  return [...byStep.values()];
}

/**
 * The least number of model turns that can make the calls of a gold run: the depth of its executed
 * steps, each step one turn after the last step it waits for (independent steps share a turn).
 */
export function goldDepth(task: BenchTask, run: PlanRun): number {
  // A step that ran waits only for steps that ran (a skipped step's dependants are skipped).
  const ran = new Set(run.steps.filter((s) => !s.skipped).map((s) => s.id));
  const depth = new Map<string, number>();
  for (const step of task.plan) {
    const d = 1 + Math.max(0, ...dependenciesOf(step).map((id) => depth.get(id) ?? 0));
    depth.set(step.id, d);
  }
  return Math.max(0, ...task.plan.filter((s) => ran.has(s.id)).map((s) => depth.get(s.id) ?? 0));
}

function doneOf(run: PlanRun): Map<string, Done> {
  const done = new Map<string, Done>();
  for (const step of run.steps) {
    if (step.skipped) done.set(step.id, { skipped: true });
    else if (step.result) done.set(step.id, { skipped: false, result: step.result });
  }
  return done;
}

/**
 * What a reference of a finished run could have read: the value (after pipes) of every item its
 * selector admits — every item for an index, every match for a filter — and, for a list reference,
 * its elements. A fact read from one of several equally valid items accepts any of them; a fact that
 * is one of them names no other. Null when the reference cannot be resolved on this run.
 */
export function referenceCandidates(source: string, run: PlanRun, now: Date): unknown[] | null {
  const ref = parseReference(source);
  const done = doneOf(run);
  const state = done.get(ref.step);
  if (!state || state.skipped) return null;
  try {
    if (ref.target.kind === "totalCount" || ref.pipes.some((p) => p.kind === "count")) return [resolveReference(ref, done, now)];
    const { selector, field } = ref.target;
    const admitted = selector.kind === "filter" ? state.result.items.filter((item) => selector.clauses.every((c) => matches(item, c, now))) : state.result.items;
    const values = admitted.map((item) => (field === undefined ? item : (item[field] ?? null)));
    return values.map((v) => ref.pipes.reduce((acc, pipe) => (acc === null ? null : applyPipe(acc, pipe, ref.source)), v as unknown));
  } catch {
    return null;
  }
}

/**
 * The run as it would have been had one step (on which no other executed step depends) returned
 * `result` for `args`: its facts recomputed. Null when a later step uses the step, or a fact can no
 * longer be computed.
 */
export function withStepResult(task: BenchTask, run: PlanRun, stepId: string, args: Record<string, unknown>, result: NormalisedResult, now: Date): PlanRun | null {
  const ran = new Set(run.steps.filter((s) => !s.skipped).map((s) => s.id));
  if (task.plan.some((step) => ran.has(step.id) && dependenciesOf(step).includes(stepId))) return null;
  const steps = run.steps.map((s) => (s.id === stepId ? { ...s, args, result } : s));
  const replaced: PlanRun = { ...run, steps, facts: {} };
  const done = doneOf(replaced);
  try {
    for (const fact of task.answer.facts) {
      if (fact.when && !holds(fact.when, done, now)) continue;
      replaced.facts[fact.name] = factValue(fact, done, now);
    }
  } catch {
    return null;
  }
  return replaced;
}
