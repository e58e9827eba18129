/**
 * The weather of the sandbox world: one deterministic model that every KMA product reads, so an
 * observation, an ultra-short forecast, a short-term forecast and a mid-term outlook of the same
 * place and hour agree. Values are a function of the grid cell, the KST date and the hour only,
 * follow Korean climatology (Seoul monthly means, warmer south in winter, wet summers) and vary
 * smoothly from day to day.
 */
import { kmaGridToWgs84 } from "../../geo/kma-grid";
import { addDays, kstInstant, kstParts, kstYmd } from "../../time/kst";
import { seededRandom } from "../../util/random";

/** Seoul's monthly mean temperatures (°C, 1991–2020 normals), January first. */
const SEOUL_MONTHLY_MEAN = [-2.0, 0.7, 6.1, 12.6, 18.2, 22.7, 25.3, 26.1, 21.6, 15.0, 7.5, 0.2];
/** Share of days with precipitation, by month. */
const WET_DAY_CHANCE = [0.17, 0.18, 0.24, 0.28, 0.3, 0.4, 0.55, 0.5, 0.33, 0.2, 0.26, 0.22];
const SEOUL_LAT = 37.57;

export type Sky = 1 | 3 | 4; // 맑음, 구름많음, 흐림
export type PrecipKind = "none" | "rain" | "sleet" | "snow";

export interface HourlyWeather {
  /** Air temperature, °C, one decimal. */
  temp: number;
  sky: Sky;
  precipKind: PrecipKind;
  /** Liquid-equivalent precipitation in the hour, mm. */
  precipMm: number;
  /** New snow in the hour, cm. */
  snowCm: number;
  /** Part of a summer shower (PTY 4 소나기, lightning possible). */
  convective: boolean;
  /** Probability of precipitation, %, a multiple of 10. */
  pop: number;
  /** Relative humidity, %. */
  reh: number;
  /** Wind speed m/s (one decimal), direction the wind blows from in degrees. */
  wsd: number;
  vec: number;
  /** East-west and north-south components, m/s (positive towards east / north). */
  uuu: number;
  vvv: number;
}

type DayKind = "clear" | "partly" | "overcast" | "wet";

