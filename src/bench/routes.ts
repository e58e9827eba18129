/**
 * /v1/bench: the task set, runs (start, progress, attempts with trajectories, re-score, cancel,
 * export) and the leaderboard. A team sees only its own runs.
 */
import { z } from "zod";
import { ApiError } from "../app/errors";
import { jsonBody, newApp, parseOrThrow } from "../app/new-app";
import { dbOf, type Db } from "../db/client";
import { findSnapshot } from "../gateway/snapshots";
import { allowedModelUrl, modelUrlPolicy } from "../outbound/model-url";
import { runCsv } from "./export";
import { publicEndpoint, secretsOf } from "./model";
import { createRunSchema, paramsOf, suiteSchema } from "./params";
import { rescoreRun, summaryOf } from "./results";
import { sealSecrets } from "./run-object";
import type { RunSummary } from "./stats";
import { getRun, insertRun, listAttempts, listGold, listRuns, listScores, loadTasks, runStatusSchema, syncTasks, type RunRow } from "./store";
import { selectItems } from "./suite";
import { taskStats } from "./tasks";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function ownRun(db: Db, teamId: string, id: string): Promise<RunRow> {
  const run = await getRun(db, id);
  if (!run || run.teamId !== teamId) throw new ApiError("NOT_FOUND", "no benchmark run with that id", "id");
  return run;
}

async function runView(env: Env, db: Db, run: RunRow) {
  const active = run.status === "queued" || run.status === "running";
  const inFlight = active ? (await env.BENCH_RUN.get(env.BENCH_RUN.idFromName(run.id)).progress()).inFlight : [];
  const summary = (run.summary as RunSummary | null) ?? (await summaryOf(db, run));
  return {
    id: run.id,
    label: run.label,
    suite: run.suite,
    model: run.model,
    endpoint: run.endpoint,
    mode: run.mode,
    snapshot: run.snapshot,
    now: iso(run.now),
    status: run.status,
    params: run.params,
    progress: { items: run.items.length, planned: run.attemptsPlanned, done: run.attemptsDone, inFlight, percent: run.attemptsPlanned === 0 ? 100 : Math.round((run.attemptsDone / run.attemptsPlanned) * 1000) / 10 },
    summary,
    error: run.error,
    createdAt: iso(run.createdAt),
    finishedAt: iso(run.finishedAt),
  };
}

