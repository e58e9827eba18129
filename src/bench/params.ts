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
    /** Whether a KOPA-Bench run includes the abstention set (ka-…, reported apart); by default it does unless shapes, levels or providers are filtered. */
    abstention: z.boolean().optional(),
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
  /**
   * Samples per item (n): each attempt is one sample, with its own seed. An older request that
   * gives only `k` as a number asks for that many samples.
   */
  n: z.number().int().min(1).max(64).optional(),
  /** The k of pass@k and pass^k to report (each at most n); 1 and n by default. */
  k: z.union([z.number().int().min(1).max(64), z.array(z.number().int().min(1).max(64)).min(1).max(8)]).optional(),
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
  /**
   * The model's context budget in characters (0 = none): the tool list is sent compact (Korean
   * descriptions only, no output schemas) when the full one would take more than a quarter of it,
   * and each tool result is cut to what is left of it, so a small-context server is not overrun.
   */
  contextChars: z.number().int().min(0).max(10_000_000).default(0),
  /** full: descriptions in Korean and English; compact: Korean only, no output schemas. Chosen by contextChars by default. */
  toolList: z.enum(["full", "compact"]).optional(),
};

/** n and the ks of a request: `k: 3` alone (the older form) means three samples, reported at k = 1 and 3. */
export function samplesOf(input: { n?: number | undefined; k?: number | number[] | undefined }): { n: number; ks: number[] } {
  const listed = input.k === undefined ? [] : Array.isArray(input.k) ? input.k : [input.k];
  const n = input.n ?? (typeof input.k === "number" ? input.k : Math.max(1, ...listed));
  const ks = [...new Set(listed.length > 0 && !(input.n === undefined && typeof input.k === "number") ? listed : [1, n])].sort((a, b) => a - b);
  return { n, ks };
}

export const createRunSchema = z
  .object({ endpoint: endpointSchema, ...settingsShape })
  .strict()
  .superRefine((run, ctx) => {
    if (run.mode === "replay" && !run.snapshot) ctx.addIssue({ code: "custom", path: ["snapshot"], message: "replay needs a snapshot" });
    if (run.mode === "live" && run.snapshot) ctx.addIssue({ code: "custom", path: ["snapshot"], message: "a snapshot is for replay mode" });
    const { n, ks } = samplesOf(run);
    if (ks.some((k) => k > n)) ctx.addIssue({ code: "custom", path: ["k"], message: `every k must be at most n (${n} samples per item)` });
  });
export type CreateRun = z.infer<typeof createRunSchema>;

/** The settings as stored with the run (no endpoint: that is stored without its secrets apart). */
const storedParamsSchema = z.object({
  decoding: settingsShape.decoding,
  maxSteps: settingsShape.maxSteps,
  n: z.number().int().min(1),
  ks: z.array(z.number().int().min(1)).min(1),
  concurrency: settingsShape.concurrency,
  filter: settingsShape.filter,
  timeoutMs: settingsShape.timeoutMs,
  retries: settingsShape.retries,
  backoffMs: settingsShape.backoffMs,
  toolResultMaxChars: settingsShape.toolResultMaxChars,
  contextChars: settingsShape.contextChars,
  toolList: z.enum(["full", "compact"]).default("full"),
});

/** The settings as stored; runs stored before n and k were apart hold `k` as the number of samples. */
export const runParamsSchema = z.preprocess((raw) => {
  if (raw === null || typeof raw !== "object" || "n" in raw) return raw;
  const { k, ...rest } = raw as { k?: unknown };
  return typeof k === "number" ? { ...rest, n: k, ks: [...new Set([1, k])] } : raw;
}, storedParamsSchema);
export type RunParams = z.infer<typeof storedParamsSchema>;

export function paramsOf(run: CreateRun, toolList: "full" | "compact"): RunParams {
  const { decoding, maxSteps, concurrency, filter, timeoutMs, retries, backoffMs, toolResultMaxChars, contextChars } = run;
  return { decoding, maxSteps, ...samplesOf(run), concurrency, filter, timeoutMs, retries, backoffMs, toolResultMaxChars, contextChars, toolList };
}
