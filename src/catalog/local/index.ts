/**
 * Local utility tools that real chains need between two API calls: coordinate conversions, the
 * KMA grid, the KMA mid-term forecast codes of a place, the KMA base time for a moment and the
 * 시군구 code inside a 법정동 code. They run in
 * the Worker, never upstream, and are listed in the catalog like the other tools.
 */
import { z } from "zod";
import { wgs84ToKmaGrid } from "../../geo/kma-grid";
import { midRegionOf } from "../../geo/kma-mid-regions";
import { airkoreaTmToWgs84, utmkToWgs84, wgs84ToAirkoreaTm, wgs84ToUtmk } from "../../geo/projections";
import { kmaLatestBase } from "../../time/kma-schedule";
import { defineLocal, type LocalToolSpec } from "../spec";

const round = (value: number, digits: number) => Number(value.toFixed(digits));

const lat = z
  .number()
  .min(33)
  .max(39)
  .describe("위도 (WGS84, 도) / latitude in degrees")
  .meta({ tags: ["geo.wgs84.lat"], examples: [37.5665] });
const lon = z
  .number()
  .min(124)
  .max(132)
  .describe("경도 (WGS84, 도) / longitude in degrees")
  .meta({ tags: ["geo.wgs84.lon"], examples: [126.978] });
const latOut = { name: "lat", type: "number" as const, tags: ["geo.wgs84.lat"], description: "위도 (WGS84)" };
const lonOut = { name: "lon", type: "number" as const, tags: ["geo.wgs84.lon"], description: "경도 (WGS84)" };

const kmaGridFromWgs84 = defineLocal({
  name: "kma_grid_from_wgs84",
  version: 1,
  title: { ko: "위경도 → 기상청 격자 변환", en: "WGS84 to KMA forecast grid" },
  description: {
    ko: "위도·경도를 기상청 동네예보 5km 격자 좌표(nx, ny)로 바꿉니다. 초단기실황·초단기예보·단기예보 조회의 nx, ny 입력에 씁니다. 위경도는 관광지(mapy/mapx), 버스정류소(gpslati/gpslong), 좌표 변환 결과에서 옵니다.",
    en: "Converts latitude/longitude to the KMA 5 km Lambert grid point (nx, ny) used by the ultra-short-term and short-term forecast APIs. Coordinates come from tourist spots, bus stops or a coordinate conversion.",
  },
  params: z.object({ lat, lon }),
  fields: [
    { name: "nx", type: "integer", tags: ["kma.grid.nx"], description: "예보지점 X 격자" },
    { name: "ny", type: "integer", tags: ["kma.grid.ny"], description: "예보지점 Y 격자" },
  ],
  examples: [{ args: { lat: 37.5665, lon: 126.978 }, note: "서울시청 → (60, 127)" }],
  run: (args) => {
    const point = wgs84ToKmaGrid(Number(args["lat"]), Number(args["lon"]));
    return [{ nx: point.nx, ny: point.ny }];
  },
});

