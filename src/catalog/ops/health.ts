/**
 * 식약처 (e약은요 의약품개요정보, 의약품 낱알식별) and 건강보험심사평가원 (병원·약국 기본목록,
 * 의료기관별 상세정보 2.7).
 */
import { z } from "zod";
import { cacheOf, defineUpstream, type OutputFieldInput } from "../spec";
import { numOfRows, pageNo, pagePagination } from "./common";


// ---------------------------------------------------------------- 식약처 e약은요 / 낱알식별

const mfdsRequest = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  format: { in: "query" as const, name: "type", value: "json" },
  responseFormat: "json" as const,
};

const itemSeqPattern = "^\\d{9}$";

const easyDrugFields: OutputFieldInput[] = [
  { name: "itemSeq", type: "string", tags: ["drug.item_seq"], description: "품목기준코드 9자리. mfds_pill_identification의 ITEM_SEQ와 같은 값", pattern: itemSeqPattern },
  { name: "itemName", type: "string", tags: ["drug.item_name"], description: "제품명 (예: 타이레놀정500밀리그람(아세트아미노펜))" },
  { name: "entpName", type: "string", tags: ["drug.entp_name"], description: "업체명" },
  { name: "efcyQesitm", type: "string", description: "이 약의 효능은 무엇입니까?" },
  { name: "useMethodQesitm", type: "string", description: "이 약은 어떻게 사용합니까? (용법·용량)" },
  { name: "atpnWarnQesitm", type: "string", description: "이 약을 사용하기 전에 반드시 알아야 할 내용은 무엇입니까? (경고, 없으면 비어 있음)", optional: true },
  { name: "atpnQesitm", type: "string", description: "이 약의 사용상 주의사항은 무엇입니까?" },
  { name: "intrcQesitm", type: "string", description: "이 약을 사용하는 동안 주의해야 할 약 또는 음식은 무엇입니까? (상호작용)", optional: true },
  { name: "seQesitm", type: "string", description: "이 약은 어떤 이상반응이 나타날 수 있습니까? (부작용)", optional: true },
  { name: "depositMethodQesitm", type: "string", description: "이 약은 어떻게 보관해야 합니까?" },
  { name: "openDe", type: "string", description: "공개일자 (예: 2021-01-29 00:00:00)" },
  { name: "updateDe", type: "string", description: "수정일자 (YYYYMMDD)" },
  { name: "itemImage", type: "string", description: "낱알 또는 제품 이미지 URL (nedrug.mfds.go.kr)", optional: true },
  { name: "bizrno", type: "string", description: "업체 사업자등록번호 10자리", pattern: "^\\d{10}$" },
];

