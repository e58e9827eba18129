/**
 * One BFCL attempt: a single model turn with the entry's functions as tools, then BFCL's AST
 * checker on the calls it made. Accuracy per category is BFCL's: entries whose calls pass the
 * checker over all entries. A reply that cannot be decoded into calls is
 * `ast_decoder:decoder_failed`, as in BFCL.
 */
import { parseJson } from "../json";
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

export async function runBfclAttempt(model: ChatModel, entry: BfclEntry): Promise<Trajectory> {
  const started = Date.now();
  const { tools, resolve } = convertFunctions(entry.functions);
  const user = entry.messages.map((m) => m.content).join("\n");
  const reply = await model.chat(entry.messages.map((m) => ({ role: m.role === "system" ? "system" : "user", content: m.content })), tools);
  const base = { system: "", user, totalMs: 0 };
  if (!reply.ok) return { ...base, steps: [], final: null, stop: "model_error", modelError: { reason: reply.reason, message: reply.message }, totalMs: Date.now() - started };
  const parsed = parseToolCalls(reply.message, resolve, "s1");
  const calls: CallRecord[] = parsed.entries.map((e) =>
    e.kind === "call" ? { id: e.id, kind: "call", name: e.name, arguments: e.arguments, args: e.args } : { id: e.id, kind: e.kind, name: e.name, arguments: e.arguments, reason: e.reason },
  );
  const step = { index: 1, text: parsed.text, content: reply.message.content, dialect: parsed.dialect, calls, modelMs: reply.ms, toolMs: 0, stepMs: Date.now() - started, retries: reply.retries, finishReason: reply.finishReason, usage: reply.usage };
  return { ...base, steps: [step], final: calls.length === 0 ? parsed.text : null, stop: "answer", totalMs: Date.now() - started };
}

export function scoreBfcl(entry: BfclEntry, trajectory: Trajectory): BfclScore {
  const base = { suite: "bfcl" as const, category: entry.category };
  if (trajectory.stop === "model_error") return { ...base, pass: false, error_type: `model_error:${trajectory.modelError?.reason ?? "unknown"}`, calls: 0 };
  const records = trajectory.steps[0]?.calls ?? [];
  const bad = records.find((r) => r.kind === "malformed");
  if (records.length === 0 || bad) return { ...base, pass: false, error_type: "ast_decoder:decoder_failed", error: bad?.reason ?? "the reply holds no function call", calls: records.length };
  const calls: ModelCall[] = [];
  for (const record of records) {
    try {
      calls.push({ name: record.name ?? "", args: parseJson(record.arguments) });
    } catch (error) {
      return { ...base, pass: false, error_type: "ast_decoder:decoder_failed", error: error instanceof Error ? error.message : String(error), calls: records.length };
    }
  }
  const result = astCheck(entry.category, entry.functions, calls, entry.groundTruth);
  return result.valid ? { ...base, pass: true, calls: calls.length } : { ...base, pass: false, error_type: result.error_type, error: result.error, calls: calls.length };
}
