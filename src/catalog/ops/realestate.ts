/**
 * Real estate: 국토교통부 아파트 매매·전월세 실거래가 (RTMS), 공동주택 단지목록·기본정보 (K-apt) and
 * the 건축HUB 건축물대장 표제부. Their keys are region codes (LAWD_CD, bjdCode, sigunguCd +
 * bjdongCd) that come from the address tools, and K-apt's kaptCode.
 */
import { z } from "zod";
import { cacheOf, defineUpstream, type UpstreamToolSpec } from "../spec";
import { numOfRows, pageNo, pagePagination, yyyymm } from "./common";

const lawdCd = z
  .string()
  .regex(/^\d{5}$/, "5-digit 시군구 code")
  .describe("지역코드: 법정동코드 앞 5자리 시군구코드 (예: 11710 = 서울 송파구). sigungu_code_from_bjd의 lawd_cd / LAWD_CD")
  .meta({ tags: ["region.lawd_cd5"], examples: ["11710"] });

const dealYmd = yyyymm("계약년월 YYYYMM (2020년 이후; 신고기한이 30일이라 지난달 자료는 다음 달 말까지 늘어납니다)").meta({
  tags: ["date.deal_month", "date.yyyymm"],
  examples: ["202506"],
});

const rtmsParams = z.object({ LAWD_CD: lawdCd, DEAL_YMD: dealYmd, numOfRows: numOfRows(1000, 100), pageNo: pageNo() });

const rtmsRequest = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  // The RTMS services have no format switch: they always answer XML.
  format: { in: "none" as const },
  responseFormat: "xml" as const,
};

const common = {
  sggCd: { name: "sggCd", type: "string" as const, tags: ["region.lawd_cd5"], description: "시군구코드 5자리", pattern: "^\\d{5}$" },
  umdNm: { name: "umdNm", type: "string" as const, tags: ["region.umd_name"], description: "법정동명 (예: 가락동)" },
  aptNm: { name: "aptNm", type: "string" as const, tags: ["apt.name"], description: "단지명" },
  jibun: { name: "jibun", type: "string" as const, tags: [], description: "지번 (예: 913, 2-12)", optional: true },
  excluUseAr: { name: "excluUseAr", type: "number" as const, tags: [], description: "전용면적 ㎡" },
  dealYear: { name: "dealYear", type: "integer" as const, tags: ["date.deal_year", "date.yyyy"], description: "계약년도" },
  dealMonth: { name: "dealMonth", type: "integer" as const, tags: [], description: "계약월 (1–12)" },
  dealDay: { name: "dealDay", type: "integer" as const, tags: [], description: "계약일" },
  floor: { name: "floor", type: "integer" as const, tags: [], description: "층" },
  buildYear: { name: "buildYear", type: "integer" as const, tags: [], description: "건축년도" },
};

