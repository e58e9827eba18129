/**
 * Does a model's Korean final answer state the expected facts? Pure functions, shared by the
 * KOPA-Bench scorer, the GRPO reward and the synthesis writer.
 *
 * An answer states a fact when it says the value FOR that fact, once:
 *   - the answer is not a dump of tool output (JSON, or the tools' field values strung together);
 *   - the value is there (read as below) and not attributed to a sibling fact — facts of the same
 *     kind and unit (은마 최고가 / 헬리오시티 최고가) each own the values written after their subject
 *     in a sentence, so swapping them fails;
 *   - no other value is offered for it: another value joined to it by 또는/혹은/아니면/~/수도 …, or
 *     a value of the same field of another item of the result it is read from (a hedge "27억 또는
 *     25억", a list of every bus when the first was asked), or a second item where any one would do;
 *   - for a comparison, the winner is named as the winner ("더 비싼 곳은 은마", "헬리오시티보다 은마가
 *     …"); naming both without saying which wins, or the loser as the winner, fails.
 *
 * Numbers: every quantity is read with its unit — comma grouping, decimals, signs (`-`, `−`, 영하,
 * 마이너스), Korean magnitudes (`42억 2,000만 원`, `2천`, `42.2억`), durations (`5분 16초`), native
 * numerals before a counter (`한 곳`, `두 대`, `열두 개`; `한 명도 없다` is 0), `초속 4.6미터`. A
 * count that names the things compared or gathered (`두 곳이 같습니다`, `두 곳 모두`) is no value.
 * Unit symbols are read before NFKC so that `40㎍/㎥` is 40 in ㎍/㎥, not 40 and a phantom 3. A quantity counts when its unit is
 * the fact's (or a synonym) or when it has none. Amounts in 만원 are compared in 만원 whatever the
 * notation. Counts must be exact (0 may be told as 없습니다); other values must be exact too (a sum,
 * maximum or mean one digit off is wrong), but may be rounded when computed with two or more decimals
 * (31.08 → 31.1), and may be rounded to any precision within the fact's tolerance (10.6 ℃ → "약 11도"
 * with the ℃ default 0.5).
 *
 * Text: compared without spaces, punctuation and case, with the long 시도 names shortened;
 * alternatives drop a parenthesised part, a company marker, a leading number and a trailing suffix
 * (역, 번, 구 …), plus the fact's synonyms (data in the task: 성탄절 for 기독탄신일). A digit run must not
 * continue into other digits. A clock time (`1230`, `09:00~18:00`) is found when every time in it
 * is written in any form (12시 30분, 오후 6시, 정오). A long text (20+ characters) is present when
 * 60 % of its bigrams are, and offered with another when the sentences that say it hold a 또는 the
 * text does not have there, or one joins them to another value. A list is present when each element is.
 *
 * Dates (YYYYMMDD): 2026년 9월 24일, 2026-09-24, 2026.9.24, 20260924, 26년 9월 24일, or 9월 24일.
 */
import type { FactValue } from "./plan";
import type { Fact } from "./task";

/** Why a fact is not stated. */
export type FactFailure = "missing" | "hedge" | "wrong_winner" | "other_subject" | "dump";

export interface FactCheck {
  name: string;
  kind: Fact["kind"];
  unit: string | null;
  expected: FactValue;
  found: boolean;
  /** Set when not found. */
  failure?: FactFailure;
  /** The text of the answer that matched (or the competing value, for a hedge). */
  evidence?: string;
  /** List elements not found. */
  missing?: string[];
}

/** What the checker reads of a fact: its spec fields that say how the value may be written. */
export type FactSpec = Pick<Fact, "name" | "kind"> & Partial<Pick<Fact, "unit" | "value" | "tolerance" | "synonyms" | "subject" | "anyItem">>;

/** What the tool results say about one fact, besides its value (evidence.ts computes it from the gold run). */
export interface FactEvidence {
  /** Other values that state the fact equally (the other valid items of an `anyItem` fact). */
  accepted: (string | number)[];
  /** Values of the same field of other items of the result (or the other elements of the aggregated list). */
  competitors: (string | number)[];
}

export interface AnswerContext {
  /** The request: values copied from it are neither competitors nor tool output. */
  request: string;
  evidence: Record<string, FactEvidence>;
  /** Every scalar value of the tool results the answer could copy (to recognise a dump). */
  resultValues: readonly string[];
}

const COUNT_UNITS = new Set(["명", "건", "곳", "개", "대", "세대", "동", "층", "일", "정류장"]);
/** `N개` also counts things that have their own counter. */
const GENERIC_COUNTER_OK = new Set(["곳", "동", "층", "세대", "정류장", "건", "대"]);

/** Rounding a measurement within these is stating it (a fact's own `tolerance` overrides them). */
export const DEFAULT_TOLERANCE: Partial<Record<string, number>> = { "℃": 0.5, "m/s": 0.5, "%": 0.5, "㎍/㎥": 0.5, mm: 0.05, ppm: 0.0005 };

/** Unit words as written after `prepare` and lower-casing, longest first, with the unit they mean. */
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
    ["미터毎초", "m/s"],
    ["mm", "mm"],
    ["밀리미터", "mm"],
    ["km", "km"],
    ["킬로미터", "km"],
    ["m2", "㎡"],
    ["제곱미터", "㎡"],
    ["평방미터", "㎡"],
    ["m3", "㎥"],
    ["세제곱미터", "㎥"],
    ["입방미터", "㎥"],
    ["m", "m"],
    ["미터", "m"],
    ["ppm", "ppm"],
    ["시간", "시간"],
    ["분", "분"],
    ["초", "초"],
    ["세대", "세대"],
    ["가구", "세대"],
    ["정류장", "정류장"],
    ["정거장", "정류장"],
    ["정류소", "정류장"],
    ["개월", "개월"],
    ["개", "개"],
    ["명", "명"],
    ["건", "건"],
    ["곳", "곳"],
    ["군데", "곳"],
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

// ---------------------------------------------------------------------------------------------
// Preparing the text

/**
 * Reasoning is not part of the answer: whole `<think>…</think>` blocks; before a closing tag whose
 * opening the chat template wrote, everything; after an opening tag never closed, everything.
 */
export function stripThinking(text: string): string {
  let out = text.replace(/<think>[\s\S]*?<\/think>/g, "");
  const orphan = out.lastIndexOf("</think>");
  if (orphan >= 0) out = out.slice(orphan + "</think>".length);
  const open = out.indexOf("<think>");
  return open >= 0 ? out.slice(0, open) : out;
}

