/**
 * Tool calls out of one assistant message. Servers with a tool parser return native `tool_calls`;
 * servers without one leave the calls in the text, in the dialect of the model's chat template:
 *
 *   Hermes / Qwen   <tool_call>{"name": "f", "arguments": {…}}</tool_call>   (one block per call)
 *   Llama 3         <|python_tag|>{"name": "f", "parameters": {…}}           (several joined by ; allowed)
 *   Mistral         [TOOL_CALLS][{"name": "f", "arguments": {…}}, …]          (or [TOOL_CALLS]f[ARGS]{…})
 *
 * A call whose JSON does not parse is `malformed`, one naming no known tool `unknown_tool`: both are
 * kept, in order, so the agent can answer them with an error message and the scorers can count them.
 * Arguments are kept as their source text too, so a float stays a float for BFCL's checker.
 */
import { member, parseJson, parseJsonAt, toPlain, type JsonNode } from "./json";

export type Dialect = "native" | "hermes" | "llama" | "mistral";

export interface RawToolCall {
  id?: string | null;
  type?: string;
  function?: { name?: string | null; arguments?: unknown };
}

export interface AssistantReply {
  content: string | null;
  tool_calls?: RawToolCall[] | null;
}

export type ParsedEntry =
  | { kind: "call"; id: string; name: string; arguments: string; args: Record<string, unknown> }
  | { kind: "malformed" | "unknown_tool"; id: string; name: string | null; arguments: string; reason: string };

export interface ParsedReply {
  /** How the calls were written; null when the message holds no call (a final answer). */
  dialect: Dialect | null;
  /** The message text without the call markup. */
  text: string;
  entries: ParsedEntry[];
}

/** Maps a name the model wrote to a tool name, or undefined when no tool has it. */
export type NameResolver = (name: string) => string | undefined;

interface Candidate {
  name: string | null;
  /** The arguments' JSON text, or the reason they are unusable. */
  arguments: { ok: true; text: string; node: JsonNode } | { ok: false; text: string; reason: string };
}

function argumentsOf(text: string, node: JsonNode | undefined): Candidate["arguments"] {
  if (node === undefined || node.t === "null") return { ok: true, text: "{}", node: { t: "dict", v: [], start: 0, end: 2 } };
  if (node.t === "dict") return { ok: true, text: text.slice(node.start, node.end), node };
  if (node.t === "str") return argumentsFromString(node.v);
  return { ok: false, text: text.slice(node.start, node.end), reason: "the arguments are not an object" };
}

