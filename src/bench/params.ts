/** What a benchmark run is asked to do: `POST /v1/bench/runs`, validated with zod. */
import { z } from "zod";
import { snapshotRefSchema } from "../gateway/snapshots";
import { BFCL_CATEGORIES, type BfclCategory } from "./bfcl/data";
import { decodingSchema, endpointSchema } from "./model";
import { levelSchema, shapeSchema } from "./task";

export const SUITES = ["kopa", ...BFCL_CATEGORIES.map((c) => `bfcl:${c}` as const), "bfcl:all"] as const;
export const suiteSchema = z.enum(SUITES);
export type Suite = z.infer<typeof suiteSchema>;

/** The BFCL categories of a suite (none for KOPA-Bench). */
export function bfclCategoriesOf(suite: Suite): BfclCategory[] {
  if (suite === "kopa") return [];
  if (suite === "bfcl:all") return [...BFCL_CATEGORIES];
  return [suite.slice("bfcl:".length) as BfclCategory];
}

export const filterSchema = z
  .object({
    ids: z.array(z.string().min(1).max(100)).min(1).max(2000).optional(),
    shapes: z.array(shapeSchema).min(1).optional(),
    levels: z.array(levelSchema).min(1).optional(),
    /** Tasks whose gold plan uses one of these providers (`local` for the utility tools). */
    providers: z.array(z.string().min(1).max(40)).min(1).optional(),
    /** The first N selected items (by id). */
    limit: z.number().int().min(1).max(2000).optional(),
  })
  .strict();
export type ItemFilter = z.infer<typeof filterSchema>;

const settingsShape = {
  suite: suiteSchema.default("kopa"),
  /** A name for the leaderboard; the model name by default. */
  label: z.string().min(1).max(200).optional(),
  decoding: decodingSchema.default({}),
  /** Model turns per attempt (KOPA-Bench; BFCL is always one turn). */
  maxSteps: z.number().int().min(1).max(50).default(12),
  /** Attempts per item. */
  k: z.number().int().min(1).max(16).default(1),
  /** Attempts in flight at once. */
  concurrency: z.number().int().min(1).max(64).default(4),
  mode: z.enum(["live", "replay"]).default("live"),
  snapshot: snapshotRefSchema.optional(),
  /** The run's moment (ISO with offset): relative dates in requests and gold plans resolve at it. Now by default. */
  now: z.iso.datetime({ offset: true }).optional(),
  filter: filterSchema.default({}),
  timeoutMs: z.number().int().min(1000).max(600_000).default(120_000),
  retries: z.number().int().min(0).max(10).default(3),
  backoffMs: z.number().int().min(0).max(60_000).default(1000),
  /** Longest tool message sent to the model (whole items are cut beyond it); 0 = no limit. */
  toolResultMaxChars: z.number().int().min(0).max(10_000_000).default(0),
};

export const createRunSchema = z
  .object({ endpoint: endpointSchema, ...settingsShape })
  .strict()
  .superRefine((run, ctx) => {
    if (run.mode === "replay" && !run.snapshot) ctx.addIssue({ code: "custom", path: ["snapshot"], message: "replay needs a snapshot" });
    if (run.mode === "live" && run.snapshot) ctx.addIssue({ code: "custom", path: ["snapshot"], message: "a snapshot is for replay mode" });
  });
export type CreateRun = z.infer<typeof createRunSchema>;

/** The settings as stored with the run (no endpoint: that is stored without its secrets apart). */
export const runParamsSchema = z.object({
  decoding: settingsShape.decoding,
  maxSteps: settingsShape.maxSteps,
  k: settingsShape.k,
  concurrency: settingsShape.concurrency,
  filter: settingsShape.filter,
  timeoutMs: settingsShape.timeoutMs,
  retries: settingsShape.retries,
  backoffMs: settingsShape.backoffMs,
  toolResultMaxChars: settingsShape.toolResultMaxChars,
});
export type RunParams = z.infer<typeof runParamsSchema>;

export function paramsOf(run: CreateRun): RunParams {
  const { decoding, maxSteps, k, concurrency, filter, timeoutMs, retries, backoffMs, toolResultMaxChars } = run;
  return { decoding, maxSteps, k, concurrency, filter, timeoutMs, retries, backoffMs, toolResultMaxChars };
}