const mfdsEasyDrug = defineUpstream({
  name: "mfds_easy_drug",
  version: 1,
  provider: "mfds",
  title: { ko: "의약품개요정보 (e약은요) 조회", en: "Drug overview (e약은요)" },
  description: {
    ko: "식약처 e약은요에서 일반의약품의 쉬운 설명을 돌려줍니다: 효능(efcyQesitm), 용법(useMethodQesitm), 주의사항·경고, 상호작용, 부작용, 보관법과 품목기준코드(itemSeq, 9자리). itemName은 제품명 일부로 찾습니다(예: '타이레놀'). 얻은 itemSeq·itemName은 mfds_pill_identification(item_name, item_seq)으로 낱알 모양을 찾는 데 씁니다. 주의: 없는 itemSeq로 조회하면 빈 결과 대신 다른 약이 올 수 있으니(soft 404), 돌려받은 itemSeq가 요청한 값과 같은지 반드시 확인하세요.",
    en: "Plain-language leaflet of over-the-counter drugs from MFDS e약은요: efficacy, usage, warnings and precautions, interactions, side effects, storage and the 9-digit item code itemSeq. itemName matches part of the product name (e.g. '타이레놀'). The itemSeq and itemName feed mfds_pill_identification (item_name, item_seq). Beware the soft 404: an itemSeq that matches nothing returns other drugs instead of an empty list, so check that the returned itemSeq is the one you asked for.",
  },
  params: z.object({
    itemName: z.string().min(1).optional().describe("제품명 일부 (부분 일치, 예: 타이레놀) / part of the product name").meta({ tags: ["drug.item_name"], examples: ["타이레놀"] }),
    entpName: z.string().min(1).optional().describe("업체명 일부 (예: 동화약품) / part of the company name").meta({ tags: ["drug.entp_name"], examples: ["동화약품"] }),
    itemSeq: z
      .string()
      .regex(/^\d{9}$/, "9 digits")
      .optional()
      .describe("품목기준코드 9자리. 일치하는 품목이 없으면 다른 약이 돌아오므로 결과의 itemSeq를 확인하세요 / 9-digit item code")
      .meta({ tags: ["drug.item_seq"], examples: ["195700020"] }),
    numOfRows: numOfRows(100, 10),
    pageNo: pageNo(),
  }),
  request: { ...mfdsRequest, path: "/1471000/DrbEasyDrugInfoService/getDrbEasyDrugList" },
  response: { envelope: "mfds", fields: easyDrugFields },
  pagination: pagePagination(100),
  cache: cacheOf("static"),
  examples: [
    { args: { itemName: "타이레놀" }, note: "타이레놀정500밀리그람, 8시간이알서방정, 어린이현탁액" },
    { args: { itemSeq: "195700020" }, note: "활명수" },
    { args: { entpName: "동화약품", numOfRows: 20 } },
  ],
  docs: "https://www.data.go.kr/data/15075057/openapi.do",
});

const pillFields: OutputFieldInput[] = [
  { name: "ITEM_SEQ", type: "string", tags: ["drug.item_seq"], description: "품목기준코드 9자리 (mfds_easy_drug의 itemSeq와 같은 값)", pattern: itemSeqPattern },
  { name: "ITEM_NAME", type: "string", tags: ["drug.item_name"], description: "제품명" },
  { name: "ENTP_NAME", type: "string", tags: ["drug.entp_name"], description: "업체명" },
  { name: "CHART", type: "string", description: "성상 (예: 흰색의 장방형 필름코팅정)" },
  { name: "ITEM_IMAGE", type: "string", description: "낱알 이미지 URL", optional: true },
  { name: "PRINT_FRONT", type: "string", description: "앞면 표시(각인)", optional: true },
  { name: "PRINT_BACK", type: "string", description: "뒷면 표시(각인)", optional: true },
  { name: "DRUG_SHAPE", type: "string", description: "모양 (원형, 타원형, 장방형, 기타 …)" },
  { name: "COLOR_CLASS1", type: "string", description: "색상 앞 (하양, 노랑, 분홍 …)" },
  { name: "COLOR_CLASS2", type: "string", description: "색상 뒤 (캡슐 등)", optional: true },
  { name: "LINE_FRONT", type: "string", description: "분할선 앞", optional: true },
  { name: "LENG_LONG", type: "number", description: "크기 장축 (mm)" },
  { name: "LENG_SHORT", type: "number", description: "크기 단축 (mm)" },
  { name: "THICK", type: "number", description: "두께 (mm)" },
  { name: "FORM_CODE_NAME", type: "string", description: "제형 (필름코팅정, 연질캡슐제 …)" },
  { name: "CLASS_NO", type: "string", description: "분류번호 (약효분류 5자리)", pattern: "^\\d{5}$" },
  { name: "CLASS_NAME", type: "string", description: "분류명 (예: 해열.진통.소염제)" },
  { name: "ETC_OTC_NAME", type: "string", description: "전문/일반 구분 (일반의약품, 전문의약품)" },
  { name: "ITEM_PERMIT_DATE", type: "string", tags: ["date.issued", "date.yyyymmdd"], description: "품목허가일자 YYYYMMDD", pattern: "^\\d{8}$" },
];

