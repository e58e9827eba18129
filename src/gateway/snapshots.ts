/**
 * Snapshots: named, immutable copies of stored responses. A call with `snapshot` is answered from
 * one only (a miss is an error, never an upstream call), which makes benchmark runs and rewards
 * reproducible. Snapshots move between installations as JSONL.
 *
 * Every snapshot belongs to a team: names are unique per team, and a team sees, exports and
 * replays its own snapshots. Its owner may share one; other teams then replay it by its full name
 * `<owner team>/<name>` (never by the bare name, which always means the caller's own). Snapshots
 * from before owners existed are the operator's, shared, and answer to their bare name when the
 * caller has none of that name. Imported snapshots are marked unverified: their answers came from a
 * file, not from the upstreams. Creating and importing are atomic: one D1 batch (a transaction).
 */
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../app/errors";
import { parseOrThrow } from "../app/new-app";
import type { Db } from "../db/client";
import { responses, snapshotEntries, snapshots, teams } from "../db/schema";
import { normalisedResultSchema } from "../upstream/result";
import { storedResponseSchema, type StoredResponse } from "./cache";

export const snapshotNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, "1-100 of [A-Za-z0-9._-], starting alphanumeric");

/** How a call names a snapshot: `<name>` (the team's own) or `<owner team>/<name>` (one shared with it). */
export const snapshotRefSchema = z
  .string()
  .min(1)
  .max(200)
  .refine((ref) => snapshotNameSchema.safeParse(ref.slice(ref.lastIndexOf("/") + 1)).success && ref.lastIndexOf("/") !== 0, "a snapshot name, or <owner team>/<name> for a shared one");

export const createSnapshotSchema = z
  .object({
    name: snapshotNameSchema,
    description: z.string().max(1000).default(""),
    /** Only responses of these tools; all tools when absent. */
    tools: z.array(z.string().min(1)).max(200).optional(),
    /** Let other teams replay it (as `<team>/<name>`). */
    shared: z.boolean().default(false),
  })
  .strict();
export type CreateSnapshot = z.infer<typeof createSnapshotSchema>;

export const shareSnapshotSchema = z.object({ shared: z.boolean() }).strict();

export interface SnapshotInfo {
  id: string;
  name: string;
  description: string;
  entryCount: number;
  createdAt: string;
  /** The owning team's name (null: from before owners, the operator's). */
  owner: string | null;
  /** What a call names it by. */
  ref: string;
  shared: boolean;
  /** False for imported snapshots: their answers came from a file, not from the upstreams. */
  verified: boolean;
  /** The instant its answers belong to (ISO), when it was recorded as a pinned world. */
  at: string | null;
  /** The tool catalog version it was recorded under. */
  catalogVersion: string | null;
  /** The KOPA-Bench task-set hash it was recorded for. */
  taskSet: string | null;
}

/** An import larger than this is refused whole: one D1 transaction holds it. */
export const MAX_IMPORT_ENTRIES = 10_000;
/** D1 binds at most 100 parameters per statement; an entry binds 6. */
const ENTRIES_PER_STATEMENT = 16;

/** What pins a snapshot's world: its instant, catalog version and task set (all absent for a plain copy of the cache). */
export const worldMetaSchema = z.object({
  at: z.iso.datetime({ offset: true }).nullable().default(null),
  catalogVersion: z.string().min(1).max(100).nullable().default(null),
  taskSet: z.string().min(1).max(100).nullable().default(null),
});
export type WorldMeta = z.infer<typeof worldMetaSchema>;

const headerLineSchema = z.object({ snapshot: z.object({ name: snapshotNameSchema, description: z.string().max(1000).default("") }).extend(worldMetaSchema.shape) });
const entryLineSchema = z.object({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  tool: z.string().min(1),
  toolVersion: z.number().int().positive(),
  fetchedAt: z.number().int(),
  result: normalisedResultSchema,
});

type SnapshotRow = typeof snapshots.$inferSelect;
interface Caller {
  id: string;
  name: string;
}

function notFound(ref: string): ApiError {
  return new ApiError("SNAPSHOT_NOT_FOUND", `no snapshot named ${ref}`, "snapshot");
}

async function teamNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, [...ids])).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

function info(row: SnapshotRow, owner: string | null, caller: Caller): SnapshotInfo {
  const foreign = row.teamId !== null && row.teamId !== caller.id;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    entryCount: row.entryCount,
    createdAt: new Date(row.createdAt).toISOString(),
    owner,
    ref: foreign && owner !== null ? `${owner}/${row.name}` : row.name,
    shared: row.shared,
    verified: row.verified,
    ...worldOf(row),
  };
}

