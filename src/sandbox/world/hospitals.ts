/**
 * 요양기관 (hospitals, clinics and pharmacies) as 심평원 HIRA lists them. Well-known hospitals sit
 * at their real addresses; every 법정동 of the region backbone also gets a few clinics and
 * pharmacies placed within a few hundred metres of its centre, so a search by district, 읍면동
 * or coordinates always finds something. Each institution carries HIRA's own region codes, an
 * encrypted-looking ykiho, opening hours and departments, so the list, detail and department
 * operations agree with each other.
 */
import type { LatLon } from "../../geo/projections";
import { hash32, pick, seededInt, seededRandom } from "../../util/random";
import { DONGS, SIDOS, type Dong } from "./regions";
import { postalCode, roadAddress, telephone } from "./streets";

/**
 * HIRA's 6-digit 시군구 codes (not 법정동 codes). Seoul follows HIRA's own table (110001 강남구 …
 * 110025 금천구); the other districts follow the same scheme of 시도 prefix plus a serial.
 */
export const HIRA_SGGU: Readonly<Record<string, { code: string; name: string }>> = {
  "11680": { code: "110001", name: "강남구" },
  "11740": { code: "110002", name: "강동구" },
  "11500": { code: "110003", name: "강서구" },
  "11620": { code: "110004", name: "관악구" },
  "11530": { code: "110005", name: "구로구" },
  "11320": { code: "110006", name: "도봉구" },
  "11230": { code: "110007", name: "동대문구" },
  "11590": { code: "110008", name: "동작구" },
  "11440": { code: "110009", name: "마포구" },
  "11410": { code: "110010", name: "서대문구" },
  "11200": { code: "110011", name: "성동구" },
  "11290": { code: "110012", name: "성북구" },
  "11560": { code: "110013", name: "영등포구" },
  "11170": { code: "110014", name: "용산구" },
  "11380": { code: "110015", name: "은평구" },
  "11110": { code: "110016", name: "종로구" },
  "11140": { code: "110017", name: "중구" },
  "11710": { code: "110018", name: "송파구" },
  "11260": { code: "110019", name: "중랑구" },
  "11470": { code: "110020", name: "양천구" },
  "11650": { code: "110021", name: "서초구" },
  "11350": { code: "110022", name: "노원구" },
  "11215": { code: "110023", name: "광진구" },
  "11305": { code: "110024", name: "강북구" },
  "11545": { code: "110025", name: "금천구" },
  "26350": { code: "210011", name: "해운대구" },
  "27260": { code: "230006", name: "수성구" },
  "28185": { code: "220008", name: "연수구" },
  "28260": { code: "220006", name: "서구" },
  "30170": { code: "250004", name: "서구" },
  "36110": { code: "410000", name: "세종시" },
  "41117": { code: "310604", name: "수원영통구" },
  "41135": { code: "310403", name: "성남분당구" },
  "41285": { code: "311903", name: "고양일산동구" },
  "41287": { code: "311902", name: "고양일산서구" },
  "50110": { code: "390200", name: "제주시" },
  "51110": { code: "320500", name: "춘천시" },
  "51150": { code: "320100", name: "강릉시" },
  "52111": { code: "350401", name: "전주완산구" },
  "52113": { code: "350402", name: "전주덕진구" },
  "52130": { code: "350100", name: "군산시" },
};

/** HIRA's short 시도 names (세종 is "세종시" there). */
function hiraSidoName(sidoCode: string): string {
  const sido = SIDOS.find((s) => s.code === sidoCode);
  if (!sido) throw new Error(`unknown 시도 ${sidoCode}`);
  return sido.code === "36" ? "세종시" : sido.short;
}

export const CL_NAMES: Readonly<Record<string, string>> = {
  "01": "상급종합",
  "11": "종합병원",
  "21": "병원",
  "28": "요양병원",
  "31": "의원",
  "51": "치과의원",
  "81": "약국",
  "93": "한의원",
};

export const DEPARTMENT_NAMES: Readonly<Record<string, string>> = {
  "00": "일반의",
  "01": "내과",
  "02": "신경과",
  "03": "정신건강의학과",
  "04": "외과",
  "05": "정형외과",
  "06": "신경외과",
  "07": "흉부외과",
  "08": "성형외과",
  "09": "마취통증의학과",
  "10": "산부인과",
  "11": "소아청소년과",
  "12": "안과",
  "13": "이비인후과",
  "14": "피부과",
  "15": "비뇨의학과",
  "16": "영상의학과",
  "19": "진단검사의학과",
  "21": "재활의학과",
  "22": "핵의학과",
  "23": "가정의학과",
  "24": "응급의학과",
  "49": "치과",
  "80": "한방내과",
  "85": "침구과",
};

