/** Korean particles and the copula, which follow whether a word ends in a final consonant. */

/** Unit symbols as they are read: ℃ 도, % 퍼센트, m 미터 … (none ends in a final consonant). */
const SPOKEN_UNIT = /(℃|%|㎍\/㎥|m\/s|km|mm|m|㎡|ppm)$/;

function hasBatchim(word: string): boolean {
  const trimmed = word.trim().replace(/[)\]」』"']+$/, "");
  if (SPOKEN_UNIT.test(trimmed)) return false;
  const last = [...trimmed].reverse().find((ch) => /[가-힣0-9A-Za-z]/.test(ch));
  if (!last) return false;
  if (/[0-9]/.test(last)) return "013678".includes(last);
  if (/[A-Za-z]/.test(last)) return /[lmnr]/i.test(last);
  return (last.charCodeAt(0) - 0xac00) % 28 !== 0;
}

/** The word with its particle; each pair is written (after a final consonant)/(after a vowel). */
export function josa(word: string, pair: "을/를" | "이/가" | "은/는" | "과/와" | "으로/로"): string {
  const [withBatchim, without] = pair.split("/") as [string, string];
  // After ㄹ it is 로, not 으로: "228로" (이백이십팔), "서울로".
  if (pair === "으로/로" && endsInRieul(word)) return `${word}로`;
  return `${word}${hasBatchim(word) ? withBatchim : without}`;
}

function endsInRieul(word: string): boolean {
  const trimmed = word.trim().replace(/[)\]」』"']+$/, "");
  if (SPOKEN_UNIT.test(trimmed)) return false;
  const last = [...trimmed].reverse().find((ch) => /[가-힣0-9A-Za-z]/.test(ch));
  if (!last) return false;
  if (/[0-9]/.test(last)) return "178".includes(last);
  if (/[A-Za-z]/.test(last)) return /[lr]/i.test(last);
  return /[가-힣]/.test(last) && (last.charCodeAt(0) - 0xac00) % 28 === 8;
}

/** The word with its topic particle (은/는). */
export function topic(word: string): string {
  return josa(word, "은/는");
}

/** The word ending a 해요체 sentence with the copula: "3.4℃예요", "보람약국이에요". */
export function copula(word: string): string {
  return `${word}${hasBatchim(word) ? "이에요" : "예요"}`;
}


/** A distance in metres as Korean text writes it: 300m, 1km. */
export function metresText(metres: number): string {
  return metres >= 1000 ? `${metres / 1000}km` : `${metres}m`;
}