const kmaMidRegionFromWgs84 = defineLocal({
  name: "kma_mid_region_from_wgs84",
  version: 1,
  title: { ko: "위경도 → 기상청 중기예보 구역코드", en: "WGS84 to KMA mid-term forecast codes" },
  description: {
    ko: "위도·경도에서 가장 가까운 기상청 중기기온 도시를 찾아, 그 도시의 기온예보 코드(중기기온 조회 regId), 육상예보구역 코드(중기육상예보 조회 regId), 중기전망 발표관서(중기전망 조회 stnId)를 돌려줍니다. 3~10일 뒤 날씨를 물을 때 씁니다. 위경도는 관광지(mapy/mapx), 병원(YPos/XPos), 정류소, 좌표 변환 결과에서 옵니다.",
    en: "Finds the KMA mid-term temperature city nearest a position and returns its codes: the city id (kma_mid_ta regId), its land forecast region (kma_mid_land_fcst regId) and the regional office (kma_mid_fcst stnId). Use it for weather 3–10 days ahead; coordinates come from tourist spots, hospitals, bus stops or a conversion.",
  },
  params: z.object({ lat, lon }),
  fields: [
    { name: "cityRegId", type: "string", tags: ["kma.mid.reg_id_temp"], description: "중기기온 도시 코드", pattern: "^11[A-H]\\d{5}$" },
    { name: "cityName", type: "string", tags: [], description: "중기기온 도시 이름 (서울, 부산 …)" },
    { name: "landRegId", type: "string", tags: ["kma.mid.reg_id_land"], description: "육상예보구역 코드", pattern: "^11[A-H]\\d0000$" },
    { name: "landName", type: "string", tags: [], description: "육상예보구역 이름 (서울·인천·경기도 …)" },
    { name: "stnId", type: "string", tags: ["kma.stn_id"], description: "중기전망 발표관서 번호", pattern: "^\\d{3}$" },
    { name: "distanceKm", type: "number", tags: ["geo.distance"], description: "도시까지 거리 (km)" },
  ],
  examples: [
    { args: { lat: 35.1587, lon: 129.1604 }, note: "해운대 → 부산 11H20201, 11H20000, 159" },
    { args: { lat: 37.7519, lon: 128.8761 }, note: "강릉 → 11D20501, 강원도영동 11D20000, 105" },
  ],
  run: (args) => {
    const match = midRegionOf(Number(args["lat"]), Number(args["lon"]));
    return [
      {
        cityRegId: match.city.regId,
        cityName: match.city.name,
        landRegId: match.land.regId,
        landName: match.land.name,
        stnId: match.station.stnId,
        distanceKm: round(match.distanceKm, 1),
      },
    ];
  },
});

const utmkToWgs84Tool = defineLocal({
  name: "utmk_to_wgs84",
  version: 1,
  title: { ko: "UTM-K → 위경도 변환", en: "UTM-K to WGS84" },
  description: {
    ko: "도로명주소 좌표제공 API가 주는 UTM-K(EPSG:5179) 좌표(entX, entY)를 위도·경도로 바꿉니다. 결과는 기상청 격자 변환, 근접 버스정류소, 주변 관광지 검색에 씁니다.",
    en: "Converts UTM-K (EPSG:5179) metres, as returned by the juso coordinates API (entX, entY), to WGS84 latitude/longitude for grid conversion, nearby bus stops or nearby tourist spots.",
  },
  params: z.object({
    entX: z.number().min(700_000).max(1_400_000).describe("UTM-K X 좌표 (m), 좌표제공 API의 entX").meta({ tags: ["geo.utmk.x"], examples: [953_901.2] }),
    entY: z.number().min(1_400_000).max(2_200_000).describe("UTM-K Y 좌표 (m), 좌표제공 API의 entY").meta({ tags: ["geo.utmk.y"], examples: [1_952_032.1] }),
  }),
  fields: [latOut, lonOut],
  examples: [{ args: { entX: 953901.2, entY: 1952032.1 }, note: "서울시청 부근" }],
  run: (args) => {
    const p = utmkToWgs84({ x: Number(args["entX"]), y: Number(args["entY"]) });
    return [{ lat: round(p.lat, 7), lon: round(p.lon, 7) }];
  },
});

const wgs84ToUtmkTool = defineLocal({
  name: "wgs84_to_utmk",
  version: 1,
  title: { ko: "위경도 → UTM-K 변환", en: "WGS84 to UTM-K" },
  description: {
    ko: "위도·경도를 UTM-K(EPSG:5179) 평면좌표(미터)로 바꿉니다. 도로명주소 좌표 체계와 같은 좌표가 필요할 때 씁니다.",
    en: "Converts WGS84 latitude/longitude to UTM-K (EPSG:5179) metres, the coordinate system of the juso address APIs.",
  },
  params: z.object({ lat, lon }),
  fields: [
    { name: "entX", type: "number", tags: ["geo.utmk.x"], description: "UTM-K X (m)" },
    { name: "entY", type: "number", tags: ["geo.utmk.y"], description: "UTM-K Y (m)" },
  ],
  examples: [{ args: { lat: 37.5665, lon: 126.978 } }],
  run: (args) => {
    const p = wgs84ToUtmk({ lat: Number(args["lat"]), lon: Number(args["lon"]) });
    return [{ entX: round(p.x, 2), entY: round(p.y, 2) }];
  },
});

