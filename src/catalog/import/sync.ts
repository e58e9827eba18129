/**
 * Syncing this isolate's view of the catalog with D1: the imported tools as they are now (checked
 * at most once a second, at once when `want` names a tool the isolate does not know).
 */
import { CATALOG } from "..";
import type { Db } from "../../db/client";
import { syncImported, type ImportedSource } from "./layer";
import { catalogGeneration, importedCount, loadImported } from "./store";

export function importedSource(db: Db): ImportedSource {
  return { generation: () => catalogGeneration(db), load: (since) => loadImported(db, since), count: () => importedCount(db) };
}

export async function syncCatalog(db: Db, want?: string): Promise<void> {
  if (want !== undefined && CATALOG.has(want)) return;
  await syncImported(importedSource(db), want === undefined ? {} : { want });
}

/** Reloads at once (after this isolate changed the imported tools). */
export async function reloadCatalog(db: Db): Promise<void> {
  await syncImported(importedSource(db), { force: true });
}
