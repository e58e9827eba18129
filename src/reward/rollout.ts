/**
 * A completion as the reward service reads it: assistant turns, the calls each turn made, the tool
 * result the rollout obtained for each call (when the completion carries one) and the final answer.
 *
 * Two forms come in. OpenAI messages: assistant messages with native `tool_calls` (arguments as a
 * JSON string or, as TRL writes them, an object) or with calls written in their text, and `tool`
 * messages answering them (by `tool_call_id`, else in order). Raw text: what a model generated,
 * calls embedded in its chat template's dialect (Hermes/Qwen, Llama 3, Mistral; read by the
 * benchmark's parser), tool results, if the rollout inserted any, in the same template's markup:
 *
 *   Hermes / Qwen   <tool_response>…</tool_response>
 *   Llama 3         <|start_header_id|>ipython<|end_header_id|>…<|eot_id|>
 *   Mistral         [TOOL_RESULTS]…[/TOOL_RESULTS]
 *
 * Reasoning (`<think>…</think>`) is not part of a turn: calls and answers inside it do not count.
 * The final answer is the text of the last assistant turn when that turn makes no call.
 */
import { stripThinking } from "../bench/facts";
import { parseToolCalls, type Dialect, type NameResolver, type ParsedEntry, type RawToolCall } from "../bench/tool-calls";
import { failure, success, upstreamErrorCodeSchema, type Item, type NormalisedResult } from "../upstream/result";
import type { CompletionInput, CompletionMessage, MessageContent } from "./schema";

/** A tool result found in the completion: a normalised result, or text the service cannot read. */
export type GivenResult = { kind: "result"; result: NormalisedResult } | { kind: "opaque"; text: string };

export interface RolloutCall {
  entry: ParsedEntry;
  given?: GivenResult;
}

export interface RolloutStep {
  /** The turn's text without call markup and reasoning. */
  text: string;
  content: string | null;
  dialect: Dialect | null;
  calls: RolloutCall[];
}

export interface Rollout {
  steps: RolloutStep[];
  final: string | null;
  /** How the calls were written (the first turn that made one); null when none was. */
  dialect: Dialect | null;
}

/** Reasoning is dropped the way the fact checker drops it from an answer. */
export { stripThinking };

function textOf(content: MessageContent): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  return content.map((part) => part.text ?? "").join("");
}

function toItems(value: unknown[]): Item[] {
  return value.filter((v): v is Item => v !== null && typeof v === "object" && !Array.isArray(v));
}

/** A failed call as the rollout reported it (`{ok: false, error: {code, message}}`). */
function givenFailure(error: unknown): NormalisedResult {
  const e = error !== null && typeof error === "object" ? (error as Record<string, unknown>) : {};
  const code = typeof e["code"] === "string" ? e["code"] : "UPSTREAM_FAILURE";
  const message = typeof e["message"] === "string" ? e["message"] : "the tool reported an error";
  const upstream = upstreamErrorCodeSchema.safeParse(code);
  return upstream.success ? failure(upstream.data, null, message) : failure("UPSTREAM_FAILURE", null, `${code}: ${message}`);
}

function readValue(value: unknown, depth: number): NormalisedResult | null {
  if (depth > 3) return null;
  if (Array.isArray(value)) return success(toItems(value), value.length, 1);
  if (value === null || typeof value !== "object") return null;
  const o = value as Record<string, unknown>;
  if (o["ok"] === false) return givenFailure(o["error"]);
  if (Array.isArray(o["items"])) {
    const items = toItems(o["items"]);
    const total = typeof o["totalCount"] === "number" && Number.isFinite(o["totalCount"]) ? Math.max(0, Math.trunc(o["totalCount"])) : items.length;
    return success(items, total, 1);
  }
  // The gateway's own answer ({tool, result, meta}) or a wrapper around one (Mistral's {content}).
  if (o["result"] !== undefined) return readValue(o["result"], depth + 1);
  if (typeof o["content"] === "string") return readText(o["content"], depth + 1);
  return null;
}

function readText(text: string, depth: number): NormalisedResult | null {
  try {
    return readValue(JSON.parse(text) as unknown, depth);
  } catch {
    return null;
  }
}

/**
 * A tool result as written in the completion: the runner's `{ok, totalCount, items}`, the
 * export's `{totalCount, items}`, the gateway's `{tool, result, meta}`, a bare list of items, or
 * `{ok: false, error}`. Anything else is opaque: the call ran, but what it returned is unknown.
 */
export function readToolResult(text: string): GivenResult {
  const result = readText(text.trim(), 0);
  return result ? { kind: "result", result } : { kind: "opaque", text };
}

interface Part {
  kind: "assistant" | "result";
  text: string;
}

const TEMPLATE_RESIDUE = /<\|im_start\|>(?:assistant|user|tool)?|<\|im_end\|>|<\|endoftext\|>|<\|eot_id\|>|<\|eom_id\|>|<\|end_of_text\|>|<\/s>|<s>/g;

