/**
 * The agent loop of one attempt: system prompt + tools + the request → model → its tool calls
 * executed (concurrently) → tool messages → … until the model answers without calling a tool or
 * the step budget is spent. Every turn is recorded in the trajectory, with model, tool and total
 * time, so the runner's own overhead can be measured apart from the model's.
 */
import type { OpenAiTool } from "../catalog/tools";
import { kstParts } from "../time/kst";
import type { NormalisedResult } from "../upstream/result";
import type { ChatMessage, ModelReply } from "./model";
import { parseToolCalls, type NameResolver, type ParsedEntry } from "./tool-calls";
import type { CallOutcome, CallRecord, Trajectory, TrajectoryStep } from "./trajectory";

export interface ChatModel {
  chat(messages: readonly ChatMessage[], tools: readonly OpenAiTool[]): Promise<ModelReply>;
}

export type ExecuteCall = (tool: string, args: Record<string, unknown>) => Promise<CallOutcome>;

export interface AgentInput {
  model: ChatModel;
  system: string;
  user: string;
  tools: readonly OpenAiTool[];
  resolve: NameResolver;
  execute: ExecuteCall;
  maxSteps: number;
  /** Longest tool message sent to the model (items beyond are cut and the cut is said); 0 = no limit. */
  toolResultMaxChars: number;
  /**
   * The model's context budget in characters, tool list included (0 = none). The tool messages of
   * each turn share half of what is left of it, so a conversation fits a small-context server.
   */
  contextChars?: number;
}

/** A tool message never gets less room than this, so a cut result still says what it holds. */
const MIN_TOOL_MESSAGE = 400;

/** The longest tool message for each of `count` results of a turn, given what the conversation already takes. */
export function toolMessageLimit(input: Pick<AgentInput, "toolResultMaxChars" | "contextChars">, used: number, count: number): number {
  const budget = input.contextChars ?? 0;
  if (budget <= 0) return input.toolResultMaxChars;
  const share = Math.max(MIN_TOOL_MESSAGE, Math.floor((budget - used) / 2 / Math.max(1, count)));
  return input.toolResultMaxChars > 0 ? Math.min(input.toolResultMaxChars, share) : share;
}

const charsOf = (messages: readonly ChatMessage[]) => messages.reduce((n, m) => n + (m.content?.length ?? 0) + ("tool_calls" in m && m.tool_calls ? JSON.stringify(m.tool_calls).length : 0), 0);

const WEEKDAYS = ["일", "월", "화", "수", "목", "금", "토"];
const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-12-23T09:10:00+09:00`: the instant in KST, as the system prompt states it. */
export function kstIso(at: Date): string {
  const p = kstParts(at);
  const seconds = pad(Math.floor((at.getTime() / 1000) % 60));
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${seconds}+09:00`;
}

/** The Korean system prompt, with the run's moment in KST (relative dates in requests depend on it). */
export function systemPrompt(now: Date): string {
  const p = kstParts(now);
  return [
    "당신은 대한민국 공공데이터 API 도구로 시민과 공무원의 질문에 답하는 도우미입니다.",
    `현재 시각: ${p.year}년 ${p.month}월 ${p.day}일 (${WEEKDAYS[p.weekday] ?? ""}요일) ${pad(p.hour)}:${pad(p.minute)} KST (${kstIso(now)})`,
    "- 답에 필요한 정보는 반드시 도구를 호출해 얻고, 도구 결과에 없는 값을 지어내지 마세요.",
    "- 한 도구의 결과(코드, 좌표, 이름 등)를 다음 도구의 입력으로 이어서 쓰세요. 서로 독립적인 호출은 한 번에 여러 개 요청해도 됩니다.",
    "- '오늘', '이번 주 토요일', '지난달' 같은 표현은 위의 현재 시각을 기준으로 해석하세요.",
    "- 최종 답변은 한국어로, 질문에 필요한 수치(단위 포함), 이름, 날짜를 분명하게 적으세요.",
  ].join("\n");
}

