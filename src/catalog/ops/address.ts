/**
 * Addresses and region codes: 행정안전부 도로명주소 검색 and 좌표제공 (juso) and the 법정동코드 list
 * (StanReginCd). These are the entry points of most chains: a place name becomes a 10-digit
 * 법정동 code, a 시군구 code, road and building ids, or a UTM-K position.
 */
import { z } from "zod";
import { cacheOf, defineUpstream, type UpstreamToolSpec } from "../spec";
import { numOfRows, pageNo, pagePagination } from "./common";

const bjdCodeOut = { name: "admCd", type: "string" as const, tags: ["region.bjd_cd10"], description: "법정동코드 10자리 (앞 5자리가 시군구코드 LAWD_CD)", pattern: "^\\d{10}$" };
const rnMgtSnOut = { name: "rnMgtSn", type: "string" as const, tags: ["region.road_code12"], description: "도로명코드 12자리 (시군구코드 5 + 도로명번호 7)", pattern: "^\\d{12}$" };
const bdMgtSnOut = { name: "bdMgtSn", type: "string" as const, tags: ["region.building_no25"], description: "건물관리번호 25자리", pattern: "^\\d{25}$" };
const udrtYnOut = { name: "udrtYn", type: "string" as const, tags: ["juso.udrt_yn"], description: "지하 여부 (0 지상, 1 지하)", pattern: "^[01]$" };
const buldMnnmOut = { name: "buldMnnm", type: "integer" as const, tags: ["juso.buld_mnnm"], description: "건물 본번 (도로명주소의 건물번호)" };
const buldSlnoOut = { name: "buldSlno", type: "integer" as const, tags: ["juso.buld_slno"], description: "건물 부번 (없으면 0)" };

const jusoSearch = defineUpstream({
  name: "juso_search",
  version: 1,
  provider: "juso_search",
  title: { ko: "도로명주소 검색", en: "Road-name address search" },
  description: {
    ko: "행정안전부 도로명주소 검색 API로 도로명(+건물번호), 건물명(예: 헬리오시티, 강남파이낸스센터, 서울시청), 동 이름, 지번이나 전체 주소를 찾아 도로명·지번·영문 주소, 우편번호, 법정동코드(admCd), 도로명코드(rnMgtSn), 건물관리번호(bdMgtSn), 건물번호, 지번 본번·부번을 돌려줍니다. admCd·rnMgtSn·udrtYn·buldMnnm·buldSlno는 juso_coordinates(좌표)에, admCd는 sigungu_code_from_bjd(시군구코드 → rtms_apt_trades의 LAWD_CD, bld_title_info의 sigunguCd·bjdongCd)와 apt_complex_list(bjdCode)에, lnbrMnnm·lnbrSlno를 4자리로 0을 채운 값과 mtYn은 bld_title_info의 bun·ji·platGbCd에 씁니다. 검색어는 2글자 이상이어야 하고 시도 이름만으로는 찾을 수 없습니다.",
    en: "Searches the MOIS road-name address base by road name (+ building number), building name, dong name, lot number or full address, returning road/lot/English addresses, postcode, the 10-digit legal-dong code (admCd), road code (rnMgtSn), building id (bdMgtSn), building and lot numbers. admCd, rnMgtSn, udrtYn, buldMnnm and buldSlno feed juso_coordinates; admCd feeds sigungu_code_from_bjd (→ LAWD_CD for rtms_apt_trades, sigunguCd/bjdongCd for bld_title_info) and apt_complex_list; lnbrMnnm/lnbrSlno zero-padded to 4 digits and mtYn feed bld_title_info bun/ji/platGbCd. Keywords need two characters or more and cannot be a province name alone.",
  },
  params: z.object({
    keyword: z
      .string()
      .min(1)
      .describe("검색어: 도로명과 건물번호, 건물명, 동 이름, 지번 또는 전체 주소 (2글자 이상, %=><[] 불가). 예: 테헤란로 152, 헬리오시티, 서울특별시 중구 세종대로 110 / search keyword")
      .meta({ tags: ["region.address_road", "region.address_jibun"], examples: ["테헤란로 152", "헬리오시티"] }),
    currentPage: z.number().int().min(1).default(1).describe("페이지 번호 / page number"),
    countPerPage: z.number().int().min(1).max(100).default(10).describe("페이지당 결과 수 (최대 100) / results per page"),
  }),
  request: {
    method: "GET",
    path: "/addrlink/addrLinkApi.do",
    key: { in: "query", name: "confmKey" },
    format: { in: "query", name: "resultType", value: "json" },
    responseFormat: "json",
  },
  response: {
    envelope: "juso",
    fields: [
      { name: "roadAddr", type: "string", tags: ["region.address_road"], description: "전체 도로명주소 (예: 서울특별시 강남구 테헤란로 152 (역삼동))" },
      { name: "roadAddrPart1", type: "string", tags: [], description: "도로명주소 (참고항목 제외)" },
      { name: "jibunAddr", type: "string", tags: ["region.address_jibun"], description: "지번주소 (예: 서울특별시 강남구 역삼동 737 강남파이낸스센터)" },
      { name: "engAddr", type: "string", tags: [], description: "영문 도로명주소" },
      { name: "zipNo", type: "string", tags: ["region.zip5"], description: "우편번호 (기초구역번호 5자리)", pattern: "^\\d{5}$" },
      bjdCodeOut,
      rnMgtSnOut,
      bdMgtSnOut,
      { name: "bdNm", type: "string", tags: [], description: "건물명 (없으면 빈 값)", optional: true },
      { name: "siNm", type: "string", tags: ["region.sido_fullname"], description: "시도명 (예: 서울특별시)" },
      { name: "sggNm", type: "string", tags: ["region.sigungu_name"], description: "시군구명 (세종은 빈 값)", optional: true },
      { name: "emdNm", type: "string", tags: ["region.umd_name"], description: "읍면동명 (법정동)" },
      { name: "liNm", type: "string", tags: [], description: "법정리명 (동 지역은 빈 값)", optional: true },
      { name: "rn", type: "string", tags: [], description: "도로명 (예: 테헤란로)" },
      udrtYnOut,
      buldMnnmOut,
      buldSlnoOut,
      { name: "mtYn", type: "string", tags: ["bld.plat_gb"], description: "산 여부 (0 대지, 1 산) = 건축물대장 platGbCd", pattern: "^[01]$" },
      { name: "lnbrMnnm", type: "integer", tags: ["juso.lnbr_mnnm"], description: "지번 본번 (건축물대장 bun은 이 값을 4자리로 0 채움)" },
      { name: "lnbrSlno", type: "integer", tags: ["juso.lnbr_slno"], description: "지번 부번 (없으면 0; 건축물대장 ji는 4자리로 0 채움)" },
    ],
  },
  pagination: { style: "page", pageParam: "currentPage", sizeParam: "countPerPage", maxSize: 100 },
  cache: cacheOf("static"),
  examples: [
    { args: { keyword: "테헤란로 152" }, note: "강남파이낸스센터" },
    { args: { keyword: "헬리오시티" } },
    { args: { keyword: "서울특별시 중구 세종대로 110" }, note: "서울특별시청" },
  ],
});

