/**
 * The catalog as Model Context Protocol tools. Every call goes through the gateway's `callTool`
 * as the team whose bearer token came with the request, so MCP calls share the cache, quota and
 * call log with the HTTP API. A gateway error is a tool result with `isError` (the model reads
 * it and can correct its arguments); an unknown tool is a protocol error.
 *
 * Small models often write a number where a string is declared (`solYear: 2026`): arguments whose
 * scalar converts without loss (2026 ↔ "2026", true ↔ "true") are converted to the declared type
 * before the gateway checks them. A compact listing (`/mcp?compact=1`) sends Korean descriptions
 * only and no output schemas, for clients that pay for every token of tools/list.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, ToolSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { ApiError } from "../app/errors";
import { CATALOG, catalogNames, catalogSize, findTool } from "../catalog";
import { ensureTools } from "../catalog/import/sync";
import { outputFields, type ToolSpec } from "../catalog/spec";
import { describe, parametersJsonSchema } from "../catalog/tools";
import { callTool, type CallDeps } from "../gateway/call";

export const MCP_SERVER_INFO = { name: "kopa-edge", version: "0.1.0" } as const;

/** The structured result: the normalised answer plus the gateway's call facts. */
function outputSchema(tool: ToolSpec): Tool["outputSchema"] {
  // No `pattern`s here: a real upstream value that breaks a documented pattern must still reach the model.
  const properties = Object.fromEntries(outputFields(tool).map((f) => [f.name, { type: [f.type, "null"], description: f.description }]));
  return {
    type: "object",
    properties: {
      ok: { type: "boolean" },
      items: { type: "array", items: { type: "object", properties } },
      totalCount: { type: "integer" },
      page: { type: "integer" },
      meta: { type: "object", description: "cache outcome (hit|miss|stale|coalesced|local|snapshot), upstreamMs, fetchedAt, fingerprint" },
    },
    required: ["ok", "items", "totalCount", "page", "meta"],
  };
}

/**
 * A JSON-RPC error as the SDK sends it: `code` and the bare message. (Its McpError writes
 * "MCP error <code>: " into the message, which a client's McpError then prefixes again.)
 */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function mcpTool(tool: ToolSpec, compact = false): Tool {
  const base = {
    name: tool.name,
    inputSchema: ToolSchema.shape.inputSchema.parse(parametersJsonSchema(tool, false)),
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: tool.kind === "upstream" },
  };
  if (compact) return { ...base, title: tool.title.ko, description: describe(tool, "ko") };
  return { ...base, title: `${tool.title.ko} / ${tool.title.en}`, description: describe(tool, "both"), outputSchema: outputSchema(tool) };
}

type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

/** The JSON types a parameter schema admits (through `type` and `anyOf`). */
function typesOf(schema: unknown): Set<string> {
  if (!schema || typeof schema !== "object") return new Set();
  const { type, anyOf } = schema as { type?: JsonType | JsonType[]; anyOf?: unknown[] };
  const own = type === undefined ? [] : Array.isArray(type) ? type : [type];
  return new Set([...own, ...(anyOf ?? []).flatMap((s) => [...typesOf(s)])]);
}

function admits(types: Set<string>, value: unknown): boolean {
  if (typeof value === "number") return types.has("number") || (types.has("integer") && Number.isInteger(value));
  if (typeof value === "string" || typeof value === "boolean") return types.has(typeof value);
  return true;
}

/** A scalar converted to a declared type when nothing is lost (the text of the result is the text given). */
function coerceScalar(types: Set<string>, value: unknown): unknown {
  if (types.size === 0 || admits(types, value)) return value;
  if (types.has("string") && ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean")) return String(value);
  if (typeof value === "string" && (types.has("number") || types.has("integer"))) {
    const n = Number(value);
    if (value !== "" && String(n) === value && (types.has("number") || Number.isInteger(n))) return n;
  }
  if (typeof value === "string" && types.has("boolean") && (value === "true" || value === "false")) return value === "true";
  return value;
}

export function coerceArgs(tool: ToolSpec, args: Record<string, unknown>): Record<string, unknown> {
  const properties = (parametersJsonSchema(tool, false)["properties"] ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [name, coerceScalar(typesOf(properties[name]), value)]));
}

/** Tools per tools/list page: a catalog of imported operations can hold thousands. */
export const MCP_PAGE_SIZE = 200;

/**
 * Listed tools per tool object (a new version of a tool is a new object), compact and full: a page
 * is built once, and a cursor that is not a page boundary costs no more than one that is.
 */
const listed = new WeakMap<ToolSpec, { compact?: Tool; full?: Tool }>();

function listedTool(tool: ToolSpec, compact: boolean): Tool {
  let views = listed.get(tool);
  if (!views) listed.set(tool, (views = {}));
  const key = compact ? "compact" : "full";
  return (views[key] ??= mcpTool(tool, compact));
}

async function toolsPage(deps: CallDeps, cursor: string | undefined, compact: boolean): Promise<{ tools: Tool[]; nextCursor?: string }> {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0 || start > catalogSize()) throw new ProtocolError(ErrorCode.InvalidParams, "invalid cursor");
  const names = catalogNames().slice(start, start + MCP_PAGE_SIZE);
  // Only this page's specs are read (the others stay unread in D1).
  await ensureTools(deps.db, names.filter((name) => !CATALOG.has(name)));
  const tools = names.flatMap((name) => {
    const tool = findTool(name);
    return tool ? [listedTool(tool, compact)] : [];
  });
  const next = start + MCP_PAGE_SIZE;
  return next < catalogSize() ? { tools, nextCursor: String(next) } : { tools };
}

async function call(deps: CallDeps, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  try {
    const tool = findTool(name);
    const outcome = await callTool(deps, name, { args: tool ? coerceArgs(tool, args) : args, cache: "default" });
    const structured = { ...outcome.result, meta: outcome.meta };
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "TOOL_NOT_FOUND") throw new ProtocolError(ErrorCode.InvalidParams, error.message);
    const body = { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } };
    return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
  }
}

/** One server per request (stateless streamable HTTP): it lives as long as the request. */
export function mcpServer(deps: CallDeps, options: { compact: boolean } = { compact: false }): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions:
      "Korean public APIs (KMA weather, AirKorea, TourAPI, TAGO buses, Seoul, juso, MOLIT, MFDS, HIRA, NTS, NPS, KASI) as tools. " +
      "Tool descriptions say which inputs come from which other tools; results are normalised to { ok, items, totalCount, page }.",
    // Ajv compiles validators with `new Function`, which Workers forbid.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });
  server.setRequestHandler(ListToolsRequestSchema, (request) => toolsPage(deps, request.params?.cursor, options.compact));
  server.setRequestHandler(CallToolRequestSchema, (request) => call(deps, request.params.name, request.params.arguments ?? {}));
  return server;
}
