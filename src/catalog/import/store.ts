/**
 * Imported tools in D1. An import is one D1 batch (a transaction): every accepted tool, its
 * version row, the import's report and the catalog generation are written together or not at all,
 * so nothing half-imported is ever listed. A re-import that changes a tool bumps its version; one
 * that changes nothing leaves it alone.
 */
import { and, count, desc, eq, fillPlaceholders, gte, inArray, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import type { Db } from "../../db/client";
import { catalogImports, catalogState, importedTools, importedToolVersions } from "../../db/schema";
import { sha256Hex } from "../../gateway/fingerprint";
import type { StoredImported } from "./layer";
import { rejectionSchema, type ImportedTool, type Rejection } from "./model";

export interface CommitReport {
  id: string;
  added: string[];
  changed: string[];
  unchanged: string[];
  /** Name → version after the import, for every tool of the import. */
  versions: Record<string, number>;
}

/** D1 binds at most 100 parameters a statement: lookups go in chunks. */
const LOOKUP_CHUNK = 90;

/**
 * What a search finds an imported tool by (`GET /v1/tools?q=`, the dashboard's catalog page, which
 * pages it in D1): name, titles, provider, the source dataset, tags, parameter names and its Korean
 * description (searches match substrings).
 */
export function searchText(tool: ImportedTool): string {
  const { spec } = tool;
  const tags = [...new Set([...spec.fields.flatMap((f) => f.tags), ...spec.params.flatMap((p) => p.tags)])];
  return [spec.name, spec.title.ko, spec.title.en, spec.provider.name.ko, spec.provider.id, spec.provenance.source, ...tags, ...spec.params.map((p) => p.name), spec.description.ko].join(" ").toLowerCase();
}

export async function currentVersions(db: Db, names: readonly string[]): Promise<Map<string, { version: number; hash: string }>> {
  const out = new Map<string, { version: number; hash: string }>();
  for (let i = 0; i < names.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({ name: importedTools.name, version: importedTools.version, hash: importedTools.hash })
      .from(importedTools)
      .where(inArray(importedTools.name, names.slice(i, i + LOOKUP_CHUNK)))
      .all();
    for (const row of rows) out.set(row.name, { version: row.version, hash: row.hash });
  }
  return out;
}

export interface PreparedTool {
  tool: ImportedTool;
  hash: string;
  version: number;
  status: "added" | "changed" | "unchanged";
}

/** The version each tool will have after the import (hash of its content against the stored one). */
export async function prepareImport(db: Db, tools: readonly ImportedTool[]): Promise<PreparedTool[]> {
  const hashes = await Promise.all(tools.map((t) => sha256Hex(JSON.stringify(t))));
  const existing = await currentVersions(db, tools.map((t) => t.spec.name));
  return tools.map((tool, i) => {
    const hash = hashes[i] ?? "";
    const before = existing.get(tool.spec.name);
    if (before && before.hash === hash) return { tool, hash, version: before.version, status: "unchanged" };
    return { tool, hash, version: (before?.version ?? 0) + 1, status: before ? "changed" : "added" };
  });
}

/** `excluded.<column>` of an upsert: the value the insert would have written. */
const excluded = (column: AnySQLiteColumn) => sql`excluded.${sql.identifier(column.name)}`;

/** D1 statements that bind one row each to SQL built once, with placeholders. */
function rowStatement(d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }): (values: Record<string, unknown>) => D1PreparedStatement {
  const { sql: text, params } = query.toSQL();
  const statement = d1.prepare(text);
  return (values) => statement.bind(...fillPlaceholders(params, values));
}

/** A one-off statement built by drizzle, as a D1 statement (to share a D1 batch with the rows). */
function d1Statement(d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql: text, params } = query.toSQL();
  return d1.prepare(text).bind(...params);
}

