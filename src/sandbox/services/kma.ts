/**
 * 기상청 (KMA) services on apis.data.go.kr: 단기예보 (VilageFcstInfoService_2.0), 중기예보
 * (MidFcstInfoService), 기상특보 (WthrWrnInfoService) and 지진정보 (EqkInfoService). Requests are
 * judged by the real publication rules against the tenant clock: a base time the product is
 * never issued at is invalid (10); one not yet published, or older than the service keeps
 * (about a day), is 03 NO_DATA.
 */
import { kstInstant, kstParts, kstYmd, isValidYmd } from "../../time/kst";
import { isKmaBaseTime, kmaPublishedAt, type KmaProduct } from "../../time/kma-schedule";
import { integer, requiredMatching, ServiceFault, type Row, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { quakesIssuedBetween, warningStatusAt } from "../world/weather-bulletins";
import { midLandForecast, midOutlook, midTemperatures } from "../world/weather-mid";
import { dailyExtremes, hourlyWeather, shiftYmd, type HourlyWeather } from "../world/weather";

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

const common = {
  provider: "kma",
  ...DATA_GO_KR_GATEWAY,
  format: { in: "query", name: "dataType", default: "xml" },
  pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 1000 },
  envelope: {
    family: "datagokr",
    okCode: "00",
    okMsg: "NORMAL_SERVICE",
    items: "item",
    wrapper: true,
    empty: "nodata",
    singleAsObject: false,
    bodyExtras: { dataType: "JSON" },
  },
} as const satisfies Partial<SandboxOperation>;

// ---------------------------------------------------------------- 단기예보

interface ForecastRequest {
  baseDate: string;
  baseTime: string;
  nx: number;
  ny: number;
  /** The base instant. */
  base: Date;
}

/** Reads base_date/base_time/nx/ny and applies the publication window of the product. */
function forecastRequest(request: SandboxRequest, product: KmaProduct): ForecastRequest {
  const baseDate = requiredMatching(request, "base_date", /^\d{8}$/);
  if (!isValidYmd(baseDate)) throw new ServiceFault("invalid", "base_date");
  const baseTime = requiredMatching(request, "base_time", /^\d{4}$/);
  if (!isKmaBaseTime(product, baseTime)) throw new ServiceFault("invalid", "base_time");
  const nx = integer(request, "nx", { min: 1, max: 149 });
  const ny = integer(request, "ny", { min: 1, max: 253 });
  const base = kstInstant(baseDate, baseTime);
  const now = request.now.getTime();
  if (kmaPublishedAt(product, { base_date: baseDate, base_time: baseTime }).getTime() > now) throw new ServiceFault("no_data", "base_time");
  if (base.getTime() < now - DAY_MS) throw new ServiceFault("no_data", "base_date");
  return { baseDate, baseTime, nx, ny, base };
}

const num = (v: number) => String(Math.round(v * 10) / 10);

/** PTY of observations and ultra-short forecasts: 1 비, 2 비/눈, 3 눈; 5/6/7 for drizzle-like amounts. */
function ptyShort(h: HourlyWeather): string {
  if (h.precipKind === "none") return "0";
  const light = h.precipMm < 0.5;
  const code = { rain: light ? 5 : 1, sleet: light ? 6 : 2, snow: light ? 7 : 3 }[h.precipKind];
  return String(code);
}

/** PTY of the short-term forecast: 1 비, 2 비/눈, 3 눈, 4 소나기. */
function ptyVilage(h: HourlyWeather): string {
  if (h.precipKind === "none") return "0";
  if (h.convective) return "4";
  return String({ rain: 1, sleet: 2, snow: 3 }[h.precipKind]);
}

/** Precipitation as the forecasts word it (PCP, RN1): 강수없음, 1mm 미만, 2.5mm, 30.0~50.0mm, 50.0mm 이상. */
function precipText(mm: number): string {
  if (mm <= 0) return "강수없음";
  if (mm < 1) return "1mm 미만";
  if (mm < 30) return `${mm.toFixed(1)}mm`;
  if (mm < 50) return "30.0~50.0mm";
  return "50.0mm 이상";
}

/** New snow as the forecast words it (SNO): 적설없음, 1cm 미만, 2.0cm, 5.0cm 이상. */
function snowText(cm: number): string {
  if (cm <= 0) return "적설없음";
  if (cm < 1) return "1cm 미만";
  if (cm < 5) return `${cm.toFixed(1)}cm`;
  return "5.0cm 이상";
}

function at(instant: Date): { ymd: string; hour: number; hhmm: string } {
  const hour = kstParts(instant).hour;
  return { ymd: kstYmd(instant), hour, hhmm: `${String(hour).padStart(2, "0")}00` };
}