const jusoCoordinates = defineUpstream({
  name: "juso_coordinates",
  version: 1,
  provider: "juso_coord",
  title: { ko: "도로명주소 좌표 조회", en: "Address coordinates (UTM-K)" },
  description: {
    ko: "행정안전부 좌표제공 API로 건물 출입구의 좌표를 UTM-K(EPSG:5179, 미터) entX·entY로 돌려줍니다. 입력 admCd·rnMgtSn·udrtYn·buldMnnm·buldSlno는 juso_search 결과를 그대로 씁니다. 위경도가 필요하면 entX·entY를 utmk_to_wgs84에 넣고, 그 결과로 기상청 격자(kma_grid_from_wgs84)나 주변 검색에 씁니다. 에어코리아 TM 좌표와는 다른 좌표계입니다.",
    en: "Returns the UTM-K (EPSG:5179, metres) position entX/entY of a building entrance from the MOIS coordinates API; admCd, rnMgtSn, udrtYn, buldMnnm and buldSlno come straight from juso_search. Convert entX/entY with utmk_to_wgs84 for latitude/longitude (then kma_grid_from_wgs84 or nearby searches); they are not AirKorea TM coordinates.",
  },
  params: z.object({
    admCd: z.string().regex(/^\d{10}$/, "10-digit 법정동 code").describe("법정동코드 10자리 (juso_search의 admCd)").meta({ tags: ["region.bjd_cd10"], examples: ["1114010300"] }),
    rnMgtSn: z.string().regex(/^\d{12}$/, "12-digit road code").describe("도로명코드 12자리 (juso_search의 rnMgtSn)").meta({ tags: ["region.road_code12"], examples: ["111402005001"] }),
    udrtYn: z.enum(["0", "1"]).default("0").describe("지하 여부 0 지상 / 1 지하 (juso_search의 udrtYn)").meta({ tags: ["juso.udrt_yn"], examples: ["0"] }),
    buldMnnm: z.number().int().min(0).describe("건물 본번 (juso_search의 buldMnnm)").meta({ tags: ["juso.buld_mnnm"], examples: [110] }),
    buldSlno: z.number().int().min(0).default(0).describe("건물 부번 (juso_search의 buldSlno, 없으면 0)").meta({ tags: ["juso.buld_slno"], examples: [0] }),
  }),
  request: {
    method: "GET",
    path: "/addrlink/addrCoordApi.do",
    key: { in: "query", name: "confmKey" },
    format: { in: "query", name: "resultType", value: "json" },
    responseFormat: "json",
  },
  response: {
    envelope: "juso",
    fields: [
      { name: "entX", type: "number", tags: ["geo.utmk.x"], description: "출입구 X 좌표 (UTM-K, m)" },
      { name: "entY", type: "number", tags: ["geo.utmk.y"], description: "출입구 Y 좌표 (UTM-K, m)" },
      bjdCodeOut,
      rnMgtSnOut,
      bdMgtSnOut,
      udrtYnOut,
      buldMnnmOut,
      buldSlnoOut,
      { name: "bdNm", type: "string", tags: [], description: "건물명", optional: true },
    ],
  },
  pagination: { style: "none" },
  cache: cacheOf("static"),
  examples: [{ args: { admCd: "1114010300", rnMgtSn: "111402005001", udrtYn: "0", buldMnnm: 110, buldSlno: 0 }, note: "서울특별시청 (세종대로 110)" }],
});

