import { describe, expect, it } from "vitest";
import { UserError } from "../../src/cli/errors";
import { buildArgs, splitPair, typedValue } from "../../src/cli/tool-args";

describe("typedValue", () => {
  it("keeps string parameters as strings, leading zeros and all", () => {
    expect(typedValue("2026", { type: "string" })).toBe("2026");
    expect(typedValue("05", { type: "string" })).toBe("05");
  });

  it("parses integer and number parameters", () => {
    expect(typedValue("60", { type: "integer" })).toBe(60);
    expect(typedValue("-37.5665", { type: "number" })).toBe(-37.5665);
    expect(typedValue("1e3", { type: ["number", "null"] })).toBe(1000);
  });

  it("sends a value its type cannot take as typed, for the gateway to name the rule", () => {
    expect(typedValue("sixty", { type: "integer" })).toBe("sixty");
    expect(typedValue("yes", { type: "boolean" })).toBe("yes");
  });

  it("parses booleans", () => {
    expect(typedValue("true", { type: "boolean" })).toBe(true);
    expect(typedValue("false", { type: "boolean" })).toBe(false);
  });

  it("takes JSON or a comma list for arrays, JSON for objects", () => {
    expect(typedValue('["1208147521"]', { type: "array", items: { type: "string" } })).toEqual(["1208147521"]);
    expect(typedValue("1208147521, 2208162517", { type: "array", items: { type: "string" } })).toEqual(["1208147521", "2208162517"]);
    expect(typedValue("1,2", { type: "array", items: { type: "integer" } })).toEqual([1, 2]);
    expect(typedValue('{"b_no":"1"}', { type: "object" })).toEqual({ b_no: "1" });
  });

  it("guesses where the schema says nothing: JSON numbers and booleans, else strings", () => {
    expect(typedValue("2026")).toBe(2026);
    expect(typedValue("05")).toBe("05");
    expect(typedValue("true")).toBe(true);
    expect(typedValue("서울")).toBe("서울");
    expect(typedValue("12abc")).toBe("12abc");
  });

  it("keeps a quoted value a string whatever the schema says", () => {
    expect(typedValue('"2026"')).toBe("2026");
    expect(typedValue("'60'", { type: "integer" })).toBe("60");
  });
});

describe("splitPair", () => {
  it("splits at the first =", () => {
    expect(splitPair("q=a=b")).toEqual({ key: "q", value: "a=b" });
    expect(splitPair("empty=")).toEqual({ key: "empty", value: "" });
  });

  it("refuses a pair without a key or without =", () => {
    expect(splitPair("=1")).toBeUndefined();
    expect(splitPair("solYear")).toBeUndefined();
  });
});

describe("buildArgs", () => {
  const properties = { solYear: { type: "string" }, numOfRows: { type: "integer" }, pageNo: { type: "integer" } };

  it("types --arg values over the --args-json base", () => {
    const args = buildArgs(
      [
        { key: "solYear", value: "2026" },
        { key: "numOfRows", value: "10" },
      ],
      { solYear: "2025", pageNo: 2 },
      properties,
    );
    expect(args).toEqual({ solYear: "2026", numOfRows: 10, pageNo: 2 });
  });

  it("refuses a name the tool does not take, naming the nearest one", () => {
    expect(() => buildArgs([{ key: "solyear", value: "2026" }], {}, properties)).toThrow(new UserError('unknown argument "solyear" — did you mean "solYear"? (the tool takes: solYear, numOfRows, pageNo)'));
    expect(() => buildArgs([], { city: "서울" }, properties)).toThrow(new UserError('unknown argument "city" (the tool takes: solYear, numOfRows, pageNo)'));
  });

  it("refuses a name given twice", () => {
    expect(() =>
      buildArgs(
        [
          { key: "solYear", value: "2026" },
          { key: "solYear", value: "2027" },
        ],
        {},
        properties,
      ),
    ).toThrow(new UserError("--arg solYear is given twice"));
  });
});
