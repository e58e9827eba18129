/**
 * An imported tool as data: everything the gateway needs to call it (the tool) and everything the
 * sandbox needs to replicate it (the replica model), both plain JSON so they can be stored in D1,
 * versioned, and sent to the sandbox without a redeploy.
 */
import { z } from "zod";
import { envelopeSchema, fieldTypeSchema, paginationSchema, semanticTagSchema } from "../spec";

export const IMPORTED_PROVIDER_PREFIX = "x_";

/** Imported tools carry their own provider (one per dataset or service), e.g. `x_dg_15082009`. */
export const importedProviderIdSchema = z.string().regex(/^x_[a-z0-9_]{1,60}$/, "x_ followed by lower-case letters, digits or _");

export const scalarSchema = z.union([z.string(), z.number(), z.boolean()]);
export type Scalar = z.infer<typeof scalarSchema>;

export const importedParamSchema = z.object({
  /** The argument's name as tools show it (snake/camel case; brackets and colons removed). */
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/),
  /** The name sent upstream when it differs (`cond[brno::LIKE]`). */
  wire: z.string().min(1).max(100).optional(),
  type: fieldTypeSchema,
  required: z.boolean(),
  description: z.string().min(1).max(600),
  tags: z.array(semanticTagSchema).default([]),
  default: scalarSchema.optional(),
  examples: z.array(scalarSchema).max(5).default([]),
  pattern: z.string().max(200).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  /** The output field this parameter filters on (by name or tag), which the replica filters by. */
  filters: z.object({ field: z.string().min(1), match: z.enum(["equal", "contains"]) }).optional(),
});
export type ImportedParam = z.infer<typeof importedParamSchema>;

export const importedFieldSchema = z.object({
  name: z.string().min(1).max(100),
  type: fieldTypeSchema,
  tags: z.array(semanticTagSchema).default([]),
  description: z.string().min(1).max(400),
  optional: z.boolean(),
});
export type ImportedField = z.infer<typeof importedFieldSchema>;

export const provenanceSchema = z.object({
  /** What kind of document it came from. */
  format: z.enum(["datagokr-dataset", "swagger2", "openapi3"]),
  /** The document as named on import (file name). */
  document: z.string().min(1).max(300),
  /** Dataset id, service or document title. */
  source: z.string().min(1).max(300),
  operation: z.string().min(1).max(300),
  /** The document's own version (info.version, the dataset's probe run) or "unversioned". */
  version: z.string().min(1).max(100),
  /** When the source was measured or published (YYYY-MM-DD), else the import day. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  docs: z.string().max(500).optional(),
  license: z.string().max(200).optional(),
  /** What the importer had to assume or correct (a typo'd parameter, a duplicate, mistyped fields). */
  notes: z.array(z.string().max(300)).max(30).default([]),
});
export type Provenance = z.infer<typeof provenanceSchema>;

export const importedProviderSchema = z.object({
  id: importedProviderIdSchema,
  name: z.object({ ko: z.string().min(1).max(200), en: z.string().min(1).max(200) }),
  /** scheme://host of the real endpoint; the configured base URL for this host replaces it. */
  origin: z.url(),
  host: z.string().min(1).max(200),
  /** Daily calls of a development key (the portal's traffic figure). */
  quotaDaily: z.number().int().positive(),
});
export type ImportedProvider = z.infer<typeof importedProviderSchema>;

export const formatSwitchDataSchema = z.discriminatedUnion("in", [
  z.object({ in: z.literal("query"), name: z.string().min(1), value: z.string().min(1) }),
  z.object({ in: z.literal("none") }),
]);

