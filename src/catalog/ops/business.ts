/**
 * 국세청 사업자등록정보 상태조회·진위확인 (api.odcloud.kr, POST JSON) and 국민연금공단 가입 사업장
 * 내역 V2 (검색, 상세, 월별 취득·상실).
 */
import { z } from "zod";
import { cacheOf, defineUpstream, type OutputFieldInput } from "../spec";
import { numOfRows, pageNo, pagePagination, yyyymm } from "./common";


// ---------------------------------------------------------------- 국세청 (odcloud)

const ntsRequest = {
  method: "POST" as const,
  key: { in: "query" as const, name: "serviceKey" },
  format: { in: "query" as const, name: "returnType", value: "JSON" },
  responseFormat: "json" as const,
};

const DOCS_NTS = "https://www.data.go.kr/data/15081808/openapi.do";

const bNo = () =>
  z
    .string()
    .regex(/^\d{10}$/, "10 digits, no hyphens")
    .describe("사업자등록번호 10자리, 하이픈 없이 (예: 1018846836). 국민연금 사업장의 bzowrRgstNo(앞 6자리)로는 조회할 수 없습니다");

const taxType = (optional: boolean): OutputFieldInput => ({
  name: "tax_type",
  type: "string",
  description: "과세유형 (부가가치세 일반과세자, 간이과세자, 면세사업자 …). 국세청에 없는 번호면 '국세청에 등록되지 않은 사업자등록번호입니다.'",
  optional,
});

const statusFields: OutputFieldInput[] = [
  { name: "b_stt", type: "string", description: "납세자상태 (계속사업자, 휴업자, 폐업자). 국세청에 없는 번호면 비어 있음", optional: true },
  { name: "b_stt_cd", type: "string", description: "납세자상태코드 01 계속사업자, 02 휴업자, 03 폐업자", pattern: "^0[1-3]$", optional: true },
  { name: "tax_type_cd", type: "string", description: "과세유형코드 (01 일반, 02 간이, 04 면세, 07 간이(세금계산서 발급) …)", pattern: "^\\d{2}$", optional: true },
  { name: "end_dt", type: "string", tags: ["date.closed", "date.yyyymmdd"], description: "폐업일 YYYYMMDD (폐업자만)", pattern: "^\\d{8}$", optional: true },
  { name: "utcc_yn", type: "boolean", description: "단위과세전환폐업여부 (Y/N)", optional: true },
  { name: "tax_type_change_dt", type: "string", tags: ["date.changed", "date.yyyymmdd"], description: "최근 과세유형 전환일자 YYYYMMDD", pattern: "^\\d{8}$", optional: true },
  { name: "invoice_apply_dt", type: "string", tags: ["date.applied", "date.yyyymmdd"], description: "세금계산서 적용일자 YYYYMMDD", pattern: "^\\d{8}$", optional: true },
  { name: "rbf_tax_type", type: "string", description: "직전 과세유형", optional: true },
];

const ntsBusinessStatus = defineUpstream({
  name: "nts_business_status",
  version: 1,
  provider: "nts",
  title: { ko: "사업자등록 상태조회", en: "Business registration status" },
  description: {
    ko: "국세청에서 사업자등록번호(10자리, 최대 100개)별로 상태를 돌려줍니다: 계속사업자·휴업자·폐업자(b_stt, b_stt_cd 01/02/03), 과세유형(일반·간이·면세), 폐업일. 국세청에 없는 번호도 오류가 아니라 tax_type이 '국세청에 등록되지 않은 사업자등록번호입니다.'이고 상태가 빈 행으로 옵니다. 국민연금 사업장(nps_workplace_search)의 bzowrRgstNo는 앞 6자리뿐이라 여기에 쓸 수 없습니다. 상호명으로는 찾을 수 없으니 번호를 알아야 합니다.",
    en: "Status of business registration numbers (10 digits, up to 100 per call) from the National Tax Service: active, suspended or closed (b_stt, b_stt_cd 01/02/03), VAT type and closing date. An unknown number is not an error: its row has empty status and tax_type '국세청에 등록되지 않은 사업자등록번호입니다.'. The NPS workplace bzowrRgstNo (nps_workplace_search) holds only the first 6 digits and cannot be used here; there is no search by name.",
  },
  params: z.object({
    b_no: z.array(bNo()).min(1).max(100).describe("사업자등록번호 목록 (10자리 문자열, 최대 100개) / up to 100 ten-digit numbers").meta({ tags: ["biz.b_no10"], examples: [["1018846836", "1068108202"]] }),
  }),
  request: { ...ntsRequest, path: "/nts-businessman/v1/status", bodyParams: ["b_no"] },
  response: {
    envelope: "odcloud",
    fields: [{ name: "b_no", type: "string", tags: ["biz.b_no10"], description: "사업자등록번호 10자리", pattern: "^\\d{10}$" }, taxType(false), ...statusFields],
  },
  pagination: { style: "none" },
  cache: cacheOf("daily"),
  examples: [{ args: { b_no: ["1018846836", "1068108202"] } }, { args: { b_no: ["1018846836", "1234567891"] }, note: "두 번째는 국세청에 없는 번호" }],
  docs: DOCS_NTS,
});

