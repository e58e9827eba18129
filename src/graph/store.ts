/**
 * D1 storage of the EDGE graph: edges with their status, the evidence of every verification, tool
 * shapes and drift events, graph versions and jobs. JSON columns are parsed with zod on the way out.
 */
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { UpstreamOrigin } from "../config/upstream";
import { z } from "zod";
import type { Db } from "../db/client";
import { calls, graphDrift, graphEdges, graphEvidence, graphJobs, graphTools, graphVersions } from "../db/schema";
import type { CandidateEdge } from "./candidates";
import { diffShapes, isDrift, type Shape, type ShapeDiff } from "./shape";
import type { Basis, Outcome, Tally, Verdict } from "./verdict";

export const edgeStatusSchema = z.enum(["candidate", "verified", "rejected", "stale", "inconclusive", "untested"]);
export type EdgeStatus = z.infer<typeof edgeStatusSchema>;

export const outcomeSchema = z.enum([
  "dependent",
  "conversion",
  "control_passed",
  "repeats_source",
  "empty",
  "empty_live",
  "no_data",
  "invalid_param",
  "type_error",
  "missing_value",
  "upstream_failure",
  "no_control",
]) satisfies z.ZodType<Outcome>;

export const basisSchema = z.enum([
  "dependent",
  "conversion",
  "control_passed",
  "repeats_source",
  "no_data",
  "invalid_param",
  "type_error",
  "missing_value",
  "few_values",
  "not_sent",
  "upstream_failure",
  "empty",
  "empty_live",
  "no_control",
]) satisfies z.ZodType<Basis>;

const bindingSchema = z.object({ field: z.string(), param: z.string(), score: z.number(), reasons: z.array(z.string()) });

/** One answer of a control call: its item count, or the error that refused it. */
const controlAnswerSchema = z.object({ items: z.number().int().nullable(), error: z.string().optional(), same: z.boolean() });

/** One try of an edge: what was sent, what came back, the controls, and why it counted as it did. */
export const trialSchema = z.object({
  unit: z.string(),
  values: z.record(z.string(), z.unknown()),
  args: z.record(z.string(), z.unknown()),
  items: z.number().int().nullable(),
  error: z.string().optional(),
  /** The same call with a random value of the same type in place of the source value. */
  control: controlAnswerSchema.extend({ values: z.record(z.string(), z.unknown()) }).optional(),
  /** The same call with the (optional) parameter left out. */
  leftOut: controlAnswerSchema.optional(),
  outcome: outcomeSchema,
  why: z.string(),
});
export type Trial = z.infer<typeof trialSchema>;
const jsonOf = <S extends z.ZodType>(schema: S) => z.string().transform((text, ctx): z.output<S> => {
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: "malformed JSON column" });
    return z.NEVER;
  }
  return parsed.data;
});

export const edgeRowSchema = z
  .object({
    id: z.string(),
    fromTool: z.string(),
    toTool: z.string(),
    bindings: jsonOf(z.array(bindingSchema)),
    candidateBindings: jsonOf(z.array(bindingSchema)).nullable(),
    score: z.number().int(),
    reasons: jsonOf(z.array(z.string())),
    status: edgeStatusSchema,
    statusReason: z.string().nullable(),
    basis: basisSchema.nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
    checkedAt: z.number().nullable(),
  })
  .transform((row) => ({ ...row, candidateBindings: row.candidateBindings ?? row.bindings }));
export type EdgeRow = z.output<typeof edgeRowSchema>;

export async function listEdges(db: Db, filter: { status?: EdgeStatus[]; ids?: string[] } = {}): Promise<EdgeRow[]> {
  const conditions = [];
  if (filter.status) conditions.push(inArray(graphEdges.status, filter.status));
  if (filter.ids) conditions.push(inArray(graphEdges.id, filter.ids));
  const rows = await db
    .select()
    .from(graphEdges)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(graphEdges.id)
    .all();
  return rows.map((row) => edgeRowSchema.parse(row));
}

const sameBindings = (a: readonly { field: string; param: string }[], b: readonly { field: string; param: string }[]) =>
  JSON.stringify(a.map((x) => [x.field, x.param])) === JSON.stringify(b.map((x) => [x.field, x.param]));

