/**
 * Execution-grounded verification. Real outputs of each tool come from calls built from its
 * examples and from the verified calls of its upstream neighbours; an edge A→B is tried by calling
 * B with sampled values of A's fields bound to B's parameters, through the gateway (shared cache,
 * quotas, breaker). Every real answer also updates the tool's response shape, and a change of
 * shape is recorded as drift and marks the edges that read a vanished field stale.
 */
import { findTool } from "../catalog";
import { resolveExampleArgs } from "../catalog/examples";
import { ApiError } from "../app/errors";
import { upstreamOrigin, type UpstreamOrigin } from "../config/upstream";
import type { Db } from "../db/client";
import { callTool, type CacheMode, type CallDeps } from "../gateway/call";
import { sha256Hex } from "../gateway/fingerprint";
import type { Item, NormalisedResult } from "../upstream/result";
import { scoreBinding, type Binding, type CandidateEdge, type Observed, type ParamCheck } from "./candidates";
import { indexedCandidateEdges } from "./indexed-candidates";
import { catalogIO, coerceForParam, toolIO } from "./io";
import { sampleDistinct } from "./sample";
import { shapeOf } from "./shape";
import { listEdges, markStale, observeShape, recordDrift, type EdgeRow, type EvidenceInput } from "./store";
import { outcomeOfError, settled, tally, verdictOf, type Outcome, type VerdictRule } from "./verdict";

export type CallAttempt =
  /** `degraded`: a stored answer served because the upstream may not be asked now (quota, open circuit). */
  | { ok: true; result: NormalisedResult; upstream: boolean; fingerprint: string; degraded: boolean }
  | { ok: false; code: string; message: string; upstream: boolean };

export interface GraphCaller {
  /** With a snapshot the answer comes from it alone (no upstream call). */
  call(tool: string, args: Record<string, unknown>, cache: CacheMode, snapshot?: string): Promise<CallAttempt>;
  /** What answers these tools' calls: the sandbox's replica or the real hosts. */
  origin?(tools: readonly string[]): UpstreamOrigin;
}

/** Calls through the gateway as a team; a miss (or an upstream error) is one upstream call. */
export function gatewayCaller(deps: CallDeps): GraphCaller {
  return {
    origin: (tools) => upstreamOrigin(deps.env, tools),
    async call(tool, args, cache, snapshot) {
      try {
        const out = await callTool(deps, tool, { args, cache, ...(snapshot ? { snapshot } : {}) });
        return { ok: true, result: out.result, upstream: out.meta.cache === "miss", fingerprint: out.meta.fingerprint, degraded: out.meta.degraded !== undefined };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const upstream = error.code.startsWith("UPSTREAM_") && error.code !== "UPSTREAM_UNAVAILABLE";
        return { ok: false, code: error.code, message: error.message, upstream };
      }
    },
  };
}

/** Checks a value against one parameter of a tool's zod schema. */
export const zodParamCheck: ParamCheck = (tool, param, value) => {
  const schema = findTool(tool)?.params.shape[param];
  return schema !== undefined && schema.safeParse(value).success;
};

interface PoolEntry {
  item: Item;
  /** The arguments of the call that produced the item: context for the next call. */
  args: Record<string, unknown>;
}

const POOL_LIMIT = 80;

/** Above this many tools, candidates keep the best SOURCES_PER_PARAM sources of each parameter. */
const LARGE_CATALOG = 1000;
const SOURCES_PER_PARAM = 20;

export interface EngineOptions {
  rule: VerdictRule;
  cache: CacheMode;
  /** Seed of the value sampling, so a run can be repeated. */
  seed: string;
  now: () => number;
}

export interface DriftFound {
  tool: string;
  staleEdges: string[];
}

