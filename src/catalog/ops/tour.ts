/** 한국관광공사 TourAPI 4.0 (KorService2): region codes, content lists and content details. */
import { z } from "zod";
import { cacheOf, defineUpstream } from "../spec";
import { numOfRows, pageNo, pagePagination, ymd, field } from "./common";

const BASE = "/B551011/KorService2";
const DOCS = "https://www.data.go.kr/data/15101578/openapi.do";

const request = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  format: { in: "query" as const, name: "_type", value: "json" },
  responseFormat: "json" as const,
  // Every KorService2 call must name the client OS and app.
  fixedQuery: { MobileOS: "ETC", MobileApp: "kopa-edge" },
};

// ---------------------------------------------------------------------------------------------
// Parameters

const areaCode = z
  .number()
  .int()
  .min(1)
  .max(99)
  .describe("TourAPI 지역코드 (1 서울, 2 인천, 3 대전, 4 대구, 5 광주, 6 부산, 7 울산, 8 세종, 31 경기, 32 강원, 33 충북, 34 충남, 35 경북, 36 경남, 37 전북, 38 전남, 39 제주). tour_area_codes의 code / TourAPI area code")
  .meta({ tags: ["tour.area_code"], examples: [1] });

const sigunguCode = z
  .number()
  .int()
  .min(1)
  .max(99)
  .describe("TourAPI 시군구코드 (areaCode와 함께, 예: 서울 23 종로구). 법정동 시군구코드(LAWD_CD)와 다르며 tour_area_codes(areaCode)의 code / TourAPI district code, not the LAWD_CD")
  .meta({ tags: ["tour.sigungu_code"], examples: [23] });

const CONTENT_TYPES = [12, 14, 15, 25, 28, 32, 38, 39] as const;
const contentTypeId = z
  .literal(CONTENT_TYPES)
  .describe("관광타입: 12 관광지, 14 문화시설, 15 축제·공연·행사, 25 여행코스, 28 레포츠, 32 숙박, 38 쇼핑, 39 음식점 / content type")
  .meta({ tags: ["tour.content_type_id"], examples: [12] });

const cat = (level: 1 | 2 | 3, example: string) =>
  z
    .string()
    .regex(level === 1 ? /^[A-C]\d{2}$/ : level === 2 ? /^[A-C]\d{4}$/ : /^[A-C]\d{8}$/, `cat${level} code`)
    .describe(`서비스분류 ${["대", "중", "소"][level - 1]}분류 코드 (예: ${example}); 목록 결과의 cat${level} / service category level ${level}`)
    .meta({ tags: [`tour.cat${level}`], examples: [example] });

/** The classification system's codes: HS, HS01, HS010100 (courses: C01, C0112, C01120001). */
const lcls = (level: 1 | 2 | 3, example: string) =>
  z
    .string()
    .regex(level === 1 ? /^(?:[A-Z]{2}|C01)$/ : level === 2 ? /^(?:[A-Z]{2}\d{2}|C01\d{2})$/ : /^(?:[A-Z]{2}\d{6}|C01\d{6})$/, `lclsSystm${level} code`)
    .describe(`분류체계 ${["대", "중", "소"][level - 1]}분류 코드 (예: ${example}); 목록 결과의 lclsSystm${level} / classification level ${level}`)
    .meta({ tags: [`tour.lcls${level}`], examples: [example] });

const lDongRegnCd = z
  .string()
  .regex(/^\d{2}$/, "2-digit 시도 code")
  .describe("법정동 시도코드 2자리 (예: 11 서울, 26 부산) / 2-digit legal-dong province code")
  .meta({ tags: ["region.sido_cd2"], examples: ["11"] });

const lDongSignguCd = z
  .string()
  .regex(/^\d{3}$/, "3 digits")
  .describe("법정동 시군구코드 뒤 3자리 (LAWD_CD 11110 → 110), lDongRegnCd와 함께 / last three digits of the LAWD_CD")
  .meta({ tags: ["region.sgg_cd3"], examples: ["110"] });

const arrange = z
  .enum(["A", "C", "D", "O", "Q", "R"])
  .describe("정렬: A 제목순, C 수정일순(기본), D 생성일순; O/Q/R은 대표이미지가 있는 콘텐츠만 같은 순서로 / sort order")
  .meta({ examples: ["A"] });