/** What the gateway needs: a tool spec in plain data (parameters as a list, not a zod object). */
export const importedSpecSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{2,63}$/),
  title: z.object({ ko: z.string().min(1).max(200), en: z.string().min(1).max(200) }),
  description: z.object({ ko: z.string().min(20).max(2000), en: z.string().min(20).max(2000) }),
  provider: importedProviderSchema,
  request: z.object({
    method: z.enum(["GET", "POST"]),
    path: z.string().startsWith("/").max(500),
    keyParam: z.string().min(1).max(50),
    format: formatSwitchDataSchema,
    responseFormat: z.enum(["json", "xml"]),
    fixedQuery: z.record(z.string(), z.string()).default({}),
  }),
  params: z.array(importedParamSchema).max(60),
  pagination: paginationSchema,
  envelope: envelopeSchema,
  fields: z.array(importedFieldSchema).min(1).max(300),
  cache: z.object({ class: z.enum(["static", "daily", "live"]), ttlSeconds: z.number().int().positive() }),
  examples: z.array(z.object({ args: z.record(z.string(), scalarSchema), note: z.string().optional() })).min(1).max(5),
  provenance: provenanceSchema,
});
export type ImportedSpec = z.infer<typeof importedSpecSchema>;

/** Measured statistics of a field, for the replica's values where no world entity applies. */
export const replicaFieldSchema = z.object({
  name: z.string().min(1),
  type: fieldTypeSchema,
  tags: z.array(semanticTagSchema),
  nullRate: z.number().min(0).max(1),
  samples: z.array(z.string()).max(20),
  /** Numeric range seen (min, median, max); integers when every sample is one. */
  range: z.object({ min: z.number(), p50: z.number(), max: z.number(), integer: z.boolean() }).optional(),
  /** How a value is written when it has a format (8 digits, YYYY-MM-DD, a phone number …). */
  shape: z.enum(["digits", "date8", "date_iso", "datetime_iso", "phone", "text"]).default("text"),
  width: z.number().int().nonnegative().default(0),
});
export type ReplicaField = z.infer<typeof replicaFieldSchema>;

/** What the sandbox needs to answer one imported operation as the real host does. */
export const replicaModelSchema = z.object({
  /** Tool name and version: the model is replaced when the tool is re-imported. */
  tool: z.string(),
  version: z.number().int().positive(),
  provider: importedProviderIdSchema,
  host: z.string().min(1),
  method: z.enum(["GET", "POST"]),
  path: z.string().startsWith("/"),
  quotaDaily: z.number().int().positive(),
  keyParam: z.string().min(1),
  format: z.discriminatedUnion("in", [
    z.object({ in: z.literal("query"), name: z.string(), default: z.enum(["json", "xml"]) }),
    z.object({ in: z.literal("fixed"), value: z.enum(["json", "xml"]) }),
  ]),
  envelope: envelopeSchema,
  pagination: z.discriminatedUnion("style", [
    z.object({ style: z.literal("page"), pageParam: z.string(), sizeParam: z.string(), defaultSize: z.number().int().positive(), maxSize: z.number().int().positive() }),
    z.object({ style: z.literal("none") }),
  ]),
  params: z.array(
    z.object({
      wire: z.string().min(1),
      required: z.boolean(),
      filters: z.object({ field: z.string(), match: z.enum(["equal", "contains"]) }).optional(),
      tags: z.array(semanticTagSchema),
    }),
  ),
  fields: z.array(replicaFieldSchema).min(1),
  /** How many records the real service holds (measured), bounded for the replica. */
  rows: z.number().int().positive().max(5000),
  /** The trade a register of businesses lists, as its title says it (화장품 in 화장품 제조(판매)업 정보조회). */
  trade: z.string().min(1).optional(),
});
export type ReplicaModel = z.infer<typeof replicaModelSchema>;

export const importedToolSchema = z.object({ spec: importedSpecSchema, replica: replicaModelSchema.omit({ tool: true, version: true }) });
export type ImportedTool = z.infer<typeof importedToolSchema>;

/** One operation the importer could not turn into a tool, and why. */
export const rejectionSchema = z.object({ document: z.string(), operation: z.string(), reason: z.string() });
export type Rejection = z.infer<typeof rejectionSchema>;