const wgs84ToAirkoreaTmTool = defineLocal({
  name: "wgs84_to_airkorea_tm",
  version: 1,
  title: { ko: "위경도 → 에어코리아 TM 좌표 변환", en: "WGS84 to AirKorea TM" },
  description: {
    ko: "위도·경도를 에어코리아가 쓰는 중부원점 TM 좌표(tmX, tmY)로 바꿉니다. 근접측정소 목록 조회의 입력에 씁니다. 도로명주소의 UTM-K 좌표는 바로 쓸 수 없으니 먼저 위경도로 바꾸세요.",
    en: "Converts WGS84 latitude/longitude to the central-origin TM coordinates (tmX, tmY) AirKorea uses, for the nearby-station API. juso UTM-K coordinates must be converted to WGS84 first.",
  },
  params: z.object({ lat, lon }),
  fields: [
    { name: "tmX", type: "number", tags: ["geo.tm.x"], description: "TM X 좌표 (m)" },
    { name: "tmY", type: "number", tags: ["geo.tm.y"], description: "TM Y 좌표 (m)" },
  ],
  examples: [{ args: { lat: 37.5665, lon: 126.978 } }],
  run: (args) => {
    const p = wgs84ToAirkoreaTm({ lat: Number(args["lat"]), lon: Number(args["lon"]) });
    return [{ tmX: round(p.x, 3), tmY: round(p.y, 3) }];
  },
});

const airkoreaTmToWgs84Tool = defineLocal({
  name: "airkorea_tm_to_wgs84",
  version: 1,
  title: { ko: "에어코리아 TM → 위경도 변환", en: "AirKorea TM to WGS84" },
  description: {
    ko: "에어코리아의 중부원점 TM 좌표(tmX, tmY)를 위도·경도로 바꿉니다. 측정소나 읍면동의 위치를 기상청 격자나 다른 위치 기반 API에 넘길 때 씁니다.",
    en: "Converts AirKorea central-origin TM coordinates (tmX, tmY) back to WGS84, to pass a station's or district's location to the KMA grid or other location-based APIs.",
  },
  params: z.object({
    tmX: z.number().min(-100_000).max(600_000).describe("TM X 좌표 (m)").meta({ tags: ["geo.tm.x"], examples: [198_242.05] }),
    // Jeju lies so far south of the 38°N origin that its TM Y is negative.
    tmY: z.number().min(-200_000).max(1_000_000).describe("TM Y 좌표 (m)").meta({ tags: ["geo.tm.y"], examples: [451_579.84] }),
  }),
  fields: [latOut, lonOut],
  examples: [{ args: { tmX: 198242.05, tmY: 451579.84 } }],
  run: (args) => {
    const p = airkoreaTmToWgs84({ x: Number(args["tmX"]), y: Number(args["tmY"]) });
    return [{ lat: round(p.lat, 7), lon: round(p.lon, 7) }];
  },
});