const ntsBusinessValidate = defineUpstream({
  name: "nts_business_validate",
  version: 1,
  provider: "nts",
  title: { ko: "사업자등록정보 진위확인", en: "Business registration check" },
  description: {
    ko: "국세청에서 사업자등록번호·개업일자·대표자성명(필수)과 상호·법인등록번호(선택)가 등록된 정보와 일치하는지 확인합니다(최대 100건). valid 01이면 일치하며 상태조회와 같은 상태 필드(b_stt, tax_type …)가 함께 오고, 02면 불일치(valid_msg '확인할 수 없습니다.')입니다. 번호만 있을 때는 nts_business_status를 쓰세요.",
    en: "Checks with the National Tax Service whether a business number, opening date and representative's name (required), and optionally trade name and corporate registration number, match the register (up to 100). valid 01 means a match and comes with the status fields of nts_business_status; 02 means no match (valid_msg '확인할 수 없습니다.'). With a number alone use nts_business_status.",
  },
  params: z.object({
    businesses: z
      .array(
        z.object({
          b_no: bNo(),
          start_dt: z.string().regex(/^\d{8}$/, "YYYYMMDD").describe("개업일자 YYYYMMDD"),
          p_nm: z.string().min(1).describe("대표자성명"),
          p_nm2: z.string().optional().describe("대표자성명2 (외국인의 한글 성명)"),
          b_nm: z.string().optional().describe("상호"),
          corp_no: z.string().regex(/^\d{13}$/, "13 digits").optional().describe("법인등록번호 13자리"),
          b_sector: z.string().optional().describe("주업태명"),
          b_type: z.string().optional().describe("주종목명"),
          b_adr: z.string().optional().describe("사업장 주소"),
        }),
      )
      .min(1)
      .max(100)
      .describe("확인할 사업자 목록 (최대 100건) / businesses to check")
      .meta({ tags: ["biz.b_no10"], examples: [[{ b_no: "1018846836", start_dt: "20180901", p_nm: "정준호" }]] }),
  }),
  request: { ...ntsRequest, path: "/nts-businessman/v1/validate", bodyParams: ["businesses"] },
  response: {
    envelope: "odcloud",
    flatten: ["status"],
    fields: [
      { name: "b_no", type: "string", tags: ["biz.b_no10"], description: "사업자등록번호 10자리", pattern: "^\\d{10}$" },
      { name: "valid", type: "string", description: "진위확인 결과: 01 일치, 02 불일치", pattern: "^0[12]$" },
      { name: "valid_msg", type: "string", description: "불일치 사유 (확인할 수 없습니다.)", optional: true },
      taxType(true),
      ...statusFields,
    ],
  },
  pagination: { style: "none" },
  cache: cacheOf("daily"),
  examples: [
    { args: { businesses: [{ b_no: "1018846836", start_dt: "20180901", p_nm: "정준호" }] }, note: "일치 (01)" },
    { args: { businesses: [{ b_no: "1018846836", start_dt: "20180901", p_nm: "홍길동" }] }, note: "대표자 불일치 (02)" },
  ],
  docs: DOCS_NTS,
});

// ---------------------------------------------------------------- 국민연금공단

const npsRequest = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  format: { in: "query" as const, name: "dataType", value: "json" },
  responseFormat: "json" as const,
};

const NPS = "/B552015/NpsBplcInfoInqireServiceV2";
const DOCS_NPS = "https://www.data.go.kr/data/15083277/openapi.do";

const seqParam = () => z.string().regex(/^\d+$/, "digits").describe("사업장 식별번호 (nps_workplace_search 결과의 seq)").meta({ tags: ["nps.seq"], examples: ["38588096"] });

