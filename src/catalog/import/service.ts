/**
 * One import, as the admin route and `kopa catalog import` run it: plan (parse and build every
 * operation), refuse what cannot be served here (a built-in name, a host the operator has not
 * configured), register the replicas with the sandbox when there is one, then commit atomically.
 */
import { CATALOG } from "..";
import { hostBaseUrl } from "../../config/upstream";
import type { Db } from "../../db/client";
import { planImport, type SourceDocument } from ".";
import { registerReplicas } from "./sandbox-sync";
import { reloadCatalog } from "./sync";
import { commitImport, loadReplicas, prepareImport } from "./store";
import { replicaModelSchema, type Rejection, type ReplicaModel } from "./model";

export interface ImportOutcome {
  id: string;
  documents: number;
  operations: number;
  imported: { name: string; version: number; status: "added" | "changed" | "unchanged"; document: string; operation: string }[];
  rejected: Rejection[];
  counts: { imported: number; added: number; changed: number; unchanged: number; rejected: number };
  sandbox: { registered: number };
}

export async function importDocuments(env: Env, db: Db, documents: readonly SourceDocument[], now = Date.now()): Promise<ImportOutcome> {
  const plan = planImport(documents, new Date(now).toISOString().slice(0, 10));
  const rejected = [...plan.rejected];
  const accepted = plan.tools.filter((tool) => {
    const where = { document: tool.spec.provenance.document, operation: tool.spec.provenance.operation };
    if (CATALOG.has(tool.spec.name)) {
      rejected.push({ ...where, reason: `its tool name ${tool.spec.name} is a built-in tool's` });
      return false;
    }
    if (!hostBaseUrl(env, tool.spec.provider.host)) {
      rejected.push({ ...where, reason: `host ${tool.spec.provider.host} is not among the hosts the operator allows (UPSTREAM_HOST_URLS)` });
      return false;
    }
    return true;
  });
  const prepared = await prepareImport(db, accepted);
  const models: ReplicaModel[] = prepared.map(({ tool, version }) => ({ ...tool.replica, tool: tool.spec.name, version }));
  const registered = await registerReplicas(env, models);
  const committed = await commitImport(db, env.DB, prepared, { documents: documents.length, operations: plan.operations, rejected }, now);
  // This isolate sees its own import at once; the others within a second.
  await reloadCatalog(db);
  return {
    id: committed.id,
    documents: documents.length,
    operations: plan.operations,
    imported: prepared.map(({ tool, version, status }) => ({ name: tool.spec.name, version, status, document: tool.spec.provenance.document, operation: tool.spec.provenance.operation })),
    rejected,
    counts: { imported: prepared.length, added: committed.added.length, changed: committed.changed.length, unchanged: committed.unchanged.length, rejected: rejected.length },
    sandbox: { registered },
  };
}

/** Registers every current imported operation with the sandbox again (after a sandbox restart). */
export async function resyncReplicas(env: Env, db: Db): Promise<number> {
  const rows = await loadReplicas(db);
  const models = rows.map((row) => replicaModelSchema.parse({ ...(JSON.parse(row.replica) as object), tool: row.name, version: row.version }));
  return registerReplicas(env, models);
}
