/**
 * D1 storage of KOPA-Bench: the task set as loaded from its files, runs, the gold re-executed per
 * run, attempts with their trajectories and their scores. JSON columns are parsed with zod on the
 * way out; nothing stored holds an API key or an Access secret.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { benchAttempts, benchGold, benchRuns, benchScores, benchTasks } from "../db/schema";
import { sha256Hex } from "../gateway/fingerprint";
import { deepFreeze } from "../util/deep-freeze";
import { ABSTENTION_TASKS } from "./abstention";
import type { PublicEndpoint } from "./model";
import { runParamsSchema, suiteSchema, type RunParams, type Suite } from "./params";
import type { PlanRun } from "./plan";
import { taskSchema, type BenchTask } from "./task";
import { BENCH_TASKS, providersOf } from "./tasks";
import { storable, trajectorySchema, type Trajectory } from "./trajectory";

const jsonOf = <S extends z.ZodType>(schema: S) =>
  z.string().transform((text, ctx): z.output<S> => {
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "malformed JSON column" });
      return z.NEVER;
    }
    return parsed.data;
  });

// ---------------------------------------------------------------------------------------------
// Tasks

export interface SyncReport {
  added: number;
  updated: number;
  unchanged: number;
  total: number;
}

/** Writes the versioned task files into D1: new tasks added, changed ones rewritten. */
export async function syncTasks(db: Db, tasks: readonly BenchTask[] = BENCH_TASKS, now = Date.now()): Promise<SyncReport> {
  const existing = new Map((await db.select({ id: benchTasks.id, hash: benchTasks.hash }).from(benchTasks).all()).map((r) => [r.id, r.hash]));
  let added = 0;
  let updated = 0;
  const statements = [];
  for (const task of tasks) {
    const text = JSON.stringify(task);
    const hash = await sha256Hex(text);
    const before = existing.get(task.id);
    if (before === hash) continue;
    const row = {
      id: task.id,
      version: task.version,
      shape: task.shape,
      level: task.level,
      providers: JSON.stringify([...providersOf(task)].sort()),
      requestKo: task.request.ko,
      goldCalls: task.plan.length,
      task: text,
      hash,
      syncedAt: now,
    };
    if (before === undefined) added++;
    else updated++;
    statements.push(db.insert(benchTasks).values(row).onConflictDoUpdate({ target: benchTasks.id, set: row }));
  }
  for (let i = 0; i < statements.length; i += 40) {
    const [first, ...rest] = statements.slice(i, i + 40);
    if (first) await db.batch([first, ...rest]);
  }
  return { added, updated, unchanged: tasks.length - added - updated, total: tasks.length };
}

/**
 * The hash of the task set in D1: every task's id and content hash, in id order. Runs and
 * snapshots carry it, so scores of different task-set versions are never ranked together.
 */
export async function taskSetHash(db: Db): Promise<string> {
  await loadTasks(db);
  const rows = await db.select({ id: benchTasks.id, hash: benchTasks.hash }).from(benchTasks).orderBy(asc(benchTasks.id)).all();
  // The abstention set is part of what a run is scored on: a change to it is another task set.
  const abstention = await Promise.all(ABSTENTION_TASKS.map(async (t) => `${t.id}:${await sha256Hex(JSON.stringify(t))}`));
  return `t-${(await sha256Hex([...rows.map((r) => `${r.id}:${r.hash}`), ...abstention].join("\n"))).slice(0, 16)}`;
}

export interface StoredTask {
  task: BenchTask;
  providers: string[];
}

const providersSchema = jsonOf(z.array(z.string()));
const taskColumn = jsonOf(taskSchema);

// Each task's column text as this isolate last parsed it: every run, page and result view loads
// the whole set, and parsing 145 tasks with zod each time cost more CPU than reading them. A
// changed text is parsed again; the parsed tasks are shared, so nothing may change them.
const parsedTasks = new Map<string, StoredTask>();

