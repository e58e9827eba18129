/**
 * Running the calls of one reward request through the gateway (`callTool`, the function behind
 * `POST /v1/tools/:name/call`): against the reference's snapshot when it has one, else through the
 * shared cache. Identical calls — the same tool with the same arguments after the tool's schema
 * applied its defaults — run once per request, whichever completion (or the gold run) made them:
 * a GRPO group of similar completions costs a handful of gateway calls, and upstream calls only
 * on a cache miss. A refusal or an upstream error is an outcome, never a throw.
 */
import { ApiError } from "../app/errors";
import { canonical } from "../bench/score";
import type { CallOutcome } from "../bench/trajectory";
import { findTool } from "../catalog";
import { callTool, type CallBody, type CallDeps } from "../gateway/call";
import { parseArgs } from "../gateway/execute";
import type { NormalisedResult } from "../upstream/result";
import type { RewardOptions } from "./options";

export type RunOutcome = CallOutcome & {
  /** The gateway's error, kept so a failed gold step can be reported with its own code. */
  apiError?: ApiError;
};

export type CallRunner = (tool: string, args: Record<string, unknown>) => Promise<RunOutcome>;

export interface RunnerStats {
  /** Distinct calls that reached the gateway. */
  gatewayCalls: number;
  /** Gateway calls that went upstream (a cache miss). */
  upstreamCalls: number;
}

/** Calls in flight at once: a group's calls share the Worker's subrequest and D1 budget. */
const CONCURRENCY = 8;

function limiter(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** Arguments as the gateway would send them, or the outcome of a call it would refuse. */
export function checkCall(tool: string, raw: Record<string, unknown>): { tool: string; args: Record<string, unknown> } | { refused: RunOutcome } {
  const spec = findTool(tool);
  if (!spec) return { refused: { status: "error", error: { code: "TOOL_NOT_FOUND", message: `no tool named ${tool}` }, ms: 0 } };
  try {
    return { tool: spec.name, args: parseArgs(spec, raw) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { refused: { status: "invalid_args", error: { code: error.code, message: error.message }, ms: 0, apiError: error } };
  }
}

export interface Runner {
  run: CallRunner;
  /** Records an answer already obtained for a call (the gold run's, when it came from the memo). */
  seed: (tool: string, args: Record<string, unknown>, result: NormalisedResult) => void;
  stats: RunnerStats;
}

export function callRunner(deps: CallDeps, snapshot: string | null, options: Pick<RewardOptions, "cache">): Runner {
  const stats: RunnerStats = { gatewayCalls: 0, upstreamCalls: 0 };
  const memo = new Map<string, Promise<RunOutcome>>();
  const limit = limiter(CONCURRENCY);

  const viaGateway = (tool: string, args: Record<string, unknown>): Promise<RunOutcome> =>
    limit(async () => {
      stats.gatewayCalls++;
      const body: CallBody = snapshot === null ? { args, cache: options.cache } : { args, cache: "default", snapshot };
      const started = Date.now();
      try {
        const out = await callTool(deps, tool, body);
        if (out.meta.cache === "miss") stats.upstreamCalls++;
        return { status: "ok", result: out.result, cache: out.meta.cache, ms: Date.now() - started };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { status: error.code === "INVALID_ARGUMENT" ? "invalid_args" : "error", error: { code: error.code, message: error.message }, ms: Date.now() - started, apiError: error };
      }
    });

  const run: CallRunner = (tool, raw) => {
    const checked = checkCall(tool, raw);
    if ("refused" in checked) return Promise.resolve(checked.refused);
    const key = `${checked.tool}:${canonical(checked.args)}`;
    let pending = memo.get(key);
    if (!pending) {
      pending = viaGateway(checked.tool, checked.args);
      memo.set(key, pending);
    }
    return pending;
  };
  const seed: Runner["seed"] = (tool, raw, result) => {
    const checked = checkCall(tool, raw);
    if ("refused" in checked) return;
    const key = `${checked.tool}:${canonical(checked.args)}`;
    if (!memo.has(key)) memo.set(key, Promise.resolve({ status: "ok", result, cache: "memo", ms: 0 }));
  };
  return { run, seed, stats };
}