interface DayPattern {
  kind: DayKind;
  /** Precipitation window [start, end) in hours, on wet days. */
  wetFrom: number;
  wetTo: number;
  /** Typical hourly amount on wet days, mm. */
  intensity: number;
  convective: boolean;
  /** Prevailing wind direction (from) and mean speed. */
  windFrom: number;
  windSpeed: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Month position in [0, 12): 0 = mid-January, fractional in between. */
function monthPosition(ymd: string): number {
  const month = Number(ymd.slice(4, 6));
  const day = Number(ymd.slice(6, 8));
  return (month - 1 + (day - 15) / 30.4 + 12) % 12;
}

function interpolateMonthly(table: readonly number[], ymd: string): number {
  const pos = monthPosition(ymd);
  const i = Math.floor(pos);
  const frac = pos - i;
  const a = table[i % 12] ?? 0;
  const b = table[(i + 1) % 12] ?? 0;
  return a + (b - a) * frac;
}

/** 1 in mid-January, 0 in mid-July. */
function winterness(ymd: string): number {
  return (1 + Math.cos((2 * Math.PI * monthPosition(ymd)) / 12)) / 2;
}

/** The KST date `days` after `ymd`. */
export function shiftYmd(ymd: string, days: number): string {
  return kstYmd(addDays(kstInstant(ymd), days));
}

/** Nearby cells share their weather pattern: the pattern is drawn per 80 km block. */
function blockOf(nx: number, ny: number): string {
  return `${Math.floor(nx / 16)}:${Math.floor(ny / 16)}`;
}

function latitudeOf(nx: number, ny: number): number {
  return kmaGridToWgs84(nx, ny).lat;
}

function dayPattern(nx: number, ny: number, ymd: string): DayPattern {
  const rnd = seededRandom(`wx-day:${blockOf(nx, ny)}:${ymd}`);
  const month = Number(ymd.slice(4, 6));
  const wetChance = WET_DAY_CHANCE[month - 1] ?? 0.25;
  const roll = rnd();
  const kind: DayKind = roll < wetChance ? "wet" : roll < wetChance + 0.2 ? "overcast" : roll < wetChance + 0.45 ? "partly" : "clear";
  const summer = month >= 6 && month <= 9;
  const convective = kind === "wet" && summer && rnd() < 0.35;
  const wetFrom = Math.floor(rnd() * 20);
  const length = convective ? 2 + Math.floor(rnd() * 3) : 3 + Math.floor(rnd() * 10);
  const intensity = convective ? 5 + rnd() * 20 : summer ? 1 + rnd() * 8 : 0.3 + rnd() * 2.5;
  // Northwesterlies in winter, southwesterlies in summer.
  const w = winterness(ymd);
  const prevailing = 200 + 100 * w;
  return {
    kind,
    wetFrom,
    wetTo: Math.min(24, wetFrom + length),
    intensity,
    convective,
    windFrom: (prevailing + (rnd() - 0.5) * 80 + 360) % 360,
    windSpeed: 1.2 + rnd() * 3 + w,
  };
}

/** Day-to-day temperature anomaly (°C), drawn at noon of each day for a block. */
function noonAnomaly(nx: number, ny: number, ymd: string): number {
  const rnd = seededRandom(`wx-anom:${blockOf(nx, ny)}:${ymd}`);
  return (rnd() + rnd() - 1) * 5;
}

/** Smooth anomaly: interpolated between the noons around the hour so midnight has no jump. */
function anomalyAt(nx: number, ny: number, ymd: string, hour: number): number {
  const here = noonAnomaly(nx, ny, ymd);
  const other = noonAnomaly(nx, ny, shiftYmd(ymd, hour >= 12 ? 1 : -1));
  return here + (other - here) * (Math.abs(hour - 12) / 24);
}

/** Diurnal shape in [-1, 1]: minimum at 06, maximum at 15 (when KMA reports TMN and TMX). */
function diurnal(hour: number): number {
  if (hour >= 6 && hour <= 15) return -Math.cos((Math.PI * (hour - 6)) / 9);
  const sinceMax = (hour - 15 + 24) % 24;
  return Math.cos((Math.PI * sinceMax) / 15);
}

const CLOUD_DAMPING: Record<DayKind, number> = { clear: 1.15, partly: 1, overcast: 0.7, wet: 0.55 };

function temperature(nx: number, ny: number, ymd: string, hour: number, pattern: DayPattern): number {
  const w = winterness(ymd);
  // The south is much milder than Seoul in winter and about as warm in summer.
  const southward = (SEOUL_LAT - latitudeOf(nx, ny)) * (0.1 + 2.2 * w);
  const mean = interpolateMonthly(SEOUL_MONTHLY_MEAN, ymd) + southward + anomalyAt(nx, ny, ymd, hour);
  const amplitude = (3.8 + 0.8 * (1 - Math.abs(w - 0.5) * 2)) * CLOUD_DAMPING[pattern.kind];
  const noise = (seededRandom(`wx-t:${nx}:${ny}:${ymd}:${hour}`)() - 0.5) * 0.6;
  return round1(mean + amplitude * diurnal(hour) + noise);
}

function precipKindAt(temp: number): Exclude<PrecipKind, "none"> {
  if (temp <= 0.5) return "snow";
  if (temp <= 2.5) return "sleet";
  return "rain";
}

/** Probabilities of precipitation are given in steps of 10 %. */
const roundPop = (v: number) => Math.min(100, Math.max(0, Math.round(v / 10) * 10));

/** The weather at a grid cell in the KST hour `hour` (0–23) of `ymd`. */
export function hourlyWeather(nx: number, ny: number, ymd: string, hour: number): HourlyWeather {
  const pattern = dayPattern(nx, ny, ymd);
  const rnd = seededRandom(`wx-h:${nx}:${ny}:${ymd}:${hour}`);
  const temp = temperature(nx, ny, ymd, hour, pattern);
  const wet = pattern.kind === "wet" && hour >= pattern.wetFrom && hour < pattern.wetTo;
  const nearWet = pattern.kind === "wet" && hour >= pattern.wetFrom - 3 && hour < pattern.wetTo + 2;

  let precipKind: PrecipKind = "none";
  let precipMm = 0;
  let snowCm = 0;
  if (wet) {
    precipKind = precipKindAt(temp);
    precipMm = round1(pattern.intensity * (0.4 + rnd() * 1.2));
    if (precipKind !== "rain") snowCm = round1(precipMm * (precipKind === "snow" ? 1 : 0.4));
  }

  let sky: Sky;
  switch (pattern.kind) {
    case "clear":
      sky = rnd() < 0.15 ? 3 : 1;
      break;
    case "partly":
      sky = rnd() < 0.25 ? 1 : 3;
      break;
    case "overcast":
      sky = rnd() < 0.25 ? 3 : 4;
      break;
    case "wet":
      sky = nearWet ? 4 : 3;
      break;
  }

  const basePop = wet ? 60 + rnd() * 30 : nearWet ? 30 + rnd() * 20 : pattern.kind === "wet" || pattern.kind === "overcast" ? 20 + rnd() * 10 : pattern.kind === "partly" ? 10 + rnd() * 10 : rnd() * 10;

  const w = winterness(ymd);
  const humidBase = 70 - 22 * w;
  const reh = Math.round(Math.min(99, Math.max(15, wet ? 88 + rnd() * 10 : humidBase - 14 * diurnal(hour) + (rnd() - 0.5) * 8)));

  const coastal = latitudeOf(nx, ny) < 35.6 ? 1.5 : 0;
  const afternoon = hour >= 11 && hour <= 18 ? 1 : 0;
  const wsd = round1(Math.max(0.2, pattern.windSpeed + coastal + afternoon + (rnd() - 0.5)));
  const vec = Math.round((pattern.windFrom + (rnd() - 0.5) * 30 + 360) % 360);
  const rad = (vec * Math.PI) / 180;
  return {
    temp,
    sky,
    precipKind,
    precipMm,
    snowCm,
    convective: wet && pattern.convective,
    pop: roundPop(basePop),
    reh,
    wsd,
    vec,
    uuu: round1(-wsd * Math.sin(rad)),
    vvv: round1(-wsd * Math.cos(rad)),
  };
}

/** The day's minimum (around 06) and maximum (around 15) temperature, as TMN/TMX report them. */
export function dailyExtremes(nx: number, ny: number, ymd: string): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let hour = 0; hour < 24; hour++) {
    const t = hourlyWeather(nx, ny, ymd, hour).temp;
    if (hour <= 9) min = Math.min(min, t);
    if (hour >= 12 && hour <= 18) max = Math.max(max, t);
  }
  // `|| 0` keeps a rounded -0.4 from printing as -0.
  return { min: Math.round(min) || 0, max: Math.round(max) || 0 };
}

