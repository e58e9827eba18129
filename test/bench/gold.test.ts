/**
 * Every KOPA-Bench gold plan executes on the sandbox and yields every answer fact, at two moments
 * (a weekday morning and a Saturday evening, so time tokens, KMA base times, bus timetables and
 * conditional branches all move), and the task set has the statistics the benchmark promises.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { executePlan, type PlanRun } from "../../src/bench/plan";
import { DOMAINS, minCallCount, SHAPES, type BenchTask } from "../../src/bench/task";
import { BENCH_TASKS, parseTaskFiles, taskStats } from "../../src/bench/tasks";
import sequential from "../../src/bench/tasks/sequential.json";
import { SandboxTenant } from "../support/sandbox";
import { mapBounded } from "../../src/util/map-bounded";

const MOMENTS = [
  { label: "a weekday morning", at: "2026-12-23T09:10:00+09:00" },
  { label: "a Saturday evening", at: "2027-03-13T19:40:00+09:00" },
];

const CONCURRENCY = 8;


const isEmpty = (value: unknown) => value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** What is wrong with one run: a failure, or a fact that is missing or empty. */
function problemsOf(task: BenchTask, run: PlanRun): string[] {
  if (!run.ok) return [`${task.id} ${run.error?.step ?? "?"}: ${run.error?.reason ?? "failed"}`];
  const problems: string[] = [];
  for (const fact of task.answer.facts) {
    const value = run.facts[fact.name];
    // A fact of a branch not taken is absent; every other fact must be there with a value.
    if (value === undefined && fact.when) continue;
    if (isEmpty(value)) problems.push(`${task.id} fact "${fact.name}" is empty`);
    if (fact.kind === "number" && typeof value !== "number") problems.push(`${task.id} fact "${fact.name}" is not a number: ${JSON.stringify(value)}`);
  }
  return problems;
}

describe.each(MOMENTS)("gold plans at $label ($at)", ({ at }) => {
  const now = new Date(at);
  let runs: PlanRun[] = [];

  beforeAll(async () => {
    const tenant = await SandboxTenant.create("bench-gold");
    await tenant.configure({ clock: { mode: "fixed", at } });
    runs = await mapBounded(BENCH_TASKS, CONCURRENCY, (task) => executePlan(task, async (tool, args) => (await tenant.call(tool, args, now)).result, now));
  }, 240_000);

  it("executes every plan and yields every fact", () => {
    expect(runs).toHaveLength(BENCH_TASKS.length);
    const problems = BENCH_TASKS.flatMap((task, i) => {
      const run = runs[i];
      return run ? problemsOf(task, run) : [`${task.id}: no run`];
    });
    expect(problems).toEqual([]);
  });

  it("reads the holiday itself, not the first day of its 연휴 (kb-025, kb-100)", () => {
    const run = (id: string) => runs[BENCH_TASKS.findIndex((t) => t.id === id)];
    const year = at.slice(0, 4);
    const days: Record<string, { 설날: string; 추석: string }> = { "2026": { 설날: "20260217", 추석: "20260925" }, "2027": { 설날: "20270207", 추석: "20270915" } };
    expect(run("kb-100")?.facts).toMatchObject(days[year] ?? {});
    const festivals = run("kb-025")?.steps.find((s) => s.id === "s2");
    expect(festivals?.args["eventStartDate"]).toBe(days[year]?.추석);
  });

  it("makes at least 4.9 calls per plan on average counting only the branches taken, and never a single call", () => {
    const executed = runs.map((run) => run.steps.filter((s) => !s.skipped).length);
    const histogram: Record<number, number> = {};
    for (const n of executed) histogram[n] = (histogram[n] ?? 0) + 1;
    const mean = executed.reduce((a, b) => a + b, 0) / executed.length;
    console.log(`gold calls executed at ${at}: mean ${mean.toFixed(2)}, histogram ${JSON.stringify(histogram)}`);
    expect(mean).toBeGreaterThanOrEqual(4.9);
    expect(BENCH_TASKS.filter((_, i) => (executed[i] ?? 0) < 2).map((t) => t.id)).toEqual([]);
  });
});

