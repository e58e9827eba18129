/**
 * A walk's Durable Object: evicted between steps it resumes from its storage without running a
 * step twice; an upstream outage makes it retry with backoff and then finish. Its job does not
 * wait forever for a walk whose start was lost.
 */
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { dbOf } from "../../src/db/client";
import type { WalkPlan } from "../../src/synth/plan";
import { emptySynthProgress, getSynthJob, insertSynthJob, synthParamsSchema } from "../../src/synth/store";
import { walkStateSchema, type WalkState } from "../../src/synth/walk";
import { createTeam, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let team: { id: string; token: string };
let tenant: SandboxTenant;

// Real time throughout, even when KOPA_TEST_AT pins the suite's clock: the retry backoff and the
// job's watch are scheduled with alarms, which follow workerd's real clock. The steps need nothing a
// night would take away (observations are published every hour).
beforeAll(async () => {
  vi.useRealTimers();
  team = await createTeam("walks");
  tenant = await SandboxTenant.create("walks");
  await tenant.configure({ clock: { mode: "real" } });
  await useTenantKeys(team.token, tenant.keys);
});

/** 서울숲 → its position → KMA grid → the current observation: four steps, three upstream. */
const plan: WalkPlan = {
  id: "walk-test",
  shape: "sequential",
  seed: "walk-test",
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
    { id: "s4", tool: "airkorea_tm_coords", args: { umdName: { from: "user", value: "성수동1가" } }, slot: 0 },
  ],
};

function initial(id: string, keyword: string): WalkState {
  const steps = plan.steps.map((s) => (s.id === "s1" ? { ...s, args: { keyword: { from: "user" as const, value: keyword } } } : s));
  return { plan: { ...plan, id, seed: id, steps }, jobId: `no-job-${id}`, teamId: team.id, snapshot: null, now: Date.now(), steps: [], status: "running", reason: null, retries: 0, upstreamCalls: 0 };
}

const stub = (id: string) => env.SYNTH_WALK.get(env.SYNTH_WALK.idFromName(id));
const stateOf = async (id: string): Promise<WalkState | null> => {
  const json = await stub(id).stateJson();
  return json ? walkStateSchema.parse(JSON.parse(json)) : null;
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe("walk objects", { timeout: 30_000 }, () => {
  it("resume after eviction without running a step twice", async () => {
    await tenant.configure({ scenarios: { kma: [{ kind: "slow", delayMs: 400 }] } });
    await stub("evicted").start("evicted", initial("evicted", "서울숲"));
    const atAbort = await until(() => stateOf("evicted"), (s) => (s?.steps.length ?? 0) >= 2);
    await abortAllDurableObjects();
    const final = await until(() => stateOf("evicted"), (s) => s?.status === "done");
    await tenant.configure({ scenarios: { kma: [] } });
    expect(final?.status).toBe("done");
    expect(final?.steps.map((s) => s.id)).toEqual(["s1", "s2", "s3", "s4"]);
    // Steps stored before the eviction were not run again; the one cut off mid-call may have been
    // asked twice (its answer was never stored), and the steps after it ran once.
    const stored = new Set(atAbort?.steps.map((s) => s.id));
    expect(stored.has("s1")).toBe(true);
    const calls = (await tenant.stats()).calls;
    expect(calls["tourapi.searchKeyword2"]).toBe(1);
    expect(calls["kma.getUltraSrtNcst"]).toBeLessThanOrEqual(stored.has("s3") ? 1 : 2);
    expect(calls["airkorea.getTMStdrCrdnt"]).toBe(1);
  });

  it("retry through an outage with backoff and then finish", async () => {
    await tenant.configure({ scenarios: { tourapi: [{ kind: "outage", status: 503 }] } });
    // Another spot than the first walk's, so that no cached answer hides the outage.
    await stub("outage").start("outage", initial("outage", "롯데월드"));
    const retrying = await until(() => stateOf("outage"), (s) => (s?.retries ?? 0) >= 1);
    expect(retrying?.steps).toHaveLength(0);
    await tenant.configure({ scenarios: { tourapi: [] } });
    const final = await until(() => stateOf("outage"), (s) => s?.status === "done" || s?.status === "failed");
    expect(final?.status, final?.reason ?? "").toBe("done");
    expect(final?.steps[0]?.attempts).toBeGreaterThan(1);
  });

  it("are given up by their job when their start was lost, so the job still ends", async () => {
    const db = dbOf(env.DB);
    // No verified edge leads anywhere in this file: the job has no plan to make, only the lost walk.
    const params = synthParamsSchema.parse({ target: 5, concurrency: 1, seed: "lost" });
    await insertSynthJob(db, { id: "lost-job", teamId: team.id, params, graphVersion: 0 }, Date.now());
    const job = env.SYNTH_JOB.get(env.SYNTH_JOB.idFromName("lost-job"));
    await runInDurableObject(job, async (_instance, state) => {
      const usage = { edges: [], tools: [], seen: [] };
      await state.storage.put("job", { jobId: "lost-job", sealed: null, progress: { ...emptySynthProgress(), planned: 1, running: 1 }, keptSignatures: [], inFlight: ["lost-job-1"], parked: [], spawned: 1, exhausted: [], usage, shapeCounts: {} });
      await state.storage.setAlarm(Date.now());
    });
    // The first watch only arms; the walk is then found empty twice before it is given up. (The
    // alarm set above may already have run on its own: run watches until the job moves on.)
    let row = await getSynthJob(db, "lost-job");
    for (let watch = 0; watch < 4 && row?.status !== "exhausted_plans"; watch++) {
      await runDurableObjectAlarm(job);
      row = await getSynthJob(db, "lost-job");
    }
    expect(row?.progress.failed["lost"], JSON.stringify(row)).toBe(1);
    expect(row?.progress.running).toBe(0);
    expect(row?.status).toBe("exhausted_plans");
  });
});
