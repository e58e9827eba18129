/**
 * Tool calls out of one assistant message. Servers with a tool parser return native `tool_calls`;
 * servers without one leave the calls in the text, in the dialect of the model's chat template:
 *
 *   Hermes / Qwen   <tool_call>{"name": "f", "arguments": {…}}</tool_call>   (one block per call)
 *   Llama 3         <|python_tag|>{"name": "f", "parameters": {…}}           (several joined by ; allowed)
 *   Mistral         [TOOL_CALLS][{"name": "f", "arguments": {…}}, …]          (or [TOOL_CALLS]f[ARGS]{…})
 *   Granite         <|tool_call|>[{"name": "f", "arguments": {…}}, …]
 *   DeepSeek        <｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{…}\n```<｜tool▁call▁end｜>
 *                   (V3; R1-0528 and V3.1 write f<｜tool▁sep｜>{…} without the fence)
 *   function tag    <function=f>{…}</function>  (Llama 3.x custom tools), or with <parameter=p>v</parameter>
 *                   elements (Qwen3-Coder)
 *   pythonic        [f(x=1, y="a"), g()]  (Llama 3.2/4 pythonic templates, optionally <|python_start|>)
 *   fenced JSON     ```json\n{"name": "f", "arguments": {…}}\n```  (models without a tool template)
 *
 * Reasoning is not acting: text inside <think>…</think> (or before a lone </think>, or after an
 * unclosed <think>) is dropped before the calls are read, so a call the model only thought about is
 * never executed.
 *
 * A call whose JSON does not parse is `malformed`, one naming no known tool `unknown_tool`: both are
 * kept, in order, so the agent can answer them with an error message and the scorers can count them.
 * Arguments are kept as their source text too, so a float stays a float for BFCL's checker.
 */
import { member, parseJson, parseJsonAt, toPlain, type JsonNode } from "./json";

export const DIALECTS = ["native", "hermes", "llama", "mistral", "granite", "deepseek", "function_tag", "pythonic", "fenced"] as const;
export type Dialect = (typeof DIALECTS)[number];

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

function granite(content: string): { text: string; calls: Candidate[] } {
  const marker = content.indexOf("<|tool_call|>");
  const before = content.slice(0, marker).trim();
  const body = content.slice(marker + "<|tool_call|>".length).replace(/<\|end_of_text\|>\s*$/, "").trim();
  try {
    const calls = jsonSequence(body).map((node) => callShape(body, node) ?? malformed(body.slice(node.start, node.end), "an element without a name"));
    return { text: before, calls };
  } catch (error) {
    return { text: before, calls: [malformed(body, reasonOf(error))] };
  }
}

const DS_BEGIN = "<｜tool▁call▁begin｜>";
const DS_SEP = "<｜tool▁sep｜>";
const DS_END = "<｜tool▁call▁end｜>";

/** The JSON of a ```json fence, or the text itself when it is not fenced. */
function unfence(text: string): string {
  const fenced = /^```[A-Za-z]*\s*\n?([\s\S]*?)\n?```\s*$/.exec(text.trim());
  return (fenced?.[1] ?? text).trim();
}

function deepseek(content: string): { text: string; calls: Candidate[] } {
  const first = content.search(/<｜tool▁calls?▁begin｜>/);
  const before = content.slice(0, first).trim();
  const calls: Candidate[] = [];
  for (const part of content.slice(first).split(DS_BEGIN).slice(1)) {
    const close = part.indexOf(DS_END);
    const block = close < 0 ? part : part.slice(0, close);
    const sep = block.indexOf(DS_SEP);
    if (sep < 0) {
      calls.push(malformed(block, "a DeepSeek tool call without <｜tool▁sep｜>"));
      continue;
    }
    let head = block.slice(0, sep).trim();
    let rest = block.slice(sep + DS_SEP.length);
    // V3: `function<｜tool▁sep｜>name\n```json …````; later: `name<｜tool▁sep｜>{…}`.
    if (head === "function") {
      const newline = rest.indexOf("\n");
      head = (newline < 0 ? rest : rest.slice(0, newline)).trim();
      rest = newline < 0 ? "" : rest.slice(newline + 1);
    }
    calls.push({ name: head, arguments: argumentsFromString(unfence(rest)) });
  }
  return { text: before, calls };
}

