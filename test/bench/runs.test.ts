/**
 * KOPA-Bench runs end to end: the runner (a BenchRun object per run) against the scripted model
 * server (a TEST DOUBLE of an OpenAI-compatible server, test/bench/support/scripted-model.ts),
 * the gateway and the sandbox, at a fixed weekday morning.
 */
import { abortAllDurableObjects, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ABSTENTION_TASKS } from "../../src/bench/abstention";
import { BENCH_TASKS } from "../../src/bench/tasks";
import { createTeam, request, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";
import { attemptsOf, getRunView, modelLog, scripted, startRun, waitRun, type AttemptView, type RunView } from "./support/runs";

// A weekday morning at which every gold plan executes; in the past, so the runs' alarms fire at once.
const MORNING = "2026-11-25T09:10:00+09:00";
const FAST = { retries: 1, backoffMs: 10, timeoutMs: 10_000 };

let token: string;
let tenant: SandboxTenant;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(MORNING));
  token = (await createTeam("bench")).token;
  tenant = await SandboxTenant.create("bench");
  await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
  await useTenantKeys(token, tenant.keys);
});

afterAll(() => {
  vi.useRealTimers();
});

const run = (behaviour: string, ids: string[], extra: Record<string, unknown> = {}) =>
  startRun(token, { endpoint: scripted(behaviour), now: MORNING, filter: { ids }, concurrency: 4, ...FAST, ...extra });

function scoreOf(attempts: AttemptView[], itemId: string) {
  const attempt = attempts.find((a) => a.itemId === itemId);
  expect(attempt, itemId).toBeDefined();
  return attempt?.score?.detail as {
    pass: boolean;
    error_type?: string;
    response: { valid: boolean; recall: number };
    action: { valid: boolean; error_type?: string; toolPrecision: number; toolRecall: number; toolF1: number; argAccuracy: number; edges: { gold: number; used: number; recall: number; f1: number }; invalidCalls: { malformed: number; unknownTool: number; total: number }; redundantCalls: number; extraCalls: number; stepsOver: number };
    environment: { valid: boolean };
  };
}

/** This file's gold run samples from this seed up, which tells its requests in the scripted server's log apart. */
const GOLD_SEED = 910_000;