function storedTask(row: { task: string; providers: string }): StoredTask {
  const key = `${row.providers}\n${row.task}`;
  let stored = parsedTasks.get(key);
  if (!stored) {
    stored = deepFreeze({ task: taskColumn.parse(row.task), providers: providersSchema.parse(row.providers) });
    if (parsedTasks.size >= 4 * BENCH_TASKS.length) parsedTasks.clear();
    parsedTasks.set(key, stored);
  }
  return stored;
}

/** The tasks in D1 (loaded from the files at first use), ordered by id. */
export async function loadTasks(db: Db): Promise<StoredTask[]> {
  let rows = await db.select({ task: benchTasks.task, providers: benchTasks.providers }).from(benchTasks).orderBy(asc(benchTasks.id)).all();
  if (rows.length === 0) {
    await syncTasks(db);
    rows = await db.select({ task: benchTasks.task, providers: benchTasks.providers }).from(benchTasks).orderBy(asc(benchTasks.id)).all();
  }
  return rows.map(storedTask);
}

// ---------------------------------------------------------------------------------------------
// Runs

export const runStatusSchema = z.enum(["queued", "running", "done", "failed", "cancelled"]);
export type RunStatus = z.infer<typeof runStatusSchema>;

const endpointColumn = jsonOf(z.object({ baseUrl: z.string(), model: z.string(), apiKey: z.boolean(), access: z.boolean() }));

export const runRowSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  suite: suiteSchema,
  label: z.string(),
  model: z.string(),
  endpoint: endpointColumn,
  params: jsonOf(runParamsSchema),
  mode: z.enum(["live", "replay"]),
  snapshot: z.string().nullable(),
  now: z.number(),
  status: runStatusSchema,
  items: jsonOf(z.array(z.string())),
  attemptsPlanned: z.number(),
  attemptsDone: z.number(),
  summary: z
    .string()
    .nullable()
    .transform((text) => (text === null ? null : (JSON.parse(text) as unknown))),
  error: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
  catalogVersion: z.string().nullable(),
  taskSet: z.string().nullable(),
  world: z.string().nullable(),
});
export type RunRow = z.infer<typeof runRowSchema>;

export interface NewRun {
  id: string;
  teamId: string;
  suite: Suite;
  label: string;
  endpoint: PublicEndpoint;
  params: RunParams;
  mode: "live" | "replay";
  snapshot: string | null;
  now: number;
  items: string[];
  catalogVersion: string | null;
  taskSet: string | null;
  /** The id of the snapshot the run records into and replays from. */
  world: string | null;
}

export async function insertRun(db: Db, run: NewRun, at = Date.now()): Promise<void> {
  await db.insert(benchRuns).values({
    id: run.id,
    teamId: run.teamId,
    suite: run.suite,
    label: run.label,
    model: run.endpoint.model,
    endpoint: JSON.stringify(run.endpoint),
    params: JSON.stringify(run.params),
    mode: run.mode,
    snapshot: run.snapshot,
    now: run.now,
    status: "queued",
    items: JSON.stringify(run.items),
    attemptsPlanned: run.items.length * run.params.n,
    attemptsDone: 0,
    summary: null,
    error: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: null,
    catalogVersion: run.catalogVersion,
    taskSet: run.taskSet,
    world: run.world,
  });
}

export async function getRun(db: Db, id: string): Promise<RunRow | null> {
  const row = await db.select().from(benchRuns).where(eq(benchRuns.id, id)).get();
  return row ? runRowSchema.parse(row) : null;
}

