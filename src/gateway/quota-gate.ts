/**
 * One Durable Object per (provider, key id): the key's daily quota (reset at KST midnight) and a
 * per-second rate. A call the quota cannot cover is refused here, before anything goes upstream.
 */
import { DurableObject } from "cloudflare:workers";

export type QuotaDecision =
  | { granted: true; remaining: number }
  | { granted: false; reason: "quota" | "rate"; remaining: number; retryAfterMs: number };

export interface QuotaStatus {
  day: string;
  used: number;
  limit: number;
  remaining: number;
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
}

export class QuotaGate extends DurableObject<Env> {
  private counter: Counter = { day: "", used: 0 };
  private windowStart = 0;
  private windowCount = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.counter = (await ctx.storage.get<Counter>("counter")) ?? { day: "", used: 0 };
    });
  }

  private today(now: number): Counter {
    const day = kstDay(now);
    if (this.counter.day !== day) this.counter = { day, used: 0 };
    return this.counter;
  }

  async acquire(dailyLimit: number, perSecond: number): Promise<QuotaDecision> {
    const now = Date.now();
    const counter = this.today(now);
    if (counter.used >= dailyLimit) return { granted: false, reason: "quota", remaining: 0, retryAfterMs: msUntilKstMidnight(now) };
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (this.windowCount >= perSecond) {
      return { granted: false, reason: "rate", remaining: dailyLimit - counter.used, retryAfterMs: 1000 - (now - this.windowStart) };
    }
    this.windowCount++;
    counter.used++;
    await this.ctx.storage.put("counter", counter);
    return { granted: true, remaining: dailyLimit - counter.used };
  }

  /** The upstream itself said the quota is spent (error 22): trust it until KST midnight. */
  async exhaust(dailyLimit: number): Promise<void> {
    const counter = this.today(Date.now());
    counter.used = Math.max(counter.used, dailyLimit);
    await this.ctx.storage.put("counter", counter);
  }

  status(dailyLimit: number): QuotaStatus {
    const counter = this.today(Date.now());
    return { day: counter.day, used: counter.used, limit: dailyLimit, remaining: Math.max(0, dailyLimit - counter.used) };
  }
}