describe("following the gold plan", () => {
  let gold: RunView;

  beforeAll(async () => {
    const started = await startRun(token, { endpoint: scripted("gold"), decoding: { seed: GOLD_SEED }, now: MORNING, concurrency: 8, ...FAST });
    gold = await waitRun(token, started.id, undefined, 120_000);
  }, 150_000);

  it("scores 100% on all 145 tasks, on every metric", () => {
    expect(gold.status).toBe("done");
    const { summary } = gold;
    expect(summary.unscorable).toEqual([]);
    expect(summary.attempts).toMatchObject({ total: BENCH_TASKS.length, scored: BENCH_TASKS.length, passed: BENCH_TASKS.length, modelErrors: 0, infraErrors: 0 });
    expect(summary.pass1.value).toBe(1);
    expect(summary.passK.value).toBe(1);
    expect(summary.errorTypes).toEqual({});
    expect(summary.measures).toMatchObject({ factRecall: 1, toolF1: 1, argAccuracy: 1, edgeF1: 1, actionValid: 1, envSuccess: 1, invalidCalls: 0, redundantCalls: 0, stepsOver: 0 });
    expect(Object.keys(summary.breakdowns["shape"] ?? {}).sort()).toEqual(["comparison", "conditional", "fan_out", "parallel", "reduction", "sequential"]);
    expect(summary.breakdowns["provider"]?.["local"]?.pass1.value).toBe(1);
    expect(summary.pass1.ci[0]).toBeGreaterThan(0.97);
  });

  it("reports the abstention set apart: its requests are not in the 145, and the double's refusals pass", () => {
    const { summary } = gold;
    expect(summary.items).toBe(BENCH_TASKS.length);
    expect(summary.abstention).toMatchObject({ items: ABSTENTION_TASKS.length, attempts: { total: ABSTENTION_TASKS.length, passed: ABSTENTION_TASKS.length }, pass1: { value: 1 }, errorTypes: {} });
  });

  it("re-scores a stored run without calling the model", async () => {
    // Other files ask the same scripted model at the same time: count this run's requests only.
    const ours = async () => (await modelLog("scripted:gold")).filter((e) => (e.seed ?? 0) >= GOLD_SEED).length;
    const before = await ours();
    const res = await request<RunView>(`/v1/bench/runs/${gold.id}/rescore`, { method: "POST", token });
    expect(res.status).toBe(200);
    expect(res.body.summary.pass1).toEqual(gold.summary.pass1);
    expect(res.body.summary.measures).toEqual(gold.summary.measures);
    expect(await ours()).toBe(before);
  });

  it("exports the run as CSV and JSON and ranks it on the leaderboard", async () => {
    const csv = await request(`/v1/bench/runs/${gold.id}/export?format=csv`, { token });
    const lines = csv.text.trim().split("\n");
    expect(lines[0]).toMatch(/^run_id,label,model,suite,mode,item_id,attempt,status,scorable,pass,error_type,/);
    expect(lines).toHaveLength(BENCH_TASKS.length + ABSTENTION_TASKS.length + 1);
    const json = await request<{ attempts: unknown[] }>(`/v1/bench/runs/${gold.id}/export?format=json`, { token });
    expect(json.body.attempts).toHaveLength(BENCH_TASKS.length + ABSTENTION_TASKS.length);
    const board = await request<{ suites: Record<string, { runId: string; items: number; pass1: { value: number }; abstention: { items: number; pass1: { value: number } } | null }[]> }>("/v1/bench/leaderboard?suite=kopa", { token });
    expect(board.body.suites["kopa"]?.[0]).toMatchObject({ runId: gold.id, items: BENCH_TASKS.length, pass1: { value: 1 }, abstention: { items: ABSTENTION_TASKS.length, pass1: { value: 1 } } });
  });
});

describe("calls written in the text", () => {
  // Sequential, parallel (several calls in one turn), fan-out and conditional tasks.
  const ids = ["kb-001", "kb-053", "kb-077", "kb-087", "kb-125"];

  it.each(["hermes", "llama", "mistral"])("parse in the %s dialect and score like native calls", async (dialect) => {
    const done = await waitRun(token, (await run(`gold-${dialect}`, ids)).id);
    expect(done.summary.pass1.value).toBe(1);
    expect(done.summary.measures).toMatchObject({ toolF1: 1, edgeF1: 1, invalidCalls: 0 });
    const attempts = await attemptsOf(token, done.id);
    const dialects = new Set(attempts.flatMap((a) => a.trajectory?.steps.map((s) => s.dialect) ?? []));
    expect([...dialects].sort()).toEqual([dialect, null].sort());
    expect(attempts.some((a) => (a.trajectory?.steps.some((s) => s.calls.length > 1) ?? false))).toBe(true);
  });
});

