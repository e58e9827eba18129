import { describe, expect, it } from "vitest";
import { parseJson, toJsonText, toPlain } from "./json";
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
