/**
 * The walk plan: its steps and where each argument comes from, the shape, and the intent it was
 * made from (src/synth/intent-plan.ts samples them). Plain data, parsed at every boundary.
 */
import { z } from "zod";
import { shapeSchema } from "../bench/task";
import { timeTokenSchema } from "../catalog/spec";

export const argSourceSchema = z.discriminatedUnion("from", [
  /** A value the user states in the request (taken from the tool's examples). */
  z.object({ from: z.literal("user"), value: z.unknown() }),
  /** A time-relative value ("지금", "오늘"), resolved when the step runs. */
  z.object({ from: z.literal("time"), token: timeTokenSchema.shape.$time }),
  /**
   * A field of the item picked in an earlier step's answer; `slot` tells entities apart. From a
   * seed step the value is one the user states (`shorten`: as people say it, without the
   * parenthesised ingredient of a drug's name).
   */
  z.object({ from: z.literal("step"), step: z.string(), field: z.string(), slot: z.number().int().min(0).default(0), shorten: z.boolean().optional() }),
  /** A sensible default the request implies ("근처" as a 1 km radius, restaurants as content type 39). */
  z.object({ from: z.literal("default"), value: z.unknown() }),
  /** The same argument an earlier step was called with (a city code carried along a chain). */
  z.object({ from: z.literal("arg"), step: z.string(), param: z.string() }),
]);
export type ArgSource = z.infer<typeof argSourceSchema>;

export const conditionSchema = z.object({
  step: z.string(),
  /** `empty`: the step answered no items; `gt`/`le`: a numeric field of its picked item against a threshold. */
  test: z.enum(["empty", "nonempty", "gt", "le"]),
  field: z.string().optional(),
  threshold: z.number().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

export const walkStepSchema = z.object({
  id: z.string(),
  tool: z.string(),
  args: z.record(z.string(), argSourceSchema),
  /** Which entity of the walk the step is about (parallel, comparison). */
  slot: z.number().int().min(0).default(0),
  when: conditionSchema.optional(),
  /**
   * A seed step finds the names a person states (a listing of hospitals, of places); it runs
   * before the dialogue and is not part of it. Its rows are picked at random, one per entity.
   */
  seed: z.boolean().optional(),
  /**
   * The row to take: the one whose `field` equals the argument `param`, or the `named` value for
   * a step that only lists (the exact name asked for), else the first.
   */
  pick: z.object({ field: z.string(), param: z.string().optional() }).optional(),
  /** The name a person states for a step that only lists: it picks the row, it is not an argument. */
  named: argSourceSchema.optional(),
  /** An aggregate reads every row of this step, so the walk keeps them all. */
  keepAll: z.boolean().optional(),
});
export type WalkStep = z.infer<typeof walkStepSchema>;

/** One question of a plan: a route from the named subject to the tool that answers it. */
export const planAskSchema = z.object({
  /** The tool holding the facts (or the aggregated list). */
  tool: z.string(),
  /** The ask's or aggregate's id in that tool's intent. */
  id: z.string(),
  kind: z.enum(["ask", "aggregate"]),
  /** The step answering it, per entity slot. */
  steps: z.record(z.string(), z.string()),
  /** The words of a `near` hop on the way ("근처 1km 안에서 가장 가까운 약국"), if the request says one. */
  near: z.string().optional(),
  /** The `near` step that picked the nearby thing (its label names it in the answer), per slot. */
  nearSteps: z.record(z.string(), z.string()).optional(),
});
export type PlanAsk = z.infer<typeof planAskSchema>;

export const intentMetaSchema = z.object({
  /** The subject kind and the tool that finds it. */
  subject: z.string(),
  entry: z.string(),
  /** Per entity slot: the step that finds it by the stated name. */
  entities: z.record(z.string(), z.string()),
  asks: z.array(planAskSchema).min(1),
  /** comparison: the fact (index in the ask's facts) compared. */
  compareFact: z.number().int().min(0).optional(),
  /** conditional: the first try, the fallback run only when it is empty, and how the request says it. */
  fallback: z.object({ first: z.string(), then: z.string(), say: z.string() }).optional(),
});
export type IntentMeta = z.infer<typeof intentMetaSchema>;

export const walkPlanSchema = z.object({
  id: z.string(),
  shape: shapeSchema,
  seed: z.string(),
  steps: z.array(walkStepSchema).min(1),
  /** Verified edges the plan walks (for coverage). */
  edges: z.array(z.string()),
  /** The intent routes it walks (src/synth/intent-plan.ts routeKey): the job counts what each yields. */
  routes: z.array(z.string()).optional(),
  /** What the person asks, from the tool intents: the request, the answer and the gate read it. */
  intent: intentMetaSchema.optional(),
});
export type WalkPlan = z.infer<typeof walkPlanSchema>;

/** A verified edge as the sampler sees it. */
export interface GraphEdge {
  id: string;
  from: string;
  to: string;
  bindings: { field: string; param: string }[];
}

export interface Usage {
  /** How often each route was planned, and how often it is in a kept example (by route key). */
  edges: Map<string, number>;
  kept: Map<string, number>;
  tools: Map<string, number>;
  /** How often each plan was made (kept in the job's storage). */
  seen: Map<string, number>;
}
