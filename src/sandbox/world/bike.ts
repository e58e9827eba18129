/**
 * 서울 공공자전거 따릉이 rental stations: at subway exits, dong community centres and major
 * sights of Seoul, numbered per 구 like the real ones ("152. 망원역 1번출구 앞"). How many bikes a
 * station holds changes every ten minutes, deterministically.
 */
import { haversineMetres, type LatLon } from "../../geo/projections";
import { DONGS } from "./regions";
import { hash32, seededInt, seededRandom } from "../../util/random";
import { STATION_PLACES } from "./subway";
import { tourPlace } from "./tour-areas";
import { TOUR_CONTENT } from "./tour";

export interface BikeStation {
  stationId: string;
  stationName: string;
  rackTotCnt: number;
  position: LatLon;
}

const SEOUL_DONGS = DONGS.filter((d) => d.code.startsWith("11"));

/** The Seoul 구 (LAWD_CD) a point lies in, by its nearest dong; undefined outside Seoul. */
function guOf(point: LatLon): string | undefined {
  let best: { sigungu: string; metres: number } | undefined;
  for (const dong of SEOUL_DONGS) {
    const metres = haversineMetres(point, dong.center);
    if (!best || metres < best.metres) best = { sigungu: dong.sigungu, metres };
  }
  return best && best.metres < 2500 ? best.sigungu : undefined;
}

function nudge(point: LatLon, seed: string, minMetres: number, maxMetres: number): LatLon {
  const rnd = seededRandom(`bike:${seed}`);
  const angle = rnd() * 2 * Math.PI;
  const metres = minMetres + rnd() * (maxMetres - minMetres);
  return {
    lat: point.lat + (metres / 111_000) * Math.sin(angle),
    lon: point.lon + (metres / (111_000 * Math.cos((point.lat * Math.PI) / 180))) * Math.cos(angle),
  };
}

interface Draft {
  gu: string;
  label: string;
  position: LatLon;
}

function drafts(): Draft[] {
  const out: Draft[] = [];
  for (const { name, position } of STATION_PLACES) {
    const gu = guOf(position);
    if (!gu) continue;
    const exits = seededInt(`exits:${name}`, 1, 2);
    for (let e = 0; e < exits; e++) {
      const exit = seededInt(`exit:${name}:${e}`, 1, 8) + e * 2;
      out.push({ gu, label: `${name}역 ${exit}번출구 앞`, position: nudge(position, `${name}:${e}`, 60, 140) });
    }
  }
  for (const dong of SEOUL_DONGS) out.push({ gu: dong.sigungu, label: `${dong.name}주민센터`, position: nudge(dong.center, dong.code, 20, 80) });
  for (const content of TOUR_CONTENT) {
    if (content.contenttypeid !== 12 || content.place.area.code !== 1) continue;
    const title = content.title.replace(/\s*\([^)]*\)$/, "");
    out.push({ gu: content.place.lawd, label: `${title} 입구`, position: nudge({ lat: content.lat, lon: content.lon }, content.contentid, 40, 120) });
  }
  return out;
}

function build(): BikeStation[] {
  const perGu = new Map<string, number>();
  const guOrder = [...new Set(SEOUL_DONGS.map((d) => d.sigungu))].sort((a, b) => tourPlace(a).sigungu.code - tourPlace(b).sigungu.code);
  return drafts()
    .sort((a, b) => a.gu.localeCompare(b.gu) || a.label.localeCompare(b.label, "ko"))
    .map((d, i) => {
      const k = (perGu.get(d.gu) ?? 0) + 1;
      perGu.set(d.gu, k);
      // Station numbers run per 구 (e.g. 마포구 13xx), the ids through the whole city.
      const number = (guOrder.indexOf(d.gu) + 1) * 100 + k;
      const seed = `${d.gu}:${d.label}`;
      return {
        stationId: `ST-${101 + i * 3 + (hash32(seed) % 3)}`,
        stationName: `${number}. ${d.label}`,
        rackTotCnt: [10, 12, 15, 20][hash32(`rack:${seed}`) % 4] ?? 10,
        position: d.position,
      };
    });
}

export const BIKE_STATIONS: readonly BikeStation[] = build();

/** Bikes parked at a station during the ten minutes around `now`. */
export function parkedBikes(station: BikeStation, now: Date): number {
  const bucket = Math.floor(now.getTime() / 600_000);
  return seededInt(`parked:${station.stationId}:${bucket}`, 0, station.rackTotCnt + 8);
}
