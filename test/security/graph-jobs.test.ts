/**
 * Graph jobs have an owner (finding 3): only their team (or the operator) sees and cancels them, a
 * cancelled build never turns `done` afterwards, and the hourly re-verification runs as the
 * operator with the operator's keys, not as whichever team started the latest job.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dbOf } from "../../src/db/client";
import { getJob, insertJob } from "../../src/graph/store";
import worker from "../../src/index";
import { createTeam, operatorEnv, request, useTenantKeys, type ErrorResponse } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

interface JobView {
  id: string;
  status: string;
}

let teamA: { id: string; token: string };
let teamB: { id: string; token: string };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  teamA = await createTeam("graph-a");
  teamB = await createTeam("graph-b");
});

describe("finding 3: graph jobs belong to their team", () => {
  it("shows and cancels a job to its own team and to the operator only", async () => {
    const db = dbOf(env.DB);
    await insertJob(db, { id: "job-of-a", kind: "verify", teamId: teamA.id, params: {} }, Date.now());
    const seen = await request<ErrorResponse>("/v1/graph/jobs/job-of-a", { token: teamB.token });
    expect(seen.status).toBe(404);
    expect(seen.body.error.code).toBe("NOT_FOUND");
    expect((await request("/v1/graph/jobs/job-of-a", { method: "DELETE", token: teamB.token })).status).toBe(404);
    expect((await getJob(db, "job-of-a"))?.status).toBe("queued");
    expect((await request<JobView>("/v1/graph/jobs/job-of-a", { token: teamA.token })).body.status).toBe("queued");
    // The operator sees and cancels any team's job; a team token does not open /admin.
    expect((await request("/admin/graph/jobs/job-of-a", { token: teamB.token })).status).toBe(401);
    expect((await request<JobView>("/admin/graph/jobs/job-of-a", { token: env.ADMIN_TOKEN })).body.status).toBe("queued");
    const cancelled = await request<JobView>("/admin/graph/jobs/job-of-a", { method: "DELETE", token: env.ADMIN_TOKEN });
    expect(cancelled.body.status).toBe("cancelled");
  });

  it("stops a build cancelled while it runs: it never turns `done` afterwards, nor saves its candidates", { timeout: 30_000 }, async () => {
    const tenant = await SandboxTenant.create("graph-cancel");
    await useTenantKeys(teamA.token, tenant.keys);
    const started = await request<JobView>("/v1/graph/build", { method: "POST", token: teamA.token, body: "{}" });
    expect(started.status).toBe(202);
    const running = await until(async () => (await request<JobView>(`/v1/graph/jobs/${started.body.id}`, { token: teamA.token })).body, (j) => j.status !== "queued");
    expect(running.status).toBe("running");
    expect((await request<JobView>(`/v1/graph/jobs/${started.body.id}`, { method: "DELETE", token: teamA.token })).body.status).toBe("cancelled");
    // Wait until the upstream is quiet: the build stopped (or, before the fix, finished).
    let calls = -1;
    await until(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        const now = (await tenant.stats()).total;
        const quiet = now === calls;
        calls = now;
        return quiet;
      },
      (quiet) => quiet,
    );
    expect((await request<JobView>(`/v1/graph/jobs/${started.body.id}`, { token: teamA.token })).body.status).toBe("cancelled");
    const edges = await env.DB.prepare("SELECT count(*) AS n FROM graph_edges").first<{ n: number }>();
    expect(edges?.n).toBe(0);
  });

  it("runs the scheduled re-verification as the operator, with the operator's keys", async () => {
    // B started the latest verify job, with a key of its own.
    const tenantB = await SandboxTenant.create("graph-b-keys");
    await useTenantKeys(teamB.token, tenantB.keys);
    await insertJob(dbOf(env.DB), { id: "job-of-b", kind: "verify", teamId: teamB.id, params: {} }, Date.now());
    const operator = await SandboxTenant.create("graph-operator");
    const since = Date.now();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), { ...operatorEnv(operator.keys), GRAPH_CRON_BUDGET: "4" }, ctx);
    await waitOnExecutionContext(ctx);
    const callers = await env.DB.prepare("SELECT DISTINCT team_id AS team FROM calls WHERE at >= ?").bind(since).all<{ team: string }>();
    expect(callers.results.map((r) => r.team)).toEqual(["operator"]);
    expect((await operator.stats()).total).toBeGreaterThan(0);
    expect((await tenantB.stats()).total).toBe(0);
  });
});
