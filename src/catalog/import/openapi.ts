/**
 * Swagger 2.0 and OpenAPI 3 documents (as data.go.kr publishes them for its REST services) → one
 * draft per path and method. The key comes from an apiKey security scheme in the query (or a
 * serviceKey parameter), the format from `produces`/content types and the format switch, the item
 * fields from the success schema's item list in the data.go.kr, MFDS or odcloud envelope.
 */
import { z } from "zod";
import type { Envelope } from "../spec";
import type { DraftField, DraftParam, OperationDraft } from "./build";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" || typeof value === "boolean" ? String(value) : "");

export const openApiDocumentSchema = z.union([
  z.looseObject({ swagger: z.literal("2.0"), info: z.looseObject({ title: z.string(), version: z.string().optional() }), paths: z.record(z.string(), z.unknown()) }),
  z.looseObject({ openapi: z.string().regex(/^3\./), info: z.looseObject({ title: z.string(), version: z.string().optional() }), paths: z.record(z.string(), z.unknown()) }),
]);
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

const METHODS = ["get", "post", "put", "delete", "patch"] as const;

/** Follows local `$ref`s (#/definitions/…, #/components/schemas/…), at most a few levels deep. */
function deref(doc: Json, value: unknown, depth = 0): unknown {
  if (!isRecord(value) || typeof value["$ref"] !== "string" || depth > 8) return value;
  const path = value["$ref"].replace(/^#\//, "").split("/");
  let node: unknown = doc;
  for (const part of path) node = isRecord(node) ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return deref(doc, node, depth + 1);
}

function props(doc: Json, schema: unknown): Json {
  const resolved = deref(doc, schema);
  return isRecord(resolved) && isRecord(resolved["properties"]) ? resolved["properties"] : {};
}

/** The schema of one item inside a list property (array → items, or an object's `item`). */
function itemOf(doc: Json, schema: unknown): unknown {
  const resolved = deref(doc, schema);
  if (!isRecord(resolved)) return undefined;
  if (resolved["type"] === "array") return deref(doc, resolved["items"]);
  const item = props(doc, resolved)["item"];
  if (item !== undefined) {
    const inner = deref(doc, item);
    return isRecord(inner) && inner["type"] === "array" ? deref(doc, inner["items"]) : inner;
  }
  return undefined;
}

/** The envelope family and item schema of a success response. */
function envelopeOf(doc: Json, schema: unknown): { envelope: Envelope; item: unknown } | null {
  const top = props(doc, schema);
  const response = top["response"];
  if (response !== undefined) {
    const items = props(doc, props(doc, response)["body"])["items"];
    const item = items === undefined ? undefined : itemOf(doc, items);
    return item === undefined ? null : { envelope: "datagokr", item };
  }
  if (top["body"] !== undefined && top["header"] !== undefined) {
    const items = props(doc, top["body"])["items"];
    const item = items === undefined ? undefined : itemOf(doc, items);
    return item === undefined ? null : { envelope: "mfds", item };
  }
  if (top["data"] !== undefined && (top["perPage"] !== undefined || top["matchCount"] !== undefined || top["currentCount"] !== undefined)) {
    const item = itemOf(doc, top["data"]);
    return item === undefined ? null : { envelope: "odcloud_page", item };
  }
  return null;
}

function fieldsOf(doc: Json, item: unknown): DraftField[] {
  return Object.entries(props(doc, item)).map(([name, raw]) => {
    const schema = deref(doc, raw);
    const s = isRecord(schema) ? schema : {};
    const example = str(s["example"]);
    return {
      name,
      title: str(s["description"]) || str(s["title"]),
      declared: str(s["type"]) || "string",
      nullRate: 0,
      samples: example ? [example] : [],
      unmeasured: true,
    };
  });
}

function paramOf(doc: Json, raw: unknown): (DraftParam & { in: string }) | null {
  const p = deref(doc, raw);
  if (!isRecord(p) || typeof p["name"] !== "string") return null;
  const schema = isRecord(p["schema"]) ? (deref(doc, p["schema"]) as Json) : p;
  const example = str(p["example"] ?? (isRecord(schema) ? schema["example"] : undefined) ?? p["x-example"]);
  const enumValues = Array.isArray(schema["enum"]) ? schema["enum"].map(str).filter(Boolean) : undefined;
  const fallback = schema["default"];
  return {
    in: str(p["in"]),
    name: p["name"],
    required: p["required"] === true,
    description: str(p["description"]),
    examples: example ? [example] : [],
    declared: str(schema["type"]) || "string",
    ...(typeof fallback === "string" || typeof fallback === "number" || typeof fallback === "boolean" ? { default: fallback } : {}),
    ...(enumValues && enumValues.length > 0 ? { enum: enumValues } : {}),
  };
}

function apiKeyName(doc: Json): string | null {
  const schemes = isRecord(doc["securityDefinitions"]) ? doc["securityDefinitions"] : isRecord(doc["components"]) && isRecord(doc["components"]["securitySchemes"]) ? doc["components"]["securitySchemes"] : {};
  for (const scheme of Object.values(schemes)) {
    if (isRecord(scheme) && scheme["type"] === "apiKey" && scheme["in"] === "query" && typeof scheme["name"] === "string") return scheme["name"];
  }
  return null;
}

function baseUrl(doc: Json): string | null {
  if (typeof doc["swagger"] === "string") {
    const host = str(doc["host"]);
    if (!host) return null;
    const schemes = Array.isArray(doc["schemes"]) ? doc["schemes"].map(str) : [];
    const scheme = schemes.includes("https") ? "https" : (schemes[0] ?? "https");
    return `${scheme}://${host}${str(doc["basePath"]).replace(/\/+$/, "")}`;
  }
  const servers = Array.isArray(doc["servers"]) ? doc["servers"] : [];
  const first = servers.find(isRecord);
  return first ? str(first["url"]).replace(/\/+$/, "") || null : null;
}

/** Formats an operation answers in: Swagger `produces`, OpenAPI response content types. */
function formatsOf(doc: Json, op: Json, success: Json | null): string[] {
  const produces = Array.isArray(op["produces"]) ? op["produces"] : Array.isArray(doc["produces"]) ? doc["produces"] : [];
  const content = success && isRecord(success["content"]) ? Object.keys(success["content"]) : [];
  return [...produces.map(str), ...content].map((t) => t.toLowerCase());
}

export type OpenApiDraft = { ok: true; draft: OperationDraft } | { ok: false; operation: string; reason: string };

/** One draft (or a reason) per operation of the document. */
export function openApiDrafts(input: OpenApiDocument, document: string, today: string): OpenApiDraft[] {
  const doc: Json = input;
  const swagger = typeof doc["swagger"] === "string";
  const info = isRecord(doc["info"]) ? doc["info"] : {};
  const title = str(info["title"]);
  const base = baseUrl(doc);
  const keyName = apiKeyName(doc);
  const service = (base ? new URL(base).pathname.split("/").filter(Boolean).pop() : undefined) ?? title;
  const out: OpenApiDraft[] = [];
  for (const [path, item] of Object.entries(input.paths)) {
    if (!isRecord(item)) continue;
    const shared = Array.isArray(item["parameters"]) ? item["parameters"] : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      if (!base) {
        out.push({ ok: false, operation, reason: swagger ? "the document has no host, so the endpoint is unknown" : "the document has no servers[0].url, so the endpoint is unknown" });
        continue;
      }
      const raw = [...shared, ...(Array.isArray(op["parameters"]) ? op["parameters"] : [])].map((p) => paramOf(doc, p));
      const params = raw.filter((p): p is DraftParam & { in: string } => p !== null);
      if (params.some((p) => p.in === "path")) {
        out.push({ ok: false, operation, reason: "path parameters are not supported for imported tools (every input must be a query parameter)" });
        continue;
      }
      if (params.some((p) => p.in === "body" || p.in === "formData") || op["requestBody"] !== undefined) {
        out.push({ ok: false, operation, reason: "the operation takes a request body; imported tools send query parameters only" });
        continue;
      }
      const queryKey = params.find((p) => p.in === "query" && /^servicekey$/i.test(p.name))?.name;
      const responses = isRecord(op["responses"]) ? op["responses"] : {};
      const success = (isRecord(responses["200"]) ? responses["200"] : isRecord(responses["default"]) ? responses["default"] : null) as Json | null;
      const schema = success ? (swagger ? success["schema"] : firstContentSchema(success)) : undefined;
      const found = schema === undefined ? null : envelopeOf(doc, schema);
      const formats = formatsOf(doc, op, success);
      const measured = formats.some((f) => f.includes("json")) ? "json" : formats.some((f) => f.includes("xml")) ? "xml" : null;
      const summary = str(op["summary"]);
      out.push({
        ok: true,
        draft: {
          document,
          format: swagger ? "swagger2" : "openapi3",
          sourceId: service,
          sourceTitle: title,
          agency: title.split("_")[0] ?? title,
          operation: path,
          ...(summary ? { name: summary } : {}),
          ...(str(op["description"]) || str(info["description"]) ? { summary: str(op["description"]) || str(info["description"]) } : {}),
          endpoint: `${base}${path}`,
          method: method.toUpperCase(),
          keyParam: keyName ?? queryKey ?? null,
          format_: measured,
          params: params.filter((p) => p.in === "query"),
          ...(typeof op["x-traffic"] === "number" ? { trafficDaily: op["x-traffic"] } : {}),
          fields: found ? fieldsOf(doc, found.item) : [],
          verified: true,
          ...(found ? { envelopeHint: found.envelope } : {}),
          realtime: /실시간|realtime/i.test(`${title} ${summary}`),
          version: str(info["version"]) || "unversioned",
          date: today,
          ...(typeof doc["externalDocs"] === "object" && isRecord(doc["externalDocs"]) && str(doc["externalDocs"]["url"]) ? { docs: str(doc["externalDocs"]["url"]) } : {}),
          ...(isRecord(info["license"]) && str(info["license"]["name"]) ? { license: str(info["license"]["name"]) } : {}),
          notes: [
            ...(found ? [] : ["the success response has no item list the gateway knows (response.body.items, body.items or data)"]),
            "field null rates are not measured in a document; every field may be absent",
            ...(typeof op["x-traffic"] === "number" ? [] : ["the document states no daily traffic; 1,000 calls a day assumed"]),
          ],
        },
      });
    }
  }
  return out;
}

function firstContentSchema(response: Json): unknown {
  const content = isRecord(response["content"]) ? response["content"] : {};
  for (const media of Object.values(content)) if (isRecord(media) && media["schema"] !== undefined) return media["schema"];
  return undefined;
}