/** The tool message for a call: its result as compact JSON, cut to `maxChars` by whole items. */
export function renderOutcome(outcome: CallOutcome, maxChars: number): string {
  if (outcome.status !== "ok" || !outcome.result) return JSON.stringify({ ok: false, error: outcome.error ?? { code: "INTERNAL", message: "no result" } });
  const result: NormalisedResult = outcome.result;
  if (!result.ok) return JSON.stringify({ ok: false, error: { code: result.error.code, message: result.error.message } });
  const full = JSON.stringify({ ok: true, totalCount: result.totalCount, items: result.items });
  if (maxChars <= 0 || full.length <= maxChars) return full;
  let shown = result.items.length;
  let text = full;
  while (shown > 0 && text.length > maxChars) {
    shown = Math.floor(shown * 0.8);
    text = JSON.stringify({ ok: true, totalCount: result.totalCount, items: result.items.slice(0, shown), truncated: { shown, of: result.items.length } });
  }
  return text;
}

function errorMessage(entry: Exclude<ParsedEntry, { kind: "call" }>): string {
  const code = entry.kind === "malformed" ? "MALFORMED_CALL" : "UNKNOWN_TOOL";
  return JSON.stringify({ ok: false, error: { code, message: entry.reason } });
}

async function runEntry(entry: ParsedEntry, execute: ExecuteCall): Promise<CallRecord> {
  if (entry.kind !== "call") return { id: entry.id, kind: entry.kind, name: entry.name, arguments: entry.arguments, reason: entry.reason };
  const started = Date.now();
  let outcome: CallOutcome;
  try {
    outcome = await execute(entry.name, entry.args);
  } catch (error) {
    // The executor maps gateway errors itself; anything else still must not end the attempt.
    outcome = { status: "error", error: { code: "INTERNAL", message: error instanceof Error ? error.name : "error" }, ms: Date.now() - started };
  }
  return { id: entry.id, kind: "call", name: entry.name, arguments: entry.arguments, args: entry.args, outcome };
}

/** Runs the loop; never throws (a model failure ends the trajectory with `stop: "model_error"`). */
export async function runAgent(input: AgentInput): Promise<Trajectory> {
  const started = Date.now();
  const messages: ChatMessage[] = [
    { role: "system", content: input.system },
    { role: "user", content: input.user },
  ];
  const steps: TrajectoryStep[] = [];
  const toolsChars = input.contextChars ? JSON.stringify(input.tools).length : 0;
  const finish = (stop: Trajectory["stop"], final: string | null, modelError?: Trajectory["modelError"]): Trajectory => ({
    system: input.system,
    user: input.user,
    steps,
    final,
    stop,
    ...(modelError ? { modelError } : {}),
    totalMs: Date.now() - started,
  });

  for (let index = 1; index <= input.maxSteps; index++) {
    const stepStart = Date.now();
    const reply = await input.model.chat(messages, input.tools);
    if (!reply.ok) return finish("model_error", null, { reason: reply.reason, message: reply.message });
    const parsed = parseToolCalls(reply.message, input.resolve, `s${index}`);
    const base = { index, text: parsed.text, content: reply.message.content, dialect: parsed.dialect, modelMs: reply.ms, retries: reply.retries, finishReason: reply.finishReason, usage: reply.usage };
    if (parsed.entries.length === 0) {
      steps.push({ ...base, calls: [], toolMs: 0, stepMs: Date.now() - stepStart });
      // A reply cut by the token limit is recorded as cut, not as a finished answer.
      return finish(reply.finishReason === "length" ? "length" : "answer", parsed.text);
    }
    const toolStart = Date.now();
    const calls = await Promise.all(parsed.entries.map((entry) => runEntry(entry, input.execute)));
    const toolMs = Date.now() - toolStart;
    // Native calls are echoed back as tool_calls; text-embedded ones stay in the text as written.
    messages.push(
      parsed.dialect === "native"
        ? { role: "assistant", content: reply.message.content, tool_calls: (reply.message.tool_calls ?? []).map((raw, i) => ({ ...raw, id: calls[i]?.id ?? raw.id ?? null })) }
        : { role: "assistant", content: reply.message.content },
    );
    const limit = toolMessageLimit(input, toolsChars + charsOf(messages), calls.length);
    for (const [i, call] of calls.entries()) {
      const entry = parsed.entries[i];
      const content = call.outcome ? renderOutcome(call.outcome, limit) : entry && entry.kind !== "call" ? errorMessage(entry) : "";
      messages.push({ role: "tool", tool_call_id: call.id, ...(call.name ? { name: call.name } : {}), content });
    }
    steps.push({ ...base, calls, toolMs, stepMs: Date.now() - stepStart });
  }
  return finish("max_steps", null);
}
