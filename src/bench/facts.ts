/**
 * Is an expected answer fact present in a model's Korean final answer? Pure functions.
 *
 * Numbers: every quantity written in the answer is read with its unit — comma grouping, decimals,
 * signs (`-`, `−`, 영하, 마이너스), Korean magnitudes (`42억 2,000만 원`, `2천`, `42.2억`) and
 * durations (`5분 16초`). A quantity counts when its unit is the fact's (or a synonym: 도/°C for ℃,
 * μg/m³ for ㎍/㎥, 퍼센트 for %, `11개 정류장` for 정류장 …) or when it has no unit; a quantity in
 * another unit never does. Amounts in 만원 are compared in 만원 whatever the notation (`4,220,000,000원`,
 * `42억 2천만 원`, `422,000만원`, a bare `422,000`). Counts (명, 건, 곳, 개, 대, 세대, 동, 층, 일, 정류장)
 * must be exact; other values may differ by 0.1 %, and a computed value with two or more decimals
 * may be rounded (31.08 → 31.1 or 31).
 *
 * Text: compared without spaces, punctuation and case, with the long 시도 names shortened (서울특별시 →
 * 서울); alternatives drop a parenthesised part, a company marker ((주), 주식회사), a leading number
 * (`2301. 경복궁 입구`) and a trailing suffix (역, 번, 구, 동, 정류장 …). A digit run must not continue
 * into other digits (`60` is not found in `160번`). A time written HHmm (`1230`) is also found as
 * 12:30, 12시 30분, 오후 12시 반, 정오. A long text (20+ characters) is present when 60 % of its
 * character bigrams are. A list is present when each element is.
 *
 * Dates (YYYYMMDD): 2026년 9월 24일, 2026-09-24, 2026.9.24, 20260924, 26년 9월 24일, or 9월 24일 without
 * a year.
 */
import type { FactValue } from "./plan";
import type { Fact } from "./task";

export interface FactCheck {
  name: string;
  kind: Fact["kind"];
  unit: string | null;
  expected: FactValue;
  found: boolean;
  /** The text of the answer that matched. */
  evidence?: string;
  /** List elements not found. */
  missing?: string[];
}

const COUNT_UNITS = new Set(["명", "건", "곳", "개", "대", "세대", "동", "층", "일", "정류장"]);
/** `N개` also counts things that have their own counter. */
const GENERIC_COUNTER_OK = new Set(["곳", "동", "층", "세대", "정류장", "건", "대"]);

