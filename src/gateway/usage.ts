/** Usage per team and tool from the call log, with the quota each team has left on the key it uses. */
import { and, eq, gte } from "drizzle-orm";
import { CATALOG, findTool } from "../catalog";
import { ensureTools, syncCatalog } from "../catalog/import/sync";
import { providerOf } from "../catalog/providers";
import { gatewayConfig, teamShare, type GatewayConfig } from "../config/gateway";
import type { Db } from "../db/client";
import { calls } from "../db/schema";
import { keyIdOf, OPERATOR, teamKey } from "./teams";

export interface ToolUsage {
  teamId: string;
  tool: string;
  provider: string | null;
  calls: number;
  cacheHits: number;
  upstreamCalls: number;
  upstreamErrors: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  quotaLeft: number | null;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const CACHE_SERVED = new Set(["hit", "stale", "coalesced", "snapshot"]);

/** Aggregates calls since `since` (ms), for one team or all. */
export async function usage(db: Db, env: Env, since: number, teamId?: string): Promise<ToolUsage[]> {
  const rows = await db
    .select({ teamId: calls.teamId, tool: calls.tool, provider: calls.provider, cache: calls.cache, upstream: calls.upstream, errorCode: calls.errorCode, latencyMs: calls.latencyMs })
    .from(calls)
    .where(teamId ? and(eq(calls.teamId, teamId), gte(calls.at, since)) : gte(calls.at, since))
    .all();
  const groups = new Map<string, { teamId: string; tool: string; provider: string | null; rows: typeof rows }>();
  for (const row of rows) {
    const key = `${row.teamId}\u0000${row.tool}`;
    const group = groups.get(key) ?? { teamId: row.teamId, tool: row.tool, provider: row.provider, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  // An imported tool's provider (and so its quota) is known once this isolate has read its spec.
  const imported = [...new Set(rows.map((r) => r.tool))].filter((name) => !CATALOG.has(name));
  if (imported.length > 0) {
    await syncCatalog(db);
    await ensureTools(db, imported);
  }
  const config = gatewayConfig(env);
  const out: ToolUsage[] = [];
  for (const group of groups.values()) {
    const latencies = group.rows.map((r) => r.latencyMs).sort((a, b) => a - b);
    out.push({
      teamId: group.teamId,
      tool: group.tool,
      provider: group.provider,
      calls: group.rows.length,
      cacheHits: group.rows.filter((r) => CACHE_SERVED.has(r.cache)).length,
      upstreamCalls: group.rows.filter((r) => r.upstream).length,
      upstreamErrors: group.rows.filter((r) => r.upstream && r.errorCode !== null).length,
      errors: group.rows.filter((r) => r.errorCode !== null).length,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      quotaLeft: await quotaLeft(db, env, group.teamId, group.tool, config),
    });
  }
  return out.sort((a, b) => a.teamId.localeCompare(b.teamId) || a.tool.localeCompare(b.tool));
}

/** What the team may still spend today: of its own key, or of its share of the operator's. */
async function quotaLeft(db: Db, env: Env, teamId: string, toolName: string, config: GatewayConfig): Promise<number | null> {
  const tool = findTool(toolName);
  if (!tool || tool.kind !== "upstream") return null;
  const provider = providerOf(tool.provider);
  const own = await teamKey(db, env.MASTER_KEY, teamId, provider.keySecret);
  const key = own ?? env[provider.keySecret];
  if (!key) return null;
  const gate = env.QUOTA_GATE.get(env.QUOTA_GATE.idFromName(`${provider.id}:${await keyIdOf(key)}`));
  const share = own || teamId === OPERATOR.id ? null : teamShare(config, teamId);
  return (await gate.status(config.QUOTA_OVERRIDES[provider.id] ?? provider.quota.daily, { team: teamId, share })).remaining;
}