/**
 * Writes the candidates of a build. A new edge, or one whose bindings changed, starts as a
 * candidate; an unchanged edge keeps its status and history.
 */
export async function saveCandidates(db: Db, candidates: readonly CandidateEdge[], now: number): Promise<{ added: number; changed: number; unchanged: number }> {
  const existing = new Map((await listEdges(db)).map((e) => [e.id, e]));
  let added = 0;
  let changed = 0;
  const statements = [];
  for (const c of candidates) {
    const before = existing.get(c.id);
    const bindings = JSON.stringify(c.bindings);
    const values = { candidateBindings: bindings, score: Math.round(c.score * 100), reasons: JSON.stringify(c.reasons), updatedAt: now };
    if (!before) {
      added++;
      statements.push(db.insert(graphEdges).values({ id: c.id, fromTool: c.from, toTool: c.to, bindings, status: "candidate", statusReason: null, basis: null, createdAt: now, checkedAt: null, ...values }));
    } else if (!sameBindings(before.candidateBindings, c.bindings)) {
      changed++;
      statements.push(db.update(graphEdges).set({ ...values, bindings, status: "candidate", statusReason: "bindings changed", basis: null }).where(eq(graphEdges.id, c.id)));
    } else {
      statements.push(db.update(graphEdges).set(values).where(eq(graphEdges.id, c.id)));
    }
  }
  for (let i = 0; i < statements.length; i += 50) {
    const [first, ...rest] = statements.slice(i, i + 50);
    if (first) await db.batch([first, ...rest]);
  }
  return { added, changed, unchanged: candidates.length - added - changed };
}

export interface EvidenceInput {
  verdict: Verdict;
  basis: Basis;
  /** The bindings the edge keeps: the verified units of a verified edge, else the candidates. */
  bindings: z.infer<typeof bindingSchema>[];
  tries: number;
  outcomes: Tally;
  samples: Record<string, unknown>[];
  trials: Trial[];
  /** Source values that could not be sent (they collided with the source call's own arguments …). */
  skipped: string[];
  fingerprints: string[];
  upstreamCalls: number;
  reason: string;
  /** Untested for want of distinct source values: worth trying again once more values are known. */
  starved: boolean;
  /** What answered the calls (the sandbox's replica or the real hosts). */
  against?: UpstreamOrigin;
}

/** Stores one verification and moves the edge to its new status (history stays in evidence). */
export async function recordEvidence(db: Db, edgeId: string, evidence: EvidenceInput, graphVersion: number, now: number): Promise<void> {
  await db.batch([
    db.insert(graphEvidence).values({
      edgeId,
      at: now,
      verdict: evidence.verdict,
      basis: evidence.basis,
      tries: evidence.tries,
      outcomes: JSON.stringify(evidence.outcomes),
      samples: JSON.stringify(evidence.samples),
      fingerprints: JSON.stringify(evidence.fingerprints),
      trials: JSON.stringify(evidence.trials),
      skipped: JSON.stringify(evidence.skipped),
      upstreamCalls: evidence.upstreamCalls,
      graphVersion,
      against: evidence.against ?? "unknown",
    }),
    db
      .update(graphEdges)
      .set({ status: evidence.verdict, statusReason: evidence.reason, basis: evidence.basis, bindings: JSON.stringify(evidence.bindings), checkedAt: now, updatedAt: now })
      .where(eq(graphEdges.id, edgeId)),
  ]);
}

export const evidenceRowSchema = z.object({
  id: z.number(),
  edgeId: z.string(),
  at: z.number(),
  verdict: z.enum(["verified", "rejected", "inconclusive", "untested"]),
  basis: basisSchema.nullable(),
  tries: z.number(),
  outcomes: jsonOf(z.record(z.string(), z.number())),
  samples: jsonOf(z.array(z.record(z.string(), z.unknown()))),
  fingerprints: jsonOf(z.array(z.string())),
  trials: jsonOf(z.array(trialSchema)),
  skipped: jsonOf(z.array(z.string())),
  upstreamCalls: z.number(),
  graphVersion: z.number(),
  against: z.enum(["replica", "real", "mixed", "local", "unknown"]),
});

export async function edgeEvidence(db: Db, edgeId: string, limit = 20) {
  const rows = await db.select().from(graphEvidence).where(eq(graphEvidence.edgeId, edgeId)).orderBy(desc(graphEvidence.at), desc(graphEvidence.id)).limit(limit).all();
  return rows.map((row) => evidenceRowSchema.parse(row));
}

