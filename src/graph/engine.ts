/**
 * Execution-grounded verification. Real outputs of each tool come from calls built from every
 * variant of its examples and from the calls made while verifying; an edge A→B is tried by calling B
 * with values of A's fields bound to B's parameters, through the gateway (shared cache, quotas,
 * breaker), one unit of bindings at a time. A try counts only when B's answer depends on the value:
 * B is also called with a control (a random value of the same type, and, for an optional parameter,
 * the parameter left out), and the answer must differ from the control's or the control must fail.
 * Every real answer also updates the tool's response shape, and a change of shape is recorded as
 * drift and marks the edges that read a vanished field stale. An operation whose every call has
 * failed for PERSISTENT_FAILURE_MS (a failing backend or a moved endpoint: data.go.kr answers
 * "Unexpected errors") is drift too, and its edges go stale until it answers again.
 */
import { findTool } from "../catalog";
import { resolveExampleArgs } from "../catalog/examples";
import { tagInfo } from "../catalog/tags";
import { ApiError } from "../app/errors";
import { upstreamOrigin, type UpstreamOrigin } from "../config/upstream";
import type { Db } from "../db/client";
import { callTool, type CacheMode, type CallDeps } from "../gateway/call";
import { sha256Hex } from "../gateway/fingerprint";
import { TRANSIENT_ERROR_CODES, type Item, type NormalisedResult } from "../upstream/result";
import { seededRandom } from "../util/random";
import { type CandidateEdge, type Observed, type ParamCheck } from "./candidates";
import { answerSignature, randomValueLike } from "./control";
import { indexedCandidateEdges } from "./indexed-candidates";
import { catalogIO, coerceForParam, toolIO, type Binding, type ToolIO } from "./io";
import { sampleDistinct } from "./sample";
import { shapeOf } from "./shape";
import { failingChange, failureRun, lastShape, latestDrift, listEdges, markStale, observeShape, recordDrift, recoveredChange, type EdgeRow, type EvidenceInput, type Trial } from "./store";
import { carriedFromSource, fillableFromExample, groupOf, planEdge, unitName, type Unit } from "./units";
import { basisOf, outcomeOfError, settled, SUCCEEDS, tally, verdictOf, type Outcome, type Verdict, type VerdictRule } from "./verdict";

/** Tags of a parameter that searches a place or an area rather than looks one record up. */
const AREA_TAG = /^(geo\.|region\.(bjd|lawd|sido|sgg|sigungu|umd|emd))/;

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
  /** Every item of that call's answer (as JSON): what a re-query of the same tool would only repeat. */
  answer: ReadonlySet<string>;
}

/** Items kept per tool, and per call, so that later calls (other variants, verified links) add values too. */
const POOL_LIMIT = 300;
const ITEMS_PER_CALL = 25;

/** Above this many tools, candidates keep the best SOURCES_PER_PARAM sources of each parameter. */
const LARGE_CATALOG = 1000;
const SOURCES_PER_PARAM = 20;

/**
 * How long every upstream answer of an operation must have failed (with a code the gateway retries)
 * before a probe's failure is drift and not a passing fault: the scheduled run is hourly, so a
 * failure one run saw and the next still sees.
 */
export const PERSISTENT_FAILURE_MS = 30 * 60_000;

export interface EngineOptions {
  rule: VerdictRule;
  cache: CacheMode;
  /** Seed of the value sampling and of the controls, so a run can be repeated. */
  seed: string;
  now: () => number;
}

export interface DriftFound {
  tool: string;
  staleEdges: string[];
}

/** A try's sample: a source item with the arguments that exercise the unit on it. */
interface Sample {
  entry: PoolEntry;
  args: Record<string, unknown>;
  values: Record<string, unknown>;
}

interface UnitResult {
  unit: Unit;
  verdict: Verdict;
  outcomes: Outcome[];
  trials: Trial[];
  skipped: string[];
  fingerprints: string[];
  distinct: number;
  reason: string;
}

type Answer = { kind: "items"; items: Item[]; fingerprint: string } | { kind: "failed"; code: string } | { kind: "upstream" };

