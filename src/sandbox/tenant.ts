/**
 * One Durable Object per sandbox tenant: its clock, its switched-on scenarios, its daily quota per
 * provider and a count of every call it admitted. Tests and dev sessions use separate tenants so
 * that a fixed clock or an outage in one never leaks into another.
 */
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { SandboxEnv } from "./env";
import { providerScenariosSchema, type Scenario } from "./scenarios";

export const clockSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("real") }),
  z.object({ mode: z.literal("fixed"), at: z.iso.datetime({ offset: true }) }),
]);
export type Clock = z.infer<typeof clockSchema>;

export const tenantConfigSchema = z.object({
  clock: clockSchema.optional(),
  /** Scenarios per provider id; an empty list switches a provider back to normal. */
  scenarios: z.record(z.string(), providerScenariosSchema).optional(),
  /** Daily quota per provider id, overriding the documented default. */
  quotas: z.record(z.string(), z.number().int().positive()).optional(),
});
export type TenantConfig = z.infer<typeof tenantConfigSchema>;

interface StoredConfig {
  clock: Clock;
  scenarios: Record<string, Scenario[]>;
  quotas: Record<string, number>;
}

export type Admission =
  | { admitted: true; now: number; scenarios: Scenario[] }
  | { admitted: false; now: number; reason: "quota" };

export interface TenantStats {
  clock: Clock;
  scenarios: Record<string, Scenario[]>;
  quotas: Record<string, number>;
  /** Calls admitted per op id, all days together. */
  calls: Record<string, number>;
  /** Calls counted today per provider (KST), against the daily quota. */
  today: Record<string, number>;
  total: number;
}

const CONFIG_KEY = "config";
const EMPTY: StoredConfig = { clock: { mode: "real" }, scenarios: {}, quotas: {} };

function kstDay(ms: number): string {
  return new Date(ms + 9 * 3600_000).toISOString().slice(0, 10);
}

export class SandboxTenant extends DurableObject<SandboxEnv> {
  private config: StoredConfig = EMPTY;

  constructor(ctx: DurableObjectState, env: SandboxEnv) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS calls (day TEXT NOT NULL, provider TEXT NOT NULL, op TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (day, provider, op))",
      );
      this.config = (await ctx.storage.get<StoredConfig>(CONFIG_KEY)) ?? EMPTY;
    });
  }

  private now(): number {
    return this.config.clock.mode === "fixed" ? Date.parse(this.config.clock.at) : Date.now();
  }

  /** Counts one call and says whether the provider's daily quota still allows it. */
  admit(provider: string, op: string, defaultQuota: number): Admission {
    const now = this.now();
    const day = kstDay(now);
    const used = this.ctx.storage.sql
      .exec<{ used: number }>("SELECT COALESCE(SUM(n), 0) AS used FROM calls WHERE day = ? AND provider = ?", day, provider)
      .one().used;
    const quota = this.config.quotas[provider] ?? defaultQuota;
    if (used >= quota) return { admitted: false, now, reason: "quota" };
    this.ctx.storage.sql.exec(
      "INSERT INTO calls (day, provider, op, n) VALUES (?, ?, ?, 1) ON CONFLICT (day, provider, op) DO UPDATE SET n = n + 1",
      day,
      provider,
      op,
    );
    return { admitted: true, now, scenarios: this.config.scenarios[provider] ?? [] };
  }

  async configure(change: TenantConfig): Promise<TenantStats> {
    const next: StoredConfig = {
      clock: change.clock ?? this.config.clock,
      scenarios: { ...this.config.scenarios, ...change.scenarios },
      quotas: { ...this.config.quotas, ...change.quotas },
    };
    for (const [provider, list] of Object.entries(next.scenarios)) if (list.length === 0) delete next.scenarios[provider];
    this.config = next;
    await this.ctx.storage.put(CONFIG_KEY, next);
    return this.stats();
  }

  /** Back to the real clock, no scenarios, documented quotas and zero counts. */
  async reset(): Promise<TenantStats> {
    this.config = EMPTY;
    await this.ctx.storage.delete(CONFIG_KEY);
    this.ctx.storage.sql.exec("DELETE FROM calls");
    return this.stats();
  }

  stats(): TenantStats {
    const calls: Record<string, number> = {};
    const today: Record<string, number> = {};
    let total = 0;
    const day = kstDay(this.now());
    for (const row of this.ctx.storage.sql.exec<{ day: string; provider: string; op: string; n: number }>("SELECT day, provider, op, n FROM calls")) {
      calls[row.op] = (calls[row.op] ?? 0) + row.n;
      if (row.day === day) today[row.provider] = (today[row.provider] ?? 0) + row.n;
      total += row.n;
    }
    return { ...this.config, calls, today, total };
  }
}
