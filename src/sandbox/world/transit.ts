/**
 * The TAGO bus world built from the city specs: stops (two per site, one on each side of the
 * road) near every dong and every place other services name in the city, routes out to a turning
 * point and back, and arrivals computed from each route's
 * timetable. Buses leave the origin every `interval` minutes between the first and last
 * departure and take a fixed time per stop, so the arrival list at a stop for a given minute is
 * deterministic and names only routes that really pass it.
 */
import { haversineMetres, type LatLon } from "../../geo/projections";
import { kstParts } from "../../time/kst";
import { seededInt } from "../../util/random";
import { workplacePosition } from "./address-book";
import { AIR_STATIONS } from "./air-stations";
import { BUILDINGS } from "./buildings";
import { BUSINESSES } from "./businesses";
import { HOSPITALS, PHARMACIES } from "./hospitals";
import { DONGS } from "./regions";
import { TAGO_CITIES, TAGO_CITY_LIST, type CitySpec, type RouteSpec, type SiteRow } from "./tago-cities";
import { TOUR_CONTENT } from "./tour";

export interface BusStop {
  citycode: number;
  nodeid: string;
  nodenm: string;
  nodeno: string;
  lat: number;
  lon: number;
}

export interface RouteStop {
  stop: BusStop;
  nodeord: number; // 1-based
  updowncd: 0 | 1; // 0 going out, 1 coming back
}

export interface BusRoute {
  citycode: number;
  routeid: string;
  routeno: string;
  routetp: string;
  startnodenm: string;
  endnodenm: string;
  startvehicletime: string;
  endvehicletime: string;
  intervaltime: number;
  intervalsattime: number;
  intervalsuntime: number;
  stops: readonly RouteStop[];
  allDay: boolean;
  /** Seconds a bus needs from one stop to the next. */
  secondsPerStop: number;
}

export const TAGO_CITY_CODES: readonly { citycode: number; cityname: string }[] = TAGO_CITY_LIST.map(([citycode, cityname]) => ({ citycode, cityname }));

/** The two stops of a site sit on opposite sides of the road, about 30 m apart. */
function stopsOf(city: CitySpec): BusStop[] {
  return city.sites.flatMap(([name, lat, lon], site) =>
    ([0, 1] as const).map((side) => {
      const n = site * 2 + side;
      const sign = side === 0 ? 1 : -1;
      return {
        citycode: city.citycode,
        nodeid: city.nodeId(n),
        nodenm: name,
        nodeno: city.nodeNo(n),
        lat: Number((lat + sign * 0.00013).toFixed(7)),
        lon: Number((lon - sign * 0.00011).toFixed(7)),
      };
    }),
  );
}

function routeOf(city: CitySpec, spec: RouteSpec, k: number, stops: readonly BusStop[]): BusRoute {
  const stopAt = (site: string, side: 0 | 1): BusStop => {
    const index = city.sites.findIndex(([name]) => name === site);
    const stop = stops[index * 2 + side];
    if (index < 0 || !stop) throw new Error(`tago world: route ${spec.routeno} of ${city.citycode} names unknown site ${site}`);
    return stop;
  };
  const out = spec.sites.map((site) => stopAt(site, 0));
  const back = spec.sites.slice(0, -1).reverse().map((site) => stopAt(site, 1));
  const routeid = city.routeId(k);
  const origin = spec.sites[0] ?? "";
  const turn = spec.sites[spec.sites.length - 1] ?? "";
  return {
    citycode: city.citycode,
    routeid,
    routeno: spec.routeno,
    routetp: spec.routetp,
    startnodenm: origin,
    endnodenm: turn,
    startvehicletime: spec.first,
    endvehicletime: spec.last,
    intervaltime: spec.interval,
    intervalsattime: spec.interval + 3,
    intervalsuntime: spec.interval + 5,
    stops: [...out.map((stop, i) => ({ stop, nodeord: i + 1, updowncd: 0 as const })), ...back.map((stop, i) => ({ stop, nodeord: out.length + i + 1, updowncd: 1 as const }))],
    allDay: spec.allDay === true,
    secondsPerStop: seededInt(`sps:${routeid}`, 95, 150),
  };
}

/**
 * A dong of the city's districts with no stop within 400 m (the backbone grows) gets one at its
 * community centre, and the route passing its nearest site is extended through it.
 */
