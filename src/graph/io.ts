/**
 * What the graph needs to know of a tool: its output fields and its linkable parameters (with
 * types, formats and semantic tags, read from the generated JSON Schema). Paging parameters are
 * not link targets.
 */
import { catalogTools, findTool } from "../catalog";
import { outputFields, type OutputField, type ToolSpec } from "../catalog/spec";
import { parametersJsonSchema } from "../catalog/tools";

export type ParamType = "string" | "integer" | "number" | "boolean" | "array" | "unknown";

export interface ParamInfo {
  name: string;
  type: ParamType;
  tags: string[];
  required: boolean;
  pattern?: string;
  /** The parameter's JSON Schema (bounds, enum), for values of the same type. */
  schema: Record<string, unknown>;
}

export interface ToolIO {
  name: string;
  kind: ToolSpec["kind"];
  provider: string | null;
  outputs: OutputField[];
  params: ParamInfo[];
}

/** One output field of a tool feeding one parameter of another, with the score and reasons a candidate link was kept for. */
export interface Binding {
  field: string;
  param: string;
  score: number;
  reasons: string[];
}

function pagingParams(tool: ToolSpec): Set<string> {
  if (tool.kind !== "upstream") return new Set();
  const p = tool.pagination;
  if (p.style === "page") return new Set([p.pageParam, p.sizeParam]);
  if (p.style === "range") return new Set([p.startParam, p.endParam]);
  return new Set();
}

function paramType(schema: Record<string, unknown>): ParamType {
  const type = schema["type"];
  if (type === "string" || type === "integer" || type === "number" || type === "boolean" || type === "array") return type;
  return "unknown";
}

export function toolIO(tool: ToolSpec): ToolIO {
  const json = parametersJsonSchema(tool, true);
  const properties = (json["properties"] ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((json["required"] ?? []) as string[]);
  const paging = pagingParams(tool);
  const params: ParamInfo[] = Object.entries(properties)
    .filter(([name]) => !paging.has(name))
    .map(([name, schema]) => ({
      name,
      type: paramType(schema),
      tags: Array.isArray(schema["x-tags"]) ? (schema["x-tags"] as string[]) : [],
      required: required.has(name),
      ...(typeof schema["pattern"] === "string" ? { pattern: schema["pattern"] } : {}),
      schema,
    }));
  return { name: tool.name, kind: tool.kind, provider: tool.kind === "upstream" ? tool.provider : null, outputs: outputFields(tool), params };
}

export function catalogIO(): ToolIO[] {
  return [...catalogTools()].map(toolIO);
}

/**
 * A value from an output field as the parameter expects it: numbers and numeric strings cross
 * over, and a scalar fills a list parameter. Anything else is passed as it is (and may fail).
 */
export function coerceForParam(value: unknown, type: ParamType): unknown {
  if (type === "string" && (typeof value === "number" || typeof value === "boolean")) return String(value);
  if ((type === "integer" || type === "number") && typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  if (type === "array" && !Array.isArray(value)) return [value];
  return value;
}

const paramTypes = new Map<string, ReadonlyMap<string, ParamType>>();

/** The type of a catalogued tool's parameter ("unknown" for an unknown tool or parameter). */
export function paramTypeOf(toolName: string, param: string): ParamType {
  const tool = findTool(toolName);
  if (!tool) return "unknown";
  // Per version: an imported tool re-imported with other parameters gets its new types.
  const key = `${tool.name}@${tool.version}`;
  let types = paramTypes.get(key);
  if (!types) {
    types = new Map(toolIO(tool).params.map((p) => [p.name, p.type]));
    paramTypes.set(key, types);
  }
  return types.get(param) ?? "unknown";
}