export async function markStale(db: Db, edgeIds: readonly string[], reason: string, now: number): Promise<void> {
  if (edgeIds.length === 0) return;
  await db.update(graphEdges).set({ status: "stale", statusReason: reason, updatedAt: now }).where(inArray(graphEdges.id, [...edgeIds]));
}

const shapeSchema = z.record(z.string(), z.string());

export interface ShapeChange {
  tool: string;
  before: Shape;
  after: Shape;
  diff: ShapeDiff;
}

/**
 * Records the shape of a tool's real answer; returns the change when it differs from the last one
 * seen (the first shape seen is the baseline, not drift).
 */
export async function observeShape(db: Db, tool: string, version: number, shape: Shape, hash: string, now: number): Promise<ShapeChange | null> {
  const row = await db.select().from(graphTools).where(eq(graphTools.name, tool)).get();
  const values = { version, shape: JSON.stringify(shape), shapeHash: hash, probedAt: now };
  if (!row) {
    await db.insert(graphTools).values({ name: tool, ...values });
    return null;
  }
  await db.update(graphTools).set(values).where(eq(graphTools.name, tool));
  if (row.shapeHash === hash || row.shape === null) return null;
  const before = shapeSchema.parse(JSON.parse(row.shape));
  const diff = diffShapes(before, shape);
  return isDrift(diff) ? { tool, before, after: shape, diff } : null;
}

export async function recordDrift(db: Db, change: ShapeChange, staleEdges: readonly string[], now: number): Promise<void> {
  await db.insert(graphDrift).values({
    tool: change.tool,
    at: now,
    before: JSON.stringify(change.before),
    after: JSON.stringify(change.after),
    added: JSON.stringify(change.diff.added),
    removed: JSON.stringify(change.diff.removed),
    retyped: JSON.stringify(change.diff.retyped),
    staleEdges: JSON.stringify(staleEdges),
  });
}

/**
 * What a drift event says: the answers' fields changed, the operation fails at every call (no
 * fields after: the shape before is the last one seen), or it answers again after failing (no
 * fields before).
 */
export const driftKindSchema = z.enum(["fields", "failing", "recovered"]);
export type DriftKind = z.infer<typeof driftKindSchema>;

/** The operation failed at every call; `before` is its last shape seen. */
export function failingChange(tool: string, before: Shape): ShapeChange {
  return { tool, before, after: {}, diff: diffShapes(before, {}) };
}

/** The operation answers again after failing, with this shape. */
export function recoveredChange(tool: string, after: Shape): ShapeChange {
  return { tool, before: {}, after, diff: diffShapes({}, after) };
}

export const driftRowSchema = z
  .object({
    id: z.number(),
    tool: z.string(),
    at: z.number(),
    before: jsonOf(shapeSchema),
    after: jsonOf(shapeSchema),
    added: jsonOf(z.array(z.string())),
    removed: jsonOf(z.array(z.string())),
    retyped: jsonOf(z.array(z.string())),
    staleEdges: jsonOf(z.array(z.string())),
  })
  .transform((row) => {
    // A real answer always has fields (a shape is taken from items only), so an empty side marks a failure.
    const kind: DriftKind = Object.keys(row.after).length === 0 ? "failing" : Object.keys(row.before).length === 0 ? "recovered" : "fields";
    return { ...row, kind };
  });
export type DriftRow = z.infer<typeof driftRowSchema>;

export async function listDrift(db: Db, limit = 100): Promise<DriftRow[]> {
  const rows = await db.select().from(graphDrift).orderBy(desc(graphDrift.at), desc(graphDrift.id)).limit(limit).all();
  return rows.map((row) => driftRowSchema.parse(row));
}

export async function latestDrift(db: Db, tool: string): Promise<DriftRow | null> {
  const row = await db.select().from(graphDrift).where(eq(graphDrift.tool, tool)).orderBy(desc(graphDrift.at), desc(graphDrift.id)).limit(1).get();
  return row ? driftRowSchema.parse(row) : null;
}

