/**
 * Companies and shops of the sandbox world, as 국세청 registers them (사업자등록번호 with its real
 * check digit, 과세유형, 계속/휴업/폐업) and, for those that employ people, as 국민연금공단 lists
 * their workplaces (only the first six digits of the business number, a workplace seq, head
 * count and monthly contributions). Every business sits in a 법정동 of the region backbone.
 */
import { pick, seededInt, seededRandom } from "../../util/random";
import { dongsIn, SIGUNGUS, type Dong } from "./regions";
import { roadAddress } from "./streets";

export interface Industry {
  code: string; // NTS 업종코드 as NPS reports it (wkplIntpCd)
  name: string; // vldtVlKrnNm
  suffixes: readonly string[];
  corporate: boolean;
  employees: [number, number];
  /** Average monthly wage (만원) of an employee. */
  wage: [number, number];
  taxFree?: boolean;
}

const INDUSTRIES: readonly Industry[] = [
  { code: "722000", name: "응용 소프트웨어 개발 및 공급업", suffixes: ["테크", "소프트", "랩스", "시스템즈", "데이터"], corporate: true, employees: [4, 220], wage: [380, 650] },
  { code: "741400", name: "경영 컨설팅업", suffixes: ["컨설팅", "파트너스", "경영연구소"], corporate: true, employees: [3, 60], wage: [350, 600] },
  { code: "513511", name: "의약품 도매업", suffixes: ["약품", "팜", "메디칼"], corporate: true, employees: [5, 120], wage: [320, 480] },
  { code: "451103", name: "건물 건설업", suffixes: ["건설", "종합건설", "개발"], corporate: true, employees: [5, 180], wage: [330, 520] },
  { code: "743001", name: "광고 대행업", suffixes: ["애드", "커뮤니케이션즈", "기획"], corporate: true, employees: [3, 80], wage: [320, 500] },
  { code: "321001", name: "전자부품 제조업", suffixes: ["전자", "일렉트로닉스", "정밀"], corporate: true, employees: [10, 450], wage: [330, 560] },
  { code: "525101", name: "전자상거래 소매업", suffixes: ["몰", "커머스", "스토어"], corporate: false, employees: [0, 12], wage: [230, 320] },
  { code: "552101", name: "한식 일반 음식점업", suffixes: ["식당", "국밥", "한정식", "칼국수"], corporate: false, employees: [0, 12], wage: [220, 290] },
  { code: "552303", name: "커피 전문점", suffixes: ["커피", "로스터스"], corporate: false, employees: [0, 8], wage: [210, 260] },
  { code: "702001", name: "부동산 중개 및 대리업", suffixes: ["공인중개사사무소"], corporate: false, employees: [0, 3], wage: [220, 300] },
  { code: "809009", name: "일반 교과 학원", suffixes: ["학원", "에듀"], corporate: false, employees: [1, 25], wage: [230, 340], taxFree: true },
  { code: "930201", name: "미용업", suffixes: ["헤어", "헤어살롱"], corporate: false, employees: [0, 6], wage: [210, 280] },
];

const STEMS = [
  "한빛", "누리", "다온", "가람", "새롬", "해솔", "미르", "라온", "아름", "늘봄", "온누리", "푸른", "세움", "한결", "두레", "보람",
  "채움", "이음", "나래", "마루", "하늘", "바른", "으뜸", "큰길", "솔빛", "별빛", "금강", "동방", "태평", "신성", "제일", "삼우",
  "대성", "한성", "세진", "정우", "은하", "청솔", "다솜", "그린", "유니온", "에이스", "넥스트", "브릿지", "코어", "오름", "한울", "든솔",
];

const SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황", "안", "송", "류", "홍"];
const GIVEN = ["민준", "서연", "지훈", "수빈", "예준", "하은", "현우", "지민", "도윤", "서준", "지우", "유진", "준호", "은비", "태민", "소연", "동현", "채원", "성민", "다은"];

/** 세무서 code (first 3 digits) per 시군구, in the range of the region's tax offices. */
const TAX_OFFICE: Readonly<Record<string, string>> = {
  "11110": "101", "11140": "104", "11170": "106", "11200": "206", "11215": "210", "11230": "204", "11260": "213", "11290": "209",
  "11305": "217", "11320": "218", "11350": "219", "11380": "110", "11410": "111", "11440": "105", "11470": "117", "11500": "109",
  "11530": "113", "11545": "119", "11560": "107", "11590": "108", "11620": "120", "11650": "114", "11680": "220", "11710": "215",
  "11740": "212", "26350": "617", "27260": "514", "28185": "131", "28260": "137", "30170": "314", "36110": "320", "41117": "135",
  "41135": "144", "41285": "128", "41287": "128", "50110": "616", "51110": "221", "51150": "226", "52111": "402", "52113": "418",
  "52130": "401",
};