const filters = {
  areaCode: areaCode.optional(),
  sigunguCode: sigunguCode.optional(),
  contentTypeId: contentTypeId.optional(),
  cat1: cat(1, "A02").optional(),
  cat2: cat(2, "A0201").optional(),
  cat3: cat(3, "A02010100").optional(),
  lclsSystm1: lcls(1, "HS").optional(),
  lclsSystm2: lcls(2, "HS01").optional(),
  lclsSystm3: lcls(3, "HS010100").optional(),
  lDongRegnCd: lDongRegnCd.optional(),
  lDongSignguCd: lDongSignguCd.optional(),
  arrange: arrange.optional(),
  numOfRows: numOfRows(1000, 20),
  pageNo: pageNo(),
};

const contentId = z
  .string()
  .regex(/^\d+$/, "digits")
  .describe("콘텐츠 ID: 목록 조회(tour_area_based_list, tour_search_keyword, tour_location_based_list, tour_search_festival)의 contentid / content id")
  .meta({ tags: ["tour.content_id"], examples: ["126508"] });

// ---------------------------------------------------------------------------------------------
// Output fields


const contentFields = [
  field("contentid", "string", ["tour.content_id"], "콘텐츠 ID (tour_detail_common, tour_detail_intro의 contentId)", { pattern: "^\\d+$" }),
  field("contenttypeid", "integer", ["tour.content_type_id"], "관광타입 ID (12 관광지, 14 문화시설, 15 행사, 25 코스, 28 레포츠, 32 숙박, 38 쇼핑, 39 음식점)", { pattern: "^(12|14|15|25|28|32|38|39)$" }),
  field("title", "string", [], "콘텐츠 이름 (예: 경복궁)"),
  field("addr1", "string", ["region.address_road"], "주소 (시도 시군구 도로명 또는 지번)"),
  field("addr2", "string", [], "상세 주소", { optional: true }),
  field("zipcode", "string", ["region.zip5"], "우편번호 5자리", { pattern: "^\\d{5}$", optional: true }),
  field("areacode", "integer", ["tour.area_code"], "TourAPI 지역코드"),
  field("sigungucode", "integer", ["tour.sigungu_code"], "TourAPI 시군구코드"),
  field("lDongRegnCd", "string", ["region.sido_cd2"], "법정동 시도코드 2자리", { pattern: "^\\d{2}$", optional: true }),
  field("lDongSignguCd", "string", ["region.sgg_cd3"], "법정동 시군구코드 뒤 3자리 (lDongRegnCd와 이으면 LAWD_CD)", { pattern: "^\\d{3}$", optional: true }),
  field("cat1", "string", ["tour.cat1"], "서비스분류 대분류 (A01 자연, A02 인문, A03 레포츠, A04 쇼핑, A05 음식, B02 숙박, C01 코스)", { optional: true }),
  field("cat2", "string", ["tour.cat2"], "서비스분류 중분류", { optional: true }),
  field("cat3", "string", ["tour.cat3"], "서비스분류 소분류", { optional: true }),
  field("lclsSystm1", "string", ["tour.lcls1"], "분류체계 대분류 (AC 숙박, C01 추천코스, EV 축제/공연/행사, EX 체험관광, FD 음식, HS 역사관광, LS 레저스포츠, NA 자연관광, SH 쇼핑, VE 문화관광)", { optional: true }),
  field("lclsSystm2", "string", ["tour.lcls2"], "분류체계 중분류 (예: HS01 역사유적지)", { optional: true }),
  field("lclsSystm3", "string", ["tour.lcls3"], "분류체계 소분류 (예: HS010100 고궁)", { optional: true }),
  field("mapx", "number", ["geo.wgs84.lon"], "경도 (WGS84); 위치기반 목록의 mapX, 근접 버스정류소·기상청 격자 변환의 경도"),
  field("mapy", "number", ["geo.wgs84.lat"], "위도 (WGS84); 위치기반 목록의 mapY, 근접 버스정류소·기상청 격자 변환의 위도"),
  field("tel", "string", [], "전화번호", { optional: true }),
  field("firstimage", "string", [], "대표 이미지 URL", { optional: true }),
  field("createdtime", "string", [], "등록일시 YYYYMMDDHHmmss", { pattern: "^\\d{14}$" }),
  field("modifiedtime", "string", [], "수정일시 YYYYMMDDHHmmss", { pattern: "^\\d{14}$" }),
];