/** Unit symbols whose NFKC form holds a digit (㎥ → m3), rewritten as words first. */
const UNIT_SYMBOLS: [RegExp, string][] = [
  [/㎍\s*\/\s*㎥|[µμ]g\s*\/\s*(?:㎥|m³|m3)|ug\s*\/\s*(?:㎥|m³|m3)/gi, "마이크로그램"],
  [/㎥|m³/g, "세제곱미터"],
  [/㎡|m²/g, "제곱미터"],
  [/㎧/g, "m/s"],
];

const NATIVE: Record<string, number> = { 한: 1, 두: 2, 세: 3, 네: 4, 다섯: 5, 여섯: 6, 일곱: 7, 여덟: 8, 아홉: 9, 열: 10, 스무: 20, 스물: 20 };
// The counter is a word of its own, not the first syllable of a longer one (대학, 대표, 대한민국,
// 동안, 동네, 대부분, 건물, 건설, 명소, 명절 …); a particle after it ("두 곳이네요") is fine.
const NATIVE_NUMERAL = /(?<![가-힣])(스물|스무|열)?\s?(한|두|세|네|다섯|여섯|일곱|여덟|아홉)?(\s?)(곳|군데|개|건|명|대|세대|동|층|정거장|정류장|가지)(?!학|표|한민국|안|네|일|시|부분|물|설|소|절)(\s?도\s?(?:없|안\s))?/g;

/** `한 곳` → `1곳`, `열두 개` → `12개`, `한 곳도 없다` → `0곳도 없다`: native numerals before a counter, as digits. */
function nativeNumerals(text: string): string {
  return text.replace(NATIVE_NUMERAL, (whole: string, tens: string | undefined, unit: string | undefined, space: string, counter: string, none: string | undefined) => {
    if (tens === undefined && unit === undefined) return whole;
    // `세대`, `네 동` …: without a space only counters that no word starts with.
    if (space === "" && !["곳", "군데", "개", "건", "명", "가지"].includes(counter)) return whole;
    const value = (tens ? (NATIVE[tens] ?? 0) : 0) + (unit ? (NATIVE[unit] ?? 0) : 0);
    // "한 명도 없습니다" is none, not one.
    if (none !== undefined) return value === 1 && tens === undefined ? `0${counter}${none}` : whole;
    return `${value}${counter}`;
  });
}

/** The answer as read: no reasoning, unit symbols as words, NFKC, plain minus signs and tildes, native numerals as digits. */
export function prepare(text: string): string {
  let out = stripThinking(text);
  for (const [pattern, word] of UNIT_SYMBOLS) out = out.replace(pattern, word);
  out = out.normalize("NFKC").replace(/[\u2212\u2012\u2013]/g, "-").replace(/\u301c/g, "~");
  return nativeNumerals(out);
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
  /** Where it starts in the prepared text. */
  at: number;
  end: number;
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

/**
 * After a count, words that make it the things compared or gathered rather than a value: "두 곳이
 * 같습니다", "두 곳의 약국 수가 동일합니다", "두 곳 모두", "세 명 각각", "두 곳 간 차이". A count that
 * is the value goes on otherwise ("두 곳이에요", "2곳이고 제주도 같아요", "2곳으로 같습니다").
 * Not for days: "3일간" is a span.
 */
const COLLECTIVE = /^\s?(?:(?:이|가|은|는)\s?(?:서로\s?|모두\s?)?(?:같|동일|똑같|비슷|차이)|의\s?[가-힣]{1,6}(?:\s[가-힣]{1,6})?\s?(?:이|가|은|는)\s?(?:서로\s?|모두\s?)?(?:같|동일|똑같|비슷|차이)|(?:을|를)\s?비교|모두|전부|둘\s?다|다(?![가-힣])|각각|끼리|간\s?(?:차이|비교))/;

/** Every quantity written in the text (already `prepare`d), in order. */
function readQuantities(text: string): Quantity[] {
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
    // An address's numbers are no one's value: a road's (신림로26길), the building's after it,
    // both parts (길 35-4).
    if (/^번?길/.test(text.slice(first.end, first.end + 2))) continue;
    if (/(?:로|길)\s?$/.test(before)) {
      start.lastIndex = /^-\d+/.test(text.slice(first.end)) ? first.end + (/^-\d+/.exec(text.slice(first.end))?.[0].length ?? 0) : first.end;
      continue;
    }
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
    const written = unitAt(text, pos);
    let unit = written?.unit ?? null;
    if (unit === "원") won = true;
    // `초속 4.6미터`: a speed.
    if ((unit === "m" || unit === null) && /초속\s?$/.test(before)) unit = "m/s";
    const end = written?.end ?? pos;
    // The unit's own characters (`m2`, `㎥` read as m3) are not another number.
    start.lastIndex = Math.max(start.lastIndex, end);
    if (unit !== null && unit !== "일" && COUNT_UNITS.has(unit) && !won && !minus && COLLECTIVE.test(text.slice(end, end + 24))) continue;
    out.push({ value: minus ? -total : total, decimals, unit, won, text: text.slice(at, end), at, end });
  }
  return out;
}

/** Every quantity written in the text, in order. */
export function quantities(raw: string): Quantity[] {
  return readQuantities(prepare(raw));
}

/** Durations (`1시간 5분`, `5분 16초`, `90초`) in seconds, in the prepared text. */
function durations(text: string): { seconds: number; text: string; at: number }[] {
  const out: { seconds: number; text: string; at: number }[] = [];
  const pattern = /(?:(\d+)\s*시간)?\s*(?:(\d+)\s*분)?\s*(?:(\d+)\s*초)?/g;
  let m: RegExpExecArray | null;
  while ((m = pattern.exec(text)) !== null) {
    if (m[0].length === 0) pattern.lastIndex++;
    if (m[0].trim() === "") continue;
    const [h, mi, s] = [m[1], m[2], m[3]].map((v) => (v === undefined ? 0 : Number(v)));
    out.push({ seconds: (h ?? 0) * 3600 + (mi ?? 0) * 60 + (s ?? 0), text: m[0].trim(), at: m.index + (m[0].length - m[0].trimStart().length) });
  }
  return out;
}