const workplaceFields: OutputFieldInput[] = [
  { name: "wkplNm", type: "string", tags: ["biz.name"], description: "사업장명" },
  { name: "bzowrRgstNo", type: "string", tags: ["biz.b_no6"], description: "사업자등록번호 앞 6자리 (뒤 4자리 비공개, NTS 조회에 쓸 수 없음)", pattern: "^\\d{6}$" },
  { name: "wkplRoadNmDtlAddr", type: "string", tags: ["region.address_road"], description: "사업장 도로명 주소" },
  { name: "wkplJnngStcd", type: "string", description: "가입상태 1 등록, 2 탈퇴", pattern: "^[12]$" },
  { name: "wkplStylDvcd", type: "string", description: "사업장형태 1 법인, 2 개인", pattern: "^[12]$" },
  { name: "ldongAddrMgplDgCd", type: "string", tags: ["region.sido_cd2"], description: "법정동 시도코드 2자리", pattern: "^\\d{2}$" },
  { name: "ldongAddrMgplSgguCd", type: "string", tags: ["region.lawd_cd5"], description: "법정동 시군구코드 5자리", pattern: "^\\d{5}$" },
  { name: "ldongAddrMgplSgguEmdCd", type: "string", tags: ["region.emd_cd8"], description: "법정동 읍면동코드 8자리 (법정동코드 앞 8자리)", pattern: "^\\d{8}$" },
];

const npsWorkplaceSearch = defineUpstream({
  name: "nps_workplace_search",
  version: 1,
  provider: "nps",
  title: { ko: "국민연금 가입 사업장 검색", en: "NPS workplace search" },
  description: {
    ko: "국민연금공단에 가입한 사업장을 법정동 지역코드(시도 2자리, 시군구 5자리, 읍면동 8자리 = 법정동코드의 앞부분), 사업장명 일부(wkplNm) 또는 사업자등록번호 앞 6자리(bzowrRgstNo)로 찾습니다. 결과의 seq는 nps_workplace_detail(가입자수·고지금액)과 nps_workplace_monthly(월별 취득·상실)의 입력입니다. bzowrRgstNo는 앞 6자리뿐이라 nts_business_status의 b_no(10자리)로 쓸 수 없습니다. dataCrtYm은 자료생성년월(최근은 지난달)입니다.",
    en: "Searches workplaces enrolled in the National Pension Service by legal-dong region code (시도 2, 시군구 5 or 읍면동 8 digits, prefixes of the 10-digit code), part of the workplace name (wkplNm) or the first 6 digits of the business number (bzowrRgstNo). The seq feeds nps_workplace_detail (members, billed amount) and nps_workplace_monthly (joiners and leavers). bzowrRgstNo has only 6 digits and cannot be used as the 10-digit b_no of nts_business_status. dataCrtYm is the snapshot month (latest: last month).",
  },
  params: z.object({
    ldongAddrMgplDgCd: z.string().regex(/^\d{2}$/, "2 digits").optional().describe("법정동 시도코드 2자리 (예: 11 서울)").meta({ tags: ["region.sido_cd2"], examples: ["11"] }),
    ldongAddrMgplSgguCd: z.string().regex(/^\d{5}$/, "5 digits").optional().describe("법정동 시군구코드 5자리 (LAWD_CD, 예: 11680 강남구)").meta({ tags: ["region.lawd_cd5"], examples: ["11680"] }),
    ldongAddrMgplSgguEmdCd: z.string().regex(/^\d{8}$/, "8 digits").optional().describe("법정동 읍면동코드 8자리 (법정동코드 10자리의 앞 8자리, 예: 11680101 역삼동)").meta({ tags: ["region.emd_cd8"], examples: ["11680101"] }),
    wkplNm: z.string().min(1).optional().describe("사업장명 일부 (부분 일치)").meta({ tags: ["biz.name"], examples: ["채움"] }),
    bzowrRgstNo: z.string().regex(/^\d{6}$/, "first 6 digits").optional().describe("사업자등록번호 앞 6자리").meta({ tags: ["biz.b_no6"], examples: ["101884"] }),
    numOfRows: numOfRows(100, 20),
    pageNo: pageNo(),
  }),
  request: { ...npsRequest, path: `${NPS}/getBassInfoSearchV2` },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "seq", type: "string", tags: ["nps.seq"], description: "사업장 식별번호: nps_workplace_detail·nps_workplace_monthly의 seq 입력", pattern: "^\\d+$" },
      { name: "dataCrtYm", type: "string", tags: ["nps.data_month", "date.yyyymm"], description: "자료생성년월 YYYYMM", pattern: "^\\d{6}$" },
      ...workplaceFields,
    ],
  },
  pagination: pagePagination(100),
  cache: cacheOf("daily"),
  examples: [{ args: { ldongAddrMgplSgguCd: "11680" }, note: "서울 강남구 사업장" }, { args: { wkplNm: "채움" } }, { args: { ldongAddrMgplDgCd: "41" } }],
  docs: DOCS_NPS,
});