/** A snapshot row's world, as shown and exported. */
export function worldOf(row: Pick<SnapshotRow, "at" | "catalogVersion" | "taskSet">): WorldMeta {
  return { at: row.at === null ? null : new Date(row.at).toISOString(), catalogVersion: row.catalogVersion, taskSet: row.taskSet };
}

/** The caller's own snapshot of that name (to export, share or overwrite-check). */
async function ownSnapshot(db: Db, teamId: string, name: string): Promise<SnapshotRow> {
  const row = await db.select().from(snapshots).where(and(eq(snapshots.teamId, teamId), eq(snapshots.name, name))).get();
  if (!row) throw notFound(name);
  return row;
}

/**
 * The snapshot a team means by `ref`: its own, a legacy one by its bare name, or another team's
 * shared one by `<team>/<name>`. Anything else is not found (whether or not it exists).
 */
export async function findSnapshot(db: Db, teamId: string, ref: string): Promise<SnapshotRow> {
  const slash = ref.lastIndexOf("/");
  if (slash < 0) {
    const rows = await db
      .select()
      .from(snapshots)
      .where(and(eq(snapshots.name, ref), or(eq(snapshots.teamId, teamId), isNull(snapshots.teamId))))
      .all();
    const row = rows.find((r) => r.teamId === teamId) ?? rows.find((r) => r.teamId === null);
    if (!row) throw notFound(ref);
    return row;
  }
  const owner = await db.select({ id: teams.id }).from(teams).where(and(eq(teams.name, ref.slice(0, slash)), isNull(teams.revokedAt))).get();
  const row = owner ? await db.select().from(snapshots).where(and(eq(snapshots.teamId, owner.id), eq(snapshots.name, ref.slice(slash + 1)))).get() : undefined;
  if (!row || (row.teamId !== teamId && !row.shared)) throw notFound(ref);
  return row;
}

export interface SnapshotAnswer extends StoredResponse {
  verified: boolean;
}

/**
 * The snapshot's answer for a call: under the first of its fingerprints the snapshot holds (a call
 * as of an instant is looked up as of it first, then as a call of no instant).
 */
export async function snapshotEntry(db: Db, teamId: string, ref: string, fingerprints: string | readonly string[]): Promise<SnapshotAnswer> {
  const snapshot = await findSnapshot(db, teamId, ref);
  const wanted = [fingerprints].flat();
  const rows = await db
    .select()
    .from(snapshotEntries)
    .where(and(eq(snapshotEntries.snapshotId, snapshot.id), inArray(snapshotEntries.fingerprint, wanted)))
    .all();
  const row = wanted.map((f) => rows.find((r) => r.fingerprint === f)).find((r) => r !== undefined);
  if (!row) throw new ApiError("SNAPSHOT_MISS", `snapshot ${ref} holds no answer for this call`, "snapshot");
  const stored = storedResponseSchema.parse({ ...row, result: JSON.parse(row.result) as unknown, freshUntil: row.fetchedAt, staleUntil: row.fetchedAt });
  return { ...stored, verified: snapshot.verified };
}

async function refuseTaken(db: Db, teamId: string, name: string): Promise<void> {
  const existing = await db.select({ id: snapshots.id }).from(snapshots).where(and(eq(snapshots.teamId, teamId), eq(snapshots.name, name))).get();
  if (existing) throw taken(name);
}

function taken(name: string): ApiError {
  return new ApiError("CONFLICT", `a snapshot named ${name} exists; snapshots are immutable`, "name");
}

/** A batch that lost a race for the name fails on the unique index: the same conflict. */
async function runWritten(db: Db, name: string, write: () => Promise<SnapshotRow | undefined>): Promise<SnapshotRow> {
  let row: SnapshotRow | undefined;
  try {
    row = await write();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed/i.test(`${error.message} ${String(error.cause ?? "")}`)) throw taken(name);
    throw error;
  }
  if (!row) throw new ApiError("INTERNAL", "the snapshot was not stored");
  return row;
}

/** Freezes the stored responses (optionally of some tools) under a new name of the team's. */
export async function createSnapshot(db: Db, team: Caller, input: CreateSnapshot): Promise<SnapshotInfo> {
  await refuseTaken(db, team.id, input.name);
  const id = crypto.randomUUID();
  const source = db
    .select({
      snapshotId: sql<string>`${id}`.as("snapshot_id"),
      fingerprint: responses.fingerprint,
      tool: responses.tool,
      toolVersion: responses.toolVersion,
      result: responses.result,
      fetchedAt: responses.fetchedAt,
    })
    .from(responses)
    .where(input.tools ? inArray(responses.tool, input.tools) : undefined);
  const row = await runWritten(db, input.name, async () => {
    const [, , updated] = await db.batch([
      db.insert(snapshots).values({ id, teamId: team.id, name: input.name, description: input.description, entryCount: 0, createdAt: Date.now(), shared: input.shared, verified: true }),
      db.insert(snapshotEntries).select(source),
      db
        .update(snapshots)
        .set({ entryCount: sql`(SELECT count(*) FROM ${snapshotEntries} WHERE ${snapshotEntries.snapshotId} = ${id})` })
        .where(eq(snapshots.id, id))
        .returning(),
    ]);
    return updated[0];
  });
  return info(row, team.name, team);
}

