/**
 * The KMA mid-term forecast (중기예보) code tables, as the 기상청 API guide publishes them: land
 * forecast regions (getMidLandFcst regId), temperature cities (getMidTa regId) and the issuing
 * offices (getMidFcst stnId), each region and city at the position of its reference city. Shared
 * by the catalog's region lookup and the sandbox's forecasts, so both speak of the same places.
 */
import { haversineMetres } from "./projections";

export interface MidPlace {
  regId: string;
  name: string;
  lat: number;
  lon: number;
}

export interface MidStation {
  stnId: string;
  name: string;
  land: readonly string[];
  cities: readonly string[];
}

/** 육상예보 구역. */
export const MID_LAND_REGIONS: readonly MidPlace[] = [
  { regId: "11B00000", name: "서울·인천·경기도", lat: 37.5665, lon: 126.978 },
  { regId: "11D10000", name: "강원도영서", lat: 37.8813, lon: 127.7298 },
  { regId: "11D20000", name: "강원도영동", lat: 37.7519, lon: 128.8761 },
  { regId: "11C20000", name: "대전·세종·충청남도", lat: 36.3504, lon: 127.3845 },
  { regId: "11C10000", name: "충청북도", lat: 36.6424, lon: 127.489 },
  { regId: "11F20000", name: "광주·전라남도", lat: 35.1595, lon: 126.8526 },
  { regId: "11F10000", name: "전북자치도", lat: 35.8242, lon: 127.148 },
  { regId: "11H10000", name: "대구·경상북도", lat: 35.8714, lon: 128.6014 },
  { regId: "11H20000", name: "부산·울산·경상남도", lat: 35.1796, lon: 129.0756 },
  { regId: "11G00000", name: "제주도", lat: 33.4996, lon: 126.5312 },
];

/** 기온예보 도시. */
export const MID_CITIES: readonly MidPlace[] = [
  { regId: "11B10101", name: "서울", lat: 37.5665, lon: 126.978 },
  { regId: "11B20201", name: "인천", lat: 37.4563, lon: 126.7052 },
  { regId: "11B20601", name: "수원", lat: 37.2636, lon: 127.0286 },
  { regId: "11B20605", name: "성남", lat: 37.4201, lon: 127.1265 },
  { regId: "11B20602", name: "안양", lat: 37.3943, lon: 126.9568 },
  { regId: "11B20302", name: "고양", lat: 37.6584, lon: 126.832 },
  { regId: "11D10301", name: "춘천", lat: 37.8813, lon: 127.7298 },
  { regId: "11D20501", name: "강릉", lat: 37.7519, lon: 128.8761 },
  { regId: "11C10301", name: "청주", lat: 36.6424, lon: 127.489 },
  { regId: "11C20401", name: "대전", lat: 36.3504, lon: 127.3845 },
  { regId: "11C20404", name: "세종", lat: 36.48, lon: 127.289 },
  { regId: "11F10201", name: "전주", lat: 35.8242, lon: 127.148 },
  { regId: "11F20501", name: "광주", lat: 35.1595, lon: 126.8526 },
  { regId: "11H10701", name: "대구", lat: 35.8714, lon: 128.6014 },
  { regId: "11H20201", name: "부산", lat: 35.1796, lon: 129.0756 },
  { regId: "11H20101", name: "울산", lat: 35.5384, lon: 129.3114 },
  { regId: "11H20301", name: "창원", lat: 35.2279, lon: 128.6811 },
  { regId: "11G00201", name: "제주", lat: 33.4996, lon: 126.5312 },
  { regId: "11G00401", name: "서귀포", lat: 33.2541, lon: 126.56 },
];

/** 중기전망 발표관서; 108 speaks for the whole country. */
export const MID_STATIONS: readonly MidStation[] = [
  { stnId: "108", name: "전국", land: MID_LAND_REGIONS.map((r) => r.regId), cities: ["11B10101", "11C20401", "11F20501", "11H10701", "11H20201", "11G00201"] },
  { stnId: "109", name: "서울·인천·경기도", land: ["11B00000"], cities: ["11B10101", "11B20201", "11B20601", "11B20605", "11B20602", "11B20302"] },
  { stnId: "105", name: "강원도", land: ["11D10000", "11D20000"], cities: ["11D10301", "11D20501"] },
  { stnId: "131", name: "충청북도", land: ["11C10000"], cities: ["11C10301"] },
  { stnId: "133", name: "대전·세종·충청남도", land: ["11C20000"], cities: ["11C20401", "11C20404"] },
  { stnId: "146", name: "전북자치도", land: ["11F10000"], cities: ["11F10201"] },
  { stnId: "156", name: "광주·전라남도", land: ["11F20000"], cities: ["11F20501"] },
  { stnId: "143", name: "대구·경상북도", land: ["11H10000"], cities: ["11H10701"] },
  { stnId: "159", name: "부산·울산·경상남도", land: ["11H20000"], cities: ["11H20201", "11H20101", "11H20301"] },
  { stnId: "184", name: "제주도", land: ["11G00000"], cities: ["11G00201", "11G00401"] },
];

export interface MidRegionMatch {
  city: MidPlace;
  land: MidPlace;
  station: MidStation;
  distanceKm: number;
}

/**
 * The mid-term forecast places of a position: the nearest temperature city, the land region and
 * the regional office that city belongs to (not the nearest region centre, which would put the
 * east coast of 강원 in 영서).
 */
export function midRegionOf(lat: number, lon: number): MidRegionMatch {
  let best: { city: MidPlace; distanceKm: number } | null = null;
  for (const city of MID_CITIES) {
    const distanceKm = haversineMetres({ lat, lon }, city) / 1000;
    if (!best || distanceKm < best.distanceKm) best = { city, distanceKm };
  }
  if (!best) throw new Error("no mid-term forecast cities");
  const { city, distanceKm } = best;
  const station = MID_STATIONS.find((s) => s.stnId !== "108" && s.cities.includes(city.regId));
  const land = MID_LAND_REGIONS.find((r) => station?.land.some((id) => id === r.regId && (station.land.length === 1 || id.slice(0, 4) === city.regId.slice(0, 4))));
  if (!station || !land) throw new Error(`mid-term tables disagree on ${city.regId}`);
  return { city, land, station, distanceKm };
}
