/** 한국환경공단 에어코리아: 측정소정보 (TM 기준좌표, 근접측정소) and 실시간 대기오염정보. */
import { z } from "zod";
import { cacheOf, defineUpstream } from "../spec";
import { numOfRows, pageNo, pagePagination } from "./common";

const MSRSTN = "/B552584/MsrstnInfoInqireSvc";
const ARPLTN = "/B552584/ArpltnInforInqireSvc";
const DOCS_MSRSTN = "https://www.data.go.kr/data/15073877/openapi.do";
const DOCS_ARPLTN = "https://www.data.go.kr/data/15073861/openapi.do";

const request = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  format: { in: "query" as const, name: "returnType", value: "json" },
  responseFormat: "json" as const,
};

/** Each version adds to the one before (AirKorea OpenAPI 기술문서, "버전(ver) 항목설명"). */
const ver = z
  .enum(["1.0", "1.1", "1.2", "1.3", "1.4", "1.5"])
  .default("1.3")
  .describe(
    "응답 버전, 앞 버전의 항목에 더해집니다: 1.0 초미세먼지 PM2.5(pm25Value, pm25Grade, pm25Flag), 1.1 24시간 예측이동농도(pm10Value24, pm25Value24), 1.2 측정망(mangName), 1.3 1시간 등급(pm10Grade1h, pm25Grade1h), 1.4 측정소명·측정소 코드(stationName, stationCode), 1.5 소수 자리 확대(CO 2자리, O3·SO2·NO2 4자리)",
  );

const grade = (name: string, what: string) => ({
  name,
  type: "string" as const,
  tags: ["air.grade"],
  description: `${what} 등급: 1 좋음, 2 보통, 3 나쁨, 4 매우나쁨 (값이 없으면 비어 있음)`,
  pattern: "^[1-4]$",
  optional: true,
});

/** Fields of one hour of measurements; every value may be "-" (→ null) with a *Flag telling why. */
const measurementFields = [
  { name: "dataTime", type: "string" as const, tags: [], description: "측정일시 'YYYY-MM-DD HH:mm' (자정은 전날 24:00)", pattern: "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$" },
  { name: "mangName", type: "string" as const, tags: [], description: "측정망 (도시대기, 도로변대기 …; ver 1.2 이상)", optional: true },
  { name: "pm10Value", type: "integer" as const, tags: ["air.pm10"], description: "미세먼지 PM10 1시간 농도 (㎍/㎥, 결측이면 비어 있음)", optional: true },
  { name: "pm10Value24", type: "integer" as const, tags: ["air.pm10"], description: "미세먼지 PM10 24시간 예측이동농도 (㎍/㎥; ver 1.1 이상)", optional: true },
  { name: "pm25Value", type: "integer" as const, tags: ["air.pm25"], description: "초미세먼지 PM2.5 1시간 농도 (㎍/㎥; ver 1.0 이상)", optional: true },
  { name: "pm25Value24", type: "integer" as const, tags: ["air.pm25"], description: "초미세먼지 PM2.5 24시간 예측이동농도 (㎍/㎥; ver 1.1 이상)", optional: true },
  { name: "o3Value", type: "number" as const, tags: [], description: "오존 농도 (ppm; 소수 3자리, ver 1.5부터 4자리)", optional: true },
  { name: "no2Value", type: "number" as const, tags: [], description: "이산화질소 농도 (ppm; 소수 3자리, ver 1.5부터 4자리)", optional: true },
  { name: "coValue", type: "number" as const, tags: [], description: "일산화탄소 농도 (ppm; 소수 1자리, ver 1.5부터 2자리)", optional: true },
  { name: "so2Value", type: "number" as const, tags: [], description: "아황산가스 농도 (ppm; 소수 3자리, ver 1.5부터 4자리)", optional: true },
  { name: "khaiValue", type: "integer" as const, tags: [], description: "통합대기환경지수 (0–500)", optional: true },
  grade("khaiGrade", "통합대기환경지수"),
  grade("pm10Grade", "미세먼지 (24시간)"),
  grade("pm25Grade", "초미세먼지 (24시간; ver 1.0 이상)"),
  grade("pm10Grade1h", "미세먼지 (1시간; ver 1.3 이상)"),
  grade("pm25Grade1h", "초미세먼지 (1시간; ver 1.3 이상)"),
  { name: "pm10Flag", type: "string" as const, tags: [], description: "PM10 결측 사유 (통신장애, 점검및교정 …), 정상이면 비어 있음", optional: true },
  { name: "pm25Flag", type: "string" as const, tags: [], description: "PM2.5 결측 사유, 정상이면 비어 있음 (ver 1.0 이상)", optional: true },
  { name: "stationCode", type: "string" as const, tags: [], description: "측정소 코드 6자리 (ver 1.4 이상)", pattern: "^\\d{6}$", optional: true },
];

