/**
 * Schemas of the main answers, for the document only: the handlers build these bodies from typed
 * values rather than parsing them, so the OpenAPI test parses real answers with these schemas to
 * keep the two from drifting apart.
 */
import { z } from "zod";
import { errorCodeSchema } from "../app/errors";
import { basisSchema, driftKindSchema, edgeStatusSchema, evidenceRowSchema, jobKindSchema, jobProgressSchema, jobStatusSchema, trialSchema } from "../graph/store";
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
      /** fields: the answers' fields changed; failing: every call fails (before is the last shape seen); recovered: it answers again. */
      kind: driftKindSchema,
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

/** An object whose listed members are documented; others may be present. */
const record = z.record(z.string(), z.unknown());

export const toolDetailSchema = z
  .looseObject({
    name: z.string(),
    openai: z.object({ type: z.literal("function"), function: z.looseObject({ name: z.string(), description: z.string(), parameters: record }) }),
    examples: z.array(z.looseObject({ args: record, resolvedArgs: record })).describe("examples with their time-relative arguments resolved to now"),
    source: z.enum(["builtin", "imported"]),
    provenance: record.optional(),
  })
  .describe("the tool as `format=jsonschema` lists it, plus its OpenAI form and examples");

const isoOrNull = isoDate.nullable();

export const synthJobResponseSchema = z.looseObject({
  id: z.string(),
  teamId: z.string(),
  status: z.enum(["queued", "running", "done", "budget_exhausted", "exhausted_plans", "cancelled", "failed"]),
  params: record.describe("the job's parameters (the writer's secrets left out)"),
  progress: z.looseObject({ planned: z.number(), running: z.number(), done: z.number(), kept: z.number(), failed: z.record(z.string(), z.number()), rejected: z.record(z.string(), z.number()), upstreamCalls: z.number(), calls: z.number() }),
  graphVersion: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  finishedAt: isoOrNull,
});

export const synthExamplesResponseSchema = z.object({ examples: z.array(z.looseObject({ id: z.string(), shape: z.string(), kept: z.boolean(), rejection: z.string().nullable() })) });

export const benchTasksResponseSchema = z.object({
  stats: record,
  tasks: z.array(z.object({ id: z.string(), shape: z.string(), level: z.number(), request: z.object({ ko: z.string() }).loose(), providers: z.array(z.string()), goldCalls: z.number().int(), minGoldCalls: z.number().int(), facts: z.array(z.string()) })),
  abstention: z.array(z.object({ id: z.string(), domain: z.string(), request: z.object({ ko: z.string() }).loose() })).describe("requests no catalogued tool answers, scored on saying so and reported apart from the tasks"),
});

export const taskSyncResponseSchema = z.object({ added: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), total: z.number().int() });

export const benchRunResponseSchema = z.looseObject({
  id: z.string(),
  label: z.string().nullable(),
  suite: z.string(),
  model: z.string(),
  mode: z.string(),
  snapshot: z.string().nullable(),
  now: isoOrNull,
  status: z.string(),
  params: record,
  progress: z.object({ items: z.number().int(), planned: z.number().int(), done: z.number().int(), inFlight: z.array(z.unknown()), percent: z.number() }),
  summary: record.nullable().describe("counts, measures with intervals, breakdowns and error types"),
  error: z.string().nullable(),
  createdAt: isoOrNull,
  finishedAt: isoOrNull,
});

export const benchRunsResponseSchema = z.object({
  runs: z.array(z.object({ id: z.string(), label: z.string().nullable(), suite: z.string(), model: z.string(), mode: z.string(), status: z.string(), planned: z.number().int(), done: z.number().int(), pass1: z.unknown(), createdAt: isoOrNull, finishedAt: isoOrNull })),
});

export const benchAttemptsResponseSchema = z.object({
  attempts: z.array(z.looseObject({ itemId: z.string(), attempt: z.number().int(), score: z.object({ scorable: z.boolean(), pass: z.boolean(), errorType: z.string().nullable(), detail: z.unknown() }).nullable() })),
});

export const benchExportResponseSchema = z.object({ run: benchRunResponseSchema, attempts: z.array(record) });

export const leaderboardResponseSchema = z.object({ suites: z.record(z.string(), z.array(z.looseObject({ runId: z.string(), measures: z.record(z.string(), z.number()) }))) });

const teamSchema = z.looseObject({ id: z.string(), name: z.string() });
export const teamsResponseSchema = z.object({ teams: z.array(teamSchema) });
export const teamCreatedResponseSchema = z.object({ team: teamSchema, token: z.string(), note: z.string() });
export const teamRevokedResponseSchema = z.looseObject({ revoked: z.string(), stopped: z.unknown() });

export const importResponseSchema = z.looseObject({ counts: z.looseObject({ added: z.number().int(), changed: z.number().int() }) });
export const importsResponseSchema = z.object({ imports: z.array(record) });
export const toolVersionsResponseSchema = z.object({ name: z.string(), versions: z.array(record) });
export const toolRemovedResponseSchema = z.object({ removed: z.string() });
export const replicasSyncedResponseSchema = z.object({ registered: z.number().int() });

/** JSON-RPC 2.0 answers of /mcp: one response, or a batch of them. */
const rpcResponse = z.looseObject({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number(), z.null()]), result: z.unknown().optional(), error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional() });
export const mcpResponseSchema = z.union([rpcResponse, z.array(rpcResponse)]);

/** A body that is text in the response's content type (JSONL, CSV, DOT, GraphML, markdown). */
export const textBodySchema = z.string();