describe("each kind of mistake is caught by its metric", () => {
  let attempts: Record<string, AttemptView[]> = {};

  beforeAll(async () => {
    const behaviours = {
      wrongTool: "wrong-tool:rtms_apt_trades=rtms_apt_rents",
      wrongArg: "wrong-arg:rtms_apt_trades.numOfRows=999",
      brokenLink: 'broken-link:tour_detail_intro.contentId="126509"',
      missingFact: "missing-fact",
      extraCalls: "extra-calls",
    };
    const runs = await Promise.all(Object.entries(behaviours).map(async ([name, behaviour]) => [name, await run(behaviour, ["kb-001", "kb-053"])] as const));
    const entries = await Promise.all(runs.map(async ([name, started]) => [name, await attemptsOf(token, (await waitRun(token, started.id)).id)] as const));
    attempts = Object.fromEntries(entries);
  }, 60_000);

  it("a wrong tool lowers tool selection and fails the task", () => {
    const s = scoreOf(attempts["wrongTool"] ?? [], "kb-053");
    expect(s.action).toMatchObject({ valid: false, error_type: "wrong_tool:rtms_apt_trades" });
    expect(s.action.toolRecall).toBeLessThan(1);
    expect(s.action.toolPrecision).toBeLessThan(1);
    expect(s.environment.valid).toBe(false);
    expect(s.pass).toBe(false);
  });

  it("a wrong argument lowers argument accuracy with the right tools", () => {
    const s = scoreOf(attempts["wrongArg"] ?? [], "kb-053");
    expect(s.action).toMatchObject({ valid: false, error_type: "wrong_args:s3.numOfRows", toolF1: 1 });
    expect(s.action.argAccuracy).toBeLessThan(1);
  });

  it("a broken link lowers data-flow edge recall with the right tools", () => {
    const s = scoreOf(attempts["brokenLink"] ?? [], "kb-001");
    expect(s.action.toolF1).toBe(1);
    expect(s.action.edges.used).toBeLessThan(s.action.edges.gold);
    expect(s.action.edges.recall).toBeLessThan(1);
  });

  it("a missing fact fails the response and nothing else", () => {
    for (const id of ["kb-001", "kb-053"]) {
      const s = scoreOf(attempts["missingFact"] ?? [], id);
      expect(s).toMatchObject({ pass: false, error_type: expect.stringMatching(/^missing_fact:/) });
      expect(s.action.valid).toBe(true);
      expect(s.environment.valid).toBe(true);
    }
  });

  it("extra calls show as redundant and extra calls and extra steps, while the answer holds", () => {
    const s = scoreOf(attempts["extraCalls"] ?? [], "kb-053");
    expect(s.pass).toBe(true);
    expect(s.action).toMatchObject({ valid: false, redundantCalls: 1, extraCalls: 2, stepsOver: 1 });
    expect(s.action.toolPrecision).toBeLessThan(1);
    expect(s.action.toolRecall).toBe(1);
  });
});

describe("nothing crashes a run", () => {
  it("counts a malformed call and an unknown tool, answered with an error message, and goes on", async () => {
    const [malformed, unknown] = await Promise.all([run("malformed", ["kb-053"]), run("unknown-tool", ["kb-053"])]);
    const m = scoreOf(await attemptsOf(token, (await waitRun(token, malformed.id)).id), "kb-053");
    expect(m.action.invalidCalls).toMatchObject({ malformed: 1, total: 1 });
    expect(m.pass).toBe(true);
    const u = scoreOf(await attemptsOf(token, (await waitRun(token, unknown.id)).id), "kb-053");
    expect(u.action.invalidCalls).toMatchObject({ unknownTool: 1, total: 1 });
    expect(u.pass).toBe(true);
  });

  it("retries a model server that fails once, and fails a run whose server never answers, loudly", async () => {
    const [flaky, broken] = await Promise.all([run("flaky", ["kb-001"]), run("http-500:runs", ["kb-001", "kb-053"])]);
    const f = await waitRun(token, flaky.id);
    expect(f.summary.pass1.value).toBe(1);
    const retries = (await attemptsOf(token, f.id))[0]?.trajectory?.steps.reduce((n, s) => n + s.retries, 0);
    expect(retries).toBeGreaterThanOrEqual(2);
    const b = await waitRun(token, broken.id);
    expect(b.status).toBe("failed");
    expect(b.error).toMatch(/^the model server did not answer: the first 2 attempts failed \(http_5xx: HTTP 500\)/);
    // Errors of the server are not samples of the model: nothing scored, no model failure counted.
    expect(b.summary).toMatchObject({ scoredItems: 0, unscorable: [], attempts: { total: 2, scored: 0, modelErrors: 2 }, errorTypes: {} });
    const attempts = await attemptsOf(token, b.id);
    expect(attempts.map((a) => [a.status, a.trajectory?.stop])).toEqual([
      ["model_error", "model_error"],
      ["model_error", "model_error"],
    ]);
    // One first try and one retry per attempt (retries: 1).
    expect((await modelLog("scripted:http-500:runs")).length).toBe(4);
  });
});