function ultraSrtNcst(request: SandboxRequest): Row[] {
  const { baseDate, baseTime, nx, ny } = forecastRequest(request, "ncst");
  const h = hourlyWeather(nx, ny, baseDate, Number(baseTime.slice(0, 2)));
  const values: [string, string][] = [
    ["PTY", ptyShort(h)],
    ["REH", String(h.reh)],
    ["RN1", num(h.precipMm)],
    ["T1H", num(h.temp)],
    ["UUU", num(h.uuu)],
    ["VEC", String(h.vec)],
    ["VVV", num(h.vvv)],
    ["WSD", num(h.wsd)],
  ];
  return values.map(([category, obsrValue]) => ({ baseDate, baseTime, category, nx, ny, obsrValue }));
}

const ULTRA_FCST_CATEGORIES: [string, (h: HourlyWeather) => string][] = [
  ["LGT", (h) => (h.convective ? "1" : "0")],
  ["PTY", ptyShort],
  ["RN1", (h) => precipText(h.precipMm)],
  ["SKY", (h) => String(h.sky)],
  ["T1H", (h) => String(Math.round(h.temp))],
  ["REH", (h) => String(h.reh)],
  ["UUU", (h) => num(h.uuu)],
  ["VVV", (h) => num(h.vvv)],
  ["VEC", (h) => String(h.vec)],
  ["WSD", (h) => String(Math.round(h.wsd))],
];

/** Six hourly steps after the HH30 base, grouped by category as the real service lists them. */
function ultraSrtFcst(request: SandboxRequest): Row[] {
  const { baseDate, baseTime, nx, ny, base } = forecastRequest(request, "ultra_fcst");
  const steps = [1, 2, 3, 4, 5, 6].map((k) => at(new Date(base.getTime() - 30 * 60_000 + k * HOUR_MS)));
  const weather = steps.map((s) => hourlyWeather(nx, ny, s.ymd, s.hour));
  return ULTRA_FCST_CATEGORIES.flatMap(([category, value]) =>
    steps.map((s, i) => ({ baseDate, baseTime, category, fcstDate: s.ymd, fcstTime: s.hhmm, fcstValue: value(weather[i] as HourlyWeather), nx, ny })),
  );
}

const VILAGE_CATEGORIES: [string, (h: HourlyWeather) => string][] = [
  ["TMP", (h) => String(Math.round(h.temp))],
  ["UUU", (h) => num(h.uuu)],
  ["VVV", (h) => num(h.vvv)],
  ["VEC", (h) => String(h.vec)],
  ["WSD", (h) => num(h.wsd)],
  ["SKY", (h) => String(h.sky)],
  ["PTY", ptyVilage],
  ["POP", (h) => String(h.pop)],
  // Land grid cells report no waves.
  ["WAV", () => "0"],
  ["PCP", (h) => precipText(h.precipMm)],
  ["REH", (h) => String(h.reh)],
  ["SNO", (h) => snowText(h.snowCm)],
];

/**
 * The last day of a 단기예보 issue. Since 2024-11-28 the forecast covers five days counting the
 * issue day: the 1700, 2000 and 2300 issues run through 그글피 (four days on), the earlier ones
 * through 글피 (three days on).
 */
export function vilageLastDay(baseDate: string, baseTime: string): string {
  return shiftYmd(baseDate, Number(baseTime.slice(0, 2)) >= 17 ? 4 : 3);
}

/**
 * On the fifth day KMA words amounts qualitatively (its uncertainty is too large for figures):
 * 약한 비 / 비 / 강한 비 at 3 and 15 mm/h, 눈 / 많은 눈 at 1 cm/h, 약한 / 약간 강한 / 강한 바람 at 4 and 9 m/s.
 */
const QUALITATIVE: Readonly<Record<string, (h: HourlyWeather) => string>> = {
  PCP: (h) => (h.precipMm <= 0 ? "강수없음" : h.precipMm < 3 ? "약한 비" : h.precipMm < 15 ? "비" : "강한 비"),
  SNO: (h) => (h.snowCm <= 0 ? "적설없음" : h.snowCm < 1 ? "눈" : "많은 눈"),
  WSD: (h) => (h.wsd < 4 ? "약한 바람" : h.wsd < 9 ? "약간 강한 바람" : "강한 바람"),
};

/** Hourly steps from the base through 2300 of the issue's last day; TMN at 0600 and TMX at 1500 of each day. */
function vilageFcst(request: SandboxRequest): Row[] {
  const { baseDate, baseTime, nx, ny, base } = forecastRequest(request, "vilage_fcst");
  const lastDay = vilageLastDay(baseDate, baseTime);
  const fifthDay = shiftYmd(baseDate, 4);
  const rows: Row[] = [];
  for (let k = 1; ; k++) {
    const step = at(new Date(base.getTime() + k * HOUR_MS));
    if (step.ymd > lastDay) break;
    const h = hourlyWeather(nx, ny, step.ymd, step.hour);
    const row = (category: string, fcstValue: string) => ({ baseDate, baseTime, category, fcstDate: step.ymd, fcstTime: step.hhmm, fcstValue, nx, ny });
    for (const [category, value] of VILAGE_CATEGORIES) rows.push(row(category, step.ymd === fifthDay ? (QUALITATIVE[category] ?? value)(h) : value(h)));
    if (step.hour === 6) rows.push(row("TMN", dailyExtremes(nx, ny, step.ymd).min.toFixed(1)));
    if (step.hour === 15) rows.push(row("TMX", dailyExtremes(nx, ny, step.ymd).max.toFixed(1)));
  }
  return rows;
}

