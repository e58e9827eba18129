/**
 * The state of one walk and the pure steps that advance it: which step runs next, its arguments
 * from the user inputs, the clock and the items picked in earlier answers, and which items of an
 * answer are picked (sampled, not always the first; the pick is recorded). Also what the walk
 * makes of the dialogue: the calls that ran and the arguments the user states.
 */
import { z } from "zod";
import { decodingSchema } from "../bench/model";
import { resolveTimeToken } from "../catalog/examples";
import { coerceForParam, paramTypeOf } from "../graph/io";
import { normalisedResultSchema, type NormalisedResult } from "../upstream/result";
import { seededRandom } from "../util/random";
import { walkPlanSchema, type ArgSource, type WalkPlan, type WalkStep } from "./plan";

export const stepRecordSchema = z.object({
  id: z.string(),
  tool: z.string(),
  skipped: z.boolean(),
  args: z.record(z.string(), z.unknown()),
  result: normalisedResultSchema.nullable(),
  /** Index of the item picked for each slot that later steps read. */
  picks: z.record(z.string(), z.number().int()),
  /** The stated name that picked the row, for a step that lists without a search parameter. */
  named: z.string().optional(),
  attempts: z.number().int(),
  upstream: z.boolean(),
});
export type StepRecord = z.infer<typeof stepRecordSchema>;

/**
 * The model writer of a job and its walks (src/synth/writer.ts), as stored: the job's parameters
 * and every walk's state carry it.
 */
export const writerConfigSchema = z.object({
  /** The endpoint without its secrets (those stay sealed in the job's and walks' storage). */
  endpoint: z.object({ baseUrl: z.string(), model: z.string(), apiKey: z.boolean(), access: z.boolean() }),
  decoding: decodingSchema.default({}),
  /** Keep an example only if the model, given its request and the tools, finds its facts. */
  solve: z.boolean().default(false),
});
export type WriterConfig = z.infer<typeof writerConfigSchema>;

export const walkStatusSchema = z.enum(["running", "parked", "done", "failed"]);

export const walkStateSchema = z.object({
  plan: walkPlanSchema,
  jobId: z.string(),
  teamId: z.string(),
  snapshot: z.string().nullable(),
  /** The walk's instant (src/synth/instants.ts): time tokens resolve against it and the sandbox answers as of it. */
  now: z.number(),
  steps: z.array(stepRecordSchema),
  status: walkStatusSchema,
  reason: z.string().nullable(),
  /** Failed attempts of the current step. */
  retries: z.number().int(),
  upstreamCalls: z.number().int(),
  /** The model writer, with its secrets sealed under MASTER_KEY; templates write when absent. */
  writer: writerConfigSchema.extend({ sealed: z.string().nullable() }).optional(),
});
export type WalkState = z.infer<typeof walkStateSchema>;

export function nextStep(state: WalkState): WalkStep | null {
  return state.plan.steps[state.steps.length] ?? null;
}

function record(state: WalkState, id: string): StepRecord | undefined {
  return state.steps.find((s) => s.id === id);
}

/** The dialogue's calls: steps that ran, without the seed calls that found the names the user states. */
export function executed(state: WalkState): StepRecord[] {
  const seeds = new Set(state.plan.steps.filter((s) => s.seed).map((s) => s.id));
  return state.steps.filter((s) => !s.skipped && s.result !== null && !seeds.has(s.id));
}

/** Whether an argument is a value the user states (literally, or a name a seed call supplied). */
export function isStated(state: WalkState, source: ArgSource): boolean {
  return source.from === "user" || (source.from === "step" && state.plan.steps.find((s) => s.id === source.step)?.seed === true);
}

/** Whether a step's condition holds (a step without one always runs). */
export function conditionHolds(step: WalkStep, state: WalkState): boolean {
  const when = step.when;
  if (!when) return true;
  const source = record(state, when.step);
  if (!source || source.skipped || !source.result) return false;
  const items = source.result.items;
  if (when.test === "empty") return items.length === 0;
  if (when.test === "nonempty") return items.length > 0;
  const picked = items[source.picks["0"] ?? 0];
  const value = Number(picked?.[when.field ?? ""]);
  if (!Number.isFinite(value) || when.threshold === undefined) return false;
  return when.test === "gt" ? value > when.threshold : value <= when.threshold;
}

export type ResolvedArgs = { ok: true; args: Record<string, unknown>; named?: string } | { ok: false; reason: string };

