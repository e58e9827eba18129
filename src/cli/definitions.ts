/**
 * API definitions on disk, sent to the admin import route: what `kopa catalog import` and
 * `kopa start` share. Directories are searched for .yaml, .yml and .json files.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { asJsonDocument } from "../catalog/import";
import type { Api } from "./api";
import { UserError } from "./errors";

const outcomeSchema = z.object({
  operations: z.number(),
  imported: z.array(z.object({ name: z.string(), version: z.number(), status: z.enum(["added", "changed", "unchanged"]), document: z.string(), operation: z.string() })),
  rejected: z.array(z.object({ document: z.string(), operation: z.string(), reason: z.string() })),
  counts: z.object({ imported: z.number(), added: z.number(), changed: z.number(), unchanged: z.number(), rejected: z.number() }),
});
export type Outcome = z.infer<typeof outcomeSchema>;

/** The real data.go.kr definitions the project carries (data/specs/README.md), imported by every run. */
export const VENDORED_SPECS = fileURLToPath(new URL("../../data/specs/datagokr", import.meta.url));

const DOCUMENT = /\.(ya?ml|json)$/i;
/** Documents per request: each request is one atomic import. */
const BATCH = 200;

export async function documentsAt(cwd: string, paths: readonly string[]): Promise<{ name: string; content: string }[]> {
  const out: { name: string; content: string }[] = [];
  for (const path of paths) {
    const full = resolve(cwd, path);
    let info;
    try {
      info = await stat(full);
    } catch {
      throw new UserError(`cannot read ${path}`);
    }
    const files = info.isDirectory() ? (await readdir(full, { recursive: true })).map(String).filter((f) => DOCUMENT.test(f)).sort().map((f) => join(full, f)) : [full];
    for (const file of files) out.push({ name: relative(cwd, file) || file, content: await readFile(file, "utf8") });
  }
  if (out.length === 0) throw new UserError("no .yaml, .yml or .json documents found");
  return out;
}

/** Imports the documents, up to 200 per request (each request is imported atomically). */
export async function importDocuments(api: Api, documents: readonly { name: string; content: string }[]): Promise<{ outcomes: Outcome[]; raws: unknown[] }> {
  const outcomes: Outcome[] = [];
  const raws: unknown[] = [];
  for (let i = 0; i < documents.length; i += BATCH) {
    // YAML is parsed here, as the importer parses it, and sent as JSON.
    const batch = documents.slice(i, i + BATCH).map(asJsonDocument);
    const { value, raw } = await api.json(outcomeSchema, "POST", "/admin/catalog/import", { body: { documents: batch } });
    outcomes.push(value);
    raws.push(raw);
  }
  return { outcomes, raws };
}

/** Rejections grouped by reason (the reason up to its first ":" or ","), most frequent first. */
export function rejectionsByReason(outcomes: readonly Outcome[]): { reason: string; count: number; examples: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const r of outcomes.flatMap((o) => o.rejected)) {
    const reason = r.reason.split(/[:,(]/)[0]?.trim() ?? r.reason;
    groups.set(reason, [...(groups.get(reason) ?? []), `${r.document.replace(/^.*\//, "")} ${r.operation}`]);
  }
  return [...groups].map(([reason, ops]) => ({ reason, count: ops.length, examples: ops.slice(0, 2) })).sort((a, b) => b.count - a.count);
}