/**
 * Writes a prepared import in one transaction and bumps the catalog generation when anything
 * changed. The rows are bound to SQL drizzle builds once per import (`db` builds, `d1`, the same
 * database, runs): building one drizzle statement per row cost more than the writes themselves (a
 * profile of 10,000 imported operations).
 */
export async function commitImport(db: Db, d1: D1Database, prepared: readonly PreparedTool[], report: { documents: number; operations: number; rejected: Rejection[] }, now: number): Promise<CommitReport> {
  const id = crypto.randomUUID();
  const result: CommitReport = { id, added: [], changed: [], unchanged: [], versions: {} };
  const p = sql.placeholder;
  const upsertTool = rowStatement(
    d1,
    db
      .insert(importedTools)
      .values({ name: p("name"), version: p("version"), provider: p("provider"), providerInfo: p("providerInfo"), host: p("host"), search: p("search"), spec: p("spec"), replica: p("replica"), hash: p("hash"), importId: p("importId"), createdAt: p("now"), updatedAt: p("now") })
      .onConflictDoUpdate({
        target: importedTools.name,
        // Every column but the creation time; `updatedAt` moves on, so that reloads since it read the row.
        set: {
          version: excluded(importedTools.version),
          provider: excluded(importedTools.provider),
          providerInfo: excluded(importedTools.providerInfo),
          host: excluded(importedTools.host),
          search: excluded(importedTools.search),
          spec: excluded(importedTools.spec),
          replica: excluded(importedTools.replica),
          hash: excluded(importedTools.hash),
          importId: excluded(importedTools.importId),
          updatedAt: excluded(importedTools.updatedAt),
        },
      }),
  );
  const insertVersion = rowStatement(d1, db.insert(importedToolVersions).values({ name: p("name"), version: p("version"), spec: p("spec"), hash: p("hash"), importId: p("importId"), createdAt: p("now") }));
  const statements: D1PreparedStatement[] = [];
  for (const { tool, hash, version, status } of prepared) {
    const name = tool.spec.name;
    result.versions[name] = version;
    result[status].push(name);
    if (status === "unchanged") continue;
    const spec = JSON.stringify(tool.spec);
    const row = { name, version, spec, hash, importId: id, now };
    statements.push(
      upsertTool({ ...row, provider: tool.spec.provider.id, providerInfo: JSON.stringify(tool.spec.provider), host: tool.spec.provider.host, search: searchText(tool), replica: JSON.stringify(tool.replica) }),
      insertVersion(row),
    );
  }
  const changed = result.added.length + result.changed.length > 0;
  statements.push(
    d1Statement(
      d1,
      db.insert(catalogImports).values({
        id,
        documents: report.documents,
        operations: report.operations,
        added: result.added.length,
        changed: result.changed.length,
        unchanged: result.unchanged.length,
        rejected: JSON.stringify(report.rejected),
        createdAt: now,
      }),
    ),
  );
  if (changed) {
    statements.push(
      d1Statement(
        d1,
        db
          .insert(catalogState)
          .values({ id: 1, generation: 1, updatedAt: now })
          .onConflictDoUpdate({ target: catalogState.id, set: { generation: sql`${catalogState.generation} + 1`, updatedAt: now } }),
      ),
    );
  }
  await d1.batch(statements);
  return result;
}

/** Removes imported tools (their history stays) and bumps the generation. */
export async function removeImported(db: Db, names: readonly string[], now: number): Promise<number> {
  const existing = await currentVersions(db, names);
  const present = names.filter((n) => existing.has(n));
  if (present.length === 0) return 0;
  const statements: BatchItem<"sqlite">[] = present.map((name) => db.delete(importedTools).where(eq(importedTools.name, name)));
  statements.push(
    db
      .insert(catalogState)
      .values({ id: 1, generation: 1, updatedAt: now })
      .onConflictDoUpdate({ target: catalogState.id, set: { generation: sql`${catalogState.generation} + 1`, updatedAt: now } }),
  );
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return present.length;
}