/** The team's own snapshots, those shared with it, and the operator's from before owners. */
export async function listSnapshots(db: Db, team: Caller): Promise<SnapshotInfo[]> {
  const rows = await db
    .select()
    .from(snapshots)
    .where(or(eq(snapshots.teamId, team.id), eq(snapshots.shared, true)))
    .orderBy(snapshots.createdAt)
    .all();
  const names = await teamNames(db, [...new Set(rows.flatMap((r) => (r.teamId !== null && r.teamId !== team.id ? [r.teamId] : [])))]);
  return rows.flatMap((row) => {
    if (row.teamId === null || row.teamId === team.id) return [info(row, row.teamId === null ? null : team.name, team)];
    const owner = names.get(row.teamId);
    return owner === undefined ? [] : [info(row, owner, team)];
  });
}

/** Shares the team's own snapshot with every team, or stops sharing it. */
export async function shareSnapshot(db: Db, team: Caller, name: string, shared: boolean): Promise<SnapshotInfo> {
  const own = await ownSnapshot(db, team.id, name);
  const [row] = await db.update(snapshots).set({ shared }).where(eq(snapshots.id, own.id)).returning();
  if (!row) throw notFound(name);
  return info(row, team.name, team);
}

/** JSONL of the team's own snapshot: a header line, then one line per stored answer. */
export async function exportSnapshot(db: Db, teamId: string, name: string): Promise<string> {
  const snapshot = await ownSnapshot(db, teamId, name);
  const rows = await db.select().from(snapshotEntries).where(eq(snapshotEntries.snapshotId, snapshot.id)).orderBy(snapshotEntries.fingerprint).all();
  // A plain copy of the cache has no world: its header stays as it always was.
  const world = Object.fromEntries(Object.entries(worldOf(snapshot)).filter(([, v]) => v !== null));
  const lines = [JSON.stringify({ snapshot: { name: snapshot.name, description: snapshot.description, entryCount: snapshot.entryCount, ...world } })];
  for (const row of rows) {
    lines.push(JSON.stringify({ fingerprint: row.fingerprint, tool: row.tool, toolVersion: row.toolVersion, fetchedAt: row.fetchedAt, result: JSON.parse(row.result) as unknown }));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Reads a JSONL export into a new snapshot of the team's, marked unverified. Every line is
 * validated before anything is written, and the whole snapshot is written in one transaction: a
 * failure (a name taken meanwhile) leaves nothing behind.
 */
export async function importSnapshot(db: Db, team: Caller, jsonl: string, rename?: string): Promise<SnapshotInfo> {
  const lines = jsonl.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const parseLine = <S extends z.ZodType>(schema: S, index: number): z.output<S> => {
    let value: unknown;
    try {
      value = JSON.parse(lines[index] ?? "");
    } catch {
      throw new ApiError("INVALID_ARGUMENT", `line ${index + 1} is not JSON`, `line ${index + 1}`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new ApiError("INVALID_ARGUMENT", `line ${index + 1}: ${parsed.error.issues[0]?.message ?? "invalid"}`, `line ${index + 1}`);
    return parsed.data;
  };
  if (lines.length === 0) throw new ApiError("INVALID_ARGUMENT", "the snapshot file is empty", "body");
  if (lines.length - 1 > MAX_IMPORT_ENTRIES) throw new ApiError("PAYLOAD_TOO_LARGE", `a snapshot import holds at most ${MAX_IMPORT_ENTRIES} entries (this one ${lines.length - 1})`, "body");
  const header = parseLine(headerLineSchema, 0);
  const byFingerprint = new Map<string, z.output<typeof entryLineSchema>>();
  for (let i = 1; i < lines.length; i++) {
    const entry = parseLine(entryLineSchema, i);
    if (!byFingerprint.has(entry.fingerprint)) byFingerprint.set(entry.fingerprint, entry);
  }
  const entries = [...byFingerprint.values()];
  const name = parseOrThrow(snapshotNameSchema, rename ?? header.snapshot.name, "name");
  await refuseTaken(db, team.id, name);
  const id = crypto.randomUUID();
  const chunks = Array.from({ length: Math.ceil(entries.length / ENTRIES_PER_STATEMENT) }, (_, i) =>
    db.insert(snapshotEntries).values(entries.slice(i * ENTRIES_PER_STATEMENT, (i + 1) * ENTRIES_PER_STATEMENT).map((e) => ({ snapshotId: id, ...e, result: JSON.stringify(e.result) }))),
  );
  const row = await runWritten(db, name, async () => {
    const [inserted] = await db.batch([
      db
        .insert(snapshots)
        .values({
          id,
          teamId: team.id,
          name,
          description: header.snapshot.description,
          entryCount: entries.length,
          createdAt: Date.now(),
          shared: false,
          verified: false,
          at: header.snapshot.at === null ? null : Date.parse(header.snapshot.at),
          catalogVersion: header.snapshot.catalogVersion,
          taskSet: header.snapshot.taskSet,
        })
        .returning(),
      ...chunks,
    ]);
    return inserted[0];
  });
  return info(row, team.name, team);
}


export interface NewWorld extends WorldMeta {
  name: string;
  description: string;
}

/**
 * A new snapshot of the team's that a benchmark run records into: empty, or holding a copy of
 * `base`'s answers (a frozen benchmark snapshot), with the run's pinned instant, catalog version and
 * task set. Written in one batch.
 */
export async function createWorldSnapshot(db: Db, team: Caller, world: NewWorld, base: SnapshotRow | null): Promise<SnapshotRow> {
  await refuseTaken(db, team.id, world.name);
  const id = crypto.randomUUID();
  const copy = base
    ? [
        db.insert(snapshotEntries).select(
          db
            .select({
              snapshotId: sql<string>`${id}`.as("snapshot_id"),
              fingerprint: snapshotEntries.fingerprint,
              tool: snapshotEntries.tool,
              toolVersion: snapshotEntries.toolVersion,
              result: snapshotEntries.result,
              fetchedAt: snapshotEntries.fetchedAt,
            })
            .from(snapshotEntries)
            .where(eq(snapshotEntries.snapshotId, base.id)),
        ),
      ]
    : [];
  return runWritten(db, world.name, async () => {
    const [, ...rest] = await db.batch([
      db.insert(snapshots).values({
        id,
        teamId: team.id,
        name: world.name,
        description: world.description,
        entryCount: 0,
        createdAt: Date.now(),
        shared: false,
        verified: base ? base.verified : true,
        at: world.at === null ? null : Date.parse(world.at),
        catalogVersion: world.catalogVersion,
        taskSet: world.taskSet,
      }),
      ...copy,
      db
        .update(snapshots)
        .set({ entryCount: sql`(SELECT count(*) FROM ${snapshotEntries} WHERE ${snapshotEntries.snapshotId} = ${id})` })
        .where(eq(snapshots.id, id))
        .returning(),
    ]);
    const updated = rest.at(-1);
    return Array.isArray(updated) ? (updated[0] as SnapshotRow | undefined) : undefined;
  });
}

/** A snapshot by id (a run's world, which the run names by id). */
export async function snapshotById(db: Db, id: string): Promise<SnapshotRow | null> {
  return (await db.select().from(snapshots).where(eq(snapshots.id, id)).get()) ?? null;
}

/** The stored answer of a snapshot (by id) for a fingerprint, or null. */
export async function worldEntry(db: Db, snapshotId: string, fingerprint: string): Promise<StoredResponse | null> {
  const row = await db
    .select()
    .from(snapshotEntries)
    .where(and(eq(snapshotEntries.snapshotId, snapshotId), eq(snapshotEntries.fingerprint, fingerprint)))
    .get();
  return row ? storedResponseSchema.parse({ ...row, result: JSON.parse(row.result) as unknown, freshUntil: row.fetchedAt, staleUntil: row.fetchedAt }) : null;
}

/**
 * Adds one answer to a snapshot being recorded. The first answer stored for a fingerprint wins
 * (concurrent recorders of the same call agree on it afterwards); the count follows.
 */
export async function recordWorldEntry(db: Db, snapshotId: string, entry: { fingerprint: string; tool: string; toolVersion: number; fetchedAt: number; result: unknown }): Promise<void> {
  const inserted = await db
    .insert(snapshotEntries)
    .values({ snapshotId, fingerprint: entry.fingerprint, tool: entry.tool, toolVersion: entry.toolVersion, fetchedAt: entry.fetchedAt, result: JSON.stringify(entry.result) })
    .onConflictDoNothing()
    .returning({ fingerprint: snapshotEntries.fingerprint });
  if (inserted.length > 0) await db.update(snapshots).set({ entryCount: sql`${snapshots.entryCount} + 1` }).where(eq(snapshots.id, snapshotId));
}
