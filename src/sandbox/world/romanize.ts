/**
 * Revised Romanization of Korean for the English addresses juso returns (engAddr): syllables
 * with liaison and the common sound changes at syllable joins (종로 Jongno, 선릉 Seolleung,
 * 왕십리 Wangsimni), and address units hyphenated (Gangnam-gu, Teheran-ro, Samseong-ro 51-gil).
 */

const INITIALS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"];
const MEDIALS = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "eu", "ui", "i"];
/** Final consonant as pronounced at the end of a syllable. */
const FINALS = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng", "t", "t", "k", "t", "p", "t"];
/** Final consonant carried over to a following vowel (liaison), as an initial. */
const LIAISON = ["", "g", "kk", "ks", "n", "nj", "n", "d", "r", "lg", "lm", "lb", "ls", "lt", "lp", "r", "m", "b", "bs", "s", "ss", "", "j", "ch", "k", "t", "p", ""];

const INITIAL_SILENT = 11; // ㅇ
const INITIAL_N = 2; // ㄴ
const INITIAL_R = 5; // ㄹ
const INITIAL_M = 6; // ㅁ

interface Syllable {
  initial: number;
  medial: number;
  final: number;
}

function decompose(ch: string): Syllable | null {
  const code = ch.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return null;
  return { initial: Math.floor(code / 588), medial: Math.floor((code % 588) / 28), final: code % 28 };
}

/** Romanizes a run of Hangul syllables (other characters pass through unchanged). */
export function romanizeWord(word: string): string {
  const chars = [...word];
  const syllables = chars.map(decompose);
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const s = syllables[i];
    if (!s) {
      out += chars[i];
      continue;
    }
    const prev = i > 0 ? syllables[i - 1] : null;
    const next = i + 1 < chars.length ? syllables[i + 1] : null;
    let initial = INITIALS[s.initial] ?? "";
    if (prev) {
      const pf = FINALS[prev.final] ?? "";
      if (s.initial === INITIAL_SILENT && prev.final !== 0 && pf !== "ng") initial = LIAISON[prev.final] ?? "";
      else if (s.initial === INITIAL_R && (pf === "l" || pf === "n")) initial = "l";
      else if (s.initial === INITIAL_R && pf !== "") initial = "n";
    }
    let final = FINALS[s.final] ?? "";
    if (next && s.final !== 0) {
      if (next.initial === INITIAL_SILENT && final !== "ng") final = "";
      else if (next.initial === INITIAL_R && final === "n") final = "l";
      else if (next.initial === INITIAL_N && final === "l") final = "l";
      else if (next.initial === INITIAL_N || next.initial === INITIAL_M || next.initial === INITIAL_R) {
        if (final === "k") final = "ng";
        else if (final === "p") final = "m";
        else if (final === "t") final = "n";
      }
    }
    // ㄹ before ㄴ is pronounced [ㄹ]: 설날 seollal.
    if (prev && s.initial === INITIAL_N && FINALS[prev.final] === "l") initial = "l";
    out += initial + (MEDIALS[s.medial] ?? "") + final;
  }
  return out;
}

const capitalise = (text: string) => (text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1));

const UNIT_SUFFIX: Record<string, string> = { 구: "gu", 시: "si", 군: "gun", 동: "dong", 읍: "eup", 면: "myeon", 가: "ga", 도: "do" };

/** 강남구 → Gangnam-gu, 성남시 분당구 → Bundang-gu, Seongnam-si (English order, smallest first). */
export function romanizeDistrict(name: string): string {
  return name
    .split(" ")
    .filter(Boolean)
    .reverse()
    .map((part) => {
      const unit = UNIT_SUFFIX[part.slice(-1)];
      if (unit && part.length > 1) return `${capitalise(romanizeWord(part.slice(0, -1)))}-${unit}`;
      return capitalise(romanizeWord(part));
    })
    .join(", ");
}

/** Road names built on loanwords keep their official English spelling rather than a transliteration. */
const LOANWORD_STEMS: Record<string, string> = {
  올림픽: "Olympic",
  마린시티: "Marine City",
  센트럴: "Central",
  인천타워: "Incheon Tower",
  청라커낼: "Cheongna Canal",
};

const stemOf = (stem: string) => LOANWORD_STEMS[stem] ?? capitalise(romanizeWord(stem));

/** 테헤란로 → Teheran-ro, 삼성로51길 → Samseong-ro 51-gil, 도움6로 → Doum 6-ro, 세종대로 → Sejong-daero, 63로 → 63-ro. */
export function romanizeRoad(road: string): string {
  const branch = /^(.+?(?:대로|로|길))(\d+)(번?길)$/.exec(road);
  if (branch) {
    const [, base = "", no = "", gil = ""] = branch;
    return `${romanizeRoad(base)} ${no}${gil === "번길" ? "beon-gil" : "-gil"}`;
  }
  const numberOnly = /^(\d+)(대로|로|길)$/.exec(road);
  if (numberOnly) {
    const [, no = "", unit = ""] = numberOnly;
    return `${no}-${unitOf(unit)}`;
  }
  const numbered = /^(.*\D)(\d+)(대로|로|길)$/.exec(road);
  if (numbered) {
    const [, stem = "", no = "", unit = ""] = numbered;
    return `${stemOf(stem)} ${no}-${unitOf(unit)}`;
  }
  const plain = /^(.+?)(대로|로|길)$/.exec(road);
  if (plain) {
    const [, stem = "", unit = ""] = plain;
    return `${stemOf(stem)}-${unitOf(unit)}`;
  }
  return capitalise(romanizeWord(road));
}

function unitOf(unit: string): string {
  return unit === "대로" ? "daero" : unit === "로" ? "ro" : "gil";
}
