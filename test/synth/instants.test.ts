/**
 * Each synthesised example has its own instant: on the sandbox a job spreads its walks over the year
 * before it started, so a 40-example dataset does not share one moment. Everything downstream is of
 * that instant: the calls' time tokens, the system prompt's clock and the grpo line's `now`, the
 * context of the request ("지금 산책하려는데" is not said at 23:23), and the reward service's
 * re-run of the reference, which credits every line's own dialogue. Real hosts answer only now.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findTool } from "../../src/catalog";
import { resolveTimeToken } from "../../src/catalog/examples";
import type { TimeToken } from "../../src/catalog/spec";
import { rewardResponseSchema } from "../../src/reward/schema";
import { saidAtProblem } from "../../src/synth/contexts";
import type { SynthExample } from "../../src/synth/example-schema";
import { systemPrompt } from "../../src/synth/export";
import { instantSpread } from "../../src/synth/instants";
import { createTeam, request, useTenantKeys } from "../support/app";
import { seedVerifiedGraph } from "../support/graph";
import { SandboxTenant } from "../support/sandbox";

const MORNING = "2026-11-27T10:30:00+09:00";
let token: string;
let job: { id: string; status: string; createdAt: string; params: { instants?: string } };
let kept: SynthExample[] = [];
let grpo: Record<string, unknown>[] = [];
let dialogues = new Map<string, { role: string; content?: string | null }[]>();
let card = "";

const exampleId = (line: Record<string, unknown>) => (line["metadata"] as { example_id: string }).example_id;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(MORNING));
  token = (await createTeam("instants")).token;
  const tenant = await SandboxTenant.create("instants");
  await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
  await useTenantKeys(token, tenant.keys);
  await seedVerifiedGraph();
  const started = await request<typeof job>("/v1/synth/jobs", { method: "POST", token, body: JSON.stringify({ target: 40, concurrency: 6, seed: "instants" }) });
  expect(started.status, started.text).toBe(202);
  job = started.body;
  for (let i = 0; i < 3000 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await request<typeof job>(`/v1/synth/jobs/${job.id}`, { token })).body;
  }
  expect(job.status).toBe("done");
  kept = (await request<{ examples: SynthExample[] }>(`/v1/synth/jobs/${job.id}/examples?kept=true&limit=1000`, { token })).body.examples;
  const lines = async (format: string) => (await request(`/v1/datasets/${job.id}/export?format=${format}`, { token })).text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  grpo = await lines("grpo");
  dialogues = new Map((await lines("openai")).map((l) => [exampleId(l), l["messages"] as { role: string; content?: string | null }[]]));
  card = (await request(`/v1/datasets/${job.id}/export?format=card`, { token })).text;
}, 600_000);

afterAll(() => {
  vi.useRealTimers();
});

describe("a job on the sandbox", () => {
  it("spreads its examples over instants of their own: hours, weekdays, months of the year before it", () => {
    expect(job.params.instants).toBe("spread");
    expect(kept.length).toBe(40);
    const spread = instantSpread(kept.map((e) => e.now));
    console.log(`instants of ${kept.length} examples: ${JSON.stringify(spread)}`);
    expect(spread.mostShared).toBeLessThanOrEqual(0.2 * kept.length);
    expect(spread.hours).toBeGreaterThanOrEqual(4);
    expect(spread.months).toBeGreaterThanOrEqual(2);
    for (const e of kept) expect(e.now).toBeLessThanOrEqual(Date.parse(job.createdAt));
    expect(card).toContain(`distinct instants ${spread.distinct} of ${kept.length} examples, at most ${spread.mostShared} sharing one`);
  });

  it("resolves each example's time tokens at its instant, and gives it to the system prompt and the grpo line", () => {
    let tokens = 0;
    for (const e of kept) {
      for (const step of e.reference.plan) {
        const call = e.calls.find((c) => c.id === step.id);
        for (const [name, arg] of Object.entries(step.args)) {
          if (typeof arg !== "object" || arg === null || !("$time" in arg)) continue;
          tokens++;
          expect(call?.args[name], `${e.id} ${step.tool}.${name}`).toBe(resolveTimeToken((arg as TimeToken).$time, new Date(e.now)));
        }
      }
    }
    expect(tokens).toBeGreaterThan(0);
    // The sandbox answered as of the instant: the air measured in its hour, the weather observed
    // then (the service keeps a day of observations, so a month-old one is read only as of it).
    const longAgo = kept.filter((e) => e.now < Date.parse(job.createdAt) - 30 * 86_400_000);
    expect(longAgo.some((e) => e.calls.some((c) => c.tool === "kma_ultra_srt_ncst" && c.items.length > 0))).toBe(true);
    const measured = kept.flatMap((e) => e.calls.filter((c) => c.tool === "airkorea_station_realtime").map((c) => ({ e, at: Date.parse(`${String(c.items[0]?.["dataTime"]).replace(" ", "T")}:00+09:00`) })));
    expect(measured.length).toBeGreaterThan(0);
    for (const { e, at } of measured) {
      expect(e.now - at, `${e.id} measured at ${new Date(at).toISOString()}`).toBeGreaterThanOrEqual(0);
      expect(e.now - at, `${e.id} measured at ${new Date(at).toISOString()}`).toBeLessThan(2 * 3_600_000);
    }
    const byId = new Map(kept.map((e) => [e.id, e]));
    for (const line of grpo) {
      const e = byId.get(exampleId(line));
      expect(line["now"]).toBe(new Date(e?.now ?? 0).toISOString());
      expect((line["prompt"] as { content: string }[])[0]?.content).toBe(systemPrompt(e?.now ?? 0));
    }
  });

  it("writes requests whose context agrees with the instant", () => {
    const disagree = kept.flatMap((e) => {
      const problem = saidAtProblem(e.request.text, new Date(e.now));
      return problem ? [`${e.id}: ${e.request.text} (${problem})`] : [];
    });
    expect(disagree).toEqual([]);
  });

  it("credits every grpo line's own dialogue, re-run at the line's instant", { timeout: 300_000 }, async () => {
    expect(grpo.length).toBe(kept.length);
    const refused: string[] = [];
    const uncredited: string[] = [];
    for (const line of grpo) {
      const completion = (dialogues.get(exampleId(line)) ?? []).filter((m) => m.role === "assistant" || m.role === "tool");
      const res = await request("/v1/reward", { method: "POST", token, body: JSON.stringify({ ...line, completion }) });
      if (res.status !== 200) {
        refused.push(`${exampleId(line)}: ${res.text.slice(0, 200)}`);
        continue;
      }
      const result = rewardResponseSchema.parse(res.body);
      if (result.components.facts !== 1) uncredited.push(`${exampleId(line)}: ${result.reasons.join(",")}`);
    }
    expect(refused).toEqual([]);
    expect(uncredited).toEqual([]);
  });
});

describe("instants a job is asked for", () => {
  it("are refused as spread against real hosts or a snapshot, and are now there unless asked", async () => {
    const real = { KMA_BASE_URL: "https://apis.data.go.kr" };
    const spread = await request<{ error: { code: string; field?: string } }>("/v1/synth/jobs", { method: "POST", token, vars: real, body: JSON.stringify({ target: 1, instants: "spread" }) });
    expect(spread.status, spread.text).toBe(400);
    expect(spread.text).toMatch(/real hosts answer only now/);
    const snapshot = await request("/v1/synth/jobs", { method: "POST", token, body: JSON.stringify({ target: 1, instants: "spread", snapshot: "none-such" }) });
    expect(snapshot.status, snapshot.text).toBe(400);
    const now = await request<typeof job>("/v1/synth/jobs", { method: "POST", token, vars: real, body: JSON.stringify({ target: 1 }) });
    expect(now.status, now.text).toBe(202);
    expect(now.body.params.instants).toBe("now");
    await request(`/v1/synth/jobs/${now.body.id}`, { method: "DELETE", token });
  });

  it("replays a call at an example's instant on the sandbox, and refuses an instant for a real host", async () => {
    const e = kept.find((x) => findTool(x.calls[0]?.tool ?? "")?.kind === "upstream");
    const call = e?.calls[0];
    expect(call).toBeDefined();
    const body = JSON.stringify({ args: call?.args, now: new Date(e?.now ?? 0).toISOString() });
    const replay = await request<{ result: { items: unknown[] } }>(`/v1/tools/${call?.tool}/call`, { method: "POST", token, body });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.result.items.slice(0, call?.items.length)).toEqual(call?.items);
    const refused = await request("/v1/tools/kma_ultra_srt_ncst/call", { method: "POST", token, vars: { KMA_BASE_URL: "https://apis.data.go.kr" }, body: JSON.stringify({ args: { base_date: "20260101", base_time: "0900", nx: 60, ny: 127 }, now: "2026-01-01T09:50:00+09:00" }) });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toMatch(/answers only now/);
  });
});
