/**
 * Tool arguments from the command line. `--arg k=v` values are typed by the tool's own input
 * schema: a string parameter keeps "05" and "2026" as strings, an integer or number parameter
 * parses them as numbers, a boolean takes true/false, arrays and objects take JSON (an array of
 * scalars also takes `a,b,c`). Where the schema says nothing, a value that reads as a JSON number
 * or boolean becomes one. A quoted value ('"2026"') is always the string inside the quotes.
 */
import { UserError } from "./errors";
import { closest } from "./suggest";
import type { JsonSchemaProperty } from "./schemas";

export interface ArgPair {
  key: string;
  value: string;
}

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** Splits `k=v` at the first `=`; the value may contain `=`. */
export function splitPair(text: string): ArgPair | undefined {
  const at = text.indexOf("=");
  if (at <= 0) return undefined;
  return { key: text.slice(0, at).trim(), value: text.slice(at + 1) };
}

function typesOf(schema: JsonSchemaProperty | undefined): string[] {
  if (!schema?.type) return [];
  return Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null") : [schema.type];
}

function unquoted(value: string): string | undefined {
  const match = /^(["'])([\s\S]*)\1$/.exec(value);
  return match ? match[2] : undefined;
}

function guess(value: string): unknown {
  if (JSON_NUMBER.test(value)) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  return value;
}

function scalar(value: string, type: string | undefined): unknown {
  if (type === "string") return value;
  if ((type === "integer" || type === "number") && JSON_NUMBER.test(value.trim())) return Number(value.trim());
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  // A value the type cannot take is sent as typed: the API names the field and the rule.
  return type === undefined ? guess(value) : value;
}

/** The value of one `--arg`, typed by the parameter's JSON Schema when there is one. */
export function typedValue(value: string, schema?: JsonSchemaProperty): unknown {
  const quoted = unquoted(value);
  if (quoted !== undefined) return quoted;
  const types = typesOf(schema);
  const [only] = types;
  if (types.length !== 1 || only === undefined) return guess(value);
  if (only === "array" || only === "object") {
    const trimmed = value.trim();
    if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return value;
      }
    }
    if (only === "array") {
      const [itemType] = typesOf(schema?.items);
      return value.split(",").map((part) => scalar(part.trim(), itemType));
    }
    return value;
  }
  return scalar(value, only);
}

/** A name the tool does not take is a user error that names the nearest one it does. */
function checkKnown(key: string, properties: Readonly<Record<string, JsonSchemaProperty>>): void {
  const known = Object.keys(properties);
  if (known.length === 0 || key in properties) return;
  const near = closest(key, known);
  throw new UserError(`unknown argument "${key}"${near ? ` — did you mean "${near}"?` : ""} (the tool takes: ${known.join(", ")})`);
}

/**
 * The arguments object: `--args-json` first, each `--arg` over it. A name given twice in `--arg`
 * is a user error rather than a silent override, and so is a name the tool does not take.
 */
export function buildArgs(pairs: readonly ArgPair[], base: Record<string, unknown>, properties: Readonly<Record<string, JsonSchemaProperty>>): Record<string, unknown> {
  for (const key of Object.keys(base)) checkKnown(key, properties);
  const args: Record<string, unknown> = { ...base };
  const seen = new Set<string>();
  for (const { key, value } of pairs) {
    if (seen.has(key)) throw new UserError(`--arg ${key} is given twice`);
    seen.add(key);
    checkKnown(key, properties);
    args[key] = typedValue(value, properties[key]);
  }
  return args;
}
