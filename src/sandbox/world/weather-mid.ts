/**
 * KMA 중기예보 (days 3–10) of the sandbox world: the real forecast-station ids (stnId), land
 * region ids and city ids (src/geo/kma-mid-regions.ts), each read at its real position from the
 * same weather model as the short-term forecast, so the two agree where they overlap.
 */
import { wgs84ToKmaGrid, type KmaGridPoint } from "../../geo/kma-grid";
import { MID_CITIES, MID_LAND_REGIONS, MID_STATIONS, type MidPlace } from "../../geo/kma-mid-regions";
import { dailyExtremes, koreanDayLabel, normalExtremes, periodSummary, shiftYmd, type PeriodSummary } from "./weather";

interface Place {
  regId: string;
  name: string;
  grid: KmaGridPoint;
}

const place = ({ regId, name, lat, lon }: MidPlace): Place => ({ regId, name, grid: wgs84ToKmaGrid(lat, lon) });

const landIndex = new Map(MID_LAND_REGIONS.map((r) => [r.regId, place(r)]));
const cityIndex = new Map(MID_CITIES.map((c) => [c.regId, place(c)]));
const stationIndex = new Map(MID_STATIONS.map((s) => [s.stnId, s]));

/** Days 3–7 come in morning and afternoon halves, days 8–10 as whole days. */
const HALF_DAYS = [3, 4, 5, 6, 7] as const;
const WHOLE_DAYS = [8, 9, 10] as const;

/** One getMidLandFcst item for a region and an issue date, or undefined for an unknown regId. */
export function midLandForecast(regId: string, issueYmd: string): Record<string, unknown> | undefined {
  const region = landIndex.get(regId);
  if (!region) return undefined;
  const { nx, ny } = region.grid;
  const rn: Record<string, number> = {};
  const wf: Record<string, string> = {};
  for (const day of HALF_DAYS) {
    const ymd = shiftYmd(issueYmd, day);
    const am = periodSummary(nx, ny, ymd, 0, 12);
    const pm = periodSummary(nx, ny, ymd, 12, 24);
    rn[`rnSt${day}Am`] = am.pop;
    rn[`rnSt${day}Pm`] = pm.pop;
    wf[`wf${day}Am`] = am.wf;
    wf[`wf${day}Pm`] = pm.wf;
  }
  for (const day of WHOLE_DAYS) {
    const whole = periodSummary(nx, ny, shiftYmd(issueYmd, day), 0, 24);
    rn[`rnSt${day}`] = whole.pop;
    wf[`wf${day}`] = whole.wf;
  }
  return { regId, ...rn, ...wf };
}

/** One getMidTa item: taMin/taMax with their uncertainty bounds (Low/High) for days 3–10. */
export function midTemperatures(regId: string, issueYmd: string): Record<string, unknown> | undefined {
  const city = cityIndex.get(regId);
  if (!city) return undefined;
  const row: Record<string, unknown> = { regId };
  for (let day = 3; day <= 10; day++) {
    const { min, max } = dailyExtremes(city.grid.nx, city.grid.ny, shiftYmd(issueYmd, day));
    // The spread widens with lead time, as KMA's ranges do.
    const spread = day <= 5 ? 1 : day <= 7 ? 2 : 3;
    row[`taMin${day}`] = min;
    row[`taMin${day}Low`] = spread;
    row[`taMin${day}High`] = spread;
    row[`taMax${day}`] = max;
    row[`taMax${day}Low`] = spread;
    row[`taMax${day}High`] = spread;
  }
  return row;
}

function precipWord(kinds: ReadonlySet<PeriodSummary["precipKind"]>, showers: boolean): string {
  if (showers) return "소나기가 오겠습니다";
  if (kinds.has("sleet") || (kinds.has("rain") && kinds.has("snow"))) return "비 또는 눈이 오겠습니다";
  if (kinds.has("snow")) return "눈이 오겠습니다";
  return "비가 오겠습니다";
}

