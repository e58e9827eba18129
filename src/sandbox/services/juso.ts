/**
 * 행정안전부 주소기반산업지원서비스: 도로명주소 검색 (addrLinkApi.do) and 좌표제공 (addrCoordApi.do).
 * Everything is sent as strings (totalCount too); the search validates its keyword like the real
 * service (E0005 empty, E0006 only a 시도, E0008 one character, E0013 forbidden characters or SQL
 * words) and finds buildings by road name, number, building name, 법정동 or whole address.
 */
import { wgs84ToUtmk } from "../../geo/projections";
import { integer, required, requiredMatching, ServiceFault, type SandboxOperation, type SandboxRequest } from "../operation";
import { JUSO_ADDRESSES } from "../world/address-book";
import type { Address } from "../world/addresses";
import { SIDOS } from "../world/regions";

const FORBIDDEN_CHARS = /[%=><[\]]/;
const SQL_WORDS = /(^|\s)(OR|SELECT|INSERT|DELETE|UPDATE|CREATE|DROP|EXEC|UNION|FETCH|DECLARE|TRUNCATE)(\s|$)/i;

/** Every way a 시도 is written on its own: 서울, 서울시, 서울특별시. */
const SIDO_NAMES = new Set(SIDOS.flatMap((s) => [s.name, s.short, `${s.short}시`, `${s.short}도`]));

/** Colloquial 시도 names inside a longer keyword (서울시 강남구, 세종시 도움6로) read as the short name. */
const SIDO_ALIASES = new Map<string, string>(SIDOS.flatMap((s) => [[`${s.short}시`, s.short] as const, [`${s.short}도`, s.short] as const]));

/** The searchable text of an address: road and lot addresses, building and 동 names, aliases. */
function haystackOf(address: Address): string {
  return [address.roadAddrPart1, address.roadAddrPart2, address.jibunAddr, address.sido.short, ...address.aliases, ...address.details].join(" ").replace(/\s+/g, "");
}

/** Numbers an address answers to: building number (152, 32-14) and lot number (737, 2-12). */
function numbersOf(address: Address): Set<string> {
  const build = address.buldSlno > 0 ? `${address.buldMnnm}-${address.buldSlno}` : String(address.buldMnnm);
  const lot = `${address.lnbrMnnm}${address.lnbrSlno > 0 ? `-${address.lnbrSlno}` : ""}`;
  // A mountain lot answers to "산 56-2" (two tokens) as well as "산56-2".
  return new Set([build, lot, `${address.mtYn === "1" ? "산" : ""}${lot}`, String(address.buldMnnm), String(address.lnbrMnnm)]);
}

interface Indexed {
  address: Address;
  text: string;
  numbers: Set<string>;
}

const INDEX: readonly Indexed[] = JUSO_ADDRESSES.map((address) => ({ address, text: haystackOf(address), numbers: numbersOf(address) }));

const NUMBER_TOKEN = /^산?\d+(-\d+)?(번지)?$/;

function tokenMatches(entry: Indexed, raw: string): boolean {
  const token = SIDO_ALIASES.get(raw) ?? raw;
  if (NUMBER_TOKEN.test(token)) return entry.numbers.has(token.replace(/번지$/, ""));
  if (entry.text.includes(token)) return true;
  // "테헤란로152": a road name glued to its building number.
  const glued = /^(.*\D)(\d+(?:-\d+)?)$/.exec(token);
  if (glued) {
    const [, words = "", number = ""] = glued;
    return entry.text.includes(words) && entry.numbers.has(number);
  }
  return false;
}

/**
 * Validates a keyword the way the real service does and returns its tokens. The detail part of an
 * address after a comma (", 3층", ", 101동 202호") is not part of the road address and is not searched.
 */
function keywordTokens(request: SandboxRequest): string[] {
  const keyword = required(request, "keyword").replace(/,[^()]*/g, " ").replace(/\s+/g, " ").trim();
  if (FORBIDDEN_CHARS.test(keyword) || SQL_WORDS.test(keyword)) throw new ServiceFault("forbidden_chars", "keyword");
  if ([...keyword].length < 2) throw new ServiceFault("too_short", "keyword");
  if (SIDO_NAMES.has(keyword)) throw new ServiceFault("too_vague", "keyword");
  return keyword.split(" ").filter(Boolean);
}