/** A parameter value of the XML form: JSON when it reads as JSON, else the text itself. */
function xmlValue(text: string): unknown {
  const trimmed = text.replace(/^\n|\n$/g, "");
  try {
    return toPlain(parseJson(trimmed));
  } catch {
    return trimmed;
  }
}

function functionTag(content: string): { text: string; calls: Candidate[] } {
  const first = content.indexOf("<function=");
  const before = content.slice(0, first).replace(/<tool_call>\s*$/, "").trim();
  const calls: Candidate[] = [];
  const pattern = /<function=([^>\s]+)>([\s\S]*?)(?:<\/function>|$)/g;
  for (const m of content.slice(first).matchAll(pattern)) {
    const name = m[1] ?? "";
    const body = (m[2] ?? "").trim();
    if (body === "" || body.startsWith("{")) {
      calls.push({ name, arguments: argumentsFromString(body) });
      continue;
    }
    const params: Record<string, unknown> = {};
    for (const p of body.matchAll(/<parameter=([^>\s]+)>([\s\S]*?)<\/parameter>/g)) params[p[1] ?? ""] = xmlValue(p[2] ?? "");
    if (Object.keys(params).length === 0) calls.push(malformed(body, "a <function=…> block with neither JSON nor <parameter=…> elements"));
    else calls.push({ name, arguments: argumentsFromString(JSON.stringify(params)) });
  }
  return { text: before, calls };
}

/** Python literals as JSON text: strings, numbers, True/False/None, lists, tuples and dicts. */
class PythonLiteral {
  pos = 0;
  constructor(readonly src: string) {}
  ws(): void {
    while (/\s/.test(this.src[this.pos] ?? "")) this.pos++;
  }
  fail(what: string): never {
    throw new Error(`${what} at position ${this.pos}`);
  }
  value(): string {
    this.ws();
    const c = this.src[this.pos];
    if (c === '"' || c === "'") return this.string();
    if (c === "[" || c === "(") return this.list(c === "[" ? "]" : ")");
    if (c === "{") return this.dict();
    const word = /^(True|False|None|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.src.slice(this.pos))?.[0];
    if (!word) this.fail("expected a Python literal");
    this.pos += word.length;
    return word === "True" ? "true" : word === "False" ? "false" : word === "None" ? "null" : word;
  }
  string(): string {
    const quote = this.src[this.pos++];
    let out = "";
    while (this.pos < this.src.length && this.src[this.pos] !== quote) {
      const ch = this.src[this.pos++] ?? "";
      if (ch !== "\\") {
        out += ch;
        continue;
      }
      const next = this.src[this.pos++] ?? "";
      out += next === "n" ? "\n" : next === "t" ? "\t" : next;
    }
    if (this.src[this.pos] !== quote) this.fail("an unterminated string");
    this.pos++;
    return JSON.stringify(out);
  }
  list(close: string): string {
    this.pos++;
    const items: string[] = [];
    for (;;) {
      this.ws();
      if (this.src[this.pos] === close) break;
      items.push(this.value());
      this.ws();
      if (this.src[this.pos] === ",") this.pos++;
      else if (this.src[this.pos] !== close) this.fail(`expected , or ${close}`);
    }
    this.pos++;
    return `[${items.join(", ")}]`;
  }
  dict(): string {
    this.pos++;
    const pairs: string[] = [];
    for (;;) {
      this.ws();
      if (this.src[this.pos] === "}") break;
      const key = this.value();
      this.ws();
      if (this.src[this.pos++] !== ":") this.fail("expected :");
      pairs.push(`${key.startsWith('"') ? key : JSON.stringify(key)}: ${this.value()}`);
      this.ws();
      if (this.src[this.pos] === ",") this.pos++;
      else if (this.src[this.pos] !== "}") this.fail("expected , or }");
    }
    this.pos++;
    return `{${pairs.join(", ")}}`;
  }
  /** `name(k=v, …)`, the arguments as a JSON object's text. */
  call(): { name: string; args: string } {
    this.ws();
    const name = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(this.src.slice(this.pos))?.[0];
    if (!name) this.fail("expected a function name");
    this.pos += name.length;
    this.ws();
    if (this.src[this.pos++] !== "(") this.fail("expected (");
    const pairs: string[] = [];
    for (;;) {
      this.ws();
      if (this.src[this.pos] === ")") break;
      const key = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos))?.[0];
      if (!key) this.fail("expected a keyword argument");
      this.pos += key.length;
      this.ws();
      if (this.src[this.pos++] !== "=") this.fail("expected =");
      pairs.push(`${JSON.stringify(key)}: ${this.value()}`);
      this.ws();
      if (this.src[this.pos] === ",") this.pos++;
      else if (this.src[this.pos] !== ")") this.fail("expected , or )");
    }
    this.pos++;
    return { name, args: `{${pairs.join(", ")}}` };
  }
}

