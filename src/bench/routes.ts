/**
 * /v1/bench: the task set, runs (start, progress, attempts with trajectories, re-score, cancel,
 * export) and the leaderboard. A team sees only its own runs.
 */
import { z } from "zod";
import { ApiError } from "../app/errors";
import { jsonBody, newApp, parseOrThrow } from "../app/new-app";
import { dbOf, type Db } from "../db/client";
import { upstreamOrigin } from "../config/upstream";
import { createWorldSnapshot, findSnapshot, worldOf } from "../gateway/snapshots";
import { allowedModelUrl, modelUrlPolicy } from "../outbound/model-url";
import { runCsv } from "./export";
import { publicEndpoint, secretsOf } from "./model";
import { kopaToolList } from "./attempt";
import { createRunSchema, paramsOf, suiteSchema, type CreateRun } from "./params";
import { rescoreRun, summaryOf } from "./results";
import { sealSecrets } from "./run-object";
import type { RunSummary } from "./stats";
import { getRun, insertRun, listAttempts, listGold, listRuns, listScores, loadTasks, runStatusSchema, syncTasks, taskSetHash, type RunRow } from "./store";
import { selectItems } from "./suite";
import { taskStats } from "./tasks";
import { minCallCount } from "./task";
import { ABSTENTION_TASKS } from "./abstention";
import { catalogVersion } from "./world";

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
    params: { ...run.params, k: Math.max(...run.params.ks) },
    taskSet: run.taskSet,
    catalogVersion: run.catalogVersion,
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
    taskSet: run.taskSet,
    catalogVersion: run.catalogVersion,
    n: run.params.n,
    k: Math.max(...run.params.ks),
    items: summary.items,
    scoredItems: summary.scoredItems,
    unscorable: summary.unscorable.length,
    pass1: summary.pass1,
    passK: summary.passK,
    byK: summary.byK ?? [],
    measures: run.suite === "kopa" ? { toolF1: m["toolF1"], argAccuracy: m["argAccuracy"], edgeF1: m["edgeF1"], envSuccess: m["envSuccess"], factRecall: m["factRecall"] } : { accuracy: m["accuracy"] },
    breakdown: run.suite === "kopa" ? summary.breakdowns["shape"] : summary.breakdowns["category"],
    /** KOPA-Bench's abstention set, ranked apart from the tasks (null when the run left it out). */
    abstention: summary.abstention ? { items: summary.abstention.items, pass1: summary.abstention.pass1 } : null,
    finishedAt: iso(run.finishedAt),
  };
}

/** The tool list a run sends: as asked, else compact when the full list would take over a quarter of the context budget. */
function toolListOf(input: CreateRun): "full" | "compact" {
  if (input.toolList) return input.toolList;
  if (input.contextChars === 0 || input.suite !== "kopa") return "full";
  return JSON.stringify(kopaToolList("full")).length > input.contextChars / 4 ? "compact" : "full";
}

/**
 * The run's pinned world: its instant, and the snapshot it records into and replays from. From a
 * frozen snapshot, the instant is the snapshot's and its answers are copied in; the snapshot must
 * have been recorded for this task set and catalog, or its answers would not be the gold's.
 * Without one, the world is recorded from the upstream at the run's instant, which can be moved
 * only where the upstream's clock follows it (the sandbox replica).
 */
async function pinWorld(env: Env, db: Db, team: { id: string; name: string }, runId: string, input: CreateRun) {
  const [taskSet, catalog] = await Promise.all([taskSetHash(db), catalogVersion()]);
  const base = input.snapshot ? await findSnapshot(db, team.id, input.snapshot) : null;
  let now: number;
  if (base && base.at !== null) {
    if (input.now && Date.parse(input.now) !== base.at) throw new ApiError("INVALID_ARGUMENT", `snapshot ${input.snapshot} is pinned at ${worldOf(base).at}; a run from it runs at that instant`, "now");
    if (base.taskSet !== null && base.taskSet !== taskSet) throw new ApiError("CONFLICT", `snapshot ${input.snapshot} was recorded for task set ${base.taskSet}, this server has ${taskSet}: record a new one (npm run bench:snapshot)`, "snapshot");
    if (base.catalogVersion !== null && base.catalogVersion !== catalog) throw new ApiError("CONFLICT", `snapshot ${input.snapshot} was recorded under catalog ${base.catalogVersion}, this server has ${catalog}: record a new one (npm run bench:snapshot)`, "snapshot");
    now = base.at;
  } else {
    now = input.now ? Date.parse(input.now) : Date.now();
    const origin = upstreamOrigin(env, [...(await loadTasks(db))].flatMap((t) => t.task.plan.map((s) => s.tool)));
    if (!base && input.now && origin !== "replica" && origin !== "local") {
      throw new ApiError("INVALID_ARGUMENT", "now moves the run's clock, but the real upstream hosts answer as of today: replay a snapshot recorded at that instant instead", "now");
    }
  }
  const world = await createWorldSnapshot(
    db,
    team,
    { name: `bench-run-${runId}`, description: `the pinned world of bench run ${runId}${base ? ` (from ${input.snapshot})` : ""}`, at: new Date(now).toISOString(), catalogVersion: catalog, taskSet },
    base,
  );
  return { now, world: world.id, taskSet, catalogVersion: catalog };
}