const response = { envelope: "datagokr" as const, fields: contentFields };

// ---------------------------------------------------------------------------------------------
// Tools

export const TOUR_TOOLS = [
  defineUpstream({
    name: "tour_area_codes",
    version: 1,
    provider: "tourapi",
    title: { ko: "관광 지역코드 조회", en: "TourAPI area codes" },
    description: {
      ko: "TourAPI의 지역코드를 돌려줍니다. areaCode를 비우면 17개 시도(code, name: 1 서울 … 39 제주도), areaCode를 주면 그 시도의 시군구코드(예: 서울 1 강남구 … 23 종로구 … 25 중랑구)를 줍니다. code는 관광 목록 조회의 areaCode/sigunguCode에 넣습니다. 법정동코드(LAWD_CD)와 다른 체계입니다.",
      en: "Lists TourAPI region codes: without areaCode the 17 provinces (code, name: 1 Seoul … 39 Jeju), with areaCode that province's districts (Seoul: 1 강남구 … 25 중랑구, in 가나다 order). The codes feed areaCode/sigunguCode of the tour list tools; they are not legal-dong (LAWD_CD) codes.",
    },
    params: z.object({ areaCode: areaCode.optional(), numOfRows: numOfRows(1000, 50), pageNo: pageNo() }),
    request: { ...request, path: `${BASE}/areaCode2` },
    response: {
      envelope: "datagokr",
      fields: [
        field("code", "integer", ["tour.area_code", "tour.sigungu_code"], "지역코드 (areaCode 없이: 시도 areaCode, areaCode와 함께: sigunguCode)"),
        field("name", "string", [], "지역 이름 (서울, 경기도, 종로구 …)"),
        field("rnum", "integer", [], "순번"),
      ],
    },
    pagination: pagePagination(1000),
    cache: cacheOf("static"),
    examples: [{ args: {}, note: "17개 시도" }, { args: { areaCode: 1 }, note: "서울 25개 구" }],
    docs: DOCS,
  }),
  defineUpstream({
    name: "tour_area_based_list",
    version: 1,
    provider: "tourapi",
    title: { ko: "지역기반 관광정보 조회", en: "Tour content by area" },
    description: {
      ko: "지역(areaCode, sigunguCode)과 관광타입(contentTypeId: 12 관광지, 14 문화시설, 15 행사, 25 코스, 28 레포츠, 32 숙박, 38 쇼핑, 39 음식점)으로 관광 콘텐츠 목록을 돌려줍니다: contentid, 이름, 주소, 좌표(mapx 경도, mapy 위도), 대표 이미지. 지역코드는 tour_area_codes에서 옵니다. contentid는 tour_detail_common/tour_detail_intro에, 좌표는 tour_location_based_list·tago_nearby_stops·기상청 격자 변환에 씁니다.",
      en: "Lists tour content of an area (areaCode, sigunguCode from tour_area_codes) and type (12 sights, 14 culture, 15 events, 25 courses, 28 leisure, 32 lodging, 38 shopping, 39 restaurants): contentid, title, address, WGS84 position (mapx lon, mapy lat), image. contentid feeds tour_detail_common/tour_detail_intro; the position feeds tour_location_based_list, tago_nearby_stops or the KMA grid.",
    },
    params: z.object(filters),
    request: { ...request, path: `${BASE}/areaBasedList2` },
    response,
    pagination: pagePagination(1000),
    cache: cacheOf("daily"),
    examples: [
      { args: { areaCode: 1, sigunguCode: 23, contentTypeId: 12 }, note: "서울 종로구 관광지" },
      { args: { areaCode: 39, contentTypeId: 39, arrange: "A" }, note: "제주 음식점" },
    ],
    docs: DOCS,
  }),
  defineUpstream({
    name: "tour_search_keyword",
    version: 1,
    provider: "tourapi",
    title: { ko: "키워드 관광정보 검색", en: "Tour content by keyword" },
    description: {
      ko: "이름에 키워드가 들어간 관광 콘텐츠를 찾습니다 (예: 경복궁, 해수욕장, 한옥). 지역·관광타입으로 좁힐 수 있습니다. 결과의 contentid로 tour_detail_common/tour_detail_intro를 조회합니다.",
      en: "Finds tour content whose name contains a keyword (e.g. 경복궁, 해수욕장, 한옥), optionally narrowed by area and content type. Use the contentid with tour_detail_common/tour_detail_intro.",
    },
    params: z.object({
      keyword: z.string().min(1).describe("검색어 (콘텐츠 이름의 일부) / keyword").meta({ examples: ["경복궁"] }),
      ...filters,
    }),
    request: { ...request, path: `${BASE}/searchKeyword2` },
    response,
    pagination: pagePagination(1000),
    cache: cacheOf("daily"),
    examples: [{ args: { keyword: "경복궁" } }, { args: { keyword: "해수욕장", areaCode: 6 }, note: "부산의 해수욕장" }],
    docs: DOCS,
  }),
  defineUpstream({
    name: "tour_location_based_list",
    version: 1,
    provider: "tourapi",
    title: { ko: "위치기반 관광정보 조회", en: "Tour content near a point" },
    description: {
      ko: "좌표(mapX 경도, mapY 위도) 반경 radius 미터(최대 20000) 안의 관광 콘텐츠를 거리(dist, m)와 함께 돌려줍니다. arrange E(기본)는 가까운 순입니다. 좌표는 관광 목록의 mapx/mapy, 버스정류소의 gpslong/gpslati, 좌표 변환 결과에서 옵니다.",
      en: "Lists tour content within radius metres (≤ 20000) of a WGS84 point (mapX lon, mapY lat) with its distance (dist, m); arrange E (default) sorts nearest first. The point comes from a content's mapx/mapy, a bus stop's gpslong/gpslati or a coordinate conversion.",
    },
    params: z.object({
      mapX: z.number().min(124).max(132).describe("경도 (WGS84) / longitude").meta({ tags: ["geo.wgs84.lon"], examples: [126.977] }),
      mapY: z.number().min(33).max(39).describe("위도 (WGS84) / latitude").meta({ tags: ["geo.wgs84.lat"], examples: [37.5796] }),
      radius: z.number().int().min(1).max(20_000).default(2000).describe("반경 (m, 최대 20000) / radius in metres").meta({ tags: ["geo.radius_m"], examples: [2000] }),
      contentTypeId: contentTypeId.optional(),
      arrange: z
        .enum(["A", "C", "D", "E", "O", "Q", "R", "S"])
        .default("E")
        .describe("정렬: E 거리순(기본), A 제목순, C 수정일순, D 생성일순; O/Q/R/S는 대표이미지가 있는 콘텐츠만 / sort order")
        .meta({ examples: ["E"] }),
      numOfRows: numOfRows(1000, 20),
      pageNo: pageNo(),
    }),
    request: { ...request, path: `${BASE}/locationBasedList2` },
    response: { envelope: "datagokr", fields: [...contentFields, field("dist", "number", ["geo.distance"], "기준 좌표로부터의 거리 (m)")] },
    pagination: pagePagination(1000),
    cache: cacheOf("daily"),
    examples: [
      { args: { mapX: 126.977, mapY: 37.5796, radius: 2000 }, note: "경복궁 주변 2km" },
      { args: { mapX: 129.1604, mapY: 35.1587, radius: 1000, contentTypeId: 39 }, note: "해운대해수욕장 근처 음식점" },
    ],
    docs: DOCS,
  }),
  defineUpstream({
    name: "tour_search_festival",
    version: 1,
    provider: "tourapi",
    title: { ko: "행사·축제 검색", en: "Festivals and events" },
    description: {
      ko: "eventStartDate(YYYYMMDD) 당일이나 그 뒤에 열리고 있거나 열릴 축제·행사를 기간(eventstartdate, eventenddate)과 함께 돌려줍니다. eventEndDate를 주면 그날까지 시작하는 행사로 좁힙니다. 날짜는 오늘 날짜나 공휴일 조회(kasi_public_holidays)의 locdate에서 옵니다.",
      en: "Lists festivals and events running on or after eventStartDate (YYYYMMDD), with their dates (eventstartdate, eventenddate); eventEndDate keeps only those starting by then. Dates come from today or holiday lookups (kasi_public_holidays locdate).",
    },
    params: z.object({
      eventStartDate: ymd("행사 시작일 기준 YYYYMMDD: 이날 이후 진행 중이거나 열리는 행사 / events running on or after this date").meta({
        tags: ["date.event", "date.holiday", "date.yyyymmdd"],
        examples: ["20261001"],
      }),
      eventEndDate: ymd("행사 시작일 상한 YYYYMMDD (선택) / latest start date").optional().meta({ tags: ["date.event", "date.yyyymmdd"], examples: ["20261031"] }),
      areaCode: areaCode.optional(),
      sigunguCode: sigunguCode.optional(),
      lDongRegnCd: lDongRegnCd.optional(),
      arrange: arrange.optional(),
      numOfRows: numOfRows(1000, 20),
      pageNo: pageNo(),
    }),
    request: { ...request, path: `${BASE}/searchFestival2` },
    response: {
      envelope: "datagokr",
      fields: [
        ...contentFields,
        field("eventstartdate", "string", ["date.event", "date.yyyymmdd"], "행사 시작일 YYYYMMDD", { pattern: "^\\d{8}$" }),
        field("eventenddate", "string", ["date.event", "date.yyyymmdd"], "행사 종료일 YYYYMMDD", { pattern: "^\\d{8}$" }),
      ],
    },
    pagination: pagePagination(1000),
    cache: cacheOf("daily"),
    examples: [{ args: { eventStartDate: { $time: "date.today" } } }, { args: { eventStartDate: "20261001", eventEndDate: "20261031", areaCode: 1 }, note: "서울의 10월 축제" }],
    docs: DOCS,
  }),
  defineUpstream({
    name: "tour_detail_common",
    version: 1,
    provider: "tourapi",
    title: { ko: "관광정보 공통정보 조회", en: "Tour content details" },
    description: {
      ko: "콘텐츠 하나의 공통 상세정보를 돌려줍니다: 이름, 개요(overview, HTML), 홈페이지(HTML 링크), 전화, 주소, 우편번호, 좌표, 대표 이미지. contentId는 관광 목록·검색 결과의 contentid입니다.",
      en: "Returns the common details of one content item: title, overview (HTML), homepage (HTML anchor), phone, address, postcode, position and image. contentId is a contentid from the tour list or search tools.",
    },
    params: z.object({ contentId, numOfRows: numOfRows(10, 10), pageNo: pageNo() }),
    request: { ...request, path: `${BASE}/detailCommon2` },
    response: {
      envelope: "datagokr",
      fields: [
        ...contentFields,
        field("overview", "string", [], "개요 (HTML, <br> 포함)"),
        field("homepage", "string", [], "홈페이지 (HTML <a> 태그)", { optional: true }),
      ],
    },
    pagination: pagePagination(10),
    cache: cacheOf("static"),
    examples: [{ args: { contentId: "126508" }, note: "경복궁" }, { args: { contentId: "126081" }, note: "해운대해수욕장" }],
    docs: DOCS,
  }),
  defineUpstream({
    name: "tour_detail_intro",
    version: 1,
    provider: "tourapi",
    title: { ko: "관광정보 소개정보 조회", en: "Tour content type-specific details" },
    description: {
      ko: "콘텐츠의 관광타입별 소개정보를 돌려줍니다: 관광지(12) 이용시간·쉬는날·주차·문의, 문화시설(14) 이용시간·요금, 행사(15) 기간·장소·공연시간·프로그램, 숙박(32) 체크인·체크아웃·객실, 쇼핑(38) 영업시간, 음식점(39) 대표메뉴·영업시간·쉬는날. contentId와 contentTypeId는 목록 결과의 contentid, contenttypeid를 함께 넣어야 합니다.",
      en: "Returns the type-specific details of a content item: sights (12) hours, closing days, parking, contact; culture (14) hours, fees; events (15) dates, place, times, programme; lodging (32) check-in/out, rooms; shopping (38) hours; restaurants (39) signature dish, hours, closing days. Pass contentid and contenttypeid of a list result together.",
    },
    params: z.object({ contentId, contentTypeId, numOfRows: numOfRows(10, 10), pageNo: pageNo() }),
    request: { ...request, path: `${BASE}/detailIntro2` },
    response: {
      envelope: "datagokr",
      fields: [
        field("contentid", "string", ["tour.content_id"], "콘텐츠 ID", { pattern: "^\\d+$" }),
        field("contenttypeid", "integer", ["tour.content_type_id"], "관광타입 ID", { pattern: "^(12|14|15|25|28|32|38|39)$" }),
        field("infocenter", "string", [], "관광지 문의 및 안내 (12)", { optional: true }),
        field("usetime", "string", [], "관광지 이용시간 (12)", { optional: true }),
        field("restdate", "string", [], "관광지 쉬는날 (12)", { optional: true }),
        field("parking", "string", [], "관광지 주차시설 (12)", { optional: true }),
        field("usetimeculture", "string", [], "문화시설 이용시간 (14)", { optional: true }),
        field("restdateculture", "string", [], "문화시설 쉬는날 (14)", { optional: true }),
        field("usefee", "string", [], "문화시설 이용요금 (14)", { optional: true }),
        field("eventstartdate", "string", ["date.event", "date.yyyymmdd"], "행사 시작일 YYYYMMDD (15)", { pattern: "^\\d{8}$", optional: true }),
        field("eventenddate", "string", ["date.event", "date.yyyymmdd"], "행사 종료일 YYYYMMDD (15)", { pattern: "^\\d{8}$", optional: true }),
        field("eventplace", "string", [], "행사 장소 (15)", { optional: true }),
        field("playtime", "string", [], "공연·행사 시간 (15)", { optional: true }),
        field("program", "string", [], "행사 프로그램 (15)", { optional: true }),
        field("usetimefestival", "string", [], "행사 이용요금 (15)", { optional: true }),
        field("sponsor1", "string", [], "주최 (15)", { optional: true }),
        field("distance", "string", [], "코스 총거리 (25)", { optional: true }),
        field("taketime", "string", [], "코스 소요시간 (25)", { optional: true }),
        field("schedule", "string", [], "코스 일정 (25)", { optional: true }),
        field("usetimeleports", "string", [], "레포츠 이용시간 (28)", { optional: true }),
        field("usefeeleports", "string", [], "레포츠 이용요금 (28)", { optional: true }),
        field("checkintime", "string", [], "숙박 입실시간 (32)", { optional: true }),
        field("checkouttime", "string", [], "숙박 퇴실시간 (32)", { optional: true }),
        field("roomcount", "string", [], "숙박 객실 수 (32)", { optional: true }),
        field("reservationlodging", "string", [], "숙박 예약 안내 (32)", { optional: true }),
        field("opentime", "string", [], "쇼핑 영업시간 (38)", { optional: true }),
        field("restdateshopping", "string", [], "쇼핑 쉬는날 (38)", { optional: true }),
        field("saleitem", "string", [], "쇼핑 판매 품목 (38)", { optional: true }),
        field("firstmenu", "string", [], "음식점 대표 메뉴 (39)", { optional: true }),
        field("treatmenu", "string", [], "음식점 취급 메뉴 (39)", { optional: true }),
        field("opentimefood", "string", [], "음식점 영업시간 (39)", { optional: true }),
        field("restdatefood", "string", [], "음식점 쉬는날 (39)", { optional: true }),
        field("infocenterfood", "string", [], "음식점 문의 및 안내 (39)", { optional: true }),
      ],
    },
    pagination: pagePagination(10),
    cache: cacheOf("static"),
    examples: [
      { args: { contentId: "126508", contentTypeId: 12 }, note: "경복궁: 쉬는날 화요일" },
      { args: { contentId: "132180", contentTypeId: 38 }, note: "남대문시장: 쉬는날, 판매 품목" },
    ],
    docs: DOCS,
  }),
];
