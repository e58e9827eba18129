/**
 * The scorers on hand-built trajectories (no model): a perfect attempt, then one mistake at a
 * time, each caught by the metric meant for it and by no other.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { success, type Item, type NormalisedResult } from "../upstream/result";
import { executePlan, type PlanRun } from "./plan";
import { scoreKopaAttempt } from "./score";
import { passHatK, summarise, wilson, type ScoredAttempt } from "./stats";
import { taskSchema, type BenchTask } from "./task";
import { storable, type CallRecord, type Trajectory } from "./trajectory";

const NOW = new Date("2026-12-23T09:10:00+09:00");

const task: BenchTask = taskSchema.parse({
  id: "kb-999",
  version: 1,
  shape: "reduction",
  level: 2,
  request: { ko: "잠실엘스 지난달 실거래 중 제일 비싸게 팔린 금액이 얼마예요?", en: "The highest sale price at Jamsil Els last month?" },
  plan: [
    { id: "s1", tool: "juso_search", args: { keyword: "잠실엘스" } },
    { id: "s2", tool: "sigungu_code_from_bjd", args: { bjd_code: "$s1.items[0].admCd" } },
    { id: "s3", tool: "rtms_apt_trades", args: { LAWD_CD: "$s2.items[0].lawd_cd", DEAL_YMD: { $time: "month.previous" }, numOfRows: 1000 } },
  ],
  answer: {
    facts: [
      { name: "최고 거래가", kind: "number", unit: "만원", value: { aggregate: "max", of: "$s3.items[?aptNm=잠실엘스][*].dealAmount" } },
      { name: "거래 건수", kind: "number", unit: "건", value: { aggregate: "count", of: "$s3.items[?aptNm=잠실엘스][*].dealAmount" } },
    ],
  },
});

const items = (...rows: Item[]) => success(rows, rows.length, 1);
const RESULTS: Record<string, NormalisedResult> = {
  juso_search: items({ roadAddr: "서울특별시 송파구 올림픽로 99", admCd: "1171010100", bdNm: "잠실엘스" }),
  sigungu_code_from_bjd: items({ sido_cd: "11", lawd_cd: "11710", bjdong_cd: "10100" }),
  rtms_apt_trades: items(
    { aptNm: "잠실엘스", dealAmount: 406200, floor: 20 },
    { aptNm: "리센츠", dealAmount: 398000, floor: 11 },
    { aptNm: "잠실엘스", dealAmount: 388000, floor: 7 },
  ),
  rtms_apt_rents: items({ aptNm: "잠실엘스", deposit: 120000 }),
  kasi_public_holidays: items({ dateName: "기독탄신일", locdate: "20261225" }),
};

let gold: PlanRun;
beforeAll(async () => {
  gold = await executePlan(task, async (tool) => RESULTS[tool] ?? items(), NOW);
});

let ids = 0;
function call(name: string, args: Record<string, unknown>, result: NormalisedResult | undefined = RESULTS[name]): CallRecord {
  return { id: `c${++ids}`, kind: "call", name, arguments: JSON.stringify(args), args, outcome: { status: "ok", ...(result ? { result } : {}), ms: 1 } };
}

function trajectory(steps: CallRecord[][], final: string | null = "잠실엘스 지난달 최고 거래가는 40억 6,200만 원이고, 거래는 2건입니다."): Trajectory {
  return {
    system: "system",
    user: task.request.ko,
    steps: [...steps, []].map((calls, i) => ({ index: i + 1, text: "", content: null, dialect: calls.length > 0 ? "native" : null, calls, modelMs: 10, toolMs: 5, stepMs: 16, retries: 0, finishReason: null, usage: null })),
    final,
    stop: final === null ? "max_steps" : "answer",
    totalMs: 100,
  };
}

const s1 = () => call("juso_search", { keyword: "잠실엘스" });
const s2 = () => call("sigungu_code_from_bjd", { bjd_code: "1171010100" });
const s3 = (args: Record<string, unknown> = {}) => call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202611", numOfRows: 1000, ...args });
const score = (t: Trajectory) => scoreKopaAttempt(task, gold, t, NOW);

describe("a perfect attempt", () => {
  it("passes every scorer", () => {
    const result = score(trajectory([[s1()], [s2()], [s3()]]));
    expect(result.pass).toBe(true);
    expect(result.response).toMatchObject({ valid: true, recall: 1 });
    expect(result.action).toMatchObject({ valid: true, toolF1: 1, argAccuracy: 1, redundantCalls: 0, extraCalls: 0, steps: 3, goldMinSteps: 3, stepsOver: 0 });
    expect(result.action.edges).toMatchObject({ gold: 2, used: 2, precision: 1, recall: 1, f1: 1 });
    expect(result.environment).toMatchObject({ valid: true, recall: 1 });
  });
});

describe("each mistake is caught by its metric", () => {
  it("a wrong tool: tool selection", () => {
    const result = score(trajectory([[s1()], [s2()], [call("rtms_apt_rents", { LAWD_CD: "11710", DEAL_YMD: "202611" })]], "모르겠습니다"));
    expect(result.action).toMatchObject({ valid: false, error_type: "wrong_tool:rtms_apt_trades", toolPrecision: 2 / 3, toolRecall: 2 / 3 });
    expect(result.environment).toMatchObject({ valid: false, error_type: "missing_records:s3" });
  });

  it("a wrong argument: argument accuracy, with the right tools", () => {
    const result = score(trajectory([[s1()], [s2()], [s3({ DEAL_YMD: "202610" })]]));
    expect(result.action).toMatchObject({ valid: false, error_type: "wrong_args:s3.DEAL_YMD", toolF1: 1, exactArgCalls: 2 });
    // rtms_apt_trades has four arguments once its schema applies defaults (pageNo): one of four differs.
    expect(result.action.argAccuracy).toBeCloseTo((1 + 1 + 3 / 4) / 3);
  });

  it("a broken link: the value was not taken from the earlier output (called before it existed)", () => {
    const result = score(trajectory([[s1()], [s2(), s3()]]));
    expect(result.action).toMatchObject({ valid: false, error_type: "broken_link:s2->s3.LAWD_CD", toolF1: 1, argAccuracy: 1 });
    expect(result.action.edges).toMatchObject({ gold: 2, used: 1, recall: 0.5 });
    expect(result.pass).toBe(true);
  });

  it("a missing fact: response only", () => {
    const result = score(trajectory([[s1()], [s2()], [s3()]], "최고 거래가는 40억 6,200만 원입니다."));
    expect(result).toMatchObject({ pass: false, error_type: "missing_fact:거래 건수" });
    expect(result.response.recall).toBe(0.5);
    expect(result.action.valid).toBe(true);
    expect(result.environment.valid).toBe(true);
  });

  it("extra calls: redundancy, precision and steps, while the answer holds", () => {
    const result = score(trajectory([[s1()], [s2(), s1()], [s3(), call("kasi_public_holidays", { solYear: "2026", solMonth: "12" })], [s3()]]));
    expect(result.pass).toBe(true);
    expect(result.action).toMatchObject({ valid: false, error_type: "redundant_calls:2", redundantCalls: 2, extraCalls: 3, toolRecall: 1, stepsOver: 1 });
    expect(result.action.toolPrecision).toBeCloseTo(3 / 6);
  });

  it("invalid calls: malformed, unknown tool, refused arguments", () => {
    const malformed: CallRecord = { id: "m", kind: "malformed", name: null, arguments: "{bad", reason: "not JSON" };
    const unknown: CallRecord = { id: "u", kind: "unknown_tool", name: "no_such_tool", arguments: "{}", reason: "no tool" };
    const refused: CallRecord = { ...call("juso_search", { keyword: "x" }), outcome: { status: "invalid_args", error: { code: "INVALID_ARGUMENT", message: "args.keyword: too short" }, ms: 1 } };
    const result = score(trajectory([[malformed, unknown, refused], [s1()], [s2()], [s3()]]));
    expect(result.action.invalidCalls).toEqual({ malformed: 1, unknownTool: 1, invalidArgs: 1, total: 3 });
    expect(result.action).toMatchObject({ error_type: "invalid_calls:3", validCalls: 3, toolF1: 1 });
  });

  it("records not retrieved: environment", () => {
    const partial = items({ aptNm: "잠실엘스", dealAmount: 406200, floor: 20 });
    const result = score(trajectory([[s1()], [s2()], [call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202611", numOfRows: 1000 }, partial)]]));
    expect(result.environment).toMatchObject({ valid: false, error_type: "missing_records:s3", required: 2, found: 1 });
  });

  it("no answer and a model error", () => {
    expect(score(trajectory([[s1()]], null)).response).toMatchObject({ valid: false, error_type: "no_answer:max_steps" });
    const failed: Trajectory = { ...trajectory([[s1()]], null), stop: "model_error", modelError: { reason: "http_5xx", message: "HTTP 500" } };
    expect(score(failed)).toMatchObject({ pass: false, error_type: "model_error:http_5xx" });
  });
});

describe("run statistics", () => {
  const attempt = (itemId: string, attemptNo: number, pass: boolean, scorable = true): ScoredAttempt => ({ itemId, attempt: attemptNo, scorable, pass, errorType: pass ? null : scorable ? "missing_fact:x" : "unscorable:s1: timeout", measures: { toolF1: pass ? 1 : 0.5 } });

  it("computes pass@1, pass^k, intervals, breakdowns and leaves unscorable items out", () => {
    const items = [
      { id: "a", groups: { shape: ["sequential"], provider: ["kma", "local"] } },
      { id: "b", groups: { shape: ["sequential"], provider: ["kma"] } },
      { id: "c", groups: { shape: ["fan_out"], provider: ["hira"] } },
    ];
    const attempts = [attempt("a", 0, true), attempt("a", 1, true), attempt("b", 0, true), attempt("b", 1, false), attempt("c", 0, false, false), attempt("c", 1, false, false)];
    const timing = { steps: 3, modelMs: 30, toolMs: 6, totalMs: 45, startedAt: 0, finishedAt: 60_000 };
    const summary = summarise(items, attempts, [timing, timing], 2);
    expect(summary.scoredItems).toBe(2);
    expect(summary.unscorable).toEqual([{ itemId: "c", reason: "unscorable:s1: timeout" }]);
    expect(summary.pass1.value).toBe(0.75);
    expect(summary.passK.value).toBe(0.5);
    expect(summary.breakdowns["shape"]).toEqual({ sequential: expect.objectContaining({ items: 2 }) });
    expect(summary.breakdowns["provider"]?.["local"]?.pass1.value).toBe(1);
    expect(summary.measures["toolF1"]).toBe(0.875);
    expect(summary.errorTypes).toEqual({ missing_fact: 1, unscorable: 2 });
    expect(summary.timing).toMatchObject({ steps: 6, modelMsPerStep: 10, toolMsPerStep: 2, overheadMsPerStep: 5, runnerMsPerStep: 3, attemptsPerMinute: 2 });
  });

  it("uses Wilson's interval for proportions and the hypergeometric pass^k", () => {
    expect(wilson(8, 10)).toEqual([0.4902, 0.9433]);
    expect(wilson(0, 0)).toEqual([0, 1]);
    expect(passHatK(2, 4, 2)).toBeCloseTo(1 / 6);
    expect(passHatK(4, 4, 2)).toBe(1);
  });
});

describe("stored trajectories", () => {
  it("drop the items of the largest results, counted, only when a D1 row would overflow", () => {
    const big = items(...Array.from({ length: 400 }, (_, i) => ({ aptNm: `단지${i}`, dealAmount: 100000 + i })));
    const t = trajectory([[s1()], [s2()], [call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202611", numOfRows: 1000 }, big)]]);
    expect(storable(t)).toBe(t);
    const small = storable(t, 5_000);
    expect(JSON.stringify(small).length).toBeLessThanOrEqual(5_000);
    const rtms = small.steps[2]?.calls[0]?.outcome;
    expect(rtms).toMatchObject({ droppedItems: 400, result: { ok: true, items: [], totalCount: 400 } });
    expect(small.steps[0]?.calls[0]?.outcome?.result?.items).toHaveLength(1);
  });
});