const tmCoords = defineUpstream({
  name: "airkorea_tm_coords",
  version: 1,
  provider: "airkorea",
  title: { ko: "읍면동 TM 기준좌표 조회", en: "TM coordinates of a 읍면동" },
  description: {
    ko: "읍면동 이름(일부만 써도 됨)으로 에어코리아 TM 기준좌표(tmX, tmY)와 시도·시군구 이름을 돌려줍니다. 같은 이름의 동이 여러 도시에 있으면 여러 행이 오니 sidoName/sggName으로 고르세요. 결과의 tmX, tmY는 airkorea_nearby_stations에 그대로 넣습니다. 읍면동 이름은 도로명주소 검색의 emdNm 등에서 옵니다.",
    en: "Looks up AirKorea TM reference coordinates (tmX, tmY) and the province/district names of a 읍면동 by name (a part of the name is enough). Several rows come back when cities share the name: choose by sidoName/sggName. Pass tmX, tmY to airkorea_nearby_stations. The name can come from a juso search (emdNm).",
  },
  params: z.object({
    umdName: z.string().min(1).describe("읍면동 이름 (예: 역삼동, 좌동, 송도)").meta({ tags: ["region.umd_name"], examples: ["역삼동"] }),
    numOfRows: numOfRows(1000, 100),
    pageNo: pageNo(),
  }),
  request: { ...request, path: `${MSRSTN}/getTMStdrCrdnt` },
  response: {
    envelope: "airkorea",
    fields: [
      { name: "sidoName", type: "string", tags: ["region.sido_fullname"], description: "시도 이름 (서울특별시 …)" },
      { name: "sggName", type: "string", tags: ["region.sigungu_name"], description: "시군구 이름 (세종은 비어 있음)", optional: true },
      { name: "umdName", type: "string", tags: ["region.umd_name"], description: "읍면동 이름" },
      { name: "tmX", type: "number", tags: ["geo.tm.x"], description: "TM X 좌표 (m, 원래 문자열)" },
      { name: "tmY", type: "number", tags: ["geo.tm.y"], description: "TM Y 좌표 (m, 원래 문자열)" },
    ],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("static"),
  examples: [{ args: { umdName: "역삼동" }, note: "서울 강남구 역삼동" }, { args: { umdName: "좌동" }, note: "부산 해운대구 좌동과 서울 서대문구 남가좌동이 함께 옴: sidoName으로 고르기" }],
  docs: DOCS_MSRSTN,
});

const nearbyStations = defineUpstream({
  name: "airkorea_nearby_stations",
  version: 1,
  provider: "airkorea",
  title: { ko: "근접측정소 목록 조회", en: "Nearest air-quality stations" },
  description: {
    ko: "TM 좌표(tmX, tmY)에서 가장 가까운 대기오염 측정소 3곳을 가까운 순서로 돌려줍니다: 측정소명 stationName, 주소 addr, 거리 tm(km). tmX, tmY는 airkorea_tm_coords나 wgs84_to_airkorea_tm에서 얻습니다(도로명주소의 UTM-K 좌표는 그대로 쓸 수 없음). 첫 행의 stationName을 airkorea_station_realtime에 넘기세요.",
    en: "The three air-quality stations nearest a TM point, nearest first: stationName, addr and distance tm (km). Get tmX/tmY from airkorea_tm_coords or wgs84_to_airkorea_tm (juso UTM-K coordinates do not fit). Pass the first stationName to airkorea_station_realtime.",
  },
  params: z.object({
    tmX: z.number().min(0).max(600_000).describe("TM X 좌표 (m), airkorea_tm_coords의 tmX").meta({ tags: ["geo.tm.x"], examples: [203395.67] }),
    tmY: z.number().min(-100_000).max(1_000_000).describe("TM Y 좌표 (m), airkorea_tm_coords의 tmY (제주는 0 부근이나 음수)").meta({ tags: ["geo.tm.y"], examples: [444232.86] }),
    ver: z.enum(["1.0", "1.1", "1.2"]).optional().describe("응답 버전 (생략 가능)"),
  }),
  request: { ...request, path: `${MSRSTN}/getNearbyMsrstnList` },
  response: {
    envelope: "airkorea",
    fields: [
      { name: "stationName", type: "string", tags: ["air.station_name"], description: "측정소명 (서울은 구 이름, 그 밖은 동 이름: 강남구, 좌동 …)" },
      { name: "addr", type: "string", tags: ["region.address_road"], description: "측정소 주소" },
      { name: "tm", type: "number", tags: ["geo.distance"], description: "주어진 좌표에서의 거리 (km)" },
    ],
  },
  pagination: { style: "none" },
  cache: cacheOf("static"),
  examples: [{ args: { tmX: 203395.67, tmY: 444232.86 }, note: "서울 강남구 역삼동 중심" }],
  docs: DOCS_MSRSTN,
});

const stationRealtime = defineUpstream({
  name: "airkorea_station_realtime",
  version: 1,
  provider: "airkorea",
  title: { ko: "측정소별 실시간 대기오염 조회", en: "Real-time air quality at a station" },
  description: {
    ko: "측정소 한 곳의 시간별 측정값을 최신순으로 돌려줍니다: 미세먼지 PM10(pm10Value), 초미세먼지 PM2.5(pm25Value), 24시간 평균, 오존·이산화질소·일산화탄소·아황산가스, 통합대기환경지수와 등급(1 좋음~4 매우나쁨). 결측값은 비어 있고 *Flag에 사유(통신장애 등)가 있습니다. stationName은 airkorea_nearby_stations의 stationName, dataTerm은 DAILY(24시간)·MONTH·3MONTH. 첫 행이 가장 최근 시각입니다.",
    en: "Hourly measurements at one station, newest first: PM10 (pm10Value), PM2.5 (pm25Value), 24-hour means, O3, NO2, CO, SO2, the integrated air-quality index and grades (1 good … 4 very bad). Missing values are blank with the reason in *Flag (통신장애 …). stationName comes from airkorea_nearby_stations; dataTerm is DAILY (24 h), MONTH or 3MONTH. The first row is the latest hour.",
  },
  params: z.object({
    stationName: z.string().min(1).describe("측정소명 (예: 강남구, 종로구, 좌동), airkorea_nearby_stations의 stationName").meta({ tags: ["air.station_name"], examples: ["강남구"] }),
    dataTerm: z.enum(["DAILY", "MONTH", "3MONTH"]).default("DAILY").describe("기간: DAILY 최근 24시간, MONTH 한 달, 3MONTH 석 달"),
    ver,
    numOfRows: numOfRows(1000, 24),
    pageNo: pageNo(),
  }),
  request: { ...request, path: `${ARPLTN}/getMsrstnAcctoRltmMesureDnsty` },
  response: {
    envelope: "airkorea",
    // The station's name only repeats the request's stationName (ver 1.4 and later): no tag, no link.
    fields: [{ name: "stationName", type: "string" as const, tags: [], description: "측정소명 (ver 1.4 이상, 요청한 stationName)", optional: true }, ...measurementFields],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("live", 600),
  examples: [{ args: { stationName: "강남구", dataTerm: "DAILY" } }, { args: { stationName: "좌동", dataTerm: "DAILY", numOfRows: 3 }, note: "부산 해운대구" }],
  docs: DOCS_ARPLTN,
});

const sidoRealtime = defineUpstream({
  name: "airkorea_sido_realtime",
  version: 1,
  provider: "airkorea",
  title: { ko: "시도별 실시간 대기오염 조회", en: "Real-time air quality of a province" },
  description: {
    ko: "시도(또는 전국)의 모든 측정소의 가장 최근 시간 측정값을 측정소마다 한 행으로 돌려줍니다: 측정소명 stationName, PM10·PM2.5 농도와 등급, 오존 등. sidoName은 짧은 이름(서울, 부산, 대구, 인천, 광주, 대전, 울산, 경기, 강원, 충북, 충남, 전북, 전남, 경북, 경남, 제주, 세종) 또는 전국. 서울은 측정소명이 구 이름입니다.",
    en: "The latest hour of every station in a province (or the whole country), one row per station: stationName, PM10/PM2.5 values and grades, ozone and more. sidoName is the short name (서울, 부산, …, 세종) or 전국. Seoul's stations are named after their 구.",
  },
  params: z.object({
    sidoName: z
      .enum(["전국", "서울", "부산", "대구", "인천", "광주", "대전", "울산", "경기", "강원", "충북", "충남", "전북", "전남", "경북", "경남", "제주", "세종"])
      .describe("시도 이름 (짧은 이름) 또는 전국")
      .meta({ tags: ["region.sido_name"], examples: ["서울"] }),
    ver,
    numOfRows: numOfRows(1000, 100),
    pageNo: pageNo(),
  }),
  request: { ...request, path: `${ARPLTN}/getCtprvnRltmMesureDnsty` },
  response: {
    envelope: "airkorea",
    fields: [
      { name: "sidoName", type: "string", tags: ["region.sido_name"], description: "시도 이름 (서울 …)" },
      { name: "stationName", type: "string", tags: ["air.station_name"], description: "측정소명" },
      ...measurementFields,
    ],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("live", 600),
  examples: [{ args: { sidoName: "서울" } }, { args: { sidoName: "경기" } }],
  docs: DOCS_ARPLTN,
});

export const AIR_TOOLS = [tmCoords, nearbyStations, stationRealtime, sidoRealtime];