/** Unit words as written after NFKC and lower-casing, longest first, with the unit they mean. */
const UNIT_WORDS: [string, string][] = (
  [
    ["°c", "℃"],
    ["°", "℃"],
    ["도", "℃"],
    ["μg/m3", "㎍/㎥"],
    ["ug/m3", "㎍/㎥"],
    ["μg", "㎍/㎥"],
    ["마이크로그램", "㎍/㎥"],
    ["%", "%"],
    ["퍼센트", "%"],
    ["프로", "%"],
    ["m/s", "m/s"],
    ["m∕s", "m/s"],
    ["미터/초", "m/s"],
    ["mm", "mm"],
    ["밀리미터", "mm"],
    ["km", "km"],
    ["킬로미터", "km"],
    ["m2", "㎡"],
    ["제곱미터", "㎡"],
    ["평방미터", "㎡"],
    ["m", "m"],
    ["미터", "m"],
    ["ppm", "ppm"],
    ["시간", "시간"],
    ["분", "분"],
    ["초", "초"],
    ["세대", "세대"],
    ["정류장", "정류장"],
    ["정거장", "정류장"],
    ["정류소", "정류장"],
    ["개월", "개월"],
    ["개", "개"],
    ["명", "명"],
    ["건", "건"],
    ["곳", "곳"],
    ["대", "대"],
    ["동", "동"],
    ["층", "층"],
    ["일", "일"],
    ["번", "번"],
    ["원", "원"],
    ["년", "년"],
    ["월", "월"],
    ["시", "시"],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);

/** NFKC (㎍/㎥ → μg/m3, ℃ → °C, full-width digits), the minus sign and tildes made plain. */
export function prepare(text: string): string {
  return text.normalize("NFKC").replace(/[\u2212\u2012\u2013]/g, "-").replace(/\u301c/g, "~");
}

// ---------------------------------------------------------------------------------------------
// Numbers

interface Quantity {
  value: number;
  /** Digits after the decimal point as written. */
  decimals: number;
  unit: string | null;
  /** Written with a Korean magnitude (만, 억 …) or in 원: the value is in won. */
  won: boolean;
  text: string;
}

const SMALL: Record<string, number> = { 십: 10, 백: 100, 천: 1000 };
const BIG: Record<string, number> = { 만: 1e4, 억: 1e8, 조: 1e12 };
const NUMBER_AT = /(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/y;
const MAGNITUDE_AT = /[ ]?([십백천])?([만억조])?/y;

function numberAt(text: string, pos: number): { value: number; decimals: number; end: number } | null {
  NUMBER_AT.lastIndex = pos;
  const m = NUMBER_AT.exec(text);
  if (!m) return null;
  return { value: Number(`${(m[1] ?? "").replace(/,/g, "")}${m[2] ?? ""}`), decimals: m[2] ? m[2].length - 1 : 0, end: pos + m[0].length };
}

function magnitudeAt(text: string, pos: number): { factor: number; end: number } | null {
  MAGNITUDE_AT.lastIndex = pos;
  const m = MAGNITUDE_AT.exec(text);
  if (!m || (!m[1] && !m[2])) return null;
  return { factor: (m[1] ? (SMALL[m[1]] ?? 1) : 1) * (m[2] ? (BIG[m[2]] ?? 1) : 1), end: pos + m[0].length };
}

function unitAt(text: string, pos: number): { unit: string; end: number } | null {
  let p = pos;
  while (text[p] === " ") p++;
  const rest = text.slice(p, p + 12).toLowerCase();
  for (const [word, unit] of UNIT_WORDS) {
    if (!rest.startsWith(word)) continue;
    // `N개 동`, `11개 정류장`: the counter after 개 is the unit.
    if (unit === "개") {
      const next = unitAt(text, p + word.length);
      if (next && COUNT_UNITS.has(next.unit)) return next;
    }
    return { unit, end: p + word.length };
  }
  return null;
}

/** Every quantity written in the text, in order. */
export function quantities(raw: string): Quantity[] {
  const text = prepare(raw);
  const out: Quantity[] = [];
  const start = /\d/g;
  let m: RegExpExecArray | null;
  while ((m = start.exec(text)) !== null) {
    const at = m.index;
    // A digit right after `1,` or `1.` is the tail of a number already read (or of a malformed one).
    if (/[.,]/.test(text[at - 1] ?? "") && /\d/.test(text[at - 2] ?? "")) continue;
    const first = numberAt(text, at);
    if (!first) continue;
    const before = text.slice(Math.max(0, at - 6), at);
    const minus = /(^|[^\p{L}\p{N}])-\s?$/u.test(before) || /(영하|마이너스)\s?$/.test(before);
    let total = first.value;
    let pos = first.end;
    let won = false;
    let lastFactor = Infinity;
    let decimals = first.decimals;
    let current = first;
    for (;;) {
      const mag = magnitudeAt(text, pos);
      if (!mag || mag.factor >= lastFactor) break;
      if (!won) total = 0;
      won = true;
      total += current.value * mag.factor;
      lastFactor = mag.factor;
      decimals = 0;
      pos = mag.end;
      let p = pos;
      while (text[p] === " ") p++;
      const next = numberAt(text, p);
      if (!next) break;
      const nextMag = magnitudeAt(text, next.end);
      if (nextMag && nextMag.factor < lastFactor) {
        current = next;
        pos = next.end;
        continue;
      }
      // `3억 500원`: a plain tail only when won follows.
      const unit = unitAt(text, next.end);
      if (unit?.unit === "원" && lastFactor >= 1e4) {
        total += next.value;
        pos = next.end;
      }
      break;
    }
    const unit = unitAt(text, pos);
    if (unit?.unit === "원") won = true;
    out.push({ value: minus ? -total : total, decimals, unit: unit?.unit ?? null, won, text: text.slice(at, unit?.end ?? pos) });
    start.lastIndex = Math.max(start.lastIndex, pos);
  }
  return out;
}

/** Durations (`1시간 5분`, `5분 16초`, `90초`) in seconds. */
function durations(raw: string): { seconds: number; text: string }[] {
  const text = prepare(raw);
  const out: { seconds: number; text: string }[] = [];
  const pattern = /(?:(\d+)\s*시간)?\s*(?:(\d+)\s*분)?\s*(?:(\d+)\s*초)?/g;
  let m: RegExpExecArray | null;
  while ((m = pattern.exec(text)) !== null) {
    if (m[0].length === 0) pattern.lastIndex++;
    if (m[0].trim() === "") continue;
    const [h, mi, s] = [m[1], m[2], m[3]].map((v) => (v === undefined ? 0 : Number(v)));
    out.push({ seconds: (h ?? 0) * 3600 + (mi ?? 0) * 60 + (s ?? 0), text: m[0].trim() });
  }
  return out;
}

function decimalsOf(n: number): number {
  const text = String(n);
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Whether a written value stands for the expected one (see the module comment for the rules). */
export function closeEnough(written: number, writtenDecimals: number, expected: number, unit: string | null): boolean {
  if (unit !== null && COUNT_UNITS.has(unit)) return written === expected;
  if (Math.abs(written - expected) <= 0.001 * Math.abs(expected) + 1e-9) return true;
  if (decimalsOf(expected) < 2 || writtenDecimals >= decimalsOf(expected)) return false;
  const scale = 10 ** writtenDecimals;
  return Math.round(expected * scale) / scale === written;
}

function unitFits(factUnit: string | null, written: string | null): boolean {
  if (factUnit === null || written === null || written === factUnit) return true;
  if (factUnit === "만원") return written === "원";
  return written === "개" && GENERIC_COUNTER_OK.has(factUnit);
}

function findNumber(expected: number, unit: string | null, answer: string): string | undefined {
  for (const q of quantities(answer)) {
    if (!unitFits(unit, q.unit)) continue;
    const value = unit === "만원" && q.won ? q.value / 1e4 : q.value;
    if (closeEnough(value, q.won ? decimalsOf(value) : q.decimals, expected, unit)) return q.text;
  }
  if (unit === "초" || unit === "분") {
    for (const d of durations(answer)) {
      const value = unit === "초" ? d.seconds : d.seconds / 60;
      if (closeEnough(value, 0, expected, unit)) return d.text;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Text

const SIDO_LONG: [RegExp, string][] = [
  [/서울특별시/g, "서울"],
  [/부산광역시/g, "부산"],
  [/대구광역시/g, "대구"],
  [/인천광역시/g, "인천"],
  [/광주광역시/g, "광주"],
  [/대전광역시/g, "대전"],
  [/울산광역시/g, "울산"],
  [/세종특별자치시/g, "세종"],
  [/경기도/g, "경기"],
  [/강원특별자치도|강원도/g, "강원"],
  [/충청북도/g, "충북"],
  [/충청남도/g, "충남"],
  [/전북특별자치도|전라북도/g, "전북"],
  [/전라남도/g, "전남"],
  [/경상북도/g, "경북"],
  [/경상남도/g, "경남"],
  [/제주특별자치도/g, "제주"],
];

/** Text as compared: NFKC, lower case, long 시도 names shortened, only letters and digits. */
export function normaliseText(text: string): string {
  let out = prepare(text).toLowerCase();
  for (const [pattern, short] of SIDO_LONG) out = out.replace(pattern, short);
  return out.replace(/[^\p{L}\p{N}]/gu, "");
}

const SUFFIXES = ["정류장", "정류소", "역", "번", "구", "동", "시", "군", "점"];
const TIE_WORDS = new Set(["같음", "동일", "같다", "같습니다"]);

/** The forms of an expected text that count as it (normalised, distinct, non-empty). */
export function textAlternatives(expected: string): string[] {
  const plain = prepare(expected);
  const forms = [plain];
  const noParens = plain.replace(/\([^)]*\)|\[[^\]]*\]/g, " ");
  forms.push(noParens);
  const noCompany = noParens.replace(/주식회사|\(주\)|\(유\)|\(재\)|\(사\)/g, " ");
  forms.push(noCompany);
  const noNumber = noCompany.replace(/^\s*\d+\s*[.)]\s*/, "");
  forms.push(noNumber);
  const base = normaliseText(noNumber);
  for (const suffix of SUFFIXES) {
    if (base.endsWith(suffix) && base.length - suffix.length >= 2) forms.push(base.slice(0, -suffix.length));
  }
  if (TIE_WORDS.has(base)) forms.push("같", "동일");
  return [...new Set(forms.map(normaliseText).filter((f) => f !== ""))];
}

/** `needle` in `haystack` without a digit run continuing on either side. */
function containsBounded(haystack: string, needle: string): boolean {
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    const before = haystack[at - 1] ?? "";
    const after = haystack[at + needle.length] ?? "";
    const digitStart = /\d/.test(needle[0] ?? "");
    const digitEnd = /\d/.test(needle[needle.length - 1] ?? "");
    if (!(digitStart && /\d/.test(before)) && !(digitEnd && /\d/.test(after))) return true;
    from = at + 1;
  }
}

function bigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < text.length; i++) out.add(text.slice(i, i + 2));
  return out;
}

