/** The OpenAPI 3.1 document, built from the route registry with `z.toJSONSchema`. */
import { z } from "zod";
import { errorBodySchema } from "../app/errors";
import { apiRoutes, type RouteDoc } from "./registry";

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: "path" | "query"; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<RouteDoc["method"], OpenApiOperation>>>;
  components: { securitySchemes: Record<string, { type: "http"; scheme: "bearer"; description: string }>; schemas: Record<string, JsonSchema> };
}

/** Schemas given an `id` (`.meta({ id })`), gathered while the document is built, listed once under components. */
type Named = Record<string, JsonSchema>;

/** FNV-1a of a text, 8 hex digits: a stable name for a definition zod left unnamed. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/**
 * Request side: what a client may send (defaults make fields optional). Response side: what comes
 * back. Every definition zod emits moves under components, since a `#/$defs/…` reference inside an
 * operation would resolve against the document root, where no `$defs` exist: named ones (`.meta({ id })`)
 * keep their id, the ones zod names `__schemaN` itself (a recursive schema such as a plan's argument
 * value) get a name from their content, so the same definition from two routes is listed once.
 * Inside those, the recursion is cut to `{}` (any value) one level down: generated clients
 * (openapi-typescript) cannot express a type that indexes itself (TS2502), and the looser
 * schema still accepts every value the recursive one does.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", named: Named): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  delete out["$schema"];
  const defs = (out["$defs"] ?? {}) as Record<string, JsonSchema>;
  delete out["$defs"];
  const names = new Map(Object.entries(defs).map(([id, def]) => [id, id.startsWith("__") ? `Schema${shortHash(JSON.stringify(def))}` : id]));
  if (names.size === 0) return out;
  const relink = (value: unknown, cutCycles: boolean) =>
    JSON.parse(
      JSON.stringify(value).replace(/\{"\$ref":"#\/\$defs\/([^"]+)"\}|"#\/\$defs\/([^"]+)"/g, (match, whole: string | undefined, bare: string | undefined) => {
        const id = whole ?? bare ?? "";
        if (!names.has(id)) return match;
        if (whole !== undefined && cutCycles && id.startsWith("__")) return "{}";
        const ref = `"#/components/schemas/${names.get(id) ?? id}"`;
        return whole !== undefined ? `{"$ref":${ref}}` : ref;
      }),
    ) as JsonSchema;
  for (const [id, def] of Object.entries(defs)) named[names.get(id) ?? id] = relink(def, id.startsWith("__"));
  return relink(out, false);
}

function parameters(schema: z.ZodObject, where: "path" | "query", named: Named) {
  const object = jsonSchema(schema, "input", named);
  const properties = (object["properties"] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object["required"] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: where, required: where === "path" || required.has(name), ...(typeof description === "string" ? { description } : {}), schema: rest };
  });
}

const operationId = (route: RouteDoc) =>
  `${route.method}${route.path
    .split(/[/:{}.-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")}`;

function operation(route: RouteDoc, named: Named): OpenApiOperation {
  const params = [...(route.params ? parameters(route.params, "path", named) : []), ...(route.query ? parameters(route.query, "query", named) : [])];
  const body = route.body;
  const responses: OpenApiOperation["responses"] = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const contentType = response.contentType ?? "application/json";
    responses[status] = { description: response.description, content: { [contentType]: { schema: jsonSchema(response.schema, "output", named) } } };
  }
  responses["default"] = { description: "an error: `{ error: { code, message, field?, requestId } }`", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    operationId: operationId(route),
    security: [{ [route.auth === "admin" ? "adminToken" : "teamToken"]: [] }],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body
      ? {
          requestBody:
            "schema" in body
              ? { required: true, content: { "application/json": { schema: jsonSchema(body.schema, "input", named) } } }
              : { required: true, description: body.description, content: { [body.contentType]: { schema: {} } } },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(env: Env, routes: readonly RouteDoc[] = apiRoutes(env)): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const named: Named = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route, named);
  return {
    openapi: "3.1.0",
    info: {
      title: "kopa-edge",
      version: "0.1.0",
      description: "Multi-step tool calling over Korean open public APIs: the tool catalog, the gateway (shared cache, quota, snapshots), the EDGE graph, MCP.",
    },
    tags: [
      { name: "catalog", description: "도구 카탈로그 / the tool catalog" },
      { name: "gateway", description: "게이트웨이 호출 / calls through the gateway" },
      { name: "snapshots", description: "스냅샷 / frozen responses" },
      { name: "graph", description: "EDGE 그래프 / the execution-grounded graph" },
      { name: "synth", description: "궤적 합성 / trajectory synthesis and datasets" },
      { name: "bench", description: "KOPA-Bench 실행 / benchmark runs and the leaderboard" },
      { name: "admin", description: "운영자 / operator (ADMIN_TOKEN)" },
      { name: "mcp", description: "Model Context Protocol" },
    ],
    paths,
    components: {
      securitySchemes: {
        teamToken: { type: "http", scheme: "bearer", description: "a team token (POST /admin/teams)" },
        adminToken: { type: "http", scheme: "bearer", description: "the ADMIN_TOKEN secret" },
      },
      schemas: { Error: jsonSchema(errorBodySchema, "output", named), ...named },
    },
  };
}
