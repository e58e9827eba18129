/**
 * The vocabulary of semantic tags on output fields and parameters, and what each kind of tag may
 * do in the EDGE graph. Entity tags name a thing (a place, a record, a code of one system) and
 * anchor links; time tags say which date or time a value is (an event's date, a forecast's base
 * time) and anchor links only to the same role; format tags (a date, a time, a year) say only how
 * a value is written and never anchor a link; category tags (a content type, a department) may go
 * with an entity but never make a link on their own; measures and relative values (a distance from
 * the query point) are never linked. Every tag the catalog uses is listed here (a test checks it).
 */

export type TagKind = "entity" | "time" | "format" | "category" | "measure" | "relative" | "companion";

export interface TagInfo {
  kind: TagKind;
  /**
   * The value names one record of the target's system (a content id, a ykiho): an empty answer to
   * it means the value was wrong. Without it a parameter filters or searches, and an empty answer
   * may simply be true (no apartments in this dong).
   */
  lookup?: true;
  /** Tags of one group are bound together (latitude with longitude, a 시도 code with its 시군구 code). */
  group?: string;
  /** A companion parameter is sent, from the target's own example, whenever its group is bound (a radius with coordinates). */
  companionOf?: string;
  /** A code that means something only beside its parent code (a 시군구 code inside its 시도): the parent must be sent too. */
  within?: string;
  description: string;
}

const entity = (description: string, extra: Partial<TagInfo> = {}): TagInfo => ({ kind: "entity", description, ...extra });
const time = (description: string): TagInfo => ({ kind: "time", description });
const category = (description: string): TagInfo => ({ kind: "category", description });
const measure = (description: string): TagInfo => ({ kind: "measure", description });