/** Share of the expected text's distinct character bigrams found in the answer. */
export function bigramRecall(expected: string, answer: string): number {
  const want = bigrams(normaliseText(expected));
  if (want.size === 0) return 0;
  const have = bigrams(normaliseText(answer));
  let hit = 0;
  for (const b of want) if (have.has(b)) hit++;
  return hit / want.size;
}

/** Minutes after midnight of every clock time written in the text. */
export function clockTimes(raw: string): number[] {
  const text = prepare(raw);
  const out: number[] = [];
  for (const m of text.matchAll(/(\d{1,2}):(\d{2})/g)) out.push(Number(m[1]) * 60 + Number(m[2]));
  for (const m of text.matchAll(/(오전|오후|낮|밤|저녁|새벽|아침)?\s*(\d{1,2})\s*시(?:\s*(\d{1,2})\s*분|\s*(반))?/g)) {
    let hour = Number(m[2]);
    const period = m[1];
    if ((period === "오후" || period === "저녁" || period === "밤") && hour < 12) hour += 12;
    else if ((period === "오전" || period === "새벽" || period === "아침" || period === "밤") && hour === 12) hour = 0;
    out.push(hour * 60 + (m[4] ? 30 : m[3] ? Number(m[3]) : 0));
  }
  if (text.includes("정오")) out.push(720);
  if (text.includes("자정")) out.push(0);
  return out.map((t) => t % 1440);
}

