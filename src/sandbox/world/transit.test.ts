/**
 * The TAGO bus world reaches the places other services name: in a TAGO city every tour content,
 * hospital, pharmacy and AirKorea station has a stop within the nearby-stop search's 500 m, and
 * every stop is served by a route.
 */
import { describe, expect, it } from "vitest";
import { AIR_STATIONS } from "./air-stations";
import { HOSPITALS, PHARMACIES } from "./hospitals";
import { TAGO_CITIES } from "./tago-cities";
import { TOUR_CONTENT } from "./tour";
import { BUS_ROUTES, BUS_STOPS, stopsNear } from "./transit";

const inTagoCity = (lawd: string) => TAGO_CITIES.some((c) => c.area.some((prefix) => lawd.startsWith(prefix)));

describe("TAGO stops", () => {
  it("stand near every place other services return in a TAGO city", () => {
    const places = [
      ...TOUR_CONTENT.map((c) => ({ name: c.title, lawd: c.place.lawd, at: { lat: c.lat, lon: c.lon } })),
      ...[...HOSPITALS, ...PHARMACIES].map((i) => ({ name: i.name, lawd: i.sigungu, at: i.position })),
      ...AIR_STATIONS.map((s) => ({ name: s.stationName, lawd: s.sigungu, at: s.position })),
    ].filter((p) => inTagoCity(p.lawd));
    expect(places.length).toBeGreaterThan(300);
    expect(places.filter((p) => stopsNear(p.at, 500).length === 0).map((p) => p.name)).toEqual([]);
    // Seoul has no TAGO buses: nothing is found there.
    expect(stopsNear({ lat: 37.5796, lon: 126.977 }, 500)).toEqual([]);
  });

  it("are each served by a route of their own city", () => {
    const served = new Set(BUS_ROUTES.flatMap((r) => r.stops.map(({ stop }) => `${r.citycode}:${stop.nodeid}`)));
    expect(BUS_STOPS.filter((s) => !served.has(`${s.citycode}:${s.nodeid}`))).toEqual([]);
  });
});
