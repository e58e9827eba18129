/**
 * 한국환경공단 에어코리아 (B552584): 측정소정보 (TM 기준좌표, 근접측정소) and 대기오염정보 (측정소별,
 * 시도별 실시간). JSON comes with `body.items` as a plain array, `returnType` switches the format
 * (XML by default), and values missing at a station come back as "-" with a flag.
 */
import { wgs84ToAirkoreaTm } from "../../geo/projections";
import { kstParts, kstYmd } from "../../time/kst";
import { decimal, optional, required, ServiceFault, type Row, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { airHour, caiIndex, gradeOf, khaiGradeOf, type AirHour, type Pollutant } from "../world/air";
import { AIR_STATIONS, airStationNamed, nearestAirStations, type AirStation } from "../world/air-stations";
import { DONGS, sidoOf, sigunguOf } from "../world/regions";

const HOUR_MS = 3600_000;

const common = {
  provider: "airkorea",
  ...DATA_GO_KR_GATEWAY,
  format: { in: "query", name: "returnType", default: "xml" },
  pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 10_000 },
  envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL_CODE", items: "array", wrapper: true, empty: "empty_array", singleAsObject: false },
} as const satisfies Partial<SandboxOperation>;

// ---------------------------------------------------------------- 측정소정보

/** 읍면동 names containing the query, with the dong centre in TM (several cities may share a name). */
function tmStdrCrdnt(request: SandboxRequest): Row[] {
  const query = required(request, "umdName");
  return DONGS.filter((d) => d.name.includes(query)).map((d) => {
    const sido = sidoOf(d.code);
    const sigungu = sigunguOf(d.sigungu);
    const tm = wgs84ToAirkoreaTm(d.center);
    return {
      // 세종 has no 시군구 level: its sggName is blank.
      sggName: sigungu && sigungu.name !== sido?.name ? sigungu.name : "",
      umdName: d.name,
      tmX: tm.x.toFixed(6),
      sidoName: sido?.name ?? "",
      tmY: tm.y.toFixed(6),
    };
  });
}

/**
 * Bounds of central-origin TM coordinates over South Korea (Jeju's Y is slightly negative). A point
 * outside them, such as UTM-K metres passed as TM (x ≈ 950 000, y ≈ 1 950 000), is an invalid parameter.
 */
const TM_DOMAIN = { minX: -100_000, maxX: 600_000, minY: -200_000, maxY: 800_000 };

/** The three stations nearest a TM point, nearest first, with the distance `tm` in km. */
function nearbyMsrstnList(request: SandboxRequest): Row[] {
  const tmX = decimal(request, "tmX");
  const tmY = decimal(request, "tmY");
  if (tmX < TM_DOMAIN.minX || tmX > TM_DOMAIN.maxX) throw new ServiceFault("invalid", "tmX");
  if (tmY < TM_DOMAIN.minY || tmY > TM_DOMAIN.maxY) throw new ServiceFault("invalid", "tmY");
  return nearestAirStations(tmX, tmY, 3).map(({ station, km }) => ({ stationName: station.stationName, addr: station.addr, tm: Math.round(km * 10) / 10 }));
}

// ---------------------------------------------------------------- 실시간 측정정보

const DATA_TERM_HOURS: Record<string, number> = { DAILY: 24, MONTH: 30 * 24, "3MONTH": 90 * 24 };

/** The hour whose values are out at `now`: each hour's data is published about 15 minutes later. */
function latestHour(now: Date): Date {
  const cutoff = now.getTime() - 15 * 60_000;
  return new Date(Math.floor(cutoff / HOUR_MS) * HOUR_MS);
}

