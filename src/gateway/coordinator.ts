/**
 * One Durable Object per call fingerprint: the single place a cache miss goes upstream. Concurrent
 * identical misses made with the same key join the call in flight (single flight: a call made with
 * another key, which may fail or succeed differently, is never joined), and a just-fetched ok answer
 * is handed to late arrivals, as the shared cache would. Here the (provider, key) circuit breaker is
 * consulted, the key's quota is charged per attempt to the caller's team, upstream failures are
 * retried with jittered backoff, key material is scrubbed, and an ok answer is written to the
 * durable cache tier before anyone sees it.
 */
import { DurableObject } from "cloudflare:workers";
import { findTool } from "../catalog";
import { syncCatalog } from "../catalog/import/sync";
import { providerOf } from "../catalog/providers";
import { gatewayConfig } from "../config/gateway";
import { dbOf } from "../db/client";
import { invokeUpstream } from "../upstream/invoke";
import type { UpstreamTarget } from "../upstream/request";
import { failure, TRANSIENT_ERROR_CODES, type NormalisedResult } from "../upstream/result";
import { freshness, writeDurable, type StoredResponse } from "./cache";
import type { BreakerOutcome } from "./circuit-breaker";
import type { QuotaClaim } from "./quota-gate";
import { scrubValue } from "./scrub";

export interface CoordinatedFetch {
  tool: string;
  args: Record<string, unknown>;
  fingerprint: string;
  target: UpstreamTarget;
  keyId: string;
  /** The calling team and its share of the key's quota (null: the team's own key). */
  claim: QuotaClaim;
  /** The key's daily quota and per-second rate, as the operator configured them. */
  limits: { daily: number; perSecond: number };
  /** Go upstream even when a fresh answer was just fetched (cache: "no-cache"). */
  force: boolean;
}

export type CoordinatedResult =
  | { kind: "fetched"; result: NormalisedResult; stored: StoredResponse | null; status: number | null; upstreamMs: number; attempts: number; coalesced: boolean }
  | { kind: "denied"; reason: "quota" | "rate" | "share" | "breaker"; retryAfterMs: number };

/** A 4xx is the caller's problem (odd input, a firewall refusing it): never retried, never the upstream's fault. */
function callersProblem(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500;
}

/** Worth another try: a failure of the upstream or of the way to it, not of the request. */
export function retryable(result: NormalisedResult, status: number | null): boolean {
  return !result.ok && !callersProblem(status) && TRANSIENT_ERROR_CODES.has(result.error.code);
}

/**
 * What the circuit breaker counts: upstream 5xx, timeouts and network errors only, so that nothing a
 * caller sends (an odd argument answered 404 or 403, a body it cannot parse) pauses the provider.
 */
export function upstreamFault(result: NormalisedResult, status: number | null): boolean {
  if (result.ok) return false;
  if (status === null) return result.error.code === "UPSTREAM_TIMEOUT" || result.error.code === "UPSTREAM_FAILURE";
  return status >= 500;
}

/**
 * A failing upstream counts; a proper answer (data, or a well-formed refusal such as a bad
 * parameter) shows it alive and closes the circuit; a 4xx page or an error inside a 2xx body is
 * neither.
 */
function breakerOutcome(result: NormalisedResult, status: number | null): BreakerOutcome {
  if (upstreamFault(result, status)) return "failure";
  if (result.ok) return "success";
  return callersProblem(status) || TRANSIENT_ERROR_CODES.has(result.error.code) ? "released" : "success";
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class FetchCoordinator extends DurableObject<Env> {
  /** The call in flight per key id. */
  private readonly inflight = new Map<string, Promise<CoordinatedResult>>();
  private last: StoredResponse | null = null;

  async fetchOnce(input: CoordinatedFetch): Promise<CoordinatedResult> {
    if (!input.force && this.last && this.last.freshUntil > Date.now()) {
      return { kind: "fetched", result: this.last.result, stored: this.last, status: null, upstreamMs: 0, attempts: 0, coalesced: true };
    }
    const running = this.inflight.get(input.keyId);
    if (running) {
      const shared = await running;
      if (shared.kind === "fetched") return { ...shared, coalesced: true };
      // A refusal of the other team's share (of the day's or this second's calls) is not this team's: it asks on its own.
      if (shared.reason === "share" || shared.reason === "rate") return this.fetchOnce(input);
      return shared;
    }
    const call = this.run(input);
    this.inflight.set(input.keyId, call);
    try {
      return await call;
    } finally {
      this.inflight.delete(input.keyId);
    }
  }

  private async run(input: CoordinatedFetch): Promise<CoordinatedResult> {
    await syncCatalog(dbOf(this.env.DB), input.tool);
    const tool = findTool(input.tool);
    if (!tool || tool.kind !== "upstream") throw new Error(`not an upstream tool: ${input.tool}`);
    const provider = providerOf(tool.provider);
    const config = gatewayConfig(this.env);
    const dailyLimit = input.limits.daily;
    const breaker = this.env.CIRCUIT_BREAKER.get(this.env.CIRCUIT_BREAKER.idFromName(`${provider.id}:${input.keyId}`));
    const quota = this.env.QUOTA_GATE.get(this.env.QUOTA_GATE.idFromName(`${provider.id}:${input.keyId}`));

    const admission = await breaker.allow();
    if (!admission.allowed) return { kind: "denied", reason: "breaker", retryAfterMs: admission.retryAfterMs };

    let result: NormalisedResult = failure("UPSTREAM_FAILURE", null, "not attempted");
    let status: number | null = null;
    let upstreamMs = 0;
    let attempts = 0;
    while (attempts < config.UPSTREAM_MAX_ATTEMPTS) {
      const decision = await quota.acquire(dailyLimit, input.limits.perSecond, input.claim);
      if (!decision.granted) {
        await breaker.report("released", config.BREAKER_THRESHOLD, config.BREAKER_COOLDOWN_MS);
        if (attempts === 0) return { kind: "denied", reason: decision.reason, retryAfterMs: decision.retryAfterMs };
        break;
      }
      attempts++;
      const call = await invokeUpstream(tool, input.args, input.target, { timeoutMs: config.UPSTREAM_TIMEOUT_MS });
      result = call.result;
      status = call.status;
      upstreamMs += call.upstreamMs;
      // Every failing attempt of the upstream counts towards the breaker: a failing host opens it
      // within one or two calls.
      const state = await breaker.report(breakerOutcome(result, status), config.BREAKER_THRESHOLD, config.BREAKER_COOLDOWN_MS);
      if (!retryable(result, status) || state.state === "open") break;
      if (attempts < config.UPSTREAM_MAX_ATTEMPTS) await sleep(config.RETRY_BASE_MS * 2 ** (attempts - 1) * (0.5 + Math.random()));
    }

    if (!result.ok && result.error.code === "UPSTREAM_QUOTA_EXCEEDED") await quota.exhaust(dailyLimit);
    result = scrubValue(result, [input.target.key]);
    let stored: StoredResponse | null = null;
    if (result.ok) {
      const fetchedAt = Date.now();
      stored = { fingerprint: input.fingerprint, tool: tool.name, toolVersion: tool.version, result, fetchedAt, ...freshness(tool.cache.ttlSeconds, result, fetchedAt) };
      await writeDurable(dbOf(this.env.DB), stored);
      this.last = stored;
    }
    return { kind: "fetched", result, stored, status, upstreamMs, attempts, coalesced: false };
  }
}
