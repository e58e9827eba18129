import { describe, expect, it } from "vitest";
import { parseJson, toJsonText, toPlain } from "./json";
import { DIALECT_CASES, decode } from "./tool-call-dialects";
import { parseToolCalls, type ParsedEntry } from "./tool-calls";

const TOOLS = new Set(["juso_search", "kma_grid_from_wgs84", "math.factorial"]);
const resolve = (name: string) => (TOOLS.has(name) ? name : name === "math_factorial" ? "math.factorial" : undefined);
const calls = (entries: ParsedEntry[]) => entries.map((e) => (e.kind === "call" ? { name: e.name, args: e.args } : { kind: e.kind, name: e.name }));

describe("typed JSON", () => {
  it("keeps int and float apart, spans and member order", () => {
    const node = parseJson('{"b": 5, "a": 5.0, "c": [1e3, "x"]}');
    expect(node.t === "dict" && node.v.map(([k, v]) => [k, v.t])).toEqual([
      ["b", "int"],
      ["a", "float"],
      ["c", "list"],
    ]);
    expect(toPlain(node)).toEqual({ b: 5, a: 5, c: [1000, "x"] });
    expect(toJsonText(node)).toBe('{"b": 5, "a": 5.0, "c": [1000.0, "x"]}');
    expect(() => parseJson('{"a": 1,}')).toThrow(/position 8/);
    expect(() => parseJson('{"a": 1} x')).toThrow(/after the value/);
  });
});

describe("native tool_calls", () => {
  it("reads string and object arguments and names unnamed calls", () => {
    const parsed = parseToolCalls(
      {
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "juso_search", arguments: '{"keyword": "헬리오시티"}' } },
          { function: { name: "kma_grid_from_wgs84", arguments: { lat: 37.5, lon: 127 } } },
        ],
      },
      resolve,
      "s1",
    );
    expect(parsed.dialect).toBe("native");
    expect(parsed.entries.map((e) => e.id)).toEqual(["c1", "s1_1"]);
    expect(calls(parsed.entries)).toEqual([
      { name: "juso_search", args: { keyword: "헬리오시티" } },
      { name: "kma_grid_from_wgs84", args: { lat: 37.5, lon: 127 } },
    ]);
  });

  it("keeps malformed JSON and unknown tools as errors, in order", () => {
    const parsed = parseToolCalls(
      {
        content: "",
        tool_calls: [
          { id: "a", function: { name: "juso_search", arguments: '{"keyword": "은마' } },
          { id: "b", function: { name: "no_such_tool", arguments: "{}" } },
          { id: "c", function: { name: "juso_search", arguments: "[1]" } },
          { id: "d", function: { arguments: "{}" } },
        ],
      },
      resolve,
    );
    expect(parsed.entries.map((e) => [e.id, e.kind])).toEqual([
      ["a", "malformed"],
      ["b", "unknown_tool"],
      ["c", "malformed"],
      ["d", "malformed"],
    ]);
    expect(parsed.entries[0]).toMatchObject({ reason: expect.stringMatching(/not valid JSON: unterminated string/) });
  });

  it("keeps the arguments' text, so a float stays a float", () => {
    const parsed = parseToolCalls({ content: null, tool_calls: [{ id: "x", function: { name: "math_factorial", arguments: '{"number": 5.0}' } }] }, resolve);
    expect(parsed.entries[0]).toMatchObject({ kind: "call", name: "math.factorial", arguments: '{"number": 5.0}' });
  });
});