export const benchAttemptsQuery = z.object({
  item: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const benchExportQuery = z.object({ format: z.enum(["json", "csv"]).default("json"), trajectories: z.enum(["0", "1"]).default("0") });
export const benchRunsQuery = z.object({ suite: suiteSchema.optional(), status: runStatusSchema.optional() });
export const benchLeaderboardQuery = z.object({ suite: suiteSchema.optional() });

function leaderboardEntry(run: RunRow) {
  const summary = run.summary as RunSummary | null;
  if (!summary) return null;
  const m = summary.measures;
  return {
    runId: run.id,
    label: run.label,
    model: run.model,
    mode: run.mode,
    snapshot: run.snapshot,
    k: run.params.k,
    items: summary.items,
    scoredItems: summary.scoredItems,
    unscorable: summary.unscorable.length,
    pass1: summary.pass1,
    passK: summary.passK,
    measures: run.suite === "kopa" ? { toolF1: m["toolF1"], argAccuracy: m["argAccuracy"], edgeF1: m["edgeF1"], envSuccess: m["envSuccess"], factRecall: m["factRecall"] } : { accuracy: m["accuracy"] },
    breakdown: run.suite === "kopa" ? summary.breakdowns["shape"] : summary.breakdowns["category"],
    finishedAt: iso(run.finishedAt),
  };
}

export const benchRoutes = newApp()
  .get("/tasks", async (c) => {
    const tasks = await loadTasks(dbOf(c.env.DB));
    return c.json({
      stats: taskStats(tasks.map((t) => t.task)),
      tasks: tasks.map(({ task, providers }) => ({ id: task.id, shape: task.shape, level: task.level, request: task.request, providers, goldCalls: task.plan.length, facts: task.answer.facts.map((f) => f.name) })),
    });
  })
  .post("/tasks:sync", async (c) => c.json(await syncTasks(dbOf(c.env.DB))))
  .post("/runs", async (c) => {
    const input = parseOrThrow(createRunSchema, await jsonBody(c));
    allowedModelUrl(modelUrlPolicy(c.env), input.endpoint.baseUrl, "endpoint.baseUrl");
    const db = dbOf(c.env.DB);
    if (input.snapshot) await findSnapshot(db, c.get("team").id, input.snapshot);
    const items = await selectItems(db, input.suite, input.filter);
    if (items.length === 0) throw new ApiError("INVALID_ARGUMENT", "the filter selects no item of the suite", "filter");
    const id = crypto.randomUUID();
    const endpoint = publicEndpoint(input.endpoint);
    await insertRun(db, {
      id,
      teamId: c.get("team").id,
      suite: input.suite,
      label: input.label ?? input.endpoint.model,
      endpoint,
      params: paramsOf(input),
      mode: input.mode,
      snapshot: input.snapshot ?? null,
      now: input.now ? Date.parse(input.now) : Date.now(),
      items: items.map((i) => i.id),
    });
    await c.env.BENCH_RUN.get(c.env.BENCH_RUN.idFromName(id)).start(id, await sealSecrets(c.env.MASTER_KEY, secretsOf(input.endpoint)));
    const run = await ownRun(db, c.get("team").id, id);
    return c.json(await runView(c.env, db, run), 202);
  })
  .get("/runs", async (c) => {
    const query = parseOrThrow(benchRunsQuery, c.req.query(), "query");
    const runs = await listRuns(dbOf(c.env.DB), c.get("team").id, query);
    return c.json({
      runs: runs.map((r) => ({ id: r.id, label: r.label, suite: r.suite, model: r.model, mode: r.mode, status: r.status, planned: r.attemptsPlanned, done: r.attemptsDone, pass1: (r.summary as RunSummary | null)?.pass1 ?? null, createdAt: iso(r.createdAt), finishedAt: iso(r.finishedAt) })),
    });
  })
  .get("/runs/:id", async (c) => {
    const db = dbOf(c.env.DB);
    return c.json(await runView(c.env, db, await ownRun(db, c.get("team").id, c.req.param("id"))));
  })
  .get("/runs/:id/attempts", async (c) => {
    const db = dbOf(c.env.DB);
    const run = await ownRun(db, c.get("team").id, c.req.param("id"));
    const query = parseOrThrow(benchAttemptsQuery, c.req.query(), "query");
    const [attempts, scores, gold] = await Promise.all([
      listAttempts(db, run.id, { ...(query.item ? { itemIds: [query.item] } : {}), limit: query.limit, offset: query.offset }),
      listScores(db, run.id),
      listGold(db, run.id),
    ]);
    const byKey = new Map(scores.map((s) => [`${s.itemId}#${s.attempt}`, s]));
    return c.json({
      attempts: attempts.map((a) => {
        const score = byKey.get(`${a.itemId}#${a.attempt}`);
        const g = gold.get(a.itemId);
        return {
          ...a,
          startedAt: iso(a.startedAt),
          finishedAt: iso(a.finishedAt),
          score: score ? { scorable: score.scorable, pass: score.pass, errorType: score.errorType, detail: score.detail } : null,
          gold: g ? { ok: g.ok, reason: g.reason, facts: g.run.facts, calls: g.run.steps.filter((s) => !s.skipped).map((s) => ({ id: s.id, tool: s.tool, args: s.args })) } : null,
        };
      }),
    });
  })
  .post("/runs/:id/rescore", async (c) => {
    const db = dbOf(c.env.DB);
    const run = await ownRun(db, c.get("team").id, c.req.param("id"));
    if (run.status === "queued" || run.status === "running") throw new ApiError("CONFLICT", "the run is still going; re-score it once it has ended", "id");
    await rescoreRun(db, run.id);
    return c.json(await runView(c.env, db, await ownRun(db, c.get("team").id, run.id)));
  })
  .post("/runs/:id/cancel", async (c) => {
    const db = dbOf(c.env.DB);
    const run = await ownRun(db, c.get("team").id, c.req.param("id"));
    if (run.status === "queued" || run.status === "running") await c.env.BENCH_RUN.get(c.env.BENCH_RUN.idFromName(run.id)).cancel();
    return c.json(await runView(c.env, db, await ownRun(db, c.get("team").id, run.id)));
  })
  .get("/runs/:id/export", async (c) => {
    const db = dbOf(c.env.DB);
    const run = await ownRun(db, c.get("team").id, c.req.param("id"));
    const query = parseOrThrow(benchExportQuery, c.req.query(), "query");
    const [attempts, scores] = await Promise.all([listAttempts(db, run.id, { withTrajectory: query.trajectories === "1" }), listScores(db, run.id)]);
    if (query.format === "csv") {
      return c.body(runCsv(run, attempts, scores), 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="bench-${run.id}.csv"` });
    }
    const byKey = new Map(scores.map((s) => [`${s.itemId}#${s.attempt}`, s]));
    return c.json({
      run: await runView(c.env, db, run),
      attempts: attempts.map((a) => ({ ...a, ...(query.trajectories === "1" ? {} : { trajectory: undefined }), score: byKey.get(`${a.itemId}#${a.attempt}`) ?? null })),
    });
  })
  .get("/leaderboard", async (c) => {
    const query = parseOrThrow(benchLeaderboardQuery, c.req.query(), "query");
    const runs = await listRuns(dbOf(c.env.DB), c.get("team").id, { status: "done", ...(query.suite ? { suite: query.suite } : {}) });
    const suites: Record<string, NonNullable<ReturnType<typeof leaderboardEntry>>[]> = {};
    for (const run of runs) {
      const entry = leaderboardEntry(run);
      if (entry) (suites[run.suite] ??= []).push(entry);
    }
    for (const list of Object.values(suites)) list.sort((a, b) => b.pass1.value - a.pass1.value || b.passK.value - a.passK.value);
    return c.json({ suites });
  });
