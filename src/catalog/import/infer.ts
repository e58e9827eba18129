/**
 * Types and semantic tags of imported fields and parameters, inferred from names, Korean titles,
 * measured sample values and statistics. Tags use the vocabulary of the built-in specs
 * (region.address_road, geo.wgs84.lat, biz.b_no10 …) so that imported tools link to built-in ones.
 */
import type { FieldType } from "../spec";

export interface Evidence {
  name: string;
  /** Korean title or description. */
  title: string;
  /** The source's own semantic type (address, bizno …) where it has one. */
  semantic?: string;
  /** Declared type in the source (string, code, number, date, integer, boolean). */
  declared?: string;
  samples: string[];
  range?: { min: number; p50: number; max: number };
}

const SIDO_SHORT = ["서울", "부산", "대구", "인천", "광주", "대전", "울산", "세종", "경기", "강원", "충북", "충남", "전북", "전남", "경북", "경남", "제주"];
const SIDO_FULL = /^(서울특별시|부산광역시|대구광역시|인천광역시|광주광역시|대전광역시|울산광역시|세종특별자치시|경기도|강원(특별자치)?도|충청(남|북)도|전(라남|라북|북특별자치)도|경상(남|북)도|제주특별자치도)$/;

const lower = (text: string) => text.toLowerCase();
const has = (text: string, pattern: RegExp) => pattern.test(text);
const all = (samples: readonly string[], pattern: RegExp) => samples.length > 0 && samples.every((s) => pattern.test(s.trim()));
const inRange = (e: Evidence, lo: number, hi: number) => {
  const values = e.samples.map(Number).filter(Number.isFinite);
  if (values.length > 0) return values.filter((v) => v >= lo && v <= hi).length >= Math.ceil(values.length / 2);
  return e.range !== undefined && e.range.p50 >= lo && e.range.p50 <= hi;
};

/** A facility's or an office's name by its ending (가람약국, 강원동부지사, 부평구청소년성문화센터). */
const FACILITY_NAME = /(약국|센터|우체국|사무소|지사|지점|복지관|도서관|교육장|시설|법인|공단|공사|본부)$/;
const ROAD_ADDRESS = /(로|길)\s*\d+/;
const JIBUN_ADDRESS = /(동|리|가)\s*(산\s*)?\d+/;
const URL_LIKE = /^(https?:\/\/|www\.)/i;
const YMD = /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;
const YM = /^(19|20)\d{2}(0[1-9]|1[0-2])$/;

function addressTags(e: Evidence): string[] {
  const samples = e.samples.filter((s) => s.trim() !== "");
  if (samples.some((s) => URL_LIKE.test(s.trim()))) return [];
  if (samples.length === 0) return ["region.address_road", "region.address_jibun"];
  const road = samples.filter((s) => ROAD_ADDRESS.test(s)).length;
  const jibun = samples.filter((s) => JIBUN_ADDRESS.test(s)).length;
  if (road === 0 && jibun === 0) return [];
  return road >= jibun ? ["region.address_road"] : ["region.address_jibun"];
}

