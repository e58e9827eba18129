/**
 * A gateway tool call, used by the HTTP routes and by every internal caller (graph verification,
 * synthesis, benchmark runs): validate arguments, answer from a snapshot, run a local tool, or
 * serve from the shared cache with stale-while-revalidate, going upstream through the fingerprint's
 * FetchCoordinator only on a miss. Over quota or with the circuit open, a stored answer of any
 * age is served (and said so) rather than nothing.
 */
import { z } from "zod";
import { findTool } from "../catalog";
import { syncCatalog } from "../catalog/import/sync";
import { providerOf } from "../catalog/providers";
import type { ToolSpec, UpstreamToolSpec } from "../catalog/spec";
import { ApiError } from "../app/errors";
import { gatewayConfig, teamShare } from "../config/gateway";
import { upstreamOrigin, upstreamTarget } from "../config/upstream";
import type { Db } from "../db/client";
import { kstYmd } from "../time/kst";
import type { NormalisedResult } from "../upstream/result";
import { readCached, writeEdge, type StoredResponse } from "./cache";
import { logCall } from "./call-log";
import type { CoordinatedResult } from "./coordinator";
import { parseArgs } from "./execute";
import { callFingerprint } from "./fingerprint";
import { snapshotEntry, snapshotRefSchema } from "./snapshots";
import { keyIdOf, OPERATOR, teamKey, type Team } from "./teams";

export const cacheModeSchema = z.enum(["default", "no-cache", "only-if-cached"]);
export type CacheMode = z.infer<typeof cacheModeSchema>;

