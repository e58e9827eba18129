import { describe, expect, it } from "vitest";
import { diffShapes, isDrift, shapeOf } from "./shape";

describe("response shapes", () => {
  it("records field types and fields that never carry a value", () => {
    expect(shapeOf([{ a: "x", b: 1, c: null }, { a: "y", b: null, c: null }])).toEqual({ a: "string", b: "number", c: "null" });
  });

  it("sees a renamed field as removed and added, and a type change as retyped", () => {
    const before = shapeOf([{ stationName: "종로구", tm: 1.2 }]);
    const after = shapeOf([{ stationName: null, stationNm: "종로구", tm: "1.2" }]);
    expect(diffShapes(before, after)).toEqual({ added: ["stationNm"], removed: ["stationName"], retyped: ["tm"] });
    expect(isDrift(diffShapes(before, before))).toBe(false);
  });
});