/** Semantic tags of a field or parameter. */
export function inferTags(e: Evidence): string[] {
  const name = lower(e.name);
  const title = e.title;
  const samples = e.samples.map((s) => s.trim()).filter((s) => s !== "");
  const tags: string[] = [];

  // Coordinates: names and titles say which axis, values say which system.
  const xAxis = has(name, /(^|_)(lon|lng|longitude|gpslong|xpos|cxvl|x|la?t?x)$|^(x|lon|lng)(_|$)|^epsg_x$|^mapx$/) || has(title, /경도|X\s*좌표/i);
  const yAxis = has(name, /(^|_)(lat|latitude|gpslati|ypos|cyvl|y)$|^(y|lat)(_|$)|^epsg_y$|^mapy$/) || has(title, /위도|Y\s*좌표/i);
  if (xAxis || yAxis) {
    if (has(title, /UTM-?K|GRS80/i) || has(name, /epsg/)) tags.push(xAxis ? "geo.utmk.x" : "geo.utmk.y");
    else if (xAxis && (inRange(e, 124, 132) || (samples.length === 0 && has(name + title, /lon|경도|longitude/i)))) tags.push("geo.wgs84.lon");
    else if (yAxis && (inRange(e, 33, 39.5) || (samples.length === 0 && has(name + title, /lat|위도|latitude/i)))) tags.push("geo.wgs84.lat");
  }

  const addressish = e.semantic === "address" || has(name, /addr|adres|(^|_)adr$|_adr_|^locaddr$/) || has(title, /주소|소재지/);
  if (addressish && !has(title, /우편|홈페이지|URL|메일/i) && !has(name, /hmpg|url|mail|zip|post/)) {
    tags.push(...addressTags(e));
  }
  if (has(name, /zip|postno|post$|postcd/) || has(title, /우편번호/)) {
    if (samples.length === 0 || all(samples, /^\d{4,5}$/)) tags.push("region.zip5");
  }
  if (e.semantic === "bizno" || has(name, /^(brno|bizrno|b_no|bzmnno|bizno|saeopjadrno)$/) || has(title, /사업자(등록)?번호/)) {
    if (samples.length === 0 || samples.filter((s) => /^\d{10}$/.test(s) || /^\d{3}-\d{2}-\d{5}$/.test(s)).length >= samples.length / 2) tags.push("biz.b_no10");
  }
  if (e.semantic === "corp_rgst_no" || has(name, /^(crno|corp_no|jurirno)$/) || has(title, /법인등록번호/)) tags.push("biz.corp_no13");

  if (has(title, /법정동\s*코드/) || has(name, /^(stdg_cd|ldong_cd|bjdong_cd|legaldong_cd|admcd)$/)) {
    if (samples.length === 0 || all(samples, /^\d{10}$/)) tags.push("region.bjd_cd10");
  }
  if (has(title, /시도\s*코드/) || has(name, /^(sidocd|sido_cd|ctprvn_cd|ctprvncd)$/)) {
    if (samples.length > 0 && all(samples, /^\d{2}$/)) tags.push("region.sido_cd2");
  }
  if (has(title, /시군구\s*코드/) || has(name, /^(sggcd|sigungucd|sgg_cd|lawd_cd)$/)) {
    if (samples.length > 0 && all(samples, /^\d{5}$/)) tags.push("region.lawd_cd5");
  }
  if (samples.length > 0 && samples.every((s) => SIDO_SHORT.includes(s))) tags.push("region.sido_name");
  else if (samples.length > 0 && samples.every((s) => SIDO_FULL.test(s))) tags.push("region.sido_fullname");
  if (has(title, /동\s*\/\s*읍\s*\/\s*면|읍면동\s*명|법정동\s*명/) || has(name, /^(umdname|emdongnm|umd_nm|emd_nm)$/)) tags.push("region.umd_name");

  if (has(title, /업체\s*명|상호|사업장\s*명|회사\s*명/) || has(name, /^(entp_name|eopchenm|bsshnm|wkplnm|bizplc_nm|bplcnm|company_nm)$/)) tags.push("biz.name");
  // Names of institutions, not their kinds (의원, 치과의원) nor animal hospitals.
  const hospitalNames = samples.length > 0 && samples.filter((s) => s.length >= 5 && !s.includes("동물") && /(의원|병원|보건소|의료원)$/.test(s)).length >= Math.ceil(samples.length * 0.6);
  if (has(title, /(검진|의료|요양)기관\s*명|병원\s*명/) || (hospitalNames && has(name + title, /nm|name|명/i))) tags.push("hira.name");

  if (has(title, /지하철\s*역\s*명|역\s*명/) && !has(title, /지역/)) tags.push("subway.station_name");
  if (has(title, /정류(소|장)\s*명/)) tags.push("bus.node_name");
  if (has(title, /측정소\s*명/)) tags.push("air.station_name");
  if (has(title, /(시설|도서관|센터|교육장|사무소|우체국|지사|기관)\s*(명|명칭|이름)/) && !tags.includes("hira.name")) tags.push("facility.name");
  // A name the definition leaves untitled (dutyName, teenGdctCntrNm, brName) or titles by its kind
  // alone (사무소): its measured values say it names facilities (가람약국, 강원동부지사).
  const untitled = title.trim() === "" || title.trim() === e.name || (/^[가-힣]{2,6}$/.test(title.trim()) && !/(명|이름|명칭)$/.test(title.trim()));
  const facilities = samples.filter((s) => FACILITY_NAME.test(s.replace(/\s*\([^)]*\)\s*$/, ""))).length;
  if (untitled && has(e.name, /(nm|name)$/i) && !has(e.name, /(cd|code|se|gb|dvsn|type|kind|clsf)_?(nm|name)$/i) && samples.length > 0 && facilities >= Math.ceil(samples.length * 0.6) && !tags.some((t) => t.endsWith(".name"))) tags.push("facility.name");

  if (has(title, /전화\s*번호|연락처/) || has(name, /(^|_)tel(no)?$|telno$|phone/)) tags.push("contact.phone");
  if (samples.length > 0 && samples.every((s) => URL_LIKE.test(s))) tags.push("web.url");

  if (samples.length > 0 && all(samples, YMD)) tags.push("date.yyyymmdd");
  else if (samples.length > 0 && all(samples, YM) && has(name + title, /ym|월|month/i)) tags.push("date.yyyymm");
  else if (samples.length > 0 && all(samples, /^(19|20)\d{2}$/) && has(name + title, /yy|year|yr|년도|연도/i)) tags.push("date.yyyy");
  else if (samples.length === 0 && has(title, /yyyymmdd|일자\s*\(\s*yyyymmdd/i)) tags.push("date.yyyymmdd");

  return [...new Set(tags)];
}

