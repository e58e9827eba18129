/**
 * Running one KOPA-Bench attempt and the gold plan it is scored against, both through the gateway
 * in the run's mode: `live` uses the shared cache (a miss goes upstream), `replay` answers every
 * upstream call from the run's snapshot and never goes upstream (local tools still run).
 */
import { ApiError } from "../app/errors";
import { CATALOG, findTool } from "../catalog";
import { openAiTool, type OpenAiTool } from "../catalog/tools";
import { callTool, type CallBody, type CallDeps, type CallOutcome } from "../gateway/call";
import { runAgent, systemPrompt, type ChatModel, type ExecuteCall } from "./agent";
import { executePlan, type CallTool } from "./plan";
import type { GoldRow } from "./store";
import type { BenchTask } from "./task";
import type { Trajectory } from "./trajectory";

export interface GatewayMode {
  deps: CallDeps;
  /** Set in replay mode. */
  snapshot: string | null;
  /** Answers the calls instead of the gateway: a run's pinned world (src/bench/world.ts). */
  call?: (tool: string, body: CallBody) => Promise<CallOutcome>;
}

function body(mode: GatewayMode, args: Record<string, unknown>): CallBody {
  return mode.snapshot === null ? { args, cache: "default" } : { args, cache: "default", snapshot: mode.snapshot };
}

const invoke = (mode: GatewayMode, tool: string, args: Record<string, unknown>) => (mode.call ? mode.call(tool, body(mode, args)) : callTool(mode.deps, tool, body(mode, args)));

/** Tool calls of the model through the gateway; a refusal or an upstream error is an outcome, not a throw. */
export function gatewayExecutor(mode: GatewayMode): ExecuteCall {
  return async (tool, args) => {
    const started = Date.now();
    try {
      const out = await invoke(mode, tool, args);
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
      return (await invoke(mode, tool, args)).result;
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

export type ToolList = "full" | "compact";

const toolLists = new Map<ToolList, OpenAiTool[]>();

/** A JSON Schema without examples and with the Korean half of bilingual descriptions ("한국어 / English"). */
function compactSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactSchema);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "examples") continue;
    if (key === "maximum" && inner === Number.MAX_SAFE_INTEGER) continue;
    out[key] = key === "description" && typeof inner === "string" ? (inner.split(" / ")[0] ?? inner) : compactSchema(inner);
  }
  return out;
}

/**
 * Every catalogued tool as an OpenAI function. `full`: Korean and English descriptions; `compact`
 * (for small-context servers): Korean descriptions only, no examples. Neither has output schemas.
 */
export function kopaToolList(list: ToolList): OpenAiTool[] {
  let tools = toolLists.get(list);
  if (!tools) {
    tools = [...CATALOG.values()].map((tool) => {
      if (list === "full") return openAiTool(tool, "both");
      const ko = openAiTool(tool, "ko");
      return { ...ko, function: { ...ko.function, parameters: compactSchema(ko.function.parameters) as Record<string, unknown> } };
    });
    toolLists.set(list, tools);
  }
  return tools;
}

/** The full tool list. */
export function kopaTools(): OpenAiTool[] {
  return kopaToolList("full");
}

const resolveCatalog = (name: string) => (findTool(name) ? name : undefined);

export interface KopaAttemptInput {
  model: ChatModel;
  mode: GatewayMode;
  task: BenchTask;
  now: Date;
  maxSteps: number;
  toolResultMaxChars: number;
  /** The model's context budget in characters (0: none). */
  contextChars?: number;
  toolList?: ToolList;
}

export function runKopaAttempt(input: KopaAttemptInput): Promise<Trajectory> {
  return runRequestAttempt({ ...input, request: input.task.request.ko });
}

/** One attempt at a request that is not a task with a gold plan (an abstention request): the same agent, tools and budget. */
export function runRequestAttempt(input: Omit<KopaAttemptInput, "task"> & { request: string }): Promise<Trajectory> {
  return runAgent({
    model: input.model,
    system: systemPrompt(input.now),
    user: input.request,
    tools: kopaToolList(input.toolList ?? "full"),
    resolve: resolveCatalog,
    execute: gatewayExecutor(input.mode),
    maxSteps: input.maxSteps,
    toolResultMaxChars: input.toolResultMaxChars,
    contextChars: input.contextChars ?? 0,
  });
}
