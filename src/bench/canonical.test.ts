import { describe, expect, it } from "vitest";
import { canonical, sameCanonical } from "./canonical";

describe("sameCanonical", () => {
  const values: unknown[] = ["1", 1, 1.5, "1.5", 0, -0, NaN, Infinity, -Infinity, null, undefined, true, "true", "", "서울", "서울 ", [1, "a"], [1, "a", null], { a: 1, b: "x" }, { b: "x", a: 1 }, { a: 1, b: "x", c: undefined }, { a: [1, { z: 2, y: 3 }] }, { a: [1, { y: 3, z: 2 }] }];

  it("says two values are the same exactly when their canonical texts are", () => {
    for (const a of values) for (const b of values) expect(sameCanonical(a, b), `${String(canonical(a))} vs ${String(canonical(b))}`).toBe(canonical(a) === canonical(b));
  });

  it("keeps a string apart from the number it spells, and keys in any order together", () => {
    expect(sameCanonical("37", 37)).toBe(false);
    expect(sameCanonical({ x: 1, y: 2 }, { y: 2, x: 1 })).toBe(true);
  });
});
