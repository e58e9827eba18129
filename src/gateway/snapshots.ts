/**
 * Snapshots: named, immutable copies of stored responses. A call with `snapshot` is answered from
 * one only (a miss is an error, never an upstream call), which makes benchmark runs and rewards
 * reproducible. Snapshots move between installations as JSONL.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../app/errors";
import { parseOrThrow } from "../app/new-app";
import type { Db } from "../db/client";
import { responses, snapshotEntries, snapshots } from "../db/schema";
import { normalisedResultSchema } from "../upstream/result";
import { storedResponseSchema, type StoredResponse } from "./cache";

export const snapshotNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, "1-100 of [A-Za-z0-9._-], starting alphanumeric");

export const createSnapshotSchema = z.object({
  name: snapshotNameSchema,
  description: z.string().max(1000).default(""),
  /** Only responses of these tools; all tools when absent. */
  tools: z.array(z.string().min(1)).max(200).optional(),
});
export type CreateSnapshot = z.infer<typeof createSnapshotSchema>;

export interface SnapshotInfo {
  id: string;
  name: string;
  description: string;
  entryCount: number;
  createdAt: string;
}

const headerLineSchema = z.object({ snapshot: z.object({ name: snapshotNameSchema, description: z.string().default("") }) });
const entryLineSchema = z.object({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  tool: z.string().min(1),
  toolVersion: z.number().int().positive(),
  fetchedAt: z.number().int(),
  result: normalisedResultSchema,
});

async function byName(db: Db, name: string) {
  const row = await db.select().from(snapshots).where(eq(snapshots.name, name)).get();
  if (!row) throw new ApiError("SNAPSHOT_NOT_FOUND", `no snapshot named ${name}`, "snapshot");
  return row;
}

function info(row: typeof snapshots.$inferSelect): SnapshotInfo {
  return { id: row.id, name: row.name, description: row.description, entryCount: row.entryCount, createdAt: new Date(row.createdAt).toISOString() };
}

export async function snapshotEntry(db: Db, name: string, fingerprint: string): Promise<StoredResponse> {
  const snapshot = await byName(db, name);
  const row = await db
    .select()
    .from(snapshotEntries)
    .where(and(eq(snapshotEntries.snapshotId, snapshot.id), eq(snapshotEntries.fingerprint, fingerprint)))
    .get();
  if (!row) throw new ApiError("SNAPSHOT_MISS", `snapshot ${name} holds no answer for this call`, "snapshot");
  return storedResponseSchema.parse({ ...row, result: JSON.parse(row.result) as unknown, freshUntil: row.fetchedAt, staleUntil: row.fetchedAt });
}

async function insertHeader(db: Db, name: string, description: string): Promise<string> {
  const existing = await db.select({ id: snapshots.id }).from(snapshots).where(eq(snapshots.name, name)).get();
  if (existing) throw new ApiError("CONFLICT", `a snapshot named ${name} exists; snapshots are immutable`, "name");
  const id = crypto.randomUUID();
  await db.insert(snapshots).values({ id, name, description, entryCount: 0, createdAt: Date.now() });
  return id;
}

async function finish(db: Db, id: string): Promise<SnapshotInfo> {
  const total = await db.select({ n: count() }).from(snapshotEntries).where(eq(snapshotEntries.snapshotId, id)).get();
  const [row] = await db.update(snapshots).set({ entryCount: total?.n ?? 0 }).where(eq(snapshots.id, id)).returning();
  if (!row) throw new ApiError("INTERNAL", "snapshot vanished while being written");
  return info(row);
}

/** Freezes the stored responses (optionally of some tools) under a new name. */
export async function createSnapshot(db: Db, input: CreateSnapshot): Promise<SnapshotInfo> {
  const id = await insertHeader(db, input.name, input.description);
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
  await db.insert(snapshotEntries).select(source);
  return finish(db, id);
}

export async function listSnapshots(db: Db): Promise<SnapshotInfo[]> {
  return (await db.select().from(snapshots).orderBy(snapshots.createdAt).all()).map(info);
}

/** JSONL: a header line, then one line per stored answer. */
export async function exportSnapshot(db: Db, name: string): Promise<string> {
  const snapshot = await byName(db, name);
  const rows = await db.select().from(snapshotEntries).where(eq(snapshotEntries.snapshotId, snapshot.id)).orderBy(snapshotEntries.fingerprint).all();
  const lines = [JSON.stringify({ snapshot: { name: snapshot.name, description: snapshot.description, entryCount: snapshot.entryCount } })];
  for (const row of rows) {
    lines.push(JSON.stringify({ fingerprint: row.fingerprint, tool: row.tool, toolVersion: row.toolVersion, fetchedAt: row.fetchedAt, result: JSON.parse(row.result) as unknown }));
  }
  return `${lines.join("\n")}\n`;
}

/** Reads a JSONL export; every line is validated before anything is written. */
export async function importSnapshot(db: Db, jsonl: string, rename?: string): Promise<SnapshotInfo> {
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
  const header = parseLine(headerLineSchema, 0);
  const entries = lines.slice(1).map((_, i) => parseLine(entryLineSchema, i + 1));
  const name = parseOrThrow(snapshotNameSchema, rename ?? header.snapshot.name, "name");
  const id = await insertHeader(db, name, header.snapshot.description);
  // D1 caps bound parameters per statement; 6 columns × 15 rows stays well inside.
  for (let i = 0; i < entries.length; i += 15) {
    const chunk = entries.slice(i, i + 15).map((e) => ({ snapshotId: id, ...e, result: JSON.stringify(e.result) }));
    await db.insert(snapshotEntries).values(chunk).onConflictDoNothing();
  }
  return finish(db, id);
}
