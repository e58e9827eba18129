/**
 * BFCL verdicts on hand-built replies, where BFCL's own pipeline (FC decoding, then
 * `ast_checker.py`) decides differently from a lenient reading: repeated keys, names that were not
 * sent, arguments that are not an object or an empty string, replies without calls, NaN.
 */
import { describe, expect, it } from "vitest";
import type { ChatModel } from "../agent";
import type { AssistantReply } from "../tool-calls";
import { bfclEntries, type BfclEntry } from "./data";
import { runBfclAttempt, scoreBfcl } from "./score";

const replying = (message: AssistantReply): ChatModel => ({
  chat: () => Promise.resolve({ ok: true, message, finishReason: "stop", usage: null, ms: 1, retries: 0 }),
});

async function verdict(entry: BfclEntry, message: AssistantReply) {
  return scoreBfcl(entry, await runBfclAttempt(replying(message), entry));
}

const native = (...calls: [name: string, args: unknown][]): AssistantReply => ({
  content: null,
  tool_calls: calls.map(([name, args], i) => ({ id: `c${i}`, type: "function", function: { name, arguments: args } })),
});

// simple_python_0: calculate_triangle_area(base=10, height=5, unit "units" optional).
const triangle = bfclEntries("simple_python").find((e) => e.id === "simple_python_0");
// A function whose name holds a dot, sent as math_factorial.
const dotted = bfclEntries("simple_python").find((e) => e.functions.length === 1 && e.functions[0]?.name === "math.factorial");

describe("BFCL verdicts", () => {
  it("has the entries the cases rely on", () => {
    expect(triangle?.functions[0]?.name).toBe("calculate_triangle_area");
    expect(dotted).toBeDefined();
  });

  it("passes the plain correct call", async () => {
    if (!triangle) return;
    expect(await verdict(triangle, native(["calculate_triangle_area", '{"base": 10, "height": 5}']))).toMatchObject({ pass: true });
  });

  it("keeps the last value of a repeated key, as json.loads does", async () => {
    if (!triangle) return;
    expect(await verdict(triangle, native(["calculate_triangle_area", '{"base": 3, "height": 5, "base": 10}']))).toMatchObject({ pass: true });
    expect(await verdict(triangle, native(["calculate_triangle_area", '{"base": 10, "height": 5, "base": 3}']))).toMatchObject({ pass: false, error_type: "value_error:others" });
  });

  it("fails a call by a name that was not sent, even the function's own dotted name", async () => {
    if (!dotted) return;
    const [fn] = dotted.functions;
    const args = JSON.stringify(Object.fromEntries(Object.entries(fn?.parameters.properties ?? {}).map(([name]) => [name, 5])));
    expect(await verdict(dotted, native(["math.factorial", args]))).toMatchObject({ pass: false, error_type: "simple_function_checker:wrong_func_name" });
    expect((await verdict(dotted, native(["math_factorial", args]))).error_type).not.toBe("simple_function_checker:wrong_func_name");
  });

  it("classes arguments that are not an object as a wrong output format, and empty ones as a decoder failure", async () => {
    if (!triangle) return;
    expect(await verdict(triangle, native(["calculate_triangle_area", "[10, 5]"]))).toMatchObject({ pass: false, error_type: "ast_decoder:decoder_wrong_output_format" });
    expect(await verdict(triangle, native(["calculate_triangle_area", '"base=10"']))).toMatchObject({ pass: false, error_type: "ast_decoder:decoder_wrong_output_format" });
    expect(await verdict(triangle, native(["calculate_triangle_area", ""]))).toMatchObject({ pass: false, error_type: "ast_decoder:decoder_failed" });
    expect(await verdict(triangle, native(["calculate_triangle_area", '{"base": 10,']))).toMatchObject({ pass: false, error_type: "ast_decoder:decoder_failed" });
  });

  it("counts an empty reply as no calls (wrong_count) and a text reply as a decoder failure", async () => {
    if (!triangle) return;
    expect(await verdict(triangle, { content: "" })).toMatchObject({ pass: false, error_type: "simple_function_checker:wrong_count" });
    expect(await verdict(triangle, { content: null })).toMatchObject({ pass: false, error_type: "simple_function_checker:wrong_count" });
    expect(await verdict(triangle, { content: "The area is 25." })).toMatchObject({ pass: false, error_type: "ast_decoder:decoder_failed" });
  });

  it("reads NaN as a float, which equals nothing", async () => {
    if (!triangle) return;
    expect(await verdict(triangle, native(["calculate_triangle_area", '{"base": NaN, "height": 5}']))).toMatchObject({ pass: false, error_type: "type_error:simple" });
  });
});
