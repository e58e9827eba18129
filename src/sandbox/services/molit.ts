/**
 * 국토교통부 services on apis.data.go.kr/1613000: RTMS 아파트 매매·전월세 실거래가 (XML only, result
 * code 000/OK, padded comma amounts in 만원, blank optional elements as a single space), K-apt
 * 공동주택 단지목록 (JSON only, items as a plain array) and 기본정보 (JSON only, one row as body.item,
 * kaptdaCnt as "9510.0"), and 건축HUB 건축물대장 표제부 (codes as JSON numbers, padded bun/ji, a road
 * address with a leading space).
 */
import { optional, requiredMatching, ServiceFault, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { complexByKaptCode, complexesInDong, complexesInSigungu, type Complex } from "../world/apartments";
import { BUILDINGS } from "../world/buildings";
import { dealsOf, leasesOf, type Deal, type Lease } from "../world/transactions";

/** RTMS leaves optional elements blank as one space: <cdealType> </cdealType>. */
const BLANK = " ";

const comma = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
/** 거래금액 as RTMS writes it: comma-grouped 만원, right-aligned with leading spaces ("    82,000"). */
const amountText = (n: number) => comma(n).padStart(10, " ");
const shortDate = (ymd: string) => `${ymd.slice(2, 4)}.${ymd.slice(4, 6)}.${ymd.slice(6, 8)}`;
const pad = (n: number, width: number) => String(n).padStart(width, "0");

function lotText(complex: Complex): string {
  const a = complex.address;
  return `${a.mtYn === "1" ? "산" : ""}${a.lnbrMnnm}${a.lnbrSlno > 0 ? `-${a.lnbrSlno}` : ""}`;
}

/** LAWD_CD and DEAL_YMD of an RTMS request. */
function period(request: SandboxRequest): { lawd: string; year: number; month: number } {
  const lawd = requiredMatching(request, "LAWD_CD", /^\d{5}$/);
  const ym = requiredMatching(request, "DEAL_YMD", /^\d{6}$/);
  const month = Number(ym.slice(4, 6));
  if (month < 1 || month > 12) throw new ServiceFault("invalid", "DEAL_YMD");
  return { lawd, year: Number(ym.slice(0, 4)), month };
}

const byPlace = <T extends { complex: Complex; day: number }>(a: T, b: T) =>
  a.complex.address.admCd.localeCompare(b.complex.address.admCd) || a.complex.kaptName.localeCompare(b.complex.kaptName) || a.day - b.day;

// Elements in the alphabetical order the service sends them.
function tradeRow(d: Deal): Record<string, string | number> {
  const c = d.complex;
  const a = c.address;
  return {
    aptDong: d.aptDong || BLANK,
    aptNm: c.kaptName,
    aptSeq: c.aptSeq,
    bonbun: pad(a.lnbrMnnm, 4),
    bubun: pad(a.lnbrSlno, 4),
    buildYear: c.buildYear,
    buyerGbn: d.buyer,
    cdealDay: d.cancelledOn ? shortDate(d.cancelledOn) : BLANK,
    cdealType: d.cancelledOn ? "O" : BLANK,
    dealAmount: amountText(d.amount),
    dealDay: d.day,
    dealMonth: d.month,
    dealYear: d.year,
    dealingGbn: d.direct ? "직거래" : "중개거래",
    estateAgentSggNm: d.agents.length > 0 ? d.agents.join(", ") : BLANK,
    excluUseAr: d.area,
    floor: d.floor,
    jibun: lotText(c),
    landCd: a.mtYn === "1" ? "2" : "1",
    landLeaseholdGbn: "N",
    rgstDate: d.registeredOn ? shortDate(d.registeredOn) : BLANK,
    roadNm: a.road,
    roadNmBonbun: pad(a.buldMnnm, 5),
    roadNmBubun: pad(a.buldSlno, 5),
    roadNmCd: a.rnMgtSn.slice(5),
    roadNmSeq: "01",
    roadNmSggCd: a.rnMgtSn.slice(0, 5),
    roadNmbCd: "0",
    sggCd: a.sigungu.code,
    slerGbn: d.seller,
    umdCd: a.admCd.slice(5),
    umdNm: a.dong.name,
  };
}

function leaseRow(l: Lease): Record<string, string | number> {
  const c = l.complex;
  return {
    aptNm: c.kaptName,
    buildYear: c.buildYear,
    contractTerm: l.contractTerm || BLANK,
    contractType: l.contractType || BLANK,
    dealDay: l.day,
    dealMonth: l.month,
    dealYear: l.year,
    deposit: amountText(l.deposit),
    excluUseAr: l.area,
    floor: l.floor,
    jibun: lotText(c),
    monthlyRent: comma(l.monthlyRent),
    preDeposit: l.preDeposit === null ? BLANK : comma(l.preDeposit),
    preMonthlyRent: l.preMonthlyRent === null ? BLANK : comma(l.preMonthlyRent),
    sggCd: c.address.sigungu.code,
    umdNm: c.address.dong.name,
    useRRRight: l.useRRRight ? "사용" : BLANK,
  };
}

function trades(request: SandboxRequest) {
  const { lawd, year, month } = period(request);
  return complexesInSigungu(lawd)
    .flatMap((c) => dealsOf(c, year, month, request.now))
    .sort(byPlace)
    .map(tradeRow);
}

function rents(request: SandboxRequest) {
  const { lawd, year, month } = period(request);
  return complexesInSigungu(lawd)
    .flatMap((c) => leasesOf(c, year, month, request.now))
    .sort(byPlace)
    .map(leaseRow);
}

function complexList(request: SandboxRequest) {
  const bjdCode = requiredMatching(request, "bjdCode", /^\d{10}$/);
  return complexesInDong(bjdCode)
    .sort((a, b) => a.kaptName.localeCompare(b.kaptName))
    .map((c) => {
      const a = c.address;
      return { kaptCode: c.kaptCode, kaptName: c.kaptName, bjdCode: a.admCd, as1: a.sido.name, as2: a.sigungu.name === a.sido.name ? null : a.sigungu.name, as3: a.dong.name, as4: null };
    });
}

const AREA_CODES: Record<string, string> = { "11": "02", "26": "051", "27": "053", "28": "032", "30": "042", "36": "044", "41": "031", "50": "064", "51": "033", "52": "063" };

/** Households per 전용면적 band (≤60, 60–85, 85–135, >135 ㎡), spread evenly over the complex's types. */
function areaBands(c: Complex): [number, number, number, number] {
  const bands: [number, number, number, number] = [0, 0, 0, 0];
  const per = Math.floor(c.households / c.areas.length);
  c.areas.forEach((area, i) => {
    const count = per + (i === 0 ? c.households - per * c.areas.length : 0);
    const band = area <= 60 ? 0 : area <= 85 ? 1 : area <= 135 ? 2 : 3;
    bands[band] += count;
  });
  return bands;
}

function complexInfo(request: SandboxRequest) {
  const kaptCode = requiredMatching(request, "kaptCode", /^A\d{8}$/);
  const c = complexByKaptCode(kaptCode);
  if (!c) return [];
  const a = c.address;
  const avgArea = c.areas.reduce((s, x) => s + x, 0) / c.areas.length;
  const privArea = Math.round(c.households * avgArea * 100) / 100;
  const [m60, m85, m135, m136] = areaBands(c);
  const tel = `${AREA_CODES[a.sido.code] ?? "02"}-${String(400 + (Number(c.kaptCode.slice(2, 5)) % 500))}-${c.kaptCode.slice(5, 9)}`;
  return [
    {
      kaptCode: c.kaptCode,
      kaptName: c.kaptName,
      kaptAddr: a.jibunAddr,
      codeSaleNm: "분양",
      codeHeatNm: c.heating,
      kaptTarea: Math.round(privArea * 1.45 * 100) / 100,
      kaptDongCnt: c.dongCount,
      // K-apt sends the household count with a decimal: "9510.0".
      kaptdaCnt: `${c.households}.0`,
      kaptBcompany: c.builder,
      kaptAcompany: c.builder,
      kaptTel: tel,
      kaptFax: tel,
      kaptUrl: "",
      codeAptNm: c.mixedUse ? "주상복합" : "아파트",
      doroJuso: a.roadAddrPart1,
      hoCnt: c.households,
      codeMgrNm: "위탁관리",
      codeHallNm: c.hall,
      kaptUsedate: c.useDate,
      kaptMarea: Math.round(privArea * 1.3 * 100) / 100,
      kaptMparea60: m60,
      kaptMparea85: m85,
      kaptMparea135: m135,
      kaptMparea136: m136,
      privArea,
      bjdCode: a.admCd,
      zipcode: a.zipNo,
      kaptTopFloor: c.topFloor,
      ktownFlrNo: c.topFloor,
      kaptBaseFloor: c.buildYear >= 2000 ? 2 : 0,
      kaptdEcntp: Math.max(1, Math.round(c.households / 45)),
    },
  ];
}

function titles(request: SandboxRequest) {
  const sigunguCd = requiredMatching(request, "sigunguCd", /^\d{5}$/);
  const bjdongCd = requiredMatching(request, "bjdongCd", /^\d{5}$/);
  const platGbCd = optional(request, "platGbCd");
  if (platGbCd !== undefined && !/^[012]$/.test(platGbCd)) throw new ServiceFault("invalid", "platGbCd");
  // bun and ji are compared as sent: an unpadded "737" matches no 4-digit "0737", as upstream.
  const bun = optional(request, "bun");
  const ji = optional(request, "ji");
  const admCd = `${sigunguCd}${bjdongCd}`;
  return BUILDINGS.filter((b) => b.address.admCd === admCd)
    .flatMap((b) => b.titles)
    .filter((t) => (platGbCd === undefined || String(t["platGbCd"]) === platGbCd) && (bun === undefined || t["bun"] === bun) && (ji === undefined || t["ji"] === ji))
    .map((t, i) => ({ rnum: i + 1, ...t }));
}

const PAGE = { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 1000 } as const;

const rtms = {
  provider: "molit_rtms",
  ...DATA_GO_KR_GATEWAY,
  // The RTMS services have no format switch and always answer XML.
  format: { in: "fixed", value: "xml" },
  pagination: PAGE,
  envelope: { family: "datagokr", okCode: "000", okMsg: "OK", items: "item", wrapper: true, empty: "empty_string", singleAsObject: true },
} as const satisfies Partial<SandboxOperation>;

const kapt = {
  provider: "molit_apt",
  ...DATA_GO_KR_GATEWAY,
  // K-apt answers JSON whatever _type says.
  format: { in: "fixed", value: "json" },
} as const satisfies Partial<SandboxOperation>;

export const MOLIT_OPERATIONS: SandboxOperation[] = [
  { ...rtms, id: "molit.getRTMSDataSvcAptTradeDev", path: "/1613000/RTMSDataSvcAptTradeDev/getRTMSDataSvcAptTradeDev", handle: trades },
  { ...rtms, id: "molit.getRTMSDataSvcAptRent", path: "/1613000/RTMSDataSvcAptRent/getRTMSDataSvcAptRent", handle: rents },
  {
    ...kapt,
    id: "molit.getLegaldongAptList4",
    path: "/1613000/AptListService4/getLegaldongAptList4",
    pagination: PAGE,
    envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE.", items: "array", wrapper: true, empty: "empty_array", singleAsObject: false },
    handle: complexList,
  },
  {
    ...kapt,
    id: "molit.getAphusBassInfoV5",
    path: "/1613000/AptBasisInfoServiceV5/getAphusBassInfoV5",
    pagination: { style: "none" },
    envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE.", items: "body_item", wrapper: true, empty: "nodata", singleAsObject: true },
    handle: complexInfo,
  },
  {
    id: "molit.getBrTitleInfo",
    provider: "molit_bld",
    ...DATA_GO_KR_GATEWAY,
    path: "/1613000/BldRgstHubService/getBrTitleInfo",
    format: { in: "query", name: "_type", default: "xml" },
    pagination: { ...PAGE, maxSize: 100 },
    envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE", items: "item", wrapper: true, empty: "empty_string", singleAsObject: true },
    handle: titles,
  },
];
