/**
 * Every HTTP route of the API, described by reference to the zod schemas its handler parses with
 * (imported from the route modules, never restated). A route added to the app without an entry
 * here fails test/web/openapi.test.ts.
 */
import { z } from "zod";
import { createRunSchema } from "../bench/params";
import { benchAttemptsQuery, benchExportQuery, benchLeaderboardQuery, benchRunsQuery } from "../bench/routes";
import { importBodySchema, importListQuery, toolNameParam } from "../catalog/import/routes";
import { toolListQuery } from "../catalog/routes";
import { keySecretSchema } from "../catalog/providers";
import { gatewayConfig } from "../config/gateway";
import { callBodySchema } from "../gateway/call";
import { batchBodySchema, keyBodySchema, sinceQuery, snapshotImportQuery, teamCreateSchema } from "../gateway/routes";
import { createSnapshotSchema, shareSnapshotSchema, snapshotNameSchema } from "../gateway/snapshots";
import { buildParamsSchema, verifyParamsSchema } from "../graph/jobs";
import { graphQuery } from "../graph/routes";
import { rewardBatchBodySchema, rewardBatchResponseSchema, rewardBodySchema, rewardResponseSchema } from "../reward/schema";
import { mcpQuery } from "../mcp/routes";
import { examplesQuery, exportQuery } from "../synth/routes";
import { synthParamsSchema } from "../synth/store";
import {
  batchResponseSchema,
  callResponseSchema,
  driftResponseSchema,
  edgeResponseSchema,
  graphResponseSchema,
  jobResponseSchema,
  snapshotInfoSchema,
  toolListResponseSchema,
  usageResponseSchema,
  benchAttemptsResponseSchema,
  benchExportResponseSchema,
  benchRunResponseSchema,
  benchRunsResponseSchema,
  benchTasksResponseSchema,
  importResponseSchema,
  importsResponseSchema,
  leaderboardResponseSchema,
  mcpResponseSchema,
  replicasSyncedResponseSchema,
  synthExamplesResponseSchema,
  synthJobResponseSchema,
  taskSyncResponseSchema,
  teamCreatedResponseSchema,
  teamRevokedResponseSchema,
  teamsResponseSchema,
  textBodySchema,
  toolDetailSchema,
  toolRemovedResponseSchema,
  toolVersionsResponseSchema,
} from "./responses";

export type HttpMethod = "get" | "post" | "put" | "delete";

export interface ResponseDoc {
  description: string;
  schema: z.ZodType;
  /** When the answer is not JSON. */
  contentType?: string;
}

export interface RouteDoc {
  method: HttpMethod;
  /** OpenAPI form: `{name}` for a path parameter. */
  path: string;
  tag: "catalog" | "gateway" | "snapshots" | "graph" | "synth" | "bench" | "admin" | "mcp";
  summary: string;
  description?: string;
  auth: "team" | "admin";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: { schema: z.ZodType } | { contentType: string; description: string };
  responses: Record<number, ResponseDoc>;
}

/** Path parameters the handlers read as plain strings. */
const nameParam = z.object({ name: z.string().describe("tool name, e.g. kasi_public_holidays") });
const idParam = z.object({ id: z.string() });

const json = (description: string, schema: z.ZodType): ResponseDoc => ({ description, schema });
/** A text answer (JSONL, CSV, DOT …) in one content type. */
const text = (description: string, contentType: string): ResponseDoc => ({ description, contentType, schema: textBodySchema });