const npsWorkplaceDetail = defineUpstream({
  name: "nps_workplace_detail",
  version: 1,
  provider: "nps",
  title: { ko: "국민연금 가입 사업장 상세", en: "NPS workplace detail" },
  description: {
    ko: "국민연금 가입 사업장 한 곳(seq)의 최근 자료를 돌려줍니다: 가입자수(jnngpCnt), 당월 고지금액(crrmmNtcAmt, 원 — 가입자 기준소득월액의 9%), 업종코드·업종명, 적용일자, 탈퇴일자, 주소. seq는 nps_workplace_search에서 얻으세요. 고지금액 ÷ 가입자수 ÷ 0.09로 평균 기준소득월액을 어림할 수 있습니다.",
    en: "Latest record of one NPS workplace (seq): members (jnngpCnt), contributions billed this month (crrmmNtcAmt, KRW, 9% of members' reported monthly income), industry code and name, enrolment and withdrawal dates, address. Get seq from nps_workplace_search; billed ÷ members ÷ 0.09 approximates the average monthly income.",
  },
  params: z.object({ seq: seqParam() }),
  request: { ...npsRequest, path: `${NPS}/getDetailInfoSearchV2` },
  response: {
    envelope: "datagokr",
    fields: [
      ...workplaceFields,
      { name: "wkplIntpCd", type: "string", description: "사업장 업종코드 (국세청 업종코드)", pattern: "^\\d{6}$" },
      { name: "vldtVlKrnNm", type: "string", description: "업종코드명 (예: 응용 소프트웨어 개발 및 공급업)" },
      { name: "adptDt", type: "string", tags: ["date.founded", "date.yyyymmdd"], description: "적용일자 (가입일) YYYYMMDD", pattern: "^\\d{8}$" },
      { name: "scsnDt", type: "string", tags: ["date.closed", "date.yyyymmdd"], description: "탈퇴일자 YYYYMMDD (탈퇴한 사업장만)", pattern: "^\\d{8}$", optional: true },
      { name: "jnngpCnt", type: "integer", description: "가입자수" },
      { name: "crrmmNtcAmt", type: "integer", description: "당월 고지금액 (원)" },
    ],
  },
  pagination: { style: "none" },
  cache: cacheOf("daily"),
  examples: [{ args: { seq: "38588096" } }],
  docs: DOCS_NPS,
});

const npsWorkplaceMonthly = defineUpstream({
  name: "nps_workplace_monthly",
  version: 1,
  provider: "nps",
  title: { ko: "국민연금 사업장 월별 취득·상실", en: "NPS workplace monthly joiners and leavers" },
  description: {
    ko: "국민연금 가입 사업장 한 곳(seq)의 한 달(dataCrtYm, YYYYMM) 신규 취득자 수(nwAcqzrCnt, 입사)와 상실 가입자 수(lssJnngpCnt, 퇴사)를 돌려줍니다. seq는 nps_workplace_search에서 얻고, dataCrtYm을 생략하면 최근 달(지난달)입니다. 가입 전이거나 아직 집계되지 않은 달은 빈 결과입니다.",
    en: "New members (nwAcqzrCnt, hires) and lost members (lssJnngpCnt, leavers) of one NPS workplace (seq) in one month (dataCrtYm, YYYYMM). Get seq from nps_workplace_search; without dataCrtYm the latest month (last month) is used. Months before enrolment or not yet compiled are empty.",
  },
  params: z.object({
    seq: seqParam(),
    dataCrtYm: yyyymm("자료생성년월 YYYYMM (생략하면 지난달)").optional().meta({ tags: ["nps.data_month", "date.yyyymm"], examples: ["202604"] }),
  }),
  request: { ...npsRequest, path: `${NPS}/getPdAcctoSttusInfoSearchV2` },
  response: {
    envelope: "datagokr",
    fields: [
      { name: "nwAcqzrCnt", type: "integer", description: "신규 취득자 수 (그 달 가입)" },
      { name: "lssJnngpCnt", type: "integer", description: "상실 가입자 수 (그 달 탈퇴)" },
    ],
  },
  pagination: { style: "none" },
  cache: cacheOf("daily"),
  examples: [{ args: { seq: "38588096", dataCrtYm: { $time: "month.previous" } } }, { args: { seq: "38588096" } }],
  docs: DOCS_NPS,
});

export const BUSINESS_TOOLS = [ntsBusinessStatus, ntsBusinessValidate, npsWorkplaceSearch, npsWorkplaceDetail, npsWorkplaceMonthly];
