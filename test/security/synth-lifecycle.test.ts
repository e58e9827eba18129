/**
 * A synthesis job that ended takes nothing more from its walks (finding 16): a walk parked on a
 * quota that comes back after its job is done adds no example to the finished dataset, and
 * cancelling a job stops its walks in flight where they are.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { dbOf } from "../../src/db/client";
import type { WalkPlan } from "../../src/synth/plan";
import { emptySynthProgress, getSynthJob, insertSynthJob, synthParamsSchema, updateSynthJob } from "../../src/synth/store";
import { walkStateSchema, type WalkState } from "../../src/synth/walk";
import { createTeam, request, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let team: { id: string; token: string };
let tenant: SandboxTenant;

/** 서울숲 → its position → KMA grid → the current observation: three upstream steps. */
const plan: WalkPlan = {
  id: "lifecycle",
  shape: "sequential",
  seed: "lifecycle",
  edges: [],
  steps: [
    { id: "s1", tool: "tour_search_keyword", args: { keyword: { from: "user", value: "서울숲" } }, slot: 0 },
    { id: "s2", tool: "kma_grid_from_wgs84", args: { lat: { from: "step", step: "s1", field: "mapy", slot: 0 }, lon: { from: "step", step: "s1", field: "mapx", slot: 0 } }, slot: 0 },
    {
      id: "s3",
      tool: "kma_ultra_srt_ncst",
      args: {
        nx: { from: "step", step: "s2", field: "nx", slot: 0 },
        ny: { from: "step", step: "s2", field: "ny", slot: 0 },
        base_date: { from: "time", token: "kma.ncst.base_date" },
        base_time: { from: "time", token: "kma.ncst.base_time" },
      },
      slot: 0,
    },
  ],
};

const walk = (id: string) => env.SYNTH_WALK.get(env.SYNTH_WALK.idFromName(id));
const job = (id: string) => env.SYNTH_JOB.get(env.SYNTH_JOB.idFromName(id));
const walkState = async (id: string): Promise<WalkState | null> => {
  const json = await walk(id).stateJson();
  return json ? walkStateSchema.parse(JSON.parse(json)) : null;
};
const examples = async (jobId: string) => (await env.DB.prepare("SELECT count(*) AS n FROM synth_examples WHERE job_id = ?").bind(jobId).first<{ n: number }>())?.n ?? 0;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** A job row and its object's storage, with one walk in flight or parked. */
async function jobWith(jobId: string, walkId: string, where: "inFlight" | "parked"): Promise<void> {
  const params = synthParamsSchema.parse({ target: 1, concurrency: 1, seed: jobId });
  await insertSynthJob(dbOf(env.DB), { id: jobId, teamId: team.id, params, graphVersion: 1 }, Date.now());
  await updateSynthJob(dbOf(env.DB), jobId, { status: "running" }, Date.now());
  await runInDurableObject(job(jobId), async (_instance, state) => {
    const usage = { edges: [], tools: [], seen: [] };
    const walks = { inFlight: where === "inFlight" ? [walkId] : [], parked: where === "parked" ? [walkId] : [] };
    await state.storage.put("job", { jobId, sealed: null, progress: { ...emptySynthProgress(), planned: 1 }, keptSignatures: [], ...walks, spawned: 1, exhausted: [], usage, shapeCounts: {} });
  });
}

/** A walk's first state; each test walks from its own place, so that no cached answer hurries it. */
function startState(jobId: string, keyword: string): WalkState {
  const steps = plan.steps.map((s) => (s.id === "s1" ? { ...s, args: { keyword: { from: "user" as const, value: keyword } } } : s));
  return { plan: { ...plan, id: jobId, seed: jobId, steps }, jobId, teamId: team.id, snapshot: null, now: Date.now(), steps: [], status: "running", reason: null, retries: 0, upstreamCalls: 0 };
}

// Real time: walks step on alarms, which follow workerd's own clock.
beforeAll(async () => {
  vi.useRealTimers();
  team = await createTeam("lifecycle");
  tenant = await SandboxTenant.create("lifecycle");
  await tenant.configure({ clock: { mode: "real" } });
  await useTenantKeys(team.token, tenant.keys);
});

describe("finding 16: walks of an ended job", { timeout: 30_000 }, () => {
  it("add no example when a parked walk comes back after its job is done", async () => {
    await jobWith("parked-job", "parked-job-1", "parked");
    await updateSynthJob(dbOf(env.DB), "parked-job", { status: "done" }, Date.now());
    // The quota reset: the parked walk resumes, finishes and reports.
    await walk("parked-job-1").start("parked-job-1", startState("parked-job", "서울숲"));
    const finished = await until(() => walkState("parked-job-1"), (s) => s?.status === "done" || s?.status === "failed");
    expect(finished?.steps.length).toBeGreaterThan(0);
    const parked = await until(
      () => runInDurableObject(job("parked-job"), async (_i, state) => ((await state.storage.get<{ parked: string[] }>("job"))?.parked ?? []).length),
      (n) => n === 0,
    );
    expect(parked).toBe(0);
    expect(await examples("parked-job")).toBe(0);
    expect((await getSynthJob(dbOf(env.DB), "parked-job"))?.status).toBe("done");
  });

  it("stops the walks in flight when the job is cancelled", async () => {
    await tenant.configure({ scenarios: { kma: [{ kind: "slow", delayMs: 600 }] } });
    await jobWith("cancelled-job", "cancelled-job-1", "inFlight");
    await walk("cancelled-job-1").start("cancelled-job-1", startState("cancelled-job", "롯데월드"));
    await until(() => walkState("cancelled-job-1"), (s) => (s?.steps.length ?? 0) >= 1);
    const cancelled = await request<{ status: string }>("/v1/synth/jobs/cancelled-job", { method: "DELETE", token: team.token });
    expect(cancelled.body.status).toBe("cancelled");
    // Longer than the step in flight takes (600 ms): had the walk gone on, it would show.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const state = await walkState("cancelled-job-1");
    expect(state?.status).toBe("failed");
    expect(state?.reason).toMatch(/^cancelled/);
    expect(state?.steps.length).toBeLessThan(plan.steps.length);
    expect(await runInDurableObject(walk("cancelled-job-1"), (_i, s) => s.storage.getAlarm())).toBeNull();
    expect(await examples("cancelled-job")).toBe(0);
    await tenant.configure({ scenarios: { kma: [] } });
  });
});