const mfdsPillIdentification = defineUpstream({
  name: "mfds_pill_identification",
  version: 1,
  provider: "mfds",
  title: { ko: "의약품 낱알식별 정보 조회", en: "Pill identification" },
  description: {
    ko: "식약처 낱알식별에서 정제·캡슐의 생김새를 돌려줍니다: 앞뒤 각인(PRINT_FRONT/BACK), 모양, 색상, 크기(mm), 제형, 약효분류, 이미지. item_name은 제품명 일부로 찾으며(mfds_easy_drug의 itemName을 그대로 넣어도 됩니다), 결과에서 ITEM_SEQ가 mfds_easy_drug의 itemSeq와 같은 행을 고르세요. 액상·연고·패취처럼 낱알이 없는 약은 행이 없습니다.",
    en: "Physical description of tablets and capsules from MFDS pill identification: imprints (PRINT_FRONT/BACK), shape, colour, size in mm, dosage form, drug class and image. item_name matches part of the product name (the itemName of mfds_easy_drug works as is); pick the row whose ITEM_SEQ equals mfds_easy_drug's itemSeq. Liquids, ointments and patches have no row.",
  },
  params: z.object({
    item_name: z.string().min(1).optional().describe("제품명 일부 (snake_case 이름 주의, 예: 타이레놀) / part of the product name").meta({ tags: ["drug.item_name"], examples: ["타이레놀"] }),
    entp_name: z.string().min(1).optional().describe("업체명 일부 / part of the company name").meta({ tags: ["drug.entp_name"], examples: ["대웅제약"] }),
    item_seq: z.string().regex(/^\d{9}$/, "9 digits").optional().describe("품목기준코드 9자리 (mfds_easy_drug의 itemSeq)").meta({ tags: ["drug.item_seq"], examples: ["202106092"] }),
    numOfRows: numOfRows(100, 10),
    pageNo: pageNo(),
  }),
  request: { ...mfdsRequest, path: "/1471000/MdcinGrnIdntfcInfoService03/getMdcinGrnIdntfcInfoList03" },
  response: { envelope: "mfds", fields: pillFields },
  pagination: pagePagination(100),
  cache: cacheOf("static"),
  examples: [{ args: { item_name: "타이레놀" }, note: "타이레놀정500밀리그람: 흰색 장방형, TYLENOL/500" }, { args: { item_seq: "197400035" }, note: "부루펜정200밀리그램" }],
  docs: "https://www.data.go.kr/data/15057639/openapi.do",
});

// ---------------------------------------------------------------- 심평원 병원·약국·상세정보

const hiraRequest = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  format: { in: "query" as const, name: "_type", value: "json" },
  responseFormat: "json" as const,
};

const DOCS_HOSP = "https://www.data.go.kr/data/15001698/openapi.do";
const DOCS_DETAIL = "https://www.data.go.kr/data/15001699/openapi.do";
const DOCS_PHARMACY = "https://www.data.go.kr/data/15001673/openapi.do";

const ykihoPattern = "^[A-Za-z0-9+/=]+$";

const ykihoParam = () =>
  z
    .string()
    .min(20)
    .describe("암호화된 요양기호 (hira_hospitals·hira_pharmacies 결과의 ykiho를 그대로) / encrypted institution id")
    .meta({ tags: ["hira.ykiho"], examples: ["JDMwMzIyNiMxMyMkMSMkODkxNSMkNTQkMzk1MDQ2Izg2IyQxIyQ4IyQ0NiQ4MzU5OTcjNjEjJDEjJDgjJDgz"] });

