/**
 * One BFCL attempt: a single model turn with the entry's functions as tools, then BFCL's AST
 * checker on the calls it made. Accuracy per category is BFCL's: entries whose calls pass the
 * checker over all entries. What cannot be decoded is classed as BFCL's decoder classes it:
 * arguments `json.loads` refuses (`""` among them) are `ast_decoder:decoder_failed`, arguments
 * that decode to something other than an object `ast_decoder:decoder_wrong_output_format`; a
 * reply with no call decodes to no calls when its content is empty (the checker's `wrong_count`)
 * and fails to decode otherwise. Function names are compared as they were sent.
 */
import { parseJson, type JsonNode } from "../json";
import type { ChatModel } from "../agent";
import { parseToolCalls } from "../tool-calls";
import type { CallRecord, Trajectory } from "../trajectory";
import { astCheck, type ModelCall } from "./checker";
import { convertFunctions } from "./convert";
import type { BfclCategory, BfclEntry } from "./data";

export interface BfclScore {
  suite: "bfcl";
  category: BfclCategory;
  pass: boolean;
  error_type?: string;
  error?: string;
  calls: number;
}

/** The reason the tool-call parser gives for arguments that decode to a non-object. */
export const NOT_AN_OBJECT = "the arguments are not an object";
/** Native arguments given as an empty string, which `json.loads` refuses. */
export const EMPTY_ARGUMENTS = "the arguments are an empty string";

const CHECKER: Record<BfclCategory, string> = {
  simple_python: "simple_function_checker",
  multiple: "multiple_function_checker",
  parallel: "parallel_function_checker_no_order",
  parallel_multiple: "parallel_function_checker_no_order",
};

export async function runBfclAttempt(model: ChatModel, entry: BfclEntry): Promise<Trajectory> {
  const started = Date.now();
  const { tools, resolve } = convertFunctions(entry.functions);
  const user = entry.messages.map((m) => m.content).join("\n");
  const reply = await model.chat(entry.messages.map((m) => ({ role: m.role === "system" ? "system" : "user", content: m.content })), tools);
  const base = { system: "", user, totalMs: 0 };
  if (!reply.ok) return { ...base, steps: [], final: null, stop: "model_error", modelError: { reason: reply.reason, message: reply.message }, totalMs: Date.now() - started };
  const parsed = parseToolCalls(reply.message, resolve, "s1");
  const native = reply.message.tool_calls ?? [];
  const calls: CallRecord[] = parsed.entries.map((e, i) => {
    // The parser reads "" as no arguments; BFCL's json.loads("") fails, so keep it apart.
    const raw = parsed.dialect === "native" ? native[i]?.function?.arguments : undefined;
    if (typeof raw === "string" && raw.trim() === "") return { id: e.id, kind: "malformed", name: e.name, arguments: raw, reason: EMPTY_ARGUMENTS };
    return e.kind === "call" ? { id: e.id, kind: "call", name: e.name, arguments: e.arguments, args: e.args } : { id: e.id, kind: e.kind, name: e.name, arguments: e.arguments, reason: e.reason };
  });
  const step = { index: 1, text: parsed.text, content: reply.message.content, dialect: parsed.dialect, calls, modelMs: reply.ms, toolMs: 0, stepMs: Date.now() - started, retries: reply.retries, finishReason: reply.finishReason, usage: reply.usage };
  return { ...base, steps: [step], final: calls.length === 0 ? parsed.text : null, stop: "answer", totalMs: Date.now() - started };
}

/** The ground truth `[{name: params}, …]` with every function under another name. */
function renameAnswers(groundTruth: JsonNode, rename: (name: string) => string): JsonNode {
  if (groundTruth.t !== "list") return groundTruth;
  return { ...groundTruth, v: groundTruth.v.map((answer) => (answer.t === "dict" ? { ...answer, v: answer.v.map(([name, params]): [string, JsonNode] => [rename(name), params]) } : answer)) };
}

export function scoreBfcl(entry: BfclEntry, trajectory: Trajectory): BfclScore {
  const base = { suite: "bfcl" as const, category: entry.category };
  if (trajectory.stop === "model_error") return { ...base, pass: false, error_type: `model_error:${trajectory.modelError?.reason ?? "unknown"}`, calls: 0 };
  const step = trajectory.steps[0];
  const records = step?.calls ?? [];
  if (records.length === 0) {
    if ((step?.content ?? "") === "") return { ...base, pass: false, error_type: `${CHECKER[entry.category]}:wrong_count`, error: "the reply is empty: no function call", calls: 0 };
    return { ...base, pass: false, error_type: "ast_decoder:decoder_failed", error: "the reply holds no function call", calls: 0 };
  }
  const undecodable = records.find((r) => r.kind === "malformed" && r.reason !== NOT_AN_OBJECT);
  if (undecodable) return { ...base, pass: false, error_type: "ast_decoder:decoder_failed", error: undecodable.reason ?? "undecodable call", calls: records.length };
  const notObject = records.find((r) => r.kind === "malformed");
  if (notObject) return { ...base, pass: false, error_type: "ast_decoder:decoder_wrong_output_format", error: NOT_AN_OBJECT, calls: records.length };
  const { sentName } = convertFunctions(entry.functions);
  const calls: ModelCall[] = [];
  for (const record of records) {
    try {
      // A resolved call is named as it was sent; an unknown name stays as the model wrote it.
      calls.push({ name: record.kind === "call" ? sentName(record.name ?? "") : (record.name ?? ""), args: parseJson(record.arguments) });
    } catch (error) {
      return { ...base, pass: false, error_type: "ast_decoder:decoder_failed", error: error instanceof Error ? error.message : String(error), calls: records.length };
    }
  }
  const functions = entry.functions.map((f) => ({ ...f, name: sentName(f.name) }));
  const result = astCheck(entry.category, functions, calls, renameAnswers(entry.groundTruth, sentName));
  return result.valid ? { ...base, pass: true, calls: calls.length } : { ...base, pass: false, error_type: result.error_type, error: result.error, calls: calls.length };
}
