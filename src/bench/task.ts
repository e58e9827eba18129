/**
 * A KOPA-Bench task: a Korean request, its gold plan (catalogued tool calls whose arguments may
 * refer to earlier outputs) and an answer spec saying how the expected facts are computed from the
 * gold plan's outputs. The gold plan is re-executed at evaluation time (see plan.ts), so the facts
 * follow live data instead of being frozen in the file.
 *
 * References — a string argument starting with `$` is always a reference:
 *
 *   $<step>.totalCount                       the step's totalCount
 *   $<step>.items[<sel>]<.field>?<|pipe>*    items of the step's result
 *
 * Selectors: `0`, `1`, `-1` … an index (negative from the end; out of range is an error); `*` every
 * item (a list); `?f=v`, `?f!=v`, `?f~=v` (contains), `?f=v&g=w` … the FIRST item whose fields match
 * every clause (no match is an error); the same filter followed by `[*]` (`items[?f=v][*]`) is EVERY
 * matching item (a list, possibly empty), and followed by `[n]` the n-th matching item from 0 (the
 * 추석 of a 연휴's three days is `items[?dateName=추석][1]`). A clause compares the field's value as text (`true`/`false` for
 * booleans, "" for an absent or null field, so `?pm10Value!=` is the first item that has a value);
 * a value `@<time token>` stands for that token at `now` (`?fcstDate=@date.tomorrow`). Filter
 * values cannot contain `]`, `&` or `|`.
 *
 * The optional `.field` picks one field of the item (of every item, for lists); without it the
 * whole item is the value. A list keeps items whose field is absent as null.
 *
 * Pipes, applied left to right, element-wise on lists: `|number` (numeric text to a number),
 * `|string`, `|pad4` (zero-pad to 4 characters, 737 → "0737"), `|slice:a:b` (text slice, b
 * optional), `|count` (the length of a list; the result is a scalar).
 *
 * Any other argument value is a JSON literal, except an object `{ "$time": token }`, which is a
 * time token resolved at `now` (catalog `timeTokenSchema`). Literals nest: arrays and objects may
 * hold references and time tokens.
 *
 * Branches: a step with `when` runs only if its condition holds; a step that uses a skipped step's
 * output is skipped with it, so it must carry the same condition (checkTask enforces this), and a
 * fact built on a branch carries it too and is expected only when the branch ran. A condition
 * compares a reference with a literal: `==`/`!=` numerically when both sides are numbers (so "01"
 * == 1), as text otherwise; `>`, `>=`, `<`, `<=` numerically; `empty`/`nonempty` test for null,
 * "" or an empty list.
 */
import { z } from "zod";
import { findTool } from "../catalog";
import { outputFields, timeTokenSchema, type TimeToken } from "../catalog/spec";

export const SHAPES = ["sequential", "fan_out", "reduction", "parallel", "comparison", "conditional"] as const;
export const shapeSchema = z.enum(SHAPES);
export type Shape = z.infer<typeof shapeSchema>;

/**
 * Difficulty, by what the solver must work out rather than by the number of calls alone:
 *   1  the request names everything the calls need; one search and the lookups it points to, or
 *      independent lookups side by side (gold plans of 2–6 calls, 3.6 on average);
 *   2  one hidden hop: an identifier, code or coordinate the request does not give comes from an
 *      earlier result (address → 시군구 code, place → KMA grid or mid-term region), or a
 *      filter/aggregate over a list (2–12 calls, 4.5 on average);
 *   3  several hidden hops chained (building → address → coordinates → grid → forecast), such
 *      chains compared or repeated, or a branch taken on a value found on the way (3–16 calls, 6.5
 *      on average).
 * Counted over every step of the plan (both branches of a conditional).
 */
export const levelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type Level = z.infer<typeof levelSchema>;

export type TimeTokenName = TimeToken["$time"];
const TIME_TOKENS: ReadonlySet<string> = new Set(timeTokenSchema.shape.$time.options);

// ---------------------------------------------------------------------------------------------
// References

export type Pipe = { kind: "number" } | { kind: "string" } | { kind: "pad4" } | { kind: "count" } | { kind: "slice"; start: number; end?: number };

