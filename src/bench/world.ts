/**
 * One pinned world per benchmark run. A run fixes one instant (the system prompt, local tools and,
 * against the sandbox replica, the upstream clock) and records every upstream answer it sees into
 * its own snapshot, its world: the gold plans execute first and every attempt replays from the same
 * answers. A call the world does not hold yet is fetched once and recorded, so every attempt of the
 * run sees one answer per call whatever the hour or the upstream's drift.
 *
 * A run started from a frozen benchmark snapshot (data/bench/kopa-bench-v1.jsonl) copies its answers
 * into the world first and takes its instant. A miss is then recorded only where the upstream can
 * be pinned to that instant (the sandbox replica): against the real hosts a miss would be today's
 * answer in a world of another day, so it stays a SNAPSHOT_MISS, which the model sees as a tool
 * error and the summary counts.
 */
import { ApiError } from "../app/errors";
import { CATALOG, findTool } from "../catalog";
import { openAiTool } from "../catalog/tools";
import { syncCatalog } from "../catalog/import/sync";
import { PROVIDERS } from "../catalog/providers";
import { upstreamOrigin } from "../config/upstream";
import type { Db } from "../db/client";
import { callTool, type CallBody, type CallDeps, type CallOutcome } from "../gateway/call";
import { parseArgs } from "../gateway/execute";
import { callFingerprint, sha256Hex } from "../gateway/fingerprint";
import { recordWorldEntry, worldEntry } from "../gateway/snapshots";
import { teamKey } from "../gateway/teams";

let catalogVersionMemo: Promise<string> | null = null;

/**
 * The built-in catalog's version: a hash of every tool as the model is shown it (name, version,
 * descriptions, parameters). Answers recorded under one version replay under the same one only.
 */
export function catalogVersion(): Promise<string> {
  catalogVersionMemo ??= (async () => {
    const tools = [...CATALOG.values()].map((tool) => ({ version: tool.version, tool: openAiTool(tool, "both") })).sort((a, b) => a.tool.function.name.localeCompare(b.tool.function.name));
    return `c-${(await sha256Hex(JSON.stringify(tools))).slice(0, 16)}`;
  })();
  return catalogVersionMemo;
}

export interface World {
  /** The world snapshot's id and name (the team's own snapshot). */
  id: string;
  name: string;
  /** Whether a call the world lacks may be fetched and recorded (else it is a SNAPSHOT_MISS). */
  records: (tool: string) => boolean;
}

/** Whether misses of this tool may be recorded in a world pinned by a frozen snapshot: only where the upstream follows the pinned clock. */
export function pinnableUpstream(env: Env, tool: string): boolean {
  const origin = upstreamOrigin(env, [tool]);
  return origin === "replica" || origin === "local";
}

/**
 * The run's calls, answered from its world. A miss that may be recorded goes through the gateway
 * (fresh when the upstream is the replica, whose clock the run has pinned: a cached answer could be
 * of another instant) and the first answer stored for the call is the one returned, so concurrent
 * attempts that miss together still agree.
 */
export function worldCaller(deps: CallDeps, world: World): (tool: string, body: CallBody) => Promise<CallOutcome> {
  return async (name, body) => {
    await syncCatalog(deps.db, name);
    const tool = findTool(name);
    if (!tool) throw new ApiError("TOOL_NOT_FOUND", `no tool named ${name}`, "name");
    // Local tools compute at the run's instant (deps.now); nothing to record.
    if (tool.kind === "local") return callTool(deps, name, { args: body.args, cache: "default" });
    const args = parseArgs(tool, body.args);
    const fingerprint = await callFingerprint(tool.name, tool.version, args);
    const answer = (stored: { result: CallOutcome["result"]; fetchedAt: number }): CallOutcome => ({
      tool: tool.name,
      result: stored.result,
      meta: { cache: "snapshot", upstreamMs: 0, fetchedAt: new Date(stored.fetchedAt).toISOString(), fingerprint, snapshot: world.name },
    });
    const held = await worldEntry(deps.db, world.id, fingerprint);
    if (held) return answer(held);
    if (!world.records(tool.name)) throw new ApiError("SNAPSHOT_MISS", `the run's pinned world (${world.name}) holds no answer for this ${tool.name} call`, "snapshot");
    const fresh = pinnableUpstream(deps.env, tool.name);
    const fetched = await callTool(deps, name, { args: body.args, cache: fresh ? "no-cache" : "default" });
    await recordWorldEntry(deps.db, world.id, { fingerprint, tool: tool.name, toolVersion: tool.version, fetchedAt: Date.parse(fetched.meta.fetchedAt), result: fetched.result });
    const stored = await worldEntry(deps.db, world.id, fingerprint);
    return stored ? { ...answer(stored), meta: { ...fetched.meta, snapshot: world.name } } : fetched;
  };
}

/** The sandbox tenant a key belongs to (`sbx.<tenant>.<kind>.<secret>`), or null for a real key. */
function sandboxTenantOf(key: string | null | undefined): string | null {
  const match = key ? /^sbx\.([A-Za-z0-9_-]{1,64})\./.exec(key) : null;
  return match?.[1] ?? null;
}

/**
 * Sets the clock of every sandbox tenant the team's calls reach (through its own keys or the
 * operator's) to the run's instant, so the replica answers as at that moment. Nothing happens
 * without a sandbox (SANDBOX_ADMIN_URL unset: the real hosts, whose clock no one pins). The clock
 * is the tenant's: two runs of one team at different instants must not record at the same time.
 */
export async function pinSandboxClock(env: Env, db: Db, teamId: string, at: Date): Promise<void> {
  if (!env.SANDBOX_ADMIN_URL) return;
  const tenants = new Set<string>();
  for (const secret of new Set([...PROVIDERS.values()].map((p) => p.keySecret))) {
    const tenant = sandboxTenantOf((await teamKey(db, env.MASTER_KEY, teamId, secret)) ?? env[secret]);
    if (tenant) tenants.add(tenant);
  }
  const base = env.SANDBOX_ADMIN_URL.replace(/\/+$/, "");
  for (const tenant of tenants) {
    const res = await fetch(`${base}/__admin/tenants/${tenant}/config`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${env.SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ clock: { mode: "fixed", at: at.toISOString() } }),
    });
    if (!res.ok) throw new Error(`pinning the sandbox clock of tenant ${tenant} failed: HTTP ${res.status}`);
  }
}