/** The routes; bounds read from the configuration (the batch size) are the deployment's own. */
export function apiRoutes(env: Env): RouteDoc[] {
  const config = gatewayConfig(env);
  return [
    // catalog
    { method: "get", path: "/v1/tools", tag: "catalog", summary: "List the catalog as LLM tools", description: "OpenAI function tools by default; `format=jsonschema` adds output fields, semantic tags, cache class and quota.", auth: "team", query: toolListQuery, responses: { 200: json("the tools", toolListResponseSchema) } },
    { method: "get", path: "/v1/tools/{name}", tag: "catalog", summary: "One tool with its examples (time-relative examples resolved to now)", auth: "team", params: nameParam, responses: { 200: json("the tool", toolDetailSchema) } },
    // gateway
    { method: "post", path: "/v1/tools/{name}/call", tag: "gateway", summary: "Call a tool through the gateway", description: "Arguments are validated against the tool's schema; answers are cached and shared between teams.", auth: "team", params: nameParam, body: { schema: callBodySchema }, responses: { 200: json("the normalised result and the call's facts", callResponseSchema) } },
    { method: "post", path: "/v1/calls:batch", tag: "gateway", summary: "Several calls at once, concurrently; results in order", auth: "team", body: { schema: batchBodySchema(config.BATCH_MAX_CALLS) }, responses: { 200: json("one result or error per call", batchResponseSchema) } },
    { method: "get", path: "/v1/usage", tag: "gateway", summary: "The team's calls, cache hits, errors, latency and quota left per tool", auth: "team", query: sinceQuery, responses: { 200: json("usage per tool", usageResponseSchema) } },
    { method: "get", path: "/v1/keys", tag: "gateway", summary: "Key secrets the team registered its own key for", auth: "team", responses: { 200: json("the secrets", z.object({ registered: z.array(keySecretSchema) })) } },
    { method: "put", path: "/v1/keys/{secret}", tag: "gateway", summary: "Register the team's own service key for a key secret (stored encrypted, never shown again)", auth: "team", params: z.object({ secret: keySecretSchema }), body: { schema: keyBodySchema }, responses: { 200: json("registered", z.object({ registered: keySecretSchema })) } },
    { method: "delete", path: "/v1/keys/{secret}", tag: "gateway", summary: "Forget the team's own key", auth: "team", params: z.object({ secret: keySecretSchema }), responses: { 200: json("deleted", z.object({ deleted: keySecretSchema })) } },
    // snapshots
    { method: "get", path: "/v1/snapshots", tag: "snapshots", summary: "The team's snapshots and those shared with it", auth: "team", responses: { 200: json("the snapshots", z.object({ snapshots: z.array(snapshotInfoSchema) })) } },
    { method: "post", path: "/v1/snapshots", tag: "snapshots", summary: "Freeze stored responses under a name", auth: "team", body: { schema: createSnapshotSchema }, responses: { 201: json("the snapshot", snapshotInfoSchema) } },
    { method: "get", path: "/v1/snapshots/{name}/export", tag: "snapshots", summary: "A snapshot as JSONL (a header line, then one entry per line)", auth: "team", params: z.object({ name: snapshotNameSchema }), responses: { 200: text("JSONL", "application/x-ndjson") } },
    { method: "put", path: "/v1/snapshots/{name}/sharing", tag: "snapshots", summary: "Share a snapshot with every team (as `<team>/<name>`), or stop", auth: "team", params: z.object({ name: snapshotNameSchema }), body: { schema: shareSnapshotSchema }, responses: { 200: json("the snapshot", snapshotInfoSchema) } },
    { method: "post", path: "/v1/snapshots/import", tag: "snapshots", summary: "Import a JSONL export (marked unverified)", auth: "team", query: snapshotImportQuery, body: { contentType: "application/x-ndjson", description: "the lines of an export" }, responses: { 201: json("the snapshot", snapshotInfoSchema) } },
    // graph
    { method: "post", path: "/v1/graph/build", tag: "graph", summary: "Start a build job: seed every tool and score candidate edges", auth: "team", body: { schema: buildParamsSchema }, responses: { 202: json("the job", jobResponseSchema) } },
    { method: "post", path: "/v1/graph/verify", tag: "graph", summary: "Start a verify job: call edges within a budget", auth: "team", body: { schema: verifyParamsSchema }, responses: { 202: json("the job", jobResponseSchema) } },
    { method: "get", path: "/v1/graph/jobs/{id}", tag: "graph", summary: "A job's status and progress", auth: "team", params: idParam, responses: { 200: json("the job", jobResponseSchema) } },
    { method: "delete", path: "/v1/graph/jobs/{id}", tag: "graph", summary: "Cancel a job", auth: "team", params: idParam, responses: { 200: json("the job", jobResponseSchema) } },
    { method: "get", path: "/v1/graph", tag: "graph", summary: "The graph: tools, edges with status, counts per status", auth: "team", query: graphQuery, responses: { 200: json("the graph", graphResponseSchema) } },
    { method: "get", path: "/v1/graph/edges/{id}", tag: "graph", summary: "One edge with the evidence of its verifications", auth: "team", params: idParam, responses: { 200: json("the edge", edgeResponseSchema) } },
    { method: "get", path: "/v1/graph/drift", tag: "graph", summary: "Drift events: tools whose answers changed shape or that fail at every call (kind), and the edges that went stale", auth: "team", responses: { 200: json("the events", driftResponseSchema) } },
    { method: "get", path: "/v1/graph/export", tag: "graph", summary: "The graph as JSON, Graphviz DOT or GraphML", auth: "team", query: graphQuery, responses: { 200: text("by `format`: application/json (the graph), text/vnd.graphviz or application/graphml+xml", "text/plain") } },
    // synth
    { method: "post", path: "/v1/synth/jobs", tag: "synth", summary: "Start a synthesis job: walk the verified graph into training trajectories", auth: "team", body: { schema: synthParamsSchema }, responses: { 202: json("the job", synthJobResponseSchema) } },
    { method: "get", path: "/v1/synth/jobs/{id}", tag: "synth", summary: "A synthesis job's status and progress", auth: "team", params: idParam, responses: { 200: json("the job", synthJobResponseSchema) } },
    { method: "delete", path: "/v1/synth/jobs/{id}", tag: "synth", summary: "Cancel a synthesis job", auth: "team", params: idParam, responses: { 200: json("the job", synthJobResponseSchema) } },
    { method: "get", path: "/v1/synth/jobs/{id}/examples", tag: "synth", summary: "A job's examples", auth: "team", params: idParam, query: examplesQuery, responses: { 200: json("the examples", synthExamplesResponseSchema) } },
    { method: "get", path: "/v1/datasets/{id}/export", tag: "synth", summary: "A synthesis job's kept examples as a dataset", description: "JSONL in one of the export formats, or `card`: a markdown dataset card.", auth: "team", params: idParam, query: exportQuery, responses: { 200: text("JSONL, or markdown for `card`", "application/x-ndjson") } },
    // bench
    { method: "get", path: "/v1/bench/tasks", tag: "bench", summary: "The KOPA-Bench tasks with their shape, level, providers and facts", auth: "team", responses: { 200: json("the tasks and their statistics", benchTasksResponseSchema) } },
    { method: "post", path: "/v1/bench/tasks:sync", tag: "bench", summary: "Load the bundled task set into D1", auth: "team", responses: { 200: json("what was synced", taskSyncResponseSchema) } },
    { method: "post", path: "/v1/bench/runs", tag: "bench", summary: "Start a benchmark run against an OpenAI-compatible model endpoint", auth: "team", body: { schema: createRunSchema }, responses: { 202: json("the run", benchRunResponseSchema) } },
    { method: "get", path: "/v1/bench/runs", tag: "bench", summary: "The team's runs", auth: "team", query: benchRunsQuery, responses: { 200: json("the runs", benchRunsResponseSchema) } },
    { method: "get", path: "/v1/bench/runs/{id}", tag: "bench", summary: "A run's status, progress and summary", auth: "team", params: idParam, responses: { 200: json("the run", benchRunResponseSchema) } },
    { method: "get", path: "/v1/bench/runs/{id}/attempts", tag: "bench", summary: "A run's attempts with their trajectories and scores", auth: "team", params: idParam, query: benchAttemptsQuery, responses: { 200: json("the attempts", benchAttemptsResponseSchema) } },
    { method: "post", path: "/v1/bench/runs/{id}/rescore", tag: "bench", summary: "Score a run's stored attempts again", auth: "team", params: idParam, responses: { 200: json("the run", benchRunResponseSchema) } },
    { method: "post", path: "/v1/bench/runs/{id}/cancel", tag: "bench", summary: "Cancel a run", auth: "team", params: idParam, responses: { 200: json("the run", benchRunResponseSchema) } },
    { method: "get", path: "/v1/bench/runs/{id}/export", tag: "bench", summary: "A run's results as JSON or CSV", auth: "team", params: idParam, query: benchExportQuery, responses: { 200: json("the run and its attempts (CSV, text/csv, by `format`)", benchExportResponseSchema) } },
    { method: "get", path: "/v1/bench/leaderboard", tag: "bench", summary: "The team's finished runs ranked per suite", auth: "team", query: benchLeaderboardQuery, responses: { 200: json("the leaderboard", leaderboardResponseSchema) } },
    // reward
    { method: "post", path: "/v1/reward", tag: "bench", summary: "Execution-grounded reward of one completion against a grpo prompt's reference", description: "The reference is a `grpo` export line's `metadata.example_id` or inline (`reference`, `answer_facts`, `snapshot`, `now`). Calls the completion did not execute run through the gateway against the prompt's snapshot. Every component, the weighted and binary totals and the guards are reported.", auth: "team", body: { schema: rewardBodySchema }, responses: { 200: json("the reward, its components and the reference", rewardResponseSchema) } },
    { method: "post", path: "/v1/reward:batch", tag: "bench", summary: "Rewards of a GRPO group: N completions of one prompt", description: "One gold run and one gateway call per distinct tool call for the whole group; `rewards[i]` is the reward of `completions[i]`.", auth: "team", body: { schema: rewardBatchBodySchema }, responses: { 200: json("the rewards in order, each result, the reference and what the group cost", rewardBatchResponseSchema) } },
    // admin
    { method: "get", path: "/admin/teams", tag: "admin", summary: "List teams", auth: "admin", responses: { 200: json("the teams", teamsResponseSchema) } },
    { method: "post", path: "/admin/teams", tag: "admin", summary: "Create a team; its token is shown once", auth: "admin", body: { schema: teamCreateSchema }, responses: { 201: json("the team and its token", teamCreatedResponseSchema) } },
    { method: "delete", path: "/admin/teams/{id}", tag: "admin", summary: "Revoke a team", auth: "admin", params: idParam, responses: { 200: json("revoked", teamRevokedResponseSchema) } },
    { method: "post", path: "/admin/catalog/import", tag: "admin", summary: "Import API definitions (data.go.kr dataset YAML/JSON, Swagger 2.0, OpenAPI 3) as tools", description: "Every operation is imported or rejected with its reason; the import is atomic.", auth: "admin", body: { schema: importBodySchema }, responses: { 201: json("imported tools (some added or changed) and rejections", importResponseSchema), 200: json("nothing new: unchanged tools and rejections", importResponseSchema) } },
    { method: "get", path: "/admin/catalog/imports", tag: "admin", summary: "Past imports with their counts and rejections", auth: "admin", query: importListQuery, responses: { 200: json("the imports", importsResponseSchema) } },
    { method: "get", path: "/admin/catalog/tools/{name}/versions", tag: "admin", summary: "Versions of an imported tool", auth: "admin", params: toolNameParam, responses: { 200: json("the versions", toolVersionsResponseSchema) } },
    { method: "delete", path: "/admin/catalog/tools/{name}", tag: "admin", summary: "Remove an imported tool", auth: "admin", params: toolNameParam, responses: { 200: json("removed", toolRemovedResponseSchema) } },
    { method: "post", path: "/admin/catalog/replicas/sync", tag: "admin", summary: "Register every imported operation with the sandbox again", auth: "admin", responses: { 200: json("how many were registered", replicasSyncedResponseSchema) } },
    { method: "get", path: "/admin/graph/jobs/{id}", tag: "admin", summary: "Any team's graph job", auth: "admin", params: idParam, responses: { 200: json("the job", jobResponseSchema) } },
    { method: "delete", path: "/admin/graph/jobs/{id}", tag: "admin", summary: "Cancel any team's graph job", auth: "admin", params: idParam, responses: { 200: json("the job", jobResponseSchema) } },
    { method: "get", path: "/admin/usage", tag: "admin", summary: "Usage of every team", auth: "admin", query: sinceQuery, responses: { 200: json("usage per team and tool", usageResponseSchema) } },
    // mcp
    { method: "post", path: "/mcp", tag: "mcp", summary: "Model Context Protocol, streamable HTTP (stateless)", description: "JSON-RPC 2.0: `initialize`, `tools/list`, `tools/call`. Every catalogued tool, called through the gateway as the token's team.", auth: "team", query: mcpQuery, body: { contentType: "application/json", description: "a JSON-RPC message or batch" }, responses: { 200: json("the JSON-RPC answer", mcpResponseSchema) } },
  ];
}
