/**
 * `POST /v1/reward:batch` (and `/v1/reward`) against the completions of a lazy or cheating model,
 * for every KOPA-Bench task sent as an inline reference: the same classes as the bench suite, as
 * OpenAI messages (the gold calls with their tool results, then the answer). A case fails when the
 * answer's facts are not all credited; every adversarial class must fail on ≥ 95 % of cases and the
 * paraphrases pass on ≥ 95 %. Also: an empty or dumped answer earns at most half the reward of the
 * correct completion in weighted mode. Prints the table (`npm run check:adversarial`).
 * In `npm test` every third task (and those checked one at a time) go through the service;
 * `npm run check:adversarial` sends all 145 (ADVERSARIAL_ALL=1). The bench scorer's suite scores all.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { factEvidence } from "../../src/bench/evidence";
import { executePlan, type PlanRun } from "../../src/bench/plan";
import type { BenchTask } from "../../src/bench/task";
import { BENCH_TASKS } from "../../src/bench/tasks";

const SINGLE = ["kb-053", "kb-101", "kb-125"];
const TASKS = env.ADVERSARIAL_ALL === "1" ? BENCH_TASKS : BENCH_TASKS.filter((t, i) => i % 3 === 0 || SINGLE.includes(t.id));
import { rewardBatchResponseSchema, rewardResponseSchema } from "../../src/reward/schema";
import { adversarialCases, table, type AdversarialCase } from "../support/adversarial";
import { createTeam, request, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";
import { mapBounded } from "../../src/util/map-bounded";

const AT = "2026-12-23T09:10:00+09:00";
const NOW = new Date(AT);
const CONCURRENCY = 4;


type Message = { role: "assistant"; content: string | null; tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[] } | { role: "tool"; tool_call_id: string; content: string };

/** The gold calls (one turn each, with the results as the gateway returns them), then the answer. */
function messagesOf(run: PlanRun, c: AdversarialCase): Message[] {
  const turns: Message[] = c.withCalls
    ? run.steps
        .filter((s) => !s.skipped && s.result)
        .flatMap((s, i): Message[] => [
          { role: "assistant", content: null, tool_calls: [{ id: `call_${i}`, type: "function", function: { name: s.tool, arguments: JSON.stringify(s.args) } }] },
          { role: "tool", tool_call_id: `call_${i}`, content: JSON.stringify(s.result) },
        ])
    : [];
  return [...turns, { role: "assistant", content: c.answer }];
}

const bodyOf = (task: BenchTask) => ({ reference: { plan: task.plan, facts: task.answer.facts }, now: AT, snapshot: null, prompt: [{ role: "user", content: task.request.ko }] });

interface Scored {
  c: AdversarialCase;
  failed: boolean;
  reward: number;
  /** The reward of the task's first paraphrase (the correct completion). */
  correct: number;
  reasons: string[];
}

let token: string;
let runs: PlanRun[] = [];
let scored: Scored[] = [];

beforeAll(async () => {
  token = (await createTeam("reward-adversarial")).token;
  const tenant = await SandboxTenant.create("reward-adversarial");
  await tenant.configure({ clock: { mode: "fixed", at: AT } });
  await useTenantKeys(token, tenant.keys);
  runs = await mapBounded(TASKS, 8, (task) => executePlan(task, async (tool, args) => (await tenant.call(tool, args, NOW)).result, NOW));
  const pool = [...new Set(TASKS.flatMap((task, i) => task.answer.facts.filter((f) => f.kind === "text" && typeof runs[i]?.facts[f.name] === "string").map((f) => String(runs[i]?.facts[f.name]))))];
  const perTask = await mapBounded(TASKS.map((task, i) => ({ task, run: runs[i] })), CONCURRENCY, async ({ task, run }): Promise<Scored[]> => {
    if (!run?.ok) return [];
    const rivals = Object.fromEntries(task.answer.facts.filter((f) => f.name in run.facts).map((f) => {
      const e = factEvidence(f, run, NOW);
      return [f.name, [...e.competitors, ...e.accepted]];
    }));
    const cases = adversarialCases(task, run, rivals, pool);
    const res = await request("/v1/reward:batch", { method: "POST", token, body: JSON.stringify({ ...bodyOf(task), completions: cases.map((c) => messagesOf(run, c)) }) });
    if (res.status !== 200) throw new Error(`${task.id}: ${res.status} ${res.text.slice(0, 300)}`);
    const answer = rewardBatchResponseSchema.parse(res.body);
    const correct = answer.rewards[0] ?? 0;
    return cases.map((c, i) => {
      const result = answer.results[i];
      return { c, failed: (result?.components.facts ?? 0) < 1, reward: result?.reward ?? 0, correct, reasons: result?.reasons ?? [] };
    });
  });
  scored = perTask.flat();
}, 300_000);

describe("the reward service against adversarial completions", () => {
  it("credits no adversarial answer (≥ 95 % of each class) and the paraphrases (≥ 95 %)", () => {
    const { text, rates } = table(scored.map((s) => ({ cls: s.c.cls, failed: s.failed })), `/v1/reward:batch (components.facts < 1 fails), gold runs at ${AT}`);
    const ratio = (cls: string) => {
      const mine = scored.filter((s) => s.c.cls === cls && s.correct > 0);
      return { mean: mine.reduce((a, s) => a + s.reward / s.correct, 0) / Math.max(1, mine.length), max: Math.max(0, ...mine.map((s) => s.reward / s.correct)) };
    };
    const ratios = ["dump", "dump_values", "hedge", "wrong_winner", "wrong_value", "memory", "empty"].map((cls) => `| ${cls} | ${ratio(cls).mean.toFixed(3)} | ${ratio(cls).max.toFixed(3)} |`);
    const slips = scored.filter((s) => (s.c.cls === "paraphrase" ? s.failed : !s.failed));
    console.log(`${text}\n\nweighted reward relative to the correct completion's\n| class | mean | max |\n| --- | ---: | ---: |\n${ratios.join("\n")}\n\nmisjudged (first 30 of ${slips.length}):\n${slips.slice(0, 30).map((s) => `${s.c.taskId} ${s.c.cls} ${s.c.label}: ${s.reasons.join(",")} :: ${s.c.answer.slice(0, 140).replace(/\n/g, " / ")}`).join("\n")}`);
    expect(Object.keys(rates).length).toBe(8);
    for (const [cls, { rate }] of Object.entries(rates)) expect(rate, cls).toBeGreaterThanOrEqual(0.95);
    for (const cls of ["dump", "empty"]) expect(ratio(cls).max, cls).toBeLessThanOrEqual(0.5);
    const values = scored.filter((s) => s.c.cls === "dump_values" && s.correct > 0);
    expect(values.filter((s) => s.reward <= s.correct / 2).length / values.length).toBeGreaterThanOrEqual(0.95);
  });

  it("gives the same verdicts one completion at a time through /v1/reward", async () => {
    for (const id of SINGLE) {
      const index = TASKS.findIndex((t) => t.id === id);
      const task = TASKS[index];
      const run = runs[index];
      if (!task || !run?.ok) throw new Error(`no gold run for ${id}`);
      for (const c of adversarialCases(task, run, {}, [])) {
        const res = await request("/v1/reward", { method: "POST", token, body: JSON.stringify({ ...bodyOf(task), completion: messagesOf(run, c) }) });
        expect(res.status, res.text).toBe(200);
        const credited = rewardResponseSchema.parse(res.body).components.facts === 1;
        expect(credited, `${id} ${c.cls} ${c.label}: ${c.answer.slice(0, 120)}`).toBe(c.cls === "paraphrase");
      }
    }
  });
});
