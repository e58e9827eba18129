/**
 * Schemas of the main answers, for the document only: the handlers build these bodies from typed
 * values rather than parsing them, so the OpenAPI test parses real answers with these schemas to
 * keep the two from drifting apart.
 */
import { z } from "zod";
import { errorCodeSchema } from "../app/errors";
import { basisSchema, edgeStatusSchema, evidenceRowSchema, jobKindSchema, jobProgressSchema, jobStatusSchema, trialSchema } from "../graph/store";
import { normalisedResultSchema } from "../upstream/result";

const isoDate = z.iso.datetime({ offset: true });

export const callMetaSchema = z.object({
  cache: z.enum(["hit", "miss", "stale", "coalesced", "local", "snapshot"]),
  upstreamMs: z.number().int().nonnegative(),
  fetchedAt: isoDate,
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  degraded: z.enum(["quota", "rate", "breaker"]).optional().describe("set when a stored answer was served because a fresh call was refused"),
  snapshot: z.string().optional(),
  snapshotVerified: z.boolean().optional(),
});

export const callResponseSchema = z.object({ tool: z.string(), result: normalisedResultSchema, meta: callMetaSchema });

export const batchResponseSchema = z.object({
  results: z.array(
    z.union([
      callResponseSchema.extend({ ok: z.literal(true) }),
      z.object({ ok: z.literal(false), tool: z.string(), error: z.object({ code: errorCodeSchema, message: z.string(), field: z.string().optional() }) }),
    ]),
  ),
});

export const toolListResponseSchema = z.object({ count: z.number().int(), catalogSize: z.number().int(), tools: z.array(z.record(z.string(), z.unknown())), nextCursor: z.string().nullable() });

export const usageResponseSchema = z.object({
  team: z.string().optional(),
  since: isoDate.optional(),
  tools: z.array(
    z.object({
      teamId: z.string(),
      tool: z.string(),
      provider: z.string().nullable(),
      calls: z.number().int(),
      cacheHits: z.number().int().describe("answered from the shared cache or a snapshot: upstream calls saved"),
      upstreamCalls: z.number().int(),
      upstreamErrors: z.number().int(),
      errors: z.number().int(),
      p50Ms: z.number(),
      p95Ms: z.number(),
      quotaLeft: z.number().nullable(),
    }),
  ),
});

const edgeSchema = z.object({
  id: z.string().describe("`<from tool>-><to tool>`"),
  fromTool: z.string(),
  toTool: z.string(),
  bindings: z.array(z.object({ field: z.string(), param: z.string(), score: z.number(), reasons: z.array(z.string()) })).describe("what a walk sends: the verified bindings of a verified edge, else the candidates"),
  candidateBindings: z.array(z.object({ field: z.string(), param: z.string(), score: z.number(), reasons: z.array(z.string()) })),
  score: z.number().int(),
  reasons: z.array(z.string()),
  status: edgeStatusSchema,
  statusReason: z.string().nullable(),
  basis: basisSchema.nullable().describe("dependent | conversion for a verified edge, else the outcome that decided"),
  createdAt: z.number().describe("epoch ms"),
  updatedAt: z.number(),
  checkedAt: z.number().nullable(),
});

export const graphResponseSchema = z.object({
  version: z.number().int(),
  nodes: z.array(z.object({ name: z.string(), kind: z.enum(["upstream", "local"]), provider: z.string().nullable() })),
  edges: z.array(edgeSchema),
  stats: z.record(edgeStatusSchema, z.number().int()),
  basis: z.partialRecord(basisSchema, z.number().int()),
});

export const edgeResponseSchema = z.object({
  edge: edgeSchema,
  evidence: z.array(
    evidenceRowSchema.extend({
      outcomes: z.record(z.string(), z.number()),
      samples: z.array(z.record(z.string(), z.unknown())),
      fingerprints: z.array(z.string()),
      trials: z.array(trialSchema),
      skipped: z.array(z.string()),
    }),
  ),
});

export const driftResponseSchema = z.object({
  events: z.array(
    z.object({
      id: z.number().int(),
      tool: z.string(),
      at: z.number(),
      before: z.record(z.string(), z.string()),
      after: z.record(z.string(), z.string()),
      added: z.array(z.string()),
      removed: z.array(z.string()),
      retyped: z.array(z.string()),
      staleEdges: z.array(z.string()),
    }),
  ),
});

export const jobResponseSchema = z.object({
  id: z.string(),
  kind: jobKindSchema,
  status: jobStatusSchema,
  teamId: z.string(),
  params: z.record(z.string(), z.unknown()),
  progress: jobProgressSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
  finishedAt: isoDate.nullable(),
  error: z.string().nullable(),
});

export const snapshotInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  entryCount: z.number().int(),
  createdAt: isoDate,
  owner: z.string().nullable(),
  ref: z.string().describe("its name in calls"),
  shared: z.boolean(),
  verified: z.boolean().describe("false when imported"),
  at: isoDate.nullable().describe("the instant its answers belong to (a benchmark world), or null"),
  catalogVersion: z.string().nullable().describe("the tool catalog it was recorded under"),
  taskSet: z.string().nullable().describe("the KOPA-Bench task-set hash it was recorded for"),
}).meta({ id: "SnapshotInfo" });
