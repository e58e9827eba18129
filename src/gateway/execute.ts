/**
 * Executes one catalogued tool call: arguments are parsed with the tool's schema (defaults
 * applied, unknown names refused) before anything goes upstream; a local tool runs here.
 */
import type { z } from "zod";
import type { ToolSpec } from "../catalog/spec";
import { parseOrThrow } from "../app/new-app";
import { invokeUpstream, type InvokeOptions, type UpstreamCall } from "../upstream/invoke";
import type { UpstreamTarget } from "../upstream/request";
import { success } from "../upstream/result";

export interface ExecuteContext extends InvokeOptions {
  /** Where a provider lives and which key to use for this call. */
  target: (provider: string) => UpstreamTarget;
  now: Date;
}

export interface ExecutedCall extends UpstreamCall {
  /** The arguments as sent: parsed, with defaults. */
  args: Record<string, unknown>;
}

/** Strict (unknown names refused) versions of the tools' schemas, built once per tool. */
const strictParams = new WeakMap<ToolSpec, z.ZodObject>();

export function parseArgs(tool: ToolSpec, raw: unknown): Record<string, unknown> {
  let schema = strictParams.get(tool);
  if (!schema) {
    schema = tool.params.strict();
    strictParams.set(tool, schema);
  }
  return parseOrThrow(schema, raw ?? {}, "args") as Record<string, unknown>;
}

export async function executeTool(tool: ToolSpec, rawArgs: unknown, ctx: ExecuteContext): Promise<ExecutedCall> {
  const args = parseArgs(tool, rawArgs);
  if (tool.kind === "local") {
    const rows = tool.run(args, ctx.now);
    return { args, result: success(rows, rows.length, 1), status: null, upstreamMs: 0 };
  }
  const call = await invokeUpstream(tool, args, ctx.target(tool.provider), ctx);
  return { args, ...call };
}