describe("calls embedded in text", () => {
  it("reads Hermes / Qwen <tool_call> blocks, one per call, with text around", () => {
    const content = '주소를 찾아볼게요.\n<tool_call>\n{"name": "juso_search", "arguments": {"keyword": "잠실엘스"}}\n</tool_call>\n<tool_call>\n{"name": "kma_grid_from_wgs84", "arguments": {"lat": 37.51, "lon": 127.08}}\n</tool_call>';
    const parsed = parseToolCalls({ content }, resolve, "s2");
    expect(parsed.dialect).toBe("hermes");
    expect(parsed.text).toBe("주소를 찾아볼게요.");
    expect(calls(parsed.entries)).toEqual([
      { name: "juso_search", args: { keyword: "잠실엘스" } },
      { name: "kma_grid_from_wgs84", args: { lat: 37.51, lon: 127.08 } },
    ]);
    expect(parsed.entries.map((e) => e.id)).toEqual(["s2_0", "s2_1"]);
  });

  it("reads an unterminated last block and reports a malformed one", () => {
    const parsed = parseToolCalls({ content: '<tool_call>{"name": "juso_search", "arguments": {"keyword": "은마"}}\n<tool_call>{"name": "juso_search", "arguments": {"keyword": ' }, resolve);
    expect(parsed.entries.map((e) => e.kind)).toEqual(["call", "malformed"]);
  });

  it("reads Llama 3 JSON with or without <|python_tag|>, several joined by ;", () => {
    const tagged = parseToolCalls({ content: '<|python_tag|>{"name": "juso_search", "parameters": {"keyword": "은마"}}; {"name": "kma_grid_from_wgs84", "parameters": {"lat": 37.5, "lon": 127.0}}<|eom_id|>' }, resolve);
    expect(tagged.dialect).toBe("llama");
    expect(calls(tagged.entries)).toEqual([
      { name: "juso_search", args: { keyword: "은마" } },
      { name: "kma_grid_from_wgs84", args: { lat: 37.5, lon: 127 } },
    ]);
    const bare = parseToolCalls({ content: '{"name": "juso_search", "parameters": {"keyword": "은마"}}' }, resolve);
    expect(calls(bare.entries)).toEqual([{ name: "juso_search", args: { keyword: "은마" } }]);
    expect(parseToolCalls({ content: '<|python_tag|>{"name": "juso_search", "parameters": {"keyword": }' }, resolve).entries.map((e) => e.kind)).toEqual(["malformed"]);
  });

  it("reads Mistral [TOOL_CALLS] in both template styles", () => {
    const list = parseToolCalls({ content: '[TOOL_CALLS][{"name": "juso_search", "arguments": {"keyword": "은마"}}, {"name": "no_such_tool", "arguments": {}}]' }, resolve);
    expect(list.dialect).toBe("mistral");
    expect(calls(list.entries)).toEqual([{ name: "juso_search", args: { keyword: "은마" } }, { kind: "unknown_tool", name: "no_such_tool" }]);
    const args = parseToolCalls({ content: '[TOOL_CALLS]juso_search[ARGS]{"keyword": "은마"}[TOOL_CALLS]kma_grid_from_wgs84[ARGS]{"lat": 37.5, "lon": 127}' }, resolve);
    expect(calls(args.entries)).toEqual([
      { name: "juso_search", args: { keyword: "은마" } },
      { name: "kma_grid_from_wgs84", args: { lat: 37.5, lon: 127 } },
    ]);
    expect(parseToolCalls({ content: "[TOOL_CALLS][{broken" }, resolve).entries.map((e) => e.kind)).toEqual(["malformed"]);
  });

  it("leaves a plain answer, and JSON that is not a call, as an answer", () => {
    expect(parseToolCalls({ content: "헬리오시티의 세대수는 9,510세대입니다." }, resolve)).toEqual({ dialect: null, text: "헬리오시티의 세대수는 9,510세대입니다.", entries: [] });
    expect(parseToolCalls({ content: '{"answer": 3}' }, resolve).entries).toEqual([]);
  });
});

describe("more dialects", () => {
  const read = (content: string) => parseToolCalls({ content }, resolve, "s1");

  it("reads pythonic calls, with Python literals, several in one list", () => {
    const parsed = read('[juso_search(keyword="잠실엘스", page=1, exact=True, tags=[\'a\', "b"]), kma_grid_from_wgs84(lat=37.51, lon=127.08)]');
    expect(parsed.dialect).toBe("pythonic");
    expect(calls(parsed.entries)).toEqual([
      { name: "juso_search", args: { keyword: "잠실엘스", page: 1, exact: true, tags: ["a", "b"] } },
      { name: "kma_grid_from_wgs84", args: { lat: 37.51, lon: 127.08 } },
    ]);
    expect(read("<|python_start|>[math_factorial(number=5.0)]<|python_end|>").entries[0]).toMatchObject({ kind: "call", name: "math.factorial", arguments: '{"number": 5.0}' });
    expect(read('[juso_search(keyword="잠실)]').entries[0]).toMatchObject({ kind: "malformed" });
  });

  it("reads a fenced JSON call, and leaves fenced JSON that is no call as text", () => {
    const parsed = read('검색하겠습니다.\n```json\n{"name": "juso_search", "arguments": {"keyword": "은마"}}\n```');
    expect(parsed).toMatchObject({ dialect: "fenced", text: "검색하겠습니다." });
    expect(calls(parsed.entries)).toEqual([{ name: "juso_search", args: { keyword: "은마" } }]);
    const answer = read('결과입니다.\n```json\n{"기온": 10.6}\n```');
    expect(answer).toMatchObject({ dialect: null, entries: [] });
  });

  it("reads <function=…> with JSON or with <parameter=…> elements", () => {
    const json = read('<function=juso_search>{"keyword": "은마"}</function>');
    expect(json.dialect).toBe("function_tag");
    expect(calls(json.entries)).toEqual([{ name: "juso_search", args: { keyword: "은마" } }]);
    const xml = read("<tool_call>\n<function=kma_grid_from_wgs84>\n<parameter=lat>\n37.5\n</parameter>\n<parameter=lon>\n127\n</parameter>\n</function>\n</tool_call>");
    expect(calls(xml.entries)).toEqual([{ name: "kma_grid_from_wgs84", args: { lat: 37.5, lon: 127 } }]);
  });

  it("reads Granite's <|tool_call|> list", () => {
    const parsed = read('<|tool_call|>[{"name": "juso_search", "arguments": {"keyword": "은마"}}, {"name": "kma_grid_from_wgs84", "arguments": {"lat": 37.5, "lon": 127}}]');
    expect(parsed.dialect).toBe("granite");
    expect(calls(parsed.entries).map((c) => c.name)).toEqual(["juso_search", "kma_grid_from_wgs84"]);
  });

  it("reads DeepSeek V3 (fenced) and R1-0528/V3.1 (bare) calls", () => {
    const v3 = read('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>juso_search\n```json\n{"keyword": "은마"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>');
    expect(v3.dialect).toBe("deepseek");
    expect(calls(v3.entries)).toEqual([{ name: "juso_search", args: { keyword: "은마" } }]);
    const v31 = read('주소부터.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>juso_search<｜tool▁sep｜>{"keyword": "은마"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>kma_grid_from_wgs84<｜tool▁sep｜>{"lat": 37.5, "lon": 127}<｜tool▁call▁end｜><｜tool▁calls▁end｜>');
    expect(v31.text).toBe("주소부터.");
    expect(calls(v31.entries).map((c) => c.name)).toEqual(["juso_search", "kma_grid_from_wgs84"]);
  });

  it("never executes a call the model only thought about", () => {
    const thought = read('<think>먼저 <tool_call>{"name": "juso_search", "arguments": {"keyword": "x"}}</tool_call> 를 부를까?</think>은마아파트는 서울 강남구에 있습니다.');
    expect(thought).toMatchObject({ dialect: null, entries: [], text: "은마아파트는 서울 강남구에 있습니다." });
    // A template that opens the block in the prompt leaves only its end in the reply.
    const loneEnd = read('[juso_search(keyword="x")] 는 어떨까</think>답: 없음');
    expect(loneEnd).toMatchObject({ dialect: null, entries: [], text: "답: 없음" });
    // Cut off while thinking: nothing to execute.
    expect(read('<think>[juso_search(keyword="x")]').entries).toEqual([]);
    const after = read('<think>주소를 찾자</think>\n<tool_call>\n{"name": "juso_search", "arguments": {"keyword": "은마"}}\n</tool_call>');
    expect(calls(after.entries)).toEqual([{ name: "juso_search", args: { keyword: "은마" } }]);
  });
});