/** The shape of the tool's last real answer seen, or null before any. */
export async function lastShape(db: Db, tool: string): Promise<Shape | null> {
  const row = await db.select({ shape: graphTools.shape }).from(graphTools).where(eq(graphTools.name, tool)).get();
  return row?.shape ? shapeSchema.parse(JSON.parse(row.shape)) : null;
}

/** Tools probed longest ago first (never probed first). */
export async function toolProbeTimes(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ name: graphTools.name, probedAt: graphTools.probedAt }).from(graphTools).all();
  return new Map(rows.map((r) => [r.name, r.probedAt ?? 0]));
}

/**
 * Tools whose latest drift event made edges stale: their shape changed (or they fail) and has not
 * changed since, so they are probed before any other until it changes back (or again).
 */
export async function toolsInDrift(db: Db): Promise<Set<string>> {
  const rows = await db.select({ tool: graphDrift.tool, staleEdges: graphDrift.staleEdges }).from(graphDrift).orderBy(desc(graphDrift.at), desc(graphDrift.id)).all();
  const latest = new Map<string, string>();
  for (const row of rows) if (!latest.has(row.tool)) latest.set(row.tool, row.staleEdges);
  const staleEdges = jsonOf(z.array(z.string()));
  return new Set([...latest].filter(([, edges]) => staleEdges.parse(edges).length > 0).map(([tool]) => tool));
}

/** How far back the call log is read for failures (the scan of a day's calls stays small). */
const FAILURE_LOOKBACK_MS = 24 * 3600_000;
const RUN_ROWS = 200;

export interface FailureRun {
  /** The oldest of the tool's latest upstream answers that all failed (as far back as the log is read). */
  since: number;
  /** The newest upstream answer before them that did not fail so, when the log read holds one. */
  answeredAt: number | null;
}

/**
 * The tool's current run of failed upstream answers (any team's, from the call log): those that
 * failed with one of the `transient` codes, newest first, up to the latest answer that did not (a
 * well-formed refusal of a request ends the run too: the backend answered it). Null when the
 * latest upstream answer did not fail so.
 */
export async function failureRun(db: Db, tool: string, transient: ReadonlySet<string>, now: number): Promise<FailureRun | null> {
  const rows = await db
    .select({ at: calls.at, errorCode: calls.errorCode })
    .from(calls)
    .where(and(eq(calls.tool, tool), eq(calls.upstream, true), gt(calls.at, now - FAILURE_LOOKBACK_MS)))
    .orderBy(desc(calls.at), desc(calls.id))
    .limit(RUN_ROWS)
    .all();
  let since: number | null = null;
  for (const row of rows) {
    if (row.errorCode === null || !transient.has(row.errorCode)) return since === null ? null : { since, answeredAt: row.at };
    since = row.at;
  }
  return since === null ? null : { since, answeredAt: null };
}

/** Tools whose latest upstream answer (within the log read) failed with one of the `transient` codes. */
export async function toolsFailing(db: Db, transient: ReadonlySet<string>, now: number): Promise<Set<string>> {
  // SQLite takes the bare columns of a max() aggregate from the row that holds the maximum.
  const rows = await db
    .select({ tool: calls.tool, errorCode: calls.errorCode, at: sql<number>`max(${calls.at})` })
    .from(calls)
    .where(and(eq(calls.upstream, true), gt(calls.at, now - FAILURE_LOOKBACK_MS)))
    .groupBy(calls.tool)
    .all();
  return new Set(rows.filter((r) => r.errorCode !== null && transient.has(r.errorCode)).map((r) => r.tool));
}

export async function currentVersion(db: Db): Promise<number> {
  const row = await db.select({ version: graphVersions.version }).from(graphVersions).orderBy(desc(graphVersions.version)).limit(1).get();
  return row?.version ?? 0;
}

/** Bumps the graph version when the set of verified edges differs from the last version's. */
export async function bumpVersionIfChanged(db: Db, now: number): Promise<number> {
  const last = await db.select().from(graphVersions).orderBy(desc(graphVersions.version)).limit(1).get();
  const previous = new Set(last ? z.array(z.string()).parse(JSON.parse(last.edges)) : []);
  const verified = (await db.select({ id: graphEdges.id }).from(graphEdges).where(eq(graphEdges.status, "verified")).orderBy(graphEdges.id).all()).map((r) => r.id);
  const added = verified.filter((id) => !previous.has(id));
  const current = new Set(verified);
  const removed = [...previous].filter((id) => !current.has(id));
  if (last && added.length === 0 && removed.length === 0) return last.version;
  const version = (last?.version ?? 0) + 1;
  await db.insert(graphVersions).values({ version, at: now, verified: verified.length, edges: JSON.stringify(verified), change: JSON.stringify({ added, removed }) });
  return version;
}