/** The getMidFcst outlook text (wfSv) of a forecast station, or undefined for an unknown stnId. */
export function midOutlook(stnId: string, issueYmd: string): string | undefined {
  const station = stationIndex.get(stnId);
  if (!station) return undefined;
  const regions = station.land.map((id) => landIndex.get(id)).filter((r): r is Place => r !== undefined);
  const cities = station.cities.map((id) => cityIndex.get(id)).filter((c): c is Place => c !== undefined);

  const wetPeriods: string[] = [];
  const kinds = new Set<PeriodSummary["precipKind"]>();
  let showers = false;
  for (let day = 3; day <= 10; day++) {
    const ymd = shiftYmd(issueYmd, day);
    const halves: [string, number, number][] = day <= 7 ? [["오전", 0, 12], ["오후", 12, 24]] : [["", 0, 24]];
    const wetHalves: string[] = [];
    for (const [label, from, to] of halves) {
      const summaries = regions.map((r) => periodSummary(r.grid.nx, r.grid.ny, ymd, from, to));
      const wet = summaries.filter((s) => s.precipKind !== "none");
      // A multi-region outlook (전국) only mentions precipitation that covers a good part of it.
      if (wet.length === 0 || wet.length * 3 < summaries.length) continue;
      wetHalves.push(label);
      for (const s of wet) kinds.add(s.precipKind);
      showers ||= wet.some((s) => s.showers);
    }
    if (wetHalves.length === 0) continue;
    const whole = wetHalves.length === halves.length;
    wetPeriods.push(whole ? koreanDayLabel(ymd) : `${koreanDayLabel(ymd)} ${wetHalves.join("")}`);
  }

  let minLo = Number.POSITIVE_INFINITY;
  let minHi = Number.NEGATIVE_INFINITY;
  let maxLo = Number.POSITIVE_INFINITY;
  let maxHi = Number.NEGATIVE_INFINITY;
  let normalMinLo = Number.POSITIVE_INFINITY;
  let normalMinHi = Number.NEGATIVE_INFINITY;
  let normalMaxLo = Number.POSITIVE_INFINITY;
  let normalMaxHi = Number.NEGATIVE_INFINITY;
  let anomaly = 0;
  let samples = 0;
  for (const city of cities) {
    for (let day = 3; day <= 10; day++) {
      const ymd = shiftYmd(issueYmd, day);
      const t = dailyExtremes(city.grid.nx, city.grid.ny, ymd);
      const n = normalExtremes(city.grid.nx, city.grid.ny, ymd);
      minLo = Math.min(minLo, t.min);
      minHi = Math.max(minHi, t.min);
      maxLo = Math.min(maxLo, t.max);
      maxHi = Math.max(maxHi, t.max);
      normalMinLo = Math.min(normalMinLo, n.min);
      normalMinHi = Math.max(normalMinHi, n.min);
      normalMaxLo = Math.min(normalMaxLo, n.max);
      normalMaxHi = Math.max(normalMaxHi, n.max);
      anomaly += (t.min + t.max - n.min - n.max) / 2;
      samples++;
    }
  }
  const mean = samples > 0 ? anomaly / samples : 0;
  const comparison = mean > 1.5 ? "보다 높겠습니다" : mean < -1.5 ? "보다 낮겠습니다" : "과 비슷하겠습니다";

  const rain =
    wetPeriods.length === 0
      ? "○ (강수) 이번 예보기간에는 뚜렷한 강수 없이 대체로 맑거나 구름많겠습니다."
      : `○ (강수) ${wetPeriods.join(", ")}에 ${precipWord(kinds, showers)}.`;
  const temperature =
    `○ (기온) 이번 예보기간 아침 기온은 ${minLo}~${minHi}도, 낮 기온은 ${maxLo}~${maxHi}도로 ` +
    `평년(최저기온 ${normalMinLo}~${normalMinHi}도, 최고기온 ${normalMaxLo}~${normalMaxHi}도)${comparison}.`;
  return `${rain}\n${temperature}\n\n* 변동성: 이번 예보기간 후반에는 기압계 변화에 따라 강수 시점과 기온이 달라질 수 있으니, 앞으로 발표되는 예보를 참고하기 바랍니다.`;
}