export async function updateRun(db: Db, id: string, patch: { status?: RunStatus; summary?: unknown; error?: string | null }, at = Date.now()): Promise<void> {
  const finished = patch.status === "done" || patch.status === "failed" || patch.status === "cancelled";
  await db
    .update(benchRuns)
    .set({
      ...(patch.status ? { status: patch.status } : {}),
      ...(patch.summary !== undefined ? { summary: JSON.stringify(patch.summary) } : {}),
      ...(patch.error !== undefined ? { error: patch.error } : {}),
      ...(finished ? { finishedAt: at } : {}),
      updatedAt: at,
    })
    // A cancelled run stays cancelled: a slice that read it before the cancel must not revive it.
    .where(patch.status === "cancelled" ? eq(benchRuns.id, id) : and(eq(benchRuns.id, id), ne(benchRuns.status, "cancelled")));
}

export async function listRuns(db: Db, teamId: string, filter: { suite?: string; status?: RunStatus } = {}): Promise<RunRow[]> {
  const conditions = [eq(benchRuns.teamId, teamId)];
  if (filter.suite) conditions.push(eq(benchRuns.suite, filter.suite));
  if (filter.status) conditions.push(eq(benchRuns.status, filter.status));
  const rows = await db
    .select()
    .from(benchRuns)
    .where(and(...conditions))
    .orderBy(desc(benchRuns.createdAt))
    .limit(500)
    .all();
  return rows.map((r) => runRowSchema.parse(r));
}

// ---------------------------------------------------------------------------------------------
// Gold

const planRunSchema = z.custom<PlanRun>((v) => v !== null && typeof v === "object" && "steps" in v && "facts" in v);

export interface GoldRow {
  taskId: string;
  ok: boolean;
  reason: string | null;
  run: PlanRun;
  ms: number;
}

export async function putGold(db: Db, runId: string, gold: GoldRow, at = Date.now()): Promise<void> {
  await db
    .insert(benchGold)
    .values({ runId, taskId: gold.taskId, ok: gold.ok, reason: gold.reason, run: JSON.stringify(gold.run), ms: gold.ms, at })
    .onConflictDoNothing();
}

const goldColumn = jsonOf(planRunSchema);

export async function getGold(db: Db, runId: string, taskId: string): Promise<GoldRow | null> {
  const row = await db
    .select()
    .from(benchGold)
    .where(and(eq(benchGold.runId, runId), eq(benchGold.taskId, taskId)))
    .get();
  return row ? { taskId: row.taskId, ok: row.ok, reason: row.reason, run: goldColumn.parse(row.run), ms: row.ms } : null;
}

export async function listGold(db: Db, runId: string): Promise<Map<string, GoldRow>> {
  const rows = await db.select().from(benchGold).where(eq(benchGold.runId, runId)).all();
  return new Map(rows.map((r) => [r.taskId, { taskId: r.taskId, ok: r.ok, reason: r.reason, run: goldColumn.parse(r.run), ms: r.ms }]));
}

// ---------------------------------------------------------------------------------------------
// Attempts and scores

export type AttemptStatus = "done" | "model_error" | "unscorable";

export interface AttemptRow {
  runId: string;
  itemId: string;
  attempt: number;
  status: AttemptStatus;
  trajectory: Trajectory | null;
  steps: number;
  toolCalls: number;
  modelMs: number;
  toolMs: number;
  totalMs: number;
  startedAt: number;
  finishedAt: number;
}

export interface ScoreRow {
  runId: string;
  itemId: string;
  attempt: number;
  scorable: boolean;
  pass: boolean;
  errorType: string | null;
  detail: unknown;
}

function scoreValues(score: ScoreRow, at: number) {
  return { runId: score.runId, itemId: score.itemId, attempt: score.attempt, scorable: score.scorable, pass: score.pass, errorType: score.errorType, detail: JSON.stringify(score.detail), scoredAt: at };
}

/**
 * Stores a finished attempt with its score and counts it, in one batch. Returns false when the
 * attempt was already stored (an interrupted slice's duplicate): nothing is counted twice.
 */
