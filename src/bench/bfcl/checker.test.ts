import { describe, expect, it } from "vitest";
import { parseJson } from "../json";
import { astCheck, goldCalls, simpleFunctionChecker, standardizeString, type ModelCall } from "./checker";
import { BFCL_CATEGORIES, bfclEntries, type BfclFunction } from "./data";

const fn: BfclFunction = {
  name: "weather.forecast",
  description: "Weather forecast",
  parameters: {
    type: "dict",
    properties: {
      city: { type: "string" },
      days: { type: "integer" },
      threshold: { type: "float" },
      metric: { type: "boolean" },
      hours: { type: "array", items: { type: "integer" } },
      tags: { type: "array", items: { type: "string" } },
      options: { type: "dict", properties: { lang: { type: "string" }, unit: { type: "string" } } },
      stops: { type: "array", items: { type: "dict" } },
      ref: { type: "integer" },
    },
    required: ["city"],
  },
};

const answer = (params: string) => parseJson(`{"weather.forecast": ${params}}`);
const call = (args: string, name = "weather.forecast"): ModelCall => ({ name, args: parseJson(args) });
const check = (args: string, params: string) => simpleFunctionChecker(fn, call(args), answer(params));

describe("BFCL AST checker: names and parameters", () => {
  it("accepts a correct call", () => {
    expect(check('{"city": "Seoul", "days": 3}', '{"city": ["Seoul"], "days": [3]}')).toEqual({ valid: true });
  });

  it("refuses a wrong function name", () => {
    expect(simpleFunctionChecker(fn, call('{"city": "Seoul"}', "weather_forecast"), answer('{"city": ["Seoul"]}'))).toMatchObject({ valid: false, error_type: "simple_function_checker:wrong_func_name" });
  });

  it("needs every required parameter", () => {
    expect(check('{"days": 3}', '{"city": ["Seoul"], "days": [3]}')).toMatchObject({ error_type: "simple_function_checker:missing_required" });
  });

  it("refuses a parameter the function or the answer does not know", () => {
    expect(check('{"city": "Seoul", "country": "KR"}', '{"city": ["Seoul"]}')).toMatchObject({ error_type: "simple_function_checker:unexpected_param" });
    expect(check('{"city": "Seoul", "days": 3}', '{"city": ["Seoul"]}')).toMatchObject({ error_type: "simple_function_checker:unexpected_param" });
  });

  it('lets a parameter whose acceptable values hold "" be omitted, and only those', () => {
    expect(check('{"city": "Seoul"}', '{"city": ["Seoul"], "days": [3, ""]}')).toEqual({ valid: true });
    expect(check('{"city": "Seoul"}', '{"city": ["Seoul"], "days": [3]}')).toMatchObject({ error_type: "simple_function_checker:missing_optional" });
  });
});

describe("BFCL AST checker: types", () => {
  it("accepts an int for a float but not a float for an int", () => {
    expect(check('{"city": "Seoul", "threshold": 5}', '{"city": ["Seoul"], "threshold": [5.0]}')).toEqual({ valid: true });
    expect(check('{"city": "Seoul", "days": 3.0}', '{"city": ["Seoul"], "days": [3]}')).toMatchObject({ error_type: "type_error:simple" });
  });

  it("does not take 1 for a boolean", () => {
    expect(check('{"city": "Seoul", "metric": true}', '{"city": ["Seoul"], "metric": [true]}')).toEqual({ valid: true });
    expect(check('{"city": "Seoul", "metric": 1}', '{"city": ["Seoul"], "metric": [true]}')).toMatchObject({ error_type: "type_error:simple" });
  });

  it("checks list elements against the item type", () => {
    expect(check('{"city": "Seoul", "hours": [9, 12]}', '{"city": ["Seoul"], "hours": [[9, 12]]}')).toEqual({ valid: true });
    expect(check('{"city": "Seoul", "hours": ["9", "12"]}', '{"city": ["Seoul"], "hours": [[9, 12]]}')).toMatchObject({ error_type: "type_error:nested" });
  });

  it("compares a value of the answer's own type as a variable, exactly", () => {
    expect(check('{"city": "Seoul", "ref": "x_1"}', '{"city": ["Seoul"], "ref": ["x_1"]}')).toEqual({ valid: true });
    expect(check('{"city": "Seoul", "ref": "X1"}', '{"city": ["Seoul"], "ref": ["x_1"]}')).toMatchObject({ error_type: "value_error:others" });
  });
});