/** Climatological minimum and maximum (평년) of a cell on a date, without the day's anomaly. */
export function normalExtremes(nx: number, ny: number, ymd: string): { min: number; max: number } {
  const w = winterness(ymd);
  const mean = interpolateMonthly(SEOUL_MONTHLY_MEAN, ymd) + (SEOUL_LAT - latitudeOf(nx, ny)) * (0.1 + 2.2 * w);
  const amplitude = 3.8 + 0.8 * (1 - Math.abs(w - 0.5) * 2);
  return { min: Math.round(mean - amplitude) || 0, max: Math.round(mean + amplitude) || 0 };
}

export interface PeriodSummary {
  /** 중기예보 weather text: 맑음, 구름많음, 흐림, 구름많고 비, 흐리고 눈, … */
  wf: string;
  /** Highest probability of precipitation in the period, %. */
  pop: number;
  precipKind: PrecipKind;
  showers: boolean;
}

/** Summarises hours [from, to) of a day the way the mid-term forecast words a half day. */
export function periodSummary(nx: number, ny: number, ymd: string, from: number, to: number): PeriodSummary {
  let skySum = 0;
  let pop = 0;
  let showers = false;
  const kinds = new Set<PrecipKind>();
  for (let hour = from; hour < to; hour++) {
    const h = hourlyWeather(nx, ny, ymd, hour);
    skySum += h.sky;
    pop = Math.max(pop, h.pop);
    if (h.precipKind !== "none") kinds.add(h.precipKind);
    showers ||= h.convective;
  }
  const meanSky = skySum / (to - from);
  const precipKind: PrecipKind = kinds.has("sleet") || (kinds.has("rain") && kinds.has("snow")) ? "sleet" : kinds.has("snow") ? "snow" : kinds.has("rain") ? "rain" : "none";
  const lead = meanSky >= 3.5 ? "흐리고" : "구름많고";
  const wf =
    precipKind === "none"
      ? meanSky < 2
        ? "맑음"
        : meanSky < 3.5
          ? "구름많음"
          : "흐림"
      : `${lead} ${showers ? "소나기" : precipKind === "rain" ? "비" : precipKind === "snow" ? "눈" : "비/눈"}`;
  return { wf, pop: roundPop(pop), precipKind, showers };
}

/** "25일(금)" for a YYYYMMDD, as KMA's texts name days. */
export function koreanDayLabel(ymd: string): string {
  const weekday = "일월화수목금토"[kstParts(kstInstant(ymd)).weekday] ?? "";
  return `${Number(ymd.slice(6, 8))}일(${weekday})`;
}
