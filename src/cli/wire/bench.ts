/** The answers of /v1/bench as the CLI reads them (see src/bench/routes.ts and src/bench/stats.ts). */
import { z } from "zod";

export const BFCL_CATEGORIES = ["simple_python", "multiple", "parallel", "parallel_multiple"] as const;
export const SUITES = ["kopa", ...BFCL_CATEGORIES.map((c) => `bfcl:${c}` as const), "bfcl:all"] as const;

export const estimateSchema = z.object({ value: z.number(), ci: z.tuple([z.number(), z.number()]) });
export type Estimate = z.infer<typeof estimateSchema>;

const groupFiguresSchema = z.object({ items: z.number(), pass1: estimateSchema, passK: estimateSchema });
export type GroupFigures = z.infer<typeof groupFiguresSchema>;

const kFiguresSchema = z.object({ k: z.number(), items: z.number(), passAt: estimateSchema, passHat: estimateSchema });
export type KFigures = z.infer<typeof kFiguresSchema>;

const attemptCountsSchema = z.object({ total: z.number(), scored: z.number(), passed: z.number(), modelErrors: z.number(), infraErrors: z.number().default(0) });

/** KOPA-Bench's abstention set, summarised apart from the tasks (absent when the run has none, and from older servers). */
const abstentionSummarySchema = z.object({ items: z.number(), scoredItems: z.number(), attempts: attemptCountsSchema, pass1: estimateSchema, errorTypes: z.record(z.string(), z.number()) });
export type AbstentionSummary = z.infer<typeof abstentionSummarySchema>;

export const runSummarySchema = z.object({
  items: z.number(),
  scoredItems: z.number(),
  unscorable: z.array(z.object({ itemId: z.string(), reason: z.string() })),
  attempts: attemptCountsSchema,
  /** Samples per item (absent from servers before n and k were apart: k was n). */
  n: z.number().optional(),
  k: z.number(),
  byK: z.array(kFiguresSchema).default([]),
  pass1: estimateSchema,
  passK: estimateSchema,
  measures: z.record(z.string(), z.number()),
  errorTypes: z.record(z.string(), z.number()),
  breakdowns: z.record(z.string(), z.record(z.string(), groupFiguresSchema)),
  timing: z.object({ steps: z.number(), modelMsPerStep: z.number(), toolMsPerStep: z.number(), overheadMsPerStep: z.number(), attemptsPerMinute: z.number() }),
  abstention: abstentionSummarySchema.optional(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const benchRunSchema = z.object({
  id: z.string(),
  label: z.string(),
  suite: z.string(),
  model: z.string(),
  endpoint: z.object({ baseUrl: z.string(), model: z.string(), apiKey: z.boolean(), access: z.boolean() }),
  mode: z.string(),
  snapshot: z.string().nullable(),
  now: z.string().nullable(),
  status: z.string(),
  params: z.object({ n: z.number().optional(), ks: z.array(z.number()).optional(), k: z.number(), concurrency: z.number(), maxSteps: z.number() }),
  taskSet: z.string().nullable().default(null),
  catalogVersion: z.string().nullable().default(null),
  progress: z.object({ items: z.number(), planned: z.number(), done: z.number(), inFlight: z.array(z.string()).default([]), percent: z.number() }),
  summary: runSummarySchema,
  error: z.string().nullable(),
  createdAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BenchRun = z.infer<typeof benchRunSchema>;

export const benchRunListSchema = z.object({
  runs: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      suite: z.string(),
      model: z.string(),
      mode: z.string(),
      status: z.string(),
      planned: z.number(),
      done: z.number(),
      pass1: estimateSchema.nullable(),
      createdAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
    }),
  ),
});

export const leaderboardEntrySchema = z.object({
  runId: z.string(),
  label: z.string(),
  model: z.string(),
  mode: z.string(),
  snapshot: z.string().nullable(),
  n: z.number().optional(),
  k: z.number(),
  items: z.number(),
  scoredItems: z.number(),
  unscorable: z.number(),
  pass1: estimateSchema,
  passK: estimateSchema,
  measures: z.record(z.string(), z.number().optional()),
  finishedAt: z.string().nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** Runs ranked together: one suite, task set, world (snapshot) and catalog version. */
export const leaderboardBoardSchema = z.object({ suite: z.string(), taskSet: z.string().nullable(), snapshot: z.string().nullable(), catalogVersion: z.string().nullable(), entries: z.array(leaderboardEntrySchema) });
export type LeaderboardBoard = z.infer<typeof leaderboardBoardSchema>;

export const leaderboardSchema = z.object({ boards: z.array(leaderboardBoardSchema).optional(), suites: z.record(z.string(), z.array(leaderboardEntrySchema)) });
