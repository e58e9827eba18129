/**
 * Controls of the dependence test: a random value of the same type as a carried value (valid for
 * the parameter, different from the value), and the comparison of two answers on the fields that
 * matter (not those that only echo the request, not distances from the query point). Pure code.
 */
import type { Item } from "../upstream/result";
import type { ParamInfo } from "./io";

type Random = () => number;

const HANGUL_FIRST = 0xac00;
const HANGUL_COUNT = 11_172;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const between = (random: Random, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

/** Every character replaced by a random one of its class: digits, letters of the same case, Hangul syllables. */
function scramble(text: string, random: Random): string {
  return [...text]
    .map((ch, i) => {
      if (/\d/.test(ch)) return String(i === 0 && ch !== "0" ? between(random, 1, 9) : between(random, 0, 9));
      if (/[a-z]/.test(ch)) return LETTERS[between(random, 0, 25)];
      if (/[A-Z]/.test(ch)) return LETTERS[between(random, 0, 25)]?.toUpperCase();
      const code = ch.charCodeAt(0);
      if (code >= HANGUL_FIRST && code < HANGUL_FIRST + HANGUL_COUNT) return String.fromCharCode(HANGUL_FIRST + between(random, 0, HANGUL_COUNT - 1));
      return ch;
    })
    .join("");
}

function randomDate(random: Random): string {
  const year = between(random, 2000, 2030);
  const month = between(random, 1, 12);
  const day = between(random, 1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${year}${pad(month, 2)}${pad(day, 2)}`;
}

function randomScalar(param: ParamInfo, value: unknown, random: Random, items: Record<string, unknown> = param.schema): unknown {
  const options = items["enum"];
  if (Array.isArray(options) && options.length > 1) return options[between(random, 0, options.length - 1)];
  const type = items["type"];
  if (type === "integer" || type === "number") {
    const magnitude = Math.abs(typeof value === "number" ? value : 0);
    const lo = typeof items["minimum"] === "number" ? items["minimum"] : typeof items["exclusiveMinimum"] === "number" ? items["exclusiveMinimum"] : 0;
    const hi = typeof items["maximum"] === "number" ? items["maximum"] : typeof items["exclusiveMaximum"] === "number" ? items["exclusiveMaximum"] : Math.max(20, 2 * magnitude + 10);
    const x = lo + random() * (hi - lo);
    return type === "integer" ? Math.min(hi, Math.round(x)) : Number(x.toFixed(6));
  }
  const text = typeof value === "string" ? value : String(value ?? "");
  if (param.tags.includes("date.yyyymmdd")) return randomDate(random);
  if (param.tags.includes("date.yyyymm")) return `${between(random, 2000, 2030)}${pad(between(random, 1, 12), 2)}`;
  if (param.tags.includes("date.yyyy")) return String(between(random, 2000, 2030));
  if (param.tags.includes("time.hhmm")) return `${pad(between(random, 0, 23), 2)}${pad(between(random, 0, 59), 2)}`;
  return scramble(text, random);
}

/** The value with one character replaced by a random one of its class (a code with a strict pattern: 11B00000 → 11F00000). */
function mutateOne(value: unknown, random: Random): unknown {
  if (typeof value !== "string" || value.length === 0) return value;
  const at = between(random, 0, value.length - 1);
  return `${value.slice(0, at)}${scramble(value.charAt(at), random)}${value.slice(at + 1)}`;
}

/**
 * A random value of the same type as `value` that the parameter accepts (`valid`) and that differs
 * from it: drawn from the parameter's range or enumeration, or the value's characters scrambled
 * (one at a time when the pattern is strict); failing those, one of `others`, real values of the
 * same field. Undefined when there is none (a parameter with a single allowed value).
 */
export function randomValueLike(param: ParamInfo, value: unknown, random: Random, valid: (v: unknown) => boolean, others: readonly unknown[] = []): unknown {
  const same = JSON.stringify(value);
  const items = param.schema["items"];
  const draws: (() => unknown)[] = [
    () => (Array.isArray(value) && typeof items === "object" && items !== null ? value.map((v) => randomScalar(param, v, random, items as Record<string, unknown>)) : randomScalar(param, value, random)),
    () => (Array.isArray(value) ? value.map((v) => mutateOne(v, random)) : mutateOne(value, random)),
  ];
  for (const draw of draws) {
    for (let attempt = 0; attempt < 30; attempt++) {
      const candidate = draw();
      if (JSON.stringify(candidate) !== same && valid(candidate)) return candidate;
    }
  }
  const real = others.filter((v) => JSON.stringify(v) !== same && valid(v));
  return real.length > 0 ? real[between(random, 0, real.length - 1)] : undefined;
}

const scalars = (value: unknown): string[] => (Array.isArray(value) ? value.map((v) => String(v)) : [String(value)]);

/**
 * What an answer says, for comparing two answers: its items as a set, without fields that echo a
 * value of the request (`sent`) and without fields read relative to the query (`ignored`, a distance).
 */
export function answerSignature(items: readonly Item[], sent: readonly unknown[], ignored: ReadonlySet<string>): string {
  const echoes = new Set(sent.flatMap(scalars));
  return items
    .map((item) =>
      JSON.stringify(
        Object.entries(item)
          .filter(([key, v]) => !ignored.has(key) && !(v !== null && v !== undefined && echoes.has(String(v))))
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    )
    .sort()
    .join("\n");
}