export type FilterValue = { kind: "literal"; text: string } | { kind: "time"; token: TimeTokenName };

export interface FilterClause {
  field: string;
  /** `=` equal, `!=` not equal, `~=` contains. */
  op: "=" | "!=" | "~=";
  value: FilterValue;
}

export type Selector = { kind: "index"; index: number } | { kind: "all" } | { kind: "filter"; clauses: FilterClause[]; all: boolean; nth?: number };

export type ReferenceTarget = { kind: "totalCount" } | { kind: "items"; selector: Selector; field?: string };

export interface Reference {
  /** The reference as written. */
  source: string;
  step: string;
  target: ReferenceTarget;
  pipes: Pipe[];
}

const STEP_ID = /^s[1-9]\d*$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CLAUSE = /^([A-Za-z_][A-Za-z0-9_]*)(!=|~=|=)(.*)$/;

function parsePipe(text: string): Pipe {
  if (text === "number" || text === "string" || text === "pad4" || text === "count") return { kind: text };
  const slice = /^slice:(-?\d+)(?::(-?\d+))?$/.exec(text);
  if (slice) return slice[2] === undefined ? { kind: "slice", start: Number(slice[1]) } : { kind: "slice", start: Number(slice[1]), end: Number(slice[2]) };
  throw new Error(`unknown pipe |${text}`);
}

function parseFilterValue(text: string): FilterValue {
  if (!text.startsWith("@")) return { kind: "literal", text };
  const token = text.slice(1);
  if (!TIME_TOKENS.has(token)) throw new Error(`unknown time token @${token}`);
  return { kind: "time", token: token as TimeTokenName };
}

function parseSelector(text: string, all: boolean, nth?: number): Selector {
  if (text === "*") {
    if (all) throw new Error("[*] after [*]");
    return { kind: "all" };
  }
  if (/^-?\d+$/.test(text)) {
    if (all || nth !== undefined) throw new Error("[*] and [n] may only follow a filter");
    return { kind: "index", index: Number(text) };
  }
  if (!text.startsWith("?")) throw new Error(`selector [${text}] is neither an index, * nor a ?filter`);
  const clauses = text
    .slice(1)
    .split("&")
    .map((clause): FilterClause => {
      const m = CLAUSE.exec(clause);
      if (!m) throw new Error(`filter clause "${clause}" is not field=value, field!=value or field~=value`);
      const [, field = "", op = "=", value = ""] = m;
      return { field, op: op === "!=" || op === "~=" ? op : "=", value: parseFilterValue(value) };
    });
  return nth === undefined ? { kind: "filter", clauses, all } : { kind: "filter", clauses, all, nth };
}

/** Parses a reference string; throws an Error naming what is wrong. */
export function parseReference(source: string): Reference {
  const [head = "", ...pipeTexts] = source.split("|");
  const m = /^\$(s[1-9]\d*)\.(.+)$/.exec(head);
  if (!m) throw new Error(`"${source}" does not start with $<step>.`);
  const [, step = "", rest = ""] = m;
  const pipes = pipeTexts.map(parsePipe);
  if (rest === "totalCount") return { source, step, target: { kind: "totalCount" }, pipes };
  if (!rest.startsWith("items[")) throw new Error(`"${source}": expected totalCount or items[…]`);
  const close = rest.indexOf("]");
  if (close < 0) throw new Error(`"${source}": unclosed [`);
  const inner = rest.slice("items[".length, close);
  let tail = rest.slice(close + 1);
  const all = tail.startsWith("[*]");
  if (all) tail = tail.slice(3);
  const nthMatch = /^\[(\d+)\]/.exec(tail);
  if (nthMatch) tail = tail.slice(nthMatch[0].length);
  const selector = parseSelector(inner, all, nthMatch ? Number(nthMatch[1]) : undefined);
  let field: string | undefined;
  if (tail !== "") {
    if (!tail.startsWith(".") || !FIELD.test(tail.slice(1))) throw new Error(`"${source}": expected .field after the selector, got "${tail}"`);
    field = tail.slice(1);
  }
  const ref: Reference = { source, step, target: field === undefined ? { kind: "items", selector } : { kind: "items", selector, field }, pipes };
  checkPipeOrder(ref);
  return ref;
}

