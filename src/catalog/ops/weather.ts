/** 기상청 (KMA): 초단기실황·초단기예보·단기예보, 중기예보, 기상특보, 지진정보. */
import { z } from "zod";
import { cacheOf, defineUpstream } from "../spec";
import { numOfRows, pageNo, pagePagination, ymd } from "./common";

const VILAGE = "/1360000/VilageFcstInfoService_2.0";
const MID = "/1360000/MidFcstInfoService";
const DOCS_VILAGE = "https://www.data.go.kr/data/15084084/openapi.do";
const DOCS_MID = "https://www.data.go.kr/data/15059468/openapi.do";

const request = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  format: { in: "query" as const, name: "dataType", value: "JSON" },
  responseFormat: "json" as const,
};

// ---------------------------------------------------------------- 초단기실황·초단기예보·단기예보

const baseDate = (product: string) =>
  ymd(`발표일자 YYYYMMDD. kma_base_time(product=${product})의 base_date를 쓰세요 (최근 1일 자료만 제공)`).meta({
    tags: ["kma.base_date", "date.yyyymmdd"],
    examples: ["20261124"],
  });

const baseTime = (description: string, example: string) =>
  z.string().regex(/^([01]\d|2[0-3])[0-5]\d$/, "HHmm").describe(description).meta({ tags: ["kma.base_time", "time.hhmm"], examples: [example] });

const grid = {
  nx: z.number().int().min(1).max(149).describe("예보지점 X 격자 (kma_grid_from_wgs84의 nx, 서울시청 60)").meta({ tags: ["kma.grid.nx"], examples: [60] }),
  ny: z.number().int().min(1).max(253).describe("예보지점 Y 격자 (kma_grid_from_wgs84의 ny, 서울시청 127)").meta({ tags: ["kma.grid.ny"], examples: [127] }),
};

// A whole forecast fits in one call: the real default of 10 rows would cut it short.
const forecastPaging = { numOfRows: numOfRows(1000, 1000), pageNo: pageNo() };

const baseFields = [
  { name: "baseDate", type: "string" as const, tags: ["kma.base_date", "date.yyyymmdd"], description: "발표일자 YYYYMMDD", pattern: "^\\d{8}$" },
  { name: "baseTime", type: "string" as const, tags: ["kma.base_time", "time.hhmm"], description: "발표시각 HHmm", pattern: "^\\d{4}$" },
  { name: "nx", type: "integer" as const, tags: ["kma.grid.nx"], description: "예보지점 X 격자" },
  { name: "ny", type: "integer" as const, tags: ["kma.grid.ny"], description: "예보지점 Y 격자" },
];

const fcstFields = (categories: string) => [
  ...baseFields,
  { name: "category", type: "string" as const, tags: [], description: `자료구분코드: ${categories}` },
  { name: "fcstDate", type: "string" as const, tags: ["kma.fcst_date", "date.yyyymmdd"], description: "예보일자 YYYYMMDD", pattern: "^\\d{8}$" },
  { name: "fcstTime", type: "string" as const, tags: ["kma.fcst_time", "time.hhmm"], description: "예보시각 HHmm (정시)", pattern: "^\\d{4}$" },
  {
    name: "fcstValue",
    type: "string" as const,
    tags: [],
    description: "예보값 (문자열). SKY 1 맑음·3 구름많음·4 흐림; PTY 0 없음·1 비·2 비/눈·3 눈·4 소나기(단기)·5 빗방울·6 빗방울눈날림·7 눈날림; PCP/RN1·SNO는 '강수없음', '1mm 미만', '2.0mm', '적설없음' 같은 글",
  },
];

const ULTRA_FCST_CATEGORIES = "T1H 기온(℃), RN1 1시간 강수량, SKY 하늘상태, UUU 동서바람성분(m/s), VVV 남북바람성분(m/s), REH 습도(%), PTY 강수형태, LGT 낙뢰, VEC 풍향(deg), WSD 풍속(m/s)";
const VILAGE_CATEGORIES =
  "POP 강수확률(%), PTY 강수형태, PCP 1시간 강수량, REH 습도(%), SNO 1시간 신적설, SKY 하늘상태, TMP 1시간 기온(℃), TMN 일 최저기온(0600에만), TMX 일 최고기온(1500에만), UUU 동서바람성분, VVV 남북바람성분, WAV 파고(m), VEC 풍향(deg), WSD 풍속(m/s)";

