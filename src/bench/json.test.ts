import { describe, expect, it } from "vitest";
import { parseJson, toPlain, toJsonText } from "./json";

describe("JSON as Python's json.loads reads it", () => {
  it("keeps a repeated key at its first place with its last value", () => {
    const node = parseJson('{"a": 1, "b": 2, "a": 3.0}');
    expect(toJsonText(node)).toBe('{"a": 3.0, "b": 2}');
    expect(toPlain(node)).toEqual({ a: 3, b: 2 });
  });

  it("reads NaN and the infinities as floats", () => {
    const node = parseJson("[NaN, Infinity, -Infinity, -1]");
    expect(node.t === "list" ? node.v.map((n) => n.t) : []).toEqual(["float", "float", "float", "int"]);
    expect(toPlain(node)).toEqual([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1]);
  });

  it("still refuses what json.loads refuses", () => {
    for (const bad of ["", "{'a': 1}", "[1,]", "nan", "{\"a\" 1}"]) expect(() => parseJson(bad), bad).toThrow();
  });
});