describe("BFCL AST checker: values", () => {
  it("standardises strings: spaces and , . / - _ * ^ removed, case ignored, ' read as \"", () => {
    expect(standardizeString("New York, NY")).toBe("newyorkny");
    expect(standardizeString("it's")).toBe('it"s');
    expect(check('{"city": "new-york ny"}', '{"city": ["New York, NY"]}')).toEqual({ valid: true });
    expect(check(`{"city": "o'hare"}`, `{"city": ["O\\"Hare"]}`)).toEqual({ valid: true });
    expect(check('{"city": "Busan"}', '{"city": ["Seoul", "Incheon"]}')).toMatchObject({ error_type: "value_error:string" });
  });

  it("compares lists element by element, in order", () => {
    expect(check('{"city": "Seoul", "tags": ["Rain Fall", "WIND"]}', '{"city": ["Seoul"], "tags": [["rainfall", "wind"]]}')).toEqual({ valid: true });
    expect(check('{"city": "Seoul", "tags": ["wind", "rainfall"]}', '{"city": ["Seoul"], "tags": [["rainfall", "wind"]]}')).toMatchObject({ error_type: "value_error:list/tuple" });
  });

  it("compares dicts key by key", () => {
    const options = '{"city": ["Seoul"], "options": [{"lang": ["ko", "kr"], "unit": ["C", ""]}]}';
    expect(check('{"city": "Seoul", "options": {"lang": "KR"}}', options)).toEqual({ valid: true });
    expect(check('{"city": "Seoul", "options": {"lang": "en"}}', options)).toMatchObject({ error_type: "value_error:dict_value" });
    expect(check('{"city": "Seoul", "options": {"lang": "ko", "tz": "KST"}}', options)).toMatchObject({ error_type: "value_error:dict_key" });
    expect(check('{"city": "Seoul", "options": {"unit": "C"}}', options)).toMatchObject({ error_type: "value_error:dict_key" });
  });

  it("compares lists of dicts dict by dict", () => {
    const stops = '{"city": ["Seoul"], "stops": [[{"name": ["A"]}, {"name": ["B"]}]]}';
    expect(check('{"city": "Seoul", "stops": [{"name": "a"}, {"name": "b"}]}', stops)).toEqual({ valid: true });
    expect(check('{"city": "Seoul", "stops": [{"name": "a"}]}', stops)).toMatchObject({ error_type: "value_error:list_dict_count" });
    expect(check('{"city": "Seoul", "stops": [{"name": "a"}, {"name": "c"}]}', stops)).toMatchObject({ error_type: "value_error:dict_value" });
  });

  it("compares other values by Python equality against the acceptable ones", () => {
    expect(check('{"city": "Seoul", "days": 4}', '{"city": ["Seoul"], "days": [3, 5]}')).toMatchObject({ error_type: "value_error:others" });
    expect(check('{"city": "Seoul", "threshold": 2.5}', '{"city": ["Seoul"], "threshold": [2.5, 3.0]}')).toEqual({ valid: true });
  });
});

describe("BFCL AST checker: categories", () => {
  const other: BfclFunction = { name: "news", description: "", parameters: { type: "dict", properties: { topic: { type: "string" } }, required: ["topic"] } };
  const truth = parseJson('[{"weather.forecast": {"city": ["Seoul"]}}, {"weather.forecast": {"city": ["Busan"]}}, {"news": {"topic": ["rain"]}}]');

  it("simple: exactly one call", () => {
    const one = parseJson('[{"weather.forecast": {"city": ["Seoul"]}}]');
    expect(astCheck("simple_python", [fn], [call('{"city": "Seoul"}')], one)).toEqual({ valid: true });
    expect(astCheck("simple_python", [fn], [call('{"city": "Seoul"}'), call('{"city": "Seoul"}')], one)).toMatchObject({ error_type: "simple_function_checker:wrong_count" });
    expect(astCheck("simple_python", [fn], [], one)).toMatchObject({ error_type: "simple_function_checker:wrong_count" });
  });

  it("multiple: the expected function among several", () => {
    const one = parseJson('[{"news": {"topic": ["rain"]}}]');
    expect(astCheck("multiple", [fn, other], [{ name: "news", args: parseJson('{"topic": "Rain"}') }], one)).toEqual({ valid: true });
    expect(astCheck("multiple", [fn, other], [call('{"city": "Seoul"}')], one)).toMatchObject({ error_type: "simple_function_checker:wrong_func_name" });
    expect(astCheck("multiple", [fn, other], [], one)).toMatchObject({ error_type: "multiple_function_checker:wrong_count" });
  });

  it("parallel: any order, each expected call matched to a distinct call", () => {
    const calls = [{ name: "news", args: parseJson('{"topic": "rain"}') }, call('{"city": "Busan"}'), call('{"city": "Seoul"}')];
    expect(astCheck("parallel_multiple", [fn, other], calls, truth)).toEqual({ valid: true });
    expect(astCheck("parallel", [fn, other], calls.slice(1), truth)).toMatchObject({ error_type: "parallel_function_checker_no_order:wrong_count" });
    const twice = [calls[0], call('{"city": "Seoul"}'), call('{"city": "Seoul"}')].filter((c): c is ModelCall => c !== undefined);
    expect(astCheck("parallel", [fn, other], twice, truth)).toMatchObject({ error_type: "parallel_function_checker_no_order:cannot_find_match" });
  });
});

describe("the BFCL data", () => {
  it("has 1,000 entries and every gold answer passes its own checker", () => {
    let total = 0;
    const failures: string[] = [];
    for (const category of BFCL_CATEGORIES) {
      for (const entry of bfclEntries(category)) {
        total++;
        const result = astCheck(category, entry.functions, goldCalls(entry.groundTruth, entry.functions), entry.groundTruth);
        if (!result.valid) failures.push(`${entry.id}: ${result.error_type} ${result.error}`);
      }
    }
    expect(total).toBe(1000);
    expect(failures).toEqual([]);
  });
});