/** 법인등록번호 등기관서 code per 시도. */
const REGISTRY_OFFICE: Readonly<Record<string, string>> = { "11": "1101", "26": "1801", "27": "1701", "28": "1201", "30": "1601", "36": "1644", "41": "1311", "50": "2201" };

/** 사업자등록번호 check digit: weights 1,3,7,1,3,7,1,3,5 plus the carry of the ninth digit × 5. */
export function bNoCheckDigit(first9: string): number {
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const digits = [...first9].map(Number);
  let sum = digits.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
  sum += Math.floor(((digits[8] ?? 0) * 5) / 10);
  return (10 - (sum % 10)) % 10;
}

export function isValidBNo(bNo: string): boolean {
  return /^\d{10}$/.test(bNo) && bNoCheckDigit(bNo.slice(0, 9)) === Number(bNo[9]);
}

/** 법인등록번호 check digit: weights 1,2 alternating over twelve digits. */
function corpNoCheckDigit(first12: string): number {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 2), 0);
  return (10 - (sum % 10)) % 10;
}

export type BusinessStatus = "01" | "02" | "03";
export type TaxType = "01" | "02" | "04" | "07";

export const STATUS_NAMES: Readonly<Record<BusinessStatus, string>> = { "01": "계속사업자", "02": "휴업자", "03": "폐업자" };
export const TAX_TYPE_NAMES: Readonly<Record<TaxType, string>> = {
  "01": "부가가치세 일반과세자",
  "02": "부가가치세 간이과세자",
  "04": "부가가치세 면세사업자",
  "07": "부가가치세 간이과세자(세금계산서 발급사업자)",
};

export interface Workplace {
  seq: string;
  adptDt: string; // YYYYMMDD
  scsnDt?: string;
  /** Average monthly wage (원) behind the contribution. */
  wage: number;
}

export interface Business {
  bNo: string;
  name: string;
  /** The name's own word, before its industry's suffix (한빛 of 주식회사 한빛테크). */
  stem: string;
  corporate: boolean;
  corpNo?: string;
  representative: string;
  startDt: string;
  status: BusinessStatus;
  endDt?: string;
  taxType: TaxType;
  taxTypeChangeDt?: string;
  invoiceApplyDt?: string;
  industry: Industry;
  dong: Dong;
  address: string;
  /** Head count in the latest NPS month. */
  employees: number;
  workplace?: Workplace;
}

function ymd(seed: string, fromYear: number, toYear: number): string {
  const y = seededInt(`${seed}:y`, fromYear, toYear);
  return `${y}${String(seededInt(`${seed}:m`, 1, 12)).padStart(2, "0")}${String(seededInt(`${seed}:d`, 1, 28)).padStart(2, "0")}`;
}

/** NPS 적용일: the first hire, on or within about a year after the opening date. */
function enrolment(key: string, startDt: string): string {
  const year = Number(startDt.slice(0, 4));
  const candidate = ymd(`adpt:${key}`, year, year + 1);
  return candidate < startDt ? startDt : candidate;
}

function logUniform(seed: string, [min, max]: [number, number]): number {
  if (max <= min) return min;
  const low = Math.log(Math.max(1, min));
  return Math.round(Math.exp(low + seededRandom(seed)() * (Math.log(max) - low)));
}

const corporateIndustries = INDUSTRIES.filter((i) => i.corporate);

/** What the generation has handed out so far, so numbers, names and seqs stay unique. */
interface Taken {
  numbers: Set<string>;
  names: Set<string>;
  seqs: Set<string>;
}

function businessNumber(taken: Taken, sigungu: string, corporate: boolean, taxFree: boolean, key: string): string {
  const office = TAX_OFFICE[sigungu];
  if (!office) throw new Error(`no 세무서 code for 시군구 ${sigungu}`);
  for (let attempt = 0; ; attempt++) {
    const kind = corporate ? pick(`kind:${key}:${attempt}`, ["81", "81", "86", "87", "88"]) : taxFree ? String(seededInt(`kind:${key}:${attempt}`, 90, 99)) : String(seededInt(`kind:${key}:${attempt}`, 1, 79)).padStart(2, "0");
    const first9 = `${office}${kind}${String(seededInt(`serial:${key}:${attempt}`, 0, 9999)).padStart(4, "0")}`;
    const bNo = `${first9}${bNoCheckDigit(first9)}`;
    if (!taken.numbers.has(bNo)) {
      taken.numbers.add(bNo);
      return bNo;
    }
  }
}

/** A corporation's name in one of the two forms registers write it in. */
export function corporateName(base: string, key: string): string {
  return seededInt(`form:${key}`, 0, 4) < 3 ? `주식회사 ${base}` : `(주)${base}`;
}

