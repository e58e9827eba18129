/**
 * Tool definitions derived from the specs: OpenAI function-calling tools and a JSON Schema view
 * with output fields and semantic tags. Parameter tags live in zod `.meta({ tags })`.
 */
import { z } from "zod";
import { deepFreeze } from "../util/deep-freeze";
import { providerOf } from "./providers";
import { outputFields, type ToolSpec } from "./spec";

export type DescriptionLanguage = "ko" | "en" | "both";

type JsonSchema = Record<string, unknown>;

// Per tool spec (an imported tool read again is a new spec): converting a zod schema walks all of
// it, and every tool list of every model turn, synthesised example and graph build asks again.
const schemas = new WeakMap<ToolSpec, { tagged?: JsonSchema; plain?: JsonSchema }>();

/** JSON Schema of a tool's arguments (input side: defaults make parameters optional); frozen, shared. */
export function parametersJsonSchema(tool: ToolSpec, keepTags: boolean): JsonSchema {
  let known = schemas.get(tool);
  if (!known) schemas.set(tool, (known = {}));
  const key = keepTags ? "tagged" : "plain";
  return (known[key] ??= deepFreeze(jsonSchemaOf(tool, keepTags)));
}

function jsonSchemaOf(tool: ToolSpec, keepTags: boolean): JsonSchema {
  const schema = z.toJSONSchema(tool.params, {
    io: "input",
    unrepresentable: "any",
    override: (ctx) => {
      const js = ctx.jsonSchema as JsonSchema;
      if ("tags" in js) {
        if (keepTags) js["x-tags"] = js["tags"];
        delete js["tags"];
      }
    },
  }) as JsonSchema;
  delete schema["$schema"];
  return schema;
}

export function describe(tool: ToolSpec, language: DescriptionLanguage): string {
  if (language === "ko") return tool.description.ko;
  if (language === "en") return tool.description.en;
  return `${tool.description.ko}\n\n${tool.description.en}`;
}

export interface OpenAiTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema };
}

export function openAiTool(tool: ToolSpec, language: DescriptionLanguage = "both"): OpenAiTool {
  return { type: "function", function: { name: tool.name, description: describe(tool, language), parameters: parametersJsonSchema(tool, false) } };
}

/** The full description of a tool: inputs and outputs with tags, provider, cache and quota. */
export function jsonSchemaTool(tool: ToolSpec) {
  const fields = outputFields(tool);
  const provider = tool.kind === "upstream" ? providerOf(tool.provider) : null;
  return {
    name: tool.name,
    kind: tool.kind,
    version: tool.version,
    title: tool.title,
    description: tool.description,
    provider: provider ? { id: provider.id, name: provider.name, quota: provider.quota } : null,
    upstream: tool.kind === "upstream" ? { method: tool.request.method, host: new URL(provider?.realBaseUrl ?? "http://local").host, path: tool.request.path, envelope: tool.response.envelope } : null,
    cache: tool.kind === "upstream" ? tool.cache : { class: "static", ttlSeconds: 0 },
    inputSchema: parametersJsonSchema(tool, true),
    outputSchema: {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: {
            type: "object",
            properties: Object.fromEntries(
              fields.map((f) => [f.name, { type: [f.type, "null"], description: f.description, "x-tags": f.tags, ...(f.pattern ? { pattern: f.pattern } : {}) }]),
            ),
          },
        },
      },
    },
  };
}