export const TAGS: Readonly<Record<string, TagInfo>> = {
  // Formats: how a value is written, never what it means.
  "date.yyyymmdd": { kind: "format", description: "a date written YYYYMMDD" },
  "date.yyyymm": { kind: "format", description: "a month written YYYYMM" },
  "date.yyyy": { kind: "format", description: "a year written YYYY" },
  "date.mm": { kind: "format", description: "a month written MM" },
  "time.hhmm": { kind: "format", description: "a time of day written HHmm" },
  "time.instant": { kind: "format", description: "an ISO 8601 instant" },

  // Roles of dates and times: which date a value is.
  "date.event": time("the first or last day of a festival or event"),
  "date.holiday": time("a public holiday or national day"),
  "date.founded": time("the day an institution or workplace was opened or joined"),
  "date.approved": time("the use-approval day of a building"),
  "date.issued": time("the day a licence or permit was issued"),
  "date.closed": time("the day a business closed or left"),
  "date.changed": time("the day a tax type changed"),
  "date.applied": time("the day a rule started to apply"),
  "date.created": time("the day a record or code was created"),
  "date.deal_year": time("the year of a real-estate deal"),
  "date.deal_month": time("the month of real-estate deals"),
  "nps.data_month": time("the month of a pension workplace's data"),
  "kma.base_date": time("the issue date of a KMA short-range product"),
  "kma.base_time": time("the issue time of a KMA short-range product"),
  "kma.fcst_date": time("the date a KMA forecast row is for"),
  "kma.fcst_time": time("the hour a KMA forecast row is for"),
  "kma.tmfc": time("the issue time of a KMA bulletin (mid-range forecast, warning, earthquake report)"),
  "hira.hours": time("an opening or closing time of a medical institution"),
  "bus.service_time": time("the first or last departure of a bus route"),

  // Places and regions.
  "geo.wgs84.lat": entity("WGS84 latitude", { group: "geo.wgs84" }),
  "geo.wgs84.lon": entity("WGS84 longitude", { group: "geo.wgs84" }),
  "geo.tm.x": entity("AirKorea TM x (m)", { group: "geo.tm" }),
  "geo.tm.y": entity("AirKorea TM y (m)", { group: "geo.tm" }),
  "geo.utmk.x": entity("UTM-K x (m)", { group: "geo.utmk" }),
  "geo.utmk.y": entity("UTM-K y (m)", { group: "geo.utmk" }),
  "geo.radius_m": { kind: "companion", companionOf: "geo.wgs84", description: "a search radius around a point, in metres" },
  "geo.distance": { kind: "relative", description: "the distance of an item from the query point" },
  "kma.grid.nx": entity("KMA forecast grid x", { group: "kma.grid", lookup: true }),
  "kma.grid.ny": entity("KMA forecast grid y", { group: "kma.grid", lookup: true }),
  "kma.stn_id": entity("KMA mid-range outlook station", { lookup: true }),
  "kma.mid.reg_id_land": entity("KMA mid-range land forecast zone", { lookup: true }),
  "kma.mid.reg_id_temp": entity("KMA mid-range temperature city", { lookup: true }),
  "region.sido_cd2": entity("2-digit 법정동 시도 code", { group: "region.ldong" }),
  "region.sgg_cd3": entity("last 3 digits of a LAWD_CD, with its 시도 code", { group: "region.ldong", within: "region.sido_cd2" }),
  "region.lawd_cd5": entity("5-digit 시군구 code (LAWD_CD)", { group: "region.lawd" }),
  "region.bjdong_cd5": entity("last 5 digits of a 법정동 code, with its LAWD_CD", { group: "region.lawd", within: "region.lawd_cd5" }),
  "region.emd_cd8": entity("first 8 digits of a 법정동 code"),
  "region.bjd_cd10": entity("10-digit 법정동 code"),
  "region.road_code12": entity("12-digit road code (rnMgtSn)", { lookup: true, group: "juso.building" }),
  "region.building_no25": entity("25-digit building management number"),
  "region.zip5": entity("5-digit postcode"),
  "region.sido_name": entity("short 시도 name (서울, 경기)"),
  "region.sido_fullname": entity("full 시도 name (서울특별시)"),
  "region.sigungu_name": entity("시군구 name"),
  "region.umd_name": entity("읍면동 name"),
  "region.address_road": entity("road-name address"),
  "region.address_jibun": entity("lot-number address"),
  "juso.udrt_yn": entity("underground flag of a building number", { group: "juso.building" }),
  "juso.buld_mnnm": entity("main building number", { group: "juso.building" }),
  "juso.buld_slno": entity("sub building number", { group: "juso.building" }),
  "juso.lnbr_mnnm": entity("main lot number"),
  "juso.lnbr_slno": entity("sub lot number"),
  "bld.plat_gb": entity("lot type (0 land, 1 mountain)", { group: "bld.lot" }),
  "bld.bun4": entity("4-digit main lot number", { group: "bld.lot" }),
  "bld.ji4": entity("4-digit sub lot number", { group: "bld.lot" }),
  "bld.dong_name": entity("name of one building of a complex (101동)"),

  // Records of one provider.
  "tour.content_id": entity("TourAPI content id", { lookup: true }),
  "tour.area_code": entity("TourAPI area code", { group: "tour.region" }),
  "tour.sigungu_code": entity("TourAPI district code, with its area code", { group: "tour.region", within: "tour.area_code" }),
  "tour.content_type_id": category("TourAPI content type"),
  "tour.cat1": category("TourAPI service category, level 1"),
  "tour.cat2": category("TourAPI service category, level 2"),
  "tour.cat3": category("TourAPI service category, level 3"),
  "tour.lcls1": category("TourAPI classification system (lclsSystm), level 1"),
  "tour.lcls2": category("TourAPI classification system (lclsSystm), level 2"),
  "tour.lcls3": category("TourAPI classification system (lclsSystm), level 3"),
  "bus.city_code": entity("TAGO city code"),
  "bus.route_id": entity("TAGO route id", { lookup: true }),
  "bus.route_no": entity("bus route number as signed"),
  "bus.node_id": entity("TAGO stop id", { lookup: true }),
  "bus.node_no": entity("bus stop number as signed"),
  "bus.node_name": entity("bus stop name"),
  "subway.station_name": entity("Seoul subway station name"),
  "subway.line_id": entity("Seoul subway line id"),
  "bike.station_id": entity("Seoul public bike station id"),
  "bike.station_name": entity("Seoul public bike station name"),
  "air.station_name": entity("AirKorea monitoring station", { lookup: true }),
  "apt.kapt_code": entity("K-apt complex code", { lookup: true }),
  "apt.seq": entity("MOLIT apartment serial"),
  "apt.name": entity("apartment complex name"),
  "hira.ykiho": entity("HIRA encrypted institution id", { lookup: true }),
  "hira.name": entity("name of a medical institution"),
  "hira.sido_cd6": entity("HIRA's own 6-digit 시도 code", { group: "hira.region" }),
  "hira.sggu_cd6": entity("HIRA's own 6-digit 시군구 code", { group: "hira.region" }),
  "hira.cl_cd": category("HIRA institution type"),
  "hira.dgsbjt_cd": category("HIRA medical department"),
  "drug.item_seq": entity("MFDS product code", { lookup: true }),
  "drug.item_name": entity("medicine product name"),
  "drug.entp_name": entity("pharmaceutical company name"),
  "biz.b_no10": entity("10-digit business registration number", { lookup: true }),
  "biz.b_no6": entity("first 6 digits of a business registration number"),
  "biz.name": entity("workplace name"),
  "nps.seq": entity("NPS workplace id", { lookup: true }),
  "calendar.holiday_name": entity("name of a holiday"),

  // Values that are read, never carried.
  "calendar.is_holiday": measure("whether a day is a public holiday"),
  "air.pm10": measure("PM10 concentration"),
  "air.pm25": measure("PM2.5 concentration"),
  "air.grade": measure("an air-quality grade"),
  "money.krw_10k": measure("an amount in 만원"),
};

export function tagInfo(tag: string): TagInfo | undefined {
  return TAGS[tag];
}
