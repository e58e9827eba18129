/** /v1/synth/jobs (start, progress, cancel, examples) and /v1/datasets/:id/export. A team sees only its own jobs. */
import { loadCatalog } from "../catalog/import/sync";
import { z } from "zod";
import { ApiError } from "../app/errors";
import { jsonBody, newApp, parseOrThrow } from "../app/new-app";
import { catalogTools } from "../catalog";
import { upstreamOrigin } from "../config/upstream";
import { dbOf, type Db } from "../db/client";
import { currentVersion, listEdges } from "../graph/store";
import { routesOver, unwalkedReasons } from "./intent-plan";
import { datasetCard, EXPORT_FORMATS, exportJsonl } from "./export";
import { publicEndpoint, secretsOf } from "../bench/model";
import { allowedModelUrl, modelUrlPolicy } from "../outbound/model-url";
import { sealSecrets } from "../bench/run-object";
import type { Instants } from "./instants";
import { getSynthJob, insertSynthJob, listExamples, rejectionsOf, synthRequestSchema, type SynthJobRow, type SynthParams } from "./store";

function view(job: SynthJobRow) {
  return { ...job, createdAt: new Date(job.createdAt).toISOString(), updatedAt: new Date(job.updatedAt).toISOString(), finishedAt: job.finishedAt ? new Date(job.finishedAt).toISOString() : null };
}

async function jobOr404(db: Db, teamId: string, id: string): Promise<SynthJobRow> {
  const job = await getSynthJob(db, id);
  if (!job || job.teamId !== teamId) throw new ApiError("NOT_FOUND", "no synthesis job with that id", "id");
  return job;
}

/** Whether the sandbox answers every upstream tool a job may call (imported ones pass any provider filter, as in the job). */
function onSandbox(env: Env, providers: readonly string[] | undefined): boolean {
  const tools = [...catalogTools()].filter((t) => t.kind === "upstream" && (providers === undefined || providers.includes(t.provider) || t.provider.startsWith("x_")));
  return ["replica", "local"].includes(upstreamOrigin(env, tools.map((t) => t.name)));
}

/**
 * How a job's walks get their instants: as asked, else spread when the sandbox answers every call
 * live. Real hosts answer only now, and a snapshot only what it recorded at one time.
 */
function instantsOf(env: Env, body: { instants?: Instants | undefined; providers?: readonly string[] | undefined; snapshot?: string | undefined }): Instants {
  const sandbox = onSandbox(env, body.providers);
  if (body.instants === "spread" && body.snapshot !== undefined) throw new ApiError("INVALID_ARGUMENT", "a snapshot holds the answers of the moment it was recorded: spread instants need live calls to the sandbox", "instants");
  if (body.instants === "spread" && !sandbox) throw new ApiError("INVALID_ARGUMENT", "real hosts answer only now: spread instants need every provider of the job on the sandbox", "instants");
  return body.instants ?? (sandbox && body.snapshot === undefined ? "spread" : "now");
}

export const examplesQuery = z.object({
  kept: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const synthRoutes = newApp()
  .post("/jobs", async (c) => {
    const body = parseOrThrow(synthRequestSchema, await jsonBody(c));
    if (body.writer) allowedModelUrl(modelUrlPolicy(c.env), body.writer.endpoint.baseUrl, "writer.endpoint.baseUrl");
    // The writer's secrets go sealed to the job object, never to D1.
    const sealed = body.writer ? await sealSecrets(c.env.MASTER_KEY, secretsOf(body.writer.endpoint)) : null;
    const db = dbOf(c.env.DB);
    // Imported tools count too: whether the sandbox answers them is read from their hosts.
    await loadCatalog(db);
    const params: SynthParams = { ...body, instants: instantsOf(c.env, body), writer: body.writer ? { ...body.writer, endpoint: publicEndpoint(body.writer.endpoint) } : undefined };
    const graphVersion = await currentVersion(db);
    if (graphVersion === 0) throw new ApiError("CONFLICT", "the EDGE graph has no verified edges yet: POST /v1/graph/build, then /v1/graph/verify");
    const id = crypto.randomUUID();
    await insertSynthJob(db, { id, teamId: c.get("team").id, params, graphVersion }, Date.now());
    await c.env.SYNTH_JOB.get(c.env.SYNTH_JOB.idFromName(id)).start(id, sealed);
    return c.json(view(await jobOr404(db, c.get("team").id, id)), 202);
  })
  .get("/jobs/:id", async (c) => c.json(view(await jobOr404(dbOf(c.env.DB), c.get("team").id, c.req.param("id")))))
  .delete("/jobs/:id", async (c) => {
    const db = dbOf(c.env.DB);
    const job = await jobOr404(db, c.get("team").id, c.req.param("id"));
    await c.env.SYNTH_JOB.get(c.env.SYNTH_JOB.idFromName(job.id)).cancel();
    return c.json(view(await jobOr404(db, job.teamId, job.id)));
  })
  .get("/jobs/:id/examples", async (c) => {
    const query = parseOrThrow(examplesQuery, c.req.query(), "query");
    const db = dbOf(c.env.DB);
    const job = await jobOr404(db, c.get("team").id, c.req.param("id"));
    return c.json({ examples: await listExamples(db, job.id, query) });
  });

export const exportQuery = z.object({ format: z.enum([...EXPORT_FORMATS, "card"]).default("openai") });

export const datasetRoutes = newApp().get("/:id/export", async (c) => {
  const { format } = parseOrThrow(exportQuery, c.req.query(), "query");
  const db = dbOf(c.env.DB);
  const job = await jobOr404(db, c.get("team").id, c.req.param("id"));
  const kept = await listExamples(db, job.id, { kept: true });
  // The tools offered with an example include imported ones: their specs are read first.
  await loadCatalog(db);
  if (format === "card") {
    // Verified edges no kept example walks, and why: the card lists each one.
    const verified = (await listEdges(db, { status: ["verified"] })).map((e) => ({ id: e.id, from: e.fromTool, to: e.toTool, bindings: e.bindings }));
    const unmeant = unwalkedReasons(verified, routesOver(verified));
    const card = datasetCard({
      jobId: job.id,
      params: job.params,
      graphVersion: job.graphVersion,
      catalogTools: [...catalogTools()].length,
      kept,
      rejected: job.progress.rejected,
      failed: job.progress.failed,
      planned: job.progress.planned,
      walks: job.progress.done,
      rejections: await rejectionsOf(db, job.id),
      verified: verified.map((e) => ({ id: e.id, name: `${e.from} → ${e.to}`, ...(unmeant.has(e.id) ? { unmeant: unmeant.get(e.id) } : {}) })),
    });
    return c.body(card, 200, { "Content-Type": "text/markdown; charset=utf-8" });
  }
  const body = exportJsonl(kept, format, { graphVersion: job.graphVersion, snapshot: job.params.snapshot ?? null });
  return c.body(body, 200, { "Content-Type": "application/x-ndjson; charset=utf-8", "Content-Disposition": `attachment; filename="${job.id}.${format}.jsonl"` });
});