/** One juso row, every value a string, fields in the order the real service sends them. */
function jusoRow(a: Address): Record<string, string> {
  return {
    detBdNmList: a.details.join(","),
    engAddr: a.engAddr,
    rn: a.road,
    emdNm: a.dong.name,
    zipNo: a.zipNo,
    roadAddrPart2: a.roadAddrPart2,
    emdNo: "01",
    sggNm: a.sigungu.name === a.sido.name ? "" : a.sigungu.name,
    jibunAddr: a.jibunAddr,
    siNm: a.sido.name,
    roadAddrPart1: a.roadAddrPart1,
    bdNm: a.bdNm,
    admCd: a.admCd,
    udrtYn: a.udrtYn,
    lnbrMnnm: String(a.lnbrMnnm),
    roadAddr: `${a.roadAddrPart1}${a.roadAddrPart2}`,
    lnbrSlno: String(a.lnbrSlno),
    buldMnnm: String(a.buldMnnm),
    bdKdcd: a.apartment ? "1" : "0",
    liNm: "",
    rnMgtSn: a.rnMgtSn,
    mtYn: a.mtYn,
    bdMgtSn: a.bdMgtSn,
    buldSlno: String(a.buldSlno),
  };
}

function search(request: SandboxRequest): Record<string, string>[] {
  const tokens = keywordTokens(request);
  const compact = tokens.join("");
  // The building named, then an address whose road is one of the words (종로 before 종로35가길 in 종로구).
  const rank = (a: Address) => 2 * Number(a.bdNm === compact) + Number(tokens.includes(a.road));
  return INDEX.filter((entry) => tokens.every((token) => tokenMatches(entry, token)))
    .map((entry) => entry.address)
    .sort((a, b) => rank(b) - rank(a) || a.admCd.localeCompare(b.admCd) || a.road.localeCompare(b.road) || a.buldMnnm - b.buldMnnm)
    .map(jusoRow);
}

function coordinates(request: SandboxRequest): Record<string, string>[] {
  const admCd = requiredMatching(request, "admCd", /^\d{10}$/);
  const rnMgtSn = requiredMatching(request, "rnMgtSn", /^\d{12}$/);
  const udrtYn = requiredMatching(request, "udrtYn", /^[01]$/);
  // Building numbers arrive as sent by juso ("110") or zero-padded by some clients ("0110").
  const buldMnnm = integer(request, "buldMnnm", { min: 0 });
  const buldSlno = integer(request, "buldSlno", { min: 0 });
  const found = JUSO_ADDRESSES.find((a) => a.admCd === admCd && a.rnMgtSn === rnMgtSn && a.udrtYn === udrtYn && a.buldMnnm === buldMnnm && a.buldSlno === buldSlno);
  if (!found) return [];
  const point = wgs84ToUtmk(found.position);
  return [
    {
      admCd: found.admCd,
      rnMgtSn: found.rnMgtSn,
      bdMgtSn: found.bdMgtSn,
      udrtYn: found.udrtYn,
      buldMnnm: String(found.buldMnnm),
      buldSlno: String(found.buldSlno),
      entX: String(point.x),
      entY: String(point.y),
      bdNm: found.bdNm,
    },
  ];
}

const common = {
  host: "business.juso.go.kr",
  method: "GET",
  key: { in: "query", names: ["confmKey"] },
  format: { in: "query", name: "resultType", default: "xml" },
  envelope: { family: "juso" },
} as const satisfies Partial<SandboxOperation>;

export const JUSO_OPERATIONS: SandboxOperation[] = [
  {
    ...common,
    id: "juso.addrLinkApi",
    provider: "juso_search",
    keyKind: "juso_search",
    path: "/addrlink/addrLinkApi.do",
    pagination: { style: "page", pageParam: "currentPage", sizeParam: "countPerPage", defaultSize: 10, maxSize: 100 },
    handle: search,
  },
  {
    ...common,
    id: "juso.addrCoordApi",
    provider: "juso_coord",
    keyKind: "juso_coord",
    path: "/addrlink/addrCoordApi.do",
    pagination: { style: "none" },
    handle: coordinates,
  },
];