describe("a run interrupted half-way", () => {
  it("resumes without rerunning finished attempts", async () => {
    const ids = BENCH_TASKS.slice(0, 10).map((t) => t.id);
    const started = await run("slow:150", ids, { concurrency: 2 });
    const half = await waitRun(token, started.id, (r) => r.progress.done >= 4);
    const finishedBefore = new Set((await attemptsOf(token, started.id)).map((a) => a.itemId));
    expect(half.status).toBe("running");
    await abortAllDurableObjects();
    const stub = env.BENCH_RUN.get(env.BENCH_RUN.idFromName(started.id));
    await runDurableObjectAlarm(stub);
    const done = await waitRun(token, started.id);
    expect(done.status).toBe("done");
    expect(done.summary.attempts.total).toBe(10);
    expect(done.summary.pass1.value).toBe(1);
    const firstTurns = (await modelLog("scripted:slow:150")).filter((e) => e.turn === 0);
    for (const id of finishedBefore) expect(firstTurns.filter((e) => e.item === id), id).toHaveLength(1);
    // Only attempts in flight at the interruption (at most the concurrency) started twice.
    expect(firstTurns.length - ids.length).toBeLessThanOrEqual(2);
  }, 60_000);
});

describe("replay", () => {
  it("answers from the snapshot and makes no upstream call", async () => {
    const ids = ["kb-013", "kb-053", "kb-077"];
    const live = await waitRun(token, (await run("gold", ids)).id);
    expect(live.summary.pass1.value).toBe(1);
    const snap = await request("/v1/snapshots", { method: "POST", token, body: JSON.stringify({ name: "bench-replay" }) });
    expect(snap.status).toBe(201);
    const before = await tenant.stats();
    const replay = await waitRun(token, (await run("gold", ids, { mode: "replay", snapshot: "bench-replay" })).id);
    expect(replay).toMatchObject({ status: "done", mode: "replay" });
    expect(replay.summary.pass1.value).toBe(1);
    expect((await tenant.stats()).total).toBe(before.total);
    const caches = new Set((await attemptsOf(token, replay.id)).flatMap((a) => a.trajectory?.steps.flatMap((s) => s.calls.map((c) => c.outcome?.cache)) ?? []));
    expect([...caches].every((c) => c === "snapshot" || c === "local")).toBe(true);
  });
});

