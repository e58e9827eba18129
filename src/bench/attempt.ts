/**
 * Running one KOPA-Bench attempt and the gold plan it is scored against, both through the gateway
 * in the run's mode: `live` uses the shared cache (a miss goes upstream), `replay` answers every
 * upstream call from the run's snapshot and never goes upstream (local tools still run).
 */
import { ApiError } from "../app/errors";
import { CATALOG, findTool } from "../catalog";
import { openAiTool, type OpenAiTool } from "../catalog/tools";
import { callTool, type CallBody, type CallDeps } from "../gateway/call";
import { runAgent, systemPrompt, type ChatModel, type ExecuteCall } from "./agent";
import { executePlan, type CallTool } from "./plan";
import type { GoldRow } from "./store";
import type { BenchTask } from "./task";
import type { Trajectory } from "./trajectory";

export interface GatewayMode {
  deps: CallDeps;
  /** Set in replay mode. */
  snapshot: string | null;
}

function body(mode: GatewayMode, args: Record<string, unknown>): CallBody {
  return mode.snapshot === null ? { args, cache: "default" } : { args, cache: "default", snapshot: mode.snapshot };
}

/** Tool calls of the model through the gateway; a refusal or an upstream error is an outcome, not a throw. */
export function gatewayExecutor(mode: GatewayMode): ExecuteCall {
  return async (tool, args) => {
    const started = Date.now();
    try {
      const out = await callTool(mode.deps, tool, body(mode, args));
      return { status: "ok", result: out.result, cache: out.meta.cache, ms: Date.now() - started };
    } catch (error) {
      const ms = Date.now() - started;
      if (error instanceof ApiError) return { status: error.code === "INVALID_ARGUMENT" ? "invalid_args" : "error", error: { code: error.code, message: error.message }, ms };
      return { status: "error", error: { code: "INTERNAL", message: error instanceof Error ? error.name : "error" }, ms };
    }
  };
}

/** The gold plan's calls through the gateway (a failure throws, and executePlan records why). */
function goldCaller(mode: GatewayMode): CallTool {
  return async (tool, args) => {
    try {
      return (await callTool(mode.deps, tool, body(mode, args))).result;
    } catch (error) {
      if (error instanceof ApiError) throw new Error(`${error.code}: ${error.message}`);
      throw error;
    }
  };
}

/** Re-executes a task's gold plan now, in the run's mode: what the attempts are scored against. */
export async function executeGold(mode: GatewayMode, task: BenchTask, now: Date): Promise<GoldRow> {
  const started = Date.now();
  const run = await executePlan(task, goldCaller(mode), now);
  const reason = run.ok ? null : `${run.error?.step ?? "?"}: ${run.error?.reason ?? "failed"}`;
  return { taskId: task.id, ok: run.ok, reason, run, ms: Date.now() - started };
}

let catalogTools: OpenAiTool[] | null = null;

/** Every catalogued tool as an OpenAI function (Korean and English descriptions). */
export function kopaTools(): OpenAiTool[] {
  catalogTools ??= [...CATALOG.values()].map((tool) => openAiTool(tool, "both"));
  return catalogTools;
}

const resolveCatalog = (name: string) => (findTool(name) ? name : undefined);

export interface KopaAttemptInput {
  model: ChatModel;
  mode: GatewayMode;
  task: BenchTask;
  now: Date;
  maxSteps: number;
  toolResultMaxChars: number;
}

export function runKopaAttempt(input: KopaAttemptInput): Promise<Trajectory> {
  return runAgent({
    model: input.model,
    system: systemPrompt(input.now),
    user: input.task.request.ko,
    tools: kopaTools(),
    resolve: resolveCatalog,
    execute: gatewayExecutor(input.mode),
    maxSteps: input.maxSteps,
    toolResultMaxChars: input.toolResultMaxChars,
  });
}