const ultraSrtNcst = defineUpstream({
  name: "kma_ultra_srt_ncst",
  version: 1,
  provider: "kma",
  title: { ko: "초단기실황 조회", en: "Current observations (ultra-short-term nowcast)" },
  description: {
    ko: "기상청 동네예보 격자(nx, ny)의 정시 관측값(초단기실황)을 돌려줍니다: 기온 T1H, 1시간 강수량 RN1, 습도 REH, 강수형태 PTY, 풍향 VEC, 풍속 WSD, 바람성분 UUU/VVV가 category별 한 행씩. base_time은 정시(HH00)이고 매시 40분 이후에 조회되며 최근 1일치만 있습니다. nx, ny는 kma_grid_from_wgs84, base_date/base_time은 kma_base_time(product=ncst)에서 얻으세요. 아직 발표되지 않은 시각은 빈 결과(03 NO_DATA)입니다.",
    en: "Hourly observed values at a KMA grid point (nx, ny): temperature T1H, 1-hour rain RN1, humidity REH, precipitation type PTY, wind VEC/WSD/UUU/VVV, one row per category. base_time is on the hour, available from HH:40, kept for one day. Get nx/ny from kma_grid_from_wgs84 and base_date/base_time from kma_base_time(product=ncst); an unpublished time answers empty (03 NO_DATA).",
  },
  params: z.object({
    base_date: baseDate("ncst"),
    base_time: baseTime("발표시각 HHmm, 정시만 (예: 0800)", "0800"),
    ...grid,
    ...forecastPaging,
  }),
  request: { ...request, path: `${VILAGE}/getUltraSrtNcst` },
  response: {
    envelope: "datagokr",
    fields: [
      ...baseFields,
      { name: "category", type: "string", tags: [], description: "자료구분코드: T1H 기온(℃), RN1 1시간 강수량(mm), UUU 동서바람성분, VVV 남북바람성분, REH 습도(%), PTY 강수형태, VEC 풍향(deg), WSD 풍속(m/s)" },
      { name: "obsrValue", type: "string", tags: [], description: "실황값 (문자열, 예: T1H '3.4', PTY '0')" },
    ],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("live", 600),
  examples: [
    { args: { base_date: { $time: "kma.ncst.base_date" }, base_time: { $time: "kma.ncst.base_time" }, nx: 60, ny: 127 }, note: "서울시청 격자의 최신 실황" },
  ],
  docs: DOCS_VILAGE,
});

const ultraSrtFcst = defineUpstream({
  name: "kma_ultra_srt_fcst",
  version: 1,
  provider: "kma",
  title: { ko: "초단기예보 조회", en: "Ultra-short-term forecast (next 6 hours)" },
  description: {
    ko: "기상청 격자(nx, ny)의 향후 6시간 시간별 예보(초단기예보)를 돌려줍니다: 기온 T1H, 하늘상태 SKY, 강수형태 PTY, 1시간 강수량 RN1, 낙뢰 LGT, 습도, 바람. 행은 category별로 묶여 fcstDate/fcstTime마다 하나씩입니다. base_time은 매시 30분(HH30)이고 45분 이후 조회됩니다. nx, ny는 kma_grid_from_wgs84, base_date/base_time은 kma_base_time(product=ultra_fcst)에서 얻으세요.",
    en: "Hourly forecast for the next six hours at a KMA grid point: T1H, SKY, PTY, RN1, LGT, humidity and wind, grouped by category with one row per fcstDate/fcstTime. base_time is HH30, available from HH:45. Get nx/ny from kma_grid_from_wgs84 and base_date/base_time from kma_base_time(product=ultra_fcst).",
  },
  params: z.object({
    base_date: baseDate("ultra_fcst"),
    base_time: baseTime("발표시각 HHmm, 매시 30분 (예: 0830)", "0830"),
    ...grid,
    ...forecastPaging,
  }),
  request: { ...request, path: `${VILAGE}/getUltraSrtFcst` },
  response: { envelope: "datagokr", fields: fcstFields(ULTRA_FCST_CATEGORIES) },
  pagination: pagePagination(1000),
  cache: cacheOf("live", 600),
  examples: [
    { args: { base_date: { $time: "kma.ultra_fcst.base_date" }, base_time: { $time: "kma.ultra_fcst.base_time" }, nx: 60, ny: 127 }, note: "서울시청 격자" },
  ],
  docs: DOCS_VILAGE,
});

const vilageFcst = defineUpstream({
  name: "kma_vilage_fcst",
  version: 1,
  provider: "kma",
  title: { ko: "단기예보 조회", en: "Short-term forecast (4–5 days, hourly)" },
  description: {
    ko: "기상청 격자(nx, ny)의 단기예보를 발표시각부터 시간별로 돌려줍니다 (0200~1400 발표는 글피까지, 1700·2000·2300 발표는 그글피까지, 1000행이 넘어 pageNo로 이어 받음; 닷새째의 강수량·신적설·풍속은 약한 비/비/강한 비처럼 말로): 기온 TMP, 하늘상태 SKY, 강수형태 PTY, 강수확률 POP, 강수량 PCP, 신적설 SNO, 습도, 바람, 그리고 날마다 최저기온 TMN(0600 행)·최고기온 TMX(1500 행). 시각(fcstDate/fcstTime)마다 category별 한 행입니다. base_time은 0200·0500·0800·1100·1400·1700·2000·2300 중 하나이고 10분 뒤부터 조회됩니다. nx, ny는 kma_grid_from_wgs84, base_date/base_time은 kma_base_time(product=vilage_fcst)에서 얻고, 특정 날짜(예: kasi_public_holidays의 locdate)의 예보는 fcstDate로 골라내세요.",
    en: "Hourly short-term forecast at a KMA grid point from the base time through the third day after the issue day (the 1700, 2000 and 2300 issues through the fourth; over 1000 rows, so page with pageNo; on that fifth day PCP, SNO and WSD are words such as 약한 비): TMP, SKY, PTY, POP, PCP, SNO, humidity, wind, plus daily TMN (0600 row) and TMX (1500 row); one row per category per fcstDate/fcstTime. base_time is one of 0200,0500,…,2300, available ten minutes later. Get nx/ny from kma_grid_from_wgs84 and base_date/base_time from kma_base_time(product=vilage_fcst); pick a day (e.g. a kasi_public_holidays locdate) by fcstDate.",
  },
  params: z.object({
    base_date: baseDate("vilage_fcst"),
    base_time: baseTime("발표시각 HHmm: 0200, 0500, 0800, 1100, 1400, 1700, 2000, 2300", "0800"),
    ...grid,
    ...forecastPaging,
  }),
  request: { ...request, path: `${VILAGE}/getVilageFcst` },
  response: { envelope: "datagokr", fields: fcstFields(VILAGE_CATEGORIES) },
  pagination: pagePagination(1000),
  cache: cacheOf("live", 1800),
  examples: [
    { args: { base_date: { $time: "kma.vilage_fcst.base_date" }, base_time: { $time: "kma.vilage_fcst.base_time" }, nx: 60, ny: 127 }, note: "서울시청 격자" },
    { args: { base_date: { $time: "kma.vilage_fcst.base_date" }, base_time: { $time: "kma.vilage_fcst.base_time" }, nx: 99, ny: 75 }, note: "부산 해운대구 우동" },
  ],
  docs: DOCS_VILAGE,
});

// ---------------------------------------------------------------- 중기예보

const tmFc = z
  .string()
  .regex(/^\d{8}(0600|1800)$/, "YYYYMMDD0600 or YYYYMMDD1800")
  .describe("발표시각 YYYYMMDDHHmm, 06시·18시 발표만 (예: 202611240600). 최근 24시간 발표분만 조회됩니다")
  .meta({ tags: ["kma.tmfc"], examples: ["202611240600"] });

const midFcst = defineUpstream({
  name: "kma_mid_fcst",
  version: 1,
  provider: "kma",
  title: { ko: "중기전망 조회", en: "Mid-term outlook text" },
  description: {
    ko: "기상청 중기전망(3~10일 뒤) 문장(wfSv)을 돌려줍니다: 강수 시기와 기온 범위, 평년과의 비교. stnId는 발표관서: 108 전국, 109 서울·인천·경기도, 105 강원도, 131 충청북도, 133 대전·세종·충청남도, 146 전북자치도, 156 광주·전라남도, 143 대구·경상북도, 159 부산·울산·경상남도, 184 제주도. tmFc는 가장 최근의 06시 또는 18시 발표시각 YYYYMMDDHHmm(예: 오늘 09시라면 오늘 날짜+0600, 새벽 3시라면 어제 날짜+1800)이며, 아직 발표 전이면 빈 결과입니다.",
    en: "The KMA mid-term outlook text (wfSv) for days 3–10: when precipitation comes, temperature ranges and comparison with normals. stnId is the issuing office (108 nationwide, 109 Seoul·Incheon·Gyeonggi, 105 Gangwon, 131 Chungbuk, 133 Daejeon·Sejong·Chungnam, 146 Jeonbuk, 156 Gwangju·Jeonnam, 143 Daegu·Gyeongbuk, 159 Busan·Ulsan·Gyeongnam, 184 Jeju). tmFc is the 06:00 or 18:00 issue (YYYYMMDD0600/1800); a future issue answers empty.",
  },
  params: z.object({
    stnId: z
      .enum(["108", "109", "105", "131", "133", "146", "156", "143", "159", "184"])
      .describe("발표관서: 108 전국, 109 서울·인천·경기도, 105 강원도, 131 충북, 133 대전·세종·충남, 146 전북, 156 광주·전남, 143 대구·경북, 159 부산·울산·경남, 184 제주도")
      .meta({ tags: ["kma.stn_id"], examples: ["109"] }),
    tmFc,
    numOfRows: numOfRows(10, 10),
    pageNo: pageNo(),
  }),
  request: { ...request, path: `${MID}/getMidFcst` },
  response: {
    envelope: "datagokr",
    fields: [{ name: "wfSv", type: "string", tags: [], description: "기상전망 문장 (○ (강수) …, ○ (기온) …)" }],
  },
  pagination: pagePagination(10),
  cache: cacheOf("daily", 3 * 3600),
  examples: [
    { args: { stnId: "109", tmFc: { $time: "kma.mid.tmfc" } }, note: "서울·인천·경기도" },
    { args: { stnId: "159", tmFc: { $time: "kma.mid.tmfc" } }, note: "부산·울산·경상남도" },
  ],
  docs: DOCS_MID,
});

/** Periods of the land forecast: mornings and afternoons of days 3–7, whole days 8–10. */
const LAND_PERIODS = [
  ...[3, 4, 5, 6, 7].flatMap((d) => [
    { key: `${d}Am`, label: `${d}일 뒤 오전` },
    { key: `${d}Pm`, label: `${d}일 뒤 오후` },
  ]),
  ...[8, 9, 10].map((d) => ({ key: String(d), label: `${d}일 뒤` })),
];

const midLandFcst = defineUpstream({
  name: "kma_mid_land_fcst",
  version: 1,
  provider: "kma",
  title: { ko: "중기육상예보 조회", en: "Mid-term land forecast (days 3–10)" },
  description: {
    ko: "기상청 중기육상예보: 육상예보구역(regId)의 3~7일 뒤 오전/오후, 8~10일 뒤 하루 단위 날씨(wf3Am…wf10)와 강수확률(rnSt3Am…rnSt10)을 한 행으로 돌려줍니다. regId 예: 11B00000 서울·인천·경기도, 11D10000 강원도영서, 11D20000 강원도영동, 11C20000 대전·세종·충청남도, 11C10000 충청북도, 11F20000 광주·전라남도, 11F10000 전북자치도, 11H10000 대구·경상북도, 11H20000 부산·울산·경상남도, 11G00000 제주도. tmFc는 06시·18시 발표시각입니다.",
    en: "KMA mid-term land forecast for a land region (regId): weather text and precipitation probability for mornings/afternoons of days 3–7 and whole days 8–10 (wf3Am…wf10, rnSt3Am…rnSt10), one row. regId e.g. 11B00000 Seoul·Incheon·Gyeonggi, 11H20000 Busan·Ulsan·Gyeongnam, 11G00000 Jeju. tmFc is the 06:00 or 18:00 issue.",
  },
  params: z.object({
    regId: z
      .string()
      .regex(/^11[A-H]\d0000$/, "a land forecast region id such as 11B00000")
      .describe("육상예보구역 코드 (예: 11B00000 서울·인천·경기도, 11H20000 부산·울산·경남, 11H10000 대구·경북, 11C20000 대전·세종·충남, 11G00000 제주도)")
      .meta({ tags: ["kma.mid.reg_id_land"], examples: ["11B00000"] }),
    tmFc,
    numOfRows: numOfRows(10, 10),
    pageNo: pageNo(),
  }),
  request: { ...request, path: `${MID}/getMidLandFcst` },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "regId", type: "string", tags: ["kma.mid.reg_id_land"], description: "육상예보구역 코드", pattern: "^11[A-H]\\d0000$" },
      ...LAND_PERIODS.map(({ key, label }) => ({ name: `rnSt${key}`, type: "integer" as const, tags: [], description: `${label} 강수확률(%)` })),
      ...LAND_PERIODS.map(({ key, label }) => ({ name: `wf${key}`, type: "string" as const, tags: [], description: `${label} 날씨 (맑음, 구름많음, 흐림, 구름많고 비, 흐리고 눈 …)` })),
    ],
  },
  pagination: pagePagination(10),
  cache: cacheOf("daily", 3 * 3600),
  examples: [
    { args: { regId: "11B00000", tmFc: { $time: "kma.mid.tmfc" } }, note: "서울·인천·경기도" },
    { args: { regId: "11G00000", tmFc: { $time: "kma.mid.tmfc" } }, note: "제주도" },
  ],
  docs: DOCS_MID,
});

