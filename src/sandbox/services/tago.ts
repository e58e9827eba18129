/**
 * 국토교통부 TAGO bus services (1613000): city codes, routes, stops and arrivals for the cities
 * outside Seoul. As on the real host: `_type=json` switches from the XML default, success is
 * "00"/"NORMAL SERVICE", no rows is `items: ""`, one row is a bare object, request parameters are
 * camelCase while item fields are lowercase, and numeric-looking values (routeno 102, nodeno,
 * citycode, arrtime) arrive as JSON numbers.
 */
import { decimal, integer, optional, required, type Row, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { arrivalsAt, routeById, routesInCity, stopById, stopsInCity, stopsNear, TAGO_CITY_CODES, type BusRoute, type BusStop } from "../world/transit";

/** TAGO's serializer turns purely numeric strings into numbers ("102" → 102); "0530", "급행1" stay strings. */
function asSent(value: string): string | number {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : value;
}

/** Radius of the coordinate search (the real service answers stops within about 500 m). */
const NEARBY_METRES = 500;

function routeRow(route: BusRoute): Row {
  return {
    endnodenm: route.endnodenm,
    endvehicletime: asSent(route.endvehicletime),
    routeid: route.routeid,
    routeno: asSent(route.routeno),
    routetp: route.routetp,
    startnodenm: route.startnodenm,
    startvehicletime: asSent(route.startvehicletime),
  };
}

function stopRow(stop: BusStop): Row {
  return { gpslati: stop.lat, gpslong: stop.lon, nodeid: stop.nodeid, nodenm: stop.nodenm, nodeno: asSent(stop.nodeno) };
}

function cityCode(request: SandboxRequest): number {
  return integer(request, "cityCode", { min: 1, max: 99_999 });
}

function cityCodes(): Row[] {
  return TAGO_CITY_CODES.map((c) => ({ citycode: c.citycode, cityname: c.cityname }));
}

function routeNoList(request: SandboxRequest): Row[] {
  const city = cityCode(request);
  const wanted = optional(request, "routeNo");
  return routesInCity(city)
    .filter((r) => wanted === undefined || r.routeno.includes(wanted))
    .map(routeRow);
}

function routeInfo(request: SandboxRequest): Row[] {
  const route = routeById(cityCode(request), required(request, "routeId"));
  if (!route) return [];
  return [
    {
      ...routeRow(route),
      intervalsattime: route.intervalsattime,
      intervalsuntime: route.intervalsuntime,
      intervaltime: route.intervaltime,
    },
  ];
}

function routeStops(request: SandboxRequest): Row[] {
  const route = routeById(cityCode(request), required(request, "routeId"));
  if (!route) return [];
  return route.stops.map(({ stop, nodeord, updowncd }) => ({ ...stopRow(stop), nodeord, routeid: route.routeid, updowncd }));
}

function stopSearch(request: SandboxRequest): Row[] {
  const city = cityCode(request);
  const name = optional(request, "nodeNm")?.replace(/\s+/g, "");
  const number = optional(request, "nodeNo");
  return stopsInCity(city)
    .filter((s) => (name === undefined || s.nodenm.replace(/\s+/g, "").includes(name)) && (number === undefined || s.nodeno === number))
    .map(stopRow);
}

function nearbyStops(request: SandboxRequest): Row[] {
  const point = { lat: decimal(request, "gpsLati"), lon: decimal(request, "gpsLong") };
  return stopsNear(point, NEARBY_METRES).map(({ stop }) => ({ citycode: stop.citycode, ...stopRow(stop) }));
}

function stopArrivals(request: SandboxRequest): Row[] {
  const stop = stopById(cityCode(request), required(request, "nodeId"));
  if (!stop) return [];
  return arrivalsAt(stop, request.now).map((a) => ({
    arrprevstationcnt: a.arrprevstationcnt,
    arrtime: a.arrtime,
    nodeid: stop.nodeid,
    nodenm: stop.nodenm,
    routeid: a.route.routeid,
    routeno: asSent(a.route.routeno),
    routetp: a.route.routetp,
    vehicletp: a.vehicletp,
  }));
}

const ROUTE = "/1613000/BusRouteInfoInqireService";
const STOP = "/1613000/BusSttnInfoInqireService";
const ARRIVAL = "/1613000/ArvlInfoInqireService";

const common = {
  provider: "tago",
  ...DATA_GO_KR_GATEWAY,
  format: { in: "query", name: "_type", default: "xml" },
  pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 1000 },
  envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE", items: "item", wrapper: true, empty: "empty_string", singleAsObject: true },
} as const satisfies Partial<SandboxOperation>;

export const TAGO_OPERATIONS: SandboxOperation[] = [
  // The city list is exposed by every TAGO bus service.
  { ...common, id: "tago.arrival.getCtyCodeList", path: `${ARRIVAL}/getCtyCodeList`, handle: cityCodes },
  { ...common, id: "tago.route.getCtyCodeList", path: `${ROUTE}/getCtyCodeList`, handle: cityCodes },
  { ...common, id: "tago.stop.getCtyCodeList", path: `${STOP}/getCtyCodeList`, handle: cityCodes },
  { ...common, id: "tago.getRouteNoList", path: `${ROUTE}/getRouteNoList`, handle: routeNoList },
  { ...common, id: "tago.getRouteInfoIem", path: `${ROUTE}/getRouteInfoIem`, handle: routeInfo },
  { ...common, id: "tago.getRouteAcctoThrghSttnList", path: `${ROUTE}/getRouteAcctoThrghSttnList`, handle: routeStops },
  { ...common, id: "tago.getSttnNoList", path: `${STOP}/getSttnNoList`, handle: stopSearch },
  { ...common, id: "tago.getCrdntPrxmtSttnList", path: `${STOP}/getCrdntPrxmtSttnList`, handle: nearbyStops },
  { ...common, id: "tago.getSttnAcctoArvlPrearngeInfoList", path: `${ARRIVAL}/getSttnAcctoArvlPrearngeInfoList`, handle: stopArrivals },
];
