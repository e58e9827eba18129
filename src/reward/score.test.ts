/**
 * The reward on hand-built rollouts (no gateway): components of a perfect completion and of one
 * mistake at a time, the weighted and binary variants, and the three guards — each with a case
 * whose figure would differ without the guard.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { executePlan, type PlanRun } from "../bench/plan";
import { taskSchema, type BenchTask } from "../bench/task";
import { success, type Item, type NormalisedResult } from "../upstream/result";
import { rewardOptionsSchema, type RewardOptions } from "./options";
import { scoreRollout, type ResolvedCall, type ResolvedRollout } from "./score";

const NOW = new Date("2026-12-23T09:10:00+09:00");

const task: BenchTask = taskSchema.parse({
  id: "kb-999",
  version: 1,
  shape: "sequential",
  level: 2,
  request: { ko: "잠실엘스 지난달 실거래 중 제일 비싸게 팔린 금액이 얼마예요?", en: "The highest sale price at Jamsil Els last month?" },
  plan: [
    { id: "s1", tool: "juso_search", args: { keyword: "잠실엘스" } },
    { id: "s2", tool: "sigungu_code_from_bjd", args: { bjd_code: "$s1.items[0].admCd" } },
    { id: "s3", tool: "rtms_apt_trades", args: { LAWD_CD: "$s2.items[0].lawd_cd", DEAL_YMD: { $time: "month.previous" }, numOfRows: 1000 } },
  ],
  answer: { facts: [{ name: "최고 거래가", kind: "number", unit: "만원", value: { aggregate: "max", of: "$s3.items[?aptNm=잠실엘스][*].dealAmount" } }] },
});

const items = (...rows: Item[]) => success(rows, rows.length, 1);
const RESULTS: Record<string, NormalisedResult> = {
  juso_search: items({ roadAddr: "서울특별시 송파구 올림픽로 99", admCd: "1171010100", bdNm: "잠실엘스" }),
  sigungu_code_from_bjd: items({ sido_cd: "11", lawd_cd: "11710", bjdong_cd: "10100" }),
  rtms_apt_trades: items({ aptNm: "잠실엘스", dealAmount: 406200, floor: 20 }, { aptNm: "리센츠", dealAmount: 398000, floor: 11 }),
};
const ANSWER = "잠실엘스 지난달 최고 거래가는 40억 6,200만 원입니다.";

let gold: PlanRun;
beforeAll(async () => {
  gold = await executePlan(task, async (tool) => RESULTS[tool] ?? items(), NOW);
  expect(gold.ok).toBe(true);
});

let ids = 0;
function call(name: string, args: Record<string, unknown>, result: NormalisedResult | undefined = RESULTS[name]): ResolvedCall {
  const id = `c${++ids}`;
  return { entry: { kind: "call", id, name, arguments: JSON.stringify(args), args }, outcome: { status: "ok", ...(result ? { result } : {}), ms: 0 }, source: "reward" };
}
const malformed = (): ResolvedCall => ({ entry: { kind: "malformed", id: `c${++ids}`, name: null, arguments: "{", reason: "bad JSON" }, source: "none" });
const refused = (name: string): ResolvedCall => ({ entry: { kind: "call", id: `c${++ids}`, name, arguments: "{}", args: {} }, outcome: { status: "invalid_args", error: { code: "INVALID_ARGUMENT", message: "args.keyword: required" }, ms: 0 }, source: "none" });

function rollout(turns: ResolvedCall[][], final: string | null = ANSWER): ResolvedRollout {
  const steps = turns.map((calls) => ({ text: "", content: null, dialect: "native" as const, calls }));
  return { steps: final === null ? steps : [...steps, { text: final, content: final, dialect: null, calls: [] }], final, dialect: turns.length > 0 ? "native" : null };
}

const s1 = () => call("juso_search", { keyword: "잠실엘스" });
const s2 = () => call("sigungu_code_from_bjd", { bjd_code: "1171010100" });
const s3 = () => call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202611", numOfRows: 1000 });
const options = (extra: Record<string, unknown> = {}): RewardOptions => rewardOptionsSchema.parse(extra);
const score = (r: ResolvedRollout, o: RewardOptions = options()) => scoreRollout({ task, now: NOW }, gold, r, o);

describe("components", () => {
  it("are all 1 for the gold completion, which gets the weighted total, the binary 1 and the first-call bonus", () => {
    const result = score(rollout([[s1()], [s2()], [s3()]]));
    expect(result.components).toEqual({ format: 1, tool: 1, args: 1, links: 1, execution: 1, facts: 1 });
    expect(result).toMatchObject({ weighted: 1, binary: 1, bonus: 0.05, penalty: 0, reward: 1.05, reasons: [] });
    expect(result.details).toMatchObject({ calls: 3, wellFormedCalls: 3, goldCalls: 3, matchedCalls: 3, links: { gold: 2, used: 2 }, finalAnswer: true });
  });

  it("each mistake lowers the component meant for it", () => {
    const wrongArgs = score(rollout([[s1()], [s2()], [call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202610", numOfRows: 1000 }, items())]], "모르겠습니다."));
    expect(wrongArgs.components.args).toBeLessThan(1);
    expect(wrongArgs.components.tool).toBe(1);
    expect(wrongArgs.reasons[0]).toMatch(/^wrong_args:s3\.DEAL_YMD/);

    const wrongTool = score(rollout([[s1()], [s2()], [call("rtms_apt_rents", { LAWD_CD: "11710", DEAL_YMD: "202611" }, items())]], "모르겠습니다."));
    expect(wrongTool.components.tool).toBeLessThan(1);
    expect(wrongTool.reasons[0]).toBe("wrong_tool:rtms_apt_trades");

    // The code typed from memory instead of taken from s1's answer: the link s1→s2 is broken.
    const broken = score(rollout([[s1(), call("sigungu_code_from_bjd", { bjd_code: "1171010100" }, items({ sido_cd: "11", lawd_cd: "11710", bjdong_cd: "10100" }))], [s3()]]));
    expect(broken.components.links).toBeLessThan(1);
    expect(broken.reasons).toContain("broken_link:s1->s2.bjd_code");

    const failed = score(rollout([[s1()], [s2()], [call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202611", numOfRows: 1000 }, { ok: false, items: [], totalCount: 0, page: 1, error: { code: "UPSTREAM_TIMEOUT", upstreamCode: null, message: "slow" } })]], "모르겠습니다."));
    expect(failed.components.execution).toBeCloseTo(2 / 3, 5);
  });

  it("give nothing to a completion without a well-formed call", () => {
    for (const r of [rollout([], ANSWER), rollout([[malformed()]], ANSWER)]) {
      const result = score(r);
      expect(result.components).toEqual({ format: 0, tool: 0, args: 0, links: 0, execution: 0, facts: 0 });
      expect(result.reward).toBeLessThanOrEqual(0);
    }
  });

  it("rank completions of mixed quality in the expected order", () => {
    const rewards = [
      score(rollout([[s1()], [s2()], [s3()]])),
      score(rollout([[s1()], [s2()], [call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202610", numOfRows: 1000 }, items())]], "모르겠습니다.")),
      score(rollout([[s1()], [s2()], [call("rtms_apt_rents", { LAWD_CD: "11710", DEAL_YMD: "202611" }, items())]], "모르겠습니다.")),
      score(rollout([], ANSWER)),
    ].map((r) => r.reward);
    expect([...rewards].sort((a, b) => b - a)).toEqual(rewards);
    expect(new Set(rewards).size).toBe(rewards.length);
  });

  it("weigh the components as asked, and the binary mode rewards only a perfect completion", () => {
    const partial = rollout([[s1()], [s2()]], "모르겠습니다.");
    const factsOnly = score(partial, options({ weights: { format: 0, tool: 0, args: 0, links: 0, execution: 0, facts: 1 } }));
    expect(factsOnly.weighted).toBe(0);
    // The answer gates the process: without a stated fact the calls earn 30 % of their weight.
    const formatOnly = score(partial, options({ weights: { format: 1, tool: 0, args: 0, links: 0, execution: 0, facts: 0 } }));
    expect(formatOnly.weighted).toBe(0.3);
    expect(score(partial, options({ weights: { format: 1, tool: 0, args: 0, links: 0, execution: 0, facts: 0 }, processWithoutAnswer: 1 })).weighted).toBe(1);
    expect(score(partial, options({ mode: "binary" })).reward).toBe(0.05);
    expect(score(rollout([[s1()], [s2()], [s3()]]), options({ mode: "binary", firstCallBonus: 0 })).reward).toBe(1);
  });
});

describe("the answer gates the reward", () => {
  it("gives the right calls with an empty, dumped, hedged or wrong answer at most half of the correct completion's reward", () => {
    const calls = () => [[s1()], [s2()], [s3()]];
    const correct = score(rollout(calls())).reward;
    const dump = JSON.stringify(Object.values(RESULTS));
    for (const answer of [null, dump, "최고 거래가는 40억 6,200만 원 또는 39억 8,000만 원입니다.", "최고 거래가는 39억 8,000만 원입니다."]) {
      const result = score(rollout(calls(), answer));
      expect(result.components.facts, String(answer)).toBe(0);
      expect(result.reward, String(answer)).toBeLessThanOrEqual(correct / 2);
      expect(score(rollout(calls(), answer), options({ mode: "binary" })).binary).toBe(0);
    }
    expect(score(rollout(calls(), dump)).reasons).toContain("dump");
  });

  it("needs every fact in binary mode even when the facts weigh nothing", () => {
    const noFacts = options({ mode: "binary", firstCallBonus: 0, weights: { facts: 0 } });
    expect(score(rollout([[s1()], [s2()], [s3()]], "잘 모르겠어요."), noFacts).reward).toBe(0);
    expect(score(rollout([[s1()], [s2()], [s3()]]), noFacts).reward).toBe(1);
  });
});

describe("guard 1: answer facts earn only when an executed call backs them", () => {
  it("a right value without the call that returns it earns nothing", () => {
    // The answer states the price, but s3 (whose records hold it) was never called.
    const result = score(rollout([[s1()], [s2()]]));
    expect(result.details.facts).toEqual([{ name: "최고 거래가", expected: 406200, found: true, backed: false }]);
    expect(result.components.facts).toBe(0);
    expect(result.reasons).toContain("unbacked_fact:최고 거래가");
  });

  it("a call of the same tool that returned other records does not back it either", () => {
    const other = call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202611", numOfRows: 1000 }, items({ aptNm: "리센츠", dealAmount: 398000, floor: 11 }));
    expect(score(rollout([[s1()], [s2()], [other]])).components.facts).toBe(0);
  });

  it("a trimmed copy of the records (fewer fields, as in the exported dialogues) backs it", () => {
    const trimmed = call("rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202611", numOfRows: 1000 }, items({ aptNm: "잠실엘스", dealAmount: 406200 }));
    expect(score(rollout([[s1()], [s2()], [trimmed]])).components.facts).toBe(1);
  });
});

describe("guard 2: invalid calls cost more the longer their run, up to a cap", () => {
  it("a run of consecutive invalid calls costs 1, 2, 3 … units; a valid call ends the run", () => {
    const apart = score(rollout([[malformed()], [s1()], [refused("juso_search")], [s2()], [s3()]]));
    expect(apart.penalty).toBeCloseTo(0.1, 6);
    const together = score(rollout([[s1()], [malformed(), refused("juso_search")], [s2()], [s3()]]));
    expect(together.penalty).toBeCloseTo(0.15, 6);
    expect(together.details.longestInvalidRun).toBe(2);
  });

  it("ten invalid calls in a row cost the cap, not 2.75", () => {
    const spam = score(rollout([[s1()], Array.from({ length: 10 }, malformed), [s2()], [s3()]]));
    expect(spam.penalty).toBe(0.25);
    expect(spam.reward).toBeCloseTo(spam.weighted + spam.bonus - 0.25, 6);
    expect(score(rollout([[s1()], Array.from({ length: 10 }, malformed), [s2()], [s3()]]), options({ invalidPenaltyCap: 0.5 })).penalty).toBe(0.5);
  });
});

describe("guard 3: a small bonus for a valid first call", () => {
  it("is given when the first call is well-formed and withheld when it is not", () => {
    const valid = score(rollout([[s1()], [s2()], [s3()]]));
    const invalidFirst = score(rollout([[refused("juso_search"), s1()], [s2()], [s3()]]));
    expect(valid.bonus).toBe(0.05);
    expect(invalidFirst.bonus).toBe(0);
    expect(score(rollout([[s1()]], "모르겠습니다."), options({ firstCallBonus: 0.2 })).bonus).toBe(0.2);
    // Trying a tool beats not trying at all, even when nothing else is right.
    expect(score(rollout([[call("rtms_apt_rents", { LAWD_CD: "11710", DEAL_YMD: "202611" }, items())]], "모르겠습니다.")).reward).toBeGreaterThan(score(rollout([], "모르겠습니다.")).reward);
  });
});