const kmaBaseTime = defineLocal({
  name: "kma_base_time",
  version: 1,
  title: { ko: "기상청 발표시각 계산", en: "KMA base date/time" },
  description: {
    ko: "주어진 시각(생략하면 지금, 한국시간)에 이미 발표된 가장 최근의 기상청 발표일자·발표시각(base_date, base_time)을 계산합니다. 초단기실황은 매시 40분 이후, 초단기예보는 매시 45분 이후, 단기예보는 02·05·08·11·14·17·20·23시 발표 10분 후부터 조회됩니다.",
    en: "Computes the latest already-published KMA base_date/base_time at a moment (default now, KST): observations usable from HH:40, ultra-short forecasts HH30 from HH:45, short-term forecasts at 02,05,…,23 h from ten minutes past.",
  },
  params: z.object({
    product: z
      .enum(["ncst", "ultra_fcst", "vilage_fcst"])
      .describe("ncst = 초단기실황, ultra_fcst = 초단기예보, vilage_fcst = 단기예보")
      .meta({ examples: ["vilage_fcst"] }),
    at: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("기준 시각 (ISO 8601, 예: 2026-12-24T09:00:00+09:00). 생략하면 현재 시각")
      .meta({ tags: ["time.instant"] }),
  }),
  fields: [
    { name: "base_date", type: "string", tags: ["kma.base_date", "date.yyyymmdd"], description: "발표일자 YYYYMMDD", pattern: "^\\d{8}$" },
    { name: "base_time", type: "string", tags: ["kma.base_time"], description: "발표시각 HHmm", pattern: "^\\d{4}$" },
  ],
  examples: [{ args: { product: "vilage_fcst" } }, { args: { product: "ncst", at: "2026-12-24T09:00:00+09:00" }, note: "→ 20261224 0800" }],
  run: (args, now) => {
    const at = typeof args["at"] === "string" ? new Date(args["at"]) : now;
    const product = args["product"] as "ncst" | "ultra_fcst" | "vilage_fcst";
    return [{ ...kmaLatestBase(product, at) }];
  },
});

const sigunguFromBjd = defineLocal({
  name: "sigungu_code_from_bjd",
  version: 1,
  title: { ko: "법정동코드 → 시군구코드 분해", en: "Split a 10-digit legal-dong code" },
  description: {
    ko: "10자리 법정동코드를 시도코드(2), 시군구코드(5자리, 실거래가 LAWD_CD·건축물대장 sigunguCd), 법정동 5자리(건축물대장 bjdongCd), 읍면동 8자리(국민연금 사업장 검색)로 나눕니다. 법정동코드는 법정동코드 목록이나 도로명주소 검색(admCd)에서 옵니다.",
    en: "Splits a 10-digit legal-dong (법정동) code into the 2-digit province code, the 5-digit 시군구 code (RTMS LAWD_CD, building-register sigunguCd), the 5-digit dong part (bjdongCd) and the 8-digit 읍면동 prefix. The code comes from the legal-dong list or juso admCd.",
  },
  params: z.object({
    bjd_code: z
      .string()
      .regex(/^\d{10}$/, "a 10-digit 법정동 code")
      .describe("10자리 법정동코드 (예: 1168010100 = 서울 강남구 역삼동)")
      .meta({ tags: ["region.bjd_cd10"], examples: ["1168010100"] }),
  }),
  fields: [
    { name: "sido_cd", type: "string", tags: ["region.sido_cd2"], description: "시도코드 2자리", pattern: "^\\d{2}$" },
    { name: "lawd_cd", type: "string", tags: ["region.lawd_cd5"], description: "시군구코드 5자리 (LAWD_CD, sigunguCd)", pattern: "^\\d{5}$" },
    { name: "bjdong_cd", type: "string", tags: ["region.bjdong_cd5"], description: "법정동 5자리 (bjdongCd)", pattern: "^\\d{5}$" },
    { name: "emd_cd8", type: "string", tags: ["region.emd_cd8"], description: "읍면동 8자리", pattern: "^\\d{8}$" },
  ],
  examples: [{ args: { bjd_code: "1168010100" } }],
  run: (args) => {
    const code = String(args["bjd_code"]);
    return [{ sido_cd: code.slice(0, 2), lawd_cd: code.slice(0, 5), bjdong_cd: code.slice(5, 10), emd_cd8: code.slice(0, 8) }];
  },
});

export const LOCAL_TOOLS: readonly LocalToolSpec[] = [
  kmaGridFromWgs84,
  kmaMidRegionFromWgs84,
  utmkToWgs84Tool,
  wgs84ToUtmkTool,
  wgs84ToAirkoreaTmTool,
  airkoreaTmToWgs84Tool,
  kmaBaseTime,
  sigunguFromBjd,
];
