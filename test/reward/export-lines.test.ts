/**
 * A trainer sends `grpo` lines as it read them from the export: every line of a 40-example job is
 * accepted inline as it is (fan-outs repeat a fact per item, conditional examples may expect facts
 * only on their branches), and the line's own dialogue earns every fact. The same dialogue with one
 * value of its answer changed (a count, a maximum, a mean, a name: test/support/wrong-value.ts)
 * earns the facts no more, through `/v1/reward:batch`.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { rewardBatchResponseSchema, rewardResponseSchema } from "../../src/reward/schema";
import { createTeam, request, useTenantKeys } from "../support/app";
import { seedVerifiedGraph } from "../support/graph";
import { SandboxTenant } from "../support/sandbox";
import { wrongValues, type AnswerFact } from "../support/wrong-value";

const MORNING = "2026-11-27T10:30:00+09:00";
let token: string;
let grpo: Record<string, unknown>[] = [];
let dialogues = new Map<string, { role: string; content?: string | null }[]>();

const exampleId = (line: Record<string, unknown>) => (line["metadata"] as { example_id: string }).example_id;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(MORNING));
  token = (await createTeam("export-lines")).token;
  const tenant = await SandboxTenant.create("export-lines");
  await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
  await useTenantKeys(token, tenant.keys);
  await seedVerifiedGraph();
  const started = await request<{ id: string; status: string }>("/v1/synth/jobs", { method: "POST", token, body: JSON.stringify({ target: 40, concurrency: 6, seed: "inline" }) });
  expect(started.status, started.text).toBe(202);
  let job = started.body;
  for (let i = 0; i < 3000 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await request<{ id: string; status: string }>(`/v1/synth/jobs/${job.id}`, { token })).body;
  }
  expect(job.status).toBe("done");
  const lines = async (format: string) => (await request(`/v1/datasets/${job.id}/export?format=${format}`, { token })).text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  grpo = await lines("grpo");
  dialogues = new Map((await lines("openai")).map((l) => [exampleId(l), l["messages"] as { role: string; content?: string | null }[]]));
}, 600_000);

afterAll(() => {
  vi.useRealTimers();
});

it("accepts every exported grpo line inline, and credits every fact of its own dialogue", { timeout: 300_000 }, async () => {
  expect(grpo.length).toBeGreaterThanOrEqual(30);
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
    if (result.components.facts !== 1) uncredited.push(`${exampleId(line)}: ${result.reasons.join(",")} :: ${JSON.stringify(completion.at(-1))}`);
  }
  expect(refused).toEqual([]);
  expect(uncredited).toEqual([]);
});

it("credits no answer with one value changed (a slip of one digit, another row's name)", { timeout: 300_000 }, async () => {
  const credited: string[] = [];
  let cases = 0;
  const byShape = new Map<string, { cases: number; credited: number }>();
  for (const line of grpo) {
    const messages = (dialogues.get(exampleId(line)) ?? []).filter((m) => m.role === "assistant" || m.role === "tool");
    const answer = messages.at(-1)?.content ?? "";
    const rows = messages.filter((m) => m.role === "tool").flatMap((m) => (JSON.parse(m.content ?? "{}") as { items?: Record<string, unknown>[] }).items ?? []);
    const wrong = wrongValues(answer, line["answer_facts"] as AnswerFact[], rows);
    if (wrong.length === 0) continue;
    const completions = wrong.map((w) => [...messages.slice(0, -1), { role: "assistant", content: w.answer }]);
    const res = await request("/v1/reward:batch", { method: "POST", token, body: JSON.stringify({ ...line, completions }) });
    expect(res.status, res.text).toBe(200);
    const shape = String((line["metadata"] as { shape: string }).shape);
    const tally = byShape.get(shape) ?? { cases: 0, credited: 0 };
    rewardBatchResponseSchema.parse(res.body).results.forEach((result, i) => {
      cases++;
      tally.cases++;
      if (result.components.facts === 1) {
        tally.credited++;
        credited.push(`${exampleId(line)} ${shape} ${wrong[i]?.fact}: ${wrong[i]?.from} → ${wrong[i]?.to} in: ${wrong[i]?.answer} (facts ${JSON.stringify(line["answer_facts"])})`);
      }
    });
    byShape.set(shape, tally);
  }
  console.log(`wrong-value completions: ${cases - credited.length} of ${cases} fail\n${[...byShape].map(([shape, t]) => `${shape}: ${t.cases - t.credited}/${t.cases} fail`).join("\n")}`);
  expect(cases).toBeGreaterThanOrEqual(30);
  expect(byShape.get("reduction")?.cases ?? 0).toBeGreaterThan(0);
  expect(credited).toEqual([]);
});
