/**
 * Tool calls out of one assistant message. Servers with a tool parser return native `tool_calls`;
 * servers without one leave the calls in the text, in the dialect of the model's chat template:
 *
 *   Hermes / Qwen   <tool_call>{"name": "f", "arguments": {…}}</tool_call>   (one block per call; Granite 3.1
 *                   and xLAM write a list of calls in one block, the closing tag optional)
 *   GLM-4.5         <tool_call>f\n<arg_key>k</arg_key>\n<arg_value>v</arg_value>\n</tool_call>
 *   Llama 3         <|python_tag|>{"name": "f", "parameters": {…}}           (several joined by ; allowed; without
 *                   the tag when the JSON stands apart from the prose, as xLAM's bare list does)
 *   Mistral         [TOOL_CALLS][{"name": "f", "arguments": {…}}, …]          (tokenizer v11 and later: one
 *                   [TOOL_CALLS]f{…} per call, or f[ARGS]{…}, or f[CALL_ID]id[ARGS]{…})
 *   Granite         <|tool_call|>[{"name": "f", "arguments": {…}}, …]; granite-20b-fc: <function_call> {…} per call
 *   Jamba, Hunyuan  <tool_calls>[{"name": "f", "arguments": {…}}, …]</tool_calls>
 *   Phi-4           functools[{"name": "f", "arguments": {…}}, …]
 *   Kimi-K2         <|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{…}
 *                   <|tool_call_end|>…<|tool_calls_section_end|>
 *   DeepSeek        <｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{…}\n```<｜tool▁call▁end｜>
 *                   (V3; R1-0528 and V3.1 write f<｜tool▁sep｜>{…} without the fence)
 *   function tag    <function=f>{…}</function>  (Llama 3.x custom tools), or with <parameter=p>v</parameter>
 *                   elements (Qwen3-Coder)
 *   pythonic        [f(x=1, y="a"), g()]  (Llama 3.2/4 pythonic templates, optionally <|python_start|>)
 *   fenced JSON     ```json\n{"name": "f", "arguments": {…}}\n```  (models without a tool template)
 *
 * Prose around the calls, before or after them, is the message's text. JSON without markup is a call
 * only when it stands apart from the prose (it opens the message or a line, or follows a colon, and
 * no sentence runs on from it): a sentence that quotes a call is not one.
 *
 * Reasoning is not acting: text inside <think>…</think> (or before a lone </think>, or after an
 * unclosed <think>) is dropped before the calls are read, so a call the model only thought about is
 * never executed.
 *
 * A call whose JSON does not parse is `malformed`, one naming no known tool `unknown_tool`: both are
 * kept, in order, so the agent can answer them with an error message and the scorers can count them.
 * Arguments are kept as their source text too, so a float stays a float for BFCL's checker.
 */
import { member, parseJson, parseJsonAt, toJsonText, toPlain, type JsonNode } from "./json";

export const DIALECTS = ["native", "hermes", "llama", "mistral", "granite", "deepseek", "function_tag", "pythonic", "fenced", "glm", "jamba", "phi4", "kimi"] as const;
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

/** The calls one dialect found, and the prose left around them. */
interface Found {
  dialect: Dialect;
  text: string;
  calls: Candidate[];
}

/** Calls read from the start of a text, and the text after the last of them. */
interface Run {
  calls: Candidate[];
  rest: string;
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
    return { ok: false, text, reason: `the arguments are not valid JSON: ${reasonOf(error)}` };
  }
}

/** Arguments written as key and value elements (Qwen3-Coder, GLM), each value already JSON text. */
function argumentsFromPairs(pairs: readonly [string, string][]): Candidate["arguments"] {
  return argumentsFromString(`{${pairs.map(([key, value]) => `${JSON.stringify(key)}: ${value}`).join(", ")}}`);
}

/** An element's value as JSON text: the value itself when it reads as JSON, else the text as a string. */
function elementValue(text: string): string {
  try {
    return toJsonText(parseJson(text));
  } catch {
    return JSON.stringify(text);
  }
}