export function resolveArgs(step: WalkStep, state: WalkState): ResolvedArgs {
  if (step.named) {
    const { named, ...rest } = step;
    const name = resolveArgs({ ...rest, args: { named } }, state);
    if (!name.ok) return name;
    const args = resolveArgs(rest, state);
    const stated = name.args["named"];
    return args.ok && typeof stated === "string" ? { ...args, named: stated } : args;
  }
  const args: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(step.args)) {
    if (source.from === "user" || source.from === "default") args[name] = source.value;
    else if (source.from === "time") args[name] = resolveTimeToken(source.token, new Date(state.now));
    else if (source.from === "arg") {
      const value = record(state, source.step)?.args[source.param];
      if (value === undefined || value === null) return { ok: false, reason: `${source.step} was not called with ${source.param}` };
      args[name] = value;
    } else {
      const from = record(state, source.step);
      const index = from?.picks[String(source.slot)];
      const item = index === undefined ? undefined : from?.result?.items[index];
      const value = item?.[source.field];
      if (value === undefined || value === null) return { ok: false, reason: `no ${source.field} in ${source.step} for ${name}` };
      // As the graph verified the edge: a number into a text parameter as text (and back), one
      // value into a list parameter as a one-item list.
      args[name] = coerceForParam(source.shorten && typeof value === "string" ? spokenName(value) : value, paramTypeOf(step.tool, name));
    }
  }
  return { ok: true, args };
}

/** The name a person stated for a step's subject: its search argument, or the name that picked a listed row. */
export function statedName(record: StepRecord | undefined, param: string | undefined): string | undefined {
  const value = param !== undefined ? record?.args[param] : record?.named;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A name as people say it: "타이레놀정500밀리그람(아세트아미노펜)" is "타이레놀정500밀리그람". */
export function spokenName(name: string): string {
  const short = name.replace(/\s*[(（\[].*$/, "").trim();
  return short.length >= 2 ? short : name;
}

/**
 * Whether a row's label is the name a person stated: the same name (spaces aside), or the name as
 * people say it ("타이레놀정500밀리그람" for "타이레놀정500밀리그람(아세트아미노펜)"); 양평동 is not 평동.
 */
export function namedAs(label: unknown, name: unknown): boolean {
  if (typeof label !== "string" || (typeof name !== "string" && typeof name !== "number")) return false;
  const said = String(name).replace(/\s+/g, "");
  return said !== "" && (label.replace(/\s+/g, "") === said || spokenName(label).replace(/\s+/g, "") === said);
}

/** The slots of a step that later steps read (entity 0, 1, 2 …). */
export function slotsRead(plan: WalkPlan, stepId: string): number[] {
  const slots = new Set<number>();
  for (const step of plan.steps) for (const source of sourcesOf(step)) if (source.from === "step" && source.step === stepId) slots.add(source.slot);
  return [...slots].sort((a, b) => a - b);
}

/** Items of an answer a walk keeps (and picks from); long answers are cut to keep examples small. */
export const ITEMS_KEPT = 60;
/** Items kept of an answer read whole (an aggregate's, a register's with no search): all of them, up to data.go.kr's usual page limit. */
export const ITEMS_KEPT_ALL = 1000;

/** Distinct items for the slots, sampled with the walk's seed among the items kept. */
export function pickItems(result: NormalisedResult, slots: readonly number[], seed: string): Record<string, number> {
  const n = Math.min(result.items.length, ITEMS_KEPT_ALL);
  if (n === 0 || slots.length === 0) return {};
  const random = seededRandom(seed);
  const order = Array.from({ length: n }, (_, i) => ({ i, r: random() })).sort((a, b) => a.r - b.r);
  const picks: Record<string, number> = {};
  slots.forEach((slot, k) => {
    const choice = order[k % n];
    if (choice) picks[String(slot)] = choice.i;
  });
  return picks;
}

/**
 * The rows of a seed listing that can name a subject: those giving every field later steps read
 * from it, with a value no other row has (a register's rows without a business number name
 * nobody, and a name or number two rows share names neither: the request could mean both).
 */
export function seedRows(plan: WalkPlan, stepId: string, items: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const fields = [...new Set(plan.steps.flatMap((s) => sourcesOf(s).flatMap((a) => (a.from === "step" && a.step === stepId ? [a.field] : []))))];
  const given = items.filter((item) => !fields.some((f) => item[f] === null || item[f] === undefined || String(item[f]).trim() === ""));
  const key = (item: Record<string, unknown>) => JSON.stringify(fields.map((f) => item[f]));
  const count = new Map<string, number>();
  for (const item of given) count.set(key(item), (count.get(key(item)) ?? 0) + 1);
  return given.filter((item) => count.get(key(item)) === 1);
}

/** What a step reads: its arguments' sources and, for a step that only lists, the name that picks its row. */
function sourcesOf(step: WalkStep): ArgSource[] {
  return [...Object.values(step.args), ...(step.named ? [step.named] : [])];
}

/** Whether a result can feed the steps after it: a read slot with no item is a dead end. */
export function feedsLater(plan: WalkPlan, stepId: string, result: NormalisedResult): boolean {
  const slots = slotsRead(plan, stepId);
  const laterConditional = plan.steps.some((s) => s.when?.step === stepId);
  if (slots.length === 0 || laterConditional) return true;
  // Two entities need two different items.
  return result.items.length >= Math.min(slots.length, 2) && result.items.length > 0;
}