const rtmsTrades = defineUpstream({
  name: "rtms_apt_trades",
  version: 1,
  provider: "molit_rtms",
  title: { ko: "아파트 매매 실거래가 조회", en: "Apartment sale prices (RTMS)" },
  description: {
    ko: "국토교통부 아파트 매매 실거래가 상세 자료에서 한 시군구(LAWD_CD)의 한 달(DEAL_YMD) 동안 신고된 매매를 돌려줍니다: 단지명(aptNm), 법정동(umdNm, umdCd), 지번, 전용면적, 층, 계약일, 거래금액(dealAmount, 만원 단위 정수), 해제 여부, 거래유형, 중개사 소재지, 등기일자. LAWD_CD는 mois_legal_dong_codes나 juso_search의 법정동코드를 sigungu_code_from_bjd로 나눈 lawd_cd입니다. 계약 후 30일 안에 신고되므로 최근 달은 아직 채워지는 중이고, 앞으로의 달은 비어 있습니다.",
    en: "Returns the apartment sales reported for one district (LAWD_CD) and contract month (DEAL_YMD) from MOLIT RTMS: complex name, legal dong, lot, exclusive area, floor, contract day, price (dealAmount, integer in 10,000 KRW), cancellation, deal type, agent location and registration date. LAWD_CD is the 5-digit district code that sigungu_code_from_bjd takes from a legal-dong code of mois_legal_dong_codes or juso_search. Deals are reported within 30 days, so the latest month is still filling up; future months are empty.",
  },
  params: rtmsParams,
  request: { ...rtmsRequest, path: "/1613000/RTMSDataSvcAptTradeDev/getRTMSDataSvcAptTradeDev" },
  response: {
    envelope: "datagokr",
    fields: [
      common.sggCd,
      { name: "umdCd", type: "string", tags: ["region.bjdong_cd5"], description: "법정동 5자리 (시군구코드와 이으면 10자리 법정동코드)", pattern: "^\\d{5}$" },
      common.umdNm,
      common.aptNm,
      { name: "aptSeq", type: "string", tags: ["apt.seq"], description: "단지 일련번호 (시군구코드-번호)", pattern: "^\\d{5}-\\d+$" },
      { name: "aptDong", type: "string", tags: [], description: "동 (신고된 경우)", optional: true },
      common.jibun,
      common.excluUseAr,
      common.dealYear,
      common.dealMonth,
      common.dealDay,
      { name: "dealAmount", type: "integer", tags: ["money.krw_10k"], description: "거래금액 (만원). 원문은 \"    82,000\" 같은 쉼표 문자열" },
      common.floor,
      common.buildYear,
      { name: "cdealType", type: "string", tags: [], description: "해제여부 (O면 해제된 거래)", optional: true },
      { name: "cdealDay", type: "string", tags: [], description: "해제사유발생일 (YY.MM.DD)", optional: true },
      { name: "dealingGbn", type: "string", tags: [], description: "거래유형 (중개거래, 직거래)", optional: true },
      { name: "estateAgentSggNm", type: "string", tags: [], description: "중개사 소재지 (예: 서울 송파구)", optional: true },
      { name: "rgstDate", type: "string", tags: [], description: "등기일자 (YY.MM.DD)", optional: true },
      { name: "buyerGbn", type: "string", tags: [], description: "매수자 구분 (개인, 법인, 공공기관, 기타)", optional: true },
      { name: "slerGbn", type: "string", tags: [], description: "매도자 구분", optional: true },
      { name: "roadNm", type: "string", tags: [], description: "도로명", optional: true },
    ],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("daily"),
  examples: [
    { args: { LAWD_CD: "11710", DEAL_YMD: { $time: "month.previous" } }, note: "송파구 지난달 (헬리오시티, 잠실엘스 …)" },
    { args: { LAWD_CD: "11680", DEAL_YMD: "202506" }, note: "강남구 2025년 6월" },
  ],
});

const rtmsRents = defineUpstream({
  name: "rtms_apt_rents",
  version: 1,
  provider: "molit_rtms",
  title: { ko: "아파트 전월세 실거래가 조회", en: "Apartment lease prices (RTMS)" },
  description: {
    ko: "국토교통부 아파트 전월세 실거래가 자료에서 한 시군구(LAWD_CD)의 한 달(DEAL_YMD) 동안 신고된 전세·월세 계약을 돌려줍니다: 단지명, 법정동, 전용면적, 층, 보증금(deposit, 만원 정수), 월세(monthlyRent, 만원, 전세는 0), 계약기간, 신규·갱신, 계약갱신요구권 사용 여부, 종전 보증금·월세. LAWD_CD는 sigungu_code_from_bjd의 lawd_cd입니다.",
    en: "Returns the apartment leases (전세 and 월세) reported for one district (LAWD_CD) and month (DEAL_YMD) from MOLIT RTMS: complex, legal dong, area, floor, deposit (integer, 10,000 KRW), monthly rent (10,000 KRW, 0 for 전세), term, new or renewed, use of the renewal right and the previous deposit and rent. LAWD_CD comes from sigungu_code_from_bjd.",
  },
  params: rtmsParams,
  request: { ...rtmsRequest, path: "/1613000/RTMSDataSvcAptRent/getRTMSDataSvcAptRent" },
  response: {
    envelope: "datagokr",
    fields: [
      common.sggCd,
      common.umdNm,
      common.aptNm,
      common.jibun,
      common.excluUseAr,
      common.dealYear,
      common.dealMonth,
      common.dealDay,
      { name: "deposit", type: "integer", tags: ["money.krw_10k"], description: "보증금 (만원)" },
      { name: "monthlyRent", type: "integer", tags: ["money.krw_10k"], description: "월세 (만원, 전세는 0)" },
      common.floor,
      common.buildYear,
      { name: "contractTerm", type: "string", tags: [], description: "계약기간 (YY.MM~YY.MM)", optional: true },
      { name: "contractType", type: "string", tags: [], description: "계약구분 (신규, 갱신)", optional: true },
      { name: "useRRRight", type: "string", tags: [], description: "계약갱신요구권 사용 (사용이면 사용)", optional: true },
      { name: "preDeposit", type: "integer", tags: ["money.krw_10k"], description: "종전 보증금 (만원, 갱신 계약)", optional: true },
      { name: "preMonthlyRent", type: "integer", tags: ["money.krw_10k"], description: "종전 월세 (만원, 갱신 계약)", optional: true },
    ],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("daily"),
  examples: [{ args: { LAWD_CD: "11680", DEAL_YMD: { $time: "month.previous" } }, note: "강남구 지난달" }],
  docs: "https://www.data.go.kr/data/15126474/openapi.do",
});

const kaptCode = z
  .string()
  .regex(/^A\d{8}$/, "a K-apt code such as A13587503")
  .describe("단지코드 (apt_complex_list의 kaptCode, 예: A13587503)")
  .meta({ tags: ["apt.kapt_code"], examples: ["A13587503"] });

const kaptRequest = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  // K-apt answers JSON whatever format is asked for.
  format: { in: "none" as const },
  responseFormat: "json" as const,
};

const aptComplexList = defineUpstream({
  name: "apt_complex_list",
  version: 1,
  provider: "molit_apt",
  title: { ko: "법정동 공동주택 단지 목록", en: "Apartment complexes in a legal dong" },
  description: {
    ko: "국토교통부 공동주택 단지 목록 서비스에서 한 법정동(bjdCode, 10자리)에 있는 의무관리 공동주택 단지의 단지코드(kaptCode)와 단지명, 주소 구성(시도·시군구·읍면동)을 돌려줍니다. bjdCode는 mois_legal_dong_codes의 region_cd나 juso_search의 admCd이고, kaptCode는 apt_complex_info에 넣습니다.",
    en: "Lists the managed apartment complexes of one legal dong (bjdCode, 10 digits) from the MOLIT complex list: K-apt code (kaptCode), name and address parts. bjdCode is region_cd of mois_legal_dong_codes or admCd of juso_search; kaptCode feeds apt_complex_info.",
  },
  params: z.object({
    bjdCode: z
      .string()
      .regex(/^\d{10}$/, "10-digit 법정동 code")
      .describe("법정동코드 10자리 (예: 1171010700 = 서울 송파구 가락동)")
      .meta({ tags: ["region.bjd_cd10"], examples: ["1171010700"] }),
    numOfRows: numOfRows(1000, 100),
    pageNo: pageNo(),
  }),
  request: { ...kaptRequest, path: "/1613000/AptListService4/getLegaldongAptList4" },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "kaptCode", type: "string", tags: ["apt.kapt_code"], description: "단지코드", pattern: "^A\\d{8}$" },
      { name: "kaptName", type: "string", tags: ["apt.name"], description: "단지명" },
      { name: "bjdCode", type: "string", tags: ["region.bjd_cd10"], description: "법정동코드 10자리", pattern: "^\\d{10}$" },
      { name: "as1", type: "string", tags: ["region.sido_fullname"], description: "시도" },
      { name: "as2", type: "string", tags: ["region.sigungu_name"], description: "시군구 (세종은 없음)", optional: true },
      { name: "as3", type: "string", tags: ["region.umd_name"], description: "읍면동" },
      { name: "as4", type: "string", tags: [], description: "리", optional: true },
    ],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("static"),
  examples: [{ args: { bjdCode: "1171010700" }, note: "가락동: 헬리오시티 …" }, { args: { bjdCode: "1168010600" }, note: "대치동: 은마 …" }],
});

