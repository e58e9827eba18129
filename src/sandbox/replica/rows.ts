/**
 * The records of an imported operation, deterministic per operation. A record is one entity of the
 * shared world when the operation's fields are about one (a hospital when it names institutions, a
 * business when it carries business numbers or names, a place when it has addresses, codes or
 * coordinates), so that its address resolves in juso, its business number in NTS and its
 * coordinates fall in the right grid cell: imported tools link to the built-in ones. Fields the
 * world knows nothing about take the definition's measured samples and ranges, with its null rates.
 */
import { wgs84ToUtmk, haversineMetres, type LatLon } from "../../geo/projections";
import { hash32, seededRandom } from "../../util/random";
import type { ReplicaField, ReplicaModel } from "../../catalog/import/model";
import type { Row } from "../operation";
import { dongBuilding } from "../world/address-book";
import type { Address } from "../world/addresses";
import { ADDRESSES } from "../world/buildings";
import { BUSINESSES, corporateName, type Business } from "../world/businesses";
import { HOSPITALS, PHARMACIES, type Institution } from "../world/hospitals";
import { DONGS, sidoOf, sigunguOf, type Dong } from "../world/regions";
import { postalCode, telephone } from "../world/streets";

export type EntityKind = "hospital" | "pharmacy" | "business" | "place" | "plain";

/** One world entity: a value per semantic tag, the text a search runs over, and where it is. */
interface Entity {
  values: Readonly<Record<string, string | number>>;
  text: string;
  at: LatLon | null;
}

function placeValues(dong: Pick<Dong, "code" | "name">, road: string, jibun: string, zip: string, at: LatLon, phone: string): Record<string, string | number> {
  const lawdCd = dong.code.slice(0, 5);
  const sigungu = sigunguOf(lawdCd);
  const sido = sidoOf(dong.code);
  const utmk = wgs84ToUtmk(at);
  return {
    "region.address_road": road,
    "region.address_jibun": jibun,
    "region.zip5": zip,
    "geo.wgs84.lat": Number(at.lat.toFixed(6)),
    "geo.wgs84.lon": Number(at.lon.toFixed(6)),
    "geo.utmk.x": Number(utmk.x.toFixed(2)),
    "geo.utmk.y": Number(utmk.y.toFixed(2)),
    "region.bjd_cd10": dong.code,
    "region.emd_cd8": dong.code.slice(0, 8),
    "region.lawd_cd5": lawdCd,
    "region.sido_cd2": dong.code.slice(0, 2),
    "region.sido_name": sido?.short ?? "",
    "region.sido_fullname": sido?.name ?? "",
    "region.sigungu_name": sigungu?.name ?? "",
    "region.umd_name": dong.name,
    "contact.phone": phone,
  };
}

function place(a: Address): Entity {
  return {
    values: placeValues(a.dong, `${a.roadAddrPart1}${a.roadAddrPart2}`, a.jibunAddr, a.zipNo, a.position, telephone(a.dong, a.id)),
    text: `${a.roadAddrPart1}${a.roadAddrPart2} ${a.jibunAddr} ${a.bdNm}`,
    at: a.position,
  };
}

function places(): Entity[] {
  // One more building per 법정동, so that a search by any dong of the world finds something there;
  // juso knows it, so an address a register gives resolves.
  const perDong = DONGS.flatMap((dong) => {
    const building = dongBuilding(dong.code);
    return building ? [building] : [];
  });
  return [...ADDRESSES, ...perDong].map(place);
}

/** Hospitals or pharmacies of the world; a pharmacy's name is also the business name its licence gives. */
function institutions(list: readonly Institution[]): Entity[] {
  return list.map((h) => {
    const dong = DONGS.find((d) => d.sigungu === h.sigungu && d.name === h.emdongNm) ?? DONGS.find((d) => d.sigungu === h.sigungu);
    const base = dong ? placeValues(dong, h.addr, h.addr, h.postNo, h.position, h.telno) : {};
    return { values: { ...base, "hira.name": h.name, "facility.name": h.name, "biz.name": h.name, "region.address_road": h.addr, "contact.phone": h.telno }, text: `${h.name} ${h.addr}`, at: h.position };
  });
}

function businessEntity(b: Business, name: string): Entity {
  return {
    values: {
      ...placeValues(b.dong, b.address, b.address, postalCode(b.dong, b.bNo), b.dong.center, telephone(b.dong, b.bNo)),
      "biz.b_no10": b.bNo,
      "biz.name": name,
      "facility.name": name,
      ...(b.corpNo ? { "biz.corp_no13": b.corpNo } : {}),
    },
    text: `${name} ${b.address} ${b.bNo}`,
    at: b.dong.center,
  };
}