describe("one pinned world per run", () => {
  it("executes each gold once, records every answer, and answers every sample from the same world", async () => {
    const ids = ["kb-013", "kb-053"];
    const before = (await tenant.stats()).total;
    const started = await run("gold", ids, { n: 3, k: [1, 3] });
    const done = await waitRun(token, started.id);
    expect(done.status).toBe("done");
    expect(done.summary).toMatchObject({ n: 3, k: 3, attempts: { total: 6, scored: 6, passed: 6 } });
    expect(done.summary.byK).toEqual([expect.objectContaining({ k: 1, items: 2, passAt: expect.objectContaining({ value: 1 }) }), expect.objectContaining({ k: 3, items: 2, passHat: expect.objectContaining({ value: 1 }) })]);
    // The gold's calls went upstream once; the six samples were answered from the recorded world.
    const upstreamCalls = (await tenant.stats()).total - before;
    const attempts = await attemptsOf(token, done.id);
    const caches = attempts.flatMap((a) => a.trajectory?.steps.flatMap((s) => s.calls.map((c) => c.outcome?.cache)) ?? []);
    expect(caches.filter((c) => c !== "local").every((c) => c === "snapshot")).toBe(true);
    const world = (await request<{ snapshots: { name: string; entryCount: number; at: string | null; taskSet: string | null; catalogVersion: string | null }[] }>("/v1/snapshots", { token })).body.snapshots.find((s) => s.name === `bench-run-${done.id}`);
    expect(world).toMatchObject({ at: new Date(MORNING).toISOString(), taskSet: expect.stringMatching(/^t-/), catalogVersion: expect.stringMatching(/^c-/) });
    expect(upstreamCalls).toBe(world?.entryCount);
    // Each sample its own seed.
    const seeds = (await modelLog("scripted:gold")).filter((e) => e.item === "kb-013" && e.turn === 0).slice(-3);
    expect(seeds.map((e) => e.seed).sort()).toEqual([0, 1, 2]);
  });

  it("moves the sandbox clock to the run's instant: arrivals of the morning, though the upstream stood at 03:00", async () => {
    await tenant.configure({ clock: { mode: "fixed", at: "2026-11-25T03:00:00+09:00" } });
    try {
      const done = await waitRun(token, (await run("gold", ["kb-065", "kb-066"])).id);
      expect(done.summary.unscorable).toEqual([]);
      expect(done.summary.pass1.value).toBe(1);
      expect((await tenant.stats()).clock).toEqual({ mode: "fixed", at: new Date(MORNING).toISOString() });
    } finally {
      await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
    }
  });

  it("a run from a pinned snapshot takes its instant and refuses another, and is ranked on its own board", async () => {
    const ids = ["kb-013"];
    let replayId = "";
    const first = await waitRun(token, (await run("gold", ids)).id);
    const exported = await request(`/v1/snapshots/bench-run-${first.id}/export`, { token });
    const renamed = exported.text.replace(`"name":"bench-run-${first.id}"`, '"name":"pinned-morning"');
    expect((await request("/v1/snapshots/import", { method: "POST", token, body: renamed })).status).toBe(201);
    vi.setSystemTime(new Date("2026-11-26T03:00:00+09:00"));
    try {
      const replay = await waitRun(token, (await startRun(token, { endpoint: scripted("gold"), mode: "replay", snapshot: "pinned-morning", filter: { ids }, ...FAST })).id);
      replayId = replay.id;
      expect(replay).toMatchObject({ status: "done", now: new Date(MORNING).toISOString() });
      expect(replay.summary.pass1.value).toBe(1);
      const [a, b] = [await attemptsOf(token, first.id), await attemptsOf(token, replay.id)];
      expect(b[0]?.trajectory?.final).toBe(a[0]?.trajectory?.final);
    } finally {
      vi.setSystemTime(new Date(MORNING));
    }
    const other = await request<{ error: { code: string; field?: string } }>("/v1/bench/runs", { method: "POST", token, body: JSON.stringify({ endpoint: scripted("gold"), mode: "replay", snapshot: "pinned-morning", now: "2026-11-25T15:00:00+09:00", filter: { ids } }) });
    expect(other.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "now" });
    // Ranked apart from the live runs: one board per task set, world and catalog.
    type Board = { suite: string; taskSet: string | null; snapshot: string | null; catalogVersion: string | null; entries: { runId: string; snapshot: string | null }[] };
    const boards = (await request<{ boards: Board[] }>("/v1/bench/leaderboard?suite=kopa", { token })).body.boards;
    const pinned = boards.find((b) => b.snapshot === "pinned-morning");
    expect(pinned?.entries.map((e) => e.runId)).toContain(replayId);
    expect(pinned).toMatchObject({ taskSet: expect.stringMatching(/^t-/), catalogVersion: expect.stringMatching(/^c-/) });
    expect(boards.find((b) => b.snapshot === null)?.entries.map((e) => e.runId)).toContain(first.id);
    for (const board of boards) expect(new Set(board.entries.map((e) => e.snapshot))).toEqual(new Set([board.snapshot]));
  });
});

