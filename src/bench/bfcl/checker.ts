/**
 * BFCL's AST checker, implemented here after the rules of `ast_checker.py` (Python categories):
 *
 * - `simple`: exactly one call (`simple_function_checker:wrong_count`); the function name must be
 *   the expected one (`…:wrong_func_name`); every required parameter present (`…:missing_required`);
 *   no parameter the function or the answer does not know (`…:unexpected_param`); every answer
 *   parameter given unless its acceptable values contain `""` (`…:missing_optional`).
 * - types (Python's): an int is accepted for a float; otherwise the type must be the declared one
 *   (`type_error:simple`), or the answer's own type — then the value is a "variable" compared
 *   as is; list elements are type-checked against the item type (`type_error:nested`).
 * - values: strings compared after removing spaces and `, . / - _ * ^`, lower-cased, `'` read as
 *   `"` (`value_error:string`); lists element by element with the same rule for string elements
 *   (`value_error:list/tuple`); dicts key by key (`value_error:dict_key`, `value_error:dict_value`);
 *   lists of dicts dict by dict (`value_error:list_dict_count`); anything else by Python equality
 *   against the acceptable values (`value_error:others`).
 * - `multiple`: one call, checked against the expected function (`multiple_function_checker:wrong_count`).
 * - `parallel`, `parallel_multiple`: as many calls as expected (`parallel_function_checker_no_order:wrong_count`),
 *   matched in any order, each expected call to a distinct model call (`…:cannot_find_match`).
 *
 * Values are typed JSON nodes, so `5` (int) and `5.0` (float) differ as they do in Python.
 */
import type { JsonNode } from "../json";
import type { BfclCategory, BfclFunction, BfclSchema } from "./data";

export type CheckResult = { valid: true } | { valid: false; error_type: string; error: string };

/** One model call: the function name and its arguments (a dict node). */
export interface ModelCall {
  name: string;
  args: JsonNode;
}

type PyType = "str" | "int" | "float" | "bool" | "list" | "dict" | "NoneType";

const PYTHON_TYPES: Record<string, PyType> = { string: "str", integer: "int", float: "float", boolean: "bool", array: "list", tuple: "list", dict: "dict", any: "str" };
const NESTED_TYPES = new Set(["array", "tuple"]);

function pyType(node: JsonNode): PyType {
  switch (node.t) {
    case "null":
      return "NoneType";
    case "str":
      return "str";
    case "int":
      return "int";
    case "float":
      return "float";
    case "bool":
      return "bool";
    case "list":
      return "list";
    case "dict":
      return "dict";
  }
}

const NO_SPAN = { start: 0, end: 0 };

/** Python `==`: numbers (bool, int, float) by value, lists element-wise, dicts by keys and values. */
export function pyEquals(a: JsonNode, b: JsonNode): boolean {
  const num = (n: JsonNode) => (n.t === "int" || n.t === "float" ? n.v : n.t === "bool" ? (n.v ? 1 : 0) : null);
  const na = num(a);
  const nb = num(b);
  if (na !== null || nb !== null) return na !== null && nb !== null && na === nb;
  if (a.t === "str" && b.t === "str") return a.v === b.v;
  if (a.t === "null" && b.t === "null") return true;
  if (a.t === "list" && b.t === "list") return a.v.length === b.v.length && a.v.every((x, i) => {
    const y = b.v[i];
    return y !== undefined && pyEquals(x, y);
  });
  if (a.t === "dict" && b.t === "dict") {
    const ka = new Map(a.v);
    const kb = new Map(b.v);
    if (ka.size !== kb.size) return false;
    for (const [k, v] of ka) {
      const w = kb.get(k);
      if (w === undefined || !pyEquals(v, w)) return false;
    }
    return true;
  }
  return false;
}

const pyIn = (value: JsonNode, options: readonly JsonNode[]) => options.some((o) => pyEquals(value, o));
const isBlank = (n: JsonNode) => n.t === "str" && n.v === "";
const str = (v: string): JsonNode => ({ t: "str", v, ...NO_SPAN });
/** Elements of a list node; `""` (BFCL's "optional" marker) reads as an empty sequence, as len("") does. */
const elements = (n: JsonNode): JsonNode[] => (n.t === "list" ? n.v : []);

