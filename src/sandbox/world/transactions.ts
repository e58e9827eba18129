/**
 * Apartment sales and leases reported to RTMS (부동산거래관리시스템). Deals are a function of
 * (complex, month): how many, which day, size, floor and price, with the price following the
 * complex's level and a market index since 2020. What a request sees also depends on its clock:
 * a deal appears only once reported (up to 25 days after the contract), a cancellation or a
 * registration only after it happened, and months in the future have nothing.
 */
import { addDays, kstInstant, kstYmd } from "../../time/kst";
import type { Complex } from "./apartments";
import { pick, seededRandom } from "../../util/random";
import { sigungusIn } from "./regions";

/** Seoul apartment index by month (1.0 = mid-2025): the 2021 peak, the 2022–23 fall, the recovery. */
const INDEX_POINTS: readonly [year: number, month: number, index: number][] = [
  [2020, 1, 0.7],
  [2021, 10, 0.92],
  [2023, 1, 0.76],
  [2024, 1, 0.84],
  [2025, 6, 1.0],
];
const MONTHLY_GROWTH_AFTER = 0.004;
const FIRST_YEAR = 2020;

const monthNumber = (year: number, month: number) => year * 12 + month - 1;

function seoulIndex(year: number, month: number): number {
  const at = monthNumber(year, month);
  for (let i = 1; i < INDEX_POINTS.length; i++) {
    const prev = INDEX_POINTS[i - 1];
    const next = INDEX_POINTS[i];
    if (!prev || !next) continue;
    const from = monthNumber(prev[0], prev[1]);
    const to = monthNumber(next[0], next[1]);
    if (at <= to) return prev[2] + ((next[2] - prev[2]) * (at - from)) / (to - from);
  }
  const last = INDEX_POINTS[INDEX_POINTS.length - 1];
  const lastMonth = last ? monthNumber(last[0], last[1]) : at;
  return (last?.[2] ?? 1) * (1 + MONTHLY_GROWTH_AFTER * (at - lastMonth));
}

/** Outside Seoul prices moved the same way, about 70 % as much. */
function priceIndex(complex: Complex, year: number, month: number): number {
  const seoul = seoulIndex(year, month);
  return complex.address.sido.code === "11" ? seoul : 1 + (seoul - 1) * 0.7;
}