function decimalsOf(n: number): number {
  const text = String(n);
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

const roundTo = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

/** Whether a written value stands for the expected one (see the module comment for the rules). */
export function closeEnough(written: number, writtenDecimals: number, expected: number, unit: string | null, tolerance?: number): boolean {
  if (unit !== null && COUNT_UNITS.has(unit)) return written === expected;
  // Equal up to float noise only: a relative allowance would pass a changed digit of a large sum.
  if (Math.abs(written - expected) <= 1e-9 * Math.max(1, Math.abs(expected))) return true;
  const within = tolerance ?? (unit === null ? undefined : DEFAULT_TOLERANCE[unit]);
  // Rounded at the precision written, and that precision within the tolerance.
  if (within !== undefined && writtenDecimals < decimalsOf(expected) + 1 && Math.abs(roundTo(expected, writtenDecimals) - written) < 1e-9 && Math.abs(written - expected) <= within + 1e-9) return true;
  if (decimalsOf(expected) < 2 || writtenDecimals >= decimalsOf(expected)) return false;
  return roundTo(expected, writtenDecimals) === written;
}

function unitFits(factUnit: string | null, written: string | null): boolean {
  if (factUnit === null || written === null || written === factUnit) return true;
  if (factUnit === "만원") return written === "원";
  return written === "개" && GENERIC_COUNTER_OK.has(factUnit);
}

/** The written unit is the fact's, not merely absent. */
function unitSame(factUnit: string | null, q: Quantity): boolean {
  if (factUnit === "만원") return q.won;
  return q.unit !== null && unitFits(factUnit, q.unit);
}

interface NumberMention {
  value: number;
  decimals: number;
  text: string;
  at: number;
  end: number;
  /** Its unit is the fact's (not absent). */
  sameUnit: boolean;
}

/** Quantities of the text that could be values of a fact in `unit`, in the fact's unit. */
function numberMentions(text: string, unit: string | null): NumberMention[] {
  const out: NumberMention[] = [];
  for (const q of readQuantities(text)) {
    if (!unitFits(unit, q.unit)) continue;
    const value = unit === "만원" && q.won ? q.value / 1e4 : q.value;
    out.push({ value, decimals: q.won ? decimalsOf(value) : q.decimals, text: q.text, at: q.at, end: q.end, sameUnit: unitSame(unit, q) });
  }
  if (unit === "초" || unit === "분") {
    for (const d of durations(text)) {
      if (!/\d\s*(시간|분)/.test(d.text) || !/(분|초)$/.test(d.text) || !/\d.*\d/.test(d.text)) continue;
      out.push({ value: unit === "초" ? d.seconds : d.seconds / 60, decimals: 0, text: d.text, at: d.at, end: d.at + d.text.length, sameUnit: true });
    }
  }
  return out;
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

// Short texts as normalised before: the scorers ask again and again for the same words (each word
// of every tool result, for every attempt, sample and rollout of a group). Long ones are answers,
// seldom asked twice.
const normalisedWords = new Map<string, string>();

/** Text as compared: NFKC, lower case, long 시도 names shortened, only letters and digits. */
export function normaliseText(text: string): string {
  const cacheable = text.length <= 200;
  const known = cacheable ? normalisedWords.get(text) : undefined;
  if (known !== undefined) return known;
  let out = prepare(text).toLowerCase();
  for (const [pattern, short] of SIDO_LONG) out = out.replace(pattern, short);
  out = out.replace(/[^\p{L}\p{N}]/gu, "");
  if (cacheable) {
    if (normalisedWords.size >= 50_000) normalisedWords.clear();
    normalisedWords.set(text, out);
  }
  return out;
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

/** Where `needle` occurs in `haystack` without a digit run continuing on either side; -1 when nowhere. */
function boundedIndex(haystack: string, needle: string): number {
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return -1;
    const before = haystack[at - 1] ?? "";
    const after = haystack[at + needle.length] ?? "";
    const digitStart = /\d/.test(needle[0] ?? "");
    const digitEnd = /\d/.test(needle[needle.length - 1] ?? "");
    if (!(digitStart && /\d/.test(before)) && !(digitEnd && /\d/.test(after))) return at;
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
  for (const m of text.matchAll(/(오전|오후|낮|밤|저녁|새벽|아침)?\s*(\d{1,2})\s*시(?!간)(?:\s*(\d{1,2})\s*분|\s*(반))?/g)) {
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

/** The clock times an expected text consists of (`1230`, `09:00~18:00`), or null when it is not only times. */
function expectedTimes(expected: string): number[] | null {
  const text = expected.trim();
  const hhmm = /^([01]\d|2[0-4])([0-5]\d)$/.exec(text);
  if (hhmm) return [(Number(hhmm[1]) * 60 + Number(hhmm[2])) % 1440];
  if (!/^[\d:\s~\-–〜]+$/.test(text) || !/\d{1,2}:\d{2}/.test(text)) return null;
  return [...text.matchAll(/(\d{1,2}):(\d{2})/g)].map((m) => (Number(m[1]) * 60 + Number(m[2])) % 1440);
}

/** Normalised forms that state an expected text: its alternatives and its synonyms'. */
function textForms(expected: string, synonyms: Fact["synonyms"]): string[] {
  const extra = synonyms?.[expected] ?? synonyms?.[normaliseText(expected)] ?? [];
  return [...new Set([...textAlternatives(expected), ...extra.map(normaliseText).filter((f) => f !== "")])];
}

function findText(expected: string, answer: string, synonyms?: Fact["synonyms"]): string | undefined {
  const haystack = normaliseText(answer);
  for (const alt of textForms(expected, synonyms)) if (boundedIndex(haystack, alt) >= 0) return alt;
  const times = expectedTimes(expected);
  if (times && times.length > 0) {
    const written = clockTimes(answer);
    if (times.every((t) => written.includes(t))) return expected;
  }
  if (normaliseText(expected).length >= 20 && bigramRecall(expected, answer) >= 0.6) return `${Math.round(bigramRecall(expected, answer) * 100)}% of the text`;
  return undefined;
}

/** For a long text of a sibling group: the stretches after the fact's own subject, up to the next subject named. */
function ownRegions(doc: Prepared, fact: string, group: Sibling): string[] {
  const own = group.named.filter((n) => n.fact === fact);
  return own.map((n) => {
    const next = group.named.filter((o) => o.at >= n.end && o.fact !== fact).sort((a, b) => a.at - b.at)[0];
    return doc.text.slice(n.end, next?.at ?? doc.text.length);
  });
}

// ---------------------------------------------------------------------------------------------
// Dates

interface WrittenDate {
  year: number | null;
  month: number;
  day: number | null;
  at: number;
}

function readDates(text: string): WrittenDate[] {
  const out: WrittenDate[] = [];
  for (const m of text.matchAll(/(\d{4})\s*(?:년|[.\-/])\s*(\d{1,2})\s*(?:월|[.\-/])\s*(\d{1,2})/g)) out.push({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), at: m.index });
  for (const m of text.matchAll(/(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/g)) out.push({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), at: m.index });
  for (const m of text.matchAll(/(?<!\d)(\d{2})\s*년\s*(\d{1,2})\s*월\s*(\d{1,2})\s*일/g)) out.push({ year: 2000 + Number(m[1]), month: Number(m[2]), day: Number(m[3]), at: m.index });
  for (const m of text.matchAll(/(?<!(?:[\d.\-/]|년)\s*)(\d{1,2})\s*월\s*(\d{1,2})\s*일/g)) out.push({ year: null, month: Number(m[1]), day: Number(m[2]), at: m.index });
  for (const m of text.matchAll(/(\d{4})\s*(?:년|[.\-/])\s*(\d{1,2})\s*월?/g)) out.push({ year: Number(m[1]), month: Number(m[2]), day: null, at: m.index });
  return out;
}

export function writtenDates(raw: string): Omit<WrittenDate, "at">[] {
  return readDates(prepare(raw)).map(({ year, month, day }) => ({ year, month, day }));
}

function expectedDate(expected: string): { year: number; month: number; day: number | null } | null {
  const digits = expected.replace(/\D/g, "");
  if (digits.length !== 8 && digits.length !== 6) return null;
  return { year: Number(digits.slice(0, 4)), month: Number(digits.slice(4, 6)), day: digits.length === 8 ? Number(digits.slice(6, 8)) : null };
}

function sameDate(d: WrittenDate, e: { year: number; month: number; day: number | null }): boolean {
  return (e.day === null ? d.year === e.year : (d.year === null || d.year === e.year) && d.day === e.day) && d.month === e.month;
}

// ---------------------------------------------------------------------------------------------
// Sentences, subjects and hedges

/** Sentence number of every position of a prepared text (a period between digits is a decimal point). */
function sentenceIds(text: string): number[] {
  const ids: number[] = [];
  let id = 0;
  for (let i = 0; i < text.length; i++) {
    ids.push(id);
    const c = text[i] ?? "";
    if (c === "\n" || c === "!" || c === "?" || (c === "." && !(/\d/.test(text[i - 1] ?? "") && /\d/.test(text[i + 1] ?? "")))) id++;
  }
  ids.push(id);
  return ids;
}

/** A regular expression finding a word with any spacing between its characters. */
function spaced(word: string): RegExp {
  const chars = [...word.replace(/\s+/g, "")].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // Spacing and punctuation between the characters, as the normalised comparison ignores them (a
  // small class: a Unicode property class per character makes the pattern slow to compile).
  return new RegExp(chars.join("[\\s,.·:;()\\[\\]'\"/-]{0,3}"), "gi");
}

function mentions(text: string, words: readonly string[]): { at: number; end: number }[] {
  const out: { at: number; end: number }[] = [];
  for (const word of words) {
    if (word.trim() === "") continue;
    for (const m of text.matchAll(spaced(word))) out.push({ at: m.index, end: m.index + m[0].length });
  }
  return out;
}

const GENERIC_WORDS = new Set(["수", "현재", "지금", "내일", "지난달", "오늘", "가장", "제일", "최근", "각", "의", "및"]);

/** The words that name a fact's subject: its own, else the words of its name its siblings do not share. */
function subjectWords(fact: FactSpec, siblings: readonly FactSpec[]): string[] {
  if (fact.subject) return fact.subject;
  const split = (name: string) => name.split(/[\s·,/]+/).filter((w) => w !== "" && !GENERIC_WORDS.has(w));
  const shared = new Set(siblings.filter((s) => s.name !== fact.name).flatMap((s) => split(s.name)));
  const own = split(fact.name).filter((w) => !shared.has(w));
  const formsOf = (words: readonly string[]) =>
    words.flatMap((w) => {
      const base = textAlternatives(w);
      // `최저기온` is said `최저`; `해운대해수욕장` is said `해운대`: the first two syllables name it too.
      return /^[가-힣]{3,}$/.test(w) ? [...base, w.slice(0, 2)] : base;
    });
  const forms = [...new Set(formsOf(own).filter((f) => f.length >= 2 || /\d/.test(f)))];
  // A form a sibling's name also gives (이지엔6애니… and 이지엔6프로… both start 이지) names neither.
  const theirs = new Set(formsOf([...shared].filter((w) => !own.includes(w))));
  const distinct = forms.filter((f) => !theirs.has(f));
  return distinct.length > 0 ? distinct : forms;
}

/** A fact of a sibling group: its name's words (each with the forms that say it) and its subject words. */
interface Member {
  name: string;
  words: { forms: string[]; length: number }[];
}

function memberOf(fact: FactSpec): Member {
  const split = (name: string) => name.split(/[\s·,/]+/).filter((w) => w !== "" && !GENERIC_WORDS.has(w));
  // `콘텐츠 이름 #2` (a fact repeated per item) is named like `콘텐츠 이름`.
  const words = [...split(fact.name.replace(/\s#\d+$/, "")), ...(fact.subject ?? [])].map((w) => {
    const base = textAlternatives(w);
    const forms = /^[가-힣]{3,}$/.test(w) ? [...base, w.slice(0, 2)] : base;
    return { forms: [...new Set(forms.filter((f) => f.length >= 2 || /\d/.test(f)))], length: normaliseText(w).length };
  });
  return { name: fact.name, words: words.filter((w) => w.forms.length > 0) };
}

/**
 * Where the clause holding position `at` starts: after a sentence end, a comma, a slash, a joining
 * ending (…이고, …이며) or the value written before it ("헬리오시티(25억 원)보다 은마아파트(30억 원)").
 */
function clauseStart(doc: Prepared, at: number): number {
  const { text, sentence } = doc;
  let start = at;
  while (start > 0 && sentence[start - 1] === sentence[at]) start--;
  for (const end of doc.valueEnds) if (end <= at && end > start) start = end;
  const head = text.slice(start, at);
  let cut = -1;
  for (const m of head.matchAll(/[,;/]|이고|이며|이고요|그리고/g)) cut = Math.max(cut, m.index + m[0].length);
  return cut < 0 ? start : start + cut;
}

/**
 * Which of a group of sibling facts owns a value written at `at`: the fact whose name the clause
 * before the value says best ("타이레놀정500 색은 하양" — both words of one fact); none when the
 * clause names none of them, or two equally ("A와 B의 최고가는 30억, 25억": whose is whose is not said).
 */
function ownerAt(at: number, doc: Prepared, group: Sibling): string | undefined {
  // Words every sibling has ("국민연금 가입자 수" of two businesses) cannot tell them apart.
  const key = (word: Member["words"][number]) => word.forms.join("|");
  const shared = new Set(group.members[0]?.words.map(key).filter((k) => group.members.every((m) => m.words.some((w) => key(w) === k))) ?? []);
  const owner = (from: number, among: readonly Member[]) => {
    const label = normaliseText(doc.text.slice(from, at));
    const scored = among.flatMap((member) => {
      // A word scores the length of its longest form the label holds, less a quarter of what a
      // shortened form leaves unsaid; a word not said at all costs the same whatever its length
      // (else a short name unsaid would beat a long one unsaid).
      let matched = 0;
      let score = 0;
      let last = -1;
      const said = new Set<string>();
      for (const word of member.words.filter((w) => !shared.has(key(w)))) {
        const forms = word.forms.filter((f) => label.includes(f));
        const length = Math.max(0, ...forms.map((f) => f.length));
        matched += length;
        score += length > 0 ? length - 0.25 * Math.max(0, word.length - length) : -1;
        if (length > 0) said.add(key(word));
        for (const f of forms) last = Math.max(last, label.lastIndexOf(f) + f.length);
      }
      return matched === 0 ? [] : [{ member, score, last, said }];
    });
    // Equal scores: the one whose words come nearer the value ("가나정의 모양은 장방형, 색깔은 분홍": 색깔).
    const best = scored.reduce<(typeof scored)[number] | undefined>((b, s) => (!b || s.score > b.score || (s.score === b.score && s.last > b.last) ? s : b), undefined);
    // Others that say every word the best one says ("일요일 진료는 휴진" says the label of three
    // hospitals' facts alike): it won only by leaving fewer words unsaid, which may name no one.
    const rivals = best ? scored.filter((s) => s !== best && [...best.said].every((k) => s.said.has(k))) : [];
    const exact = best !== undefined && scored.some((s) => s !== best && s.score === best.score && s.last === best.last);
    return { best, rivals, exact };
  };
  const named = (found: ReturnType<typeof owner>) => (found.best && !found.exact && found.best.score > 0 ? found.best.member.name : undefined);
  const clause = clauseStart(doc, at);
  let sentenceStart = clause;
  while (sentenceStart > 0 && doc.sentence[sentenceStart - 1] === doc.sentence[at]) sentenceStart--;
  const found = owner(clause, group.members);
  // A clause that names no sibling ("…제조업, 가입자 수는 32명"): the sentence since the last value
  // written ("마루일렉트로닉스 기준으로 업종은 …").
  if (!found.best) {
    let start = sentenceStart;
    for (const end of doc.valueEnds) if (end <= at && end > start) start = end;
    return start < clause ? named(owner(start, group.members)) : undefined;
  }
  // A clause that says the label of several alike ("…의 경우 평일 점심시간은 12:30~13:30, 일요일
  // 진료는 휴진"): the subject its sentence names decides among them.
  if ((found.rivals.length > 0 || found.exact) && sentenceStart < clause) {
    const wide = owner(sentenceStart, [found.best.member, ...found.rivals.map((r) => r.member)]);
    if (wide.best && wide.rivals.length === 0 && !wide.exact) return wide.best.member.name;
  }
  // A clause that says the words of none well names no owner; two equally, neither.
  return named(found);
}

/** Words that offer another value for the same thing ("27억 또는 25억", "10~12도", "3곳일 수도"). */
const HEDGE_WORDS = /또는|혹은|아니면|\bor\b|내지|이거나|거나|수도|\/|~/;

function hedged(text: string, first: { end: number }, second: { at: number }): boolean {
  const gap = text.slice(first.end, second.at);
  return gap.length <= 16 && !/[\n.!?]/.test(gap) && HEDGE_WORDS.test(gap);
}

/**
 * A text value offered with an alternative: a disjunction right before or after it, with nothing
 * but spaces and marks between ("서울시립미술관 또는 ○ (강수) …", "… 오겠습니다. 또는 …").
 */
function disjoined(text: string, at: number, end: number): boolean {
  return /(?:또는|혹은|아니면|\bor\b|이거나|거나)[^\p{L}\p{N}]*$/u.test(text.slice(Math.max(0, at - 8), at)) || /^[^\p{L}\p{N}]*(?:(?:이)?거나|또는|혹은|아니면|\bor\b)/u.test(text.slice(end, end + 8));
}

/** Disjunctions that offer another text, as one word (not the ending `거나`, which outlook texts use themselves: 맑거나 구름많겠습니다). */
const asOr = (normalised: string) => normalised.replace(/혹은|아니면/g, "또는");

/** Sentences of a text with where they start and end (a period between digits is a decimal point). */
function sentencesOf(text: string): { at: number; end: number; text: string }[] {
  return [...text.matchAll(/(?:[^.!?\n]|(?<=\d)\.(?=\d))+[.!?\n]*/g)].map((m) => ({ at: m.index, end: m.index + m[0].length, text: m[0] }));
}

/**
 * Whether a long text is offered with another in a stretch of the answer, in its own words or
 * paraphrased: the sentences that say it (half their bigrams its) hold a disjunction the text does
 * not have at that place ("비 또는 눈" of the text itself is fine, as 비 혹은 눈 or 비나 눈 would be;
 * "A 또는 <the text>" is not), or a disjunction joins them to what comes before or after.
 */
function longTextHedged(region: string, expected: string): boolean {
  const want = asOr(normaliseText(expected));
  const wanted = bigrams(normaliseText(expected));
  const saying = sentencesOf(region).filter((s) => {
    const own = bigrams(normaliseText(s.text));
    if (own.size < 4) return false;
    let hit = 0;
    for (const b of own) if (wanted.has(b)) hit++;
    return hit / own.size >= 0.5;
  });
  const first = saying[0];
  const last = saying[saying.length - 1];
  if (!first || !last) return false;
  const span = asOr(normaliseText(region.slice(first.at, last.end)));
  for (const m of span.matchAll(/또는/g)) {
    const left = span.slice(Math.max(0, m.index - 2), m.index);
    const right = span.slice(m.index + 2, m.index + 4);
    // The text's own alternative, in its words or another's ("비 또는 눈" for 비 혹은 눈, 비나 눈).
    const own = want.includes(`${left}또는`) || want.includes(`또는${right}`) || [`${left.slice(-1)}나${right.slice(0, 1)}`, `${left.slice(-1)}이나${right.slice(0, 1)}`].some((w) => want.includes(w));
    if (!own) return true;
  }
  const lead = region.slice(first.at).length - region.slice(first.at).trimStart().length;
  return disjoined(region, first.at + lead, last.end);
}

// ---------------------------------------------------------------------------------------------
// Dumps

/**
 * Whether the answer is tool output rather than an answer: JSON (an object or list, or three
 * `"key":` pairs), or the tools' values strung together — most of its characters are result values
 * that are not expected facts, or it repeats far more of them than the facts need.
 */
export function isDump(answer: string, context: AnswerContext | undefined, expected: readonly FactValue[]): string | null {
  const text = prepare(answer).trim();
  if (/^[[{]/.test(text)) {
    try {
      JSON.parse(text);
      return "json";
    } catch {
      // not JSON as a whole: the pairs below decide
    }
  }
  if ((text.match(/"[^"\n]{1,40}"\s*:/g) ?? []).length >= 3) return "json";
  if (!context) return null;
  const request = normaliseText(context.request);
  const wanted = expected.flat().map((v) => normaliseText(String(v)));
  const values = [
    ...new Set(
      context.resultValues
        .map((v) => v.split(/\s+/).map(normaliseText).filter((w) => w !== "").join("|"))
        .filter((v) => {
          const flat = v.replace(/\|/g, "");
          return flat.length >= 2 && flat.length <= 400 && !request.includes(flat) && !wanted.some((w) => w.includes(flat)) && !/^(true|false|null|ok)$/.test(flat);
        }),
    ),
  ].sort((a, b) => b.length - a.length);
  if (values.length === 0) return null;
  // Words are compared one by one: run together, "202611 38588096" would be one number.
  const haystack = text.split(/\s+/).map(normaliseText).filter((w) => w !== "").join("|");
  const words = haystack.split("|");
  const single = new Set(values);
  if (words.length >= 10 && words.filter((w) => single.has(w)).length / words.length >= 0.5) return "field_values";
  // A long answer is judged on its start: a dump shows itself there, and the check stays linear.
  let marked = haystack.slice(0, 6000);
  let repeated = 0;
  for (const v of values) {
    if (boundedIndex(marked, v) < 0) continue;
    repeated++;
    marked = marked.split(v).join("\u0000".repeat(v.length));
  }
  // Numbers by the dozen where a few facts are asked: the results' numbers copied out.
  const numbers = words.filter((w) => /^\d+$/.test(w)).length;
  if (numbers > 3 * expected.length + 15 && numbers / words.length >= 0.5) return "field_values";
  const covered = (marked.match(/\u0000/g) ?? []).length;
  const letters = marked.replace(/\|/g, "").length;
  if (letters >= 30 && repeated >= 4 && covered / letters >= 0.5) return "field_values";
  return repeated > expected.length + 12 ? "field_values" : null;
}

// ---------------------------------------------------------------------------------------------
// Checking facts

interface Prepared {
  raw: string;
  text: string;
  sentence: number[];
  /** Where each quantity written ends (a value closes the label before it). */
  valueEnds: number[];
  /** The expected text values of every fact, normalised. */
  otherValues: string[];
}

interface Sibling {
  members: Member[];
  /** Subject mentions of every fact of the group (a mention inside a longer one of another fact dropped). */
  named: { fact: string; at: number; end: number }[];
}

function checkNumber(fact: FactSpec, expected: number, accepted: readonly number[], competitors: readonly number[], doc: Prepared, group: Sibling | undefined): Omit<FactCheck, "name" | "kind" | "unit" | "expected"> {
  const unit = fact.unit ?? null;
  const all = numberMentions(doc.text, unit);
  const targets = [expected, ...accepted];
  const isHit = (m: NumberMention) => targets.some((t) => closeEnough(m.value, m.decimals, t, unit, fact.tolerance));
  const mine = (m: NumberMention) => group === undefined || [undefined, fact.name].includes(ownerAt(m.at, doc, group));
  // A difference ("…보다 1,500원 더 많아요", "차이는 3㎍/㎥") is no one's value: when the other side is 0
  // it equals the value, and would credit an answer that got the value itself wrong.
  const difference = (m: NumberMention) => /^\s?(?:더|만큼|차이)/.test(doc.text.slice(m.end, m.end + 6)) || /차이(?:는|가)?\s?(?:약\s?)?$/.test(doc.text.slice(Math.max(0, m.at - 8), m.at));
  const hits = all.filter((m) => isHit(m) && mine(m) && !difference(m));
  if (hits.length === 0) {
    if (expected === 0 && unit !== null && COUNT_UNITS.has(unit) && /없(?:습|어|었|음|다|는)|하나도\s?없|0\s*(?:곳|개|건|명|대)/.test(doc.text)) return { found: true, evidence: "없음" };
    const other = all.find((m) => isHit(m));
    return other ? { found: false, failure: "other_subject", evidence: other.text } : { found: false, failure: "missing" };
  }
  for (const hit of hits) {
    const next = all.find((m) => m.at >= hit.end && !isHit(m));
    const prev = [...all].reverse().find((m) => m.end <= hit.at && !isHit(m));
    if (next && hedged(doc.text, hit, next)) return { found: false, failure: "hedge", evidence: next.text };
    if (prev && hedged(doc.text, prev, hit)) return { found: false, failure: "hedge", evidence: prev.text };
  }
  if (accepted.length > 0) {
    const distinct = new Set(hits.map((h) => targets.findIndex((t) => closeEnough(h.value, h.decimals, t, unit, fact.tolerance))));
    if (distinct.size > 1) return { found: false, failure: "hedge", evidence: hits.map((h) => h.text).join(", ") };
  }
  const rival = all.find((m) => m.sameUnit && !isHit(m) && mine(m) && competitors.some((c) => closeEnough(m.value, m.decimals, c, unit, 0)));
  if (rival) return { found: false, failure: "hedge", evidence: rival.text };
  return { found: true, evidence: hits[0]?.text ?? "" };
}

function checkDate(expected: string, doc: Prepared, fact: FactSpec, group: Sibling | undefined): Omit<FactCheck, "name" | "kind" | "unit" | "expected"> {
  const want = expectedDate(expected);
  if (!want) {
    const evidence = findText(expected, doc.raw, fact.synonyms);
    return evidence === undefined ? { found: false, failure: "missing" } : { found: true, evidence };
  }
  const dates = readDates(doc.text).sort((a, b) => a.at - b.at);
  const mine = (d: WrittenDate) => group === undefined || [undefined, fact.name].includes(ownerAt(d.at, doc, group));
  const hits = dates.filter((d) => sameDate(d, want));
  const owned = hits.filter(mine);
  if (owned.length === 0) return hits.length > 0 ? { found: false, failure: "other_subject" } : { found: false, failure: "missing" };
  for (const hit of owned) {
    const end = hit.at + 1;
    const rival = dates.find((d) => d.at > hit.at && !sameDate(d, want) && d.day !== null && hedged(doc.text, { end: doc.text.indexOf("일", end) + 1 || end }, d));
    if (rival) return { found: false, failure: "hedge", evidence: `${rival.month}/${rival.day ?? ""}` };
  }
  const hit = owned[0];
  return { found: true, evidence: hit ? `${hit.year ?? ""}-${hit.month}-${hit.day ?? ""}` : expected };
}

/** Where the answer writes a text value (any of its forms, any spacing), in the prepared text. */
function textPositions(text: string, value: string, synonyms: Fact["synonyms"]): { at: number; end: number }[] {
  const forms = textForms(value, synonyms).filter((f) => f.length >= 2 || /\d/.test(f));
  return mentions(text, forms);
}

/** Where a long text is written: from where its first characters are to where its last ones are. */
function longTextSpan(text: string, value: string): { at: number; end: number }[] {
  const norm = normaliseText(value);
  const head = mentions(text, [norm.slice(0, 10)])[0];
  const tail = head ? mentions(text, [norm.slice(-10)]).find((t) => t.at >= head.at) : undefined;
  return head && tail ? [{ at: head.at, end: tail.end }] : [];
}

function checkText(fact: FactSpec, expected: string, accepted: readonly string[], competitors: readonly string[], doc: Prepared, request: string, group: Sibling | undefined): Omit<FactCheck, "name" | "kind" | "unit" | "expected"> {
  const named = [expected, ...accepted].filter((v) => findText(v, doc.raw, fact.synonyms) !== undefined);
  if (named.length === 0) return { found: false, failure: "missing" };
  const forms = (v: string) => textAlternatives(v);
  // Two of the equally valid items: which one is the answer?
  const distinct = named.filter((v, i) => !named.some((w, j) => j !== i && forms(w).some((f) => forms(v).some((g) => g !== f && f.includes(g)))));
  if (distinct.length > 1) return { found: false, failure: "hedge", evidence: distinct.slice(0, 3).join(", ") };
  const value = named[0] ?? expected;
  const long = normaliseText(value).length >= 20;
  const regions = group !== undefined && long ? ownRegions(doc, fact.name, group) : [];
  if (regions.length > 0 && !regions.some((r) => findText(value, r, fact.synonyms) !== undefined)) return { found: false, failure: "other_subject", evidence: value };
  if (long && (regions.length > 0 ? regions : [doc.text]).some((r) => longTextHedged(r, value))) return { found: false, failure: "hedge", evidence: value };
  const positions = long ? longTextSpan(doc.text, value) : textPositions(doc.text, value, fact.synonyms);
  if (group !== undefined && positions.length > 0) {
    const owned = positions.filter((p) => [undefined, fact.name].includes(ownerAt(p.at, doc, group)));
    if (owned.length === 0) return { found: false, failure: "other_subject", evidence: value };
  }
  if (positions.some((p) => disjoined(doc.text, p.at, p.end))) return { found: false, failure: "hedge", evidence: value };
  // A rival found only inside another fact's value ("부산" in the address 부산광역시 …) is not offered.
  let haystack = normaliseText(doc.raw);
  for (const other of doc.otherValues) if (other.length >= 2 && other !== normaliseText(expected)) haystack = haystack.split(other).join("|");
  const asked = normaliseText(request);
  const mine = normaliseText(expected);
  const rival = competitors.find((c) => {
    const n = normaliseText(c);
    if (n.length < 2 || asked.includes(n) || mine.includes(n) || n.includes(mine)) return false;
    return boundedIndex(haystack, n) >= 0;
  });
  if (rival !== undefined) return { found: false, failure: "hedge", evidence: rival };
  return { found: true, evidence: value };
}

/** Loser and winner markers of a comparison sentence. */
const THAN = /보다/g;
const MORE = /(?:^|[\s,(])(?:더|가장|제일|훨씬|조금\s?더)(?=[\s가-힣])|쪽이|쪽은|쪽입니다|쪽이에요|쪽이네요/g;

/** Which label a comparison answer names as the winner: every claim, in order. */
function winnerClaims(text: string, labels: readonly string[]): number[] {
  const mentionsOf = labels.map((l) => mentions(text, textAlternatives(l).concat(normaliseText(l))));
  const sentence = sentenceIds(text);
  const claims: number[] = [];
  const losers = new Set<string>();
  for (const m of text.matchAll(THAN)) {
    const before = mentionsOf
      .map((ms, label) => ({ label, m: ms.filter((x) => x.end <= m.index && sentence[x.at] === sentence[m.index] && m.index - x.end <= 20).sort((a, b) => b.end - a.end)[0] }))
      .filter((x) => x.m !== undefined)
      .sort((a, b) => (b.m?.end ?? 0) - (a.m?.end ?? 0))[0];
    if (!before || labels.length !== 2) continue;
    losers.add(`${sentence[m.index]}:${before.label}`);
    claims.push(1 - before.label);
  }
  for (const m of text.matchAll(MORE)) {
    const at = m.index + (m[0].length - m[0].trimStart().length);
    let best: { label: number; distance: number } | undefined;
    mentionsOf.forEach((ms, label) => {
      if (losers.has(`${sentence[at]}:${label}`)) return;
      for (const x of ms) {
        if (sentence[x.at] !== sentence[at]) continue;
        const distance = x.end <= at ? at - x.end : x.at - (at + m[0].length);
        if (distance < 0 || distance > 20) continue;
        // Before the marker ("은마가 더") wins a tie with after ("더 비싼 곳은 은마").
        const weighted = x.end <= at ? distance : distance + 0.5;
        if (!best || weighted < best.distance) best = { label, distance: weighted };
      }
    });
    if (best) claims.push(best.label);
  }
  return claims;
}

function checkComparison(fact: FactSpec, expected: string, doc: Prepared): Omit<FactCheck, "name" | "kind" | "unit" | "expected"> {
  const spec = fact.value;
  const labels = spec !== undefined && typeof spec === "object" && "compare" in spec ? [...spec.labels] : [];
  const tie = spec !== undefined && typeof spec === "object" && "compare" in spec ? spec.tie : undefined;
  if (labels.length !== 2) return checkText(fact, expected, [], [], doc, "", undefined);
  const claims = winnerClaims(doc.text, labels);
  if (expected === tie) {
    const tied = /같|동일|똑같|차이가?\s?없/.test(doc.text);
    return tied && claims.length === 0 ? { found: true, evidence: "tie" } : { found: false, failure: tied ? "wrong_winner" : "missing" };
  }
  const winner = labels.indexOf(expected);
  // "은마 또는 헬리오시티": both offered.
  const offered = mentions(doc.text, textAlternatives(expected));
  if (offered.some((m) => disjoined(doc.text, m.at, m.end))) return { found: false, failure: "hedge", evidence: labels.join(" / ") };
  if (claims.length > 0) {
    if (claims.every((c) => c === winner)) return { found: true, evidence: expected };
    return { found: false, failure: claims.includes(winner) ? "hedge" : "wrong_winner", evidence: labels[claims.find((c) => c !== winner) ?? 0] };
  }
  // No comparative: the bare name of the winner is the answer ("은마아파트입니다"), both names are not.
  const named = labels.map((l) => findText(l, doc.raw, fact.synonyms) !== undefined);
  if (named[winner] && !named[1 - winner]) return { found: true, evidence: expected };
  return { found: false, failure: named[1 - winner] && !named[winner] ? "wrong_winner" : "missing" };
}

/** A particle or ending after a bare number ("58로", "53보다", "85이고"): the number is a value, not part of a name. */
const PARTICLE_AFTER_NUMBER = /^(으로|로|보다|이고|이며|이에요|예요|입니다|이다|이|가|은|는|을|를|와|과|의|에|도)(?![가-힣])|^(으로|로|보다|이고|이며|이에요|예요|입니다)/;

const isComparison = (fact: FactSpec) => fact.value !== undefined && typeof fact.value === "object" && "compare" in fact.value;

const NO_EVIDENCE: FactEvidence = { accepted: [], competitors: [] };

/**
 * Checks every expected fact against the answer at once: sibling facts need each other's subjects,
 * and a dump fails them all. `values` holds the expected value of each fact to check (a fact of a
 * branch not taken is absent and not checked).
 */
export function checkAnswer(facts: readonly FactSpec[], values: Readonly<Record<string, FactValue>>, answer: string, context?: AnswerContext): FactCheck[] {
  const expected = facts.filter((f) => f.name in values);
  const base = (f: FactSpec): Pick<FactCheck, "name" | "kind" | "unit" | "expected"> => ({ name: f.name, kind: f.kind, unit: f.unit ?? null, expected: values[f.name] ?? "" });
  const dump = isDump(answer, context, expected.map((f) => values[f.name] ?? ""));
  if (dump !== null) return expected.map((f) => ({ ...base(f), found: false, failure: "dump", evidence: dump }));

  const text = prepare(answer).toLowerCase();
  // Digits inside a name (타이레놀정500, 63스퀘어) are no value that closes a label.
  // Nor does a span of time that names the fact (24시간 평균, 3일 뒤).
  const written = readQuantities(text).filter((q) => !/[\p{L}]/u.test(text[q.at - 1] ?? "") && !(q.unit === null && /[가-힣A-Za-z]/.test(text[q.end] ?? "") && !PARTICLE_AFTER_NUMBER.test(text.slice(q.end))) && !["시간", "분", "초", "일", "년", "월", "시", "개월"].includes(q.unit ?? ""));
  const otherValues = expected.flatMap((f) => [values[f.name] ?? ""].flat()).filter((v) => typeof v === "string").map((v) => normaliseText(v)).sort((a, b) => b.length - a.length);
  const doc: Prepared = { raw: answer, text, sentence: sentenceIds(text), valueEnds: written.map((q) => q.end), otherValues };
  // Facts of one kind and unit are siblings: each value belongs to the subject it is written after.
  const groups = new Map<string, FactSpec[]>();
  for (const f of expected) {
    if (f.kind === "text" || Array.isArray(values[f.name])) continue;
    const key = `${f.kind}:${f.unit ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const texts = expected.filter((f) => f.kind === "text" && !isComparison(f) && !Array.isArray(values[f.name]));
  if (texts.length > 1) groups.set("text", texts);
  const siblingOf = new Map<string, Sibling>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const all = members.flatMap((f) => mentions(text, subjectWords(f, members)).map((m) => ({ fact: f.name, ...m })));
    const named = all.filter((n) => !all.some((o) => o.fact !== n.fact && o.at <= n.at && o.end >= n.end && o.end - o.at > n.end - n.at));
    for (const f of members) siblingOf.set(f.name, { members: members.map(memberOf), named });
  }

  return expected.map((fact): FactCheck => {
    const value = values[fact.name] ?? "";
    const evidence = context?.evidence[fact.name] ?? NO_EVIDENCE;
    const own = new Set(expected.map((f) => String(values[f.name])));
    const competitors = evidence.competitors.filter((c) => !own.has(String(c)));
    if (Array.isArray(value)) {
      const missing = value.filter((e) => findText(e, answer, fact.synonyms) === undefined);
      return missing.length === 0 ? { ...base(fact), found: true } : { ...base(fact), found: false, failure: "missing", missing };
    }
    let outcome: Omit<FactCheck, "name" | "kind" | "unit" | "expected">;
    if (fact.kind === "number" && typeof value === "number") {
      const toNumbers = (list: readonly (string | number)[]) => list.map(Number).filter((n) => Number.isFinite(n));
      outcome = checkNumber(fact, value, toNumbers(evidence.accepted), toNumbers(competitors), doc, siblingOf.get(fact.name));
      // A code told in words ("비가 오지 않아요" for 강수형태 0), offered alone.
      const words = fact.synonyms?.[String(value)]?.map(normaliseText).filter((w) => w !== "") ?? [];
      const said = mentions(text, words);
      if (outcome.failure === "missing" && said.length > 0) outcome = said.some((m) => disjoined(text, m.at, m.end)) ? { found: false, failure: "hedge" } : { found: true, evidence: String(value) };
    } else if (fact.kind === "date") outcome = checkDate(String(value), doc, fact, siblingOf.get(fact.name));
    else if (isComparison(fact)) outcome = checkComparison(fact, String(value), doc);
    else outcome = checkText(fact, String(value), evidence.accepted.map(String), competitors.map(String), doc, context?.request ?? "", siblingOf.get(fact.name));
    return { ...base(fact), ...outcome };
  });
}

/** Checks one expected fact against the final answer, without the tool results (no hedge of competitors, no dump of values). */
export function checkFact(fact: FactSpec, expected: FactValue, answer: string): FactCheck {
  const [check] = checkAnswer([fact], { [fact.name]: expected }, answer);
  return check ?? { name: fact.name, kind: fact.kind, unit: fact.unit ?? null, expected, found: false, failure: "missing" };
}