export const callBodySchema = z
  .object({
    args: z.record(z.string(), z.unknown()).default({}),
    cache: cacheModeSchema.default("default"),
    /** The team's own snapshot by name, or one shared with it as `<owner team>/<name>`. */
    snapshot: snapshotRefSchema.optional(),
    /**
     * The moment the call is made as of (an exported example's `now`, to replay it): local tools
     * compute at it and the sandbox answers as of it. Real hosts answer only now.
     */
    now: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type CallBody = z.infer<typeof callBodySchema>;

export type CacheOutcome = "hit" | "miss" | "stale" | "coalesced" | "local" | "snapshot";

export interface CallMeta {
  cache: CacheOutcome;
  upstreamMs: number;
  fetchedAt: string;
  fingerprint: string;
  /** Present when the answer was served because the key's quota (or the team's share of it), the rate or the circuit refused a fresh call. */
  degraded?: "quota" | "rate" | "breaker";
  snapshot?: string;
  /** With a snapshot: false when it was imported (its answers came from a file, not the upstreams). */
  snapshotVerified?: boolean;
}

export interface CallOutcome {
  tool: string;
  result: NormalisedResult;
  meta: CallMeta;
}

export interface CallDeps {
  env: Env;
  db: Db;
  team: Team;
  waitUntil: (work: Promise<unknown>) => void;
  /**
   * The moment local tools compute at ("now" of kma_base_time): a bench run's, a walk's or a
   * reward reference's own clock, so their calls agree with their time tokens. The Worker's clock
   * otherwise.
   */
  now?: Date;
  /**
   * The instant the sandbox answers as of (a walk's own instant, a reward reference's): sent to the
   * sandbox and part of the cache key, so that no answer of one instant is served at another. Calls
   * to real hosts ignore it (they answer only now).
   */
  asOf?: Date;
}

/** Where a live call goes: its cache key, and the instant the sandbox answers it as of (if any). */
interface LiveKey {
  fingerprint: string;
  asOf?: number;
}

/** An upstream answer that was not ok, as an API error that remembers what the upstream said. */
class UpstreamCallError extends ApiError {
  constructor(
    result: Extract<NormalisedResult, { ok: false }>,
    readonly upstreamStatus: number | null,
  ) {
    const { code, upstreamCode, message } = result.error;
    super(code, upstreamCode ? `${message} (upstream code ${upstreamCode})` : message);
  }
}

function deniedError(denied: Extract<CoordinatedResult, { kind: "denied" }>, provider: string): ApiError {
  const seconds = Math.ceil(denied.retryAfterMs / 1000);
  if (denied.reason === "quota") return new ApiError("QUOTA_EXCEEDED", `the daily quota of ${provider} is spent; it resets in ${seconds} s`);
  if (denied.reason === "share") return new ApiError("QUOTA_EXCEEDED", `the team's share of the daily quota of ${provider} is spent; it resets in ${seconds} s`);
  if (denied.reason === "rate") return new ApiError("RATE_LIMITED", `too many calls to ${provider} this second; retry in ${seconds} s`);
  return new ApiError("UPSTREAM_UNAVAILABLE", `${provider} is failing; calls are paused for ${seconds} s`);
}

function metaOf(stored: StoredResponse, cache: CacheOutcome, upstreamMs: number): CallMeta {
  return { cache, upstreamMs, fetchedAt: new Date(stored.fetchedAt).toISOString(), fingerprint: stored.fingerprint };
}

async function coordinate(deps: CallDeps, tool: UpstreamToolSpec, args: Record<string, unknown>, live: LiveKey, force: boolean): Promise<CoordinatedResult> {
  const provider = providerOf(tool.provider);
  const own = await teamKey(deps.db, deps.env.MASTER_KEY, deps.team.id, provider.keySecret);
  const configured = own ? { baseUrl: upstreamTarget(deps.env, provider.id).baseUrl, key: own } : upstreamTarget(deps.env, provider.id);
  const target = live.asOf === undefined ? configured : { ...configured, asOf: live.asOf };
  const fingerprint = live.fingerprint;
  // The operator's key is shared: each team may spend its share of it (no-cache calls and fresh
  // verifications included). A team's own key, and the operator's own work, are not limited.
  const config = gatewayConfig(deps.env);
  const share = own || deps.team.id === OPERATOR.id ? null : teamShare(config, deps.team.id);
  const limits = { daily: config.QUOTA_OVERRIDES[provider.id] ?? provider.quota.daily, perSecond: config.RATE_PER_SECOND };
  const stub = deps.env.FETCH_COORDINATOR.get(deps.env.FETCH_COORDINATOR.idFromName(fingerprint));
  return stub.fetchOnce({ tool: tool.name, args, fingerprint, target, keyId: await keyIdOf(target.key), claim: { team: deps.team.id, share }, limits, force });
}

interface Served extends CallOutcome {
  upstream: boolean;
  upstreamStatus: number | null;
}

/**
 * The part of an instant a tool's answer depends on: the minute of a live one (arrivals, this
 * hour's measurements), the KST day of any other (a festival's current edition, the deals
 * reported by then).
 */
function answerInstant(tool: UpstreamToolSpec, asOf: number): string {
  return tool.cache.class === "live" ? new Date(Math.floor(asOf / 60_000) * 60_000).toISOString() : kstYmd(new Date(asOf));
}

/** The cache key of a live call: the instant is part of it when the sandbox answers as of one. */
async function liveKey(deps: CallDeps, tool: UpstreamToolSpec, args: Record<string, unknown>, fingerprint: string, asOf: number | undefined): Promise<LiveKey> {
  if (asOf === undefined || upstreamOrigin(deps.env, [tool.name]) !== "replica") return { fingerprint };
  return { fingerprint: await callFingerprint(tool.name, tool.version, args, answerInstant(tool, asOf)), asOf };
}

async function serve(deps: CallDeps, tool: ToolSpec, args: Record<string, unknown>, fingerprint: string, body: CallBody): Promise<Served> {
  const now = body.now !== undefined ? new Date(body.now) : deps.now;
  // Local tools need no upstream: they run here even when a snapshot is asked for.
  if (tool.kind === "local") {
    const rows = tool.run(args, now ?? new Date());
    const result: NormalisedResult = { ok: true, items: rows, totalCount: rows.length, page: 1 };
    return { tool: tool.name, result, meta: { cache: "local", upstreamMs: 0, fetchedAt: new Date().toISOString(), fingerprint }, upstream: false, upstreamStatus: null };
  }

  const asOf = body.now !== undefined ? Date.parse(body.now) : deps.asOf?.getTime();
  const live = await liveKey(deps, tool, args, fingerprint, asOf);
  if (body.snapshot !== undefined) {
    // A snapshot of what walks fetched holds their answers as of their instants.
    const entry = await snapshotEntry(deps.db, deps.team.id, body.snapshot, [...new Set([live.fingerprint, fingerprint])]);
    return { tool: tool.name, result: entry.result, meta: { ...metaOf(entry, "snapshot", 0), snapshot: body.snapshot, snapshotVerified: entry.verified }, upstream: false, upstreamStatus: null };
  }

  if (body.now !== undefined && upstreamOrigin(deps.env, [tool.name]) !== "replica") {
    throw new ApiError("INVALID_ARGUMENT", `${tool.name} is answered by a real host, which answers only now: call it without now`, "now");
  }
  const clock = Date.now();
  const cached = body.cache === "no-cache" ? null : await readCached(deps.db, live.fingerprint, deps.waitUntil);
  if (cached && cached.freshUntil > clock) return { tool: tool.name, result: cached.result, meta: metaOf(cached, "hit", 0), upstream: false, upstreamStatus: null };
  if (cached && cached.staleUntil > clock) {
    // Not forced: when an earlier refresh has just fetched a fresh answer (and this isolate's tiers
    // still hold the stale one), the coordinator hands that answer over instead of calling again.
    deps.waitUntil(
      coordinate(deps, tool, args, live, false).then((refreshed) =>
        refreshed.kind === "fetched" && refreshed.stored ? writeEdge(refreshed.stored) : undefined,
      ),
    );
    return { tool: tool.name, result: cached.result, meta: metaOf(cached, "stale", 0), upstream: false, upstreamStatus: null };
  }
  if (body.cache === "only-if-cached") throw new ApiError("NOT_CACHED", `no stored answer for this ${tool.name} call`);

  const fetched = await coordinate(deps, tool, args, live, body.cache === "no-cache");
  if (fetched.kind === "denied") {
    // Anything stored beats nothing when we may not ask upstream.
    const fallback = cached ?? (await readCached(deps.db, live.fingerprint, deps.waitUntil));
    if (fallback) return { tool: tool.name, result: fallback.result, meta: { ...metaOf(fallback, "stale", 0), degraded: fetched.reason === "share" ? "quota" : fetched.reason }, upstream: false, upstreamStatus: null };
    throw deniedError(fetched, tool.provider);
  }
  if (!fetched.result.ok) throw new UpstreamCallError(fetched.result, fetched.status);
  const stored = fetched.stored;
  if (!stored) throw new ApiError("INTERNAL", "an ok upstream answer was not stored");
  if (!fetched.coalesced) deps.waitUntil(writeEdge(stored));
  return {
    tool: tool.name,
    result: fetched.result,
    meta: metaOf(stored, fetched.coalesced ? "coalesced" : "miss", fetched.upstreamMs),
    upstream: !fetched.coalesced,
    upstreamStatus: fetched.status,
  };
}

/** Runs one call and records it (team, tool, fingerprint, outcome, latency; never arguments or keys). */
export async function callTool(deps: CallDeps, name: string, body: CallBody): Promise<CallOutcome> {
  await syncCatalog(deps.db, name);
  const tool = findTool(name);
  if (!tool) throw new ApiError("TOOL_NOT_FOUND", `no tool named ${name}`, "name");
  const args = parseArgs(tool, body.args);
  const fingerprint = await callFingerprint(tool.name, tool.version, args);
  const started = Date.now();
  const record = (row: { cache: string; upstream: boolean; upstreamStatus: number | null; errorCode: string | null; upstreamMs: number | null }) =>
    logCall(
      deps.db,
      { teamId: deps.team.id, tool: tool.name, provider: tool.kind === "upstream" ? tool.provider : null, fingerprint, latencyMs: Date.now() - started, at: started, ...row },
      deps.waitUntil,
    );
  try {
    const served = await serve(deps, tool, args, fingerprint, body);
    record({ cache: served.meta.cache, upstream: served.upstream, upstreamStatus: served.upstreamStatus, errorCode: null, upstreamMs: served.meta.upstreamMs });
    return { tool: served.tool, result: served.result, meta: served.meta };
  } catch (error) {
    if (error instanceof ApiError) {
      const upstream = error instanceof UpstreamCallError;
      record({ cache: "error", upstream, upstreamStatus: upstream ? error.upstreamStatus : null, errorCode: error.code, upstreamMs: null });
    }
    throw error;
  }
}
