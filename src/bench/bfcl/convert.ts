/**
 * BFCL function descriptions as OpenAI tools: BFCL's Python-flavoured types become JSON Schema
 * types (`dict` → object, `float` → number, `tuple` → array, `any` → no constraint) and names with
 * characters OpenAI refuses (`math.factorial`) are sent as `math_factorial`. As in BFCL, only the
 * spelling that was sent names the function: a call to `math.factorial` when `math_factorial` was
 * sent calls no function the model was given.
 */
import type { OpenAiTool } from "../../catalog/tools";
import type { BfclFunction, BfclSchema } from "./data";

const TYPES: Record<string, string | null> = {
  dict: "object",
  object: "object",
  float: "number",
  number: "number",
  integer: "integer",
  int: "integer",
  string: "string",
  str: "string",
  boolean: "boolean",
  bool: "boolean",
  array: "array",
  list: "array",
  tuple: "array",
  any: null,
};

/** A BFCL schema as JSON Schema (recursively through properties and items). */
export function toJsonSchema(schema: BfclSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "type" && typeof value === "string") {
      const mapped = TYPES[value.toLowerCase()];
      if (mapped !== null) out["type"] = mapped ?? value;
    } else if (key === "properties" && value && typeof value === "object") {
      out["properties"] = Object.fromEntries(Object.entries(value as Record<string, BfclSchema>).map(([name, s]) => [name, toJsonSchema(s)]));
    } else if (key === "items" && value && typeof value === "object") {
      out["items"] = toJsonSchema(value as BfclSchema);
    } else if (key !== "optional") {
      // `optional` is BFCL's own marker; JSON Schema says it with `required`.
      out[key] = value;
    }
  }
  return out;
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);

export interface ConvertedFunctions {
  tools: OpenAiTool[];
  /** The function a name the model wrote stands for, when it is a name that was sent. */
  resolve: (name: string) => string | undefined;
  /** The spelling a function was sent under. */
  sentName: (original: string) => string;
}

export function convertFunctions(functions: readonly BfclFunction[]): ConvertedFunctions {
  const sent = new Map<string, string>();
  const taken = new Set(functions.map((f) => f.name));
  const tools = functions.map((fn): OpenAiTool => {
    const candidate = safeName(fn.name);
    // Keep the original when its safe spelling would collide with another function's name.
    const name = candidate !== fn.name && (taken.has(candidate) || sent.has(candidate)) ? fn.name : candidate;
    sent.set(name, fn.name);
    return { type: "function", function: { name, description: fn.description, parameters: toJsonSchema(fn.parameters) } };
  });
  const byOriginal = new Map([...sent].map(([name, original]) => [original, name]));
  return { tools, resolve: (name) => sent.get(name), sentName: (original) => byOriginal.get(original) ?? original };
}
