/**
 * Syncing this isolate's view of the catalog with D1: the imported tools as they are now (checked
 * at most once a second, at once when `want` names a tool the isolate does not know).
 */
import { CATALOG } from "..";
import type { Db } from "../../db/client";
import { ensureImported, syncImported, type ImportedSource } from "./layer";
import { catalogGeneration, importedCount, importedSpecs, loadImported } from "./store";

export function importedSource(db: Db): ImportedSource {
  return { generation: () => catalogGeneration(db), load: (since) => loadImported(db, since), count: () => importedCount(db), specs: (names) => importedSpecs(db, names) };
}

/** Syncs the index of imported tools and reads the spec of `want` (a tool about to be called). */
export async function syncCatalog(db: Db, want?: string): Promise<void> {
  if (want !== undefined && CATALOG.has(want)) return;
  const source = importedSource(db);
  await syncImported(source, want === undefined ? {} : { want });
  if (want !== undefined) await ensureImported(source, [want]);
}

/** Reads the specs of these imported tools, or of every one (a graph job over the whole catalog). */
export async function ensureTools(db: Db, names: readonly string[] | "all"): Promise<void> {
  await ensureImported(importedSource(db), names);
}

/** Syncs the index and reads every imported spec: planning, exporting and scoring over the whole catalog. */
export async function loadCatalog(db: Db): Promise<void> {
  await syncCatalog(db);
  await ensureTools(db, "all");
}

/** Reloads at once (after this isolate changed the imported tools). */
export async function reloadCatalog(db: Db): Promise<void> {
  await syncImported(importedSource(db), { force: true });
}