const regionParams = {
  sidoCd: z
    .string()
    .regex(/^\d{6}$/, "HIRA 6-digit code")
    .optional()
    .describe("심평원 시도코드 6자리 (법정동 코드 아님): 서울 110000, 부산 210000, 인천 220000, 대구 230000, 대전 250000, 경기 310000, 제주 390000, 세종 410000")
    .meta({ tags: ["hira.sido_cd6"], examples: ["110000"] }),
  sgguCd: z
    .string()
    .regex(/^\d{6}$/, "HIRA 6-digit code")
    .optional()
    .describe(
      "심평원 시군구코드 6자리 (법정동 코드 아님). 서울: 110001 강남구, 110002 강동구, 110003 강서구, 110004 관악구, 110005 구로구, 110006 도봉구, 110007 동대문구, 110008 동작구, 110009 마포구, 110010 서대문구, 110011 성동구, 110012 성북구, 110013 영등포구, 110014 용산구, 110015 은평구, 110016 종로구, 110017 중구, 110018 송파구, 110019 중랑구, 110020 양천구, 110021 서초구, 110022 노원구, 110023 광진구, 110024 강북구, 110025 금천구. 다른 지역은 결과의 sgguCd를 쓰거나 emdongNm·좌표로 찾으세요",
    )
    .meta({ tags: ["hira.sggu_cd6"], examples: ["110001"] }),
  emdongNm: z.string().min(1).optional().describe("읍면동명 (예: 역삼동, 법정동 이름)").meta({ tags: ["region.umd_name"], examples: ["역삼동"] }),
  yadmNm: z.string().min(1).optional().describe("기관명 일부 (부분 일치, 예: 세브란스)").meta({ tags: ["hira.name"], examples: ["세브란스"] }),
  xPos: z.number().min(124).max(132).optional().describe("중심 경도 (WGS84, yPos와 함께) / longitude").meta({ tags: ["geo.wgs84.lon"], examples: [127.0363] }),
  yPos: z.number().min(33).max(39).optional().describe("중심 위도 (WGS84, xPos와 함께) / latitude").meta({ tags: ["geo.wgs84.lat"], examples: [37.5003] }),
  radius: z.number().int().min(1).max(100_000).optional().describe("반경 (m). xPos·yPos와 함께 주면 그 안의 기관만 가까운 순으로 / radius in metres").meta({ tags: ["geo.radius_m"], examples: [1000] }),
};

const placeFields: OutputFieldInput[] = [
  { name: "ykiho", type: "string", tags: ["hira.ykiho"], description: "암호화된 요양기호: hira_hospital_detail·hira_hospital_departments의 ykiho 입력", pattern: ykihoPattern },
  { name: "yadmNm", type: "string", tags: ["hira.name"], description: "기관명" },
  { name: "clCd", type: "string", tags: ["hira.cl_cd"], description: "종별코드 (01 상급종합, 11 종합병원, 21 병원, 31 의원, 51 치과의원, 81 약국, 93 한의원 …)", pattern: "^\\d{2}$" },
  { name: "clCdNm", type: "string", description: "종별코드명" },
  { name: "sidoCd", type: "string", tags: ["hira.sido_cd6"], description: "심평원 시도코드 6자리", pattern: "^\\d{6}$" },
  { name: "sidoCdNm", type: "string", tags: ["region.sido_name"], description: "시도명 (서울, 경기 …)" },
  { name: "sgguCd", type: "string", tags: ["hira.sggu_cd6"], description: "심평원 시군구코드 6자리", pattern: "^\\d{6}$" },
  { name: "sgguCdNm", type: "string", tags: ["region.sigungu_name"], description: "시군구명 (예: 강남구, 성남분당구)" },
  { name: "emdongNm", type: "string", tags: ["region.umd_name"], description: "읍면동명" },
  { name: "postNo", type: "string", tags: ["region.zip5"], description: "우편번호", pattern: "^\\d{5}$" },
  { name: "addr", type: "string", tags: ["region.address_road"], description: "주소 (도로명)" },
  { name: "telno", type: "string", description: "전화번호" },
  { name: "estbDd", type: "string", tags: ["date.founded", "date.yyyymmdd"], description: "개설일자 YYYYMMDD", pattern: "^\\d{8}$" },
  { name: "XPos", type: "number", tags: ["geo.wgs84.lon"], description: "경도 (WGS84)" },
  { name: "YPos", type: "number", tags: ["geo.wgs84.lat"], description: "위도 (WGS84)" },
  { name: "distance", type: "number", tags: ["geo.distance"], description: "중심점(xPos, yPos)에서의 거리 (m). 좌표로 찾을 때만", optional: true },
];