/**
 * A call object `{name, arguments|parameters}` (possibly wrapped as `{function: {…}}`), else null.
 * Without markup around it the object must name its arguments too: `{"name": "Kim"}` is an answer.
 */
function callShape(text: string, node: JsonNode, bare: boolean): Candidate | null {
  if (node.t !== "dict") return null;
  const inner = member(node, "function");
  if (inner?.t === "dict") return callShape(text, inner, bare);
  const name = member(node, "name");
  if (name?.t !== "str") return null;
  const args = member(node, "arguments") ?? member(node, "parameters");
  if (bare && args === undefined) return null;
  return { name: name.v, arguments: argumentsOf(text, args) };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function malformed(raw: string, reason: string): Candidate {
  return { name: null, arguments: { ok: false, text: raw, reason } };
}

/** The prose pieces of a message, each trimmed, the empty ones left out. */
function prose(...pieces: string[]): string {
  return pieces
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .join("\n");
}

/** A value that may start a call: a JSON object, or a list of them, opening with a call's member. */
const CALL_OPENING = /^\[?\s*\{\s*"(?:name|function|arguments|parameters)"\s*:/;

/**
 * Calls written as JSON from the start of `body`: objects or lists of them, one after another
 * (separated by whitespace, `;` or `,`, Llama's way of several). What follows the last call is
 * prose, even when it holds a brace or JSON of its own (the model quoting its arguments). With
 * `bare` (no markup says a call follows) only JSON that is wholly calls counts, and null says there
 * is none.
 */
function jsonCalls(body: string): Run;
function jsonCalls(body: string, bare: true): Run | null;
function jsonCalls(body: string, bare = false): Run | null {
  const calls: Candidate[] = [];
  let pos = 0;
  for (;;) {
    let read: { node: JsonNode; end: number };
    try {
      read = parseJsonAt(body, pos);
    } catch (error) {
      if (bare && calls.length === 0) return null;
      return { calls: [...calls, malformed(body.slice(pos).trim(), reasonOf(error))], rest: "" };
    }
    const items = (read.node.t === "list" ? read.node.v : [read.node]).map((node) => ({ node, call: callShape(body, node, bare) }));
    if (bare && items.some((item) => item.call === null)) break;
    calls.push(...items.map(({ node, call }) => call ?? malformed(body.slice(node.start, node.end), "JSON that is not a {name, arguments} call")));
    pos = read.end;
    const gap = /^[\s;,]*/.exec(body.slice(pos))?.[0].length ?? 0;
    if (!CALL_OPENING.test(body.slice(pos + gap))) break;
    pos += gap;
  }
  if (bare && calls.length === 0) return null;
  return { calls, rest: body.slice(pos) };
}

/** Calls as JSON after the first `marker`; the prose is what comes before the marker and after the calls. */
function afterMarker(content: string, marker: RegExp, dialect: Dialect): Found | null {
  const m = marker.exec(content);
  if (!m) return null;
  const run = jsonCalls(content.slice(m.index + m[0].length));
  return { dialect, text: prose(content.slice(0, m.index), run.rest), calls: run.calls };
}

/** Calls as JSON after each `marker` (one call or list per marker); prose may follow each. */
function eachMarker(content: string, marker: string, read: (segment: string) => Run, dialect: Dialect): Found | null {
  const [before = "", ...segments] = content.split(marker);
  if (segments.length === 0) return null;
  const runs = segments.map(read);
  return { dialect, text: prose(before, ...runs.map((r) => r.rest)), calls: runs.flatMap((r) => r.calls) };
}

const MISTRAL_NAME = /^([A-Za-z0-9_.-]+)(?:\[CALL_ID\][A-Za-z0-9]*)?(?:\[ARGS\])?/;

/** One [TOOL_CALLS] segment: a JSON list (v0.3), or name[CALL_ID]id[ARGS]{…}, name[ARGS]{…} or name{…} (tokenizer v11 and later). */
function mistralSegment(segment: string): Run {
  const body = segment.trimStart();
  if (body.startsWith("[") || body.startsWith("{")) return jsonCalls(body);
  const head = MISTRAL_NAME.exec(body);
  if (!head) return { calls: [malformed(body.trim(), "expected a function name after [TOOL_CALLS]")], rest: "" };
  const name = head[1] ?? "";
  try {
    const { node, end } = parseJsonAt(body, head[0].length);
    return { calls: [{ name, arguments: argumentsOf(body, node) }], rest: body.slice(end) };
  } catch (error) {
    return { calls: [{ name, arguments: { ok: false, text: body.slice(head[0].length), reason: reasonOf(error) } }], rest: "" };
  }
}

const mistral = (content: string) => eachMarker(content, "[TOOL_CALLS]", mistralSegment, "mistral");
const granite = (content: string) => afterMarker(content, /<\|tool_call\|>/, "granite");
/** granite-20b-fc: `<function_call> {…}` for each call. */
const granite20b = (content: string) => eachMarker(content, "<function_call>", (segment) => jsonCalls(segment), "granite");
const phi4 = (content: string) => afterMarker(content, /functools(?=\s*\[)/, "phi4");

/** Jamba and Hunyuan-A13B: one JSON list of calls inside <tool_calls>…</tool_calls>. */
function toolCallsList(content: string): Found | null {
  const open = content.indexOf("<tool_calls>");
  if (open < 0) return null;
  const start = open + "<tool_calls>".length;
  const close = content.indexOf("</tool_calls>", start);
  const run = jsonCalls(close < 0 ? content.slice(start) : content.slice(start, close));
  const after = close < 0 ? "" : content.slice(close + "</tool_calls>".length);
  return { dialect: "jamba", text: prose(content.slice(0, open), run.rest, after), calls: run.calls };
}

const GLM_HEAD = /^([^\s<>{}[\]"]+)\s*(?=<arg_key>|$)/;
const GLM_PAIR = /<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)<\/arg_value>\s*/y;

/** GLM-4.5's block: the name, then <arg_key>k</arg_key><arg_value>v</arg_value> pairs; null when the block is not GLM's. */
function glmCall(body: string): Candidate | null {
  const head = GLM_HEAD.exec(body);
  if (!head) return null;
  const name = head[1] ?? "";
  const pairs: [string, string][] = [];
  for (let pos = head[0].length; pos < body.length; pos = GLM_PAIR.lastIndex) {
    GLM_PAIR.lastIndex = pos;
    const m = GLM_PAIR.exec(body);
    if (!m) return { name, arguments: { ok: false, text: body, reason: `GLM arguments that are not <arg_key>/<arg_value> pairs at position ${pos}` } };
    // Values keep their whitespace: only a value that reads as JSON is anything but a string.
    pairs.push([(m[1] ?? "").trim(), elementValue(m[2] ?? "")]);
  }
  return { name, arguments: argumentsFromPairs(pairs) };
}

/** <tool_call> blocks: JSON (Hermes, Qwen; a list of calls for Granite 3.1 and xLAM) or GLM-4.5's elements. */
function toolCallBlocks(content: string): Found | null {
  const [before = "", ...blocks] = content.split("<tool_call>");
  if (blocks.length === 0) return null;
  const pieces = [before];
  const calls: Candidate[] = [];
  let glm = false;
  for (const block of blocks) {
    const close = block.indexOf("</tool_call>");
    const body = (close < 0 ? block : block.slice(0, close)).trim();
    const glmBlock = glmCall(body);
    glm ||= glmBlock !== null;
    const run = glmBlock ? { calls: [glmBlock], rest: "" } : jsonCalls(body);
    calls.push(...run.calls);
    pieces.push(run.rest, close < 0 ? "" : block.slice(close + "</tool_call>".length));
  }
  return { dialect: glm ? "glm" : "hermes", text: prose(...pieces), calls };
}

const KIMI_SECTION_BEGIN = /<\|tool_calls?_section_begin\|>|<\|tool_call_begin\|>/;
const KIMI_SECTION_END = /<\|tool_calls?_section_end\|>/;
const KIMI_CALL = /<\|tool_call_begin\|>([^<]*)<\|tool_call_argument_begin\|>([\s\S]*?)(?:<\|tool_call_end\|>|(?=<\|tool_call_begin\|>)|$)/g;

/** Kimi-K2 names each call by its id, `functions.name:index` (or `name:index`). */
function kimiCall(id: string, args: string): Candidate {
  const name = /^(?:functions\.)?(.+):\d+$/.exec(id.trim())?.[1];
  if (name === undefined) return malformed(args, `a Kimi call id that is not functions.name:index: ${JSON.stringify(id.trim())}`);
  return { name, arguments: argumentsFromString(args.trim()) };
}

function kimi(content: string): Found | null {
  const begin = content.search(KIMI_SECTION_BEGIN);
  if (begin < 0) return null;
  const end = KIMI_SECTION_END.exec(content);
  const section = content.slice(begin, end?.index);
  const calls = [...section.matchAll(KIMI_CALL)].map((m) => kimiCall(m[1] ?? "", m[2] ?? ""));
  return { dialect: "kimi", text: prose(content.slice(0, begin), end ? content.slice(end.index + end[0].length) : ""), calls };
}

const DS_CALLS_BEGIN = /<｜tool▁calls?▁begin｜>/;
const DS_CALLS_END = "<｜tool▁calls▁end｜>";
const DS_BEGIN = "<｜tool▁call▁begin｜>";
const DS_SEP = "<｜tool▁sep｜>";
const DS_END = "<｜tool▁call▁end｜>";

/** The JSON of a ```json fence, or the text itself when it is not fenced. */
function unfence(text: string): string {
  const fenced = /^```[A-Za-z]*\s*\n?([\s\S]*?)\n?```\s*$/.exec(text.trim());
  return (fenced?.[1] ?? text).trim();
}

function deepseekCall(part: string): Candidate {
  const close = part.indexOf(DS_END);
  const block = close < 0 ? part : part.slice(0, close);
  const sep = block.indexOf(DS_SEP);
  if (sep < 0) return malformed(block, "a DeepSeek tool call without <｜tool▁sep｜>");
  let head = block.slice(0, sep).trim();
  let rest = block.slice(sep + DS_SEP.length);
  // V3: `function<｜tool▁sep｜>name\n```json …````; later: `name<｜tool▁sep｜>{…}`.
  if (head === "function") {
    const newline = rest.indexOf("\n");
    head = (newline < 0 ? rest : rest.slice(0, newline)).trim();
    rest = newline < 0 ? "" : rest.slice(newline + 1);
  }
  return { name: head, arguments: argumentsFromString(unfence(rest)) };
}

function deepseek(content: string): Found | null {
  const first = content.search(DS_CALLS_BEGIN);
  if (first < 0) return null;
  const end = content.indexOf(DS_CALLS_END, first);
  const section = end < 0 ? content.slice(first) : content.slice(first, end);
  const after = end < 0 ? "" : content.slice(end + DS_CALLS_END.length);
  return { dialect: "deepseek", text: prose(content.slice(0, first), after), calls: section.split(DS_BEGIN).slice(1).map(deepseekCall) };
}

const FUNCTION_TAG = /<function=([^>\s]+)>([\s\S]*?)(?:<\/function>|(?=<\/tool_call>|<function=)|$)/g;
// A value whose </parameter> is missing ends where the next parameter begins, not inside it.
const PARAMETER = /<parameter=([^>\s]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|$)/g;

function functionTagCall(name: string, body: string): Candidate {
  if (body === "" || body.startsWith("{")) return { name, arguments: argumentsFromString(body) };
  // The template writes each value on lines of its own: one newline either side is markup.
  const pairs = [...body.matchAll(PARAMETER)].map((p): [string, string] => [p[1] ?? "", elementValue((p[2] ?? "").replace(/^\n|\n$/g, ""))]);
  if (pairs.length === 0) return malformed(body, "a <function=…> block with neither JSON nor <parameter=…> elements");
  return { name, arguments: argumentsFromPairs(pairs) };
}

function functionTag(content: string): Found | null {
  if (!content.includes("<function=")) return null;
  const calls: Candidate[] = [];
  const pieces: string[] = [];
  let last = 0;
  for (const m of content.matchAll(FUNCTION_TAG)) {
    pieces.push(content.slice(last, m.index));
    last = m.index + m[0].length;
    calls.push(functionTagCall(m[1] ?? "", (m[2] ?? "").trim()));
  }
  pieces.push(content.slice(last));
  return { dialect: "function_tag", text: prose(...pieces.map((p) => p.replace(/<\/?tool_call>/g, ""))), calls };
}

/** Where JSON standing apart from the prose may begin: the message's start, a line's, or after a colon of the prose (not a JSON member's). */
const STANDING_APART = /(?:^|\n|(?<!"\s*):)[ \t]*/g;
/** What follows JSON that does not stand apart: a sentence running on (it quotes the call), or a bracket closing (it sits inside larger JSON). */
const NOT_APART_AFTER = /^[ \t]*,?[ \t]*[a-z]|^\s*[\]}]/;

/** JSON calls without markup (Llama 3 without <|python_tag|>, xLAM's bare list), where they stand apart from the prose. */
function bareJson(content: string): Found | null {
  for (const m of content.matchAll(STANDING_APART)) {
    const start = m.index + m[0].length;
    if (!CALL_OPENING.test(content.slice(start))) continue;
    const run = jsonCalls(content.slice(start), true);
    if (run === null || NOT_APART_AFTER.test(run.rest)) continue;
    return { dialect: "llama", text: prose(content.slice(0, start), run.rest), calls: run.calls };
  }
  return null;
}

function llama(content: string): Found | null {
  return afterMarker(content.replace(/<\|eom_id\|>|<\|eot_id\|>/g, ""), /<\|python_tag\|>/, "llama") ?? bareJson(content);
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
function pythonic(content: string): Found | null {
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
    return { dialect: "pythonic", text: "", calls };
  } catch (error) {
    return { dialect: "pythonic", text: "", calls: [...calls, malformed(body, reasonOf(error))] };
  }
}

/** A ```json fence holding a call object or a list of them (and nothing else). */
function fenced(content: string): Found | null {
  const match = /```(?:json|tool_call|tool_code)?\s*\n([\s\S]*?)\n?```/.exec(content);
  if (!match) return null;
  const run = jsonCalls((match[1] ?? "").trim(), true);
  if (run === null || run.rest.trim() !== "") return null;
  return { dialect: "fenced", text: prose(content.slice(0, match.index), content.slice(match.index + match[0].length)), calls: run.calls };
}

/** The dialects by their markup, the most specific first; fences before the JSON they hold, which would stand apart on its own line. */
const READERS: readonly ((content: string) => Found | null)[] = [mistral, deepseek, kimi, granite, granite20b, toolCallsList, functionTag, toolCallBlocks, phi4, fenced, llama, pythonic];

/** Tokens that end a turn, left at the end by servers that keep special tokens: no part of any call or prose. */
const END_OF_TURN = /(?:<\/s>|<\|(?:eot_id|eom_id|eot|eom|end_of_text|endoftext|im_end)\|>|<｜end▁of▁sentence｜>|\s)+$/;

function textCalls(content: string): Found | null {
  const body = content.replace(END_OF_TURN, "");
  for (const read of READERS) {
    const found = read(body);
    if (found) return found;
  }
  return null;
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
  const found = textCalls(content);
  if (!found || found.calls.length === 0) return { dialect: null, text: content.trim(), entries: [] };
  return { dialect: found.dialect, text: found.text, entries: found.calls.map((c, i) => toEntry(c, `${idPrefix}_${i}`, resolve)) };
}
