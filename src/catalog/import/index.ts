/**
 * The importer: source documents (data.go.kr dataset definitions in YAML or JSON, Swagger 2.0 or
 * OpenAPI 3 in JSON or YAML) → imported tools, and a reason for every operation that could not
 * become one. Pure: no storage, no clock but the `today` given.
 */
import { CORE_SCHEMA, load as loadYaml } from "js-yaml";
import { buildTool, type OperationDraft } from "./build";
import { datasetDrafts, datasetSchema } from "./datagokr";
import type { ImportedTool, Rejection } from "./model";
import { openApiDocumentSchema, openApiDrafts } from "./openapi";

export interface SourceDocument {
  /** File name or label, kept as provenance. */
  name: string;
  content: string;
}

export interface ImportPlan {
  tools: ImportedTool[];
  rejected: Rejection[];
  /** Operations read per document. */
  operations: number;
}

/** Top-level keys of a dataset definition the importer never reads (claims with evidence, reviews …). */
const UNREAD_KEYS = new Set(["claims", "review", "classification", "synonyms", "description_portal", "limits", "team", "coverage", "grain", "cycle", "status", "tier", "channel", "domain"]);
const TOP_LEVEL_KEY = /^([A-Za-z_][A-Za-z0-9_]*):(\s|$)/;

/**
 * Drops the blocks of unread top-level keys from a block-style YAML mapping before parsing (half
 * of a dataset definition is claims and reviews); a block runs to the next key at column 0.
 */
function withoutUnreadKeys(text: string): string {
  const out: string[] = [];
  let skipping = false;
  for (const line of text.split("\n")) {
    const key = TOP_LEVEL_KEY.exec(line)?.[1];
    if (key !== undefined) skipping = UNREAD_KEYS.has(key);
    if (!skipping) out.push(line);
  }
  return out.join("\n");
}

export function parseDocument(content: string): unknown {
  const text = content.replace(/^\uFEFF/, "");
  if (/^\s*[{[]/.test(text)) return JSON.parse(text);
  // YAML 1.2 core schema: `no`/`yes` stay strings (a field named NO is a name, not false).
  const document = /^(services|schema):/m.test(text) ? withoutUnreadKeys(text) : text;
  return loadYaml(document, { schema: CORE_SCHEMA, json: true });
}

/**
 * A document as JSON text, parsed the way the importer parses it (clients convert YAML before
 * sending, which spares the Worker the YAML parse); unreadable text is returned as it is, so the
 * importer reports it like any other rejection.
 */
export function asJsonDocument(document: SourceDocument): SourceDocument {
  try {
    return { name: document.name, content: JSON.stringify(parseDocument(document.content)) };
  } catch {
    return document;
  }
}

function draftsOf(document: SourceDocument, today: string): { drafts: OperationDraft[]; rejected: Rejection[] } {
  let value: unknown;
  try {
    value = parseDocument(document.content);
  } catch (error) {
    return { drafts: [], rejected: [{ document: document.name, operation: "*", reason: `not JSON or YAML: ${error instanceof Error ? error.message.split("\n")[0] : "unreadable"}` }] };
  }
  const api = openApiDocumentSchema.safeParse(value);
  if (api.success) {
    const drafts: OperationDraft[] = [];
    const rejected: Rejection[] = [];
    for (const result of openApiDrafts(api.data, document.name, today)) {
      if (result.ok) drafts.push(result.draft);
      else rejected.push({ document: document.name, operation: result.operation, reason: result.reason });
    }
    if (drafts.length === 0 && rejected.length === 0) rejected.push({ document: document.name, operation: "*", reason: "the document has no operations" });
    return { drafts, rejected };
  }
  const dataset = datasetSchema.safeParse(value);
  if (dataset.success) return { drafts: datasetDrafts(dataset.data, document.name), rejected: [] };
  const looksLikeDataset = typeof value === "object" && value !== null && "services" in value;
  const issue = (looksLikeDataset ? dataset.error : api.error).issues[0];
  return {
    drafts: [],
    rejected: [
      {
        document: document.name,
        operation: "*",
        reason: looksLikeDataset
          ? `not a valid dataset definition: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim()
          : "neither a data.go.kr dataset definition (id, title, services, schema) nor a Swagger 2.0 / OpenAPI 3 document",
      },
    ],
  };
}

/** Every operation of every document, imported or rejected; tool names are unique in the plan. */
export function planImport(documents: readonly SourceDocument[], today = new Date().toISOString().slice(0, 10)): ImportPlan {
  const tools: ImportedTool[] = [];
  const rejected: Rejection[] = [];
  const names = new Map<string, string>();
  let operations = 0;
  for (const document of documents) {
    const { drafts, rejected: unreadable } = draftsOf(document, today);
    rejected.push(...unreadable);
    operations += drafts.length + unreadable.filter((r) => r.operation !== "*").length;
    for (const draft of drafts) {
      const built = buildTool(draft);
      if (!built.ok) {
        rejected.push({ document: document.name, operation: draft.operation, reason: built.reason });
        continue;
      }
      const clash = names.get(built.tool.spec.name);
      if (clash) {
        rejected.push({ document: document.name, operation: draft.operation, reason: `its tool name ${built.tool.spec.name} is already taken by ${clash} in this import` });
        continue;
      }
      names.set(built.tool.spec.name, `${document.name} ${draft.operation}`);
      tools.push(built.tool);
    }
  }
  return { tools, rejected, operations };
}