function withDongSites(city: CitySpec): CitySpec {
  const sites: SiteRow[] = [...city.sites];
  const routes = city.routes.map((r) => ({ ...r, sites: [...r.sites] }));
  const positionOf = (name: string) => sites.find(([n]) => n === name);
  for (const dong of DONGS.filter((d) => city.lawd.includes(d.sigungu))) {
    if (sites.some(([, lat, lon]) => haversineMetres(dong.center, { lat, lon }) <= 400)) continue;
    const name = `${dong.name}행정복지센터`;
    let best: { route: (typeof routes)[number]; at: number; metres: number } | undefined;
    for (const route of routes) {
      route.sites.forEach((site, at) => {
        const row = positionOf(site);
        const metres = row ? haversineMetres(dong.center, { lat: row[1], lon: row[2] }) : Infinity;
        if (!best || metres < best.metres) best = { route, at, metres };
      });
    }
    sites.push([name, Number((dong.center.lat + 0.0003).toFixed(4)), dong.center.lon]);
    best?.route.sites.splice(best.at + 1, 0, name);
  }
  return { ...city, sites, routes };
}

interface Place {
  name: string;
  lawd: string;
  position: LatLon;
}

/** Places other services hand out positions of: tour content, hospitals and pharmacies, stations, buildings, workplaces. */
function places(): Place[] {
  return [
    ...TOUR_CONTENT.map((c) => ({ name: c.title, lawd: c.place.lawd, position: { lat: c.lat, lon: c.lon } })),
    ...[...HOSPITALS, ...PHARMACIES].map((i) => ({ name: i.name, lawd: i.sigungu, position: i.position })),
    ...AIR_STATIONS.map((s) => ({ name: `${s.stationName}대기측정소`, lawd: s.sigungu, position: s.position })),
    ...BUILDINGS.map((b) => ({ name: b.address.bdNm || `${b.address.road}${b.address.buldMnnm}`, lawd: b.address.sigungu.code, position: b.address.position })),
    ...BUSINESSES.map((b) => ({ name: b.name, lawd: b.dong.sigungu, position: workplacePosition(b) })),
  ];
}

/** A place has a stop when one lies within this distance (the nearby-stop search looks 500 m around). */
const COVER_METRES = 420;
/** Sites per feeder route added for places. */
const FEEDER_SITES = 10;

/**
 * A place in the city's area with no stop near it gets a stop site named after it, and the sites so
 * added are strung, nearest next, into feeder routes that start at the nearest existing site: so a
 * stop is found near every place other services return in a TAGO city.
 */
function withPlaceSites(city: CitySpec, everywhere: readonly Place[]): CitySpec {
  const sites: SiteRow[] = [...city.sites];
  const names = new Set(sites.map(([name]) => name));
  const added: SiteRow[] = [];
  const near = (p: LatLon) => sites.some(([, lat, lon]) => haversineMetres(p, { lat, lon }) <= COVER_METRES);
  for (const place of everywhere.filter((p) => city.area.some((prefix) => p.lawd.startsWith(prefix)))) {
    if (near(place.position)) continue;
    let name = place.name;
    for (let n = 2; names.has(name); n++) name = `${place.name}${n}`;
    const site: SiteRow = [name, Number(place.position.lat.toFixed(5)), Number(place.position.lon.toFixed(5))];
    names.add(name);
    sites.push(site);
    added.push(site);
  }
  const routes = [...city.routes];
  const left = [...added];
  const distance = (a: SiteRow, b: SiteRow) => haversineMetres({ lat: a[1], lon: a[2] }, { lat: b[1], lon: b[2] });
  const taken = new Set(routes.map((r) => r.routeno));
  let next = 1;
  while (left.length > 0) {
    const chain: SiteRow[] = [left.shift() as SiteRow];
    while (chain.length < FEEDER_SITES && left.length > 0) {
      const last = chain[chain.length - 1] as SiteRow;
      left.sort((a, b) => distance(last, a) - distance(last, b));
      chain.push(left.shift() as SiteRow);
    }
    const first = chain[0] as SiteRow;
    const anchor = city.sites.reduce((best, s) => (distance(first, s) < distance(first, best) ? s : best), city.sites[0] ?? first);
    while (taken.has(`마을${next}`)) next++;
    taken.add(`마을${next}`);
    routes.push({ routeno: `마을${next}`, routetp: "마을버스", interval: 20, first: "0600", last: "2230", sites: [...new Set([anchor[0], ...chain.map(([name]) => name)])] });
  }
  return { ...city, sites, routes };
}