const taFields = [3, 4, 5, 6, 7, 8, 9, 10].flatMap((d) => [
  { name: `taMin${d}`, type: "integer" as const, tags: [], description: `${d}일 뒤 예상최저기온(℃)` },
  { name: `taMax${d}`, type: "integer" as const, tags: [], description: `${d}일 뒤 예상최고기온(℃)` },
]);

const midTa = defineUpstream({
  name: "kma_mid_ta",
  version: 1,
  provider: "kma",
  title: { ko: "중기기온 조회", en: "Mid-term temperature forecast (days 3–10)" },
  description: {
    ko: "기상청 중기기온예보: 도시(regId)의 3~10일 뒤 예상 최저·최고기온(taMin3/taMax3 … taMin10/taMax10, 각 Low/High 범위 포함)을 한 행으로 돌려줍니다. regId 예: 11B10101 서울, 11B20201 인천, 11B20601 수원, 11B20605 성남, 11B20302 고양, 11C20401 대전, 11C20404 세종, 11H10701 대구, 11H20201 부산, 11G00201 제주. tmFc는 06시·18시 발표시각입니다.",
    en: "KMA mid-term temperatures for a city (regId): expected minimum and maximum for days 3–10 (taMin3/taMax3 … taMin10/taMax10, with Low/High ranges), one row. regId e.g. 11B10101 Seoul, 11H20201 Busan, 11H10701 Daegu, 11C20401 Daejeon, 11G00201 Jeju. tmFc is the 06:00 or 18:00 issue.",
  },
  params: z.object({
    regId: z
      .string()
      .regex(/^11[A-H]\d{5}$/, "a city id such as 11B10101")
      .describe("기온예보 도시 코드 (예: 11B10101 서울, 11B20201 인천, 11B20601 수원, 11B20605 성남, 11H20201 부산, 11H10701 대구, 11C20401 대전, 11C20404 세종, 11G00201 제주)")
      .meta({ tags: ["kma.mid.reg_id_temp"], examples: ["11B10101"] }),
    tmFc,
    numOfRows: numOfRows(10, 10),
    pageNo: pageNo(),
  }),
  request: { ...request, path: `${MID}/getMidTa` },
  response: {
    envelope: "datagokr",
    fields: [{ name: "regId", type: "string", tags: ["kma.mid.reg_id_temp"], description: "기온예보 도시 코드", pattern: "^11[A-H]\\d{5}$" }, ...taFields],
  },
  pagination: pagePagination(10),
  cache: cacheOf("daily", 3 * 3600),
  examples: [
    { args: { regId: "11B10101", tmFc: { $time: "kma.mid.tmfc" } }, note: "서울" },
    { args: { regId: "11H20201", tmFc: { $time: "kma.mid.tmfc" } }, note: "부산" },
  ],
  docs: DOCS_MID,
});