export async function statusCounts(db: Db): Promise<Record<EdgeStatus, number>> {
  const rows = await db.select({ status: graphEdges.status, n: sql<number>`count(*)` }).from(graphEdges).groupBy(graphEdges.status).all();
  const counts: Record<EdgeStatus, number> = { candidate: 0, verified: 0, rejected: 0, stale: 0, inconclusive: 0, untested: 0 };
  for (const row of rows) counts[edgeStatusSchema.parse(row.status)] = row.n;
  return counts;
}

/** Edges per basis of their status (dependent, conversion, control_passed, few_values …). */
export async function basisCounts(db: Db): Promise<Partial<Record<Basis, number>>> {
  const rows = await db.select({ basis: graphEdges.basis, n: sql<number>`count(*)` }).from(graphEdges).groupBy(graphEdges.basis).all();
  const counts: Partial<Record<Basis, number>> = {};
  for (const row of rows) if (row.basis !== null) counts[basisSchema.parse(row.basis)] = row.n;
  return counts;
}

/** The latest evidence of each edge (for exports). */
export async function latestEvidence(db: Db): Promise<Map<string, z.infer<typeof evidenceRowSchema>>> {
  const rows = await db.select().from(graphEvidence).orderBy(desc(graphEvidence.at), desc(graphEvidence.id)).all();
  const latest = new Map<string, z.infer<typeof evidenceRowSchema>>();
  for (const row of rows) if (!latest.has(row.edgeId)) latest.set(row.edgeId, evidenceRowSchema.parse(row));
  return latest;
}

// ---------------------------------------------------------------- jobs

export const jobKindSchema = z.enum(["build", "verify", "reverify"]);
export const jobStatusSchema = z.enum(["queued", "running", "done", "budget_exhausted", "failed", "cancelled"]);
export const jobProgressSchema = z.object({
  phase: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  upstreamCalls: z.number().int(),
  naiveCalls: z.number().int(),
  verdicts: z.record(z.string(), z.number().int()),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const jobRowSchema = z.object({
  id: z.string(),
  kind: jobKindSchema,
  status: jobStatusSchema,
  teamId: z.string(),
  params: jsonOf(z.record(z.string(), z.unknown())),
  progress: jsonOf(jobProgressSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
  finishedAt: z.number().nullable(),
  error: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

export async function insertJob(db: Db, job: { id: string; kind: z.infer<typeof jobKindSchema>; teamId: string; params: Record<string, unknown> }, now: number): Promise<void> {
  const progress: JobProgress = { phase: "queued", total: 0, done: 0, upstreamCalls: 0, naiveCalls: 0, verdicts: {} };
  await db.insert(graphJobs).values({ ...job, status: "queued", params: JSON.stringify(job.params), progress: JSON.stringify(progress), createdAt: now, updatedAt: now, finishedAt: null, error: null });
}

/**
 * Changes a live (queued or running) job; a job that ended — cancelled meanwhile, say — is never
 * changed again, so a build or slice still running when it was cancelled cannot write `done` over
 * it. Returns whether the job was still live.
 */
export async function updateJob(db: Db, id: string, change: { status?: z.infer<typeof jobStatusSchema>; progress?: JobProgress; error?: string }, now: number): Promise<boolean> {
  const finished = change.status && !["queued", "running"].includes(change.status);
  const updated = await db
    .update(graphJobs)
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.progress ? { progress: JSON.stringify(change.progress) } : {}),
      ...(change.error ? { error: change.error } : {}),
      ...(finished ? { finishedAt: now } : {}),
      updatedAt: now,
    })
    .where(and(eq(graphJobs.id, id), inArray(graphJobs.status, ["queued", "running"])))
    .returning({ id: graphJobs.id });
  return updated.length > 0;
}

export async function getJob(db: Db, id: string): Promise<JobRow | null> {
  const row = await db.select().from(graphJobs).where(eq(graphJobs.id, id)).get();
  return row ? jobRowSchema.parse(row) : null;
}

