/**
 * Buildings of the sandbox world and their 건축물대장 표제부 rows: the landmark offices and public
 * buildings people search addresses for, plus every apartment complex (one title row per 동).
 * Each building sits on the lot its juso address names, so admCd + 지번 lead to its register.
 */
import { COMPLEXES, buildingDongNames, type Complex } from "./apartments";
import { lotNumbers, resolveAddress, type Address } from "./addresses";
import { hash32, seededInt } from "../../util/random";

type Purpose = "업무시설" | "문화및집회시설" | "교육연구시설";

interface LandmarkSeed {
  name: string;
  dong: string;
  road: string;
  no: number;
  bun: number;
  ji?: number;
  zip?: string;
  at?: { lat: number; lon: number };
  aliases?: readonly string[];
  purpose: Purpose;
  /** 기타용도, e.g. 공공업무시설(청사). */
  use: string;
  steelFrame: boolean;
  floors: number;
  basements: number;
  /** 연면적 ㎡. */
  totArea: number;
  /** 사용승인일 YYYYMMDD. */
  approved: string;
}

// Road addresses and positions are the real ones; lots and postcodes are the published ones where
// known (서울시청 태평로1가 31, 강남파이낸스센터 역삼동 737, 코엑스 삼성동 159 …) and plausible otherwise.
const LANDMARK_SEEDS: readonly LandmarkSeed[] = [
  { name: "서울특별시청", dong: "1114010300", road: "세종대로", no: 110, bun: 31, zip: "04524", at: { lat: 37.5663, lon: 126.9779 }, aliases: ["서울시청", "서울시청 신청사"], purpose: "업무시설", use: "공공업무시설(청사)", steelFrame: true, floors: 13, basements: 5, totArea: 90788.87, approved: "20120831" },
  { name: "정부서울청사", dong: "1111011900", road: "세종대로", no: 209, bun: 77, ji: 6, zip: "03171", at: { lat: 37.5752, lon: 126.9752 }, aliases: ["광화문 정부청사"], purpose: "업무시설", use: "공공업무시설(청사)", steelFrame: false, floors: 19, basements: 3, totArea: 97980.42, approved: "19701230" },
  { name: "KT 광화문 빌딩 West", dong: "1111011900", road: "세종대로", no: 178, bun: 100, zip: "03154", at: { lat: 37.5716, lon: 126.9774 }, aliases: ["KT광화문빌딩"], purpose: "업무시설", use: "업무시설(사무소)", steelFrame: true, floors: 22, basements: 6, totArea: 62113.5, approved: "19860630" },
  { name: "강남파이낸스센터", dong: "1168010100", road: "테헤란로", no: 152, bun: 737, zip: "06236", at: { lat: 37.5, lon: 127.0367 }, aliases: ["GFC", "강남 파이낸스 센터"], purpose: "업무시설", use: "업무시설(사무소)", steelFrame: true, floors: 45, basements: 8, totArea: 212615.34, approved: "20010630" },
  { name: "코엑스", dong: "1168010500", road: "영동대로", no: 513, bun: 159, zip: "06164", at: { lat: 37.5116, lon: 127.0595 }, aliases: ["COEX", "코엑스몰"], purpose: "문화및집회시설", use: "전시장", steelFrame: true, floors: 4, basements: 4, totArea: 430214.6, approved: "20000430" },
  { name: "롯데월드타워", dong: "1171010200", road: "올림픽로", no: 300, bun: 29, zip: "05551", at: { lat: 37.5126, lon: 127.1025 }, aliases: ["제2롯데월드", "롯데타워"], purpose: "업무시설", use: "업무시설(사무소),판매시설,숙박시설", steelFrame: true, floors: 123, basements: 6, totArea: 328351.42, approved: "20161222" },
  { name: "IFC서울", dong: "1156011000", road: "국제금융로", no: 10, bun: 23, zip: "07326", at: { lat: 37.5251, lon: 126.9256 }, aliases: ["여의도 IFC", "IFC몰"], purpose: "업무시설", use: "업무시설(사무소)", steelFrame: true, floors: 32, basements: 7, totArea: 505236.3, approved: "20110831" },
  { name: "63스퀘어", dong: "1156011000", road: "63로", no: 50, bun: 60, zip: "07345", at: { lat: 37.5198, lon: 126.9403 }, aliases: ["63빌딩", "육삼빌딩"], purpose: "업무시설", use: "업무시설(사무소)", steelFrame: true, floors: 60, basements: 3, totArea: 166100.0, approved: "19850715" },
  { name: "정부세종청사", dong: "3611011000", road: "도움6로", no: 11, bun: 606, zip: "30103", at: { lat: 36.504, lon: 127.265 }, aliases: ["세종청사", "정부세종청사 중앙동"], purpose: "업무시설", use: "공공업무시설(청사)", steelFrame: false, floors: 7, basements: 1, totArea: 218200.0, approved: "20121130" },
  { name: "대전광역시청", dong: "3017011200", road: "둔산로", no: 100, bun: 1420, zip: "35242", at: { lat: 36.3504, lon: 127.3845 }, aliases: ["대전시청"], purpose: "업무시설", use: "공공업무시설(청사)", steelFrame: true, floors: 20, basements: 3, totArea: 79400.5, approved: "19991231" },
  { name: "제주특별자치도청", dong: "5011013700", road: "문연로", no: 6, bun: 312, ji: 1, zip: "63122", at: { lat: 33.489, lon: 126.4983 }, aliases: ["제주도청"], purpose: "업무시설", use: "공공업무시설(청사)", steelFrame: false, floors: 5, basements: 1, totArea: 21850.2, approved: "19801230" },
  { name: "경기도청", dong: "4111710300", road: "도청로", no: 30, bun: 1374, zip: "16508", at: { lat: 37.2886, lon: 127.0532 }, aliases: ["경기도청 광교신청사"], purpose: "업무시설", use: "공공업무시설(청사)", steelFrame: true, floors: 25, basements: 4, totArea: 105773.6, approved: "20220430" },
  { name: "삼성전자 디지털시티", dong: "4111710100", road: "삼성로", no: 129, bun: 416, zip: "16677", at: { lat: 37.2567, lon: 127.0536 }, aliases: ["삼성디지털시티", "수원삼성"], purpose: "교육연구시설", use: "연구소", steelFrame: true, floors: 37, basements: 5, totArea: 324000.0, approved: "20120229" },
  { name: "네이버 그린팩토리", dong: "4113510300", road: "불정로", no: 6, bun: 178, ji: 1, zip: "13561", at: { lat: 37.3595, lon: 127.1052 }, aliases: ["네이버 본사", "NAVER"], purpose: "업무시설", use: "업무시설(사무소)", steelFrame: true, floors: 27, basements: 7, totArea: 139599.9, approved: "20100331" },
  { name: "카카오판교아지트", dong: "4113511000", road: "판교역로", no: 166, bun: 532, zip: "13529", at: { lat: 37.3955, lon: 127.1106 }, aliases: ["카카오 본사", "kakao"], purpose: "업무시설", use: "업무시설(사무소)", steelFrame: true, floors: 12, basements: 7, totArea: 139000.0, approved: "20180131" },
  { name: "분당구청", dong: "4113510200", road: "분당로", no: 50, bun: 1, zip: "13594", at: { lat: 37.3826, lon: 127.1189 }, purpose: "업무시설", use: "공공업무시설(청사)", steelFrame: false, floors: 6, basements: 2, totArea: 19820.3, approved: "19930630" },
  { name: "벡스코", dong: "2635010500", road: "APEC로", no: 55, bun: 1500, zip: "48060", at: { lat: 35.169, lon: 129.136 }, aliases: ["BEXCO"], purpose: "문화및집회시설", use: "전시장", steelFrame: true, floors: 3, basements: 1, totArea: 92761.0, approved: "20010430" },
  { name: "송도컨벤시아", dong: "2818510600", road: "센트럴로", no: 123, bun: 6, ji: 1, zip: "21998", at: { lat: 37.3886, lon: 126.6433 }, aliases: ["송도 컨벤시아"], purpose: "문화및집회시설", use: "전시장", steelFrame: true, floors: 4, basements: 1, totArea: 52878.0, approved: "20080930" },
];