export async function saveAttempt(db: Db, attempt: AttemptRow, score: ScoreRow, at = Date.now()): Promise<boolean> {
  const existing = await db
    .select({ attempt: benchAttempts.attempt })
    .from(benchAttempts)
    .where(and(eq(benchAttempts.runId, attempt.runId), eq(benchAttempts.itemId, attempt.itemId), eq(benchAttempts.attempt, attempt.attempt)))
    .get();
  if (existing) return false;
  await db.batch([
    db.insert(benchAttempts).values({ ...attempt, trajectory: attempt.trajectory ? JSON.stringify(storable(attempt.trajectory)) : null }),
    db.insert(benchScores).values(scoreValues(score, at)).onConflictDoUpdate({ target: [benchScores.runId, benchScores.itemId, benchScores.attempt], set: scoreValues(score, at) }),
    db
      .update(benchRuns)
      .set({ attemptsDone: sql`${benchRuns.attemptsDone} + 1`, updatedAt: at })
      .where(eq(benchRuns.id, attempt.runId)),
  ]);
  return true;
}

/** `item#attempt` of every stored attempt of a run. */
export async function finishedAttempts(db: Db, runId: string): Promise<Set<string>> {
  const rows = await db.select({ itemId: benchAttempts.itemId, attempt: benchAttempts.attempt }).from(benchAttempts).where(eq(benchAttempts.runId, runId)).all();
  return new Set(rows.map((r) => `${r.itemId}#${r.attempt}`));
}

const trajectoryColumn = z
  .string()
  .nullable()
  .transform((text) => (text === null ? null : trajectorySchema.parse(JSON.parse(text))));

export async function listAttempts(db: Db, runId: string, options: { itemIds?: string[]; limit?: number; offset?: number; withTrajectory?: boolean } = {}): Promise<AttemptRow[]> {
  const conditions = [eq(benchAttempts.runId, runId)];
  if (options.itemIds) conditions.push(inArray(benchAttempts.itemId, options.itemIds));
  const withTrajectory = options.withTrajectory !== false;
  const rows = await db
    .select({
      runId: benchAttempts.runId,
      itemId: benchAttempts.itemId,
      attempt: benchAttempts.attempt,
      status: benchAttempts.status,
      // Trajectories can be large: read them only when asked for.
      trajectory: withTrajectory ? benchAttempts.trajectory : sql<string | null>`NULL`,
      steps: benchAttempts.steps,
      toolCalls: benchAttempts.toolCalls,
      modelMs: benchAttempts.modelMs,
      toolMs: benchAttempts.toolMs,
      totalMs: benchAttempts.totalMs,
      startedAt: benchAttempts.startedAt,
      finishedAt: benchAttempts.finishedAt,
    })
    .from(benchAttempts)
    .where(and(...conditions))
    .orderBy(asc(benchAttempts.itemId), asc(benchAttempts.attempt))
    .limit(options.limit ?? 100_000)
    .offset(options.offset ?? 0)
    .all();
  return rows.map((r) => ({ ...r, status: r.status as AttemptStatus, trajectory: trajectoryColumn.parse(r.trajectory) }));
}

export async function listScores(db: Db, runId: string): Promise<ScoreRow[]> {
  const rows = await db.select().from(benchScores).where(eq(benchScores.runId, runId)).orderBy(asc(benchScores.itemId), asc(benchScores.attempt)).all();
  return rows.map((r) => ({ runId: r.runId, itemId: r.itemId, attempt: r.attempt, scorable: r.scorable, pass: r.pass, errorType: r.errorType, detail: JSON.parse(r.detail) as unknown }));
}

/** Rewrites the scores of a run (after a re-score). */
export async function replaceScores(db: Db, scores: readonly ScoreRow[], at = Date.now()): Promise<void> {
  for (let i = 0; i < scores.length; i += 40) {
    const [first, ...rest] = scores.slice(i, i + 40).map((s) => db.insert(benchScores).values(scoreValues(s, at)).onConflictDoUpdate({ target: [benchScores.runId, benchScores.itemId, benchScores.attempt], set: scoreValues(s, at) }));
    if (first) await db.batch([first, ...rest]);
  }
}