export class VerificationEngine {
  upstreamCalls = 0;
  readonly drift: DriftFound[] = [];
  /** Edges put off in this run because their source had too few values yet (tried again at the end). */
  readonly deferred = new Set<string>();
  private readonly pools = new Map<string, PoolEntry[]>();
  private readonly seeded = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly caller: GraphCaller,
    private readonly options: EngineOptions,
  ) {}

  private remember(tool: string, items: readonly Item[], args: Record<string, unknown>): void {
    const pool = this.pools.get(tool) ?? [];
    const answer = new Set(items.map((item) => JSON.stringify(item)));
    for (const item of items.slice(0, ITEMS_PER_CALL)) if (pool.length < POOL_LIMIT) pool.push({ item, args, answer });
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
      // A stored answer served in place of a fresh one (quota, open circuit) says nothing of the upstream now.
      if (probe && !attempt.degraded) await this.observe(tool, attempt.result.items, attempt.upstream);
    }
    if (probe && !attempt.ok && attempt.upstream && TRANSIENT_ERROR_CODES.has(attempt.code)) await this.observeFailure(tool, attempt.code);
    return attempt;
  }

  /** Calls a tool's first example and checks its shape for drift. */
  async probe(toolName: string, cache = this.options.cache): Promise<CallAttempt | null> {
    const example = findTool(toolName)?.examples[0];
    if (!example) return null;
    return this.call(toolName, resolveExampleArgs(example, new Date(this.options.now())), cache, true);
  }

  /** `fresh`: the items came from the upstream just now (not from the cache), so they can show a recovery. */
  private async observe(toolName: string, items: readonly Item[], fresh: boolean): Promise<void> {
    const tool = findTool(toolName);
    if (!tool) return;
    const shape = shapeOf(items);
    if (fresh && (await latestDrift(this.db, toolName))?.kind === "failing") {
      // It answers again: say so, and re-try its edges (the stale ones are tried first anyway).
      await recordDrift(this.db, recoveredChange(toolName, shape), [], this.options.now());
      this.drift.push({ tool: toolName, staleEdges: [] });
    }
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

  /**
   * A probe failed with a transient code after the gateway's retries. When every upstream answer of
   * the tool has failed so for PERSISTENT_FAILURE_MS, the failure is drift (once per run of
   * failures): the edges into and out of the tool go stale, since no walk through it can work.
   */
  private async observeFailure(toolName: string, code: string): Promise<void> {
    const now = this.options.now();
    const run = await failureRun(this.db, toolName, TRANSIENT_ERROR_CODES, now);
    const since = Math.min(run?.since ?? now, now);
    if (now - since < PERSISTENT_FAILURE_MS) return;
    const latest = await latestDrift(this.db, toolName);
    if (latest?.kind === "failing" && latest.at > (run?.answeredAt ?? Number.NEGATIVE_INFINITY)) return;
    const stale = (await listEdges(this.db, { status: ["verified"] })).filter((e) => e.fromTool === toolName || e.toTool === toolName).map((e) => e.id);
    await markStale(this.db, stale, `drift in ${toolName}: every call has failed (${code}) since ${new Date(since).toISOString()}`, now);
    await recordDrift(this.db, failingChange(toolName, (await lastShape(this.db, toolName)) ?? {}), stale, now);
    this.drift.push({ tool: toolName, staleEdges: stale });
  }

  private examplesOf(toolName: string): Record<string, unknown>[] {
    const now = new Date(this.options.now());
    return (findTool(toolName)?.examples ?? []).map((e) => resolveExampleArgs(e, now));
  }

  /**
   * Calls every variant of a tool's examples once per engine run: each example, and the example
   * with its optional filters left out (a broader answer gives the rarer values other tools need).
   */
  async seed(toolName: string, cache = this.options.cache): Promise<void> {
    if (this.seeded.has(toolName)) return;
    this.seeded.add(toolName);
    const tool = findTool(toolName);
    if (!tool) return;
    await this.probe(toolName, cache);
    const required = new Set(toolIO(tool).params.filter((p) => p.required).map((p) => p.name));
    const examples = this.examplesOf(toolName);
    const variants = [...examples.slice(1), ...examples.map((args) => Object.fromEntries(Object.entries(args).filter(([name]) => required.has(name))))];
    const seen = new Set([JSON.stringify(examples[0] ?? {})]);
    for (const args of variants) {
      const key = JSON.stringify(args);
      if (seen.has(key)) continue;
      seen.add(key);
      await this.call(toolName, args, cache);
    }
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

  /**
   * Tries one edge and returns the evidence. The core unit (the target's required keys) is tried
   * first and then each other unit on top of it; without a core each unit is an alternative link
   * and the first one verified is the edge's.
   */
  async verifyEdge(edge: EdgeRow): Promise<EvidenceInput> {
    const to = findTool(edge.toTool);
    const from = findTool(edge.fromTool);
    if (!to || !from) return emptyEvidence("inconclusive", edge.candidateBindings, "a tool of this edge is no longer in the catalog");
    await this.seed(edge.fromTool);
    const pool = this.pools.get(edge.fromTool) ?? [];
    if (pool.length === 0) return emptyEvidence("inconclusive", edge.candidateBindings, `${edge.fromTool} gave no outputs to try`);
    const fromIO = toolIO(from);
    const toIO = toolIO(to);
    const plan = planEdge(fromIO, toIO, edge.candidateBindings);
    if (!plan) return emptyEvidence("untested", edge.candidateBindings, "the catalog no longer makes these bindings a link");

    const results: UnitResult[] = [];
    let chosen: Binding[] | null = null;
    if (plan.core) {
      const core = await this.verifyUnit(edge, fromIO, toIO, plan.core, null, pool);
      results.push(core);
      if (core.verdict === "verified") {
        chosen = [...plan.core.bindings];
        for (const extra of plan.units) {
          const result = await this.verifyUnit(edge, fromIO, toIO, extra, plan.core, pool);
          results.push(result);
          if (result.verdict === "verified") chosen.push(...extra.bindings);
        }
      }
    } else {
      for (const unit of plan.units) {
        const result = await this.verifyUnit(edge, fromIO, toIO, unit, null, pool);
        results.push(result);
        if (result.verdict === "verified") {
          chosen = [...unit.bindings];
          break;
        }
      }
    }
    const evidence = this.combine(edge, results, chosen);
    const against = this.caller.origin?.([edge.fromTool, edge.toTool]);
    return against ? { ...evidence, against } : evidence;
  }

  private combine(edge: EdgeRow, results: readonly UnitResult[], chosen: Binding[] | null): EvidenceInput {
    const verdict: Verdict = chosen
      ? "verified"
      : results.some((r) => r.verdict === "inconclusive")
        ? "inconclusive"
        : results.some((r) => r.verdict === "untested")
          ? "untested"
          : "rejected";
    const main = results.find((r) => r.verdict === verdict) ?? results[0];
    const trials = results.flatMap((r) => r.trials);
    return {
      verdict,
      basis: basisOf(verdict, main?.outcomes ?? []),
      bindings: chosen ?? edge.candidateBindings,
      tries: trials.length,
      outcomes: tally(results.flatMap((r) => r.outcomes)),
      samples: trials.map((t) => t.values),
      trials,
      skipped: results.flatMap((r) => r.skipped),
      fingerprints: results.flatMap((r) => r.fingerprints),
      upstreamCalls: 0,
      reason: results.map((r) => `[${unitName(r.unit)}] ${r.verdict}: ${r.reason}`).join("; "),
      starved: verdict === "untested" && results.some((r) => r.verdict === "untested" && r.distinct < this.options.rule.k),
    };
  }

  /** The arguments that exercise a unit (on top of the core) on one source item, or why it cannot. */
  private argsFor(fromIO: ToolIO, toIO: ToolIO, bindings: readonly Binding[], entry: PoolEntry, examples: readonly Record<string, unknown>[]): { args: Record<string, unknown>; values: Record<string, unknown> } | { skip: string } {
    const params = new Map(toIO.params.map((p) => [p.name, p]));
    const values: Record<string, unknown> = {};
    for (const b of bindings) values[b.param] = coerceForParam(entry.item[b.field], params.get(b.param)?.type ?? "unknown");
    const args: Record<string, unknown> = {};
    // The source call's own arguments are context an agent carries on: a required one (a city code),
    // or the parent of a bound code (the area code of a district code); never an optional filter.
    const parents = new Set(bindings.flatMap((b) => params.get(b.param)?.tags.map((t) => tagInfo(t)?.within).filter((w) => w !== undefined) ?? []));
    for (const p of toIO.params) {
      const carried = entry.args[p.name];
      if (carried === undefined || !carriedFromSource(fromIO, p) || !(p.required || p.name in values || p.tags.some((t) => parents.has(t)))) continue;
      if (p.name in values) {
        if (JSON.stringify(carried) !== JSON.stringify(values[p.name])) return { skip: `${p.name}=${JSON.stringify(values[p.name])} collides with the source call's own ${p.name}=${JSON.stringify(carried)}: not sent` };
        continue;
      }
      args[p.name] = carried;
    }
    for (const p of toIO.params) {
      if (p.name in values || p.name in args || !p.required) continue;
      const example = examples.find((e) => e[p.name] !== undefined);
      if (!fillableFromExample(p) || !example) return { skip: `no value from the source for the required ${p.name}` };
      args[p.name] = example[p.name];
    }
    // A radius goes with coordinates, from the target's own example.
    const groups = new Set(bindings.map((b) => params.get(b.param)).flatMap((p) => (p ? [groupOf(p)] : [])));
    for (const p of toIO.params) {
      const companion = p.tags.map((t) => tagInfo(t)?.companionOf).find((g) => g !== undefined);
      if (!companion || !groups.has(companion) || p.name in args) continue;
      const example = examples.find((e) => e[p.name] !== undefined);
      if (example) args[p.name] = example[p.name];
    }
    Object.assign(args, values);
    // A code that means something only inside its parent (a 시군구 code in its 시도) needs the parent sent too.
    for (const b of bindings) {
      const within = params.get(b.param)?.tags.map((t) => tagInfo(t)?.within).find((w) => w !== undefined);
      if (within && !toIO.params.some((p) => p.tags.includes(within) && args[p.name] !== undefined)) return { skip: `${b.param} needs its ${within} sent too: not tried` };
    }
    return { args, values };
  }

  private async answer(tool: string, args: Record<string, unknown>): Promise<Answer> {
    const attempt = await this.call(tool, args);
    if (attempt.ok && attempt.degraded) return { kind: "upstream" };
    if (attempt.ok) return { kind: "items", items: attempt.result.items, fingerprint: attempt.fingerprint };
    return outcomeOfError(attempt.code) === "upstream_failure" ? { kind: "upstream" } : { kind: "failed", code: attempt.code };
  }

  /** Tries one unit (on top of the core, when given) on k distinct source values, with its controls. */
  private async verifyUnit(edge: EdgeRow, fromIO: ToolIO, toIO: ToolIO, unit: Unit, core: Unit | null, pool: readonly PoolEntry[]): Promise<UnitResult> {
    const bindings = [...(core?.bindings ?? []), ...unit.bindings];
    const result: UnitResult = { unit, verdict: "untested", outcomes: [], trials: [], skipped: [], fingerprints: [], distinct: 0, reason: "" };
    const usable = pool.filter(({ item }) => bindings.every((b) => item[b.field] !== null && item[b.field] !== undefined));
    if (usable.length === 0) {
      const missing = bindings.filter((b) => pool.every(({ item }) => item[b.field] === null || item[b.field] === undefined)).map((b) => b.field);
      result.outcomes = ["missing_value"];
      result.verdict = "rejected";
      result.reason = `${edge.fromTool} gives no value for ${missing.join(", ")}`;
      return result;
    }
    const examples = this.examplesOf(edge.toTool);
    const ordered = sampleDistinct(usable, usable.length, ({ item }) => JSON.stringify(bindings.map((b) => item[b.field])), `${this.options.seed}|${edge.id}|${unitName(unit)}`);
    const samples: Sample[] = [];
    for (const entry of ordered) {
      const built = this.argsFor(fromIO, toIO, bindings, entry, examples);
      if ("skip" in built) {
        if (result.skipped.length < 3) result.skipped.push(built.skip);
      } else samples.push({ entry, ...built });
    }
    result.distinct = samples.length;
    const rule = this.options.rule;
    const unitParams = new Set(unit.bindings.map((b) => b.param));
    const params = new Map(toIO.params.map((p) => [p.name, p]));
    const leaveOut = [...unitParams].every((name) => params.get(name)?.required === false);
    const lookup = bindings.some((b) => params.get(b.param)?.tags.some((t) => tagInfo(t)?.lookup));
    const ignored = new Set(toIO.outputs.filter((f) => f.tags.some((t) => tagInfo(t)?.kind === "relative")).map((f) => f.name));
    const target = findTool(edge.toTool);
    const live = target?.kind === "upstream" && target.cache.class === "live";
    // A search around a point or within an area (a dong's apartment complexes) may simply find none there.
    const ofArea = bindings.some((b) => params.get(b.param)?.tags.some((t) => AREA_TAG.test(t)));

    // A converter costs no upstream call: it takes all k values, which also gives it values to pass on.
    const free = toIO.kind === "local";
    for (const [index, sample] of samples.entries()) {
      if (free ? result.outcomes.length >= rule.k : settled(result.outcomes, rule, samples.length, ofArea)) break;
      const sent = Object.values(sample.values);
      const answer = await this.answer(edge.toTool, sample.args);
      const trial: Trial = { unit: unitName(unit), values: sample.values, args: sample.args, items: null, outcome: "upstream_failure", why: "" };
      let outcome: Outcome;
      if (answer.kind === "upstream") {
        outcome = "upstream_failure";
        trial.why = "the upstream failed or served a stored answer: no evidence either way";
      } else if (answer.kind === "failed") {
        outcome = outcomeOfError(answer.code);
        trial.error = answer.code;
        trial.why = `${edge.toTool} refused the source value (${answer.code})`;
      } else {
        result.fingerprints.push(answer.fingerprint);
        trial.items = answer.items.length;
        if (answer.items.length === 0) {
          outcome = live ? "empty_live" : lookup ? "no_data" : "empty";
          trial.why =
            outcome === "no_data" ? "a lookup by the source value found nothing" : outcome === "empty_live" ? "a live service had nothing now: no evidence either way" : "a search found nothing: may simply be true, no evidence either way";
        } else if (toIO.kind === "local") {
          outcome = "conversion";
          trial.why = "a local converter took the value: a conversion, not evidence of dependence";
        } else if (edge.fromTool === edge.toTool && answer.items.every((item) => sample.entry.answer.has(JSON.stringify(item)))) {
          outcome = "repeats_source";
          trial.why = "the answer only repeats items of the source's own answer";
        } else {
          ({ outcome, why: trial.why } = await this.controlled(edge, pool, toIO, unit, sample, index, answer.items, sent, ignored, leaveOut, trial));
        }
      }
      trial.outcome = outcome;
      result.outcomes.push(outcome);
      result.trials.push(trial);
    }
    result.verdict = verdictOf(result.outcomes, rule, result.distinct);
    result.reason = describe(result);
    return result;
  }

  /** The controls of one try: a random value of the same type, and for an optional unit the unit left out. */
  private async controlled(
    edge: EdgeRow,
    pool: readonly PoolEntry[],
    toIO: ToolIO,
    unit: Unit,
    sample: Sample,
    index: number,
    items: readonly Item[],
    sent: readonly unknown[],
    ignored: ReadonlySet<string>,
    leaveOut: boolean,
    trial: Trial,
  ): Promise<{ outcome: Outcome; why: string }> {
    const params = new Map(toIO.params.map((p) => [p.name, p]));
    // Seeded by the target and its parameters, not the edge: edges into one target share their controls (and the cache).
    const random = seededRandom(`${this.options.seed}|${edge.toTool}|${unit.bindings.map((b) => b.param).join(",")}|${index}|control`);
    const controlValues: Record<string, unknown> = {};
    for (const b of unit.bindings) {
      const param = params.get(b.param);
      const value = sample.values[b.param];
      const others = pool.map(({ item }) => coerceForParam(item[b.field], param?.type ?? "unknown"));
      const other = param ? randomValueLike(param, value, random, (v) => zodParamCheck(edge.toTool, b.param, v), others) : undefined;
      if (other === undefined) return { outcome: "no_control", why: `no other value of the type of ${b.param} to compare with: no evidence either way` };
      controlValues[b.param] = other;
    }
    const mine = answerSignature(items, sent, ignored);
    const control = await this.answer(edge.toTool, { ...sample.args, ...controlValues });
    const controlSent = Object.entries(sample.values).map(([name, value]) => (name in controlValues ? controlValues[name] : value));
    trial.control = { values: controlValues, ...summary(control), same: control.kind === "items" && control.items.length > 0 && answerSignature(control.items, controlSent, ignored) === mine };
    if (control.kind === "upstream") return { outcome: "upstream_failure", why: "the control call failed upstream: no evidence either way" };
    if (trial.control.same) return { outcome: "control_passed", why: "a random value of the same type gave the same answer: the answer does not depend on the value" };
    if (leaveOut) {
      // Left out with the unit: its companions (the radius of coordinates).
      const groups = new Set(unit.bindings.flatMap((b) => {
        const p = params.get(b.param);
        return p ? [groupOf(p)] : [];
      }));
      const dropped = (name: string) => unit.bindings.some((b) => b.param === name) || (params.get(name)?.tags ?? []).some((t) => groups.has(tagInfo(t)?.companionOf ?? ""));
      const without = Object.fromEntries(Object.entries(sample.args).filter(([name]) => !dropped(name)));
      const left = await this.answer(edge.toTool, without);
      trial.leftOut = { ...summary(left), same: left.kind === "items" && left.items.length > 0 && answerSignature(left.items, sent, ignored) === mine };
      if (left.kind === "upstream") return { outcome: "upstream_failure", why: "the call without the parameter failed upstream: no evidence either way" };
      if (trial.leftOut.same) return { outcome: "control_passed", why: "leaving the parameter out gave the same answer: the value changes nothing" };
    }
    const how = control.kind === "failed" ? `the random value was refused (${control.code})` : control.items.length === 0 ? "the random value found nothing" : "the random value gave a different answer";
    return { outcome: "dependent", why: `${how}${leaveOut ? ", and leaving the parameter out did too" : ""}: the answer depends on the source value` };
  }
}

function summary(answer: Answer): { items: number | null; error?: string } {
  if (answer.kind === "items") return { items: answer.items.length };
  return answer.kind === "failed" ? { items: null, error: answer.code } : { items: null, error: "UPSTREAM" };
}

function emptyEvidence(verdict: Verdict, bindings: Binding[], reason: string): EvidenceInput {
  return { verdict, basis: basisOf(verdict, []), bindings, tries: 0, outcomes: {}, samples: [], trials: [], skipped: [], fingerprints: [], upstreamCalls: 0, reason, starved: false };
}

function describe(result: UnitResult): string {
  const counts = Object.entries(tally(result.outcomes))
    .map(([o, n]) => `${o} ×${n}`)
    .join(", ");
  const ok = result.outcomes.filter((o) => SUCCEEDS.has(o)).length;
  const values = `${result.distinct} distinct source value${result.distinct === 1 ? "" : "s"} to try`;
  const notSent = result.skipped.length > 0 ? `; not sent: ${result.skipped[0]}` : "";
  return `${counts || "no tries"} (${ok} of ${result.outcomes.length} counted; ${values})${notSent}`;
}