function build(): { stops: BusStop[]; routes: BusRoute[] } {
  const stops: BusStop[] = [];
  const routes: BusRoute[] = [];
  const everywhere = places();
  for (const spec of TAGO_CITIES) {
    const city = withPlaceSites(withDongSites(spec), everywhere);
    const cityStops = stopsOf(city);
    const cityRoutes = city.routes.map((r, k) => routeOf(city, r, k, cityStops));
    // Only stops some route serves exist (a terminus site has no stop on the far side).
    const served = new Set(cityRoutes.flatMap((r) => r.stops.map((s) => s.stop.nodeid)));
    stops.push(...cityStops.filter((s) => served.has(s.nodeid)));
    routes.push(...cityRoutes);
  }
  return { stops, routes };
}

const world = build();
export const BUS_STOPS: readonly BusStop[] = world.stops;
export const BUS_ROUTES: readonly BusRoute[] = world.routes;

export function stopsInCity(citycode: number): BusStop[] {
  return BUS_STOPS.filter((s) => s.citycode === citycode);
}

export function routesInCity(citycode: number): BusRoute[] {
  return BUS_ROUTES.filter((r) => r.citycode === citycode);
}

export function routeById(citycode: number, routeid: string): BusRoute | undefined {
  return BUS_ROUTES.find((r) => r.citycode === citycode && r.routeid === routeid);
}

export function stopById(citycode: number, nodeid: string): BusStop | undefined {
  return BUS_STOPS.find((s) => s.citycode === citycode && s.nodeid === nodeid);
}

/** Stops within `metres` of a point in any TAGO city, nearest first. */
export function stopsNear(point: LatLon, metres: number): { stop: BusStop; metres: number }[] {
  return BUS_STOPS.map((stop) => ({ stop, metres: haversineMetres(point, { lat: stop.lat, lon: stop.lon }) }))
    .filter((s) => s.metres <= metres)
    .sort((a, b) => a.metres - b.metres);
}

export interface Arrival {
  route: BusRoute;
  /** Seconds until the bus reaches the stop. */
  arrtime: number;
  /** Stops still to pass before this one. */
  arrprevstationcnt: number;
  vehicletp: "저상버스" | "일반차량";
}

const DAY = 24 * 3600;

function hhmmSeconds(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(2, 4)) * 60;
}

/** Departure times (seconds from today's KST midnight) of the days around now. */
function departures(route: BusRoute): number[] {
  const headway = route.intervaltime * 60;
  const first = route.allDay ? 0 : hhmmSeconds(route.startvehicletime);
  const last = route.allDay ? DAY - 1 : hhmmSeconds(route.endvehicletime);
  const times: number[] = [];
  for (const day of [-1, 0, 1]) for (let t = first; t <= last; t += headway) times.push(day * DAY + t);
  return times;
}

/**
 * Buses of the routes through a stop at the minute of `now`: up to two on their way for each
 * route, or the next one to leave the origin within the hour when none is on its way yet.
 */
export function arrivalsAt(stop: BusStop, now: Date): Arrival[] {
  const p = kstParts(now);
  const minute = p.hour * 3600 + p.minute * 60;
  const arrivals: Arrival[] = [];
  for (const route of BUS_ROUTES) {
    if (route.citycode !== stop.citycode) continue;
    for (const { stop: s, nodeord } of route.stops) {
      if (s.nodeid !== stop.nodeid) continue;
      const reach = (nodeord - 1) * route.secondsPerStop;
      const times = departures(route);
      const onTheWay = times.filter((d) => d <= minute && d + reach > minute).sort((a, b) => b - a).slice(0, 2);
      const chosen = onTheWay.length > 0 ? onTheWay : times.filter((d) => d > minute && d - minute <= 3600).slice(0, 1);
      for (const departure of chosen) {
        // A few seconds of real-time noise, fixed for the minute.
        const jitter = seededInt(`arr:${stop.nodeid}:${route.routeid}:${departure}:${p.year}${p.month}${p.day}${minute}`, 0, 40);
        const arrtime = Math.max(10, departure + reach - minute - jitter);
        const passed = departure <= minute ? Math.floor((minute - departure) / route.secondsPerStop) : -1;
        arrivals.push({
          route,
          arrtime,
          arrprevstationcnt: Math.max(1, nodeord - 1 - passed),
          vehicletp: seededInt(`low:${route.routeid}:${departure}`, 0, 9) < 6 ? "저상버스" : "일반차량",
        });
      }
    }
  }
  return arrivals.sort((a, b) => a.arrtime - b.arrtime);
}
