/**
 * What the tool results say around an answer, for the fact checker and for grounding. Pure
 * functions of a task, its gold run and (for grounding) the results the solver itself obtained.
 *
 *   evidence   per fact: the other equally valid values (an `anyItem` fact) and the competitors —
 *              the same field of the result's other items, or the other elements of the list an
 *              aggregate reads — so that offering one of them besides the value is a hedge.
 *   values     every scalar of the results, so that an answer made of them is a dump.
 *   backing    a fact counts only when the records it is computed from (the gold items its
 *              references select, or the totalCount it reads) are among the results the solver
 *              obtained from calls of the same tool in that attempt: a value written without the
 *              call that returns it earns nothing, even when it is right. An obtained item backs a
 *              gold record when every field it has equals the record's (trimmed results count).
 */
import type { Item, NormalisedResult } from "../upstream/result";
import type { AnswerContext, FactEvidence } from "./facts";
import { factRecords, referenceCandidates, type FactRecords, type PlanRun } from "./plan";
import { sameCanonical } from "./canonical";
import type { BenchTask, Fact, Operand } from "./task";

const scalar = (v: unknown): v is string | number => (typeof v === "string" && v.trim() !== "") || (typeof v === "number" && Number.isFinite(v));

function operandList(operand: Operand, run: PlanRun, now: Date): unknown[] {
  if (typeof operand === "string") return referenceCandidates(operand, run, now) ?? [];
  return referenceCandidates(operand.label ?? operand.of, run, now) ?? [];
}

/** The accepted values and competitors of one fact on a gold run. */
export function factEvidence(fact: Fact, run: PlanRun, now: Date): FactEvidence {
  const value = run.facts[fact.name];
  const { value: spec } = fact;
  let pool: unknown[] = [];
  if (typeof spec === "string") pool = referenceCandidates(spec, run, now) ?? [];
  else if ("aggregate" in spec) pool = spec.aggregate === "count" || spec.aggregate === "sum" ? [] : operandList(spec, run, now);
  const others = [...new Set(pool.filter(scalar).map((v) => (typeof v === "number" ? v : v.trim())))].filter((v) => String(v) !== String(value));
  if (fact.anyItem) return { accepted: others, competitors: [] };
  // A list fact names every element; a count or total has no rival among the items.
  if (Array.isArray(value) || (typeof spec === "string" && /\|count$|\.totalCount$/.test(spec))) return { accepted: [], competitors: [] };
  return { accepted: [], competitors: others };
}

function scalarsOf(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => scalarsOf(v, out));
  else if (value !== null && typeof value === "object") Object.values(value).forEach((v) => scalarsOf(v, out));
  else if (scalar(value)) out.add(String(value));
}

/** Every scalar of the results (the items' values and the totalCounts). */
export function resultValues(results: readonly NormalisedResult[]): string[] {
  const out = new Set<string>();
  for (const result of results) {
    if (!result.ok) continue;
    out.add(String(result.totalCount));
    scalarsOf(result.items, out);
  }
  return [...out];
}

/** The checker's context for a task's answer: evidence from the gold run, values from the gold run and the solver's own results. */
export function answerContext(task: BenchTask, run: PlanRun, now: Date, obtained: readonly NormalisedResult[] = []): AnswerContext {
  const evidence: Record<string, FactEvidence> = {};
  for (const fact of task.answer.facts) if (fact.name in run.facts) evidence[fact.name] = factEvidence(fact, run, now);
  const gold = run.steps.flatMap((s) => (s.result ? [s.result] : []));
  return { request: task.request.ko, evidence, resultValues: resultValues([...gold, ...obtained]) };
}

/** Whether an obtained item stands for a gold record: every field it has is the record's. */
function backs(obtained: Item, gold: Item): boolean {
  const keys = Object.keys(obtained);
  return keys.length > 0 && keys.every((k) => sameCanonical(obtained[k], gold[k]));
}

/** Successful results the solver obtained, by tool. */
export type Obtained = ReadonlyMap<string, readonly NormalisedResult[]>;

export function backedBy(records: readonly FactRecords[], obtained: Obtained): boolean {
  return records.every((need) => {
    const results = obtained.get(need.tool) ?? [];
    const items = results.flatMap((r) => (r.ok ? r.items : []));
    const countOk = need.totalCount === undefined || results.some((r) => r.ok && r.totalCount === need.totalCount);
    return countOk && need.items.every((gold) => items.some((item) => backs(item, gold)));
  });
}

/** Whether each fact of the run is backed by what the solver obtained. */
export function factBacking(task: BenchTask, run: PlanRun, now: Date, obtained: Obtained): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const fact of task.answer.facts) {
    if (!(fact.name in run.facts)) continue;
    out[fact.name] = backedBy(factRecords({ ...task, answer: { facts: [fact] } }, run, now), obtained);
  }
  return out;
}
