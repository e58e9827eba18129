/** The filters on hand-made walks: a leaked identifier, an argument from nowhere, a missing fact. */
import { describe, expect, it } from "vitest";
import { buildExample, dataflowProblem, groundingProblem, identifierProblem, referencePlan, rejectionOf } from "./example";
import { resolveArgs, type WalkState } from "./walk";

const ok = (items: Record<string, unknown>[]) => ({ ok: true as const, items, totalCount: items.length, page: 1 });

function walk(): WalkState {
  return {
    plan: {
      id: "p1",
      shape: "sequential",
      seed: "t",
      edges: ["tour_search_keyword->tour_detail_intro"],
      steps: [
        { id: "s1", tool: "tour_search_keyword", args: { keyword: { from: "user", value: "경복궁" } }, slot: 0 },
        {
          id: "s2",
          tool: "tour_detail_intro",
          args: { contentId: { from: "step", step: "s1", field: "contentid", slot: 0 }, contentTypeId: { from: "step", step: "s1", field: "contenttypeid", slot: 0 } },
          slot: 0,
        },
      ],
    },
    jobId: "job",
    teamId: "team",
    snapshot: null,
    now: Date.parse("2026-11-27T01:30:00Z"),
    status: "done",
    reason: null,
    retries: 0,
    upstreamCalls: 2,
    steps: [
      { id: "s1", tool: "tour_search_keyword", skipped: false, args: { keyword: "경복궁" }, result: ok([{ contentid: "126508", contenttypeid: 12, title: "경복궁" }, { contentid: "2733967", contenttypeid: 12, title: "경복궁 수문장 교대의식" }]), picks: { "0": 0 }, attempts: 1, upstream: true },
      { id: "s2", tool: "tour_detail_intro", skipped: false, args: { contentId: "126508", contentTypeId: 12 }, result: ok([{ contentid: "126508", contenttypeid: "12", usetime: "09:00~18:00", restdate: "매주 화요일" }]), picks: { "0": 0 }, attempts: 1, upstream: true },
    ],
  };
}

describe("example filters", () => {
  it("keeps a clean template example with grounded facts and a reference plan", () => {
    const example = buildExample(walk(), "e1");
    expect(example.request.text).toContain("경복궁");
    expect(rejectionOf(example)).toBeNull();
    expect(example.facts.map((f) => f.value)).toEqual(expect.arrayContaining(["09:00~18:00"]));
    expect(example.reference.plan[1]?.args).toEqual({ contentId: "$s1.items[0].contentid", contentTypeId: "$s1.items[0].contenttypeid" });
  });

  it("rejects a request that leaks an intermediate identifier", () => {
    expect(identifierProblem(walk(), "콘텐츠 126508의 쉬는 날을 알려 주세요")).toMatch(/identifier 126508 leaks/);
  });

  it("does not count a number the user states inside their own words as a leak", () => {
    const state = walk();
    const s1 = state.plan.steps[0];
    if (s1) s1.args["keyword"] = { from: "user", value: "경복궁 126508" };
    expect(identifierProblem(state, "경복궁 126508 근처의 쉬는 날을 알려 주세요")).toBeNull();
    // Stated on its own, the same number is a code the request gives away.
    if (s1) s1.args["keyword"] = { from: "user", value: "126508" };
    expect(identifierProblem(state, "126508의 쉬는 날을 알려 주세요")).toMatch(/identifier 126508 leaks/);
  });

  it("rejects an argument that is neither stated nor produced by an earlier step", () => {
    expect(dataflowProblem(walk(), "서울 관광지의 쉬는 날을 알려 주세요")).toMatch(/keyword=경복궁 is not stated/);
    const state = walk();
    const s2 = state.plan.steps[1];
    if (s2) s2.args["contentId"] = { from: "step", step: "s9", field: "contentid", slot: 0 };
    expect(dataflowProblem(state, "경복궁 쉬는 날")).toMatch(/reads s9/);
  });

  it("rejects an answer fact that is not in the outputs", () => {
    const example = buildExample(walk(), "e2");
    const [fact] = example.facts;
    if (!fact) throw new Error("no fact");
    expect(groundingProblem(walk(), [{ ...fact, value: "매주 월요일" }])).toMatch(/not in the outputs/);
    expect(groundingProblem(walk(), [])).toBe("no answer facts");
  });

  it("rejects a walk whose middle step answered nothing", () => {
    const state = walk();
    const s1 = state.steps[0];
    if (s1) s1.result = ok([]);
    expect(rejectionOf(buildExample(state, "e3"))).toMatch(/^nontrivial/);
  });

  it("passes one value into a list parameter as a one-item list, in the call and in the reference", () => {
    const state = walk();
    state.plan.steps = [
      { id: "s1", tool: "nts_business_validate", args: { businesses: { from: "user", value: [{ b_no: "1018846836", start_dt: "20180901", p_nm: "정준호" }] } }, slot: 0 },
      { id: "s2", tool: "nts_business_status", args: { b_no: { from: "step", step: "s1", field: "b_no", slot: 0 } }, slot: 0 },
    ];
    state.steps = [{ id: "s1", tool: "nts_business_validate", skipped: false, args: {}, result: ok([{ b_no: "1018846836", valid: "01" }]), picks: { "0": 0 }, attempts: 1, upstream: true }];
    const s2 = state.plan.steps[1];
    if (!s2) throw new Error("no s2");
    expect(resolveArgs(s2, state)).toEqual({ ok: true, args: { b_no: ["1018846836"] } });
    expect(referencePlan(state)[1]?.args).toEqual({ b_no: ["$s1.items[0].b_no"] });
  });

  it("passes a number into a text parameter as text, in the call and in the reference", () => {
    const state = walk();
    state.plan.steps = [
      { id: "s1", tool: "rtms_apt_trades", args: { LAWD_CD: { from: "user", value: "11710" }, DEAL_YMD: { from: "user", value: "202610" } }, slot: 0 },
      { id: "s2", tool: "kasi_public_holidays", args: { solYear: { from: "step", step: "s1", field: "dealYear", slot: 0 } }, slot: 0 },
    ];
    state.steps = [{ id: "s1", tool: "rtms_apt_trades", skipped: false, args: {}, result: ok([{ aptNm: "잠실엘스", dealYear: 2026, dealAmount: 406200 }]), picks: { "0": 0 }, attempts: 1, upstream: true }];
    const s2 = state.plan.steps[1];
    if (!s2) throw new Error("no s2");
    expect(resolveArgs(s2, state)).toEqual({ ok: true, args: { solYear: "2026" } });
    expect(referencePlan(state)[1]?.args).toEqual({ solYear: "$s1.items[0].dealYear|string" });
  });
});
