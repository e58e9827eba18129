/**
 * Synthesis on the sandbox: jobs walk the verified graph in every shape and keep examples that
 * pass the filters; exports parse and replay to the recorded outputs.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SynthExample } from "../../src/synth/example-schema";
import { createTeam, request, useTenantKeys } from "../support/app";
import { REAL_CHAINS, seedVerifiedGraph } from "../support/graph";
import { SandboxTenant } from "../support/sandbox";

const MORNING = "2026-11-27T10:30:00+09:00";
let token: string;
let tenant: SandboxTenant;

interface Job {
  id: string;
  status: string;
  progress: { planned: number; done: number; kept: number; failed: Record<string, number>; rejected: Record<string, number>; upstreamCalls: number };
}

async function runJob(body: Record<string, unknown>): Promise<Job> {
  const started = await request<Job>("/v1/synth/jobs", { method: "POST", token, body: JSON.stringify(body) });
  expect(started.status, started.text).toBe(202);
  let job = started.body;
  for (let i = 0; i < 900 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await request<Job>(`/v1/synth/jobs/${job.id}`, { token })).body;
  }
  return job;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(MORNING));
  token = (await createTeam("synth")).token;
  tenant = await SandboxTenant.create("synth");
  await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
  await useTenantKeys(token, tenant.keys);
  // With the hops a conditional needs (a named hospital or place, then pharmacies or restaurants near it).
  await seedVerifiedGraph([...REAL_CHAINS, "hira_hospitals->hira_pharmacies", "tour_search_keyword->hira_pharmacies", "tour_search_keyword->tour_location_based_list", "tour_search_keyword->kma_grid_from_wgs84"]);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("synthesis jobs", { timeout: 120_000 }, () => {
  let job: Job;
  let kept: SynthExample[];

  beforeAll(async () => {
    job = await runJob({ target: 30, concurrency: 6, seed: "t1" });
    kept = (await request<{ examples: SynthExample[] }>(`/v1/synth/jobs/${job.id}/examples?kept=true&limit=1000`, { token })).body.examples;
  }, 120_000);

  it("walks the graph in every shape and keeps examples that pass the filters", () => {
    console.log(JSON.stringify(job.progress), kept.slice(0, 8).map((e) => `${e.shape}: ${e.request.text}`));
    expect(job.status).toBe("done");
    expect(job.progress.kept).toBe(30);
    // Balanced by what is kept, not by what is planned: a shape rejected more often is planned more.
    const perShape = new Map<string, number>();
    for (const e of kept) perShape.set(e.shape, (perShape.get(e.shape) ?? 0) + 1);
    expect(new Set(perShape.keys())).toEqual(new Set(["sequential", "fan_out", "reduction", "parallel", "comparison", "conditional"]));
    expect(Math.min(...perShape.values()), JSON.stringify([...perShape])).toBeGreaterThanOrEqual(3);
    for (const e of kept) {
      expect(Object.values(e.filters).every((v) => v === null), JSON.stringify(e.filters)).toBe(true);
      expect(e.calls.length).toBeGreaterThanOrEqual(2);
      expect(e.facts.length).toBeGreaterThan(0);
    }
    expect(new Set(kept.map((e) => e.signature)).size).toBe(kept.length);
  });

  it("exports every example in every format", async () => {
    for (const format of ["openai", "hermes", "grpo", "bfcl"]) {
      const res = await request(`/v1/datasets/${job.id}/export?format=${format}`, { token });
      expect(res.status).toBe(200);
      const lines = res.text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(kept.length);
    }
    const card = await request(`/v1/datasets/${job.id}/export?format=card`, { token });
    expect(card.text).toContain("## Quality gate: rejections by rule");
    // Each verified edge no kept example walks is listed once, with why.
    const unwalked = card.text.match(/## Verified edges no kept example walks, and why \((\d+) of (\d+)\)/);
    expect(unwalked).not.toBeNull();
    const rows = card.text.split("\n").filter((l) => /^\| [a-z0-9_]+ → [a-z0-9_]+ \| .+ \|$/.test(l));
    expect(rows).toHaveLength(Number(unwalked?.[1]));
    expect(new Set(rows.map((r) => r.split(" | ")[0])).size).toBe(rows.length);
    // The yield and the edges kept examples walk, from the job's own counts.
    expect(card.text).toContain(`- yield: ${kept.length} kept of ${job.progress.done} walks that finished (${(kept.length / job.progress.done).toFixed(3)})`);
    const walked = new Set(kept.flatMap((e) => e.edges));
    expect(card.text).toMatch(new RegExp(`- verified edges walked by kept examples: ${walked.size} of \\d+ \\(`));
    const rejected = Object.entries(job.progress.rejected).reduce((a, [, n]) => a + n, 0);
    if (rejected > 0) expect(card.text).toMatch(/## Rejection reasons[^\n]*\n\| \| count \|\n\| --- \| ---: \|\n\| [a-z]+: /);
  });

  it("shows a job, its examples and its dataset to its own team only", async () => {
    const other = (await createTeam("synth-other")).token;
    for (const path of [`/v1/synth/jobs/${job.id}`, `/v1/synth/jobs/${job.id}/examples`, `/v1/datasets/${job.id}/export?format=openai`]) {
      const res = await request<{ error: { code: string } }>(path, { token: other });
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
    expect((await request(`/v1/synth/jobs/${job.id}`, { method: "DELETE", token: other })).status).toBe(404);
    expect((await request<Job>(`/v1/synth/jobs/${job.id}`, { token })).body.status).toBe("done");
  });

  it("replays the exported calls to the recorded outputs", async () => {
    const res = await request(`/v1/datasets/${job.id}/export?format=openai`, { token });
    const first = JSON.parse(res.text.trim().split("\n")[0] ?? "{}") as { messages: { role: string; tool_calls?: { function: { name: string; arguments: string } }[] }[]; metadata: { example_id: string } };
    const example = kept.find((e) => e.id === first.metadata.example_id);
    const calls = first.messages.flatMap((m) => m.tool_calls ?? []);
    expect(calls.length).toBe(example?.calls.length);
    for (const [i, call] of calls.entries()) {
      // At the example's own instant: the sandbox answers as of it, as it did for the walk.
      const now = new Date(example?.now ?? Date.now()).toISOString();
      const replay = await request<{ result: { items: unknown[]; totalCount: number } }>(`/v1/tools/${call.function.name}/call`, { method: "POST", token, body: JSON.stringify({ args: JSON.parse(call.function.arguments), now }) });
      // A walk keeps the first items of a long answer.
      const recorded = example?.calls[i];
      expect(replay.body.result.items.slice(0, recorded?.items.length)).toEqual(recorded?.items);
      expect(replay.body.result.totalCount).toBe(recorded?.totalCount);
    }
  });
});

describe("the model writer", { timeout: 120_000 }, () => {
  const endpoint = (model: string) => ({ baseUrl: env.MODEL_ORIGIN, model, apiKey: "sk-writer-secret-0042" });

  it("writes requests and answers with the model and records it, keeping its key out of D1", async () => {
    const job = await runJob({ target: 6, concurrency: 3, seed: "w1", writer: { endpoint: endpoint("scripted:writer") } });
    expect(job.status).toBe("done");
    const kept = (await request<{ examples: SynthExample[] }>(`/v1/synth/jobs/${job.id}/examples?kept=true`, { token })).body.examples;
    expect(kept.map((e) => e.request.madeBy)).toEqual(Array(6).fill("model"));
    expect(kept.every((e) => e.request.text.endsWith("좀 알려 줄래요?") && e.answer.madeBy === "model")).toBe(true);
    const stored = await env.DB.prepare("SELECT params FROM synth_jobs WHERE id = ?").bind(job.id).first<{ params: string }>();
    expect(stored?.params).toContain("scripted:writer");
    expect(stored?.params).not.toContain("sk-writer-secret-0042");
  });

  it("tells the model a conditional's condition, so its request states both radii and is kept", async () => {
    const job = await runJob({ target: 3, concurrency: 3, seed: "w3", shapes: ["conditional"], writer: { endpoint: endpoint("scripted:writer") } });
    expect(job.status).toBe("done");
    const kept = (await request<{ examples: SynthExample[] }>(`/v1/synth/jobs/${job.id}/examples?kept=true`, { token })).body.examples;
    expect(kept).toHaveLength(3);
    for (const e of kept) {
      expect(e.request.madeBy, e.request.text).toBe("model");
      expect(e.request.text).toMatch(/\d+(m|km) 안에 없으면 \d+(m|km) 안에서/);
    }
  });

  it("falls back to the templates when the model leaks an identifier", async () => {
    const job = await runJob({ target: 4, concurrency: 2, seed: "w2", writer: { endpoint: endpoint("scripted:writer-leaky") } });
    const kept = (await request<{ examples: SynthExample[] }>(`/v1/synth/jobs/${job.id}/examples?kept=true`, { token })).body.examples;
    // A walk whose picks carry no identifier cannot leak one: those keep the model's request.
    expect(kept.filter((e) => e.request.madeBy === "template").length).toBeGreaterThan(0);
    for (const e of kept.filter((x) => x.request.madeBy === "model")) expect(e.filters.gate).toBeNull();
  });

  it("drops examples the model cannot solve when asked to check", async () => {
    const job = await runJob({ target: 2, concurrency: 2, seed: "w3", budget: 15, writer: { endpoint: endpoint("scripted:writer"), solve: true } });
    expect(job.progress.kept).toBe(0);
    expect(job.progress.rejected["unsolvable"]).toBeGreaterThan(0);
  });
});