const hiraHospitals = defineUpstream({
  name: "hira_hospitals",
  version: 1,
  provider: "hira",
  title: { ko: "병원 기본목록 조회", en: "Hospitals and clinics" },
  description: {
    ko: "심평원 병원정보서비스에서 병·의원 목록을 돌려줍니다: ykiho(암호화된 요양기호), 기관명, 종별(상급종합·종합병원·병원·의원·치과·한의원), 주소, 전화, 개설일, 의사수, 좌표(XPos 경도, YPos 위도). 시도·시군구는 심평원 자체 6자리 코드(sidoCd 110000 서울, sgguCd 110001 강남구 …)이며 법정동 코드가 아닙니다. 읍면동명(emdongNm), 기관명(yadmNm), 종별(clCd), 진료과목(dgsbjtCd)으로 거르거나, 위경도(xPos, yPos, radius)로 가까운 순으로 찾을 수 있습니다. ykiho는 hira_hospital_detail(진료시간)과 hira_hospital_departments(진료과목)의 입력입니다.",
    en: "Hospitals and clinics from HIRA: ykiho (encrypted institution id), name, type (tertiary, general, hospital, clinic, dental, Korean medicine), address, phone, opening date, doctor count and WGS84 position (XPos lon, YPos lat). Region filters are HIRA's own 6-digit codes (sidoCd 110000 Seoul, sgguCd 110001 Gangnam-gu …), not legal-dong codes; also filter by 읍면동 name, institution name, type (clCd) or department (dgsbjtCd), or search around a point (xPos, yPos, radius), nearest first. ykiho feeds hira_hospital_detail (hours) and hira_hospital_departments.",
  },
  params: z.object({
    ...regionParams,
    clCd: z
      .enum(["01", "11", "21", "28", "29", "31", "41", "51", "61", "71", "92", "93"])
      .optional()
      .describe("종별코드: 01 상급종합병원, 11 종합병원, 21 병원, 28 요양병원, 29 정신병원, 31 의원, 41 치과병원, 51 치과의원, 61 조산원, 71 보건소, 92 한방병원, 93 한의원")
      .meta({ tags: ["hira.cl_cd"], examples: ["31"] }),
    dgsbjtCd: z
      .string()
      .regex(/^\d{2}$/, "2 digits")
      .optional()
      .describe("진료과목코드 2자리: 01 내과, 05 정형외과, 10 산부인과, 11 소아청소년과, 12 안과, 13 이비인후과, 14 피부과, 23 가정의학과, 49 치과, 80 한방내과 …")
      .meta({ tags: ["hira.dgsbjt_cd"], examples: ["01"] }),
    numOfRows: numOfRows(1000, 10),
    pageNo: pageNo(),
  }),
  request: { ...hiraRequest, path: "/B551182/hospInfoServicev2/getHospBasisList" },
  response: {
    envelope: "datagokr",
    fields: [
      ...placeFields,
      { name: "hospUrl", type: "string", description: "홈페이지", optional: true },
      { name: "drTotCnt", type: "integer", description: "의사 총수 (전문의·일반의·인턴·레지던트)" },
      { name: "mdeptSdrCnt", type: "integer", description: "의과 전문의 수" },
    ],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("daily"),
  examples: [
    { args: { sidoCd: "110000", sgguCd: "110001" }, note: "서울 강남구의 병·의원" },
    { args: { yadmNm: "세브란스" }, note: "세브란스병원, 강남세브란스병원" },
    { args: { xPos: 127.0363, yPos: 37.5003, radius: 1500, clCd: "31" }, note: "역삼동 근처 의원, 가까운 순" },
  ],
  docs: DOCS_HOSP,
});

const hhmm = (name: string, description: string, optional = false): OutputFieldInput => ({ name, type: "string", tags: ["hira.hours", "time.hhmm"], description, pattern: "^\\d{4}$", optional });

const DAYS: [string, string][] = [
  ["Mon", "월요일"],
  ["Tue", "화요일"],
  ["Wed", "수요일"],
  ["Thu", "목요일"],
  ["Fri", "금요일"],
];

const hiraHospitalDetail = defineUpstream({
  name: "hira_hospital_detail",
  version: 1,
  provider: "hira",
  title: { ko: "의료기관 상세정보 (진료시간·응급실·주차)", en: "Institution details (hours, emergency, parking)" },
  description: {
    ko: "심평원 의료기관별 상세정보(2.7)에서 한 기관의 요일별 진료시간(trmtMonStart~trmtSunEnd, HHMM), 점심·접수시간, 일요일·공휴일 휴진 안내, 주간·야간 응급실 운영 여부, 주차 가능 대수와 유료 여부를 돌려줍니다. ykiho는 hira_hospitals 또는 hira_pharmacies의 결과에서 가져오세요. 쉬는 요일의 시작·종료 시각은 비어 있습니다.",
    en: "Details of one institution from HIRA (MadmDtlInfoService 2.7): opening hours per weekday (trmtMonStart … trmtSunEnd, HHMM), lunch and reception hours, Sunday and holiday closures, day and night emergency room, parking spaces and whether parking is paid. Take ykiho from hira_hospitals or hira_pharmacies; closed days have no start/end time.",
  },
  params: z.object({ ykiho: ykihoParam() }),
  request: { ...hiraRequest, path: "/B551182/MadmDtlInfoService2.7/getDtlInfo2.7" },
  response: {
    envelope: "datagokr",
    fields: [
      ...DAYS.flatMap(([day, ko]) => [hhmm(`trmt${day}Start`, `${ko} 진료 시작 HHMM`), hhmm(`trmt${day}End`, `${ko} 진료 종료 HHMM`)]),
      hhmm("trmtSatStart", "토요일 진료 시작 HHMM (휴진이면 없음)", true),
      hhmm("trmtSatEnd", "토요일 진료 종료 HHMM", true),
      hhmm("trmtSunStart", "일요일 진료 시작 HHMM (휴진이면 없음)", true),
      hhmm("trmtSunEnd", "일요일 진료 종료 HHMM", true),
      { name: "lunchWeek", type: "string", description: "평일 점심시간 (예: 13:00~14:00)", optional: true },
      { name: "rcvWeek", type: "string", description: "평일 접수시간", optional: true },
      { name: "rcvSat", type: "string", description: "토요일 접수시간", optional: true },
      { name: "noTrmtSun", type: "string", description: "일요일 휴진 안내 (휴진, 휴무, 정상영업 …)" },
      { name: "noTrmtHoli", type: "string", description: "공휴일 휴진 안내" },
      { name: "emyDayYn", type: "boolean", description: "주간 응급실 운영 여부 (Y/N)" },
      { name: "emyNgtYn", type: "boolean", description: "야간 응급실 운영 여부 (Y/N)" },
      { name: "parkQty", type: "integer", description: "주차 가능 대수" },
      { name: "parkXpnsYn", type: "boolean", description: "주차비 부담 여부 (Y 유료 / N 무료)" },
    ],
  },
  pagination: { style: "none" },
  cache: cacheOf("daily"),
  examples: [{ args: { ykiho: "JDMwMzIyNiMxMyMkMSMkODkxNSMkNTQkMzk1MDQ2Izg2IyQxIyQ4IyQ0NiQ4MzU5OTcjNjEjJDEjJDgjJDgz" }, note: "서울대학교병원" }],
  docs: DOCS_DETAIL,
});

const hiraHospitalDepartments = defineUpstream({
  name: "hira_hospital_departments",
  version: 1,
  provider: "hira",
  title: { ko: "의료기관 진료과목 조회", en: "Institution departments" },
  description: {
    ko: "심평원 의료기관별 상세정보(2.7)에서 한 기관의 진료과목 목록을 돌려줍니다: 진료과목코드(dgsbjtCd, hira_hospitals의 dgsbjtCd 입력과 같은 코드), 과목명, 과목별 전문의 수, 협진 의사 수. ykiho는 hira_hospitals 결과에서 가져오세요. 약국은 진료과목이 없습니다.",
    en: "Departments of one institution from HIRA (MadmDtlInfoService 2.7): department code (dgsbjtCd, the code hira_hospitals filters on), name, specialists per department and consulting doctors. Take ykiho from hira_hospitals; pharmacies have no departments.",
  },
  params: z.object({ ykiho: ykihoParam(), numOfRows: numOfRows(100, 50), pageNo: pageNo() }),
  request: { ...hiraRequest, path: "/B551182/MadmDtlInfoService2.7/getDgsbjtInfo2.7" },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "dgsbjtCd", type: "string", tags: ["hira.dgsbjt_cd"], description: "진료과목코드 2자리", pattern: "^\\d{2}$" },
      { name: "dgsbjtCdNm", type: "string", description: "진료과목명 (내과, 정형외과 …)" },
      { name: "dgsbjtPrSdrCnt", type: "integer", description: "과목별 전문의 수" },
      { name: "cdiagDrCnt", type: "integer", description: "협진 의사 수" },
    ],
  },
  pagination: pagePagination(100),
  cache: cacheOf("daily"),
  examples: [{ args: { ykiho: "JDMwMzIyNiMxMyMkMSMkODkxNSMkNTQkMzk1MDQ2Izg2IyQxIyQ4IyQ0NiQ4MzU5OTcjNjEjJDEjJDgjJDgz" }, note: "서울대학교병원" }],
  docs: DOCS_DETAIL,
});