// ---------------------------------------------------------------- 기상특보, 지진

const weatherWarnings = defineUpstream({
  name: "kma_weather_warnings",
  version: 1,
  provider: "kma",
  title: { ko: "기상특보 현황 조회", en: "Weather warnings in force" },
  description: {
    ko: "지금 발효 중인 기상특보 현황을 한 행으로 돌려줍니다: t6 발효 중인 특보(예: 'o 건조주의보 : 서울, …' 줄마다 하나), t7 예비특보, other 참고사항, 발표시각 tmFc(YYYYMMDDHHmm)와 발효시각 tmEf. 입력은 없습니다.",
    en: "The weather warnings currently in force, one row: t6 active warnings (one 'o 건조주의보 : 서울, …' line each), t7 preliminary warnings, other notes, issue time tmFc (YYYYMMDDHHmm) and effective time tmEf. No inputs.",
  },
  params: z.object({ numOfRows: numOfRows(10, 10), pageNo: pageNo() }),
  request: { ...request, path: "/1360000/WthrWrnInfoService/getPwnStatus" },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "tmFc", type: "string", tags: ["kma.tmfc"], description: "발표시각 YYYYMMDDHHmm (원래 JSON 숫자)", pattern: "^\\d{12}$" },
      { name: "tmEf", type: "string", tags: [], description: "발효시각 YYYYMMDDHHmm (원래 JSON 숫자)", pattern: "^\\d{12}$" },
      { name: "tmSeq", type: "integer", tags: [], description: "그 달의 특보 발표 번호" },
      { name: "t6", type: "string", tags: [], description: "발효 중인 특보 ('o 종류 : 구역' 줄, 없으면 'o 없음')" },
      { name: "t7", type: "string", tags: [], description: "예비특보 (없으면 'o 없음')" },
      { name: "other", type: "string", tags: [], description: "참고사항" },
    ],
  },
  pagination: pagePagination(10),
  cache: cacheOf("live", 600),
  examples: [{ args: {}, note: "현재 특보 현황" }],
});