/**
 * The businesses a register lists. A register of one trade (화장품 제조업) lists the world's
 * businesses of that industry where the world has one (의약품 for a register of drug makers); where
 * it has none, one business per name stem, named for the trade (주식회사 한빛화장품), not a 국밥
 * restaurant passed off as a cosmetics maker. Numbers and addresses stay the world's, so the
 * business number still resolves in NTS.
 */
function businesses(trade: string | undefined): Entity[] {
  if (!trade) return BUSINESSES.map((b) => businessEntity(b, b.name));
  const ofTrade = BUSINESSES.filter((b) => trade.includes(b.industry.name.split(" ")[0] ?? b.industry.name));
  if (ofTrade.length > 0) return ofTrade.map((b) => businessEntity(b, b.name));
  const stems = new Set<string>();
  return BUSINESSES.flatMap((b) => {
    if (stems.has(b.stem)) return [];
    stems.add(b.stem);
    const base = `${b.stem}${trade}`;
    return [businessEntity(b, b.corporate ? corporateName(base, b.bNo) : base)];
  });
}

const populations = new Map<string, Entity[]>();

function population(kind: EntityKind, trade: string | undefined): Entity[] {
  const key = kind === "business" ? `${kind}:${trade ?? ""}` : kind;
  let found = populations.get(key);
  if (!found) {
    found = kind === "hospital" ? institutions(HOSPITALS) : kind === "pharmacy" ? institutions(PHARMACIES) : kind === "business" ? businesses(trade) : kind === "place" ? places() : [];
    populations.set(key, found);
  }
  return found;
}

const PLACE_TAGS = /^(region\.|geo\.)/;

export function entityKind(model: Pick<ReplicaModel, "fields" | "params">): EntityKind {
  const tags = new Set([...model.fields.flatMap((f) => f.tags), ...model.params.flatMap((p) => p.tags)]);
  // A licence register of pharmacies names them as businesses: its measured names say what it lists.
  const names = model.fields.filter((f) => f.tags.some((t) => t === "biz.name" || t === "hira.name" || t === "facility.name")).flatMap((f) => f.samples);
  if (names.length > 0 && names.filter((n) => /약국$/.test(n)).length * 2 > names.length) return "pharmacy";
  if (tags.has("hira.name")) return "hospital";
  if (tags.has("biz.b_no10") || tags.has("biz.name")) return "business";
  if ([...tags].some((t) => PLACE_TAGS.test(t))) return "place";
  return "plain";
}

/** A value written the way the field's samples are (fixed width digits, dates, decimals). */
function fromRange(field: ReplicaField, random: () => number): string | number | null {
  const range = field.range;
  if (!range) return null;
  const value = range.min + (range.max - range.min) * random();
  if (field.type === "number") return Number(value.toFixed(2));
  if (field.type === "integer" || range.integer) {
    const int = Math.round(value);
    if (field.type === "string" && field.width > 0) return String(int).padStart(field.width, "0");
    return field.type === "string" ? String(int) : int;
  }
  return field.type === "string" ? String(value) : value;
}

function sampleValue(model: ReplicaModel, field: ReplicaField, index: number): string | number | boolean | null {
  const random = seededRandom(`${model.tool}|${field.name}|${index}`);
  if (field.nullRate >= 1) return null;
  if (random() < field.nullRate) return null;
  if (field.samples.length > 0) {
    const sample = field.samples[(index + hash32(field.name)) % field.samples.length] ?? "";
    if (field.type === "integer" || field.type === "number") {
      const n = Number(sample.replace(/[,\s]/g, ""));
      return Number.isFinite(n) ? n : null;
    }
    if (field.type === "boolean") return /^(y|true|1)$/i.test(sample);
    return sample;
  }
  return fromRange(field, random);
}

const FACILITY_KIND = /(도서관|우체국|교육장|센터|사무소|지사|복지관|시설)$/;

