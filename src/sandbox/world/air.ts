/**
 * Air quality of the sandbox world: hourly concentrations per station, deterministic in
 * (station, KST hour). A region shares a slowly varying day factor (with occasional high-PM days
 * such as 황사 or stagnant air), stations differ a little, and the hours follow the usual daily
 * course (PM and NO2 up at rush hours, ozone up in the afternoon). Now and then a station loses
 * a value, reported as "-" with a flag such as 통신장애, as the real network does.
 */
import { addDays, kstInstant, kstParts, kstYmd } from "../../time/kst";
import type { AirStation } from "./air-stations";
import { hash32, seededRandom } from "../../util/random";

/** Monthly mean PM10 (µg/m³) and O3 (ppm) for an urban station, January first. */
const PM10_MONTHLY = [46, 52, 55, 50, 40, 29, 22, 20, 22, 30, 40, 45];
const O3_MONTHLY = [0.015, 0.02, 0.028, 0.036, 0.042, 0.045, 0.033, 0.03, 0.028, 0.022, 0.016, 0.013];

export interface AirHour {
  pm10: number | null;
  pm25: number | null;
  o3: number | null;
  no2: number | null;
  co: number | null;
  so2: number | null;
  /** Why values are missing, per pollutant. */
  flags: Partial<Record<Pollutant, string>>;
}

export type Pollutant = "pm10" | "pm25" | "o3" | "no2" | "co" | "so2";
const ALL: readonly Pollutant[] = ["pm10", "pm25", "o3", "no2", "co", "so2"];

const round = (v: number, digits: number) => Number(v.toFixed(digits));

function winterness(month: number): number {
  return (1 + Math.cos((2 * Math.PI * (month - 1)) / 12)) / 2;
}

/** The region's PM factor at noon of a day: mostly 0.5–2, and on about one day in 18 a high-PM episode. */
function noonFactor(sidoName: string, ymd: string): number {
  const rnd = seededRandom(`air-day:${sidoName}:${ymd}`);
  const normal = (rnd() + rnd() + rnd() - 1.5) * 0.9;
  const episode = rnd() < 0.055 ? 2.2 : 1;
  return Math.exp(normal * 0.6) * episode;
}

function dayFactor(sidoName: string, at: Date): number {
  const ymd = kstYmd(at);
  const hour = kstParts(at).hour;
  const here = noonFactor(sidoName, ymd);
  const other = noonFactor(sidoName, kstYmd(addDays(kstInstant(ymd, "1200"), hour >= 12 ? 1 : -1)));
  return here + (other - here) * (Math.abs(hour - 12) / 24);
}

/** The concentrations a station reports for the hour ending at `at` (a KST hour). */
export function airHour(station: AirStation, at: Date): AirHour {
  const p = kstParts(at);
  const ymd = kstYmd(at);
  const rnd = seededRandom(`air-h:${station.stationName}:${ymd}:${p.hour}`);
  const w = winterness(p.month);
  const stationBias = 0.85 + seededRandom(`air-st:${station.stationName}`)() * 0.3;
  const day = dayFactor(station.sidoName, at);
  const rush = Math.exp(-((p.hour - 8) ** 2) / 6) + Math.exp(-((p.hour - 20) ** 2) / 8);

  const pm10 = Math.max(4, Math.round((PM10_MONTHLY[p.month - 1] ?? 35) * day * stationBias * (0.9 + 0.2 * rush) * (0.85 + rnd() * 0.3)));
  const pm25 = Math.max(2, Math.round(pm10 * (0.45 + 0.15 * w + (rnd() - 0.5) * 0.1)));
  const sun = p.hour >= 8 && p.hour <= 20 ? Math.sin((Math.PI * (p.hour - 8)) / 12) : 0;
  const o3 = round((O3_MONTHLY[p.month - 1] ?? 0.025) * (0.35 + 1.1 * sun) * (0.85 + rnd() * 0.3), 4);
  const no2 = round((0.018 + 0.016 * w) * (0.75 + 0.6 * rush - 0.2 * sun) * Math.sqrt(day) * (0.85 + rnd() * 0.3), 4);
  const co = round(0.3 + 0.25 * w + 0.1 * rush + rnd() * 0.1, 2);
  const so2 = round(0.002 + rnd() * 0.002, 4);

  const hour: AirHour = { pm10, pm25, o3, no2, co, so2, flags: {} };
  const bucket = hash32(`air-gap:${station.stationName}:${ymd}:${p.hour}`) % 1000;
  const drop = (pollutants: readonly Pollutant[], flag: string) => {
    for (const name of pollutants) {
      hour[name] = null;
      hour.flags[name] = flag;
    }
  };
  if (bucket < 15) drop(ALL, "통신장애");
  else if (bucket < 25) drop(["pm10", "pm25"], "점검및교정");
  else if (bucket < 30) drop(["o3"], "자료이상");
  return hour;
}

interface Band {
  upTo: number;
  index: number;
}

/** 통합대기환경지수 (CAI) breakpoints per pollutant: the upper concentration of grades 1–4. */
const CAI_BANDS: Record<Pollutant, readonly Band[]> = {
  pm10: [{ upTo: 30, index: 50 }, { upTo: 80, index: 100 }, { upTo: 150, index: 250 }, { upTo: 600, index: 500 }],
  pm25: [{ upTo: 15, index: 50 }, { upTo: 35, index: 100 }, { upTo: 75, index: 250 }, { upTo: 500, index: 500 }],
  o3: [{ upTo: 0.03, index: 50 }, { upTo: 0.09, index: 100 }, { upTo: 0.15, index: 250 }, { upTo: 0.6, index: 500 }],
  no2: [{ upTo: 0.03, index: 50 }, { upTo: 0.06, index: 100 }, { upTo: 0.2, index: 250 }, { upTo: 2, index: 500 }],
  co: [{ upTo: 2, index: 50 }, { upTo: 9, index: 100 }, { upTo: 15, index: 250 }, { upTo: 50, index: 500 }],
  so2: [{ upTo: 0.02, index: 50 }, { upTo: 0.05, index: 100 }, { upTo: 0.15, index: 250 }, { upTo: 1, index: 500 }],
};

/** Grade 1 좋음, 2 보통, 3 나쁨, 4 매우나쁨 of a concentration. */
export function gradeOf(pollutant: Pollutant, value: number): number {
  const bands = CAI_BANDS[pollutant];
  const i = bands.findIndex((b) => value <= b.upTo);
  return i === -1 ? 4 : i + 1;
}

/** The CAI sub-index of a concentration (linear within its band). */
export function caiIndex(pollutant: Pollutant, value: number): number {
  let lowC = 0;
  let lowI = 0;
  for (const band of CAI_BANDS[pollutant]) {
    if (value <= band.upTo) return Math.round(lowI + ((band.index - lowI) * (value - lowC)) / (band.upTo - lowC));
    lowC = band.upTo;
    lowI = band.index + 1;
  }
  return 500;
}

export function khaiGradeOf(index: number): number {
  return index <= 50 ? 1 : index <= 100 ? 2 : index <= 250 ? 3 : 4;
}