describe("the run's own moment", () => {
  it("is the moment local tools compute at, whatever the Worker's clock says", async () => {
    // The Worker's clock stands late that night; the run is set at 09:10. kb-013 asks kma_base_time
    // for the latest observation: 0800 at the run's moment, 2300 by the Worker's clock (a base time
    // the sandbox, standing at 09:10, has not published), so only the run's moment makes gold work.
    vi.setSystemTime(new Date("2026-11-25T23:50:00+09:00"));
    try {
      const late = await waitRun(token, (await run("gold", ["kb-013"])).id);
      expect(late.summary.unscorable).toEqual([]);
      expect(late.summary.pass1.value).toBe(1);
      const [attempt] = await attemptsOf(token, late.id);
      const base = attempt?.trajectory?.steps.flatMap((s) => s.calls).find((c) => c.name === "kma_base_time");
      expect(base?.outcome?.result?.items).toEqual([{ base_date: "20261125", base_time: "0800" }]);
    } finally {
      vi.setSystemTime(new Date(MORNING));
    }
  });
});

describe("the task set in D1", () => {
  it("is loaded from the versioned files at first use and re-synced on request", async () => {
    const listed = await request<{ stats: { total: number; meanCalls: number }; tasks: { id: string; providers: string[] }[] }>("/v1/bench/tasks", { token });
    expect(listed.body.stats.total).toBe(BENCH_TASKS.length);
    expect(listed.body.tasks.find((t) => t.id === "kb-053")?.providers).toEqual(["juso_search", "local", "molit_rtms"]);
    const sync = await request<{ added: number; updated: number; unchanged: number }>("/v1/bench/tasks:sync", { method: "POST", token });
    expect(sync.body).toEqual({ added: 0, updated: 0, unchanged: BENCH_TASKS.length, total: BENCH_TASKS.length });
  });
});

describe("secrets and validation", () => {
  const canary = "sk-canary-5b0f0d3e9a7c4b21";
  const accessSecret = "cf-access-canary-77d2e1";

  it("sends the API key and Access headers, and stores or shows neither", async () => {
    const started = await startRun(token, { endpoint: scripted("gold", { apiKey: canary, access: { clientId: "client.access", clientSecret: accessSecret } }), now: MORNING, filter: { ids: ["kb-013"] }, ...FAST });
    const done = await waitRun(token, started.id);
    expect(done.endpoint).toMatchObject({ apiKey: true, access: true });
    const log = await modelLog("scripted:gold");
    expect(log.filter((e) => e.item === "kb-013").some((e) => e.authorization && e.access)).toBe(true);
    const shown = [JSON.stringify(done), (await request(`/v1/bench/runs/${done.id}/attempts`, { token })).text, (await request(`/v1/bench/runs/${done.id}/export?trajectories=1`, { token })).text];
    const tables = ["bench_runs", "bench_attempts", "bench_scores", "bench_gold"];
    for (const table of tables) shown.push(JSON.stringify((await env.DB.prepare(`SELECT * FROM ${table}`).all()).results));
    for (const text of shown) {
      expect(text).not.toContain(canary);
      expect(text).not.toContain(accessSecret);
    }
  });

  it("refuses bad run requests with the field at fault", async () => {
    const post = (body: Record<string, unknown>) => request<{ error: { code: string; field?: string } }>("/v1/bench/runs", { method: "POST", token, body: JSON.stringify(body) });
    expect((await post({ endpoint: scripted("gold"), mode: "replay" })).body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "snapshot" });
    expect((await post({ endpoint: scripted("gold"), mode: "replay", snapshot: "no-such-snapshot" })).body.error).toMatchObject({ code: "SNAPSHOT_NOT_FOUND" });
    expect((await post({ endpoint: scripted("gold"), filter: { ids: ["kb-999"] } })).body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "filter" });
    expect((await post({ endpoint: { baseUrl: "http://user:pw@gpu.example", model: "m" } })).body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "endpoint.baseUrl" });
    expect((await post({ endpoint: scripted("gold"), suite: "bfcl:live_simple" })).body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "suite" });
    expect((await post({ endpoint: scripted("gold"), n: 2, k: [1, 4] })).body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "k" });
    const other = await createTeam("bench-other");
    const mine = await getRunView(token, (await run("gold", ["kb-013"])).id);
    expect((await request(`/v1/bench/runs/${mine.id}`, { token: other.token })).status).toBe(404);
  });
});