export const benchRoutes = newApp()
  .get("/tasks", async (c) => {
    const tasks = await loadTasks(dbOf(c.env.DB));
    return c.json({
      stats: taskStats(tasks.map((t) => t.task)),
      tasks: tasks.map(({ task, providers }) => ({ id: task.id, shape: task.shape, level: task.level, request: task.request, providers, goldCalls: task.plan.length, minGoldCalls: minCallCount(task), facts: task.answer.facts.map((f) => f.name) })),
      // Requests no catalogued tool answers: scored on saying so, reported apart from the tasks.
      abstention: ABSTENTION_TASKS.map((t) => ({ id: t.id, domain: t.domain, request: t.request })),
    });
  })
  .post("/tasks:sync", async (c) => c.json(await syncTasks(dbOf(c.env.DB))))
  .post("/runs", async (c) => {
    const input = parseOrThrow(createRunSchema, await jsonBody(c));
    allowedModelUrl(modelUrlPolicy(c.env), input.endpoint.baseUrl, "endpoint.baseUrl");
    const db = dbOf(c.env.DB);
    const team = c.get("team");
    const items = await selectItems(db, input.suite, input.filter);
    if (items.length === 0) throw new ApiError("INVALID_ARGUMENT", "the filter selects no item of the suite", "filter");
    const id = crypto.randomUUID();
    const endpoint = publicEndpoint(input.endpoint);
    const pinned = input.suite === "kopa" ? await pinWorld(c.env, db, team, id, input) : { now: input.now ? Date.parse(input.now) : Date.now(), world: null, taskSet: null, catalogVersion: null };
    await insertRun(db, {
      id,
      teamId: team.id,
      suite: input.suite,
      label: input.label ?? input.endpoint.model,
      endpoint,
      params: paramsOf(input, toolListOf(input)),
      mode: input.mode,
      snapshot: input.snapshot ?? null,
      now: pinned.now,
      items: items.map((i) => i.id),
      catalogVersion: pinned.catalogVersion,
      taskSet: pinned.taskSet,
      world: pinned.world,
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
    // Runs are ranked together only when they ran the same task set, in the same world (snapshot)
    // and under the same tool catalog: one board per such key.
    type Entry = NonNullable<ReturnType<typeof leaderboardEntry>>;
    const boards = new Map<string, { suite: string; taskSet: string | null; snapshot: string | null; catalogVersion: string | null; latest: number; entries: Entry[] }>();
    for (const run of runs) {
      const entry = leaderboardEntry(run);
      if (!entry) continue;
      const key = JSON.stringify([run.suite, run.taskSet, run.snapshot, run.catalogVersion]);
      const board = boards.get(key) ?? { suite: run.suite, taskSet: run.taskSet, snapshot: run.snapshot, catalogVersion: run.catalogVersion, latest: 0, entries: [] };
      board.entries.push(entry);
      board.latest = Math.max(board.latest, run.finishedAt ?? run.createdAt);
      boards.set(key, board);
    }
    const ordered = [...boards.values()].sort((a, b) => a.suite.localeCompare(b.suite) || b.latest - a.latest);
    for (const board of ordered) board.entries.sort((a, b) => b.pass1.value - a.pass1.value || b.passK.value - a.passK.value);
    // `suites` keeps one board per suite (its most recent) for readers that show one list.
    const suites: Record<string, Entry[]> = {};
    for (const board of ordered) suites[board.suite] ??= board.entries;
    return c.json({ boards: ordered.map(({ latest: _latest, ...board }) => board), suites });
  });