/** Whether the reference (before pipes) selects a list of items rather than one. */
function selectsList(ref: Reference): boolean {
  if (ref.target.kind === "totalCount") return false;
  const { selector } = ref.target;
  return selector.kind === "all" || (selector.kind === "filter" && selector.all);
}

/** Whether the reference's value, after its pipes, is a list. */
export function isListReference(ref: Reference): boolean {
  return selectsList(ref) && !ref.pipes.some((p) => p.kind === "count");
}

function checkPipeOrder(ref: Reference): void {
  const count = ref.pipes.findIndex((p) => p.kind === "count");
  if (count < 0) return;
  if (!selectsList(ref)) throw new Error(`"${ref.source}": |count needs a list ([*] or a filter with [*])`);
  if (count !== ref.pipes.length - 1) throw new Error(`"${ref.source}": |count must be the last pipe`);
}

const referenceSchema = z.string().superRefine((text, ctx) => {
  try {
    parseReference(text);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
  }
});

// ---------------------------------------------------------------------------------------------
// Plan

export type ArgValue = string | number | boolean | null | { $time: TimeTokenName } | ArgValue[] | { [name: string]: ArgValue };

/** A string starting with `$` must be a well-formed reference (no literal may start with `$`). */
const argStringSchema = z.string().superRefine((text, ctx) => {
  if (!text.startsWith("$")) return;
  try {
    parseReference(text);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
  }
});

export const argValueSchema: z.ZodType<ArgValue> = z.lazy(() =>
  z.union([argStringSchema, z.number(), z.boolean(), z.null(), timeTokenSchema.strict(), z.array(argValueSchema), z.record(z.string(), argValueSchema)]),
);

const literalSchema = z.union([z.string(), z.number(), z.boolean()]);

export const CONDITION_OPS = ["==", "!=", ">", ">=", "<", "<=", "empty", "nonempty"] as const;

export const conditionSchema = z
  .object({ left: referenceSchema, op: z.enum(CONDITION_OPS), right: literalSchema.optional() })
  .strict()
  .superRefine((c, ctx) => {
    const unary = c.op === "empty" || c.op === "nonempty";
    if (unary && c.right !== undefined) ctx.addIssue({ code: "custom", message: `${c.op} takes no right operand` });
    if (!unary && c.right === undefined) ctx.addIssue({ code: "custom", message: `${c.op} needs a right operand` });
  });
export type Condition = z.infer<typeof conditionSchema>;

export const stepSchema = z
  .object({
    id: z.string().regex(STEP_ID, "step ids are s1, s2, …"),
    tool: z.string().min(1),
    args: z.record(z.string(), argValueSchema),
    /** The step runs only when the condition holds; otherwise it is skipped. */
    when: conditionSchema.optional(),
    /**
     * Arguments for which any value of a list is as valid as the one the plan picks (two stops of
     * one name on either side of the road): `{ "nodeId": "$s1.items[?nodenm=광교중앙역][*].nodeid" }`.
     * A solver that called the step with another of them is scored against the facts its choice
     * gives (score.ts `alternativeRuns`).
     */
    anyOf: z.record(z.string(), referenceSchema).optional(),
  })
  .strict();
export type PlanStep = z.infer<typeof stepSchema>;

// ---------------------------------------------------------------------------------------------
// Answer

export const UNITS = ["만원", "원", "㎍/㎥", "℃", "%", "mm", "m", "km", "㎡", "㎥", "m/s", "분", "초", "개", "명", "건", "곳", "대", "세대", "동", "층", "일", "정류장", "ppm"] as const;

export const AGGREGATES = ["max", "min", "count", "sum", "avg", "argmax", "argmin"] as const;

export const aggregateSchema = z
  .object({
    aggregate: z.enum(AGGREGATES),
    /** A list reference (`[*]` or a filter with `[*]`). */
    of: referenceSchema,
    /** For argmax/argmin: the parallel list whose element at the winning index is the value. */
    label: referenceSchema.optional(),
  })
  .strict();
export type Aggregate = z.infer<typeof aggregateSchema>;

const operandSchema = z.union([referenceSchema, aggregateSchema]);
export type Operand = z.infer<typeof operandSchema>;