// ---------------------------------------------------------------- 중기예보

/** tmFc: only the 0600 and 1800 issues exist (else 10); not yet issued or older than a day → 03. */
function midIssueDate(request: SandboxRequest): string {
  const tmFc = requiredMatching(request, "tmFc", /^\d{12}$/);
  const ymd = tmFc.slice(0, 8);
  const hhmm = tmFc.slice(8);
  if (!isValidYmd(ymd) || (hhmm !== "0600" && hhmm !== "1800")) throw new ServiceFault("invalid", "tmFc");
  const issued = kstInstant(ymd, hhmm).getTime();
  const now = request.now.getTime();
  if (issued > now || issued < now - DAY_MS) throw new ServiceFault("no_data", "tmFc");
  return ymd;
}

const REG_ID = /^\d{2}[A-Z]\d{5}$/;

function midFcst(request: SandboxRequest): Row[] {
  const stnId = requiredMatching(request, "stnId", /^\d{3}$/);
  const wfSv = midOutlook(stnId, midIssueDate(request));
  return wfSv === undefined ? [] : [{ wfSv }];
}

function midLandFcst(request: SandboxRequest): Row[] {
  const regId = requiredMatching(request, "regId", REG_ID);
  const row = midLandForecast(regId, midIssueDate(request));
  return row ? [row] : [];
}

function midTa(request: SandboxRequest): Row[] {
  const regId = requiredMatching(request, "regId", REG_ID);
  const row = midTemperatures(regId, midIssueDate(request));
  return row ? [row] : [];
}

// ---------------------------------------------------------------- 특보, 지진

function pwnStatus(request: SandboxRequest): Row[] {
  const status = warningStatusAt(request.now);
  // The bulletin services send their time stamps as JSON numbers.
  return [{ other: status.other, t6: status.t6, t7: status.t7, tmEf: Number(status.tmEf), tmFc: Number(status.tmFc), tmSeq: status.tmSeq }];
}

/** The service keeps the last three days of notices; older ranges answer 03 NO_DATA. */
const EQK_RETENTION_MS = 3 * DAY_MS;

function eqkMsg(request: SandboxRequest): Row[] {
  const from = requiredMatching(request, "fromTmFc", /^\d{8}$/);
  const to = requiredMatching(request, "toTmFc", /^\d{8}$/);
  if (!isValidYmd(from)) throw new ServiceFault("invalid", "fromTmFc");
  if (!isValidYmd(to) || to < from) throw new ServiceFault("invalid", "toTmFc");
  const now = request.now.getTime();
  const start = Math.max(kstInstant(from).getTime(), now - EQK_RETENTION_MS);
  const end = Math.min(kstInstant(to).getTime() + DAY_MS - 1, now);
  if (start > end) return [];
  return quakesIssuedBetween(new Date(start), new Date(end)).map((q) => ({
    cnt: q.cnt,
    fcTp: q.fcTp,
    img: q.img,
    inT: q.inT,
    lat: q.lat,
    loc: q.loc,
    lon: q.lon,
    mt: q.mt,
    rem: q.rem,
    stnId: q.stnId,
    tmEqk: Number(q.tmEqk),
    tmFc: Number(q.tmFc),
    tmSeq: q.tmSeq,
    dep: q.dep,
  }));
}

const VILAGE = "/1360000/VilageFcstInfoService_2.0";
const MID = "/1360000/MidFcstInfoService";

export const KMA_OPERATIONS: SandboxOperation[] = [
  { ...common, id: "kma.getUltraSrtNcst", path: `${VILAGE}/getUltraSrtNcst`, handle: ultraSrtNcst },
  { ...common, id: "kma.getUltraSrtFcst", path: `${VILAGE}/getUltraSrtFcst`, handle: ultraSrtFcst },
  { ...common, id: "kma.getVilageFcst", path: `${VILAGE}/getVilageFcst`, handle: vilageFcst },
  // The mid-term outlook text comes back as a bare item object (one row).
  { ...common, envelope: { ...common.envelope, singleAsObject: true }, id: "kma.getMidFcst", path: `${MID}/getMidFcst`, handle: midFcst },
  { ...common, id: "kma.getMidLandFcst", path: `${MID}/getMidLandFcst`, handle: midLandFcst },
  { ...common, id: "kma.getMidTa", path: `${MID}/getMidTa`, handle: midTa },
  { ...common, id: "kma.getPwnStatus", path: "/1360000/WthrWrnInfoService/getPwnStatus", handle: pwnStatus },
  { ...common, id: "kma.getEqkMsg", path: "/1360000/EqkInfoService/getEqkMsg", handle: eqkMsg },
];
