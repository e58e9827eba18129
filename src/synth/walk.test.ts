/**
 * A register with no search parameter is read whole: the stated name picks the row, it is never
 * sent as an argument, and it is what the request must state.
 */
import { describe, expect, it } from "vitest";
import type { WalkPlan } from "./plan";
import { resolveArgs, statedName, type WalkState } from "./walk";

const CENTRES = [{ teenGdctCntrNm: "서울시립청소년성문화센터", addr: "서울특별시 마포구 월드컵로 235" }];

function listed(): WalkState {
  const plan: WalkPlan = {
    id: "p",
    shape: "sequential",
    seed: "named",
    edges: [],
    steps: [
      { id: "z1", tool: "dg_15078171_teenager_center_list", args: {}, slot: 0, seed: true },
      { id: "s1", tool: "dg_15078171_teenager_center_list", args: {}, slot: 0, named: { from: "step", step: "z1", field: "teenGdctCntrNm", slot: 0 }, pick: { field: "teenGdctCntrNm" } },
    ],
  };
  const z1 = { id: "z1", tool: plan.steps[0]?.tool ?? "", skipped: false, args: {}, result: { ok: true as const, items: CENTRES, totalCount: 1, page: 1 }, picks: { "0": 0 }, attempts: 1, upstream: true };
  return { plan, jobId: "j", teamId: "t", snapshot: null, now: Date.parse("2026-11-27T01:30:00Z"), status: "running", reason: null, retries: 0, upstreamCalls: 1, steps: [z1] };
}

describe("a listed register's named row", () => {
  it("resolves the stated name beside the arguments, not into them", () => {
    const state = listed();
    const step = state.plan.steps[1];
    if (!step) throw new Error("no step");
    const resolved = resolveArgs(step, state);
    expect(resolved).toEqual({ ok: true, args: {}, named: "서울시립청소년성문화센터" });
  });

  it("fails the step when the seed gave no name", () => {
    const state = listed();
    const z1 = state.steps[0];
    if (z1?.result) z1.result.items = [{ addr: "서울특별시 마포구 월드컵로 235" }];
    const step = state.plan.steps[1];
    if (!step) throw new Error("no step");
    expect(resolveArgs(step, state)).toMatchObject({ ok: false });
  });

  it("reads the stated name from the search argument, or from the name that picked the row", () => {
    const base = { id: "s1", tool: "x", skipped: false, result: null, picks: {}, attempts: 1, upstream: true };
    expect(statedName({ ...base, args: { yadmNm: "김정형외과의원" } }, "yadmNm")).toBe("김정형외과의원");
    expect(statedName({ ...base, args: {}, named: "서울시립청소년성문화센터" }, undefined)).toBe("서울시립청소년성문화센터");
    expect(statedName({ ...base, args: { yadmNm: "" } }, "yadmNm")).toBeUndefined();
  });
});