const aptComplexInfo = defineUpstream({
  name: "apt_complex_info",
  version: 1,
  provider: "molit_apt",
  title: { ko: "공동주택 단지 기본정보", en: "Apartment complex basics" },
  description: {
    ko: "국토교통부 공동주택 기본 정보 서비스에서 단지코드(kaptCode, apt_complex_list에서 얻음) 하나의 기본정보를 돌려줍니다: 단지명, 지번·도로명 주소, 세대수(kaptdaCnt, 원문은 9510.0 같은 소수), 호수, 동수, 사용승인일, 시공사, 난방·복도 방식, 최고층, 연면적, 법정동코드. 도로명 주소(doroJuso)는 juso_search의 검색어로 쓸 수 있습니다.",
    en: "Returns the basics of one complex by K-apt code (kaptCode from apt_complex_list) from the MOLIT apartment information service: name, lot and road addresses, households (kaptdaCnt, sent as a decimal such as 9510.0), units, buildings, approval date, builder, heating and hall type, top floor, floor area and legal-dong code. doroJuso works as a juso_search keyword.",
  },
  params: z.object({ kaptCode }),
  request: { ...kaptRequest, path: "/1613000/AptBasisInfoServiceV5/getAphusBassInfoV5" },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "kaptCode", type: "string", tags: ["apt.kapt_code"], description: "단지코드", pattern: "^A\\d{8}$" },
      { name: "kaptName", type: "string", tags: ["apt.name"], description: "단지명" },
      { name: "kaptAddr", type: "string", tags: ["region.address_jibun"], description: "지번주소" },
      { name: "doroJuso", type: "string", tags: ["region.address_road"], description: "도로명주소" },
      { name: "kaptdaCnt", type: "integer", tags: [], description: "세대수" },
      { name: "hoCnt", type: "integer", tags: [], description: "호수" },
      { name: "kaptDongCnt", type: "integer", tags: [], description: "동수" },
      { name: "kaptUsedate", type: "string", tags: ["date.approved", "date.yyyymmdd"], description: "사용승인일 YYYYMMDD", pattern: "^\\d{8}$" },
      { name: "kaptBcompany", type: "string", tags: [], description: "시공사", optional: true },
      { name: "codeHeatNm", type: "string", tags: [], description: "난방방식 (개별난방, 지역난방, 중앙난방)", optional: true },
      { name: "codeHallNm", type: "string", tags: [], description: "복도유형 (계단식, 복도식, 혼합식)", optional: true },
      { name: "codeAptNm", type: "string", tags: [], description: "단지분류 (아파트, 주상복합)", optional: true },
      { name: "kaptTopFloor", type: "integer", tags: [], description: "최고층", optional: true },
      { name: "kaptTarea", type: "number", tags: [], description: "연면적 ㎡", optional: true },
      { name: "privArea", type: "number", tags: [], description: "단지 전용면적 합 ㎡", optional: true },
      { name: "bjdCode", type: "string", tags: ["region.bjd_cd10"], description: "법정동코드 10자리", pattern: "^\\d{10}$" },
      { name: "zipcode", type: "string", tags: ["region.zip5"], description: "우편번호", pattern: "^\\d{5}$", optional: true },
    ],
  },
  pagination: { style: "none" },
  cache: cacheOf("static"),
  examples: [{ args: { kaptCode: "A13587503" }, note: "헬리오시티" }],
  docs: "https://www.data.go.kr/data/15058453/openapi.do",
});

