/**
 * AirKorea measuring stations of the sandbox world. Seoul names its urban stations after the 구,
 * one per 구 at its real address; elsewhere stations are named after their dong (좌동,
 * 만촌동, 송도 …). Each sits in a region of regions.ts and carries its 중부원점 TM position, which
 * is what getNearbyMsrstnList measures distances in.
 */
import { wgs84ToAirkoreaTm, type LatLon } from "../../geo/projections";
import { sidoOf } from "./regions";

export interface AirStation {
  stationName: string;
  /** 5-digit 시군구 code of regions.ts. */
  sigungu: string;
  /** AirKorea sidoName (서울, 부산 …). */
  sidoName: string;
  addr: string;
  /** 측정망 name; every station of the world is an urban background station (도시대기). */
  mangName: string;
  /** 6-digit station code (ver 1.4 and later): the real one where known, else 9xxxxx, a range real codes do not use. */
  stationCode: string;
  position: LatLon;
  tmX: number;
  tmY: number;
}

type StationRow = [stationName: string, sigungu: string, addr: string, lat: number, lon: number];

// Seoul: one urban station per 구, named as the 구, at the address and position AirKorea lists
// (getMsrstnList addr, dmX/dmY), so "the nearest station" is the one the real service names.
const SEOUL: StationRow[] = [
  ["종로구", "11110", "서울 종로구 종로35가길 19", 37.572013, 127.005014],
  ["중구", "11140", "서울 중구 덕수궁길 15", 37.564117, 126.974782],
  ["용산구", "11170", "서울 용산구 한남대로 136", 37.53997, 127.004842],
  ["성동구", "11200", "서울 성동구 뚝섬로3길 18", 37.542041, 127.049701],
  ["광진구", "11215", "서울 광진구 광나루로 571", 37.544207, 127.093013],
  ["동대문구", "11230", "서울 동대문구 천호대로13길 43", 37.575914, 127.028947],
  ["중랑구", "11260", "서울 중랑구 용마산로 369", 37.584906, 127.093985],
  ["성북구", "11290", "서울 성북구 삼양로2길 70", 37.606769, 127.027364],
  ["강북구", "11305", "서울 강북구 삼양로139길 49", 37.647883, 127.011869],
  ["도봉구", "11320", "서울 도봉구 시루봉로2길 34", 37.654139, 127.029001],
  ["노원구", "11350", "서울 노원구 상계로23길 17", 37.658773, 127.068511],
  ["은평구", "11380", "서울 은평구 진흥로 215", 37.610514, 126.933528],
  ["서대문구", "11410", "서울 서대문구 세검정로4길 32", 37.593721, 126.949754],
  ["마포구", "11440", "서울 마포구 포은로6길 10", 37.555592, 126.905572],
  ["양천구", "11470", "서울 양천구 중앙로52길 56", 37.525975, 126.856647],
  ["강서구", "11500", "서울 강서구 강서로45다길 71", 37.544672, 126.835212],
  ["구로구", "11530", "서울 구로구 가마산로27길 45", 37.498256, 126.890116],
  ["금천구", "11545", "서울 금천구 금하로21길 20", 37.450987, 126.90836],
  ["영등포구", "11560", "서울 영등포구 당산로 123", 37.526262, 126.895968],
  ["동작구", "11590", "서울 동작구 사당로16아길 6", 37.480926, 126.971612],
  ["관악구", "11620", "서울 관악구 행운1길 43", 37.480602, 126.957071],
  ["서초구", "11650", "서울 서초구 신반포로15길 16", 37.504568, 126.994507],
  ["강남구", "11680", "서울 강남구 학동로 426", 37.517566, 127.047968],
  ["송파구", "11710", "서울 송파구 백제고분로 236", 37.502686, 127.092528],
  ["강동구", "11740", "서울 강동구 구천면로42길 59", 37.544989, 127.136799],
];

// Elsewhere: dong-named stations at the dong's position.
const OTHERS: StationRow[] = [
  ["좌동", "26350", "부산 해운대구 좌동순환로 468", 35.1712, 129.1775],
  ["재송동", "26350", "부산 해운대구 재반로 125", 35.1882, 129.1249],
  ["만촌동", "27260", "대구 수성구 동원로 133", 35.8707, 128.6457],
  ["지산동", "27260", "대구 수성구 지범로 196", 35.8265, 128.6335],
  ["송도", "28185", "인천 연수구 컨벤시아대로 81", 37.3925, 126.6395],
  ["연희동", "28260", "인천 서구 심곡로 98", 37.5437, 126.6772],
  ["둔산동", "30170", "대전 서구 둔산로 100", 36.3535, 127.3875],
  ["아름동", "36110", "세종 아름서길 29", 36.512, 127.248],
  ["광교동", "41117", "경기 수원시 영통구 광교중앙로 140", 37.2895, 127.0515],
  ["정자동", "41135", "경기 성남시 분당구 정자일로 140", 37.3622, 127.1085],
  ["식사동", "41285", "경기 고양시 일산동구 위시티4로 46", 37.6745, 126.8062],
  ["연동", "50110", "제주 제주시 신대로 64", 33.491, 126.489],
  ["이도동", "50110", "제주 제주시 구남로 50", 33.4985, 126.532],
];

/** Station codes AirKorea's own documentation shows (its sample answer: 종로구 111123). */
const KNOWN_STATION_CODES: Readonly<Record<string, string>> = { 종로구: "111123" };

function station([stationName, sigungu, addr, lat, lon]: StationRow, index: number): AirStation {
  const position = { lat, lon };
  const tm = wgs84ToAirkoreaTm(position);
  const sido = sidoOf(sigungu);
  if (!sido) throw new Error(`station ${stationName} outside the known 시도`);
  const stationCode = KNOWN_STATION_CODES[stationName] ?? `9${String(index + 1).padStart(5, "0")}`;
  return { stationName, sigungu, sidoName: sido.short, addr, mangName: "도시대기", stationCode, position, tmX: tm.x, tmY: tm.y };
}

export const AIR_STATIONS: readonly AirStation[] = [...SEOUL, ...OTHERS].map(station);

const byName = new Map(AIR_STATIONS.map((s) => [s.stationName, s]));

export function airStationNamed(name: string): AirStation | undefined {
  return byName.get(name);
}

/** The nearest stations to a TM point, with their distance in km, nearest first. */
export function nearestAirStations(tmX: number, tmY: number, count: number): { station: AirStation; km: number }[] {
  return AIR_STATIONS.map((station) => ({ station, km: Math.hypot(station.tmX - tmX, station.tmY - tmY) / 1000 }))
    .sort((a, b) => a.km - b.km)
    .slice(0, count);
}