/** Arguments given as a JSON string (OpenAI's `function.arguments`, or a doubly encoded call). */
function argumentsFromString(text: string): Candidate["arguments"] {
  if (text.trim() === "") return { ok: true, text: "{}", node: { t: "dict", v: [], start: 0, end: 2 } };
  try {
    const node = parseJson(text);
    if (node.t !== "dict") return { ok: false, text, reason: "the arguments are not an object" };
    return { ok: true, text: text.trim(), node };
  } catch (error) {
    return { ok: false, text, reason: `the arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A call object `{name, arguments|parameters}` (possibly wrapped as `{function: {…}}`), else null. */
function callShape(text: string, node: JsonNode): Candidate | null {
  if (node.t !== "dict") return null;
  const inner = member(node, "function");
  if (inner?.t === "dict") return callShape(text, inner);
  const name = member(node, "name");
  if (name?.t !== "str") return null;
  const args = member(node, "arguments") ?? member(node, "parameters");
  return { name: name.v, arguments: argumentsOf(text, args) };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function malformed(raw: string, reason: string): Candidate {
  return { name: null, arguments: { ok: false, text: raw, reason } };
}

function hermes(content: string): { text: string; calls: Candidate[] } {
  const calls: Candidate[] = [];
  const parts = content.split("<tool_call>");
  const text = [parts[0] ?? ""];
  for (const part of parts.slice(1)) {
    const close = part.indexOf("</tool_call>");
    const body = (close < 0 ? part : part.slice(0, close)).trim();
    if (close >= 0) text.push(part.slice(close + "</tool_call>".length));
    try {
      const node = parseJson(body);
      calls.push(callShape(body, node) ?? malformed(body, "a <tool_call> block without a name"));
    } catch (error) {
      calls.push(malformed(body, reasonOf(error)));
    }
  }
  return { text: text.join("").trim(), calls };
}

/** Consecutive JSON values separated by whitespace, `;` or `,` (Llama's way of several calls). */
function jsonSequence(text: string): JsonNode[] {
  const nodes: JsonNode[] = [];
  let pos = 0;
  while (pos < text.length) {
    const { node, end } = parseJsonAt(text, pos);
    nodes.push(node);
    pos = end;
    while (pos < text.length && /[\s;,]/.test(text[pos] ?? "")) pos++;
  }
  return nodes.flatMap((n) => (n.t === "list" ? n.v : [n]));
}

function llama(content: string): { text: string; calls: Candidate[] } | null {
  const tag = content.indexOf("<|python_tag|>");
  const before = tag >= 0 ? content.slice(0, tag) : "";
  const body = (tag >= 0 ? content.slice(tag + "<|python_tag|>".length) : content).replace(/<\|eom_id\|>|<\|eot_id\|>/g, "").trim();
  const looksLikeCall = tag >= 0 || /^\[?\s*\{\s*"(name|function)"\s*:/.test(body);
  if (!looksLikeCall) return null;
  try {
    const nodes = jsonSequence(body);
    const calls = nodes.map((n) => callShape(body, n));
    if (calls.length > 0 && calls.every((c): c is Candidate => c !== null)) return { text: before.trim(), calls };
    return { text: before.trim(), calls: [malformed(body, "JSON that is not a {name, parameters} call")] };
  } catch (error) {
    return { text: before.trim(), calls: [malformed(body, reasonOf(error))] };
  }
}

function mistral(content: string): { text: string; calls: Candidate[] } {
  const marker = content.indexOf("[TOOL_CALLS]");
  const before = content.slice(0, marker).trim();
  const body = content.slice(marker + "[TOOL_CALLS]".length).replace(/<\/s>\s*$/, "").trim();
  const calls: Candidate[] = [];
  try {
    if (body.startsWith("[") || body.startsWith("{")) {
      for (const node of jsonSequence(body)) calls.push(callShape(body, node) ?? malformed(body.slice(node.start, node.end), "an element without a name"));
      return { text: before, calls };
    }
    // The newer template: name[ARGS]{…}, repeated.
    const pattern = /([A-Za-z0-9_.-]+)\[ARGS\]/y;
    let pos = 0;
    while (pos < body.length) {
      pattern.lastIndex = pos;
      const m = pattern.exec(body);
      if (!m) throw new Error(`expected name[ARGS] at ${pos}`);
      const { node, end } = parseJsonAt(body, pos + m[0].length);
      calls.push({ name: m[1] ?? "", arguments: argumentsOf(body, node) });
      pos = end;
      while (pos < body.length && /\s/.test(body[pos] ?? "")) pos++;
      if (body.startsWith("[TOOL_CALLS]", pos)) pos += "[TOOL_CALLS]".length;
      while (pos < body.length && /\s/.test(body[pos] ?? "")) pos++;
    }
    return { text: before, calls };
  } catch (error) {
    return { text: before, calls: [...calls, malformed(body, reasonOf(error))] };
  }
}

function nativeCandidate(raw: RawToolCall): Candidate {
  const name = typeof raw.function?.name === "string" && raw.function.name !== "" ? raw.function.name : null;
  const args = raw.function?.arguments;
  if (typeof args === "string") return { name, arguments: argumentsFromString(args) };
  if (args === undefined || args === null) return { name, arguments: argumentsFromString("") };
  // A server that already decoded the arguments: take them as they are.
  return { name, arguments: argumentsFromString(JSON.stringify(args)) };
}

function toEntry(candidate: Candidate, id: string, resolve: NameResolver): ParsedEntry {
  const { name, arguments: args } = candidate;
  if (!args.ok) return { kind: "malformed", id, name, arguments: args.text, reason: args.reason };
  if (name === null) return { kind: "malformed", id, name, arguments: args.text, reason: "the call names no function" };
  const resolved = resolve(name);
  if (resolved === undefined) return { kind: "unknown_tool", id, name, arguments: args.text, reason: `no tool named ${name}` };
  return { kind: "call", id, name: resolved, arguments: args.text, args: toPlain(args.node) as Record<string, unknown> };
}

/**
 * The calls of one assistant message, in order. Native `tool_calls` win; otherwise the text is
 * read in the dialect whose markup it carries. `idPrefix` names calls that came without an id.
 */
export function parseToolCalls(reply: AssistantReply, resolve: NameResolver, idPrefix = "call"): ParsedReply {
  const content = reply.content ?? "";
  const native = reply.tool_calls ?? [];
  if (native.length > 0) {
    const entries = native.map((raw, i) => toEntry(nativeCandidate(raw), raw.id || `${idPrefix}_${i}`, resolve));
    return { dialect: "native", text: content.trim(), entries };
  }
  let found: { dialect: Dialect; text: string; calls: Candidate[] } | null = null;
  if (content.includes("[TOOL_CALLS]")) found = { dialect: "mistral", ...mistral(content) };
  else if (content.includes("<tool_call>")) found = { dialect: "hermes", ...hermes(content) };
  else {
    const l = llama(content);
    if (l) found = { dialect: "llama", ...l };
  }
  if (!found || found.calls.length === 0) return { dialect: null, text: content.trim(), entries: [] };
  return { dialect: found.dialect, text: found.text, entries: found.calls.map((c, i) => toEntry(c, `${idPrefix}_${i}`, resolve)) };
}
