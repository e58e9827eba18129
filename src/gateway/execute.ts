/**
 * Executes one catalogued tool call: arguments are parsed with the tool's schema (defaults
 * applied, unknown names refused) before anything goes upstream; a local tool runs here. Text
 * that no URL can carry (a lone surrogate) and path parameters that would climb a level of the
 * upstream's path (`.`, `..`) are refused as bad arguments, not sent.
 */
import type { z } from "zod";
import { ApiError, fieldOf } from "../app/errors";
import type { ToolSpec } from "../catalog/spec";
import { parseOrThrow } from "../app/new-app";
import { invokeUpstream, type InvokeOptions, type UpstreamCall } from "../upstream/invoke";
import { isDotSegment, pathValueOf, type UpstreamTarget } from "../upstream/request";
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

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or object key) in a value that is not well-formed Unicode. */
function malformedText(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = malformedText(v, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const found = LONE_SURROGATE.test(k) ? [...path, k] : malformedText(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

export function parseArgs(tool: ToolSpec, raw: unknown): Record<string, unknown> {
  const malformed = malformedText(raw, ["args"]);
  if (malformed) {
    const field = fieldOf(malformed) ?? "args";
    throw new ApiError("INVALID_ARGUMENT", `${field}: not well-formed text (a lone UTF-16 surrogate)`, field);
  }
  let schema = strictParams.get(tool);
  if (!schema) {
    schema = tool.params.strict();
    strictParams.set(tool, schema);
  }
  const args = parseOrThrow(schema, raw ?? {}, "args") as Record<string, unknown>;
  if (tool.kind === "upstream") {
    for (const name of tool.request.pathParams) {
      const value = args[name];
      if (value !== undefined && value !== null && isDotSegment(pathValueOf(value))) {
        throw new ApiError("INVALID_ARGUMENT", `args.${name}: "." and ".." cannot be sent as a path segment`, `args.${name}`);
      }
    }
  }
  return args;
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
