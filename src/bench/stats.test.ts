import { describe, expect, it } from "vitest";
import { passAtK, passHatK, summarise, type ScoredAttempt } from "./stats";

/** pass@k by its definition: the share of k-subsets of the n samples with at least one pass. */
function bruteForcePassAtK(passed: number, n: number, k: number): number {
  const samples = Array.from({ length: n }, (_, i) => i < passed);
  let subsets = 0;
  let hits = 0;
  const pick = (start: number, left: number, any: boolean) => {
    if (left === 0) {
      subsets++;
      if (any) hits++;
      return;
    }
    for (let i = start; i <= n - left; i++) pick(i + 1, left - 1, any || samples[i] === true);
  };
  pick(0, k, false);
  return hits / subsets;
}

describe("pass@k", () => {
  it("is the unbiased estimator 1 − C(n−c,k)/C(n,k), equal to counting k-subsets", () => {
    for (const [c, n, k] of [
      [0, 8, 4],
      [1, 8, 4],
      [3, 8, 4],
      [5, 8, 4],
      [8, 8, 4],
      [2, 8, 1],
      [1, 5, 5],
      [0, 5, 5],
    ] as const) {
      expect(passAtK(c, n, k), `c=${c} n=${n} k=${k}`).toBeCloseTo(bruteForcePassAtK(c, n, k), 12);
    }
    expect(passAtK(3, 8, 1)).toBeCloseTo(3 / 8);
    expect(() => passAtK(1, 3, 4)).toThrow(RangeError);
  });

  it("differs from pass^k, the chance that all k pass", () => {
    expect(passAtK(4, 8, 4)).toBeCloseTo(1 - 1 / 70);
    expect(passHatK(4, 8, 4)).toBeCloseTo(1 / 70);
  });
});

describe("a summary with n samples per item", () => {
  const at = (itemId: string, attempt: number, pass: boolean, errorType: string | null = pass ? null : "missing_fact:x", scorable = true): ScoredAttempt => ({ itemId, attempt, scorable, pass, errorType, measures: {} });
  const items = [
    { id: "a", groups: {} },
    { id: "b", groups: {} },
  ];

  it("reports pass@k and pass^k at each k with intervals, from per-item counts", () => {
    // a: 2 of 4 pass; b: 4 of 4.
    const attempts = [at("a", 0, true), at("a", 1, false), at("a", 2, true), at("a", 3, false), ...[0, 1, 2, 3].map((i) => at("b", i, true))];
    const s = summarise(items, attempts, [], { n: 4, ks: [1, 4] });
    expect(s).toMatchObject({ n: 4, k: 4 });
    const [k1, k4] = s.byK;
    expect(k1).toMatchObject({ k: 1, items: 2, passAt: { value: 0.75 }, passHat: { value: 0.75 } });
    expect(k4).toMatchObject({ k: 4, items: 2, passAt: { value: 1 }, passHat: { value: 0.5 } });
    expect(k1?.passAt.ci[0]).toBeLessThan(0.75);
    expect(k1?.passAt.ci[1]).toBeGreaterThan(0.75);
    expect(s.pass1.value).toBe(0.75);
    expect(s.passK.value).toBe(0.5);
  });

  it("never counts model-server or infrastructure errors as the model's failures", () => {
    const attempts = [
      at("a", 0, true),
      at("a", 1, false, "model_error:http_5xx", false),
      at("b", 0, false, "infra:UPSTREAM_UNAVAILABLE", false),
      at("b", 1, false),
    ];
    const s = summarise(items, attempts, [], { n: 2, ks: [1, 2] });
    expect(s.attempts).toMatchObject({ total: 4, scored: 2, passed: 1, modelErrors: 1, infraErrors: 1 });
    expect(s.pass1.value).toBe(0.5);
    expect(s.unscorable).toEqual([]);
    expect(s.errorTypes).toEqual({ missing_fact: 1 });
    // Each item has one scored sample: none reaches k = 2.
    expect(s.byK[1]).toMatchObject({ k: 2, items: 0 });
  });

  it("leaves a measure out when no attempt had anything to measure", () => {
    const attempts: ScoredAttempt[] = [{ itemId: "a", attempt: 0, scorable: true, pass: false, errorType: "no_answer", measures: { toolRecall: 0 } }];
    const s = summarise(items.slice(0, 1), attempts, [], 1);
    expect(s.measures).toEqual({ toolRecall: 0 });
    expect(s.measures["argAccuracy"]).toBeUndefined();
    expect(s.measureCounts).toEqual({ toolRecall: 1 });
  });
});

describe("measures of one attempt", () => {
  it("have no argument accuracy or precision when the model made no call", async () => {
    const { measuresOf } = await import("./results");
    const detail = {
      suite: "kopa",
      response: { recall: 0 },
      action: { validCalls: 0, matchedCalls: 0, toolPrecision: 0, toolRecall: 0, toolF1: 0, argAccuracy: 1, edges: { model: 0, precision: 0, recall: 0, f1: 0 }, valid: false, invalidCalls: { total: 0 }, redundantCalls: 0, extraCalls: 0, stepsOver: 0 },
      environment: { valid: false, recall: 0 },
    };
    const m = measuresOf(detail);
    expect(m).not.toHaveProperty("argAccuracy");
    expect(m).not.toHaveProperty("toolPrecision");
    expect(m).not.toHaveProperty("edgePrecision");
    expect(m).toMatchObject({ toolRecall: 0, toolF1: 0 });
  });
});
