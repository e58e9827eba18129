/**
 * The answers of the app's HTTP API as the CLI reads them. They describe the wire contract (the
 * Worker's modules run on workerd and are not imported here); unknown keys are dropped from the
 * parsed value, and `--json` prints the raw body.
 */
import { z } from "zod";

const bilingual = z.object({ ko: z.string(), en: z.string() });

export const jsonSchemaPropertySchema = z.object({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  enum: z.array(z.unknown()).optional(),
  default: z.unknown().optional(),
  description: z.string().optional(),
  "x-tags": z.array(z.string()).optional(),
  items: z.object({ type: z.union([z.string(), z.array(z.string())]).optional() }).optional(),
});
export type JsonSchemaProperty = z.infer<typeof jsonSchemaPropertySchema>;

export const toolSchema = z.object({
  name: z.string(),
  kind: z.string(),
  version: z.number().optional(),
  title: bilingual,
  description: bilingual,
  provider: z.object({ id: z.string(), name: bilingual, quota: z.object({ daily: z.number(), status: z.string() }) }).nullable(),
  upstream: z.object({ method: z.string(), host: z.string(), path: z.string(), envelope: z.string() }).nullable(),
  cache: z.object({ class: z.string(), ttlSeconds: z.number() }),
  inputSchema: z.object({
    properties: z.record(z.string(), jsonSchemaPropertySchema).default({}),
    required: z.array(z.string()).default([]),
  }),
  outputSchema: z
    .object({
      properties: z.object({
        items: z.object({ items: z.object({ properties: z.record(z.string(), jsonSchemaPropertySchema).default({}) }) }),
      }),
    })
    .optional(),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListSchema = z.object({ count: z.number(), tools: z.array(toolSchema) });

export const toolDetailSchema = toolSchema.extend({
  examples: z.array(z.object({ note: z.string().optional(), resolvedArgs: z.record(z.string(), z.unknown()) })).default([]),
});
export type ToolDetail = z.infer<typeof toolDetailSchema>;

const itemSchema = z.record(z.string(), z.unknown());

export const callResultSchema = z.object({
  ok: z.boolean(),
  items: z.array(itemSchema),
  totalCount: z.number(),
  page: z.number(),
  error: z.object({ code: z.string(), upstreamCode: z.string().nullable(), message: z.string() }).optional(),
});

export const callMetaSchema = z.object({
  cache: z.string(),
  upstreamMs: z.number(),
  fetchedAt: z.string(),
  fingerprint: z.string(),
  degraded: z.string().optional(),
  snapshot: z.string().optional(),
});

export const callAnswerSchema = z.object({ tool: z.string(), result: callResultSchema, meta: callMetaSchema });
export type CallAnswer = z.infer<typeof callAnswerSchema>;

export const teamCreatedSchema = z.object({ team: z.object({ id: z.string(), name: z.string() }), token: z.string(), note: z.string().optional() });

export const teamListSchema = z.object({
  teams: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.number(), revokedAt: z.number().nullable() })),
});

export const revokedSchema = z.object({ revoked: z.string() });

export const keyListSchema = z.object({ registered: z.array(z.string()) });
export const keySetSchema = z.object({ registered: z.string() });
export const keyDeletedSchema = z.object({ deleted: z.string() });

export const snapshotInfoSchema = z.object({ id: z.string(), name: z.string(), description: z.string(), entryCount: z.number(), createdAt: z.string() });
export const snapshotListSchema = z.object({ snapshots: z.array(snapshotInfoSchema) });

/** The first line of a snapshot export. */
export const snapshotHeaderSchema = z.object({ snapshot: z.object({ name: z.string(), description: z.string().optional(), entryCount: z.number().optional() }) });

export const usageRowSchema = z.object({
  teamId: z.string(),
  tool: z.string(),
  provider: z.string().nullable(),
  calls: z.number(),
  cacheHits: z.number(),
  upstreamCalls: z.number(),
  upstreamErrors: z.number(),
  errors: z.number(),
  p50Ms: z.number(),
  p95Ms: z.number(),
  quotaLeft: z.number().nullable(),
});
export const usageSchema = z.object({ team: z.string().optional(), since: z.string().optional(), tools: z.array(usageRowSchema) });
