/**
 * Street-level detail per 시군구 shared by the health and business worlds: the 3-digit prefix of
 * the district's 5-digit postal codes, the telephone area code, and road addresses that belong to
 * their dong. Most small roads are named after the dong they run through (일원로, 역삼로12길), so a
 * generated address takes its road from its dong's name, never a district road that may lie in
 * another dong.
 */
import { seededInt } from "../../util/random";
import { sidoOf, sigunguFullName, sigunguOf, type Dong } from "./regions";

const ZIP3: Record<string, string> = {
  "11110": "030", "11140": "045", "11170": "043", "11200": "047", "11215": "050", "11230": "025", "11260": "020", "11290": "027",
  "11305": "011", "11320": "013", "11350": "017", "11380": "034", "11410": "037", "11440": "040", "11470": "080", "11500": "077",
  "11530": "083", "11545": "085", "11560": "072", "11590": "069", "11620": "088", "11650": "067", "11680": "062", "11710": "055",
  "11740": "053", "26350": "480", "27260": "421", "28185": "219", "28260": "227", "30170": "352", "36110": "301", "41117": "166",
  "41135": "135", "41285": "104", "41287": "103", "50110": "631", "51110": "244", "51150": "254", "52111": "550", "52113": "548",
  "52130": "541",
};

const AREA_CODES: Record<string, string> = { "11": "02", "26": "051", "27": "053", "28": "032", "30": "042", "36": "044", "41": "031", "50": "064", "51": "033", "52": "063" };

/** First two digits of the postcodes of each 시도, for a district without a known prefix. */
const SIDO_ZIP2: Record<string, string> = {
  "11": "04", "26": "47", "27": "42", "28": "22", "29": "61", "30": "34", "31": "44", "36": "30", "41": "13",
  "43": "28", "44": "32", "46": "58", "47": "37", "48": "51", "50": "63", "51": "25", "52": "55",
};

function zip3Of(sigunguCode: string): string {
  return ZIP3[sigunguCode] ?? `${SIDO_ZIP2[sigunguCode.slice(0, 2)] ?? "10"}${Number(sigunguCode) % 10}`;
}

/**
 * The road named after a dong: 역삼동 → 역삼로, 목동 → 목동로 (a one-syllable stem keeps its 동),
 * 을지로6가 → 을지로, 안암동5가 → 안암로, 고복리 → 고복로.
 */
export function dongRoad(dongName: string): string {
  const name = (dongName.split(" ").pop() ?? dongName).replace(/\d+가$/, "");
  if (/(로|길)$/.test(name)) return name;
  const stem = /[동리]$/.test(name) && name.length > 2 ? name.slice(0, -1) : name;
  return `${stem}로`;
}

/**
 * "서울특별시 강남구 일원로 69" or "서울특별시 강남구 일원로12길 5-3" with numbers chosen by the seed:
 * the dong's own road or one of its numbered side streets.
 */
export function roadAddress(dong: Dong, seed: string): string {
  const sigungu = sigunguOf(dong.sigungu);
  const road = dongRoad(dong.name);
  const side = seededInt(`road-kind:${seed}`, 0, 9) < 6;
  const street = side ? `${road}${seededInt(`road-gil:${seed}`, 1, 40)}길` : road;
  const main = side ? seededInt(`road-no:${seed}`, 1, 60) : seededInt(`road-no:${seed}`, 2, 420);
  const sub = seededInt(`road-sub:${seed}`, 0, 9) < 7 ? "" : `-${seededInt(`road-sub-no:${seed}`, 1, 12)}`;
  return `${sigungu ? sigunguFullName(sigungu) : ""} ${street} ${main}${sub}`.trim();
}

/** A 5-digit postal code inside the district's real range. */
export function postalCode(dong: Dong, seed: string): string {
  return `${zip3Of(dong.sigungu)}${String(seededInt(`zip:${seed}`, 0, 99)).padStart(2, "0")}`;
}

/** A landline number with the 시도's area code, e.g. 02-3453-1234 or 031-712-4567. */
export function telephone(dong: Pick<Dong, "code">, seed: string): string {
  const area = AREA_CODES[sidoOf(dong.code)?.code ?? ""] ?? "02";
  const exchange = area === "02" ? seededInt(`tel-ex:${seed}`, 2000, 6999) : seededInt(`tel-ex:${seed}`, 200, 999);
  return `${area}-${exchange}-${String(seededInt(`tel-no:${seed}`, 0, 9999)).padStart(4, "0")}`;
}
