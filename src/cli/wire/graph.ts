/** The answers of /v1/graph as the CLI reads them (the wire contract; see src/graph/routes.ts). */
import { z } from "zod";

export const EDGE_STATUSES = ["candidate", "verified", "rejected", "stale", "inconclusive", "untested"] as const;
export const edgeStatusSchema = z.enum(EDGE_STATUSES);
export type EdgeStatus = z.infer<typeof edgeStatusSchema>;

export const graphJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  params: z.record(z.string(), z.unknown()).default({}),
  progress: z.object({
    phase: z.string(),
    total: z.number(),
    done: z.number(),
    upstreamCalls: z.number(),
    naiveCalls: z.number(),
    verdicts: z.record(z.string(), z.number()),
  }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable().optional(),
});
export type GraphJob = z.infer<typeof graphJobSchema>;

export const edgeSchema = z.object({
  id: z.string(),
  fromTool: z.string(),
  toTool: z.string(),
  bindings: z.array(z.object({ field: z.string(), param: z.string(), score: z.number().optional(), reasons: z.array(z.string()).default([]) })),
  score: z.number(),
  reasons: z.array(z.string()).default([]),
  status: edgeStatusSchema,
  statusReason: z.string().nullable(),
  checkedAt: z.number().nullable(),
});
export type Edge = z.infer<typeof edgeSchema>;

export const graphSchema = z.object({
  version: z.number(),
  nodes: z.array(z.object({ name: z.string(), kind: z.string(), provider: z.string().nullable() })),
  edges: z.array(edgeSchema),
  stats: z.record(z.string(), z.number()),
});
export type Graph = z.infer<typeof graphSchema>;

export const edgeDetailSchema = z.object({
  edge: edgeSchema,
  evidence: z.array(
    z.object({
      at: z.number(),
      verdict: z.string(),
      tries: z.number(),
      outcomes: z.record(z.string(), z.number()),
      samples: z.array(z.record(z.string(), z.unknown())),
      upstreamCalls: z.number(),
      graphVersion: z.number(),
    }),
  ),
});

export const driftSchema = z.object({
  events: z.array(
    z.object({
      id: z.number(),
      tool: z.string(),
      at: z.number(),
      before: z.record(z.string(), z.string()),
      after: z.record(z.string(), z.string()),
      added: z.array(z.string()),
      removed: z.array(z.string()),
      retyped: z.array(z.string()),
      staleEdges: z.array(z.string()),
      /** fields: the answers' fields changed; failing: every call fails (before is the last shape seen); recovered: it answers again. Absent from servers before it was sent. */
      kind: z.enum(["fields", "failing", "recovered"]).optional(),
    }),
  ),
});