function businessName(taken: Taken, industry: Industry, key: string): { name: string; stem: string } {
  for (let attempt = 0; ; attempt++) {
    const stem = pick(`stem:${key}:${attempt}`, STEMS);
    const suffix = pick(`suffix:${key}:${attempt}`, industry.suffixes);
    const base = `${stem}${suffix}`;
    if (!taken.names.has(base)) {
      taken.names.add(base);
      return { name: industry.corporate ? corporateName(base, key) : base, stem };
    }
  }
}

function workplaceSeq(taken: Taken, key: string): string {
  for (let attempt = 0; ; attempt++) {
    const seq = String(seededInt(`seq:${key}:${attempt}`, 10_000_000, 39_999_999));
    if (!taken.seqs.has(seq)) {
      taken.seqs.add(seq);
      return seq;
    }
  }
}

function makeBusiness(taken: Taken, dong: Dong, index: number): Business {
  const key = `biz:${dong.sigungu}:${index}`;
  // The first two businesses of every district are companies, so a district search of the
  // NPS workplaces always has corporate rows; the first one is always trading.
  const industry = index < 2 ? pick(`industry:${key}`, corporateIndustries) : pick(`industry:${key}`, INDUSTRIES);
  const corporate = industry.corporate;
  const bNo = businessNumber(taken, dong.sigungu, corporate, industry.taxFree === true, key);
  const startDt = ymd(`start:${key}`, 1996, 2023);
  const roll = seededInt(`status:${key}`, 0, 9);
  const status: BusinessStatus = index === 0 || roll < 8 ? "01" : roll === 8 ? "02" : "03";
  const endDt = status === "03" ? ymd(`end:${key}`, Math.max(Number(startDt.slice(0, 4)) + 1, 2019), 2025) : undefined;
  const simplified = !corporate && !industry.taxFree && seededInt(`simple:${key}`, 0, 2) === 0;
  const taxType: TaxType = industry.taxFree ? "04" : simplified ? (seededInt(`invoice:${key}`, 0, 1) === 0 ? "07" : "02") : "01";
  const employeesRaw = logUniform(`employees:${key}`, industry.employees);
  const employees = status === "03" ? 0 : !corporate && seededInt(`solo:${key}`, 0, 9) < 4 ? 0 : Math.max(corporate ? 3 : 1, employeesRaw);
  const everEmployed = corporate || employees > 0 || (status === "03" && seededInt(`had-staff:${key}`, 0, 1) === 0);
  const [wageMin, wageMax] = industry.wage;
  const registry = REGISTRY_OFFICE[dong.code.slice(0, 2)] ?? "1101";
  const corpFirst12 = `${registry}11${String(seededInt(`corp:${key}`, 0, 999_999)).padStart(6, "0")}`;
  return {
    bNo,
    ...businessName(taken, industry, key),
    corporate,
    corpNo: corporate ? `${corpFirst12}${corpNoCheckDigit(corpFirst12)}` : undefined,
    representative: `${pick(`surname:${key}`, SURNAMES)}${pick(`given:${key}`, GIVEN)}`,
    startDt,
    status,
    endDt,
    taxType,
    taxTypeChangeDt: taxType === "07" ? "20210701" : undefined,
    invoiceApplyDt: taxType === "07" ? "20210701" : undefined,
    industry,
    dong,
    address: roadAddress(dong, key),
    employees,
    workplace: everEmployed
      ? { seq: workplaceSeq(taken, key), adptDt: enrolment(key, startDt), scsnDt: endDt, wage: seededInt(`wage:${key}`, wageMin, wageMax) * 10_000 }
      : undefined,
  };
}

/** Four businesses per 시군구, spread over its 법정동. */
export const BUSINESSES: readonly Business[] = (() => {
  const taken: Taken = { numbers: new Set(), names: new Set(), seqs: new Set() };
  return SIGUNGUS.flatMap((sigungu) => {
    const dongs = dongsIn(sigungu.code);
    return Array.from({ length: 4 }, (_, i) => {
      const dong = dongs[seededInt(`biz-dong:${sigungu.code}:${i}`, 0, dongs.length - 1)];
      if (!dong) throw new Error(`시군구 ${sigungu.code} has no 법정동`);
      return makeBusiness(taken, dong, i);
    });
  });
})();

const byBNo = new Map(BUSINESSES.map((b) => [b.bNo, b]));
const bySeq = new Map(BUSINESSES.flatMap((b) => (b.workplace ? [[b.workplace.seq, b] as const] : [])));

export function businessOf(bNo: string): Business | undefined {
  return byBNo.get(bNo);
}

export function workplaceOf(seq: string): Business | undefined {
  return bySeq.get(seq);
}
