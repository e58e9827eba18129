/**
 * Coordinate systems the Korean APIs use. juso's 좌표제공 answers UTM-K (EPSG:5179, GRS80);
 * AirKorea's tmX/tmY are 중부원점 TM (the EPSG:2097 form common in public code: Bessel ellipsoid,
 * origin 38°N 127°E, false easting 200 000 m, false northing 500 000 m, Korean datum shift).
 */
import proj4 from "proj4";

const WGS84 = "EPSG:4326";
const UTMK = "+proj=tmerc +lat_0=38 +lon_0=127.5 +k=0.9996 +x_0=1000000 +y_0=2000000 +ellps=GRS80 +units=m +no_defs";
const AIRKOREA_TM =
  "+proj=tmerc +lat_0=38 +lon_0=127 +k=1 +x_0=200000 +y_0=500000 +ellps=bessel +units=m +no_defs +towgs84=-115.80,474.99,674.11,1.16,-2.31,-1.63,6.43";

const utmk = proj4(WGS84, UTMK);
const airkoreaTm = proj4(WGS84, AIRKOREA_TM);

export interface LatLon {
  lat: number;
  lon: number;
}
export interface PlanePoint {
  x: number;
  y: number;
}

export function wgs84ToUtmk({ lat, lon }: LatLon): PlanePoint {
  const [x, y] = utmk.forward([lon, lat]);
  return { x: x ?? Number.NaN, y: y ?? Number.NaN };
}

export function utmkToWgs84({ x, y }: PlanePoint): LatLon {
  const [lon, lat] = utmk.inverse([x, y]);
  return { lat: lat ?? Number.NaN, lon: lon ?? Number.NaN };
}

export function wgs84ToAirkoreaTm({ lat, lon }: LatLon): PlanePoint {
  const [x, y] = airkoreaTm.forward([lon, lat]);
  return { x: x ?? Number.NaN, y: y ?? Number.NaN };
}

export function airkoreaTmToWgs84({ x, y }: PlanePoint): LatLon {
  const [lon, lat] = airkoreaTm.inverse([x, y]);
  return { lat: lat ?? Number.NaN, lon: lon ?? Number.NaN };
}

/** Great-circle distance in metres. */
export function haversineMetres(a: LatLon, b: LatLon): number {
  const R = 6_371_008.8;
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLon = (b.lon - a.lon) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
