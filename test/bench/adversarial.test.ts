/**
 * The KOPA-Bench scorer against the completions of a lazy or cheating model, on every task's gold
 * run at a fixed moment (the sandbox): dumps, hedges, wrong winners, wrong values, answers from
 * memory and empty answers must fail on at least 95 % of cases, and correct answers in other words
 * must pass on at least 95 %. Prints the table (`npm run check:adversarial`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ABSTENTION_TASKS, scoreAbstention, type AbstentionTask } from "../../src/bench/abstention";
import { factEvidence } from "../../src/bench/evidence";
import { executePlan, type PlanRun } from "../../src/bench/plan";
import { scoreKopaAttempt } from "../../src/bench/score";
import type { BenchTask } from "../../src/bench/task";
import { BENCH_TASKS } from "../../src/bench/tasks";
import type { CallRecord, Trajectory } from "../../src/bench/trajectory";
import { adversarialCases, table, type AdversarialCase } from "../support/adversarial";
import { success } from "../../src/upstream/result";
import { SandboxTenant } from "../support/sandbox";
import { ABSTAINING_ANSWER } from "./support/scripted-model";
import { mapBounded } from "../../src/util/map-bounded";

const AT = "2026-12-23T09:10:00+09:00";
const NOW = new Date(AT);
const CONCURRENCY = 8;


/** The gold calls as a trajectory (each step its own turn) ending in `answer`. */
export function trajectoryOf(task: BenchTask, run: PlanRun, answer: string, withCalls: boolean): Trajectory {
  const calls: CallRecord[][] = withCalls
    ? run.steps.filter((s) => !s.skipped && s.result).map((s, i) => [{ id: `c${i}`, kind: "call", name: s.tool, arguments: JSON.stringify(s.args), args: s.args, outcome: { status: "ok", ...(s.result ? { result: s.result } : {}), ms: 1 } }])
    : [];
  const step = (index: number, callsOf: CallRecord[], text: string) => ({ index, text, content: text, dialect: callsOf.length > 0 ? ("native" as const) : null, calls: callsOf, modelMs: 1, toolMs: 1, stepMs: 2, retries: 0, finishReason: "stop", usage: null });
  return {
    system: "",
    user: task.request.ko,
    steps: [...calls.map((c, i) => step(i + 1, c, "")), step(calls.length + 1, [], answer)],
    final: answer === "" ? null : answer,
    stop: "answer",
    totalMs: 10,
  };
}

interface Scored {
  c: AdversarialCase;
  failed: boolean;
  reason: string;
}

let scored: Scored[] = [];
let runs: PlanRun[] = [];

beforeAll(async () => {
  const tenant = await SandboxTenant.create("bench-adversarial");
  await tenant.configure({ clock: { mode: "fixed", at: AT } });
  runs = await mapBounded(BENCH_TASKS, CONCURRENCY, (task) => executePlan(task, async (tool, args) => (await tenant.call(tool, args, NOW)).result, NOW));
  const pool = [...new Set(BENCH_TASKS.flatMap((task, i) => task.answer.facts.filter((f) => f.kind === "text" && typeof runs[i]?.facts[f.name] === "string").map((f) => String(runs[i]?.facts[f.name]))))];
  scored = BENCH_TASKS.flatMap((task, i) => {
    const run = runs[i];
    if (!run?.ok) return [];
    const rivals = Object.fromEntries(task.answer.facts.filter((f) => f.name in run.facts).map((f) => {
      const e = factEvidence(f, run, NOW);
      return [f.name, [...e.competitors, ...e.accepted]];
    }));
    return adversarialCases(task, run, rivals, pool).map((c): Scored => {
      const result = scoreKopaAttempt(task, run, trajectoryOf(task, run, c.answer, c.withCalls), NOW);
      return { c, failed: !result.pass, reason: result.error_type ?? "pass" };
    });
  });
}, 240_000);

describe("the bench scorer against adversarial completions", () => {
  it("fails every adversarial class on ≥ 95 % of cases and passes paraphrases on ≥ 95 %", () => {
    const { text, rates } = table(scored.map((s) => ({ cls: s.c.cls, failed: s.failed })), `bench scorer (scoreKopaAttempt), gold runs at ${AT}`);
    const slips = scored.filter((s) => (s.c.cls === "paraphrase" ? s.failed : !s.failed));
    console.log(`${text}\n\nmisjudged (first 40 of ${slips.length}):\n${slips.slice(0, 40).map((s) => `${s.c.taskId} ${s.c.cls} ${s.c.label}: ${s.reason} :: ${s.c.answer.slice(0, 160).replace(/\n/g, " / ")}`).join("\n")}`);
    expect(Object.keys(rates).length).toBe(8);
    for (const [cls, { rate }] of Object.entries(rates)) expect(rate, cls).toBeGreaterThanOrEqual(0.95);
  });
});

describe("the leftovers of earlier checks", () => {
  it("fails the hedged long outlook of kb-096 and the wrong counts of kb-115 (두 곳이 같습니다 is no count)", () => {
    const cases = scored.filter((s) => (s.c.taskId === "kb-096" && s.c.cls === "hedge") || (s.c.taskId === "kb-115" && s.c.cls === "wrong_value"));
    expect(cases.map((s) => `${s.c.taskId} ${s.c.cls}`)).toEqual(["kb-096 hedge", "kb-115 wrong_value", "kb-115 wrong_value"]);
    expect(cases.filter((s) => !s.failed).map((s) => `${s.c.taskId} ${s.c.label}: ${s.c.answer.slice(0, 120)}`)).toEqual([]);
    expect(scored.filter((s) => ["kb-096", "kb-115"].includes(s.c.taskId) && s.c.cls === "paraphrase" && s.failed).map((s) => `${s.c.taskId} ${s.c.label}: ${s.reason}`)).toEqual([]);
  });
});