/** The market was thin from mid-2022 to mid-2023. */
function activity(year: number, month: number): number {
  const at = monthNumber(year, month);
  return at >= monthNumber(2022, 7) && at <= monthNumber(2023, 6) ? 0.4 : 1;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const ymdOf = (year: number, month: number, day: number) => `${year}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;

/** YYYYMMDD of a date `days` after a YYYYMMDD, in KST. */
const ymdPlus = (ymd: string, days: number) => kstYmd(addDays(kstInstant(ymd), days));

const happened = (ymd: string, now: Date) => kstInstant(ymd).getTime() <= now.getTime();

export interface Deal {
  complex: Complex;
  year: number;
  month: number;
  day: number;
  /** 전용면적 ㎡. */
  area: number;
  floor: number;
  /** 거래금액 in 만원. */
  amount: number;
  direct: boolean;
  /** 중개사소재지: one or two offices, "서울 송파구". */
  agents: string[];
  buyer: string;
  seller: string;
  /** 동 of the unit without 동 ("101"), or "" when unreported. */
  aptDong: string;
  /** 해제사유발생일 YYYYMMDD when the contract was cancelled by `now`. */
  cancelledOn: string | null;
  /** 등기일자 YYYYMMDD when registered by `now`. */
  registeredOn: string | null;
}

export interface Lease {
  complex: Complex;
  year: number;
  month: number;
  day: number;
  area: number;
  floor: number;
  /** 보증금 in 만원. */
  deposit: number;
  /** 월세 in 만원 (0 for 전세). */
  monthlyRent: number;
  /** 계약기간 "25.07~27.07", or "" when unreported. */
  contractTerm: string;
  contractType: "신규" | "갱신" | "";
  useRRRight: boolean;
  preDeposit: number | null;
  preMonthlyRent: number | null;
}

const PARTY = ["개인", "개인", "개인", "개인", "개인", "개인", "개인", "개인", "개인", "개인", "개인", "개인", "법인", "기타"] as const;

/** 중개사소재지: mostly an office in the complex's own district, sometimes one elsewhere in the 시도. */
function agentOffice(complex: Complex, seed: string): string {
  const { sido, sigungu } = complex.address;
  if (sigungu.name === sido.name) return sido.name;
  const office = seededRandom(seed)() < 0.8 ? sigungu : pick(`${seed}:where`, sigungusIn(sido.code));
  return `${sido.short} ${office.name}`;
}

function roundTo(value: number, unit: number): number {
  return Math.max(unit, Math.round(value / unit) * unit);
}

/** How many contracts of a kind a complex has in a month; big complexes always have some. */
function contractCount(complex: Complex, year: number, month: number, perHouseholds: number, seed: string): number {
  const rnd = seededRandom(seed);
  const expected = (complex.households / perHouseholds) * activity(year, month);
  const count = Math.floor(expected * (0.6 + 0.8 * rnd()));
  if (complex.households >= 1000) return Math.max(count, 2);
  return rnd() < Math.min(1, expected) ? Math.max(count, 1) : count;
}

/** The day of the i-th contract; the first of a big complex falls in the first three days, so a finished month always shows it. */
function contractDay(complex: Complex, i: number, year: number, month: number, rnd: () => number): number {
  if (i === 0 && complex.households >= 1000) return 1 + Math.floor(rnd() * 3);
  return 1 + Math.floor(rnd() * daysIn(year, month));
}

function unitOf(complex: Complex, rnd: () => number): { area: number; floor: number; aptDong: string } {
  const area = complex.areas[Math.floor(rnd() * complex.areas.length)] ?? 84.9;
  const floor = 1 + Math.floor(rnd() * complex.topFloor);
  const dongNo = complex.buildYear < 1990 ? 1 + Math.floor(rnd() * complex.dongCount) : 101 + Math.floor(rnd() * complex.dongCount);
  return { area, floor, aptDong: rnd() < 0.5 ? String(dongNo) : "" };
}

function marketPrice(complex: Complex, year: number, month: number, area: number, floor: number, rnd: () => number): number {
  const floorPremium = 0.93 + 0.1 * (floor / complex.topFloor);
  return complex.pricePerM2 * priceIndex(complex, year, month) * area * floorPremium * (0.95 + 0.1 * rnd());
}

function reportedBy(ymd: string, lagDays: number, now: Date): boolean {
  return happened(ymdPlus(ymd, lagDays), now);
}

function inRange(year: number, month: number, now: Date): boolean {
  if (year < FIRST_YEAR || month < 1 || month > 12) return false;
  return happened(ymdOf(year, month, 1), now);
}

/** Sales of one complex in one month, as reported by `now`. */
export function dealsOf(complex: Complex, year: number, month: number, now: Date): Deal[] {
  if (!inRange(year, month, now)) return [];
  const base = `rtms-trade:${complex.kaptCode}:${year}${month}`;
  const deals: Deal[] = [];
  const count = contractCount(complex, year, month, 800, base);
  for (let i = 0; i < count; i++) {
    const rnd = seededRandom(`${base}:${i}`);
    const day = contractDay(complex, i, year, month, rnd);
    const ymd = ymdOf(year, month, day);
    if (!reportedBy(ymd, 3 + Math.floor(rnd() * 23), now)) continue;
    const unit = unitOf(complex, rnd);
    const amount = roundTo(marketPrice(complex, year, month, unit.area, unit.floor, rnd), 100);
    const direct = rnd() < 0.1;
    const agents = direct ? [] : rnd() < 0.12 ? [agentOffice(complex, `${base}:${i}:a`), agentOffice(complex, `${base}:${i}:b`)] : [agentOffice(complex, `${base}:${i}:a`)];
    const cancelOn = rnd() < 0.03 ? ymdPlus(ymd, 15 + Math.floor(rnd() * 30)) : null;
    const registerOn = ymdPlus(ymd, 40 + Math.floor(rnd() * 35));
    const cancelledOn = cancelOn !== null && happened(cancelOn, now) ? cancelOn : null;
    deals.push({
      complex,
      year,
      month,
      day,
      area: unit.area,
      floor: unit.floor,
      amount,
      direct,
      agents: [...new Set(agents)],
      buyer: pick(`${base}:${i}:buyer`, PARTY),
      seller: pick(`${base}:${i}:seller`, PARTY),
      aptDong: unit.aptDong,
      cancelledOn,
      registeredOn: cancelledOn === null && happened(registerOn, now) ? registerOn : null,
    });
  }
  return deals;
}

const yymm = (year: number, month: number) => `${String(year % 100).padStart(2, "0")}.${String(month).padStart(2, "0")}`;

/** 전월세 contracts of one complex in one month, as reported by `now`. */
export function leasesOf(complex: Complex, year: number, month: number, now: Date): Lease[] {
  if (!inRange(year, month, now)) return [];
  const base = `rtms-rent:${complex.kaptCode}:${year}${month}`;
  const leases: Lease[] = [];
  const count = contractCount(complex, year, month, 500, base);
  for (let i = 0; i < count; i++) {
    const rnd = seededRandom(`${base}:${i}`);
    const day = contractDay(complex, i, year, month, rnd);
    if (!reportedBy(ymdOf(year, month, day), 3 + Math.floor(rnd() * 23), now)) continue;
    const unit = unitOf(complex, rnd);
    const jeonse = marketPrice(complex, year, month, unit.area, unit.floor, rnd) * (0.42 + 0.16 * rnd());
    const monthly = rnd() < 0.4;
    const deposit = roundTo(monthly ? jeonse * (0.1 + 0.4 * rnd()) : jeonse, monthly ? 500 : 100);
    const monthlyRent = monthly ? roundTo(((jeonse - deposit) * 0.05) / 12, 5) : 0;
    const kind = rnd();
    const contractType = kind < 0.6 ? "신규" : kind < 0.95 ? "갱신" : "";
    const useRRRight = contractType === "갱신" && rnd() < 0.6;
    // A renewal under 계약갱신요구권 may raise the rent by at most 5 %.
    const raise = useRRRight ? 1.05 : 1.1;
    const start = monthNumber(year, month) + Math.floor(rnd() * 3);
    const startYear = Math.floor(start / 12);
    const startMonth = (start % 12) + 1;
    leases.push({
      complex,
      year,
      month,
      day,
      area: unit.area,
      floor: unit.floor,
      deposit,
      monthlyRent,
      contractTerm: contractType === "" ? "" : `${yymm(startYear, startMonth)}~${yymm(startYear + 2, startMonth)}`,
      contractType,
      useRRRight,
      preDeposit: contractType === "갱신" ? roundTo(deposit / raise, monthly ? 500 : 100) : null,
      preMonthlyRent: contractType === "갱신" ? (monthly ? roundTo(monthlyRent / raise, 5) : 0) : null,
    });
  }
  return leases;
}
