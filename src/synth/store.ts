/** D1 storage of synthesis jobs and their examples; JSON columns parsed with zod on the way out. */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { shapeSchema } from "../bench/task";
import { providerIdSchema } from "../catalog/providers";
import type { Db } from "../db/client";
import { synthExamples, synthJobs } from "../db/schema";
import { decodingSchema, endpointSchema } from "../bench/model";
import { exampleSchema, type SynthExample } from "./example-schema";
import { instantsSchema } from "./instants";
import { writerConfigSchema } from "./walk";

export const synthParamsSchema = z.object({
  /** Kept examples to aim for. */
  target: z.number().int().min(1).max(20_000).default(300),
  shapes: z.array(shapeSchema).min(1).default(["sequential", "fan_out", "reduction", "parallel", "comparison", "conditional"]),
  /** Only walks whose tools all belong to these providers (local tools always allowed). */
  providers: z.array(providerIdSchema).optional(),
  /** Upstream calls the job may spend. */
  budget: z.number().int().min(1).max(1_000_000).default(20_000),
  seed: z.string().max(100).default("synth"),
  /** Answer every call from this snapshot (no upstream call at all). */
  snapshot: z.string().min(1).max(200).optional(),
  /** Walks in flight at once. */
  concurrency: z.number().int().min(1).max(64).default(8),
  /** A model that writes requests and answers (templates otherwise), as stored: without secrets. */
  writer: writerConfigSchema.optional(),
  /**
   * Each walk's instant (src/synth/instants.ts): spread over the year before the job started, or
   * the moment the walk starts. A job started without it spreads on the sandbox and takes "now"
   * against real hosts or a snapshot; jobs stored before it existed made every walk now.
   */
  instants: instantsSchema.optional(),
  /**
   * Tools the job draws on more: an operator's own definitions (`npm start -- --specs DIR`), which
   * are what the run is for. Routes through them weigh PREFERRED_WEIGHT times.
   */
  prefer: z.array(z.string().min(1).max(200)).max(5000).optional(),
});
export type SynthParams = z.infer<typeof synthParamsSchema>;

/** A job as asked for: the writer's endpoint may carry an API key and an Access token. */
export const synthRequestSchema = synthParamsSchema
  .extend({
    writer: z
      .object({ endpoint: endpointSchema, decoding: decodingSchema.default({}), solve: z.boolean().default(false) })
      .strict()
      .optional(),
  })
  .strict();

export const synthJobStatusSchema = z.enum(["queued", "running", "done", "budget_exhausted", "exhausted_plans", "cancelled", "failed"]);
export type SynthJobStatus = z.infer<typeof synthJobStatusSchema>;

export const synthProgressSchema = z.object({
  planned: z.number().int(),
  running: z.number().int(),
  /** Walks waiting for a quota reset. */
  parked: z.number().int().default(0),
  done: z.number().int(),
  kept: z.number().int(),
  failed: z.record(z.string(), z.number().int()),
  rejected: z.record(z.string(), z.number().int()),
  /** How the kept examples' requests were written. */
  madeBy: z.record(z.string(), z.number().int()).default({}),
  upstreamCalls: z.number().int(),
  calls: z.number().int(),
});
export type SynthProgress = z.infer<typeof synthProgressSchema>;

export function emptySynthProgress(): SynthProgress {
  return { planned: 0, running: 0, parked: 0, done: 0, kept: 0, failed: {}, rejected: {}, madeBy: {}, upstreamCalls: 0, calls: 0 };
}

const json = <S extends z.ZodType>(schema: S) => z.string().transform((text): z.output<S> => schema.parse(JSON.parse(text)));

export const synthJobRowSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  status: synthJobStatusSchema,
  params: json(synthParamsSchema),
  progress: json(synthProgressSchema),
  graphVersion: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type SynthJobRow = z.infer<typeof synthJobRowSchema>;

export async function insertSynthJob(db: Db, job: { id: string; teamId: string; params: SynthParams; graphVersion: number }, now: number): Promise<void> {
  await db.insert(synthJobs).values({
    ...job,
    status: "queued",
    params: JSON.stringify(job.params),
    progress: JSON.stringify(emptySynthProgress()),
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  });
}

export async function getSynthJob(db: Db, id: string): Promise<SynthJobRow | null> {
  const row = await db.select().from(synthJobs).where(eq(synthJobs.id, id)).get();
  return row ? synthJobRowSchema.parse(row) : null;
}