function findText(expected: string, answer: string): string | undefined {
  const haystack = normaliseText(answer);
  for (const alt of textAlternatives(expected)) if (containsBounded(haystack, alt)) return alt;
  const hhmm = /^([01]\d|2[0-4])([0-5]\d)$/.exec(expected.trim());
  if (hhmm) {
    const minutes = (Number(hhmm[1]) * 60 + Number(hhmm[2])) % 1440;
    if (clockTimes(answer).includes(minutes)) return expected;
  }
  if (normaliseText(expected).length >= 20 && bigramRecall(expected, answer) >= 0.6) return `${Math.round(bigramRecall(expected, answer) * 100)}% of the text`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Dates

interface WrittenDate {
  year: number | null;
  month: number;
  day: number | null;
}

export function writtenDates(raw: string): WrittenDate[] {
  const text = prepare(raw);
  const out: WrittenDate[] = [];
  for (const m of text.matchAll(/(\d{4})\s*(?:년|[.\-/])\s*(\d{1,2})\s*(?:월|[.\-/])\s*(\d{1,2})/g)) out.push({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) });
  for (const m of text.matchAll(/(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/g)) out.push({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) });
  for (const m of text.matchAll(/(?<!\d)(\d{2})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일/g)) out.push({ year: 2000 + Number(m[1]), month: Number(m[2]), day: Number(m[3]) });
  for (const m of text.matchAll(/(?<!(?:[\d.\-/]|년)\s*)(\d{1,2})\s*월\s*(\d{1,2})\s*일/g)) out.push({ year: null, month: Number(m[1]), day: Number(m[2]) });
  for (const m of text.matchAll(/(\d{4})\s*(?:년|[.\-/])\s*(\d{1,2})\s*월?/g)) out.push({ year: Number(m[1]), month: Number(m[2]), day: null });
  return out;
}

function findDate(expected: string, answer: string): string | undefined {
  const digits = expected.replace(/\D/g, "");
  if (digits.length !== 8 && digits.length !== 6) return findText(expected, answer);
  const year = Number(digits.slice(0, 4));
  const month = Number(digits.slice(4, 6));
  const day = digits.length === 8 ? Number(digits.slice(6, 8)) : null;
  const hit = writtenDates(answer).find((d) => (day === null ? d.year === year : (d.year === null || d.year === year) && d.day === day) && d.month === month);
  return hit ? `${hit.year ?? ""}-${hit.month}-${hit.day ?? ""}` : undefined;
}

// ---------------------------------------------------------------------------------------------

/** Checks one expected fact against the final answer. */
export function checkFact(fact: Pick<Fact, "name" | "kind" | "unit">, expected: FactValue, answer: string): FactCheck {
  const unit = fact.unit ?? null;
  const base = { name: fact.name, kind: fact.kind, unit, expected };
  if (Array.isArray(expected)) {
    const missing = expected.filter((e) => findText(e, answer) === undefined);
    return missing.length === 0 ? { ...base, found: true } : { ...base, found: false, missing };
  }
  let evidence: string | undefined;
  if (fact.kind === "number") evidence = typeof expected === "number" ? findNumber(expected, unit, answer) : findText(String(expected), answer);
  else if (fact.kind === "date") evidence = findDate(String(expected), answer);
  else evidence = findText(String(expected), answer);
  return evidence === undefined ? { ...base, found: false } : { ...base, found: true, evidence };
}
