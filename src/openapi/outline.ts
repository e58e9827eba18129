/**
 * A schema's outline for the `/docs` page: its fields one level deep with their types. Full
 * schemas stay in `/openapi.json`; inlined on the page they were most of its weight.
 */
type JsonSchema = Record<string, unknown>;

export interface OutlineField {
  name: string;
  type: string;
  required: boolean;
  /** A named component the type refers to, for a link to its card. */
  ref?: string;
}

const refName = (ref: unknown) => (typeof ref === "string" && ref.startsWith("#/components/schemas/") ? ref.slice("#/components/schemas/".length) : undefined);

/** A short type label: `string`, `integer[]`, `"a" | "b"`, `Tool`, `object`. */
export function typeLabel(schema: JsonSchema): string {
  const ref = refName(schema["$ref"]);
  if (ref) return ref;
  const options = (schema["anyOf"] ?? schema["oneOf"]) as JsonSchema[] | undefined;
  if (Array.isArray(options)) return options.map(typeLabel).join(" | ");
  if (Array.isArray(schema["enum"])) {
    const values = (schema["enum"] as unknown[]).map((v) => JSON.stringify(v));
    return values.length > 4 ? `${values.slice(0, 4).join(" | ")} | …` : values.join(" | ");
  }
  if ("const" in schema) return JSON.stringify(schema["const"]);
  const type = schema["type"];
  if (type === "array") return `${typeLabel((schema["items"] ?? {}) as JsonSchema)}[]`;
  if (Array.isArray(type)) return type.join(" | ");
  return typeof type === "string" ? type : "any";
}

/** The first referenced component in a type, if any (for `Tool[]` or `Tool | null`). */
function firstRef(schema: JsonSchema): string | undefined {
  const direct = refName(schema["$ref"]);
  if (direct) return direct;
  if (schema["items"]) return firstRef(schema["items"] as JsonSchema);
  const options = (schema["anyOf"] ?? schema["oneOf"]) as JsonSchema[] | undefined;
  return Array.isArray(options) ? options.map(firstRef).find(Boolean) : undefined;
}

/** The fields of an object schema (of the object in an array); empty for anything else. */
export function outline(schema: JsonSchema): OutlineField[] {
  const object = schema["type"] === "array" ? ((schema["items"] ?? {}) as JsonSchema) : schema;
  const properties = (object["properties"] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object["required"] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const ref = firstRef(property);
    return { name, type: typeLabel(property), required: required.has(name), ...(ref ? { ref } : {}) };
  });
}