/** The ending the measured names share (도서관, 우체국, 교육장), for names made from a place. */
function commonSuffix(samples: readonly string[]): string {
  // "성남교육장(재교육)" is a 교육장: what follows in brackets is no part of the kind.
  const names = samples.map((s) => s.replace(/\s*\([^)]*\)\s*$/, "").trim()).filter((s) => s !== "");
  const first = names[0];
  if (!first) return "";
  if (names.length === 1) return FACILITY_KIND.exec(first)?.[1] ?? "";
  let length = 0;
  while (length < first.length && names.every((n) => n.length > length && n[n.length - 1 - length] === first[first.length - 1 - length])) length++;
  if (length >= 2) return first.slice(first.length - length);
  // Branches of several kinds (HF기업금융센터, 강원동부지사, 강원서부지사): the kind most of them are.
  const counts = new Map<string, number>();
  for (const n of names) {
    const kind = FACILITY_KIND.exec(n)?.[1];
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const [most, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  return count * 2 > names.length ? most : "";
}

function worldValue(field: ReplicaField, entity: Entity): string | number | null {
  if (field.tags.includes("facility.name") && entity.values["facility.name"] === undefined) {
    // A facility of a place is named after its dong, as public facilities are (문래동도서관).
    const suffix = commonSuffix(field.samples);
    const dong = entity.values["region.umd_name"];
    if (suffix && typeof dong === "string" && dong) return `${dong.replace(/동$/, "")}${suffix}`;
  }
  for (const tag of field.tags) {
    const value = entity.values[tag];
    if (value === undefined || value === "") continue;
    if (field.type === "number" || field.type === "integer") return typeof value === "number" ? value : Number(value);
    return String(value);
  }
  return null;
}

export interface ReplicaRecord {
  row: Row;
  entity: Entity | null;
}

const cache = new Map<string, ReplicaRecord[]>();

/** Tags of a field naming an institution, a facility or a business. */
const NAME_TAGS = new Set(["facility.name", "hira.name", "biz.name"]);

/** Every record of the operation, in a stable order (memoised per tool version). */
export function recordsOf(model: ReplicaModel): ReplicaRecord[] {
  const key = `${model.tool}@${model.version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const kind = entityKind(model);
  const entities = population(kind, model.trade);
  const count = entities.length > 0 ? Math.min(entities.length, 5000) : Math.min(model.rows, 1000);
  const offset = entities.length > 0 ? hash32(model.path) % entities.length : 0;
  const records: ReplicaRecord[] = [];
  // A row is one named entity: names the world does not give come from the definition's few
  // samples (or a dong: 문래도서관), and a register of entities does not list one name twice (a
  // request naming it could mean either).
  const nameField = entities.length > 0 ? model.fields.find((f) => f.type === "string" && f.tags.some((t) => NAME_TAGS.has(t))) : undefined;
  const named = new Set<string>();
  for (let i = 0; i < count; i++) {
    const entity = entities.length > 0 ? (entities[(offset + i) % entities.length] ?? null) : null;
    const row: Row = {};
    for (const field of model.fields) {
      const world = entity ? worldValue(field, entity) : null;
      // A world value keeps the field's measured sparseness (a business number missing in 36% of rows).
      const blank = field.nullRate >= 1 || (world !== null && seededRandom(`${model.tool}|${field.name}|null|${i}`)() < field.nullRate);
      row[field.name] = blank ? null : (world ?? sampleValue(model, field, i));
    }
    const name = nameField ? row[nameField.name] : null;
    if (typeof name === "string" && name !== "") {
      if (named.has(name)) continue;
      named.add(name);
    }
    records.push({ row, entity });
  }
  if (cache.size > 200) cache.clear();
  cache.set(key, records);
  return records;
}

const squash = (value: unknown) => String(value ?? "").toLowerCase().replace(/[^0-9a-z가-힣]/g, "");

/** Records that satisfy the request's filters; coordinates (lat/lon parameters) keep those within the radius. */
export function filterRecords(model: ReplicaModel, records: readonly ReplicaRecord[], query: Record<string, string>): ReplicaRecord[] {
  let out = [...records];
  for (const param of model.params) {
    const value = query[param.wire];
    if (value === undefined || value.trim() === "" || !param.filters) continue;
    const { field, match } = param.filters;
    const wanted = squash(value);
    const addressField = model.fields.find((f) => f.name === field)?.tags.some((t) => t.startsWith("region.address")) === true;
    out = out.filter(({ row, entity }) => {
      const own = squash(row[field]);
      if (match === "equal") return own === wanted;
      return own.includes(wanted) || (addressField && entity !== null && squash(entity.text).includes(wanted));
    });
  }
  const lat = model.params.find((p) => p.tags.includes("geo.wgs84.lat") && !p.filters);
  const lon = model.params.find((p) => p.tags.includes("geo.wgs84.lon") && !p.filters);
  const latValue = lat ? Number(query[lat.wire]) : Number.NaN;
  const lonValue = lon ? Number(query[lon.wire]) : Number.NaN;
  if (Number.isFinite(latValue) && Number.isFinite(lonValue)) {
    const radius = Number(query["radius"] ?? 500) || 500;
    const centre = { lat: latValue, lon: lonValue };
    out = out.filter(({ entity }) => entity?.at !== null && entity?.at !== undefined && haversineMetres(centre, entity.at) <= radius);
  }
  return out;
}
