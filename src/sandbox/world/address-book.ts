/**
 * Every address the sandbox world hands out, as the juso address base holds it: the buildings
 * declared as address seeds (landmarks, apartment complexes), and the road addresses of hospitals,
 * pharmacies, workplaces, tour content and AirKorea stations, each resolved into the same Address
 * record at the position its institution stands at. So an address read from any service is found
 * by juso_search and located by juso_coordinates where that service put it.
 */
import { haversineMetres, type LatLon } from "../../geo/projections";
import { hash32 } from "../../util/random";
import { addressIn, type Address, type AddressRegion } from "./addresses";
import { AIR_STATIONS } from "./air-stations";
import { ADDRESSES } from "./buildings";
import { BUSINESSES, type Business } from "./businesses";
import { HOSPITALS, PHARMACIES } from "./hospitals";
import { DONGS, sidoOf, sigunguOf } from "./regions";
import { dongRoad, roadAddress } from "./streets";
import { TOUR_CONTENT } from "./tour";

/** An address as some service writes it, with what the service knows of its place. */
export interface EmittedAddress {
  id: string;
  /** "서울특별시 강남구 일원로 69, 3층 (일원동)", "서울 종로구 종로35가길 19", "부산광역시 기장군 용궁길 86" */
  text: string;
  /** 5-digit 시군구 code. */
  lawd: string;
  /** The 법정동 the service names, when it names one. */
  dongName?: string;
  position: LatLon;
  zip?: string;
}

/** A dong of the backbone is taken for a place only when its centre is this close (else the district stands in). */
const NEAREST_DONG_METRES = 2500;

/** "서울특별시 강남구" / "서울 강남구" / "강원특별자치도 강릉시" off the front: the 시도, then the 시·군·구 names. */
function splitPlace(text: string): { sido: string; district: string[]; rest: string } {
  const tokens = text.trim().split(/\s+/);
  const sido = tokens.shift() ?? "";
  const district: string[] = [];
  while (tokens.length > 1 && /[시군구]$/.test(tokens[0] ?? "") && !/(로|길)$/.test(tokens[0] ?? "")) district.push(tokens.shift() ?? "");
  return { sido, district, rest: tokens.join(" ") };
}

/** The 시도 and 시군구 of a district, from the backbone or, outside it, from the address itself. */
function regionOf(address: EmittedAddress): Omit<AddressRegion, "dong"> {
  const { sido: sidoText, district } = splitPlace(address.text);
  const known = sidoOf(address.lawd);
  const sigungu = sigunguOf(address.lawd);
  const sido = known ?? { code: address.lawd.slice(0, 2), name: sidoText, short: sidoText.slice(0, 2) };
  return { sido, sigungu: sigungu && sigungu.code === address.lawd ? sigungu : { code: address.lawd, name: district.length > 0 ? district.join(" ") : sido.name } };
}

/** The 법정동 of a place: the one the service names, else the nearest of its district, else the district itself. */
function dongFor(address: EmittedAddress): AddressRegion["dong"] {
  const dongs = DONGS.filter((d) => d.sigungu === address.lawd);
  if (address.dongName !== undefined) {
    const named = dongs.find((d) => d.name === address.dongName);
    return named ?? { code: `${address.lawd}00000`, name: address.dongName, center: address.position };
  }
  const nearest = dongs
    .map((d) => ({ d, metres: haversineMetres(d.center, address.position) }))
    .filter((x) => x.metres <= NEAREST_DONG_METRES)
    .sort((a, b) => a.metres - b.metres)[0];
  return nearest?.d ?? { code: `${address.lawd}00000`, name: "", center: address.position };
}

/** The road part after the 시도 and 시군구: a road address, or a lot address in a named dong (or 리), after any 읍·면. */
type Parsed = { kind: "road"; township: string; road: string; no: number; sub: number } | { kind: "lot"; place: string; mountain: boolean; bun: number; ji: number };

export function parseRest(rest: string): Parsed | null {
  const tokens = rest.split(/\s+/).filter(Boolean);
  const towns: string[] = [];
  // 읍·면 (and a dong written before its road: "여좌동 여좌천로 21-2") come before the road or lot.
  while (tokens.length > 2 && (/[읍면]$/.test(tokens[0] ?? "") || (/[동리가]$/.test(tokens[0] ?? "") && /(로|길)$/.test(tokens[1] ?? "")))) towns.push(tokens.shift() ?? "");
  const [first = "", ...after] = tokens;
  const number = (text: string) => /^(\d+)(?:-(\d+))?(?:번지)?$/.exec(text);
  if (/(동|가|리)$/.test(first) && !/(로|길)$/.test(first)) {
    const mountain = after[0] === "산" || /^산\d/.test(after[0] ?? "");
    const lot = number((mountain ? after.slice(after[0] === "산" ? 1 : 0).join("").replace(/^산/, "") : after[0]) ?? "");
    if (!lot) return null;
    return { kind: "lot", place: [...towns, first].join(" "), mountain, bun: Number(lot[1]), ji: Number(lot[2] ?? 0) };
  }
  if (!/(로|길)$/.test(first)) return null;
  // "차이나타운로 59번길 12" is the road 차이나타운로59번길.
  const joined = /^\d+번?길$/.test(after[0] ?? "") ? [`${first}${after[0]}`, ...after.slice(1)] : [first, ...after];
  const building = number(joined[1] ?? "");
  if (!building) return null;
  return { kind: "road", township: towns.join(" "), road: joined[0] ?? first, no: Number(building[1]), sub: Number(building[2] ?? 0) };
}