export interface Department {
  code: string;
  specialists: number; // dgsbjtPrSdrCnt
  consulting: number; // cdiagDrCnt
}

/** Opening hours as HIRA's detail service reports them: HHMM strings, absent on closed days. */
export interface Hours {
  weekday: [string, string];
  /** A weekday (0 = Monday) with evening hours until this time. */
  lateDay?: [number, string];
  saturday?: [string, string];
  sunday?: [string, string];
  lunchWeek?: string;
  rcvWeek?: string;
  rcvSat?: string;
  emergencyDay: boolean;
  emergencyNight: boolean;
  noTrmtSun: string;
  noTrmtHoli: string;
  parkQty: number;
  parkPaid: boolean;
}

export interface Institution {
  ykiho: string;
  name: string; // yadmNm
  clCd: string;
  sigungu: string; // 5-digit 시군구
  emdongNm: string;
  postNo: string;
  addr: string;
  telno: string;
  hospUrl?: string;
  estbDd: string;
  position: LatLon;
  departments: Department[];
  /** Doctors counted in drTotCnt besides the specialists: 일반의, 인턴, 레지던트. */
  otherDoctors: number;
  hours: Hours;
}

/**
 * ykiho is an opaque base64 token; decoded, real ones are runs of `$` and `#` separated digits.
 * This builds one of that shape from the institution's key so it is stable and unique.
 */
function ykihoOf(key: string): string {
  const rnd = seededRandom(`ykiho:${key}`);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join("");
  const id = String(hash32(key)).padStart(10, "0");
  const raw = `$${id.slice(0, 6)}#${digits(2)}#$1#$${id.slice(6)}#$${digits(2)}$${digits(6)}#${digits(2)}#$1#$${digits(1)}#$${digits(2)}$${digits(6)}#61#$1#$8#$83`;
  return btoa(raw);
}

function dongShortName(name: string): string {
  const stem = name.replace(/\d+가$/, "");
  return stem.endsWith("동") && stem.length > 2 ? stem.slice(0, -1) : stem;
}

/** Offsets a point by a distance (metres) in a direction (radians). */
function offset(center: LatLon, metres: number, angle: number): LatLon {
  const dLat = (metres / 111_000) * Math.sin(angle);
  const dLon = (metres / (111_000 * Math.cos((center.lat * Math.PI) / 180))) * Math.cos(angle);
  return { lat: Number((center.lat + dLat).toFixed(13)), lon: Number((center.lon + dLon).toFixed(13)) };
}