const CODE_WORDS = /코드|번호|우편|전화|팩스|(^|_)(cd|no|id|sn|seq|zip|tel|fax|code)$|cd$|no$|zip|tel|fax|post|code|yy|ymd|year|date|dt$/i;

/**
 * The output type of a field. Codes and identifiers stay strings even when the source measured
 * them as numbers (leading zeros, fixed width, business numbers), as the real answers send them.
 */
export function inferFieldType(e: Evidence, tags: readonly string[]): FieldType {
  if (tags.some((t) => t.startsWith("geo."))) return "number";
  const declared = lower(e.declared ?? "string");
  if (declared === "boolean") return "boolean";
  if (declared !== "number" && declared !== "integer") return "string";
  if (tags.length > 0 && !tags.every((t) => t === "contact.phone")) return "string";
  const samples = e.samples.map((s) => s.trim()).filter((s) => s !== "");
  if (samples.some((s) => /^0\d/.test(s))) return "string";
  if (has(e.name + e.title, CODE_WORDS)) return "string";
  if (samples.some((s) => !/^-?\d+(\.\d+)?$/.test(s))) return "string";
  if (samples.some((s) => s.replace(/^-/, "").replace(/\.\d+$/, "").length >= 8)) return "string";
  if (samples.length > 0 && samples.every((s) => /^-?\d+(\.0+)?$/.test(s)) && (e.range === undefined || Number.isInteger(e.range.max))) return "integer";
  return samples.length === 0 && declared === "integer" ? "integer" : "number";
}

/** The type of a parameter: strings unless it pages, counts or locates. */
export function inferParamType(e: Evidence, tags: readonly string[], declared?: string): FieldType {
  if (tags.some((t) => t.startsWith("geo."))) return "number";
  if (declared === "integer" || declared === "number" || declared === "boolean") return declared;
  if (has(e.title, /반경|미터|거리/) && e.samples.every((s) => /^\d+$/.test(s))) return "integer";
  return "string";
}

/** A value's written form, so the replica writes values the way the real service does. */
export function shapeOf(samples: readonly string[]): { shape: "digits" | "date8" | "date_iso" | "datetime_iso" | "phone" | "text"; width: number } {
  const s = samples.map((v) => v.trim()).filter((v) => v !== "");
  if (s.length === 0) return { shape: "text", width: 0 };
  if (all(s, YMD)) return { shape: "date8", width: 8 };
  if (all(s, /^\d{4}-\d{2}-\d{2}$/)) return { shape: "date_iso", width: 10 };
  if (all(s, /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/)) return { shape: "datetime_iso", width: 0 };
  if (all(s, /^0\d{1,3}-\d{3,4}-\d{4}$/)) return { shape: "phone", width: 0 };
  if (all(s, /^\d+$/)) {
    const widths = new Set(s.map((v) => v.length));
    return { shape: "digits", width: widths.size === 1 ? (s[0]?.length ?? 0) : 0 };
  }
  return { shape: "text", width: 0 };
}

/** Example values written inside a description: "(예: 생수병, 우유팩)", "(샘플 : GMP, PUS)". */
export function examplesInText(text: string): string[] {
  const match = /\((?:예|샘플|ex|e\.g\.)\s*[:：]?\s*([^)]+)\)/i.exec(text);
  if (!match?.[1]) return [];
  return match[1]
    .split(/[,，]/)
    .map((s) => s.trim().replace(/\.{2,}$/, "").trim())
    .filter((s) => s !== "" && s.length <= 50);
}
