import { describe, expect, it } from "vitest";
import { basisOf, settled, verdictOf } from "./verdict";

const rule = { k: 3, share: 0.66 };

describe("verdicts", () => {
  it("verifies when enough tries depend on the value, on k distinct source values", () => {
    expect(verdictOf(["dependent", "dependent"], rule, 3)).toBe("verified");
    expect(verdictOf(["dependent", "empty", "dependent"], rule, 5)).toBe("verified");
    expect(basisOf("verified", ["conversion", "conversion"])).toBe("conversion");
  });

  it("never verifies an edge that saw fewer than k distinct source values", () => {
    expect(verdictOf(["dependent", "dependent"], rule, 2)).toBe("untested");
    expect(basisOf("untested", ["dependent", "dependent"])).toBe("few_values");
  });

  it("leaves an edge whose bound value was never sent untested", () => {
    expect(verdictOf([], rule, 0)).toBe("untested");
    expect(basisOf("untested", [])).toBe("not_sent");
  });

  it("rejects an edge whose answer does not depend on the value: a random value passed as well", () => {
    expect(verdictOf(["control_passed", "control_passed"], rule, 8)).toBe("rejected");
    expect(verdictOf(["dependent", "control_passed", "control_passed"], rule, 8)).toBe("rejected");
    expect(basisOf("rejected", ["control_passed", "control_passed"])).toBe("control_passed");
    expect(verdictOf(["repeats_source", "repeats_source"], rule, 8)).toBe("rejected");
  });

  it("rejects failures that blame the link", () => {
    expect(verdictOf(["no_data", "no_data"], rule, 5)).toBe("rejected");
    expect(verdictOf(["missing_value"], rule, 5)).toBe("rejected");
    // A value of the wrong type fails whatever the value: one is enough to reject.
    expect(verdictOf(["type_error"], rule, 1)).toBe("rejected");
    // But a lookup that found nothing for the only value there is says little: try again with more values.
    expect(verdictOf(["no_data"], rule, 1)).toBe("untested");
  });

  it("counts an empty search as inconclusive, never against the link", () => {
    expect(verdictOf(["empty", "empty", "empty"], rule, 9)).toBe("inconclusive");
    expect(verdictOf(["dependent", "empty", "control_passed"], rule, 9)).toBe("inconclusive");
    expect(basisOf("inconclusive", ["empty", "empty"])).toBe("empty");
  });

  it("never rejects for upstream failures or empty live answers", () => {
    expect(verdictOf(["upstream_failure", "upstream_failure", "upstream_failure"], rule, 3)).toBe("inconclusive");
    expect(verdictOf(["dependent", "upstream_failure", "no_data"], rule, 3)).toBe("inconclusive");
    expect(verdictOf(["empty_live", "empty_live"], rule, 3)).toBe("inconclusive");
    // A parameter with no other value to compare with proves nothing either way.
    expect(verdictOf(["no_control", "no_control"], rule, 3)).toBe("inconclusive");
    expect(basisOf("inconclusive", ["no_control", "no_control"])).toBe("no_control");
  });

  it("stops trying once the verdict cannot change, and tries another value after an empty search", () => {
    expect(settled(["dependent", "dependent"], rule, 9)).toBe(true);
    expect(settled(["no_data", "no_data"], rule, 9)).toBe(true);
    expect(settled(["dependent", "no_data"], rule, 9)).toBe(false);
    expect(settled(["empty", "empty", "dependent"], rule, 9)).toBe(false);
    expect(settled(["empty", "empty", "dependent"], rule, 3)).toBe(true);
    expect(settled(["empty", "empty", "empty", "empty", "empty", "empty"], rule, 20)).toBe(true);
    // Before any value has shown the link works, a lookup that found nothing twice is given no more
    // values; a search around a point or in an area is (nothing near one point says little of the next).
    expect(settled(["empty", "empty"], rule, 20)).toBe(true);
    expect(settled(["empty", "empty"], rule, 20, true)).toBe(false);
    expect(settled(["empty", "empty", "empty", "empty"], rule, 20, true)).toBe(false);
    expect(settled(["empty", "empty", "empty", "empty", "empty"], rule, 20, true)).toBe(true);
    // Once a value has shown the link works, a rare target gets more values tried.
    expect(settled(["empty", "dependent", "empty", "empty", "empty", "empty"], rule, 20)).toBe(false);
    // With fewer values than needed, one try is still made.
    expect(settled([], rule, 1)).toBe(false);
    expect(settled(["type_error"], rule, 1)).toBe(true);
  });
});