function cleanAssistant(text: string): string {
  return text
    .replace(TEMPLATE_RESIDUE, "")
    .replace(/^\s*(?:assistant|user)\s*\n/, "")
    .replace(/\n\s*(?:assistant|user)\s*$/, "")
    .trim();
}

/** Raw text as alternating assistant text and tool results. */
function splitRaw(raw: string): Part[] {
  const parts: Part[] = [];
  const push = (kind: Part["kind"], text: string) => {
    const t = kind === "assistant" ? cleanAssistant(text) : text.trim();
    if (kind === "result" || t !== "") parts.push({ kind, text: t });
  };
  if (raw.includes("<|start_header_id|>")) {
    const pieces = raw.split(/<\|start_header_id\|>(\w+)<\|end_header_id\|>/);
    push("assistant", pieces[0] ?? "");
    for (let i = 1; i + 1 < pieces.length; i += 2) {
      const role = pieces[i] ?? "";
      const body = (pieces[i + 1] ?? "").replace(/<\|eot_id\|>|<\|eom_id\|>|<\|end_of_text\|>/g, "");
      if (role === "ipython" || role === "tool") push("result", body);
      else if (role === "assistant") push("assistant", body);
    }
    return parts;
  }
  const blocks = /<tool_response>([\s\S]*?)<\/tool_response>|\[TOOL_RESULTS\]([\s\S]*?)\[\/TOOL_RESULTS\]/g;
  let last = 0;
  for (const m of raw.matchAll(blocks)) {
    push("assistant", raw.slice(last, m.index));
    push("result", m[1] ?? m[2] ?? "");
    last = m.index + m[0].length;
  }
  push("assistant", raw.slice(last));
  return parts;
}

function finish(steps: RolloutStep[]): Rollout {
  const last = steps[steps.length - 1];
  const final = last && last.calls.length === 0 && last.text !== "" ? last.text : null;
  return { steps, final, dialect: steps.find((s) => s.dialect !== null)?.dialect ?? null };
}

/** Call ids are made unique across turns (servers reuse `call_0` every turn); `match` keeps the id as written. */
function stepOf(content: string, toolCalls: RawToolCall[] | null, resolve: NameResolver, index: number): { step: RolloutStep; match: (string | null)[] } {
  const visible = stripThinking(content);
  const parsed = parseToolCalls({ content: visible, tool_calls: toolCalls }, resolve, `t${index}`);
  const match = parsed.entries.map((_, i) => {
    const id = toolCalls?.[i]?.id;
    return typeof id === "string" && id !== "" ? id : null;
  });
  const calls = parsed.entries.map((entry, i): RolloutCall => ({ entry: { ...entry, id: `t${index}_${i}` } }));
  return { step: { text: parsed.text.trim(), content, dialect: parsed.dialect, calls }, match };
}

/** The first call of the turn still without a result: the one with this id, else of this name, else in order. */
function answerTo(step: { step: RolloutStep; match: (string | null)[] }, id: string | null, name: string | null): RolloutCall | undefined {
  const open = step.step.calls.map((call, i) => ({ call, id: step.match[i] ?? null })).filter((c) => c.call.given === undefined);
  return (id !== null ? open.find((c) => c.id === id) : undefined)?.call ?? (name !== null ? open.find((c) => c.call.entry.name === name) : undefined)?.call ?? open[0]?.call;
}

function fromMessages(messages: readonly CompletionMessage[], resolve: NameResolver): Rollout {
  const turns: { step: RolloutStep; match: (string | null)[] }[] = [];
  for (const message of messages) {
    if (message.role === "assistant") {
      const toolCalls: RawToolCall[] = (message.tool_calls ?? []).map((c) => ({ id: c.id ?? null, function: { name: c.function.name ?? null, arguments: c.function.arguments } }));
      turns.push(stepOf(textOf(message.content), toolCalls, resolve, turns.length + 1));
    } else if (message.role === "tool") {
      const turn = turns[turns.length - 1];
      const call = turn ? answerTo(turn, message.tool_call_id ?? null, message.name ?? null) : undefined;
      if (call) call.given = readToolResult(textOf(message.content));
    }
    // System and user messages (the prompt, repeated by some trainers) are not the policy's.
  }
  return finish(turns.map((t) => t.step));
}

function fromText(raw: string, resolve: NameResolver): Rollout {
  const turns: { step: RolloutStep; match: (string | null)[] }[] = [];
  for (const part of splitRaw(raw)) {
    if (part.kind === "assistant") turns.push(stepOf(part.text, null, resolve, turns.length + 1));
    else {
      const turn = turns[turns.length - 1];
      const call = turn ? answerTo(turn, null, null) : undefined;
      if (call) call.given = readToolResult(part.text);
    }
  }
  return finish(turns.map((t) => t.step));
}

export function readCompletion(completion: CompletionInput, resolve: NameResolver): Rollout {
  return typeof completion === "string" ? fromText(completion, resolve) : fromMessages(completion, resolve);
}