export function standardizeString(text: string): string {
  return text.replace(/[ ,./\-_*^]/g, "").toLowerCase().replace(/'/g, '"');
}

function render(node: JsonNode): string {
  switch (node.t) {
    case "null":
      return "None";
    case "bool":
      return node.v ? "True" : "False";
    case "str":
      return `'${node.v}'`;
    case "int":
    case "float":
      return node.t === "float" && Number.isInteger(node.v) ? `${node.v}.0` : String(node.v);
    case "list":
      return `[${node.v.map(render).join(", ")}]`;
    case "dict":
      return `{${node.v.map(([k, v]) => `'${k}': ${render(v)}`).join(", ")}}`;
  }
}

const fail = (error_type: string, error: string): CheckResult => ({ valid: false, error_type, error });

function possibleAnswerType(possible: readonly JsonNode[]): PyType | null {
  const first = possible.find((p) => !isBlank(p));
  return first ? pyType(first) : null;
}

type TypeCheck = { valid: true; isVariable: boolean } | { valid: false; error_type: string; error: string };

function typeCheck(param: string, value: JsonNode, possible: readonly JsonNode[], expectedDescription: string, expected: PyType, nested: PyType | null): TypeCheck {
  const answerType = possibleAnswerType(possible);
  const isVariable = answerType !== null && answerType !== expected;
  let nestedFailed = false;
  if (pyType(value) === expected) {
    if (nested === null) return { valid: true, isVariable };
    for (const option of possible) {
      let ok = true;
      if (option.t === "list") {
        for (const item of elements(value)) {
          if (!typeCheck(param, item, option.v, nested, nested, null).valid) {
            ok = false;
            break;
          }
        }
      }
      if (ok) return { valid: true, isVariable };
    }
    nestedFailed = true;
  }
  if (answerType !== null && pyType(value) === answerType) {
    if (nestedFailed) return { valid: false, error_type: "type_error:nested", error: `Nested type checking failed for parameter '${param}'. Expected outer type ${expectedDescription} with inner type ${nested ?? ""}. Parameter value: ${render(value)}.` };
    return { valid: true, isVariable: true };
  }
  return { valid: false, error_type: "type_error:simple", error: `Incorrect type for parameter '${param}'. Expected type ${expectedDescription}, got ${pyType(value)}. Parameter value: ${render(value)}.` };
}

function standardized(node: JsonNode): JsonNode {
  return node.t === "str" ? str(standardizeString(node.v)) : node;
}

function stringCheck(param: string, value: JsonNode, possible: readonly JsonNode[]): CheckResult {
  const options = possible.filter((p) => p.t === "str").map(standardized);
  if (pyIn(standardized(value), options)) return { valid: true };
  return fail("value_error:string", `Invalid value for parameter '${param}': ${render(value)}. Expected one of ${render({ t: "list", v: [...possible], ...NO_SPAN })}. Case insensitive.`);
}

function listCheck(param: string, value: JsonNode, possible: readonly JsonNode[]): CheckResult {
  const model: JsonNode = { t: "list", v: elements(value).map(standardized), ...NO_SPAN };
  const options = possible.map((p): JsonNode => ({ t: "list", v: elements(p).map(standardized), ...NO_SPAN }));
  if (pyIn(model, options)) return { valid: true };
  return fail("value_error:list/tuple", `Invalid value for parameter '${param}': ${render(value)}. Expected one of ${render({ t: "list", v: [...possible], ...NO_SPAN })}.`);
}

function dictCheck(param: string, value: JsonNode, possible: readonly JsonNode[]): CheckResult {
  let result: CheckResult = fail("dict_checker:unclear", `Invalid value for parameter '${param}'.`);
  const model = value.t === "dict" ? value.v : [];
  for (const option of possible) {
    if (isBlank(option)) continue;
    const expected = new Map(option.t === "dict" ? option.v : []);
    let ok = true;
    for (const [key, v] of model) {
      const acceptable = expected.get(key);
      if (acceptable === undefined) {
        result = fail("value_error:dict_key", `Unexpected dict key parameter: '${key}'.`);
        ok = false;
        break;
      }
      if (!pyIn(standardized(v), elements(acceptable).map(standardized))) {
        result = fail("value_error:dict_value", `Invalid value for parameter '${key}': ${render(v)}. Expected one of ${render(acceptable)}.`);
        ok = false;
        break;
      }
    }
    if (ok) {
      const given = new Set(model.map(([k]) => k));
      for (const [key, acceptable] of expected) {
        if (!given.has(key) && !elements(acceptable).some(isBlank)) {
          result = fail("value_error:dict_key", `Missing dict key parameter: '${key}'.`);
          ok = false;
          break;
        }
      }
    }
    if (ok) return { valid: true };
  }
  return result;
}

function listDictCheck(param: string, value: JsonNode, possible: readonly JsonNode[]): CheckResult {
  let result: CheckResult = fail("list_dict_checker:unclear", `Invalid value for parameter '${param}'.`);
  const model = elements(value);
  for (const option of possible) {
    const dicts = elements(option);
    if (model.length !== dicts.length) {
      result = fail("value_error:list_dict_count", "Wrong number of dictionaries in the list.");
      continue;
    }
    let ok = true;
    for (const [i, item] of model.entries()) {
      const expected = dicts[i];
      result = expected ? dictCheck(param, item, [expected]) : fail("value_error:list_dict_count", "Wrong number of dictionaries in the list.");
      if (!result.valid) {
        ok = false;
        break;
      }
    }
    if (ok) return { valid: true };
  }
  return result;
}

/** One model call against one expected call `{ name: { param: [acceptable values] } }`. */
export function simpleFunctionChecker(fn: BfclFunction, call: ModelCall, expected: JsonNode): CheckResult {
  const [entry] = expected.t === "dict" ? expected.v : [];
  if (!entry) return fail("simple_function_checker:unclear", "the possible answer names no function");
  const [name, answerNode] = entry;
  const answer = new Map(answerNode.t === "dict" ? answerNode.v : []);
  if (call.name !== name) return fail("simple_function_checker:wrong_func_name", `Function name '${name}' not found in model output.`);
  const properties: Record<string, BfclSchema> = fn.parameters.properties;
  const given = call.args.t === "dict" ? call.args.v : [];
  const givenNames = new Set(given.map(([k]) => k));
  for (const required of fn.parameters.required ?? []) {
    if (!givenNames.has(required)) return fail("simple_function_checker:missing_required", `Missing required parameter: '${required}'.`);
  }
  for (const [param, raw] of given) {
    const details = properties[param];
    const acceptable = answer.get(param);
    if (!details || !acceptable) return fail("simple_function_checker:unexpected_param", `Unexpected parameter: '${param}'.`);
    const possible = elements(acceptable);
    const description = details.type ?? "any";
    const expectedType = PYTHON_TYPES[description] ?? "str";
    const itemType = details.items?.type;
    const nested = NESTED_TYPES.has(description) && itemType ? (PYTHON_TYPES[itemType] ?? "str") : null;
    // Python would convert an int where a float is declared.
    const value: JsonNode = description === "float" && raw.t === "int" ? { ...raw, t: "float" } : raw;
    const typed = typeCheck(param, value, possible, description, expectedType, nested);
    if (!typed.valid) return fail(typed.error_type, typed.error);
    if (!typed.isVariable) {
      let special: CheckResult | null = null;
      if (expectedType === "dict") special = dictCheck(param, value, possible);
      else if (expectedType === "list" && nested === "dict") special = listDictCheck(param, value, possible);
      else if (expectedType === "str") special = stringCheck(param, value, possible);
      else if (expectedType === "list") special = listCheck(param, value, possible);
      if (special) {
        if (!special.valid) return special;
        continue;
      }
    }
    if (!pyIn(value, possible)) return fail("value_error:others", `Invalid value for parameter '${param}': ${render(value)}. Expected one of ${render(acceptable)}.`);
  }
  for (const [param, acceptable] of answer) {
    if (!givenNames.has(param) && !elements(acceptable).some(isBlank)) return fail("simple_function_checker:missing_optional", `Optional parameter '${param}' not provided and not marked as optional.`);
  }
  return { valid: true };
}

const expectedName = (expected: JsonNode) => (expected.t === "dict" ? (expected.v[0]?.[0] ?? "") : "");
const describe = (functions: readonly BfclFunction[], name: string) => functions.find((f) => f.name === name);

function parallelNoOrder(functions: readonly BfclFunction[], calls: readonly ModelCall[], expected: readonly JsonNode[]): CheckResult {
  if (calls.length !== expected.length) return fail("parallel_function_checker_no_order:wrong_count", "Wrong number of functions.");
  const matched = new Set<number>();
  for (const [i, answer] of expected.entries()) {
    const fn = describe(functions, expectedName(answer));
    if (!fn) return fail("parallel_function_checker_no_order:cannot_find_description", `No function named ${expectedName(answer)}.`);
    let found = false;
    const errors: string[] = [];
    for (const [index, call] of calls.entries()) {
      if (matched.has(index)) continue;
      const result = simpleFunctionChecker(fn, call, answer);
      if (result.valid) {
        matched.add(index);
        found = true;
        break;
      }
      errors.push(`index ${index}: ${result.error_type}`);
    }
    if (!found) return fail("parallel_function_checker_no_order:cannot_find_match", `Could not find a matching function for index ${i} of possible answers (${errors.join("; ")}).`);
  }
  return { valid: true };
}

/** BFCL's ast_checker: the model's calls of one entry against its ground truth. */
export function astCheck(category: BfclCategory, functions: readonly BfclFunction[], calls: readonly ModelCall[], groundTruth: JsonNode): CheckResult {
  const expected = elements(groundTruth);
  if (category === "parallel" || category === "parallel_multiple") return parallelNoOrder(functions, calls, expected);
  const [answer] = expected;
  if (!answer) return fail("ast_checker:no_answer", "the entry has no ground truth");
  if (category === "multiple") {
    if (calls.length !== expected.length) return fail("multiple_function_checker:wrong_count", "Wrong number of functions.");
    const fn = describe(functions, expectedName(answer));
    const [call] = calls;
    if (!fn || !call) return fail("multiple_function_checker:cannot_find_description", `No function named ${expectedName(answer)}.`);
    return simpleFunctionChecker(fn, call, answer);
  }
  const [fn] = functions;
  const [call] = calls;
  if (calls.length !== 1 || !call) return fail("simple_function_checker:wrong_count", "Wrong number of functions.");
  if (!fn) return fail("simple_function_checker:unclear", "the entry has no function");
  return simpleFunctionChecker(fn, call, answer);
}

/**
 * BFCL's gold calls: the first acceptable value of every parameter, leaving out optional ones the
 * function does not declare (a few answers list such a parameter with `""` first).
 */
export function goldCalls(groundTruth: JsonNode, functions: readonly BfclFunction[]): ModelCall[] {
  return elements(groundTruth).flatMap((answer) => {
    if (answer.t !== "dict") return [];
    return answer.v.map(([name, params]): ModelCall => {
      const declared = describe(functions, name)?.parameters.properties ?? {};
      const args: [string, JsonNode][] = [];
      for (const [param, acceptable] of params.t === "dict" ? params.v : []) {
        const options = elements(acceptable);
        const first = options.find((v) => !isBlank(v));
        if (first && (param in declared || !options.some(isBlank))) args.push([param, goldValue(first)]);
      }
      return { name, args: { t: "dict", v: args, ...NO_SPAN } };
    });
  });
}

/** A dict answer lists acceptable values per key: its gold value takes the first of each. */
function goldValue(node: JsonNode): JsonNode {
  if (node.t === "list") return { ...node, v: node.v.map((e) => (e.t === "dict" ? goldValue(e) : e)) };
  if (node.t !== "dict") return node;
  const v: [string, JsonNode][] = [];
  for (const [key, acceptable] of node.v) {
    const first = acceptable.t === "list" ? acceptable.v.find((x) => !isBlank(x)) : acceptable;
    if (first) v.push([key, first]);
  }
  return { t: "dict", v, ...NO_SPAN };
}

