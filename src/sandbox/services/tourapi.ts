/**
 * 한국관광공사 TourAPI 4.0 (KorService2): area codes, area/keyword/location/festival lists and the
 * common and type-specific details. Mirrors the real service: MobileOS/MobileApp are mandatory,
 * `_type=json` switches from the XML default, success is "0000"/"OK", no rows is `items: ""`,
 * one row is a bare object, and every value in an item is a string.
 */
import { haversineMetres } from "../../geo/projections";
import { isValidYmd } from "../../time/kst";
import { decimal, integer, optional, required, ServiceFault, type Row, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { hash32 } from "../../util/random";
import { TOUR_AREAS, tourAreaOf } from "../world/tour-areas";
import { CONTENT_TYPE_IDS, contentById, currentEdition, editionFrom, TOUR_CONTENT, type Edition, type TourContent } from "../world/tour";

const BASE = "/B551011/KorService2";
const MOBILE_OS = new Set(["ETC", "AND", "IOS", "WIN"]);

/** Every KorService2 call must say which OS and app it comes from. */
function checkCommon(request: SandboxRequest): void {
  if (!MOBILE_OS.has(required(request, "MobileOS").toUpperCase())) throw new ServiceFault("invalid", "MobileOS");
  required(request, "MobileApp");
}

/** TourAPI sends coordinates as strings with ten decimals; the last digits vary per item. */
function coordinate(value: number, seed: string): string {
  return (value + ((hash32(seed) % 1000) - 500) * 1e-9).toFixed(10);
}

function listRow(c: TourContent): Row {
  return {
    addr1: c.addr1,
    addr2: c.addr2,
    areacode: String(c.place.area.code),
    cat1: c.cat3.slice(0, 3),
    cat2: c.cat3.slice(0, 5),
    cat3: c.cat3,
    contentid: c.contentid,
    contenttypeid: String(c.contenttypeid),
    createdtime: c.createdtime,
    firstimage: c.firstimage,
    firstimage2: c.firstimage2,
    cpyrhtDivCd: c.firstimage ? "Type3" : "",
    mapx: coordinate(c.lon, `x:${c.contentid}`),
    mapy: coordinate(c.lat, `y:${c.contentid}`),
    mlevel: "6",
    modifiedtime: c.modifiedtime,
    sigungucode: String(c.place.sigungu.code),
    tel: c.tel,
    title: c.title,
    zipcode: c.zipcode,
    lDongRegnCd: c.place.lawd.slice(0, 2),
    lDongSignguCd: c.place.lawd.slice(2, 5),
    ...c.lcls,
  };
}

type Arrange = "A" | "C" | "D" | "E";

/** A/C/D (O/Q/R: the same but only items with an image); E/S by distance where a point is given. */
function arrangeOf(request: SandboxRequest, allowDistance: boolean): { by: Arrange; imageOnly: boolean } {
  const raw = optional(request, "arrange")?.toUpperCase() ?? "C";
  const table: Record<string, { by: Arrange; imageOnly: boolean }> = {
    A: { by: "A", imageOnly: false },
    C: { by: "C", imageOnly: false },
    D: { by: "D", imageOnly: false },
    O: { by: "A", imageOnly: true },
    Q: { by: "C", imageOnly: true },
    R: { by: "D", imageOnly: true },
    ...(allowDistance ? { E: { by: "E" as const, imageOnly: false }, S: { by: "E" as const, imageOnly: true } } : {}),
  };
  const arrange = table[raw];
  if (!arrange) throw new ServiceFault("invalid", "arrange");
  return arrange;
}

function sortContents(items: TourContent[], by: Arrange, distance: (c: TourContent) => number = () => 0): TourContent[] {
  const sorted = [...items];
  if (by === "A") sorted.sort((a, b) => a.title.localeCompare(b.title, "ko"));
  if (by === "C") sorted.sort((a, b) => b.modifiedtime.localeCompare(a.modifiedtime));
  if (by === "D") sorted.sort((a, b) => b.createdtime.localeCompare(a.createdtime));
  if (by === "E") sorted.sort((a, b) => distance(a) - distance(b));
  return sorted;
}

/** Filters shared by the list operations: content type, TourAPI area/sigungu, 법정동 codes, categories, classes. */
function filtersOf(request: SandboxRequest): (c: TourContent) => boolean {
  const typeRaw = optional(request, "contentTypeId");
  let contentType: number | undefined;
  if (typeRaw !== undefined) {
    contentType = integer(request, "contentTypeId");
    if (!(CONTENT_TYPE_IDS as readonly number[]).includes(contentType)) throw new ServiceFault("invalid", "contentTypeId");
  }
  const areaCode = optional(request, "areaCode") === undefined ? undefined : integer(request, "areaCode", { min: 1, max: 99 });
  const sigunguCode = optional(request, "sigunguCode") === undefined ? undefined : integer(request, "sigunguCode", { min: 1, max: 99 });
  const lDongRegnCd = optional(request, "lDongRegnCd");
  const lDongSignguCd = optional(request, "lDongSignguCd");
  if (lDongRegnCd !== undefined && !/^\d{2}$/.test(lDongRegnCd)) throw new ServiceFault("invalid", "lDongRegnCd");
  if (lDongSignguCd !== undefined && !/^\d{3}$/.test(lDongSignguCd)) throw new ServiceFault("invalid", "lDongSignguCd");
  const cats = (["cat1", "cat2", "cat3"] as const).map((name) => optional(request, name));
  const classes = (["lclsSystm1", "lclsSystm2", "lclsSystm3"] as const).map((name) => [name, optional(request, name)] as const);
  return (c) =>
    (contentType === undefined || c.contenttypeid === contentType) &&
    (areaCode === undefined || c.place.area.code === areaCode) &&
    (sigunguCode === undefined || c.place.sigungu.code === sigunguCode) &&
    (lDongRegnCd === undefined || c.place.lawd.startsWith(lDongRegnCd)) &&
    (lDongSignguCd === undefined || c.place.lawd.slice(2, 5) === lDongSignguCd) &&
    cats.every((cat) => cat === undefined || c.cat3.startsWith(cat)) &&
    classes.every(([name, code]) => code === undefined || c.lcls[name] === code);
}

function listed(request: SandboxRequest, items: TourContent[]): Row[] {
  const { by, imageOnly } = arrangeOf(request, false);
  return sortContents(items.filter((c) => !imageOnly || c.firstimage !== ""), by).map(listRow);
}

function areaCodes(request: SandboxRequest): Row[] {
  checkCommon(request);
  const raw = optional(request, "areaCode");
  if (raw === undefined) return TOUR_AREAS.map((a, i) => ({ rnum: i + 1, code: String(a.code), name: a.name }));
  const area = tourAreaOf(integer(request, "areaCode", { min: 1, max: 99 }));
  return (area?.sigungus ?? []).map((s, i) => ({ rnum: i + 1, code: String(s.code), name: s.name }));
}

function areaBasedList(request: SandboxRequest): Row[] {
  checkCommon(request);
  const keep = filtersOf(request);
  return listed(request, TOUR_CONTENT.filter(keep));
}

function searchKeyword(request: SandboxRequest): Row[] {
  checkCommon(request);
  const keyword = required(request, "keyword").toLowerCase();
  const keep = filtersOf(request);
  return listed(request, TOUR_CONTENT.filter((c) => keep(c) && c.title.toLowerCase().includes(keyword)));
}

function locationBasedList(request: SandboxRequest): Row[] {
  checkCommon(request);
  const mapX = decimal(request, "mapX");
  const mapY = decimal(request, "mapY");
  const radius = integer(request, "radius", { min: 1, max: 20_000 });
  const keep = filtersOf(request);
  const { by, imageOnly } = arrangeOf(request, true);
  const origin = { lat: mapY, lon: mapX };
  const distances = new Map<string, number>();
  const near = TOUR_CONTENT.filter((c) => {
    if (!keep(c) || (imageOnly && c.firstimage === "")) return false;
    const metres = haversineMetres(origin, { lat: c.lat, lon: c.lon });
    distances.set(c.contentid, metres);
    return metres <= radius;
  });
  return sortContents(near, by, (c) => distances.get(c.contentid) ?? 0).map((c) => ({ ...listRow(c), dist: String(distances.get(c.contentid) ?? 0) }));
}

function searchFestival(request: SandboxRequest): Row[] {
  checkCommon(request);
  const from = required(request, "eventStartDate");
  if (!isValidYmd(from)) throw new ServiceFault("invalid", "eventStartDate");
  const until = optional(request, "eventEndDate");
  if (until !== undefined && !isValidYmd(until)) throw new ServiceFault("invalid", "eventEndDate");
  const keep = filtersOf(request);
  const { by, imageOnly } = arrangeOf(request, false);
  const editions = new Map<string, Edition>();
  const running = TOUR_CONTENT.filter((c) => {
    if (c.contenttypeid !== 15 || !keep(c) || (imageOnly && c.firstimage === "")) return false;
    const edition = editionFrom(c, from);
    if (!edition || (until !== undefined && edition.eventstartdate > until)) return false;
    editions.set(c.contentid, edition);
    return true;
  });
  return sortContents(running, by).map((c) => ({ ...listRow(c), ...editions.get(c.contentid) }));
}

function contentOf(request: SandboxRequest): TourContent | undefined {
  const id = required(request, "contentId");
  if (!/^\d+$/.test(id)) throw new ServiceFault("invalid", "contentId");
  return contentById(id);
}

function detailCommon(request: SandboxRequest): Row[] {
  checkCommon(request);
  const c = contentOf(request);
  if (!c) return [];
  return [{ ...listRow(c), telname: "", homepage: c.homepage, overview: c.overview }];
}

function detailIntro(request: SandboxRequest): Row[] {
  checkCommon(request);
  const c = contentOf(request);
  const type = integer(request, "contentTypeId");
  if (!(CONTENT_TYPE_IDS as readonly number[]).includes(type)) throw new ServiceFault("invalid", "contentTypeId");
  // A content id asked with another type's id has no intro of that type.
  if (!c || c.contenttypeid !== type) return [];
  const edition = c.contenttypeid === 15 ? currentEdition(c, request.now) : undefined;
  return [{ contentid: c.contentid, contenttypeid: String(c.contenttypeid), ...c.intro, ...edition }];
}

const common = {
  provider: "tourapi",
  ...DATA_GO_KR_GATEWAY,
  format: { in: "query", name: "_type", default: "xml" },
  pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 1000 },
  envelope: { family: "datagokr", okCode: "0000", okMsg: "OK", items: "item", wrapper: true, empty: "empty_string", singleAsObject: true },
} as const satisfies Partial<SandboxOperation>;

export const TOURAPI_OPERATIONS: SandboxOperation[] = [
  { ...common, id: "tourapi.areaCode2", path: `${BASE}/areaCode2`, handle: areaCodes },
  { ...common, id: "tourapi.areaBasedList2", path: `${BASE}/areaBasedList2`, handle: areaBasedList },
  { ...common, id: "tourapi.searchKeyword2", path: `${BASE}/searchKeyword2`, handle: searchKeyword },
  { ...common, id: "tourapi.locationBasedList2", path: `${BASE}/locationBasedList2`, handle: locationBasedList },
  { ...common, id: "tourapi.searchFestival2", path: `${BASE}/searchFestival2`, handle: searchFestival },
  { ...common, id: "tourapi.detailCommon2", path: `${BASE}/detailCommon2`, handle: detailCommon },
  { ...common, id: "tourapi.detailIntro2", path: `${BASE}/detailIntro2`, handle: detailIntro },
];
