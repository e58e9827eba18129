/**
 * data.go.kr dataset definitions (the datagokr-mcp "Dataset" YAML: services with endpoint, key
 * passing, parameters, paging, traffic, measured format, and schema.fields with measured types,
 * null rates, samples and statistics) → one draft per service. Tolerates what real files lack:
 * service names, parameters, paging, titles of fields.
 */
import { z } from "zod";
import type { DraftField, DraftParam, OperationDraft } from "./build";

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

const paramSchema = z.object({
  name: scalar.transform(text),
  required: z.boolean().default(false),
  example: scalar.optional(),
  desc: scalar.optional(),
});

const serviceSchema = z.object({
  op: z.string().min(1),
  name: z.string().nullish(),
  endpoint: z.string().min(1),
  method: z.string().default("GET"),
  security: z.object({ scheme: z.string().optional(), in: z.string().optional(), name: z.string().optional(), issuer: z.string().optional() }).optional(),
  params: z.array(paramSchema).nullish(),
  paging: z.object({ page: z.string(), size: z.string(), max_size: z.number().int().positive().optional() }).nullish(),
  traffic: z.object({ dev: z.number().int().positive().optional() }).nullish(),
  format: z.array(z.string()).nullish(),
  error_style: z.string().nullish(),
  verified_ok: z.boolean().nullish(),
});

const fieldSchema = z.object({
  name: scalar.transform(text),
  title: scalar.optional(),
  type: z.string().default("string"),
  semantic_type: z.string().nullish(),
  null_rate: z.number().min(0).max(1).default(0),
  sample_values: z.array(scalar).nullish(),
  stats: z.object({ min: scalar.optional(), p50: scalar.optional(), max: scalar.optional(), unique: z.number().optional() }).nullish(),
  op: z.string().nullish(),
});

export const datasetSchema = z.object({
  id: scalar.transform(text).pipe(z.string().min(1)),
  kind: z.string().optional(),
  title: z.string().min(1),
  sector: z.string().optional(),
  agency: z.object({ id: scalar.optional(), name: z.string().optional() }).optional(),
  portal_url: z.string().optional(),
  summary_user: z.string().optional(),
  services: z.array(serviceSchema).min(1),
  schema: z.object({ fields: z.array(fieldSchema).default([]) }),
  verification: z.object({ probed_at: scalar.optional() }).optional(),
});
export type Dataset = z.infer<typeof datasetSchema>;

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null);

function draftField(f: z.infer<typeof fieldSchema>): DraftField {
  const min = num(f.stats?.min);
  const p50 = num(f.stats?.p50);
  const max = num(f.stats?.max);
  return {
    name: f.name,
    title: text(f.title),
    declared: f.type,
    ...(f.semantic_type ? { semantic: f.semantic_type } : {}),
    nullRate: f.null_rate,
    samples: (f.sample_values ?? []).filter((s) => s !== null).map(text),
    ...(min !== null && p50 !== null && max !== null ? { range: { min, p50, max } } : {}),
    ...(f.stats?.unique !== undefined ? { unique: f.stats.unique } : {}),
  };
}

/** One draft per service of a dataset definition. */
export function datasetDrafts(dataset: Dataset, document: string): OperationDraft[] {
  const agency = dataset.agency?.name ?? "";
  const probed = text(dataset.verification?.probed_at);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(probed) ? probed : new Date().toISOString().slice(0, 10);
  const multi = dataset.services.length > 1;
  return dataset.services.map((service) => {
    const notes: string[] = [];
    const own = dataset.schema.fields.filter((f) => !f.op || f.op === service.op);
    if (multi && own.every((f) => !f.op) && own.length > 0) notes.push("response fields are listed once for the whole dataset");
    if (dataset.kind && dataset.kind !== "API") notes.push(`the dataset is of kind ${dataset.kind}`);
    const params: DraftParam[] = (service.params ?? []).map((p) => ({
      name: p.name,
      required: p.required,
      description: text(p.desc),
      examples: p.example === undefined || p.example === null ? [] : [text(p.example)],
    }));
    if (!service.params || service.params.length === 0) notes.push("the source lists no request parameters");
    if (!service.name) notes.push("the source gives the operation no name");
    const security = service.security;
    const keyParam = security && (security.in ?? "query") === "query" && (security.scheme ?? "apiKey") === "apiKey" ? (security.name ?? "serviceKey") : null;
    const formats = service.format ?? [];
    const measured = formats.includes("json") ? "json" : formats.includes("xml") ? "xml" : null;
    return {
      document,
      format: "datagokr-dataset",
      sourceId: dataset.id,
      sourceTitle: dataset.title,
      agency,
      operation: service.op,
      ...(service.name ? { name: service.name } : {}),
      ...(dataset.summary_user ? { summary: dataset.summary_user } : {}),
      endpoint: service.endpoint,
      method: service.method.toUpperCase(),
      keyParam,
      format_: measured,
      params,
      ...(service.paging ? { paging: { page: service.paging.page, size: service.paging.size, ...(service.paging.max_size ? { max: service.paging.max_size } : {}) } } : {}),
      ...(service.traffic?.dev ? { trafficDaily: service.traffic.dev } : {}),
      fields: own.map(draftField),
      verified: service.verified_ok === true ? true : service.verified_ok === false ? "failed" : "unprobed",
      ...(service.error_style ? { errorStyle: service.error_style } : {}),
      realtime: /실시간|realtime|real-time/i.test(`${dataset.title} ${service.name ?? ""}`),
      version: probed ? `probed ${probed}` : "unversioned",
      date,
      ...(dataset.portal_url ? { docs: dataset.portal_url } : {}),
      notes,
    } satisfies OperationDraft;
  });
}
