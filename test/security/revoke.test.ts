/**
 * Revoking a team stops what it left running (finding 7): its graph, synthesis and benchmark jobs
 * are cancelled at once and stay cancelled. The benchmark's model is the scripted model server, a
 * test double.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { scripted, startRun } from "../bench/support/runs";
import { createTeam, request, useTenantKeys } from "../support/app";
import { seedVerifiedGraph } from "../support/graph";
import { SandboxTenant } from "../support/sandbox";

let team: { id: string; token: string };

beforeAll(async () => {
  team = await createTeam("revoked");
  await useTenantKeys(team.token, (await SandboxTenant.create("revoked")).keys);
  await seedVerifiedGraph();
});

const statusOf = async (table: string, id: string) => (await env.DB.prepare(`SELECT status FROM ${table} WHERE id = ?`).bind(id).first<{ status: string }>())?.status;

describe("finding 7: revoking a team", () => {
  it("cancels its running graph, synthesis and benchmark jobs", async () => {
    const graph = await request<{ id: string }>("/v1/graph/verify", { method: "POST", token: team.token, body: JSON.stringify({ budget: 500 }) });
    const synth = await request<{ id: string }>("/v1/synth/jobs", { method: "POST", token: team.token, body: JSON.stringify({ target: 50, concurrency: 2 }) });
    const bench = await startRun(team.token, { endpoint: scripted("slow:3000"), filter: { limit: 2 } });
    expect([graph.status, synth.status]).toEqual([202, 202]);

    const revoked = await request<{ stopped: Record<string, number> }>(`/admin/teams/${team.id}`, { method: "DELETE", token: env.ADMIN_TOKEN });
    expect(revoked.status).toBe(200);
    expect(revoked.body.stopped).toEqual({ graphJobs: 1, synthJobs: 1, benchRuns: 1 });
    const statuses = async () => [await statusOf("graph_jobs", graph.body.id), await statusOf("synth_jobs", synth.body.id), await statusOf("bench_runs", bench.id)];
    expect(await statuses()).toEqual(["cancelled", "cancelled", "cancelled"]);
    // Work in flight when it was revoked ends without reviving any of them.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await statuses()).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect((await request("/v1/graph/jobs/" + graph.body.id, { token: team.token })).status).toBe(401);
  });
});
