/**
 * One Durable Object per call fingerprint: the single place a cache miss goes upstream. Concurrent
 * identical misses join the call in flight (single flight), and a just-fetched answer is handed to
 * late arrivals. Here the provider's circuit breaker is consulted, the key's quota is charged per
 * attempt, transient failures are retried with jittered backoff, key material is scrubbed, and an
 * ok answer is written to the durable cache tier before anyone sees it.
 */
import { DurableObject } from "cloudflare:workers";
import { findTool } from "../catalog";
import { syncCatalog } from "../catalog/import/sync";
import { providerOf } from "../catalog/providers";
import { gatewayConfig } from "../config/gateway";
import { dbOf } from "../db/client";
import { invokeUpstream } from "../upstream/invoke";
import type { UpstreamTarget } from "../upstream/request";
import { failure, type NormalisedResult, type UpstreamErrorCode } from "../upstream/result";
import { freshness, writeDurable, type StoredResponse } from "./cache";
import { scrubValue } from "./scrub";

export interface CoordinatedFetch {
  tool: string;
  args: Record<string, unknown>;
  fingerprint: string;
  target: UpstreamTarget;
  keyId: string;
  /** Go upstream even when a fresh answer was just fetched (cache: "no-cache", refreshes). */
  force: boolean;
}

export type CoordinatedResult =
  | { kind: "fetched"; result: NormalisedResult; stored: StoredResponse | null; status: number | null; upstreamMs: number; attempts: number; coalesced: boolean }
  | { kind: "denied"; reason: "quota" | "rate" | "breaker"; retryAfterMs: number };

const TRANSIENT: ReadonlySet<UpstreamErrorCode> = new Set(["UPSTREAM_TIMEOUT", "UPSTREAM_FAILURE", "UPSTREAM_GARBLED"]);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class FetchCoordinator extends DurableObject<Env> {
  private inflight: Promise<CoordinatedResult> | null = null;
  private last: StoredResponse | null = null;

  async fetchOnce(input: CoordinatedFetch): Promise<CoordinatedResult> {
    if (!input.force && this.last && this.last.freshUntil > Date.now()) {
      return { kind: "fetched", result: this.last.result, stored: this.last, status: null, upstreamMs: 0, attempts: 0, coalesced: true };
    }
    if (this.inflight) {
      const shared = await this.inflight;
      return shared.kind === "fetched" ? { ...shared, coalesced: true } : shared;
    }
    this.inflight = this.run(input);
    try {
      return await this.inflight;
    } finally {
      this.inflight = null;
    }
  }

  private async run(input: CoordinatedFetch): Promise<CoordinatedResult> {
    await syncCatalog(dbOf(this.env.DB), input.tool);
    const tool = findTool(input.tool);
    if (!tool || tool.kind !== "upstream") throw new Error(`not an upstream tool: ${input.tool}`);
    const provider = providerOf(tool.provider);
    const config = gatewayConfig(this.env);
    const dailyLimit = config.QUOTA_OVERRIDES[provider.id] ?? provider.quota.daily;
    const breaker = this.env.CIRCUIT_BREAKER.get(this.env.CIRCUIT_BREAKER.idFromName(provider.id));
    const quota = this.env.QUOTA_GATE.get(this.env.QUOTA_GATE.idFromName(`${provider.id}:${input.keyId}`));

    const admission = await breaker.allow();
    if (!admission.allowed) return { kind: "denied", reason: "breaker", retryAfterMs: admission.retryAfterMs };

    let result: NormalisedResult = failure("UPSTREAM_FAILURE", null, "not attempted");
    let status: number | null = null;
    let upstreamMs = 0;
    let attempts = 0;
    while (attempts < config.UPSTREAM_MAX_ATTEMPTS) {
      const decision = await quota.acquire(dailyLimit, config.RATE_PER_SECOND);
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
      // Every attempt counts towards the breaker: a failing host opens it within one or two calls.
      const transient = !result.ok && TRANSIENT.has(result.error.code);
      const state = await breaker.report(transient ? "failure" : "success", config.BREAKER_THRESHOLD, config.BREAKER_COOLDOWN_MS);
      if (!transient || state.state === "open") break;
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