describe("dialects as model servers emit them", () => {
  it.each(DIALECT_CASES)("$dialect: $description", (c) => {
    const decoded = decode(c.raw);
    expect(decoded.calls).toEqual(c.expected);
    if (c.text !== undefined) expect(decoded.text).toBe(c.text);
  });

  it("names the dialect each markup is", () => {
    const dialect = (content: string) => parseToolCalls({ content }, (name) => name).dialect;
    expect(dialect('<tool_call> [{"name": "f", "arguments": {}}]')).toBe("hermes");
    expect(dialect("<tool_call>f\n<arg_key>k</arg_key>\n<arg_value>v</arg_value>\n</tool_call>")).toBe("glm");
    expect(dialect('[TOOL_CALLS]f{"a": 1}')).toBe("mistral");
    expect(dialect('<function_call> {"name": "f", "arguments": {}}')).toBe("granite");
    expect(dialect('<tool_calls>[{"name": "f", "arguments": {}}]</tool_calls>')).toBe("jamba");
    expect(dialect('functools[{"name": "f", "arguments": {}}]')).toBe("phi4");
    expect(dialect('<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>')).toBe("kimi");
    expect(dialect('Here it is: {"name": "f", "arguments": {}}')).toBe("llama");
  });

  it("keeps a call cut short as malformed, with its name where the markup gives one", () => {
    const kinds = (content: string) => parseToolCalls({ content }, (name) => name).entries.map((e) => [e.kind, e.name]);
    expect(kinds('[TOOL_CALLS]add{"a": 3.5[TOOL_CALLS]multiply{"a": 3, "b": 6}')).toEqual([
      ["malformed", "add"],
      ["call", "multiply"],
    ]);
    expect(kinds('<tool_calls>[{"name": "a", "arguments": {"x": </tool_calls>')).toEqual([["malformed", null]]);
    expect(kinds("<|tool_call_begin|>functions.bad:0<|tool_call_argument_begin|>{\"city\": <|tool_call_end|><|tool_call_begin|>0<|tool_call_argument_begin|>{}<|tool_call_end|>")).toEqual([
      ["malformed", "bad"],
      ["malformed", null],
    ]);
    expect(kinds("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Seattle</arg_value>\n<arg_key>incomplete_arg\n<arg_value>value</arg_value>\n</tool_call>")).toEqual([["malformed", "get_weather"]]);
    // After a call, JSON that opens like another call and breaks off is a call cut short, not prose.
    expect(kinds('{"name": "a", "parameters": {}}; {"name": "b", "parameters": {"q": ')).toEqual([
      ["call", "a"],
      ["malformed", null],
    ]);
  });
});
