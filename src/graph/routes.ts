/** /v1/graph: build and verify jobs, the graph with its evidence, drift events and exports. */
import { z } from "zod";
import { ApiError } from "../app/errors";
import { newApp, optionalJsonBody, parseOrThrow } from "../app/new-app";
import { CATALOG } from "../catalog";
import { importedNames, importedProviderId } from "../catalog/import/layer";
import { providerIdSchema } from "../catalog/providers";
import { dbOf, type Db } from "../db/client";
import { toDot, toGraphml, type GraphNode, type GraphView } from "./export";
import { buildParamsSchema, verifyParamsSchema } from "./jobs";
import { basisCounts, currentVersion, edgeEvidence, edgeStatusSchema, getJob, insertJob, latestEvidence, listDrift, listEdges, statusCounts, type JobRow } from "./store";

export const graphQuery = z.object({
  status: z
    .string()
    .transform((s) => s.split(","))
    .pipe(z.array(edgeStatusSchema))
    .optional(),
  provider: providerIdSchema.optional(),
  format: z.enum(["json", "dot", "graphml"]).default("json"),
});

/** Every tool as a node; imported ones from the catalog's index, without reading their specs (10,000 of them would be read per request). */
function nodes(): GraphNode[] {
  const builtin = [...CATALOG.values()].map((t): GraphNode => ({ name: t.name, kind: t.kind, provider: t.kind === "upstream" ? t.provider : null }));
  return [...builtin, ...importedNames().map((name): GraphNode => ({ name, kind: "upstream", provider: importedProviderId(name) }))];
}

/** The graph (tools and edges) as the API shows it; also rendered by the dashboard. */
export async function graphView(db: Db, query: Pick<z.infer<typeof graphQuery>, "status" | "provider">): Promise<GraphView> {
  const all = nodes();
  const inProvider = new Set(all.filter((n) => !query.provider || n.provider === query.provider).map((n) => n.name));
  const edges = (await listEdges(db, query.status ? { status: query.status } : {})).filter((e) => !query.provider || inProvider.has(e.fromTool) || inProvider.has(e.toTool));
  const touched = new Set(edges.flatMap((e) => [e.fromTool, e.toTool]));
  return { version: await currentVersion(db), nodes: all.filter((n) => inProvider.has(n.name) || touched.has(n.name)), edges };
}

function jobView(job: JobRow) {
  return { ...job, createdAt: new Date(job.createdAt).toISOString(), updatedAt: new Date(job.updatedAt).toISOString(), finishedAt: job.finishedAt ? new Date(job.finishedAt).toISOString() : null };
}

async function startJob(env: Env, db: Db, kind: "build" | "verify", teamId: string, params: Record<string, unknown>): Promise<JobRow> {
  const id = crypto.randomUUID();
  await insertJob(db, { id, kind, teamId, params }, Date.now());
  await env.GRAPH_JOB.get(env.GRAPH_JOB.idFromName(id)).start(id);
  const job = await getJob(db, id);
  if (!job) throw new ApiError("INTERNAL", "the job was not stored");
  return job;
}

/** A job as its owner (or, with `owner` null, the operator) sees it; anyone else is told there is none. */
async function jobOf(db: Db, id: string, owner: string | null): Promise<JobRow> {
  const job = await getJob(db, id);
  if (!job || (owner !== null && job.teamId !== owner)) throw new ApiError("NOT_FOUND", "no graph job with that id", "id");
  return job;
}

async function cancelJob(env: Env, job: JobRow): Promise<JobRow> {
  await env.GRAPH_JOB.get(env.GRAPH_JOB.idFromName(job.id)).cancel(job.id);
  return (await getJob(dbOf(env.DB), job.id)) ?? job;
}

/** The operator's view of graph jobs (under /admin): any team's job. */
export const graphAdminRoutes = newApp()
  .get("/jobs/:id", async (c) => c.json(jobView(await jobOf(dbOf(c.env.DB), c.req.param("id"), null))))
  .delete("/jobs/:id", async (c) => c.json(jobView(await cancelJob(c.env, await jobOf(dbOf(c.env.DB), c.req.param("id"), null)))));

export const graphRoutes = newApp()
  .post("/build", async (c) => {
    const params = parseOrThrow(buildParamsSchema, await optionalJsonBody(c));
    return c.json(jobView(await startJob(c.env, dbOf(c.env.DB), "build", c.get("team").id, params)), 202);
  })
  .post("/verify", async (c) => {
    const params = parseOrThrow(verifyParamsSchema, await optionalJsonBody(c));
    return c.json(jobView(await startJob(c.env, dbOf(c.env.DB), "verify", c.get("team").id, params)), 202);
  })
  .get("/jobs/:id", async (c) => c.json(jobView(await jobOf(dbOf(c.env.DB), c.req.param("id"), c.get("team").id))))
  .delete("/jobs/:id", async (c) => c.json(jobView(await cancelJob(c.env, await jobOf(dbOf(c.env.DB), c.req.param("id"), c.get("team").id)))))
  .get("/", async (c) => {
    const query = parseOrThrow(graphQuery, c.req.query(), "query");
    const db = dbOf(c.env.DB);
    const graph = await graphView(db, query);
    return c.json({ ...graph, stats: await statusCounts(db), basis: await basisCounts(db) });
  })
  .get("/edges/:id", async (c) => {
    const db = dbOf(c.env.DB);
    const [edge] = await listEdges(db, { ids: [c.req.param("id")] });
    if (!edge) throw new ApiError("NOT_FOUND", "no edge with that id", "id");
    return c.json({ edge, evidence: await edgeEvidence(db, edge.id) });
  })
  .get("/drift", async (c) => c.json({ events: await listDrift(dbOf(c.env.DB)) }))
  .get("/export", async (c) => {
    const query = parseOrThrow(graphQuery, c.req.query(), "query");
    const db = dbOf(c.env.DB);
    const graph = await graphView(db, query);
    if (query.format === "dot") return c.body(toDot(graph), 200, { "Content-Type": "text/vnd.graphviz; charset=utf-8" });
    if (query.format === "graphml") return c.body(toGraphml(graph), 200, { "Content-Type": "application/graphml+xml; charset=utf-8" });
    // Each edge with its latest evidence: every try, its control call and why it counted.
    const latest = await latestEvidence(db);
    return c.json({ ...graph, edges: graph.edges.map((e) => ({ ...e, evidence: latest.get(e.id) ?? null })) });
  });