export const compareSchema = z
  .object({
    /** `>`: labels[0] when left > right, labels[1] when left < right; `<` the other way round. */
    compare: z.enum([">", "<"]),
    left: operandSchema,
    right: operandSchema,
    labels: z.tuple([z.string().min(1), z.string().min(1)]),
    /** The label of a tie; without it a tie is an error (the fact has no single winner). */
    tie: z.string().min(1).optional(),
  })
  .strict();
export type Compare = z.infer<typeof compareSchema>;

export const factValueSchema = z.union([referenceSchema, aggregateSchema, compareSchema]);
export type FactValueSpec = z.infer<typeof factValueSchema>;

export const factSchema = z
  .object({
    name: z.string().min(1),
    kind: z.enum(["number", "text", "date"]),
    unit: z.enum(UNITS).optional(),
    value: factValueSchema,
    /** A fact of one branch of a conditional plan: expected only when the condition holds. */
    when: conditionSchema.optional(),
    /**
     * How far a stated measurement may be from the value, in the fact's unit (a forecast of 10.6 ℃
     * told as "약 11도" with 0.5): the answer may round to any precision within it. Absent: the
     * unit's default (facts.ts `DEFAULT_TOLERANCE`); counts are always exact.
     */
    tolerance: z.number().min(0).optional(),
    /**
     * Other ways to say a value, keyed by the value as the tool returns it (`"기독탄신일": ["성탄절"]`,
     * `"휴진": ["진료하지 않"]`, a code `"0": ["비가 오지 않"]`): any of them states it.
     */
    synonyms: z.record(z.string(), z.array(z.string().min(1)).min(1)).optional(),
    /** Words that name the fact's subject in an answer (`["최저"]`); absent: the words of its name. */
    subject: z.array(z.string().min(1)).min(1).optional(),
    /**
     * The reference picks one of several equally valid items (a recommendation, one of two stops of
     * the same name): any of them states the fact, and naming two of them is a hedge.
     */
    anyItem: z.literal(true).optional(),
  })
  .strict();
export type Fact = z.infer<typeof factSchema>;

/**
 * The six domains of KOPA-Bench, by the data the answer is about: weather and air quality, transit
 * (bus, subway, bicycles), tourism and culture, real estate, health (hospitals, pharmacies,
 * medicines), and business and public administration (businesses, pensions, holidays, addresses).
 */
export const DOMAINS = ["weather", "transit", "tour", "realestate", "health", "business"] as const;
export const domainSchema = z.enum(DOMAINS);
export type Domain = z.infer<typeof domainSchema>;

/** The portals whose APIs a gold plan calls (a local utility tool belongs to none). */
export const PLATFORMS = ["data.go.kr", "seoul.go.kr", "juso.go.kr"] as const;
export const platformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

export const taskSchema = z
  .object({
    id: z.string().regex(/^kb-\d{3}$/, "ids are kb-001 … kb-145"),
    version: z.number().int().min(1),
    shape: shapeSchema,
    level: levelSchema,
    /** The domain of the data the answer is about (tasks of the shipped set all have one). */
    domain: domainSchema.optional(),
    /** The portals of the APIs its gold plan calls. */
    platforms: z.array(platformSchema).min(1).optional(),
    request: z.object({ ko: z.string().min(8), en: z.string().min(8) }).strict(),
    plan: z.array(stepSchema).min(1),
    answer: z.object({ facts: z.array(factSchema).min(1) }).strict(),
    notes: z.string().optional(),
  })
  .strict();
export type BenchTask = z.infer<typeof taskSchema>;

// ---------------------------------------------------------------------------------------------
// Checks beyond the schema

/** Whether an argument value is a time token `{ "$time": … }`. */
export function isTimeToken(value: unknown): value is { $time: TimeTokenName } {
  return timeTokenSchema.strict().safeParse(value).success;
}

/** Every reference inside an argument value, in order. */
export function referencesIn(value: ArgValue): Reference[] {
  if (typeof value === "string") return value.startsWith("$") ? [parseReference(value)] : [];
  if (value === null || typeof value !== "object" || isTimeToken(value)) return [];
  const children: ArgValue[] = Array.isArray(value) ? value : Object.values(value);
  return children.flatMap(referencesIn);
}