describe("the task set", () => {
  const stats = taskStats();

  it("has 145 tasks with ids kb-001 … kb-145", () => {
    expect(stats.total).toBe(145);
    expect(BENCH_TASKS.map((t) => t.id)).toEqual(Array.from({ length: 145 }, (_, i) => `kb-${String(i + 1).padStart(3, "0")}`));
  });

  it("covers every shape (conditional ≥ 15, the others ≥ 20) and every level", () => {
    for (const shape of SHAPES) expect(stats.byShape[shape], shape).toBeGreaterThanOrEqual(shape === "conditional" ? 15 : 20);
    for (const level of [1, 2, 3] as const) expect(stats.byLevel[level], `level ${level}`).toBeGreaterThanOrEqual(20);
  });

  it("uses every provider in at least three tasks, local tools in at least 20, and no task that one call answers whatever its branches take", () => {
    for (const [provider, count] of Object.entries(stats.byProvider)) expect(count, provider).toBeGreaterThanOrEqual(3);
    expect(stats.localToolTasks).toBeGreaterThanOrEqual(20);
    expect(stats.meanCalls).toBeGreaterThanOrEqual(4.9);
    expect(BENCH_TASKS.filter((t) => minCallCount(t) < 2).map((t) => t.id)).toEqual([]);
  });

  it("counts the fewest calls of a conditional plan by its complementary branches", () => {
    const task = BENCH_TASKS.find((t) => t.id === "kb-125");
    if (!task) throw new Error("no kb-125");
    // Four steps before the branch, one step on either side of it.
    expect(minCallCount(task)).toBe(5);
    const oneSided = { ...task, plan: task.plan.filter((s) => s.id !== "s6") };
    expect(minCallCount(oneSided)).toBe(4);
  });

  it("asks kb-129 for every fact it scores (storage, and the same company's tablet and its shape)", () => {
    const task = BENCH_TASKS.find((t) => t.id === "kb-129");
    expect(task?.answer.facts.map((f) => f.name)).toEqual(["보관법", "같은 회사 알약", "모양"]);
    expect(task?.request.ko).toMatch(/보관/);
    expect(task?.request.ko).toMatch(/제품 이름/);
    expect(task?.request.ko).toMatch(/모양/);
  });

  it("asks in Korean without internal identifiers", () => {
    // A 사업자등록번호 written the way it is printed on a receipt (NNN-NN-NNNNN) is what a citizen
    // or an official actually holds, so it may appear; API-internal ids and codes may not.
    const receiptBusinessNumber = /\b\d{3}-\d{2}-\d{5}\b/g;
    const identifiers = [
      /\d{5,}/, // contentId, LAWD_CD, 법정동 codes, nodeId digits, seq, itemSeq, HIRA codes
      /\b[A-Z]{1,4}\d{4,}/, // kaptCode A13587503, routeId DJB30300001, nodeId BSB164351901
      /\d{2}[A-H]\d{5}/, // KMA regId 11B10101 / 11B00000
      /[A-Za-z0-9+/]{16,}={0,2}/, // ykiho
      /\bST-\d+/, // 따릉이 stationId
      /\b(contentId|ykiho|nodeId|routeId|kaptCode|itemSeq|regId|stnId|nx|ny)\b/i, // parameter names
    ];
    const offending = BENCH_TASKS.flatMap((task) =>
      [task.request.ko, task.request.en].flatMap((text) => {
        const plain = text.replace(receiptBusinessNumber, "");
        return identifiers.filter((pattern) => pattern.test(plain)).map((pattern) => `${task.id}: ${pattern} in "${text}"`);
      }),
    );
    expect(offending).toEqual([]);
    for (const task of BENCH_TASKS) expect(task.request.ko, task.id).toMatch(/[가-힣]/);
  });

  it("gives every task its domain (all six used) and the platforms of its calls", () => {
    const domains = new Map<string, number>();
    for (const task of BENCH_TASKS) {
      expect(task.domain, task.id).toBeDefined();
      expect(task.platforms?.length ?? 0, task.id).toBeGreaterThan(0);
      domains.set(task.domain ?? "", (domains.get(task.domain ?? "") ?? 0) + 1);
    }
    for (const domain of DOMAINS) expect(domains.get(domain) ?? 0, domain).toBeGreaterThanOrEqual(10);
  });

  it("expects only facts the request asks for: no record counts, station names or distances on the side", () => {
    const facts = new Map(BENCH_TASKS.map((t) => [t.id, t.answer.facts.map((f) => f.name)]));
    expect(facts.get("kb-053")).toEqual(["최고 거래가"]);
    expect(facts.get("kb-025")).toEqual(["축제 수"]);
    expect(facts.get("kb-016")).toEqual(["초미세먼지"]);
    expect(facts.get("kb-021")).toEqual(["노선번호"]);
    // A comparison asks for the values its winner rests on.
    for (const task of BENCH_TASKS.filter((t) => t.shape === "comparison")) expect(task.request.ko, task.id).toMatch(/각각|금액|두 (곳|도시)|알려주세요|어때요/);
  });

  it("refuses task files with a duplicate id or a task in the wrong file", () => {
    const first = (sequential as unknown[])[0];
    expect(() => parseTaskFiles({ sequential: [first, first] })).toThrow(/kb-001: duplicate id/);
    expect(() => parseTaskFiles({ reduction: [first] })).toThrow(/a sequential task in reduction\.json/);
  });
});
