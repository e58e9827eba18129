/**
 * One Durable Object per (provider, key): after `threshold` consecutive failures of the upstream
 * (5xx, timeouts, network errors — never a refusal of the request itself, see the coordinator) the
 * circuit opens and calls with that key fail fast; after the cool-down one probe goes through, and
 * its success closes the circuit again.
 */
import { DurableObject } from "cloudflare:workers";

export type BreakerState = { state: "closed"; failures: number } | { state: "open"; until: number; failures: number } | { state: "half_open"; failures: number };

export type BreakerOutcome = "success" | "failure" | "released";

export class CircuitBreaker extends DurableObject<Env> {
  private current: BreakerState = { state: "closed", failures: 0 };
  private probeInFlight = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.current = (await ctx.storage.get<BreakerState>("state")) ?? { state: "closed", failures: 0 };
    });
  }

  private async set(next: BreakerState): Promise<void> {
    this.current = next;
    await this.ctx.storage.put("state", next);
  }

  /** Whether a call may go upstream now; in half-open state only one probe at a time. */
  async allow(): Promise<{ allowed: boolean; retryAfterMs: number }> {
    const now = Date.now();
    if (this.current.state === "open") {
      if (now < this.current.until) return { allowed: false, retryAfterMs: this.current.until - now };
      await this.set({ state: "half_open", failures: this.current.failures });
    }
    if (this.current.state === "half_open") {
      if (this.probeInFlight) return { allowed: false, retryAfterMs: 1000 };
      this.probeInFlight = true;
    }
    return { allowed: true, retryAfterMs: 0 };
  }

  async report(outcome: BreakerOutcome, threshold: number, cooldownMs: number): Promise<BreakerState> {
    const wasProbe = this.current.state === "half_open";
    if (wasProbe) this.probeInFlight = false;
    if (outcome === "released") return this.current;
    if (outcome === "success") {
      // The common case (closed, no failures) writes nothing.
      if (this.current.state !== "closed" || this.current.failures !== 0) await this.set({ state: "closed", failures: 0 });
      return this.current;
    }
    const failures = this.current.failures + 1;
    if (wasProbe || failures >= threshold) await this.set({ state: "open", until: Date.now() + cooldownMs, failures });
    else await this.set({ state: "closed", failures });
    return this.current;
  }

  status(): BreakerState {
    return this.current;
  }
}