function isFullyLiteral(value: ArgValue): boolean {
  if (typeof value === "string") return !value.startsWith("$");
  if (value === null || typeof value !== "object") return true;
  if (isTimeToken(value)) return false;
  return (Array.isArray(value) ? value : Object.values(value)).every(isFullyLiteral);
}

/** The step ids a step waits for: those its arguments and its condition refer to. */
export function dependenciesOf(step: PlanStep): string[] {
  const refs = [...Object.values(step.args).flatMap(referencesIn), ...(step.when ? [parseReference(step.when.left)] : [])];
  return [...new Set(refs.map((r) => r.step))];
}

function operandReferences(operand: Operand): Reference[] {
  if (typeof operand === "string") return [parseReference(operand)];
  return [operand.of, ...(operand.label ? [operand.label] : [])].map(parseReference);
}

function factReferences(fact: Fact): Reference[] {
  const { value } = fact;
  const own = typeof value === "string" ? [parseReference(value)] : "aggregate" in value ? operandReferences(value) : [...operandReferences(value.left), ...operandReferences(value.right)];
  return [...own, ...(fact.when ? [parseReference(fact.when.left)] : [])];
}

const sameCondition = (a: Condition | undefined, b: Condition | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Problems of the operand of an aggregate or a comparison (empty when fine). */
function operandProblems(operand: Operand, where: string): string[] {
  if (typeof operand === "string") return isListReference(parseReference(operand)) ? [`${where}: ${operand} is a list; compare scalars or aggregate it`] : [];
  const problems: string[] = [];
  if (!isListReference(parseReference(operand.of))) problems.push(`${where}: aggregate "of" ${operand.of} is not a list`);
  const labelled = operand.aggregate === "argmax" || operand.aggregate === "argmin";
  if (labelled && !operand.label) problems.push(`${where}: ${operand.aggregate} needs a label list`);
  if (!labelled && operand.label) problems.push(`${where}: only argmax/argmin take a label`);
  if (operand.label && !isListReference(parseReference(operand.label))) problems.push(`${where}: label ${operand.label} is not a list`);
  return problems;
}

/**
 * What the schema cannot see: step ids unique, references to earlier steps and to fields their
 * tools declare, tools in the catalog, literal arguments valid for the tool, required parameters
 * present, branch discipline of conditional steps and facts, and (a rule of the benchmark's own
 * tasks, off for a reward reference) at least one fact expected whatever the branch. Returns the
 * problems (none = valid).
 */
export function checkTask(task: BenchTask, rules: { unconditionalFact: boolean } = { unconditionalFact: true }): string[] {
  const problems: string[] = [];
  const at = (where: string) => (message: string) => problems.push(`${task.id} ${where}: ${message}`);
  const index = new Map<string, number>();
  task.plan.forEach((step, i) => {
    if (index.has(step.id)) at(step.id)("duplicate step id");
    else index.set(step.id, i);
  });

  const checkRef = (ref: Reference, position: number, report: (m: string) => void) => {
    const target = index.get(ref.step);
    const source = target === undefined ? undefined : task.plan[target];
    if (target === undefined || !source || target >= position) {
      report(`${ref.source} refers to ${ref.step}, which is not an earlier step`);
      return;
    }
    const tool = findTool(source.tool);
    if (!tool || ref.target.kind === "totalCount") return;
    const declared = new Set(outputFields(tool).map((f) => f.name));
    const fields = [...(ref.target.field ? [ref.target.field] : []), ...(ref.target.selector.kind === "filter" ? ref.target.selector.clauses.map((c) => c.field) : [])];
    for (const field of fields) if (!declared.has(field)) report(`${ref.source}: ${source.tool} has no output field ${field}`);
  };

  task.plan.forEach((step, position) => {
    const report = at(step.id);
    const tool = findTool(step.tool);
    if (!tool) report(`unknown tool ${step.tool}`);
    else {
      const shape = tool.params.shape as Record<string, z.ZodType>;
      for (const [name, value] of Object.entries(step.args)) {
        const param = shape[name];
        if (!param) report(`${step.tool} has no parameter ${name}`);
        else if (isFullyLiteral(value) && !param.safeParse(value).success) report(`${name}=${JSON.stringify(value)} is not valid for ${step.tool}`);
      }
      for (const [name, param] of Object.entries(shape)) {
        if (!(name in step.args) && !param.safeParse(undefined).success) report(`${step.tool} needs ${name}`);
      }
    }
    const refs = [...Object.values(step.args).flatMap(referencesIn), ...(step.when ? [parseReference(step.when.left)] : [])];
    for (const ref of refs) {
      checkRef(ref, position, report);
      const source = task.plan[index.get(ref.step) ?? -1];
      if (source?.when && !sameCondition(source.when, step.when)) report(`uses ${ref.step}, which runs only under a condition this step does not share`);
    }
  });

  const names = new Set<string>();
  for (const fact of task.answer.facts) {
    const report = at(`fact "${fact.name}"`);
    if (names.has(fact.name)) report("duplicate fact name");
    names.add(fact.name);
    for (const ref of factReferences(fact)) {
      checkRef(ref, task.plan.length, report);
      const source = task.plan[index.get(ref.step) ?? -1];
      if (source?.when && !sameCondition(source.when, fact.when)) report(`uses ${ref.step}, which runs only under a condition the fact does not share`);
    }
    const { value } = fact;
    if (typeof value === "string") {
      if (isListReference(parseReference(value)) && fact.kind !== "text") report(`${value} is a list; only text facts may be lists`);
    } else if ("aggregate" in value) {
      problems.push(...operandProblems(value, `${task.id} fact "${fact.name}"`));
      const textual = value.aggregate === "argmax" || value.aggregate === "argmin";
      if (textual !== (fact.kind === "text")) report(`${value.aggregate} gives a ${textual ? "label (text)" : "number"}, not ${fact.kind}`);
    } else {
      problems.push(...operandProblems(value.left, `${task.id} fact "${fact.name}"`), ...operandProblems(value.right, `${task.id} fact "${fact.name}"`));
      if (fact.kind !== "text") report("a comparison gives a label: kind must be text");
    }
  }

  if (rules.unconditionalFact && task.answer.facts.every((f) => f.when)) at("answer")("every fact is conditional: at least one must be expected whatever the branch");
  const conditional = task.plan.some((s) => s.when) || task.answer.facts.some((f) => f.when);
  if (task.shape === "conditional" && !task.plan.some((s) => s.when)) at("plan")("a conditional task needs a step with `when`");
  if (task.shape !== "conditional" && conditional) at("plan")(`only conditional tasks use \`when\` (shape ${task.shape})`);
  return problems;
}

/** Tool calls of the gold plan (local tools included, every branch counted). */
export function callCount(task: BenchTask): number {
  return task.plan.length;
}

const COMPLEMENT: Partial<Record<Condition["op"], Condition["op"]>> = { "==": "!=", "!=": "==", ">": "<=", "<=": ">", "<": ">=", ">=": "<", empty: "nonempty", nonempty: "empty" };

/** Whether exactly one of two conditions holds whatever the data: the same reference and operand, complementary operators. */
export function complementary(a: Condition, b: Condition): boolean {
  return a.left === b.left && a.right === b.right && COMPLEMENT[a.op] === b.op;
}

/**
 * The fewest tool calls the gold plan makes whatever its branches do: every unconditional step, and
 * for a branch and its complement (`> 0` / `<= 0`) the shorter of the two; a branch without a
 * complement may be skipped entirely. Executed counts at a given instant are at least this.
 */
export function minCallCount(task: BenchTask): number {
  const branches: { when: Condition; steps: number }[] = [];
  let calls = 0;
  for (const step of task.plan) {
    if (!step.when) calls++;
    else {
      const when = step.when;
      const branch = branches.find((b) => sameCondition(b.when, when));
      if (branch) branch.steps++;
      else branches.push({ when, steps: 1 });
    }
  }
  const paired = new Set<number>();
  branches.forEach((branch, i) => {
    if (paired.has(i)) return;
    const j = branches.findIndex((other, k) => k > i && !paired.has(k) && complementary(branch.when, other.when));
    if (j < 0) return;
    paired.add(i).add(j);
    calls += Math.min(branch.steps, branches[j]?.steps ?? 0);
  });
  return calls;
}
