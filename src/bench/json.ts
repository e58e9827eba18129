/**
 * A JSON parser that keeps what `JSON.parse` throws away and the benchmark needs: whether a number
 * was written as an integer or a float (BFCL's checker is Python's: `5` is an int, `5.0` a float)
 * and where each value sits in the source (to cut a call's arguments out of a model's text
 * verbatim). It reads what Python's `json.loads` reads, as BFCL does: `NaN`, `Infinity` and
 * `-Infinity` are floats, and a repeated member name keeps its first place with the last value.
 * Objects keep their members in source order.
 */

export type JsonNode =
  | { t: "null"; start: number; end: number }
  | { t: "bool"; v: boolean; start: number; end: number }
  | { t: "int"; v: number; start: number; end: number }
  | { t: "float"; v: number; start: number; end: number }
  | { t: "str"; v: string; start: number; end: number }
  | { t: "list"; v: JsonNode[]; start: number; end: number }
  | { t: "dict"; v: [string, JsonNode][]; start: number; end: number };

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = "JsonSyntaxError";
  }
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

class Parser {
  pos: number;

  constructor(
    readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  skip(): void {
    while (this.pos < this.text.length && WHITESPACE.has(this.text[this.pos] ?? "")) this.pos++;
  }

  fail(message: string): never {
    throw new JsonSyntaxError(message, this.pos);
  }

  value(): JsonNode {
    this.skip();
    const start = this.pos;
    const c = this.text[this.pos];
    if (c === undefined) this.fail("unexpected end of input");
    if (c === "{") return this.object(start);
    if (c === "[") return this.array(start);
    if (c === '"') return { t: "str", v: this.string(), start, end: this.pos };
    for (const [word, node] of [
      ["true", { t: "bool", v: true }],
      ["false", { t: "bool", v: false }],
      ["null", { t: "null" }],
      ["NaN", { t: "float", v: Number.NaN }],
      ["Infinity", { t: "float", v: Number.POSITIVE_INFINITY }],
      ["-Infinity", { t: "float", v: Number.NEGATIVE_INFINITY }],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return { ...node, start, end: this.pos };
      }
    }
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail(`unexpected character ${JSON.stringify(c)}`);
    this.pos += m[0].length;
    const float = m[1] !== undefined || m[2] !== undefined;
    return { t: float ? "float" : "int", v: Number(m[0]), start, end: this.pos };
  }

  string(): string {
    this.pos++;
    let out = "";
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) this.fail("unterminated string");
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c === "\\") {
        const e = this.text[this.pos + 1] ?? "";
        if (e === "u") {
          const hex = this.text.slice(this.pos + 2, this.pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("bad \\u escape");
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 6;
          continue;
        }
        const mapped = ESCAPES[e];
        if (mapped === undefined) this.fail(`bad escape \\${e}`);
        out += mapped;
        this.pos += 2;
        continue;
      }
      if (c < " ") this.fail("control character in string");
      out += c;
      this.pos++;
    }
  }

  array(start: number): JsonNode {
    this.pos++;
    const items: JsonNode[] = [];
    this.skip();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return { t: "list", v: items, start, end: this.pos };
    }
    for (;;) {
      items.push(this.value());
      this.skip();
      const c = this.text[this.pos];
      this.pos++;
      if (c === "]") return { t: "list", v: items, start, end: this.pos };
      if (c !== ",") {
        this.pos--;
        this.fail("expected , or ]");
      }
    }
  }

  object(start: number): JsonNode {
    this.pos++;
    const members: [string, JsonNode][] = [];
    this.skip();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return { t: "dict", v: members, start, end: this.pos };
    }
    for (;;) {
      this.skip();
      if (this.text[this.pos] !== '"') this.fail("expected a member name");
      const key = this.string();
      this.skip();
      if (this.text[this.pos] !== ":") this.fail("expected :");
      this.pos++;
      const value = this.value();
      const earlier = members.findIndex(([name]) => name === key);
      if (earlier >= 0) members[earlier] = [key, value];
      else members.push([key, value]);
      this.skip();
      const c = this.text[this.pos];
      this.pos++;
      if (c === "}") return { t: "dict", v: members, start, end: this.pos };
      if (c !== ",") {
        this.pos--;
        this.fail("expected , or }");
      }
    }
  }
}

/** Parses one JSON value starting at `start`; returns it and where it ends (trailing text allowed). */
export function parseJsonAt(text: string, start = 0): { node: JsonNode; end: number } {
  const parser = new Parser(text, start);
  const node = parser.value();
  return { node, end: parser.pos };
}

/** Parses a whole JSON text (only whitespace may follow the value). */
export function parseJson(text: string): JsonNode {
  const parser = new Parser(text, 0);
  const node = parser.value();
  parser.skip();
  if (parser.pos < text.length) parser.fail("unexpected text after the value");
  return node;
}

/** The member of an object node (the last one when a name repeats, as JSON.parse does). */
export function member(node: JsonNode, name: string): JsonNode | undefined {
  if (node.t !== "dict") return undefined;
  let found: JsonNode | undefined;
  for (const [key, value] of node.v) if (key === name) found = value;
  return found;
}

/** The plain JavaScript value of a node (what JSON.parse would give). */
export function toPlain(node: JsonNode): unknown {
  switch (node.t) {
    case "null":
      return null;
    case "list":
      return node.v.map(toPlain);
    case "dict": {
      const out: Record<string, unknown> = {};
      for (const [key, value] of node.v) out[key] = toPlain(value);
      return out;
    }
    default:
      return node.v;
  }
}

/** JSON text of a node; a float stays a float (`5.0`, not `5`). */
export function toJsonText(node: JsonNode): string {
  switch (node.t) {
    case "null":
      return "null";
    case "float":
      return Number.isInteger(node.v) && Math.abs(node.v) < 1e21 ? `${node.v}.0` : JSON.stringify(node.v);
    case "list":
      return `[${node.v.map(toJsonText).join(", ")}]`;
    case "dict":
      return `{${node.v.map(([k, v]) => `${JSON.stringify(k)}: ${toJsonText(v)}`).join(", ")}}`;
    default:
      return JSON.stringify(node.v);
  }
}
