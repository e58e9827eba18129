/**
 * Road-name addresses of the sandbox world, as 행정안전부's address base holds them: a building
 * on a road (도로명 + 건물번호) on a lot (법정동 + 지번), with the road code (rnMgtSn), the building
 * management number (bdMgtSn), the postcode and a position near its dong centre. Apartment
 * complexes and landmark buildings are both declared as address seeds and resolved here, so the
 * juso search, the coordinates API, the building register and K-apt all describe one building.
 */
import { haversineMetres, type LatLon } from "../../geo/projections";
import { hash32, seededRandom } from "../../util/random";
import { dongOf, sidoOf, sigunguOf, type Dong, type Sido, type Sigungu } from "./regions";
import { romanizeDistrict, romanizeRoad } from "./romanize";

export interface AddressSeed {
  /** Stable id, e.g. `apt:헬리오시티` or `bld:서울특별시청`. */
  id: string;
  /** 10-digit 법정동 code the lot lies in. */
  dong: string;
  /** 도로명 (rn), e.g. 테헤란로, 삼성로51길. */
  road: string;
  /** 건물 본번 / 부번. */
  no: number;
  sub?: number;
  /** 지번 본번 / 부번; `mountain` for 산 lots. */
  bun: number;
  ji?: number;
  mountain?: boolean;
  /** 건물명 (bdNm); empty for buildings without a name. */
  name: string;
  /** 1 for 공동주택 (apartments), whose roadAddr carries the building name. */
  apartment: boolean;
  /** Real 5-digit postcode where known; otherwise one from the district's range. */
  zip?: string;
  /** Real position where known; used when it lies near the dong centre of the backbone. */
  at?: LatLon;
  /** Names people also search for (서울시청 for 서울특별시청). */
  aliases?: readonly string[];
  /** 상세건물명 list (apartment 동 names, annexes), as juso's detBdNmList. */
  details?: readonly string[];
}

/**
 * Where an address lies. Usually a 법정동 of the region backbone; outside it (a tour spot in a
 * district the backbone does not cover) the 시군구 itself, whose own 법정동 code ends in 00000.
 */
export interface AddressRegion {
  dong: Pick<Dong, "code" | "name" | "center">;
  sigungu: Pick<Sigungu, "code" | "name">;
  sido: Pick<Sido, "code" | "name" | "short">;
}

export interface Address extends AddressRegion {
  id: string;
  /** 10-digit 법정동 code (admCd). */
  admCd: string;
  road: string;
  /** 12-digit road management number: 시군구 code + 7-digit 도로명번호. */
  rnMgtSn: string;
  buldMnnm: number;
  buldSlno: number;
  udrtYn: "0" | "1";
  mtYn: "0" | "1";
  lnbrMnnm: number;
  lnbrSlno: number;
  bdNm: string;
  apartment: boolean;
  /** 25-digit building management number: 법정동 code, lot type, 4-digit 본번/부번, serial. */
  bdMgtSn: string;
  zipNo: string;
  position: LatLon;
  /** "서울특별시 강남구 테헤란로 152" */
  roadAddrPart1: string;
  /** " (역삼동)" or " (대치동, 은마아파트)" for apartments, with juso's leading space. */
  roadAddrPart2: string;
  /** "서울특별시 강남구 역삼동 737 강남파이낸스센터" */
  jibunAddr: string;
  /** "152, Teheran-ro, Gangnam-gu, Seoul" */
  engAddr: string;
  aliases: readonly string[];
  details: readonly string[];
}

/** Real 7-digit 도로명번호 of roads whose code is published in public samples. */
const KNOWN_ROAD_CODES: Record<string, string> = {
  세종대로: "2005001",
  서초대로: "2121002",
  이촌로: "3102008",
  분당로: "3180026",
  백현로: "3180022",
  한누리대로: "3258085",
};

/** 7-digit 도로명번호: 대로 2xxxxxx, 로 3xxxxxx, 길 4xxxxxx like the real numbering, stable per district. */
function roadNumber(sigungu: string, road: string): string {
  const known = KNOWN_ROAD_CODES[road];
  if (known) return known;
  const lead = road.endsWith("대로") ? "2" : road.endsWith("길") ? "4" : "3";
  return `${lead}${String(hash32(`road:${sigungu}:${road}`) % 1_000_000).padStart(6, "0")}`;
}

/** 기초구역번호 ranges per 시군구 (first and last postcode). */
const ZIP_RANGES: Record<string, [number, number]> = {
  "11110": [3000, 3199],
  "11140": [4500, 4699],
  "11170": [4300, 4499],
  "11200": [4700, 4899],
  "11215": [4900, 5199],
  "11230": [2400, 2699],
  "11260": [2000, 2299],
  "11290": [2700, 2899],
  "11305": [1000, 1299],
  "11320": [1300, 1499],
  "11350": [1600, 1999],
  "11380": [3300, 3499],
  "11410": [3600, 3799],
  "11440": [3900, 4199],
  "11470": [7900, 8099],
  "11500": [7500, 7899],
  "11530": [8200, 8399],
  "11545": [8500, 8699],
  "11560": [7200, 7499],
  "11590": [6900, 7099],
  "11620": [8700, 8899],
  "11650": [6500, 6899],
  "11680": [6000, 6399],
  "11710": [5500, 5899],
  "11740": [5200, 5399],
  "26350": [48000, 48199],
  "27260": [42000, 42299],
  "28185": [21900, 22099],
  "28260": [22600, 22899],
  "30170": [35200, 35399],
  "36110": [30000, 30199],
  "41117": [16500, 16799],
  "41135": [13400, 13699],
  "41285": [10300, 10499],
  "41287": [10200, 10399],
  "50110": [63000, 63399],
  "51110": [24200, 24499],
  "51150": [25400, 25699],
  "52111": [54900, 55199],
  "52113": [54800, 54999],
  "52130": [54000, 54199],
};

