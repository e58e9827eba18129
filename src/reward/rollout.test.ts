/** Reading completions: OpenAI messages and raw text in each chat-template dialect, with and without tool results. */
import { describe, expect, it } from "vitest";
import { readCompletion, readToolResult, stripThinking } from "./rollout";

const TOOLS = new Set(["juso_search", "sigungu_code_from_bjd"]);
const resolve = (name: string) => (TOOLS.has(name) ? name : undefined);
const RESULT = JSON.stringify({ totalCount: 1, items: [{ admCd: "1171010100" }] });

describe("OpenAI messages", () => {
  it("reads native calls (arguments as a string or an object) and answers them by id", () => {
    const rollout = readCompletion(
      [
        { role: "user", content: "잠실엘스" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "b", type: "function", function: { name: "sigungu_code_from_bjd", arguments: { bjd_code: "1171010100" } } },
            { id: "a", type: "function", function: { name: "juso_search", arguments: '{"keyword":"잠실엘스"}' } },
          ],
        },
        { role: "tool", tool_call_id: "a", content: RESULT },
        { role: "tool", tool_call_id: "b", content: "not json" },
        { role: "assistant", content: "<think>생각 중</think>답은 11710입니다." },
      ],
      resolve,
    );
    expect(rollout.dialect).toBe("native");
    expect(rollout.final).toBe("답은 11710입니다.");
    const [first, second] = rollout.steps[0]?.calls ?? [];
    expect(first?.entry).toMatchObject({ kind: "call", name: "sigungu_code_from_bjd", args: { bjd_code: "1171010100" } });
    expect(first?.given).toEqual({ kind: "opaque", text: "not json" });
    expect(second?.given).toEqual({ kind: "result", result: { ok: true, items: [{ admCd: "1171010100" }], totalCount: 1, page: 1 } });
  });

  it("keeps malformed calls and unknown tools in order, and calls in text content", () => {
    const rollout = readCompletion(
      [
        { role: "assistant", content: null, tool_calls: [{ function: { name: "juso_search", arguments: "{bad" } }, { function: { name: "weather_anywhere", arguments: "{}" } }] },
        { role: "assistant", content: '<tool_call>\n{"name": "juso_search", "arguments": {"keyword": "x"}}\n</tool_call>' },
      ],
      resolve,
    );
    expect(rollout.steps.flatMap((s) => s.calls.map((c) => c.entry.kind))).toEqual(["malformed", "unknown_tool", "call"]);
    expect(rollout.final).toBeNull();
  });
});

describe("raw text", () => {
  it("reads Hermes calls and <tool_response> results", () => {
    const text = `<tool_call>\n{"name": "juso_search", "arguments": {"keyword": "잠실엘스"}}\n</tool_call><|im_end|>\n<|im_start|>user\n<tool_response>\n${RESULT}\n</tool_response><|im_end|>\n<|im_start|>assistant\n답은 1171010100입니다.<|im_end|>`;
    const rollout = readCompletion(text, resolve);
    expect(rollout.dialect).toBe("hermes");
    expect(rollout.steps).toHaveLength(2);
    expect(rollout.steps[0]?.calls[0]?.given?.kind).toBe("result");
    expect(rollout.final).toBe("답은 1171010100입니다.");
  });

  it("reads Llama 3 calls with ipython results and Mistral calls", () => {
    const llama = readCompletion(`<|python_tag|>{"name": "juso_search", "parameters": {"keyword": "잠실"}}<|eom_id|><|start_header_id|>ipython<|end_header_id|>\n\n${RESULT}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n끝.<|eot_id|>`, resolve);
    expect(llama.dialect).toBe("llama");
    expect(llama.steps[0]?.calls[0]?.given?.kind).toBe("result");
    expect(llama.final).toBe("끝.");
    const mistral = readCompletion('[TOOL_CALLS][{"name": "juso_search", "arguments": {"keyword": "잠실"}}]</s>', resolve);
    expect(mistral.dialect).toBe("mistral");
    expect(mistral.steps[0]?.calls[0]?.given).toBeUndefined();
  });

  it("does not count calls inside reasoning, and text without calls is the final answer", () => {
    const rollout = readCompletion('<think><tool_call>{"name": "juso_search", "arguments": {}}</tool_call></think>그냥 답합니다.', resolve);
    expect(rollout.steps.flatMap((s) => s.calls)).toEqual([]);
    expect(rollout.final).toBe("그냥 답합니다.");
    expect(stripThinking("앞</think>뒤")).toBe("뒤");
    expect(stripThinking("앞<think>잘림")).toBe("앞");
  });
});

describe("tool results", () => {
  it("reads the runner's, the export's and the gateway's forms, failures and bare lists", () => {
    expect(readToolResult('{"ok":true,"totalCount":3,"items":[{"a":1}]}')).toMatchObject({ kind: "result", result: { ok: true, totalCount: 3 } });
    expect(readToolResult('{"tool":"x","result":{"ok":true,"items":[],"totalCount":0,"page":1},"meta":{}}')).toMatchObject({ kind: "result", result: { ok: true, totalCount: 0 } });
    expect(readToolResult('[{"a":1},{"a":2}]')).toMatchObject({ kind: "result", result: { totalCount: 2 } });
    expect(readToolResult('{"ok":false,"error":{"code":"UPSTREAM_TIMEOUT","message":"slow"}}')).toMatchObject({ kind: "result", result: { ok: false, error: { code: "UPSTREAM_TIMEOUT" } } });
    expect(readToolResult("Error: refused")).toEqual({ kind: "opaque", text: "Error: refused" });
  });
});