/** "YYYY-MM-DD HH:mm", midnight written as 24:00 of the day before, as AirKorea does. */
function dataTime(at: Date): string {
  const hour = kstParts(at).hour;
  const day = hour === 0 ? new Date(at.getTime() - HOUR_MS) : at;
  const ymd = kstYmd(day);
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)} ${String(hour === 0 ? 24 : hour).padStart(2, "0")}:00`;
}

/**
 * `ver` selects the response generation, each adding to the one before (AirKorea's OpenAPI
 * 기술문서, "버전(ver) 항목설명"): none has no PM2.5; 1.0 adds PM2.5; 1.1 the 24-hour moving means of
 * PM10 and PM2.5; 1.2 the network (mangName); 1.3 the 1-hour PM10/PM2.5 grades; 1.4 the station's
 * name and code; 1.5 more decimals (CO 2, O3/SO2/NO2 4).
 */
function versionOf(request: SandboxRequest): number {
  const raw = optional(request, "ver");
  if (raw === undefined) return 0;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new ServiceFault("invalid", "ver");
  return Number(raw);
}

const DIGITS: Record<Pollutant, number> = { pm10: 0, pm25: 0, o3: 3, no2: 3, co: 1, so2: 3 };
const DIGITS_FROM_1_5: Record<Pollutant, number> = { pm10: 0, pm25: 0, o3: 4, no2: 4, co: 2, so2: 4 };

const grade = (pollutant: Pollutant, value: number | null) => (value === null ? null : String(gradeOf(pollutant, value)));

function mean(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  // A 24-hour mean needs most of the day's hours.
  return present.length >= 18 ? Math.round(present.reduce((a, b) => a + b, 0) / present.length) : null;
}

/** Rows for the `count` latest hours of a station, newest first, with the fields `version` has. */
function measurementRows(station: AirStation, now: Date, count: number, version: number): Row[] {
  const digits = version >= 1.5 ? DIGITS_FROM_1_5 : DIGITS;
  const text = (pollutant: Pollutant, value: number | null) => (value === null ? "-" : value.toFixed(digits[pollutant]));
  const latest = latestHour(now).getTime();
  // Hours oldest first, with 23 more in front for the 24-hour means.
  const hours: AirHour[] = [];
  for (let k = count + 22; k >= 0; k--) hours.push(airHour(station, new Date(latest - k * HOUR_MS)));
  const rows: Row[] = [];
  for (let i = hours.length - 1; i >= 23; i--) {
    const h = hours[i] as AirHour;
    const day = hours.slice(i - 23, i + 1);
    const pm10Day = mean(day.map((d) => d.pm10));
    const pm25Day = mean(day.map((d) => d.pm25));
    const indices = [
      pm10Day === null ? null : caiIndex("pm10", pm10Day),
      pm25Day === null ? null : caiIndex("pm25", pm25Day),
      h.o3 === null ? null : caiIndex("o3", h.o3),
      h.no2 === null ? null : caiIndex("no2", h.no2),
      h.co === null ? null : caiIndex("co", h.co),
      h.so2 === null ? null : caiIndex("so2", h.so2),
    ].filter((v): v is number => v !== null);
    const khai = indices.length > 0 ? Math.max(...indices) : null;
    const at = new Date(latest - (hours.length - 1 - i) * HOUR_MS);
    rows.push({
      dataTime: dataTime(at),
      ...(version >= 1.4 ? { stationName: station.stationName, stationCode: station.stationCode } : {}),
      ...(version >= 1.2 ? { mangName: station.mangName } : {}),
      so2Value: text("so2", h.so2),
      coValue: text("co", h.co),
      o3Value: text("o3", h.o3),
      no2Value: text("no2", h.no2),
      pm10Value: text("pm10", h.pm10),
      ...(version >= 1.1 ? { pm10Value24: text("pm10", pm10Day) } : {}),
      ...(version >= 1.0 ? { pm25Value: text("pm25", h.pm25) } : {}),
      ...(version >= 1.1 ? { pm25Value24: text("pm25", pm25Day) } : {}),
      khaiValue: khai === null ? "-" : String(khai),
      khaiGrade: khai === null ? null : String(khaiGradeOf(khai)),
      so2Grade: grade("so2", h.so2),
      coGrade: grade("co", h.co),
      o3Grade: grade("o3", h.o3),
      no2Grade: grade("no2", h.no2),
      pm10Grade: grade("pm10", pm10Day),
      ...(version >= 1.0 ? { pm25Grade: grade("pm25", pm25Day) } : {}),
      ...(version >= 1.3 ? { pm10Grade1h: grade("pm10", h.pm10), pm25Grade1h: grade("pm25", h.pm25) } : {}),
      so2Flag: h.flags.so2 ?? null,
      coFlag: h.flags.co ?? null,
      o3Flag: h.flags.o3 ?? null,
      no2Flag: h.flags.no2 ?? null,
      pm10Flag: h.flags.pm10 ?? null,
      ...(version >= 1.0 ? { pm25Flag: h.flags.pm25 ?? null } : {}),
    });
  }
  return rows;
}

function stationRealtime(request: SandboxRequest): Row[] {
  const stationName = required(request, "stationName");
  const term = required(request, "dataTerm");
  const hours = DATA_TERM_HOURS[term];
  if (hours === undefined) throw new ServiceFault("invalid", "dataTerm");
  const version = versionOf(request);
  const station = airStationNamed(stationName);
  return station ? measurementRows(station, request.now, hours, version) : [];
}

const SIDO_NAMES = new Set(["전국", "서울", "부산", "대구", "인천", "광주", "대전", "울산", "경기", "강원", "충북", "충남", "전북", "전남", "경북", "경남", "제주", "세종"]);

/** The latest hour of every station of a 시도 (or of the whole country). */
function sidoRealtime(request: SandboxRequest): Row[] {
  const sidoName = required(request, "sidoName");
  if (!SIDO_NAMES.has(sidoName)) throw new ServiceFault("invalid", "sidoName");
  const version = versionOf(request);
  return AIR_STATIONS.filter((s) => sidoName === "전국" || s.sidoName === sidoName).flatMap((station) =>
    // Every generation names the station here (the list is one row per station); 1.4 adds its code.
    measurementRows(station, request.now, 1, version).map((row) => ({ sidoName: station.sidoName, stationName: station.stationName, ...row })),
  );
}

const MSRSTN = "/B552584/MsrstnInfoInqireSvc";
const ARPLTN = "/B552584/ArpltnInforInqireSvc";

export const AIRKOREA_OPERATIONS: SandboxOperation[] = [
  { ...common, id: "airkorea.getTMStdrCrdnt", path: `${MSRSTN}/getTMStdrCrdnt`, handle: tmStdrCrdnt },
  { ...common, id: "airkorea.getNearbyMsrstnList", path: `${MSRSTN}/getNearbyMsrstnList`, handle: nearbyMsrstnList },
  { ...common, id: "airkorea.getMsrstnAcctoRltmMesureDnsty", path: `${ARPLTN}/getMsrstnAcctoRltmMesureDnsty`, handle: stationRealtime },
  { ...common, id: "airkorea.getCtprvnRltmMesureDnsty", path: `${ARPLTN}/getCtprvnRltmMesureDnsty`, handle: sidoRealtime },
];
