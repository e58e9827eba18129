/**
 * What the KOPA-Bench scripts share: the local stack with a team, the API, the shipped benchmark
 * snapshot (data/bench/kopa-bench-v1.jsonl) and runs followed to their end.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RunSummary } from "../src/bench/stats";
import { SANDBOX_ADMIN_TOKEN, type Stack } from "./stack";

/** The frozen benchmark world shipped with the project: `kopa bench run` and `npm run bench:kopa` replay it by default. */
export const SHIPPED_SNAPSHOT = "kopa-bench-v1";
export const SHIPPED_SNAPSHOT_FILE = join(import.meta.dirname, "..", "data", "bench", `${SHIPPED_SNAPSHOT}.jsonl`);

export interface RunView {
  id: string;
  status: string;
  error: string | null;
  now: string;
  snapshot: string | null;
  taskSet: string | null;
  catalogVersion: string | null;
  progress: { planned: number; done: number };
  summary: RunSummary;
}

export interface AttemptView {
  itemId: string;
  attempt: number;
  status: string;
  trajectory: { final: string | null; stop: string } | null;
  score: { scorable: boolean; pass: boolean; errorType: string | null } | null;
  /** The gold run the attempt was scored against; `calls` are the steps it executed (a branch not taken is not one). */
  gold: { ok: boolean; facts: Record<string, unknown>; calls?: { id: string; tool: string }[] } | null;
}

export function apiOf(stack: Stack) {
  return async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${stack.appUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
}

/** Sets the sandbox tenant's clock: the hour the upstream believes it is. */
export async function setSandboxClock(stack: Stack, tenant: string, at: string): Promise<void> {
  const res = await fetch(`${stack.sandboxUrl}/__admin/tenants/${tenant}/config`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ clock: { mode: "fixed", at } }),
  });
  if (!res.ok) throw new Error(`fixing the sandbox clock failed: HTTP ${res.status}`);
}

/** Imports a snapshot file (JSONL export) into the team under its own name; returns the name. */
export async function importSnapshotFile(stack: Stack, token: string, file: string): Promise<{ name: string; at: string | null; entryCount: number }> {
  const res = await fetch(`${stack.appUrl}/v1/snapshots/import`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" }, body: readFileSync(file, "utf8") });
  const text = await res.text();
  if (!res.ok) throw new Error(`importing ${file}: HTTP ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as { name: string; at: string | null; entryCount: number };
}

export async function followRun(api: ReturnType<typeof apiOf>, token: string, first: RunView): Promise<RunView> {
  let run = first;
  while (run.status === "queued" || run.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 500));
    run = await api<RunView>(`/v1/bench/runs/${run.id}`, token);
    process.stdout.write(`\rrun ${run.id.slice(0, 8)}: ${run.status} ${run.progress.done}/${run.progress.planned} attempts   `);
  }
  process.stdout.write("\n");
  return run;
}

export async function attemptsOf(api: ReturnType<typeof apiOf>, token: string, runId: string): Promise<AttemptView[]> {
  const all: AttemptView[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = (await api<{ attempts: AttemptView[] }>(`/v1/bench/runs/${runId}/attempts?limit=500&offset=${offset}`, token)).attempts;
    all.push(...page);
    if (page.length < 500) return all;
  }
}

/**
 * What two runs must agree on to give identical per-task results: per attempt, its pass, error
 * type and final answer, and the gold facts it was scored against. Its SHA-256, short.
 */
export function perTaskDigest(attempts: readonly AttemptView[]): string {
  const rows = [...attempts]
    .sort((a, b) => a.itemId.localeCompare(b.itemId) || a.attempt - b.attempt)
    .map((a) => [a.itemId, a.attempt, a.status, a.score?.pass ?? null, a.score?.errorType ?? null, a.trajectory?.final ?? null, a.gold?.facts ?? null]);
  return createHash("sha256").update(JSON.stringify(rows)).digest("hex").slice(0, 16);
}