/**
 * The Address of an emitted address, or null for text that names no building (a riverside, a lake).
 * `shift` moves the building number a lot address is given on its dong's road (when it is taken).
 */
export function resolveEmitted(address: EmittedAddress, shift = 0): Address | null {
  const parsed = parseRest(splitPlace(address.text).rest.replace(/,.*$/, "").replace(/\s*\(.*\)$/, ""));
  if (!parsed) return null;
  // A lot address names its dong (or 읍·면 and 리); a road address in a 읍·면 names the township.
  const named = parsed.kind === "lot" ? parsed.place : parsed.township || undefined;
  const dong = dongFor({ ...address, ...(address.dongName === undefined && named ? { dongName: named } : {}) });
  const region = { ...regionOf(address), dong };
  const h = hash32(`lot:${address.id}`);
  const common = { id: address.id, dong: dong.code, name: "", apartment: false, ...(address.zip ? { zip: address.zip } : {}), at: address.position };
  if (parsed.kind === "road") {
    return addressIn({ ...common, road: parsed.road, no: parsed.no, sub: parsed.sub, bun: 1 + (h % 900), ji: h % 7 === 0 ? 1 + (h % 30) : 0 }, region, true);
  }
  // A lot address only: its building gets a number on the dong's own road.
  return addressIn({ ...common, road: dongRoad(dong.name || parsed.place), no: 1 + ((h + shift) % 400), bun: parsed.bun, ji: parsed.ji, mountain: parsed.mountain }, region, true);
}

/** Where a workplace stands: near its dong's centre (NPS publishes no position, so only juso says where). */
export function workplacePosition(b: Business): LatLon {
  const h = hash32(`workplace:${b.bNo}`);
  return { lat: Number((b.dong.center.lat + ((h % 200) - 100) / 50_000).toFixed(6)), lon: Number((b.dong.center.lon + (((h >>> 8) % 200) - 100) / 40_000).toFixed(6)) };
}

function emitted(): EmittedAddress[] {
  const institutions = [...HOSPITALS, ...PHARMACIES].map((i) => ({ id: `hira:${i.ykiho}`, text: i.addr, lawd: i.sigungu, dongName: i.emdongNm, position: i.position, zip: i.postNo }));
  const workplaces = BUSINESSES.map((b) => ({ id: `nps:${b.bNo}`, text: b.address, lawd: b.dong.sigungu, dongName: b.dong.name, position: workplacePosition(b) }));
  const tour = TOUR_CONTENT.map((c) => ({ id: `tour:${c.contentid}`, text: c.addr1, lawd: c.place.lawd, position: { lat: c.lat, lon: c.lon }, zip: c.zipcode }));
  const stations = AIR_STATIONS.map((s) => ({ id: `air:${s.stationName}`, text: s.addr, lawd: s.sigungu, position: s.position }));
  // One building at every 법정동's centre, where imported registers put the offices of a dong.
  const dongs = DONGS.map((d) => ({ id: dongBuildingId(d.code), text: roadAddress(d, dongBuildingId(d.code)), lawd: d.sigungu, dongName: d.name, position: d.center }));
  return [...institutions, ...workplaces, ...tour, ...stations, ...dongs];
}

const keyOf = (a: Pick<Address, "sigungu" | "road" | "buldMnnm" | "buldSlno">) => `${a.sigungu.code}|${a.road}|${a.buldMnnm}|${a.buldSlno}`;

function build(): Address[] {
  const book = new Map<string, Address>(ADDRESSES.map((a) => [keyOf(a), a]));
  for (const e of emitted()) {
    let address = resolveEmitted(e);
    // A lot address takes a free building number on its dong's road; two services at one road
    // number stand in one building, which the first one keeps.
    for (let shift = 1; address && book.has(keyOf(address)) && parseRest(splitPlace(e.text).rest)?.kind === "lot" && shift < 400; shift++) address = resolveEmitted(e, shift);
    if (address && !book.has(keyOf(address))) book.set(keyOf(address), address);
  }
  return [...book.values()];
}

/** Every address juso knows. */
export const JUSO_ADDRESSES: readonly Address[] = build();

function dongBuildingId(code: string): string {
  return `dong:${code}`;
}

const byId = new Map(JUSO_ADDRESSES.map((a) => [a.id, a]));

/** The building at a 법정동's centre, as juso knows it (none where another service's building took its number). */
export function dongBuilding(code: string): Address | undefined {
  return byId.get(dongBuildingId(code));
}