const hiraPharmacies = defineUpstream({
  name: "hira_pharmacies",
  version: 1,
  provider: "hira",
  title: { ko: "약국 기본목록 조회", en: "Pharmacies" },
  description: {
    ko: "심평원 약국정보서비스(getParmacyBasisList, 원래 철자)에서 약국 목록을 돌려줍니다: ykiho, 약국명, 주소, 전화, 좌표(XPos 경도, YPos 위도)와 좌표로 찾을 때 거리(distance, m). 위경도(xPos, yPos)와 반경(radius, m)을 주면 그 안의 약국을 가까운 순으로 돌려줍니다; 위경도는 관광지·정류소 결과나 좌표 변환 도구에서 옵니다. 심평원 6자리 시도·시군구 코드나 읍면동명으로도 찾습니다. ykiho는 hira_hospital_detail(영업시간)에 씁니다.",
    en: "Pharmacies from HIRA (operation spelt getParmacyBasisList upstream): ykiho, name, address, phone, WGS84 position (XPos lon, YPos lat) and, for a point search, the distance in metres. Given xPos, yPos and radius it returns the pharmacies within the radius, nearest first; coordinates come from spots, stops or a coordinate conversion. Also filters by HIRA's 6-digit region codes or 읍면동 name. ykiho feeds hira_hospital_detail (opening hours).",
  },
  params: z.object({ ...regionParams, numOfRows: numOfRows(1000, 10), pageNo: pageNo() }),
  request: { ...hiraRequest, path: "/B551182/pharmacyInfoService/getParmacyBasisList" },
  response: { envelope: "datagokr", fields: placeFields },
  pagination: pagePagination(1000),
  cache: cacheOf("daily"),
  examples: [
    { args: { xPos: 127.0363, yPos: 37.5003, radius: 1000 }, note: "역삼동 중심 1 km 안, 가까운 순" },
    { args: { sidoCd: "110000", sgguCd: "110016", emdongNm: "혜화동" } },
  ],
  docs: DOCS_PHARMACY,
});

export const HEALTH_TOOLS = [mfdsEasyDrug, mfdsPillIdentification, hiraHospitals, hiraHospitalDetail, hiraHospitalDepartments, hiraPharmacies];