function zipOf(seed: AddressSeed): string {
  if (seed.zip) return seed.zip;
  const [lo, hi] = ZIP_RANGES[seed.dong.slice(0, 5)] ?? [10000, 19999];
  return String(lo + (hash32(`zip:${seed.dong}:${seed.road}`) % (hi - lo + 1))).padStart(5, "0");
}

/** English names of the 시도 as juso writes them at the end of engAddr. */
const SIDO_ENGLISH: Record<string, string> = {
  "11": "Seoul",
  "26": "Busan",
  "27": "Daegu",
  "28": "Incheon",
  "30": "Daejeon",
  "36": "Sejong-si",
  "41": "Gyeonggi-do",
  "50": "Jeju-do",
  "51": "Gangwon-do",
  "52": "Jeonbuk-do",
};

const NEAR_CENTRE_METRES = 1000;

/** The real position when it lies near the dong centre, else a point 80–350 m from the centre. */
function positionOf(seed: AddressSeed, dong: Pick<Dong, "center">): LatLon {
  if (seed.at && haversineMetres(seed.at, dong.center) <= NEAR_CENTRE_METRES) return seed.at;
  const rnd = seededRandom(`site:${seed.id}`);
  const angle = rnd() * 2 * Math.PI;
  const metres = 80 + rnd() * 270;
  const dLat = (metres / 111_000) * Math.sin(angle);
  const dLon = (metres / (111_000 * Math.cos((dong.center.lat * Math.PI) / 180))) * Math.cos(angle);
  return { lat: Number((dong.center.lat + dLat).toFixed(6)), lon: Number((dong.center.lon + dLon).toFixed(6)) };
}

const pad4 = (n: number) => String(n).padStart(4, "0");

/** Resolves a seed against the region backbone; throws on a dong the world does not have (a data bug). */
export function resolveAddress(seed: AddressSeed): Address {
  const dong = dongOf(seed.dong);
  const sigungu = sigunguOf(seed.dong);
  const sido = sidoOf(seed.dong);
  if (!dong || !sigungu || !sido) throw new Error(`address ${seed.id}: unknown 법정동 ${seed.dong}`);
  return addressIn(seed, { dong, sigungu, sido });
}

/**
 * An address in a given region (`seed.dong` is the region's 법정동 code). With `exact`, the position
 * is the one the seed gives (the building an institution or a spot already stands at).
 */
export function addressIn(seed: AddressSeed, region: AddressRegion, exact = false): Address {
  const { dong, sigungu, sido } = region;
  const sub = seed.sub ?? 0;
  const ji = seed.ji ?? 0;
  const number = sub > 0 ? `${seed.no}-${sub}` : String(seed.no);
  const lot = `${seed.mountain ? "산" : ""}${seed.bun}${ji > 0 ? `-${ji}` : ""}`;
  // 세종 has no 시군구 level: its addresses go straight from the 시도 to the road.
  const district = sigungu.name === sido.name ? "" : ` ${sigungu.name}`;
  const roadAddrPart1 = `${sido.name}${district} ${seed.road} ${number}`;
  // A district-level region has no 동 to name: juso then leaves the reference part empty.
  const roadAddrPart2 = dong.name === "" ? "" : seed.apartment && seed.name ? ` (${dong.name}, ${seed.name})` : ` (${dong.name})`;
  const jibunAddr = `${sido.name}${district}${dong.name ? ` ${dong.name}` : ""} ${lot}${seed.name ? ` ${seed.name}` : ""}`;
  const englishDistrict = sigungu.name === sido.name ? "" : `, ${romanizeDistrict(sigungu.name)}`;
  const engAddr = `${number}, ${romanizeRoad(seed.road)}${englishDistrict}, ${SIDO_ENGLISH[sido.code] ?? romanizeDistrict(sido.name)}`;
  const serial = String(hash32(`bdmgtsn:${seed.id}`) % 1_000_000).padStart(6, "0");
  return {
    id: seed.id,
    dong,
    sigungu,
    sido,
    admCd: seed.dong,
    road: seed.road,
    rnMgtSn: `${sigungu.code}${roadNumber(sigungu.code, seed.road)}`,
    buldMnnm: seed.no,
    buldSlno: sub,
    udrtYn: "0",
    mtYn: seed.mountain ? "1" : "0",
    lnbrMnnm: seed.bun,
    lnbrSlno: ji,
    bdNm: seed.name,
    apartment: seed.apartment,
    bdMgtSn: `${seed.dong}${seed.mountain ? "2" : "1"}${pad4(seed.bun)}${pad4(ji)}${serial}`,
    zipNo: zipOf(seed),
    position: exact && seed.at ? seed.at : positionOf(seed, dong),
    roadAddrPart1,
    roadAddrPart2,
    jibunAddr,
    engAddr,
    aliases: seed.aliases ?? [],
    details: seed.details ?? [],
  };
}

/** 4-digit zero-padded lot numbers as the building register takes them (bun/ji). */
export function lotNumbers(address: Address): { platGbCd: "0" | "1"; bun: string; ji: string } {
  return { platGbCd: address.mtYn, bun: pad4(address.lnbrMnnm), ji: pad4(address.lnbrSlno) };
}