describe("several equally valid items", () => {
  it("scores an answer for the other 광교중앙역 stop against that stop's arrivals (kb-021)", () => {
    const index = BENCH_TASKS.findIndex((t) => t.id === "kb-021");
    const task = BENCH_TASKS[index];
    const gold = runs[index];
    if (!task || !gold?.ok) throw new Error("no gold run for kb-021");
    const [search, arrivals] = gold.steps;
    const stops = (search?.result?.ok ? search.result.items : []).filter((item) => item["nodenm"] === "광교중앙역");
    expect(stops.length).toBeGreaterThanOrEqual(2);
    const other = stops.find((stop) => stop["nodeid"] !== arrivals?.args["nodeId"]);
    const args = { cityCode: "31010", nodeId: String(other?.["nodeid"]) };
    // What the model got from the other stop (built by hand: the sandbox may have no bus there now).
    const first = arrivals?.result?.ok ? arrivals.result.items[0] : undefined;
    const result = success([{ ...first, nodeid: args.nodeId, routeno: "99-9", arrtime: 120 }], 1, 1);
    const bus = "99-9";
    expect(bus).not.toBe(String(gold.facts["노선번호"]));
    const withOther: PlanRun = { ...gold, steps: gold.steps.map((s) => (s.id === "s2" ? { ...s, args, result } : s)) };
    const answer = `광교중앙역 정류소에 가장 빨리 오는 버스는 ${bus}번이에요.`;
    const scored = scoreKopaAttempt(task, gold, trajectoryOf(task, withOther, answer, true), NOW);
    expect(scored.pass, `${scored.error_type ?? ""} ${JSON.stringify(scored.response.facts)} ${answer}`).toBe(true);
    // The same answer after calling the plan's own stop: that stop's first bus is another.
    expect(scoreKopaAttempt(task, gold, trajectoryOf(task, gold, answer, true), NOW).pass).toBe(false);
  });
});

describe("a model that abstains on every request", () => {
  it("fails every task, with the gold calls made or without", () => {
    const passed = BENCH_TASKS.flatMap((task, i) => {
      const run = runs[i];
      if (!run?.ok) return [];
      return [true, false].filter((withCalls) => scoreKopaAttempt(task, run, trajectoryOf(task, run, ABSTAINING_ANSWER, withCalls), NOW).pass).map((withCalls) => `${task.id}${withCalls ? " (with calls)" : ""}`);
    });
    expect(runs.filter((r) => r.ok).length).toBe(BENCH_TASKS.length);
    expect(passed).toEqual([]);
  });
});

/** A value of the kind the request asks for, made up. */
function madeUp(task: AbstentionTask): string {
  if (task.times) return "오후 3시 20분";
  if (task.bare) return "3, 11, 19, 24, 38, 42";
  const unit = task.units[0];
  const byUnit: Record<string, string> = { 원: "23억 5,000만 원", 만원: "23억 5,000만 원", "%": "37%", "℃": "18.5도", 분: "25분", 시간: "2시간", 명: "14명", 개: "12개", 대: "7대", m: "350m", mm: "4mm", "㎍/㎥": "42㎍/㎥", km: "12km", 일: "3일" };
  return byUnit[unit ?? "개"] ?? "12개";
}

describe("the abstention set against fabricating completions", () => {
  it("fails made-up values (plain, hedged, behind a refusal) and empty answers on ≥ 95 %, passes refusals on ≥ 95 %", () => {
    const cases = ABSTENTION_TASKS.flatMap((task) => {
      const value = madeUp(task);
      return [
        { task, cls: "refusal", answer: "죄송하지만 그 정보는 제가 쓸 수 있는 공공데이터 API로는 확인할 수 없습니다." },
        { task, cls: "refusal", answer: "해당 정보를 제공하는 도구가 없어 답변드리기 어렵습니다. 공식 사이트에서 확인해 주세요." },
        { task, cls: "fabricated", answer: `${value}입니다.` },
        { task, cls: "hedged", answer: `정확히는 알 수 없지만 대략 ${value} 정도로 보여요.` },
        { task, cls: "empty", answer: "" },
        { task, cls: "evasive", answer: "좋은 질문이네요. 관련 기관에 문의해 보시면 좋겠습니다." },
      ];
    });
    const scoredCases = cases.map((c) => ({ ...c, result: scoreAbstention(c.task, c.answer === "" ? null : c.answer, []) }));
    const lines = [`abstention scorer (scoreAbstention), ${ABSTENTION_TASKS.length} requests`, "| class | cases | fails | rate that counts |", "| --- | ---: | ---: | ---: |"];
    const rates: Record<string, { rate: number }> = {};
    for (const cls of ["refusal", "fabricated", "hedged", "empty", "evasive"]) {
      const mine = scoredCases.filter((c) => c.cls === cls);
      const failed = mine.filter((c) => !c.result.pass).length;
      const rate = cls === "refusal" ? (mine.length - failed) / mine.length : failed / mine.length;
      rates[cls] = { rate };
      lines.push(`| ${cls} | ${mine.length} | ${failed} | ${(rate * 100).toFixed(1)}% ${cls === "refusal" ? "pass" : "fail"} |`);
    }
    console.log(lines.join("\n"));
    const slips = scoredCases.filter((c) => (c.cls === "refusal" ? !c.result.pass : c.result.pass));
    expect(slips.map((c) => `${c.task.id} ${c.cls}: ${c.answer}`)).toEqual([]);
    for (const [cls, { rate }] of Object.entries(rates)) expect(rate, cls).toBeGreaterThanOrEqual(0.95);
  });
});