const earthquakes = defineUpstream({
  name: "kma_earthquakes",
  version: 1,
  provider: "kma",
  title: { ko: "지진정보 조회", en: "Earthquake notices" },
  description: {
    ko: "기상청 지진통보문을 최신순으로 돌려줍니다: 발생시각 tmEqk(YYYYMMDDHHmmss), 위치 loc(예: '경북 경주시 남남서쪽 9km 지역'), 위도 lat·경도 lon, 규모 mt, 깊이 dep(km), 최대진도 inT. 최근 3일의 통보만 보관되어 fromTmFc가 더 이르면 최근 3일로 잘리고, 범위 전체가 3일보다 오래되었거나 지진이 없으면 빈 결과(03 NO_DATA)입니다.",
    en: "KMA earthquake notices, newest first: event time tmEqk (YYYYMMDDHHmmss), place loc, lat/lon, magnitude mt, depth dep (km), maximum intensity inT. Only the last three days are kept: an earlier fromTmFc is cut to them, and a range entirely older, or without quakes, answers empty (03 NO_DATA).",
  },
  params: z.object({
    fromTmFc: ymd("조회 시작일 YYYYMMDD (최근 3일 이내만 의미 있음)").meta({ tags: ["date.yyyymmdd"], examples: ["20261122"] }),
    toTmFc: ymd("조회 종료일 YYYYMMDD").meta({ tags: ["date.yyyymmdd"], examples: ["20261124"] }),
    numOfRows: numOfRows(100, 10),
    pageNo: pageNo(),
  }),
  request: { ...request, path: "/1360000/EqkInfoService/getEqkMsg" },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "tmFc", type: "string", tags: ["kma.tmfc"], description: "통보시각 YYYYMMDDHHmm (원래 JSON 숫자)", pattern: "^\\d{12}$" },
      { name: "tmEqk", type: "string", tags: [], description: "지진 발생시각 YYYYMMDDHHmmss (원래 14자리 JSON 숫자)", pattern: "^\\d{14}$" },
      { name: "tmSeq", type: "integer", tags: [], description: "통보문 번호 (연간 일련번호)" },
      { name: "fcTp", type: "integer", tags: [], description: "통보 종류: 2 국외지진정보, 3 국내지진정보, 5 국내지진정보(재통보), 11·12·13 지진조기경보, 14 지진속보" },
      { name: "loc", type: "string", tags: [], description: "진앙 위치 (예: '경북 경주시 남남서쪽 9km 지역')" },
      { name: "lat", type: "number", tags: ["geo.wgs84.lat"], description: "진앙 위도" },
      { name: "lon", type: "number", tags: ["geo.wgs84.lon"], description: "진앙 경도" },
      { name: "mt", type: "number", tags: [], description: "규모" },
      { name: "dep", type: "integer", tags: [], description: "깊이 (km)" },
      { name: "inT", type: "string", tags: [], description: "최대진도 (예: '최대진도 Ⅲ(경북),Ⅱ(울산)')", optional: true },
      { name: "rem", type: "string", tags: [], description: "참고사항", optional: true },
      { name: "img", type: "string", tags: [], description: "진앙 지도 이미지 URL", optional: true },
    ],
  },
  pagination: pagePagination(100),
  cache: cacheOf("live", 300),
  examples: [{ args: { fromTmFc: { $time: "date.week_ago" }, toTmFc: { $time: "date.today" } }, note: "최근 3일로 잘린 범위의 지진" }],
});

export const WEATHER_TOOLS = [ultraSrtNcst, ultraSrtFcst, vilageFcst, midFcst, midLandFcst, midTa, weatherWarnings, earthquakes];