/** A team's jobs, newest first. */
export async function listSynthJobs(db: Db, teamId: string, limit = 200): Promise<SynthJobRow[]> {
  const rows = await db.select().from(synthJobs).where(eq(synthJobs.teamId, teamId)).orderBy(desc(synthJobs.createdAt)).limit(limit).all();
  return rows.map((r) => synthJobRowSchema.parse(r));
}

/** Why each rejected example of a job was not kept (`<rule>: <reason>`), for the card's reasons. */
/** The rejection of every stored example not kept, with the edges its walk went through. */
export async function rejectionsOf(db: Db, jobId: string): Promise<{ rejection: string; edges: string[] }[]> {
  const rows = await db
    .select({ rejection: synthExamples.rejection, edges: sql<string>`json_extract(${synthExamples.example}, '$.edges')` })
    .from(synthExamples)
    .where(and(eq(synthExamples.jobId, jobId), eq(synthExamples.kept, false)))
    .all();
  return rows.map((r) => ({ rejection: r.rejection ?? "rejected", edges: storedEdgesSchema.parse(JSON.parse(r.edges ?? "[]")) }));
}

const storedEdgesSchema = z.array(z.string());

/** Stored examples of a job per shape, kept and rejected (walks that failed store no example). */
export async function exampleCountsByShape(db: Db, jobId: string): Promise<{ shape: string; kept: number; rejected: number }[]> {
  return db
    .select({
      shape: synthExamples.shape,
      kept: sql<number>`sum(case when ${synthExamples.kept} then 1 else 0 end)`,
      rejected: sql<number>`sum(case when ${synthExamples.kept} then 0 else 1 end)`,
    })
    .from(synthExamples)
    .where(eq(synthExamples.jobId, jobId))
    .groupBy(synthExamples.shape)
    .orderBy(asc(synthExamples.shape))
    .all();
}

/** Changes a live (queued or running) job only: one that ended — cancelled, say — is never revived. */
export async function updateSynthJob(db: Db, id: string, change: { status?: SynthJobStatus; progress?: SynthProgress }, now: number): Promise<void> {
  const finished = change.status !== undefined && !["queued", "running"].includes(change.status);
  await db
    .update(synthJobs)
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.progress ? { progress: JSON.stringify(change.progress) } : {}),
      ...(finished ? { finishedAt: now } : {}),
      updatedAt: now,
    })
    .where(and(eq(synthJobs.id, id), inArray(synthJobs.status, ["queued", "running"])));
}

export async function insertExample(db: Db, example: SynthExample, rejection: string | null, upstreamCalls: number, now: number): Promise<void> {
  await db
    .insert(synthExamples)
    .values({
      id: example.id,
      jobId: example.jobId,
      shape: example.shape,
      kept: rejection === null,
      rejection,
      signature: example.signature,
      example: JSON.stringify(example),
      calls: example.calls.length,
      upstreamCalls,
      createdAt: now,
    })
    .onConflictDoNothing();
}

export async function listExamples(db: Db, jobId: string, options: { kept?: boolean; limit?: number; offset?: number } = {}): Promise<SynthExample[]> {
  const rows = await db
    .select({ example: synthExamples.example })
    .from(synthExamples)
    .where(options.kept === undefined ? eq(synthExamples.jobId, jobId) : and(eq(synthExamples.jobId, jobId), eq(synthExamples.kept, options.kept)))
    .orderBy(asc(synthExamples.createdAt), asc(synthExamples.id))
    .limit(options.limit ?? 100_000)
    .offset(options.offset ?? 0)
    .all();
  return rows.map((r) => exampleSchema.parse(JSON.parse(r.example)));
}

/** Examples with the filter that rejected each (null when kept), a page at a time. */
export async function listExamplesWithRejection(db: Db, jobId: string, options: { kept: boolean; limit: number; offset: number }): Promise<{ example: SynthExample; rejection: string | null }[]> {
  const rows = await db
    .select({ example: synthExamples.example, rejection: synthExamples.rejection })
    .from(synthExamples)
    .where(and(eq(synthExamples.jobId, jobId), eq(synthExamples.kept, options.kept)))
    .orderBy(asc(synthExamples.createdAt), asc(synthExamples.id))
    .limit(options.limit)
    .offset(options.offset)
    .all();
  return rows.map((r) => ({ example: exampleSchema.parse(JSON.parse(r.example)), rejection: r.rejection }));
}
