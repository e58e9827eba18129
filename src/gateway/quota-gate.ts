/**
 * One Durable Object per (provider, key id): the key's daily quota (reset at KST midnight) and a
 * per-second rate. A call the quota cannot cover is refused here, before anything goes upstream.
 * A key shared by several teams (the operator's) is also split into per-team shares: no team may
 * spend more than its share of the day's calls or of a second's, so one team's flood leaves the
 * others what is theirs.
 */
import { DurableObject } from "cloudflare:workers";

export type QuotaDecision =
  | { granted: true; remaining: number }
  | { granted: false; reason: "quota" | "rate" | "share"; remaining: number; retryAfterMs: number };

export interface QuotaStatus {
  day: string;
  used: number;
  limit: number;
  remaining: number;
}

/** Who asks, and which part of a shared key's quota is theirs (null: the key is the caller's own). */
export interface QuotaClaim {
  team: string;
  share: number | null;
}

function kstDay(ms: number): string {
  return new Date(ms + 9 * 3600_000).toISOString().slice(0, 10);
}

function msUntilKstMidnight(ms: number): number {
  const kst = ms + 9 * 3600_000;
  return 86_400_000 - (kst % 86_400_000);
}

interface Counter {
  day: string;
  used: number;
  /** Calls per team today on this key. */
  teams?: Record<string, number>;
}

/** A team's part of a limit: at least one call, so a tiny share still works. */
export function shareOf(limit: number, share: number): number {
  return Math.max(1, Math.floor(limit * share));
}

export class QuotaGate extends DurableObject<Env> {
  private counter: Counter = { day: "", used: 0 };
  private windowStart = 0;
  private windowCount = 0;
  private windowTeams = new Map<string, number>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.counter = (await ctx.storage.get<Counter>("counter")) ?? { day: "", used: 0 };
    });
  }

  private today(now: number): Counter {
    const day = kstDay(now);
    if (this.counter.day !== day) this.counter = { day, used: 0, teams: {} };
    return this.counter;
  }

  async acquire(dailyLimit: number, perSecond: number, claim: QuotaClaim): Promise<QuotaDecision> {
    const now = Date.now();
    const counter = this.today(now);
    const teams = (counter.teams ??= {});
    const teamUsed = teams[claim.team] ?? 0;
    if (counter.used >= dailyLimit) return { granted: false, reason: "quota", remaining: 0, retryAfterMs: msUntilKstMidnight(now) };
    if (claim.share !== null && teamUsed >= shareOf(dailyLimit, claim.share)) {
      return { granted: false, reason: "share", remaining: dailyLimit - counter.used, retryAfterMs: msUntilKstMidnight(now) };
    }
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
      this.windowTeams = new Map();
    }
    const teamWindow = this.windowTeams.get(claim.team) ?? 0;
    const rateFull = this.windowCount >= perSecond || (claim.share !== null && teamWindow >= shareOf(perSecond, claim.share));
    if (rateFull) {
      return { granted: false, reason: "rate", remaining: dailyLimit - counter.used, retryAfterMs: 1000 - (now - this.windowStart) };
    }
    this.windowCount++;
    this.windowTeams.set(claim.team, teamWindow + 1);
    counter.used++;
    teams[claim.team] = teamUsed + 1;
    await this.ctx.storage.put("counter", counter);
    return { granted: true, remaining: dailyLimit - counter.used };
  }

  /** The upstream itself said the quota is spent (error 22): trust it until KST midnight. */
  async exhaust(dailyLimit: number): Promise<void> {
    const counter = this.today(Date.now());
    counter.used = Math.max(counter.used, dailyLimit);
    await this.ctx.storage.put("counter", counter);
  }

  /** The key's day; with a claim, what is left is what that team may still spend of it. */
  status(dailyLimit: number, claim?: QuotaClaim): QuotaStatus {
    const counter = this.today(Date.now());
    const left = Math.max(0, dailyLimit - counter.used);
    if (!claim || claim.share === null) return { day: counter.day, used: counter.used, limit: dailyLimit, remaining: left };
    const teamUsed = counter.teams?.[claim.team] ?? 0;
    const teamLimit = shareOf(dailyLimit, claim.share);
    return { day: counter.day, used: teamUsed, limit: teamLimit, remaining: Math.min(left, Math.max(0, teamLimit - teamUsed)) };
  }
}