const moisLegalDongCodes = defineUpstream({
  name: "mois_legal_dong_codes",
  version: 1,
  provider: "mois_region",
  title: { ko: "법정동코드 목록 조회", en: "Legal-dong (법정동) codes" },
  description: {
    ko: "행정안전부 법정동코드 목록에서 지역 이름(예: 서울특별시 강남구, 역삼동)이 들어간 시도·시군구·법정동 행을 찾아 10자리 법정동코드(region_cd)와 그 구성(시도 2, 시군구 3, 읍면동 3, 리 2자리)을 돌려줍니다. region_cd는 apt_complex_list의 bjdCode에, sigungu_code_from_bjd로 나눈 5자리 시군구코드는 rtms_apt_trades·rtms_apt_rents의 LAWD_CD와 bld_title_info의 sigunguCd에 씁니다. 없는 이름(폐지된 지역 포함)은 빈 결과입니다.",
    en: "Finds the province, district and legal-dong rows of the MOIS legal-dong list whose full name contains a name (e.g. 서울특별시 강남구, 역삼동) and returns the 10-digit code (region_cd) with its parts (province 2, district 3, dong 3, ri 2 digits). region_cd feeds apt_complex_list bjdCode; split by sigungu_code_from_bjd, its 5-digit district code is the LAWD_CD of rtms_apt_trades/rtms_apt_rents and the sigunguCd of bld_title_info. Unknown or abolished names give an empty result.",
  },
  params: z.object({
    locatadd_nm: z
      .string()
      .min(1)
      .optional()
      .describe("지역주소명 (이름의 일부로 찾음). 예: 서울특별시 송파구 가락동, 서울특별시 강남구, 역삼동 / region name filter")
      .meta({ examples: ["서울특별시 송파구 가락동", "서울특별시 강남구"] }),
    numOfRows: numOfRows(1000, 100),
    pageNo: pageNo(),
  }),
  request: {
    method: "GET",
    path: "/1741000/StanReginCd/getStanReginCdList",
    key: { in: "query", name: "serviceKey" },
    format: { in: "query", name: "type", value: "json" },
    responseFormat: "json",
  },
  response: {
    envelope: "stanregin",
    listKey: "StanReginCd",
    fields: [
      { name: "region_cd", type: "string", tags: ["region.bjd_cd10"], description: "법정동코드 10자리", pattern: "^\\d{10}$" },
      { name: "sido_cd", type: "string", tags: ["region.sido_cd2"], description: "시도코드 2자리", pattern: "^\\d{2}$" },
      { name: "sgg_cd", type: "string", tags: ["region.sgg_cd3"], description: "시군구코드 3자리 (시도코드와 이으면 LAWD_CD)", pattern: "^\\d{3}$" },
      { name: "umd_cd", type: "string", tags: [], description: "읍면동코드 3자리", pattern: "^\\d{3}$" },
      { name: "ri_cd", type: "string", tags: [], description: "리코드 2자리", pattern: "^\\d{2}$" },
      { name: "locatadd_nm", type: "string", tags: [], description: "지역주소명 (예: 서울특별시 송파구 가락동)" },
      { name: "locallow_nm", type: "string", tags: [], description: "최하위 지역명 (예: 가락동)" },
      { name: "locathigh_cd", type: "string", tags: [], description: "상위 지역코드 10자리", pattern: "^\\d{10}$" },
      { name: "adpt_de", type: "string", tags: ["date.created", "date.yyyymmdd"], description: "생성일 YYYYMMDD", pattern: "^\\d{8}$", optional: true },
      { name: "locat_order", type: "integer", tags: [], description: "서열" },
    ],
  },
  pagination: pagePagination(1000),
  cache: cacheOf("static"),
  examples: [
    { args: { locatadd_nm: "서울특별시 송파구 가락동" } },
    { args: { locatadd_nm: "서울특별시 강남구" }, note: "강남구와 그 법정동들" },
  ],
  docs: "https://www.data.go.kr/data/15077871/openapi.do",
});

export const ADDRESS_TOOLS: UpstreamToolSpec[] = [jusoSearch, jusoCoordinates, moisLegalDongCodes];
