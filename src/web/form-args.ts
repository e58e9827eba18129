/**
 * A tool's arguments from an HTML form: every field arrives as text, so each is typed by the
 * parameter's JSON Schema (integer and number fields become numbers, booleans true/false, JSON
 * for arrays and objects). Empty fields are left out, so defaults apply. A value the type cannot
 * take is passed as typed and the gateway names the field and the rule.
 */
type JsonSchema = Record<string, unknown>;

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function typeOf(schema: JsonSchema | undefined): string | undefined {
  if (!schema) return undefined;
  const type = schema["type"];
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === "string" && t !== "null");
  const options = schema["anyOf"];
  if (Array.isArray(options)) return options.map((o) => typeOf(o as JsonSchema)).find((t) => t !== undefined && t !== "null");
  return undefined;
}

export function typedFormValue(text: string, schema: JsonSchema | undefined): unknown {
  const type = typeOf(schema);
  const trimmed = text.trim();
  if ((type === "integer" || type === "number") && NUMBER.test(trimmed)) return Number(trimmed);
  if (type === "boolean" && (trimmed === "true" || trimmed === "false")) return trimmed === "true";
  if ((type === "array" || type === "object") && /^[[{]/.test(trimmed)) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Arguments from form fields named `arg.<param>`. */
export function argsFromForm(form: Record<string, string | File | (string | File)[]>, properties: Record<string, JsonSchema>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (!key.startsWith("arg.") || typeof value !== "string" || value.trim() === "") continue;
    const name = key.slice(4);
    args[name] = typedFormValue(value, properties[name]);
  }
  return args;
}