/** `[f(x=1), g(y="a")]`: the whole message (after an optional <|python_start|>) is the list of calls. */
function pythonic(content: string): { text: string; calls: Candidate[] } | null {
  const body = content.replace(/<\|python_start\|>|<\|python_end\|>|<\|eom\|>|<\|eot\|>/g, "").trim();
  if (!/^\[\s*[A-Za-z_][A-Za-z0-9_.]*\s*\(/.test(body) || !body.endsWith("]")) return null;
  const parser = new PythonLiteral(body);
  parser.pos = 1;
  const calls: Candidate[] = [];
  try {
    for (;;) {
      const { name, args } = parser.call();
      calls.push({ name, arguments: argumentsFromString(args) });
      parser.ws();
      if (parser.src[parser.pos] === ",") parser.pos++;
      else if (parser.src[parser.pos] === "]") break;
      else parser.fail("expected , or ]");
    }
    return { text: "", calls };
  } catch (error) {
    return { text: "", calls: [...calls, malformed(body, reasonOf(error))] };
  }
}

/** A ```json fence holding a call object or a list of them (and nothing else that is a call). */
function fenced(content: string): { text: string; calls: Candidate[] } | null {
  const match = /```(?:json|tool_call|tool_code)?\s*\n([\s\S]*?)\n?```/.exec(content);
  if (!match) return null;
  const body = (match[1] ?? "").trim();
  try {
    const calls = jsonSequence(body).map((node) => callShape(body, node));
    if (calls.length === 0 || calls.some((c) => c === null)) return null;
    return { text: (content.slice(0, match.index) + content.slice(match.index + match[0].length)).trim(), calls: calls as Candidate[] };
  } catch {
    return null;
  }
}

/**
 * The message without its reasoning: <think>…</think> blocks removed, everything before a lone
 * </think> (templates that open the block in the prompt) and after an unclosed <think> dropped.
 */
export function withoutThinking(content: string): string {
  let text = content.replace(/<think>[\s\S]*?<\/think>/g, "");
  const close = text.lastIndexOf("</think>");
  if (close >= 0) text = text.slice(close + "</think>".length);
  const open = text.indexOf("<think>");
  if (open >= 0) text = text.slice(0, open);
  return text;
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
  const content = withoutThinking(reply.content ?? "");
  const native = reply.tool_calls ?? [];
  if (native.length > 0) {
    const entries = native.map((raw, i) => toEntry(nativeCandidate(raw), raw.id || `${idPrefix}_${i}`, resolve));
    return { dialect: "native", text: content.trim(), entries };
  }
  let found: { dialect: Dialect; text: string; calls: Candidate[] } | null = null;
  if (content.includes("[TOOL_CALLS]")) found = { dialect: "mistral", ...mistral(content) };
  else if (/<｜tool▁calls?▁begin｜>/.test(content)) found = { dialect: "deepseek", ...deepseek(content) };
  else if (content.includes("<|tool_call|>")) found = { dialect: "granite", ...granite(content) };
  else if (content.includes("<function=")) found = { dialect: "function_tag", ...functionTag(content) };
  else if (content.includes("<tool_call>")) found = { dialect: "hermes", ...hermes(content) };
  else {
    const l = llama(content);
    const p = l ? null : pythonic(content);
    const f = l || p ? null : fenced(content);
    if (l) found = { dialect: "llama", ...l };
    else if (p) found = { dialect: "pythonic", ...p };
    else if (f) found = { dialect: "fenced", ...f };
  }
  if (!found || found.calls.length === 0) return { dialect: null, text: content.trim(), entries: [] };
  return { dialect: found.dialect, text: found.text, entries: found.calls.map((c, i) => toEntry(c, `${idPrefix}_${i}`, resolve)) };
}