const bldTitleInfo = defineUpstream({
  name: "bld_title_info",
  version: 1,
  provider: "molit_bld",
  title: { ko: "건축물대장 표제부 조회", en: "Building register title sections" },
  description: {
    ko: "국토교통부 건축HUB 건축물대장에서 한 필지의 표제부(건물별, 아파트는 동별)를 돌려줍니다: 관리번호(mgmBldrgstPk), 대지위치, 도로명 대지위치, 건물명, 동명칭, 주용도, 구조, 지상·지하 층수, 연면적, 건축면적, 사용승인일, 세대수. sigunguCd·bjdongCd는 법정동코드(juso_search의 admCd 또는 mois_legal_dong_codes의 region_cd)를 sigungu_code_from_bjd로 5자리씩 나눈 값, bun·ji는 juso_search의 lnbrMnnm·lnbrSlno를 4자리로 0을 채운 값(예: 737 → 0737, 0 → 0000), platGbCd는 mtYn(0 대지, 1 산)입니다. bun·ji를 빼면 법정동 전체를 돌려줍니다.",
    en: "Returns the title sections of the building register (one per building, one per 동 for apartments) of a lot from MOLIT's building hub: register id, lot and road location, building name, 동 name, main use, structure, floors above and below ground, floor areas, approval date and households. sigunguCd/bjdongCd are the two 5-digit halves of a legal-dong code (juso_search admCd or mois_legal_dong_codes region_cd via sigungu_code_from_bjd); bun/ji are juso_search lnbrMnnm/lnbrSlno zero-padded to 4 digits (737 → 0737, 0 → 0000); platGbCd is mtYn (0 land, 1 mountain). Without bun/ji the whole legal dong is listed.",
  },
  params: z.object({
    sigunguCd: z
      .string()
      .regex(/^\d{5}$/, "5-digit 시군구 code")
      .describe("시군구코드 5자리 (sigungu_code_from_bjd의 lawd_cd)")
      .meta({ tags: ["region.lawd_cd5"], examples: ["11680"] }),
    bjdongCd: z
      .string()
      .regex(/^\d{5}$/, "5-digit 법정동 part")
      .describe("법정동코드 뒤 5자리 (sigungu_code_from_bjd의 bjdong_cd)")
      .meta({ tags: ["region.bjdong_cd5"], examples: ["10100"] }),
    platGbCd: z.enum(["0", "1", "2"]).optional().describe("대지구분 0 대지, 1 산, 2 블록 (juso_search의 mtYn)").meta({ tags: ["bld.plat_gb"], examples: ["0"] }),
    bun: z.string().regex(/^\d{4}$/, "4 digits, zero-padded").optional().describe("번 4자리, 0으로 채움 (예: 0737)").meta({ tags: ["bld.bun4"], examples: ["0737"] }),
    ji: z.string().regex(/^\d{4}$/, "4 digits, zero-padded").optional().describe("지 4자리, 0으로 채움 (예: 0000)").meta({ tags: ["bld.ji4"], examples: ["0000"] }),
    numOfRows: numOfRows(100, 10),
    pageNo: pageNo(),
  }),
  request: {
    method: "GET",
    path: "/1613000/BldRgstHubService/getBrTitleInfo",
    key: { in: "query", name: "serviceKey" },
    format: { in: "query", name: "_type", value: "json" },
    responseFormat: "json",
  },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "mgmBldrgstPk", type: "string", tags: [], description: "건축물대장 관리번호" },
      { name: "platPlc", type: "string", tags: ["region.address_jibun"], description: "대지위치 (지번, 예: 서울특별시 강남구 역삼동 737번지)" },
      { name: "newPlatPlc", type: "string", tags: ["region.address_road"], description: "도로명 대지위치", optional: true },
      { name: "bldNm", type: "string", tags: [], description: "건물명", optional: true },
      { name: "dongNm", type: "string", tags: ["bld.dong_name"], description: "동명칭 (예: 101동)", optional: true },
      { name: "sigunguCd", type: "string", tags: ["region.lawd_cd5"], description: "시군구코드 (원문은 JSON 숫자)", pattern: "^\\d{5}$" },
      { name: "bjdongCd", type: "string", tags: ["region.bjdong_cd5"], description: "법정동코드 뒤 5자리 (원문은 JSON 숫자)", pattern: "^\\d{5}$" },
      { name: "platGbCd", type: "string", tags: ["bld.plat_gb"], description: "대지구분 (0 대지, 1 산, 2 블록)", pattern: "^[012]$" },
      { name: "bun", type: "string", tags: ["bld.bun4"], description: "번 4자리", pattern: "^\\d{4}$" },
      { name: "ji", type: "string", tags: ["bld.ji4"], description: "지 4자리", pattern: "^\\d{4}$" },
      { name: "regstrKindCdNm", type: "string", tags: [], description: "대장종류 (일반건축물, 표제부)" },
      { name: "mainPurpsCdNm", type: "string", tags: [], description: "주용도 (공동주택, 업무시설 …)" },
      { name: "etcPurps", type: "string", tags: [], description: "기타용도 (예: 공동주택(아파트))", optional: true },
      { name: "strctCdNm", type: "string", tags: [], description: "구조 (철근콘크리트구조 …)" },
      { name: "grndFlrCnt", type: "integer", tags: [], description: "지상층수" },
      { name: "ugrndFlrCnt", type: "integer", tags: [], description: "지하층수" },
      { name: "totArea", type: "number", tags: [], description: "연면적 ㎡" },
      { name: "archArea", type: "number", tags: [], description: "건축면적 ㎡" },
      { name: "platArea", type: "number", tags: [], description: "대지면적 ㎡", optional: true },
      { name: "hhldCnt", type: "integer", tags: [], description: "세대수 (아파트 동별)" },
      { name: "useAprDay", type: "string", tags: ["date.approved", "date.yyyymmdd"], description: "사용승인일 YYYYMMDD", pattern: "^\\d{8}$", optional: true },
    ],
  },
  pagination: pagePagination(100),
  cache: cacheOf("static"),
  examples: [
    { args: { sigunguCd: "11680", bjdongCd: "10100", platGbCd: "0", bun: "0737", ji: "0000" }, note: "강남파이낸스센터 (역삼동 737)" },
    { args: { sigunguCd: "11680", bjdongCd: "10600", bun: "0316", ji: "0000" }, note: "은마아파트 (대치동 316), 동별 표제부" },
  ],
});

export const REALESTATE_TOOLS: UpstreamToolSpec[] = [rtmsTrades, rtmsRents, aptComplexList, aptComplexInfo, bldTitleInfo];
