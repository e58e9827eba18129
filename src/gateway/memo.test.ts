import { describe, expect, it } from "vitest";
import { BoundedMemo } from "./memo";

describe("BoundedMemo", () => {
  it("forgets expired entries and never holds more than its bound", () => {
    const memo = new BoundedMemo<number>(3, 1000);
    for (let i = 0; i < 100; i++) memo.set(`k${i}`, i, 0);
    expect(memo.size).toBe(3);
    expect(memo.get("k0", 1)).toBeUndefined();
    expect(memo.get("k99", 1)).toEqual({ value: 99 });
    expect(memo.get("k99", 1000)).toBeUndefined();
  });
});
