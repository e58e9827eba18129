/**
 * What one attempt did, as stored (JSON) with the attempt and read back by the scorers: every
 * model turn with its text, the calls it made and what each call returned. Generation and scoring
 * are separate, so a stored trajectory can be re-scored without calling the model again.
 */
import { z } from "zod";
import { normalisedResultSchema } from "../upstream/result";
import { DIALECTS } from "./tool-calls";

export const callOutcomeSchema = z.object({
  /** ok: the gateway answered (the result may still be an upstream error); invalid_args: refused before any call. */
  status: z.enum(["ok", "error", "invalid_args"]),
  result: normalisedResultSchema.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** How the gateway served it (hit, miss, snapshot, local …). */
  cache: z.string().optional(),
  ms: z.number(),
  /** Items dropped from the stored copy to keep the trajectory within a D1 row (see `storable`). */
  droppedItems: z.number().int().optional(),
});
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

export const callRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(["call", "malformed", "unknown_tool"]),
  /** The tool name (resolved for a call; as written otherwise, null when none was given). */
  name: z.string().nullable(),
  /** The arguments' JSON text as the model wrote it. */
  arguments: z.string(),
  args: z.record(z.string(), z.unknown()).optional(),
  reason: z.string().optional(),
  outcome: callOutcomeSchema.optional(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

export const trajectoryStepSchema = z.object({
  index: z.number().int(),
  /** The assistant text (without call markup). */
  text: z.string(),
  /** The raw assistant content, kept for text-embedded calls. */
  content: z.string().nullable(),
  dialect: z.enum(DIALECTS).nullable(),
  calls: z.array(callRecordSchema),
  modelMs: z.number(),
  toolMs: z.number(),
  stepMs: z.number(),
  retries: z.number().int(),
  finishReason: z.string().nullable(),
  usage: z.object({ prompt: z.number(), completion: z.number() }).nullable(),
});
export type TrajectoryStep = z.infer<typeof trajectoryStepSchema>;

export const trajectorySchema = z.object({
  system: z.string(),
  user: z.string(),
  steps: z.array(trajectoryStepSchema),
  /** The final answer; null when the attempt ended without one. */
  final: z.string().nullable(),
  /** length: the last reply was cut by the token limit (finish_reason "length"). */
  stop: z.enum(["answer", "length", "max_steps", "model_error"]),
  modelError: z.object({ reason: z.string(), message: z.string() }).optional(),
  totalMs: z.number(),
});
export type Trajectory = z.infer<typeof trajectorySchema>;

/** The calls that named a known tool, in order (whatever the gateway then said). */
export function toolCalls(trajectory: Trajectory): CallRecord[] {
  return trajectory.steps.flatMap((s) => s.calls.filter((c) => c.kind === "call"));
}

/** Steps in which the model called tools. */
export function callingSteps(trajectory: Trajectory): TrajectoryStep[] {
  return trajectory.steps.filter((s) => s.calls.length > 0);
}

/** What fits comfortably in one D1 row (whose limit is 2 MB). */
export const STORED_TRAJECTORY_MAX_CHARS = 1_500_000;

/**
 * The trajectory as stored: when it would not fit in a D1 row, the items of its largest results
 * are dropped (and counted in `droppedItems`) until it does. The attempt was scored on the whole
 * trajectory; a re-score sees the stored one.
 */
export function storable(trajectory: Trajectory, maxChars = STORED_TRAJECTORY_MAX_CHARS): Trajectory {
  if (JSON.stringify(trajectory).length <= maxChars) return trajectory;
  const copy = trajectorySchema.parse(JSON.parse(JSON.stringify(trajectory)));
  const outcomes = copy.steps.flatMap((s) => s.calls.flatMap((c) => (c.outcome?.result?.ok ? [c.outcome] : [])));
  const size = (o: CallOutcome) => JSON.stringify(o.result ?? null).length;
  outcomes.sort((a, b) => size(b) - size(a));
  for (const outcome of outcomes) {
    if (JSON.stringify(copy).length <= maxChars) break;
    const result = outcome.result;
    if (!result?.ok) continue;
    outcome.droppedItems = result.items.length;
    outcome.result = { ...result, items: [] };
  }
  return copy;
}