export async function catalogGeneration(db: Db): Promise<number> {
  const row = await db.select({ generation: catalogState.generation }).from(catalogState).where(eq(catalogState.id, 1)).get();
  return row?.generation ?? 0;
}

/** Every current imported tool (spec as stored JSON; parsed lazily by the catalog view). */
export async function loadImported(db: Db, since: number | null): Promise<StoredImported[]> {
  const columns = { name: importedTools.name, version: importedTools.version, search: importedTools.search, provider: importedTools.providerInfo, updatedAt: importedTools.updatedAt };
  if (since === null) return db.select(columns).from(importedTools).all();
  return db.select(columns).from(importedTools).where(gte(importedTools.updatedAt, since)).all();
}

export async function importedSpecs(db: Db, names: readonly string[]): Promise<{ name: string; version: number; spec: string }[]> {
  const out: { name: string; version: number; spec: string }[] = [];
  for (let i = 0; i < names.length; i += LOOKUP_CHUNK) {
    out.push(...(await db.select({ name: importedTools.name, version: importedTools.version, spec: importedTools.spec }).from(importedTools).where(inArray(importedTools.name, names.slice(i, i + LOOKUP_CHUNK))).all()));
  }
  return out;
}

/**
 * One page of the imported tools whose search text (with `also` appended, words every imported
 * tool answers to) holds every word, by name, and how many there are: a page of a catalog of
 * 10,000 reads its own rows, not every spec.
 */
export async function searchImported(db: Db, query: { words: readonly string[]; also: string; offset: number; limit: number }): Promise<{ names: string[]; total: number }> {
  const text = sql`(${importedTools.search} || ${` ${query.also}`})`;
  const where = query.words.length === 0 ? undefined : and(...query.words.map((word) => sql`instr(${text}, ${word}) > 0`));
  const [page, total] = await Promise.all([
    db.select({ name: importedTools.name }).from(importedTools).where(where).orderBy(importedTools.name).limit(query.limit).offset(query.offset).all(),
    db.select({ n: count() }).from(importedTools).where(where).get(),
  ]);
  return { names: page.map((row) => row.name), total: total?.n ?? 0 };
}

export async function importedCount(db: Db): Promise<number> {
  const row = await db.select({ n: count() }).from(importedTools).get();
  return row?.n ?? 0;
}

/** Replica models of current imported tools (for registering them with a sandbox). */
export async function loadReplicas(db: Db, names?: readonly string[]): Promise<{ name: string; version: number; replica: string }[]> {
  const columns = { name: importedTools.name, version: importedTools.version, replica: importedTools.replica };
  if (!names) return db.select(columns).from(importedTools).orderBy(importedTools.name).all();
  const out: { name: string; version: number; replica: string }[] = [];
  for (let i = 0; i < names.length; i += LOOKUP_CHUNK) out.push(...(await db.select(columns).from(importedTools).where(inArray(importedTools.name, names.slice(i, i + LOOKUP_CHUNK))).all()));
  return out;
}

export const importSummarySchema = z.object({
  id: z.string(),
  documents: z.number().int(),
  operations: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(rejectionSchema),
  createdAt: z.string(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export async function listImports(db: Db, limit = 50): Promise<ImportSummary[]> {
  const rows = await db.select().from(catalogImports).orderBy(desc(catalogImports.createdAt)).limit(limit).all();
  return rows.map((row) =>
    importSummarySchema.parse({ ...row, rejected: JSON.parse(row.rejected) as unknown, createdAt: new Date(row.createdAt).toISOString() }),
  );
}

export async function toolVersions(db: Db, name: string): Promise<{ version: number; createdAt: string; importId: string }[]> {
  const rows = await db.select({ version: importedToolVersions.version, createdAt: importedToolVersions.createdAt, importId: importedToolVersions.importId }).from(importedToolVersions).where(eq(importedToolVersions.name, name)).orderBy(desc(importedToolVersions.version)).all();
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}