/** One 표제부 row as the 건축HUB JSON sends it: codes and counts are JSON numbers, lots strings. */
export type TitleRow = Record<string, string | number>;

export interface Building {
  address: Address;
  bldNm: string;
  titles: TitleRow[];
}

const PURPOSE_CODE: Record<Purpose | "공동주택", string> = { 공동주택: "02000", 문화및집회시설: "05000", 교육연구시설: "10000", 업무시설: "14000" };

const round2 = (n: number) => Math.round(n * 100) / 100;

/** YYYYMMDD a number of months before another (day clamped to 28 so it stays a real date). */
function monthsBefore(ymd: string, months: number): string {
  const total = Number(ymd.slice(0, 4)) * 12 + Number(ymd.slice(4, 6)) - 1 - months;
  const day = Math.min(Number(ymd.slice(6, 8)), 28);
  return `${Math.floor(total / 12)}${String((total % 12) + 1).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

function plotOf(address: Address): string {
  const { lnbrMnnm, lnbrSlno, mtYn } = address;
  const district = address.sigungu.name === address.sido.name ? "" : ` ${address.sigungu.name}`;
  return `${address.sido.name}${district} ${address.dong.name} ${mtYn === "1" ? "산" : ""}${lnbrMnnm}${lnbrSlno > 0 ? `-${lnbrSlno}` : ""}번지`;
}

interface TitleFacts {
  dongNm: string;
  collective: boolean;
  purpose: Purpose | "공동주택";
  use: string;
  steelFrame: boolean;
  floors: number;
  basements: number;
  totArea: number;
  platArea: number;
  households: number;
  approved: string;
  elevators: number;
  /** 건폐율·용적률 of the whole lot, where several buildings share it (apartment complexes). */
  lotRatios?: { bcRat: number; vlRat: number };
}

function titleRow(address: Address, bldNm: string, facts: TitleFacts): TitleRow {
  const { platGbCd, bun, ji } = lotNumbers(address);
  const archArea = round2((facts.totArea / Math.max(1, facts.floors + facts.basements)) * 1.15);
  const aboveGround = facts.totArea * (facts.floors / Math.max(1, facts.floors + facts.basements));
  return {
    platPlc: plotOf(address),
    sigunguCd: Number(address.sigungu.code),
    bjdongCd: Number(address.admCd.slice(5)),
    platGbCd: Number(platGbCd),
    bun,
    ji,
    mgmBldrgstPk: `${address.sigungu.code}-${100_000 + (hash32(`bldrgst:${address.id}:${facts.dongNm}`) % 900_000)}`,
    regstrGbCd: facts.collective ? "2" : "1",
    regstrGbCdNm: facts.collective ? "집합" : "일반",
    regstrKindCd: facts.collective ? "3" : "2",
    regstrKindCdNm: facts.collective ? "표제부" : "일반건축물",
    // The register writes the road address with a leading space.
    newPlatPlc: ` ${address.roadAddrPart1}`,
    bldNm,
    splotNm: " ",
    block: " ",
    lot: " ",
    bylotCnt: 0,
    naRoadCd: Number(address.rnMgtSn),
    naBjdongCd: Number(address.admCd.slice(5)),
    naUgrndCd: 0,
    naMainBun: address.buldMnnm,
    naSubBun: address.buldSlno,
    dongNm: facts.dongNm,
    mainAtchGbCd: 0,
    mainAtchGbCdNm: "주건축물",
    platArea: round2(facts.platArea),
    archArea,
    bcRat: facts.lotRatios?.bcRat ?? round2((archArea / facts.platArea) * 100),
    totArea: round2(facts.totArea),
    vlRatEstmTotArea: round2(aboveGround),
    vlRat: facts.lotRatios?.vlRat ?? round2((aboveGround / facts.platArea) * 100),
    strctCd: facts.steelFrame ? "42" : "21",
    strctCdNm: facts.steelFrame ? "철골철근콘크리트구조" : "철근콘크리트구조",
    mainPurpsCd: PURPOSE_CODE[facts.purpose],
    mainPurpsCdNm: facts.purpose,
    etcPurps: facts.use,
    hhldCnt: facts.households,
    fmlyCnt: 0,
    heit: round2(facts.floors * (facts.collective ? 2.9 : 4.1)),
    grndFlrCnt: facts.floors,
    ugrndFlrCnt: facts.basements,
    rideUseElvtCnt: facts.elevators,
    emgenUseElvtCnt: facts.floors >= 11 ? Math.max(1, Math.round(facts.elevators / 4)) : 0,
    pmsDay: monthsBefore(facts.approved, 40),
    stcnsDay: monthsBefore(facts.approved, 34),
    useAprDay: facts.approved,
    hoCnt: facts.collective ? facts.households : 0,
    crtnDay: "20240315",
  };
}

function landmarkBuilding(seed: LandmarkSeed): Building {
  const address = resolveAddress({
    id: `bld:${seed.dong}:${seed.name}`,
    dong: seed.dong,
    road: seed.road,
    no: seed.no,
    bun: seed.bun,
    ...(seed.ji ? { ji: seed.ji } : {}),
    name: seed.name,
    apartment: false,
    ...(seed.zip ? { zip: seed.zip } : {}),
    ...(seed.at ? { at: seed.at } : {}),
    ...(seed.aliases ? { aliases: seed.aliases } : {}),
  });
  const title = titleRow(address, seed.name, {
    dongNm: " ",
    collective: false,
    purpose: seed.purpose,
    use: seed.use,
    steelFrame: seed.steelFrame,
    floors: seed.floors,
    basements: seed.basements,
    totArea: seed.totArea,
    platArea: (seed.totArea / seed.floors) * 2.2,
    households: 0,
    approved: seed.approved,
    elevators: Math.max(2, Math.round(seed.totArea / 6000)),
  });
  return { address, bldNm: seed.name, titles: [title] };
}

function complexBuilding(complex: Complex): Building {
  const names = buildingDongNames(complex.useDate, complex.dongCount);
  const avgArea = complex.areas.reduce((a, b) => a + b, 0) / complex.areas.length;
  const totalFloorArea = complex.households * avgArea * 1.32;
  const floorAreaRatio = complex.buildYear >= 2000 ? 2.6 : 1.9;
  const platArea = totalFloorArea / floorAreaRatio;
  const per = Math.floor(complex.households / names.length);
  const extra = complex.households % names.length;
  const basements = complex.buildYear >= 2000 ? 2 + (complex.topFloor >= 40 ? 3 : 0) : 0;
  const lotRatios = { bcRat: round2(complex.buildYear >= 2000 ? 16 + (hash32(complex.kaptCode) % 700) / 100 : 13 + (hash32(complex.kaptCode) % 500) / 100), vlRat: round2(floorAreaRatio * 100 * 0.96) };
  const titles = names.map((dongNm, i) => {
    const households = per + (i < extra ? 1 : 0);
    const floors = i === 0 ? complex.topFloor : complex.topFloor - seededInt(`bld-floors:${complex.kaptCode}:${dongNm}`, 0, Math.floor(complex.topFloor / 4));
    return titleRow(complex.address, complex.kaptName, {
      dongNm,
      collective: true,
      purpose: "공동주택",
      use: complex.mixedUse ? "공동주택(아파트),판매시설" : "공동주택(아파트)",
      steelFrame: complex.mixedUse,
      floors,
      basements,
      totArea: households * avgArea * 1.32,
      platArea,
      households,
      approved: complex.useDate,
      elevators: Math.max(1, Math.round(households / 40)),
      lotRatios,
    });
  });
  return { address: complex.address, bldNm: complex.kaptName, titles };
}

export const LANDMARKS: readonly Building[] = LANDMARK_SEEDS.map(landmarkBuilding);

/** Every building with a register: landmarks first, then apartment complexes. */
export const BUILDINGS: readonly Building[] = [...LANDMARKS, ...COMPLEXES.map(complexBuilding)];

/** Every road address of the world (one per building). */
export const ADDRESSES: readonly Address[] = BUILDINGS.map((b) => b.address);
