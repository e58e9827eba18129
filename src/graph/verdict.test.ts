import { describe, expect, it } from "vitest";
import { settled, verdictOf } from "./verdict";

const rule = { k: 3, share: 0.66 };

describe("verdicts", () => {
  it("verifies when enough tries return data", () => {
    expect(verdictOf(["ok", "ok"], rule)).toBe("verified");
    expect(verdictOf(["ok", "no_data", "ok"], rule)).toBe("verified");
  });

  it("rejects failures that blame the link", () => {
    expect(verdictOf(["no_data", "no_data"], rule)).toBe("rejected");
    expect(verdictOf(["type_error"], { k: 1, share: 0.66 })).toBe("rejected");
    expect(verdictOf(["missing_value"], rule)).toBe("rejected");
  });

  it("never rejects for upstream failures or empty live answers", () => {
    expect(verdictOf(["upstream_failure", "upstream_failure", "upstream_failure"], rule)).toBe("inconclusive");
    expect(verdictOf(["ok", "upstream_failure", "no_data"], rule)).toBe("inconclusive");
    expect(verdictOf(["empty_live", "empty_live"], rule)).toBe("inconclusive");
    expect(verdictOf([], rule)).toBe("inconclusive");
  });

  it("stops trying once the verdict cannot change", () => {
    expect(settled(["ok", "ok"], rule)).toBe(true);
    expect(settled(["no_data", "no_data"], rule)).toBe(true);
    expect(settled(["ok", "no_data"], rule)).toBe(false);
  });
});