export class VerificationEngine {
  upstreamCalls = 0;
  readonly drift: DriftFound[] = [];
  private readonly pools = new Map<string, PoolEntry[]>();
  private readonly seeded = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly caller: GraphCaller,
    private readonly options: EngineOptions,
  ) {}

  private remember(tool: string, items: readonly Item[], args: Record<string, unknown>): void {
    const pool = this.pools.get(tool) ?? [];
    for (const item of items) if (pool.length < POOL_LIMIT) pool.push({ item, args });
    this.pools.set(tool, pool);
  }

  /**
   * One real call; an answer with items feeds the pool. A probe (the tool's first example, the
   * same request every time) also updates the tool's shape, so drift compares like with like.
   */
  async call(tool: string, args: Record<string, unknown>, cache = this.options.cache, probe = false): Promise<CallAttempt> {
    const attempt = await this.caller.call(tool, args, cache);
    if (attempt.upstream) this.upstreamCalls++;
    if (attempt.ok && attempt.result.items.length > 0) {
      this.remember(tool, attempt.result.items, args);
      if (probe) await this.observe(tool, attempt.result.items);
    }
    return attempt;
  }

  /** Calls a tool's first example and checks its shape for drift. */
  async probe(toolName: string, cache = this.options.cache): Promise<CallAttempt | null> {
    const example = findTool(toolName)?.examples[0];
    if (!example) return null;
    return this.call(toolName, resolveExampleArgs(example, new Date(this.options.now())), cache, true);
  }

  private async observe(toolName: string, items: readonly Item[]): Promise<void> {
    const tool = findTool(toolName);
    if (!tool) return;
    const shape = shapeOf(items);
    const change = await observeShape(this.db, toolName, tool.version, shape, await sha256Hex(JSON.stringify(shape)), this.options.now());
    if (!change) return;
    const vanished = new Set([...change.diff.removed, ...change.diff.retyped]);
    // Only working edges go stale; a rejected one is re-tried when its tools drift anyway.
    const stale = (await listEdges(this.db))
      .filter((e) => e.fromTool === toolName && e.status === "verified" && e.bindings.some((b) => vanished.has(b.field)))
      .map((e) => e.id);
    await markStale(this.db, stale, `drift in ${toolName}: ${[...vanished].join(", ")} changed`, this.options.now());
    await recordDrift(this.db, change, stale, this.options.now());
    this.drift.push({ tool: toolName, staleEdges: stale });
  }

  /** Calls every example of a tool once (per engine run). */
  async seed(toolName: string, cache = this.options.cache): Promise<void> {
    if (this.seeded.has(toolName)) return;
    this.seeded.add(toolName);
    const tool = findTool(toolName);
    if (!tool) return;
    await this.probe(toolName, cache);
    for (const example of tool.examples.slice(1)) await this.call(toolName, resolveExampleArgs(example, new Date(this.options.now())), cache);
  }

  /** Values seen so far per tool and field (for format scoring of candidates). */
  observed(): Observed {
    const out: Observed = {};
    for (const [tool, pool] of this.pools) {
      const fields: Record<string, unknown[]> = {};
      for (const { item } of pool) for (const [k, v] of Object.entries(item)) if (v !== null && v !== undefined) (fields[k] ??= []).push(v);
      out[tool] = fields;
    }
    return out;
  }

  /** Seeds every tool, then scores candidate edges over the whole catalog with the values seen. */
  async buildCandidates(onSeed?: (done: number, total: number) => Promise<void>): Promise<CandidateEdge[]> {
    const io = catalogIO();
    for (const [i, tool] of io.entries()) {
      await this.seed(tool.name);
      await onSeed?.(i + 1, io.length);
    }
    // A catalog of thousands of imported operations bounds the sources scored per parameter.
    return indexedCandidateEdges(io, this.observed(), zodParamCheck, io.length > LARGE_CATALOG ? { sourcesPerParam: SOURCES_PER_PARAM } : {});
  }

  /** Tries one edge on k sampled source values and returns the evidence. */
  async verifyEdge(edge: EdgeRow): Promise<EvidenceInput> {
    const to = findTool(edge.toTool);
    if (!to || !findTool(edge.fromTool)) return this.evidence("inconclusive", [], [], [], 0, "a tool of this edge is no longer in the catalog");
    await this.seed(edge.fromTool);
    const pool = this.pools.get(edge.fromTool) ?? [];
    if (pool.length === 0) return this.evidence("inconclusive", [], [], [], 0, `${edge.fromTool} gave no outputs to try`);
    const usable = pool.filter(({ item }) => edge.bindings.every((b) => item[b.field] !== null && item[b.field] !== undefined));
    if (usable.length === 0) {
      const missing = edge.bindings.filter((b) => pool.every(({ item }) => item[b.field] === null || item[b.field] === undefined)).map((b) => b.field);
      return this.evidence("rejected", ["missing_value"], [], [], 0, `${edge.fromTool} gives no value for ${missing.join(", ")}`);
    }

    const samples = sampleDistinct(usable, this.options.rule.k, ({ item }) => JSON.stringify(edge.bindings.map((b) => item[b.field])), `${this.options.seed}|${edge.id}`);
    const rule = { ...this.options.rule, k: samples.length };
    const params = new Map(toolIO(to).params.map((p) => [p.name, p]));
    // The other required parameters come from B's first example; optional ones are left out.
    const example = resolveExampleArgs(to.examples[0] ?? { args: {} }, new Date(this.options.now()));
    const base = Object.fromEntries(Object.entries(example).filter(([name]) => params.get(name)?.required));
    const outcomes: Outcome[] = [];
    const tried: Record<string, unknown>[] = [];
    const fingerprints: string[] = [];
    const before = this.upstreamCalls;
    for (const { item, args: context } of samples) {
      if (settled(outcomes, rule)) break;
      const bindings = this.bindingsInContext(edge, context);
      const bound = new Set(bindings.map((b) => b.param));
      const args: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(base)) if (!bound.has(name)) args[name] = value;
      // The source call's own arguments are context an agent carries on (a city code, an area code).
      for (const name of params.keys()) if (!bound.has(name) && context[name] !== undefined) args[name] = context[name];
      const values: Record<string, unknown> = {};
      for (const b of bindings) {
        values[b.param] = coerceForParam(item[b.field], params.get(b.param)?.type ?? "unknown");
        args[b.param] = values[b.param];
      }
      tried.push(values);
      const attempt = await this.call(edge.toTool, args);
      if (attempt.ok && attempt.degraded) {
        // An old answer served in place of a fresh one is no evidence about the link today.
        outcomes.push("upstream_failure");
      } else if (attempt.ok) {
        fingerprints.push(attempt.fingerprint);
        // A live answer may be empty now and full later (no bus at night): that blames nobody.
        outcomes.push(attempt.result.items.length > 0 ? "ok" : to.kind === "upstream" && to.cache.class === "live" ? "empty_live" : "no_data");
      } else {
        outcomes.push(outcomeOfError(attempt.code));
      }
    }
    const verdict = verdictOf(outcomes, rule);
    const evidence = this.evidence(verdict, outcomes, tried, fingerprints, this.upstreamCalls - before, describeOutcomes(outcomes));
    const against = this.caller.origin?.([edge.fromTool, edge.toTool]);
    return against ? { ...evidence, against } : evidence;
  }

  /**
   * The edge's bindings for one source item. A parameter the source itself was called with is
   * context and keeps that value (tour_area_codes asked with areaCode=1 lists districts: its `code`
   * then means a sigunguCode); a field bound to such a parameter moves to its next-best parameter.
   */
  private bindingsInContext(edge: EdgeRow, context: Record<string, unknown>): Binding[] {
    const from = findTool(edge.fromTool);
    const to = findTool(edge.toTool);
    if (!from || !to) return edge.bindings;
    const fromIO = toolIO(from);
    const toIO = toolIO(to);
    const taken = new Set(edge.bindings.map((b) => b.param).filter((p) => context[p] === undefined));
    const out: Binding[] = [];
    for (const b of edge.bindings) {
      if (context[b.param] === undefined) {
        out.push(b);
        continue;
      }
      let best: Binding | null = null;
      for (const param of toIO.params) {
        if (taken.has(param.name) || context[param.name] !== undefined) continue;
        const alternative = scoreBinding(fromIO, b.field, toIO, param, {}, zodParamCheck);
        if (alternative && (!best || alternative.score > best.score)) best = alternative;
      }
      if (best) {
        taken.add(best.param);
        out.push(best);
      }
    }
    return out;
  }

  private evidence(verdict: EvidenceInput["verdict"], outcomes: Outcome[], samples: Record<string, unknown>[], fingerprints: string[], upstreamCalls: number, reason: string): EvidenceInput {
    return { verdict, tries: outcomes.length, outcomes: tally(outcomes), samples, fingerprints, upstreamCalls, reason };
  }
}

function describeOutcomes(outcomes: readonly Outcome[]): string {
  const counts = tally(outcomes);
  return Object.entries(counts)
    .map(([o, n]) => `${o} ×${n}`)
    .join(", ");
}