function ymdBetween(seed: string, fromYear: number, toYear: number): string {
  const year = seededInt(`${seed}:y`, fromYear, toYear);
  const month = seededInt(`${seed}:m`, 1, 12);
  const day = seededInt(`${seed}:d`, 1, 28);
  return `${year}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

const LARGE_DEPARTMENTS = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16", "19", "21", "22", "23", "24", "49"];

function largeDepartments(key: string, scale: number): Department[] {
  return LARGE_DEPARTMENTS.map((code) => ({
    code,
    specialists: Math.max(1, Math.round(seededInt(`dept:${key}:${code}`, 3, code === "01" ? 70 : 30) * scale)),
    consulting: seededInt(`dept-c:${key}:${code}`, 0, 3),
  }));
}

const HOSPITAL_HOURS: Hours = {
  weekday: ["0830", "1730"],
  saturday: ["0830", "1230"],
  lunchWeek: "12:30~13:30",
  rcvWeek: "08:00~17:00",
  rcvSat: "08:00~12:00",
  emergencyDay: true,
  emergencyNight: true,
  noTrmtSun: "휴진",
  noTrmtHoli: "휴진",
  parkQty: 0,
  parkPaid: true,
};

interface Landmark {
  name: string;
  clCd: "01" | "11";
  sigungu: string;
  emdongNm: string;
  addr: string;
  postNo: string;
  telno: string;
  hospUrl: string;
  estbDd: string;
  lat: number;
  lon: number;
  parkQty: number;
  /** Relative size: scales the specialists per department. */
  scale: number;
}

// Well-known hospitals at their real addresses and positions.
const LANDMARKS: Landmark[] = [
  { name: "서울대학교병원", clCd: "01", sigungu: "11110", emdongNm: "연건동", addr: "서울특별시 종로구 대학로 101 (연건동)", postNo: "03080", telno: "1588-5700", hospUrl: "http://www.snuh.org", estbDd: "19780715", lat: 37.5796, lon: 126.999, parkQty: 1350, scale: 1.6 },
  { name: "강북삼성병원", clCd: "11", sigungu: "11110", emdongNm: "평동", addr: "서울특별시 종로구 새문안로 29 (평동)", postNo: "03181", telno: "02-2001-2001", hospUrl: "http://www.kbsmc.co.kr", estbDd: "19680302", lat: 37.5684, lon: 126.9679, parkQty: 420, scale: 0.8 },
  { name: "국립중앙의료원", clCd: "11", sigungu: "11140", emdongNm: "을지로6가", addr: "서울특별시 중구 을지로 245 (을지로6가)", postNo: "04564", telno: "02-2260-7114", hospUrl: "http://www.nmc.or.kr", estbDd: "19581002", lat: 37.5674, lon: 127.0058, parkQty: 300, scale: 0.7 },
  { name: "순천향대학교 부속 서울병원", clCd: "11", sigungu: "11170", emdongNm: "한남동", addr: "서울특별시 용산구 대사관로 59 (한남동)", postNo: "04401", telno: "02-709-9114", hospUrl: "http://www.schmc.ac.kr/seoul", estbDd: "19741115", lat: 37.5336, lon: 127.0046, parkQty: 380, scale: 0.8 },
  { name: "한양대학교병원", clCd: "01", sigungu: "11200", emdongNm: "사근동", addr: "서울특별시 성동구 왕십리로 222-1 (사근동)", postNo: "04763", telno: "02-2290-8114", hospUrl: "http://seoul.hyumc.com", estbDd: "19721020", lat: 37.56, lon: 127.0446, parkQty: 900, scale: 1.1 },
  { name: "건국대학교병원", clCd: "01", sigungu: "11215", emdongNm: "화양동", addr: "서울특별시 광진구 능동로 120-1 (화양동)", postNo: "05030", telno: "1588-1533", hospUrl: "http://www.kuh.ac.kr", estbDd: "20050823", lat: 37.5405, lon: 127.0716, parkQty: 1200, scale: 1.0 },
  { name: "경희대학교병원", clCd: "01", sigungu: "11230", emdongNm: "회기동", addr: "서울특별시 동대문구 경희대로 23 (회기동)", postNo: "02447", telno: "02-958-8114", hospUrl: "http://www.khuh.or.kr", estbDd: "19711001", lat: 37.594, lon: 127.0514, parkQty: 750, scale: 1.0 },
  { name: "서울특별시서울의료원", clCd: "11", sigungu: "11260", emdongNm: "신내동", addr: "서울특별시 중랑구 신내로 156 (신내동)", postNo: "02053", telno: "02-2276-7000", hospUrl: "http://www.seoulmc.or.kr", estbDd: "20110309", lat: 37.6132113197367, lon: 127.0985400462815, parkQty: 650, scale: 0.8 },
  { name: "고려대학교의과대학부속병원(안암병원)", clCd: "01", sigungu: "11290", emdongNm: "안암동5가", addr: "서울특별시 성북구 고려대로 73 (안암동5가)", postNo: "02841", telno: "1577-0083", hospUrl: "http://anam.kumc.or.kr", estbDd: "19910801", lat: 37.5871, lon: 127.0265, parkQty: 1000, scale: 1.2 },
  { name: "한일병원", clCd: "11", sigungu: "11320", emdongNm: "쌍문동", addr: "서울특별시 도봉구 우이천로 308 (쌍문동)", postNo: "01450", telno: "02-901-3114", hospUrl: "http://hanilmed.net", estbDd: "19640525", lat: 37.6462, lon: 127.0297, parkQty: 280, scale: 0.5 },
  { name: "인제대학교상계백병원", clCd: "11", sigungu: "11350", emdongNm: "상계동", addr: "서울특별시 노원구 동일로 1342 (상계동)", postNo: "01757", telno: "02-950-1114", hospUrl: "http://www.paik.ac.kr/sanggye", estbDd: "19890301", lat: 37.6485, lon: 127.0633, parkQty: 400, scale: 0.8 },
  { name: "노원을지대학교병원", clCd: "11", sigungu: "11350", emdongNm: "하계동", addr: "서울특별시 노원구 한글비석로 68 (하계동)", postNo: "01830", telno: "02-970-8000", hospUrl: "http://www.eulji.or.kr", estbDd: "19910101", lat: 37.6362, lon: 127.07, parkQty: 350, scale: 0.7 },
  { name: "가톨릭대학교 은평성모병원", clCd: "11", sigungu: "11380", emdongNm: "진관동", addr: "서울특별시 은평구 통일로 1021 (진관동)", postNo: "03312", telno: "1811-7755", hospUrl: "http://www.cmcep.or.kr", estbDd: "20190401", lat: 37.6336, lon: 126.9164, parkQty: 850, scale: 0.9 },
  { name: "세브란스병원", clCd: "01", sigungu: "11410", emdongNm: "신촌동", addr: "서울특별시 서대문구 연세로 50-1 (신촌동)", postNo: "03722", telno: "1599-1004", hospUrl: "http://sev.iseverance.com", estbDd: "19620213", lat: 37.5622, lon: 126.941, parkQty: 2300, scale: 1.8 },
  { name: "이화여자대학교 의과대학부속 목동병원", clCd: "11", sigungu: "11470", emdongNm: "목동", addr: "서울특별시 양천구 안양천로 1071 (목동)", postNo: "07985", telno: "1666-5000", hospUrl: "http://mokdong.eumc.ac.kr", estbDd: "19930219", lat: 37.5365, lon: 126.8863, parkQty: 480, scale: 0.8 },
  { name: "이화여자대학교 의과대학부속 서울병원", clCd: "11", sigungu: "11500", emdongNm: "마곡동", addr: "서울특별시 강서구 공항대로 260 (마곡동)", postNo: "07804", telno: "1522-7000", hospUrl: "http://seoul.eumc.ac.kr", estbDd: "20190515", lat: 37.5573, lon: 126.8361, parkQty: 900, scale: 0.9 },
  { name: "고려대학교의과대학부속구로병원", clCd: "01", sigungu: "11530", emdongNm: "구로동", addr: "서울특별시 구로구 구로동로 148 (구로동)", postNo: "08308", telno: "1577-9585", hospUrl: "http://guro.kumc.or.kr", estbDd: "19830927", lat: 37.4921, lon: 126.8846, parkQty: 850, scale: 1.1 },
  { name: "가톨릭대학교 여의도성모병원", clCd: "11", sigungu: "11560", emdongNm: "여의도동", addr: "서울특별시 영등포구 63로 10 (여의도동)", postNo: "07345", telno: "1661-7500", hospUrl: "http://www.cmcsungmo.or.kr", estbDd: "19830523", lat: 37.5184, lon: 126.937, parkQty: 420, scale: 0.8 },
  { name: "중앙대학교병원", clCd: "01", sigungu: "11590", emdongNm: "흑석동", addr: "서울특별시 동작구 흑석로 102 (흑석동)", postNo: "06973", telno: "1800-1114", hospUrl: "http://ch.cauhs.or.kr", estbDd: "19870301", lat: 37.507, lon: 126.9608, parkQty: 600, scale: 1.0 },
  { name: "서울특별시보라매병원", clCd: "11", sigungu: "11590", emdongNm: "신대방동", addr: "서울특별시 동작구 보라매로5길 20 (신대방동)", postNo: "07061", telno: "02-870-2114", hospUrl: "http://www.brmh.org", estbDd: "19870601", lat: 37.4936, lon: 126.924, parkQty: 700, scale: 0.9 },
  { name: "에이치플러스양지병원", clCd: "11", sigungu: "11620", emdongNm: "봉천동", addr: "서울특별시 관악구 남부순환로 1636 (봉천동)", postNo: "08779", telno: "1877-8875", hospUrl: "http://www.ygh.co.kr", estbDd: "19760402", lat: 37.4843, lon: 126.9297, parkQty: 300, scale: 0.6 },
  { name: "가톨릭대학교 서울성모병원", clCd: "01", sigungu: "11650", emdongNm: "반포동", addr: "서울특별시 서초구 반포대로 222 (반포동)", postNo: "06591", telno: "1588-1511", hospUrl: "http://www.cmcseoul.or.kr", estbDd: "19800901", lat: 37.5015, lon: 127.0048, parkQty: 1800, scale: 1.6 },
  { name: "삼성서울병원", clCd: "01", sigungu: "11680", emdongNm: "일원동", addr: "서울특별시 강남구 일원로 81 (일원동)", postNo: "06351", telno: "1599-3114", hospUrl: "http://www.samsunghospital.com", estbDd: "19941109", lat: 37.4881, lon: 127.0855, parkQty: 2500, scale: 1.8 },
  { name: "강남세브란스병원", clCd: "11", sigungu: "11680", emdongNm: "도곡동", addr: "서울특별시 강남구 언주로 211 (도곡동)", postNo: "06273", telno: "1599-6114", hospUrl: "http://gs.iseverance.com", estbDd: "19830422", lat: 37.4927, lon: 127.0463, parkQty: 700, scale: 1.0 },
  { name: "서울아산병원", clCd: "01", sigungu: "11710", emdongNm: "풍납동", addr: "서울특별시 송파구 올림픽로43길 88 (풍납동)", postNo: "05505", telno: "1688-7575", hospUrl: "http://www.amc.seoul.kr", estbDd: "19890601", lat: 37.5268, lon: 127.1082, parkQty: 3000, scale: 2.0 },
  { name: "경찰병원", clCd: "11", sigungu: "11710", emdongNm: "가락동", addr: "서울특별시 송파구 송이로 123 (가락동)", postNo: "05715", telno: "02-3400-1114", hospUrl: "http://www.nph.go.kr", estbDd: "19890208", lat: 37.4963, lon: 127.1231, parkQty: 420, scale: 0.6 },
  { name: "강동경희대학교의대병원", clCd: "11", sigungu: "11740", emdongNm: "상일동", addr: "서울특별시 강동구 동남로 892 (상일동)", postNo: "05278", telno: "1577-5800", hospUrl: "http://www.khnmc.or.kr", estbDd: "20060601", lat: 37.5535, lon: 127.1573, parkQty: 800, scale: 0.8 },
  { name: "인제대학교해운대백병원", clCd: "11", sigungu: "26350", emdongNm: "좌동", addr: "부산광역시 해운대구 해운대로 875 (좌동)", postNo: "48108", telno: "051-797-0100", hospUrl: "http://www.paik.ac.kr/haeundae", estbDd: "20100524", lat: 35.1735, lon: 129.1824, parkQty: 900, scale: 0.8 },
  { name: "대전을지대학교병원", clCd: "11", sigungu: "30170", emdongNm: "둔산동", addr: "대전광역시 서구 둔산서로 95 (둔산동)", postNo: "35233", telno: "1899-0001", hospUrl: "http://www.emc.ac.kr", estbDd: "20010409", lat: 36.3554, lon: 127.3819, parkQty: 750, scale: 0.8 },
  { name: "세종충남대학교병원", clCd: "11", sigungu: "36110", emdongNm: "도담동", addr: "세종특별자치시 보듬7로 20 (도담동)", postNo: "30099", telno: "044-995-4114", hospUrl: "http://www.cnush.com", estbDd: "20200716", lat: 36.5046, lon: 127.267, parkQty: 900, scale: 0.6 },
  { name: "아주대학교병원", clCd: "01", sigungu: "41117", emdongNm: "원천동", addr: "경기도 수원시 영통구 월드컵로 164 (원천동)", postNo: "16499", telno: "1688-6114", hospUrl: "http://hosp.ajoumc.or.kr", estbDd: "19940615", lat: 37.2797, lon: 127.0474, parkQty: 1500, scale: 1.3 },
  { name: "분당서울대학교병원", clCd: "01", sigungu: "41135", emdongNm: "구미동", addr: "경기도 성남시 분당구 구미로173번길 82 (구미동)", postNo: "13620", telno: "1588-3369", hospUrl: "http://www.snubh.org", estbDd: "20030503", lat: 37.352, lon: 127.1232, parkQty: 2200, scale: 1.5 },
  { name: "국민건강보험공단 일산병원", clCd: "11", sigungu: "41285", emdongNm: "백석동", addr: "경기도 고양시 일산동구 일산로 100 (백석동)", postNo: "10444", telno: "1577-0013", hospUrl: "http://www.nhimc.or.kr", estbDd: "20000303", lat: 37.6423, lon: 126.7911, parkQty: 1100, scale: 1.0 },
  { name: "제주한라병원", clCd: "11", sigungu: "50110", emdongNm: "연동", addr: "제주특별자치도 제주시 도령로 65 (연동)", postNo: "63127", telno: "064-740-5000", hospUrl: "http://www.hallahosp.co.kr", estbDd: "19830225", lat: 33.4895, lon: 126.4849, parkQty: 500, scale: 0.7 },
];

function landmark(l: Landmark): Institution {
  const departments = largeDepartments(l.name, l.scale);
  return {
    ykiho: ykihoOf(`landmark:${l.name}`),
    name: l.name,
    clCd: l.clCd,
    sigungu: l.sigungu,
    emdongNm: l.emdongNm,
    postNo: l.postNo,
    addr: l.addr,
    telno: l.telno,
    hospUrl: l.hospUrl,
    estbDd: l.estbDd,
    position: { lat: l.lat, lon: l.lon },
    departments,
    otherDoctors: Math.round(departments.reduce((sum, d) => sum + d.specialists, 0) * (l.clCd === "01" ? 0.8 : 0.4)),
    hours: { ...HOSPITAL_HOURS, parkQty: l.parkQty, saturday: l.clCd === "01" ? undefined : HOSPITAL_HOURS.saturday },
  };
}

interface Specialty {
  code: string;
  suffix: string;
  clCd: "31" | "51" | "93";
  weight: number;
  extras: readonly string[];
}

const SPECIALTIES: readonly Specialty[] = [
  { code: "01", suffix: "내과의원", clCd: "31", weight: 6, extras: ["23", "11", "00"] },
  { code: "49", suffix: "치과의원", clCd: "51", weight: 5, extras: [] },
  { code: "80", suffix: "한의원", clCd: "93", weight: 3, extras: ["85"] },
  { code: "11", suffix: "소아청소년과의원", clCd: "31", weight: 2, extras: ["01"] },
  { code: "13", suffix: "이비인후과의원", clCd: "31", weight: 3, extras: ["01"] },
  { code: "05", suffix: "정형외과의원", clCd: "31", weight: 3, extras: ["21", "09"] },
  { code: "14", suffix: "피부과의원", clCd: "31", weight: 2, extras: ["08"] },
  { code: "12", suffix: "안과의원", clCd: "31", weight: 2, extras: [] },
  { code: "23", suffix: "가정의학과의원", clCd: "31", weight: 2, extras: ["01", "14"] },
  { code: "10", suffix: "산부인과의원", clCd: "31", weight: 1, extras: [] },
  { code: "15", suffix: "비뇨의학과의원", clCd: "31", weight: 1, extras: [] },
  { code: "03", suffix: "정신건강의학과의원", clCd: "31", weight: 1, extras: [] },
  { code: "09", suffix: "마취통증의학과의원", clCd: "31", weight: 1, extras: ["21"] },
];

const SPECIALTY_BAG: readonly Specialty[] = SPECIALTIES.flatMap((s) => Array.from({ length: s.weight }, () => s));

const BRANDS = ["연세", "서울", "바른", "밝은", "튼튼", "365", "우리", "미소", "하나", "참", "열린", "새봄", "좋은", "편한", "맑은", "고운", "온", "김", "이", "박", "정", "최"];
const PHARMACY_BRANDS = [
  "온누리", "메디", "건강한", "365", "우리", "새봄", "사랑", "태평양", "종로", "봄", "푸른", "하나로", "희망", "보람", "미소", "늘푸른",
  "해맑은", "제일", "성심", "열린", "한빛", "소망", "참", "옵티마", "굿모닝", "다나", "새롬", "으뜸", "가족", "경희", "큰길", "행복한",
];

/** Names of pharmacies at a hospital's gate (문전약국): named for the gate, the street or the care they follow. */
const GATE_NAMES = ["정문", "병원앞", "큰길", "새길", "메디팜", "메디칼", "대학", "건강", "보건", "누리"];

/** Pharmacists' surnames and the syllables of given names a pharmacy is named after (김약국, 정민약국). */
const SURNAMES = ["김", "이", "박", "정", "최", "윤", "한", "오", "서", "조"];
const GIVEN = ["민", "현", "수", "영", "진", "희", "은", "지", "연", "호"];

/** What a building of shops in a dong is called; a pharmacy on its ground floor takes the name (역삼프라자약국). */
const BUILDINGS = ["프라자", "메디컬", "타워", "센트럴", "상가", "빌딩"];

/**
 * A neighbourhood pharmacy's name, in the ways real ones are named, weighted roughly as often:
 * a word (보람약국), the dong and a word (역삼보람약국), the pharmacist's name (김약국, 정민약국),
 * the dong's building (역삼프라자약국), the dong's centre (역삼중앙약국), the dong alone (역삼약국,
 * for the dong's first pharmacy only).
 */
function pharmacyName(key: string, prefix: string, brand: string, first: boolean): string {
  const kind = seededInt(`ph-kind:${key}`, 0, 19);
  if (kind < 7) return `${brand}약국`;
  if (kind < 11) return `${prefix}${brand}약국`;
  if (kind < 14) {
    const surname = pick(`ph-surname:${key}`, SURNAMES);
    return seededInt(`ph-given:${key}`, 0, 1) === 0 ? `${surname}약국` : `${surname}${pick(`ph-given-name:${key}`, GIVEN)}약국`;
  }
  if (kind < 16) return `${prefix}${pick(`ph-building:${key}`, BUILDINGS)}약국`;
  if (kind < 18) return `${prefix}${pick(`ph-centre:${key}`, ["중앙", "역전", "사거리", "시장"])}약국`;
  return first ? `${prefix}약국` : `${prefix}${brand}약국`;
}

function clinicHours(key: string, clCd: string): Hours {
  const late = seededInt(`late:${key}`, 0, 6);
  const saturdayEnd = pick(`sat:${key}`, ["1300", "1300", "1400", "1500"]);
  return {
    weekday: [pick(`open:${key}`, ["0900", "0900", "0930", "0830"]), pick(`close:${key}`, ["1800", "1830", "1830", "1900"])],
    lateDay: late < 5 ? [late, pick(`late-end:${key}`, ["2000", "2030", "2100"])] : undefined,
    saturday: seededInt(`sat-open:${key}`, 0, 9) < 8 ? ["0900", saturdayEnd] : undefined,
    sunday: clCd === "31" && seededInt(`sun:${key}`, 0, 19) === 0 ? ["1000", "1500"] : undefined,
    lunchWeek: "13:00~14:00",
    emergencyDay: false,
    emergencyNight: false,
    noTrmtSun: "휴진",
    noTrmtHoli: "휴진",
    parkQty: seededInt(`park:${key}`, 0, 12),
    parkPaid: seededInt(`park-paid:${key}`, 0, 2) === 0,
  };
}

function clinicsIn(dong: Dong): Institution[] {
  const count = seededInt(`clinics:${dong.code}`, 2, 4);
  const prefix = dongShortName(dong.name);
  return Array.from({ length: count }, (_, i) => {
    const key = `clinic:${dong.code}:${i}`;
    const specialty = pick(`specialty:${key}`, SPECIALTY_BAG);
    const brand = pick(`brand:${key}`, BRANDS);
    const withPrefix = seededInt(`prefix:${key}`, 0, 2) > 0;
    const name = `${withPrefix ? prefix : ""}${brand}${specialty.suffix}`;
    const doctors = specialty.clCd === "31" ? seededInt(`doctors:${key}`, 1, 3) : seededInt(`doctors:${key}`, 1, 2);
    const extras = specialty.extras.filter((_, j) => seededInt(`extra:${key}:${j}`, 0, 1) === 1);
    const rnd = seededRandom(`place:${key}`);
    return {
      ykiho: ykihoOf(key),
      name,
      clCd: specialty.clCd,
      sigungu: dong.sigungu,
      emdongNm: dong.name,
      postNo: postalCode(dong, key),
      addr: `${roadAddress(dong, key)}, ${seededInt(`floor:${key}`, 2, 7)}층 (${dong.name})`,
      telno: telephone(dong, key),
      estbDd: ymdBetween(key, 1998, 2024),
      position: offset(dong.center, 80 + rnd() * 620, rnd() * 2 * Math.PI),
      // Dentists and 한의사 of a 치과의원 or 한의원 are mostly general practitioners, not specialists.
      departments: [
        { code: specialty.code, specialists: specialty.clCd === "31" ? doctors : 0, consulting: 0 },
        ...extras.map((code) => ({ code, specialists: 0, consulting: 0 })),
      ],
      otherDoctors: specialty.clCd === "31" ? 0 : doctors,
      hours: clinicHours(key, specialty.clCd),
    } satisfies Institution;
  });
}

/** One 병원 (clCd 21) per 시군구, named after the 읍면동 it stands in. */
function districtHospital(sigunguCode: string): Institution | undefined {
  const dongs = DONGS.filter((d) => d.sigungu === sigunguCode);
  const dong = dongs[seededInt(`hospital-dong:${sigunguCode}`, 0, dongs.length - 1)];
  if (!dong) return undefined;
  const key = `hospital:${sigunguCode}`;
  const name = `${dongShortName(dong.name)}${pick(`hospital-brand:${key}`, ["바른", "튼튼", "연세", "우리", "참조은", "힘찬"])}${pick(`hospital-kind:${key}`, ["병원", "정형외과병원", "내과병원"])}`;
  const rnd = seededRandom(`place:${key}`);
  return {
    ykiho: ykihoOf(key),
    name,
    clCd: "21",
    sigungu: sigunguCode,
    emdongNm: dong.name,
    postNo: postalCode(dong, key),
    addr: `${roadAddress(dong, key)} (${dong.name})`,
    telno: telephone(dong, key),
    estbDd: ymdBetween(key, 1995, 2020),
    position: offset(dong.center, 100 + rnd() * 400, rnd() * 2 * Math.PI),
    departments: ["01", "05", "21", "09", "16", "23"].map((code) => ({ code, specialists: seededInt(`hd:${key}:${code}`, 1, 4), consulting: 0 })),
    otherDoctors: seededInt(`hd-general:${key}`, 0, 3),
    hours: { ...HOSPITAL_HOURS, weekday: ["0900", "1800"], saturday: ["0900", "1300"], emergencyDay: false, emergencyNight: false, parkQty: seededInt(`park:${key}`, 20, 80), parkPaid: false },
  };
}

function pharmacyHours(key: string, brand: string): Hours {
  const allDay = brand === "365";
  return {
    weekday: allDay ? ["0900", "2200"] : [pick(`ph-open:${key}`, ["0830", "0900", "0900"]), pick(`ph-close:${key}`, ["1900", "2000", "2100"])],
    saturday: allDay ? ["0900", "2200"] : ["0900", pick(`ph-sat:${key}`, ["1500", "1700", "1800"])],
    sunday: allDay ? ["1000", "2000"] : seededInt(`ph-sun:${key}`, 0, 5) === 0 ? ["1000", "1800"] : undefined,
    emergencyDay: false,
    emergencyNight: false,
    noTrmtSun: allDay ? "정상영업" : "휴무",
    noTrmtHoli: allDay ? "정상영업" : "휴무",
    parkQty: seededInt(`ph-park:${key}`, 0, 3),
    parkPaid: false,
  };
}

function pharmacy(dong: Dong, key: string, name: string, brand: string, position: LatLon): Institution {
  return {
    ykiho: ykihoOf(key),
    name,
    clCd: "81",
    sigungu: dong.sigungu,
    emdongNm: dong.name,
    postNo: postalCode(dong, key),
    addr: `${roadAddress(dong, key)}, 1층 (${dong.name})`,
    telno: telephone(dong, key),
    estbDd: ymdBetween(key, 1990, 2024),
    position,
    departments: [],
    otherDoctors: 0,
    hours: pharmacyHours(key, brand),
  };
}

function pharmaciesIn(dong: Dong): Institution[] {
  const count = seededInt(`pharmacies:${dong.code}`, 2, 3);
  const prefix = dongShortName(dong.name);
  const taken = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const key = `pharmacy:${dong.code}:${i}`;
    const brand = pick(`ph-brand:${key}`, PHARMACY_BRANDS);
    // Two pharmacies of one dong never share a name: a taken one gives way to the dong and a word.
    const name = [pharmacyName(key, prefix, brand, i === 0), ...PHARMACY_BRANDS.map((b) => `${prefix}${b}약국`)].find((n) => !taken.has(n)) ?? `${prefix}${brand}약국`;
    taken.add(name);
    const rnd = seededRandom(`place:${key}`);
    // Open late every day only where the name says so (365약국).
    return pharmacy(dong, key, name, name.includes("365") ? "365" : brand, offset(dong.center, 60 + rnd() * 700, rnd() * 2 * Math.PI));
  });
}

/** 문전약국: the pharmacy at the gate of a large hospital, in the hospital's own 읍면동. */
function gatePharmacy(hospital: Institution): Institution | undefined {
  const district = DONGS.find((d) => d.sigungu === hospital.sigungu);
  if (!district) return undefined;
  const key = `gate-pharmacy:${hospital.name}`;
  const dong = { ...district, name: hospital.emdongNm };
  const gate = pick(`gate-name:${key}`, GATE_NAMES);
  // A third take the dong's name in front (역삼정문약국), the rest the bare name (병원앞약국).
  const name = seededInt(`gate-prefix:${key}`, 0, 2) === 0 ? `${dongShortName(hospital.emdongNm)}${gate}약국` : `${gate}약국`;
  return pharmacy(dong, key, name, gate, offset(hospital.position, 90, (hash32(key) % 628) / 100));
}

const landmarks = LANDMARKS.map(landmark);

export const HOSPITALS: readonly Institution[] = [
  ...landmarks,
  ...[...new Set(DONGS.map((d) => d.sigungu))].flatMap((code) => districtHospital(code) ?? []),
  ...DONGS.flatMap(clinicsIn),
];

export const PHARMACIES: readonly Institution[] = [...landmarks.flatMap((h) => gatePharmacy(h) ?? []), ...DONGS.flatMap(pharmaciesIn)];

const byYkiho = new Map([...HOSPITALS, ...PHARMACIES].map((i) => [i.ykiho, i]));

export function institutionOf(ykiho: string): Institution | undefined {
  return byYkiho.get(ykiho);
}

/** HIRA's region fields of an institution. */
export function hiraRegion(institution: Institution): { sidoCd: string; sidoCdNm: string; sgguCd: string; sgguCdNm: string } {
  const sggu = HIRA_SGGU[institution.sigungu];
  const sido = SIDOS.find((s) => s.code === institution.sigungu.slice(0, 2));
  if (!sggu || !sido) throw new Error(`no HIRA codes for 시군구 ${institution.sigungu}`);
  return { sidoCd: sido.hiraCode, sidoCdNm: hiraSidoName(sido.code), sgguCd: sggu.code, sgguCdNm: sggu.name };
}
