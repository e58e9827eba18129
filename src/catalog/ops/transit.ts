/**
 * Public transport: TAGO bus information for the cities outside Seoul (city codes, routes, stops,
 * arrivals), Seoul's real-time subway arrivals and station search, and 따릉이 bike availability.
 */
import { z } from "zod";
import { cacheOf, defineUpstream } from "../spec";
import { numOfRows, pageNo, pagePagination, field } from "./common";


// ---------------------------------------------------------------------------------------------
// TAGO (국토교통부 국가대중교통정보센터)

const TAGO_ROUTE = "/1613000/BusRouteInfoInqireService";
const TAGO_STOP = "/1613000/BusSttnInfoInqireService";
const TAGO_ARRIVAL = "/1613000/ArvlInfoInqireService";

const tagoRequest = {
  method: "GET" as const,
  key: { in: "query" as const, name: "serviceKey" },
  format: { in: "query" as const, name: "_type", value: "json" },
  responseFormat: "json" as const,
};

// TAGO sends citycode as a JSON number and reads cityCode from the query string, so both forms are taken.
const cityCode = z
  .union([z.number().int().min(10).max(99999), z.string().regex(/^\d{2,5}$/, "TAGO city code")])
  .describe("TAGO 도시코드 (예: 25 대전, 21 부산, 22 대구, 23 인천, 12 세종, 39 제주, 31010 수원, 31020 성남, 31100 고양). tago_city_codes 또는 tago_nearby_stops의 citycode. 서울은 TAGO에 없습니다 / TAGO city code (Seoul is not covered)")
  .meta({ tags: ["bus.city_code"], examples: ["25"] });

const routeId = z
  .string()
  .min(3)
  .describe("노선 ID (예: DJB30300001): tago_route_no_list 또는 tago_stop_arrivals의 routeid / route id")
  .meta({ tags: ["bus.route_id"], examples: ["DJB30300001"] });

const nodeId = z
  .string()
  .min(3)
  .describe("정류소 ID (예: BSB164351901): tago_route_stops, tago_stop_search, tago_nearby_stops의 nodeid / stop id")
  .meta({ tags: ["bus.node_id"], examples: ["BSB164351901"] });

const routeFields = [
  field("routeid", "string", ["bus.route_id"], "노선 ID (tago_route_info, tago_route_stops의 routeId)"),
  field("routeno", "string", ["bus.route_no"], "노선번호 (예: 102, 급행1; 숫자만이면 원래 JSON 숫자)"),
  field("routetp", "string", [], "노선유형 (간선버스, 지선버스, 급행버스, 마을버스, 일반형시내버스 …)"),
  field("startnodenm", "string", ["bus.node_name"], "기점 정류소 이름"),
  field("endnodenm", "string", ["bus.node_name"], "종점(회차) 정류소 이름"),
  field("startvehicletime", "string", ["bus.service_time", "time.hhmm"], "첫차 시각 HHmm", { pattern: "^\\d{4}$", optional: true }),
  field("endvehicletime", "string", ["bus.service_time", "time.hhmm"], "막차 시각 HHmm", { pattern: "^\\d{4}$", optional: true }),
];

const stopFields = [
  field("nodeid", "string", ["bus.node_id"], "정류소 ID (tago_stop_arrivals의 nodeId)"),
  field("nodenm", "string", ["bus.node_name"], "정류소 이름"),
  field("nodeno", "string", ["bus.node_no"], "정류소 번호 (표지판의 번호)", { optional: true }),
  field("gpslati", "number", ["geo.wgs84.lat"], "위도 (WGS84)"),
  field("gpslong", "number", ["geo.wgs84.lon"], "경도 (WGS84)"),
];

const TAGO_ROUTE_DOCS = "https://www.data.go.kr/data/15098529/openapi.do";
const TAGO_STOP_DOCS = "https://www.data.go.kr/data/15098534/openapi.do";
const TAGO_ARRIVAL_DOCS = "https://www.data.go.kr/data/15098530/openapi.do";

const tagoTools = [
  defineUpstream({
    name: "tago_city_codes",
    version: 1,
    provider: "tago",
    title: { ko: "버스 도시코드 목록", en: "TAGO city codes" },
    description: {
      ko: "TAGO 버스정보를 제공하는 도시의 도시코드(citycode)와 이름을 돌려줍니다 (예: 12 세종, 21 부산, 25 대전, 39 제주, 31010 수원). 도시코드는 다른 TAGO 도구의 cityCode에 넣습니다. 서울 버스는 TAGO에 없습니다.",
      en: "Lists the cities served by TAGO bus information with their city code (e.g. 12 Sejong, 21 Busan, 25 Daejeon, 39 Jeju, 31010 Suwon), the cityCode of the other TAGO tools. Seoul buses are not in TAGO.",
    },
    params: z.object({ numOfRows: numOfRows(1000, 100), pageNo: pageNo() }),
    request: { ...tagoRequest, path: `${TAGO_ARRIVAL}/getCtyCodeList` },
    response: {
      envelope: "datagokr",
      fields: [field("citycode", "integer", ["bus.city_code"], "도시코드 (JSON 숫자, 예: 25)"), field("cityname", "string", [], "도시 이름 (예: 대전광역시, 수원시)")],
    },
    pagination: pagePagination(1000),
    cache: cacheOf("static"),
    examples: [{ args: {} }],
    docs: TAGO_ARRIVAL_DOCS,
  }),
  defineUpstream({
    name: "tago_route_no_list",
    version: 1,
    provider: "tago",
    title: { ko: "버스 노선번호 검색", en: "Bus routes by number" },
    description: {
      ko: "도시(cityCode)에서 노선번호(routeNo)가 들어간 버스 노선을 찾아 노선 ID(routeid), 노선번호, 유형, 기점·종점, 첫차·막차 시각을 돌려줍니다. routeid는 tago_route_info, tago_route_stops에 씁니다. routeNo를 비우면 그 도시의 모든 노선입니다.",
      en: "Finds the bus routes of a city (cityCode) whose number contains routeNo, returning route id (routeid), number, type, origin and turning point, first and last departure. routeid feeds tago_route_info and tago_route_stops; without routeNo all routes of the city are listed.",
    },
    params: z.object({
      cityCode,
      routeNo: z.string().min(1).optional().describe("노선번호 (일부만 넣어도 됨, 예: 102, 급행1) / route number").meta({ tags: ["bus.route_no"], examples: ["102"] }),
      numOfRows: numOfRows(1000, 50),
      pageNo: pageNo(),
    }),
    request: { ...tagoRequest, path: `${TAGO_ROUTE}/getRouteNoList` },
    response: { envelope: "datagokr", fields: routeFields },
    pagination: pagePagination(1000),
    cache: cacheOf("static"),
    examples: [{ args: { cityCode: "25", routeNo: "102" }, note: "대전 102번" }, { args: { cityCode: "21", routeNo: "1003" }, note: "부산 1003번 (24시간)" }],
    docs: TAGO_ROUTE_DOCS,
  }),
  defineUpstream({
    name: "tago_route_info",
    version: 1,
    provider: "tago",
    title: { ko: "버스 노선정보", en: "Bus route details" },
    description: {
      ko: "노선 하나의 정보(노선번호, 유형, 기점·종점, 첫차·막차, 평일·토요일·휴일 배차간격 분)를 돌려줍니다. routeId는 tago_route_no_list의 routeid입니다.",
      en: "Returns one route's details: number, type, origin and turning point, first/last departure and headways (minutes) on weekdays, Saturdays and holidays. routeId is a routeid from tago_route_no_list.",
    },
    params: z.object({ cityCode, routeId, numOfRows: numOfRows(10, 10), pageNo: pageNo() }),
    request: { ...tagoRequest, path: `${TAGO_ROUTE}/getRouteInfoIem` },
    response: {
      envelope: "datagokr",
      fields: [
        ...routeFields,
        field("intervaltime", "integer", [], "평일 배차간격 (분)", { optional: true }),
        field("intervalsattime", "integer", [], "토요일 배차간격 (분)", { optional: true }),
        field("intervalsuntime", "integer", [], "일요일·공휴일 배차간격 (분)", { optional: true }),
      ],
    },
    pagination: pagePagination(10),
    cache: cacheOf("static"),
    examples: [{ args: { cityCode: "25", routeId: "DJB30300001" }, note: "대전 102번" }],
    docs: TAGO_ROUTE_DOCS,
  }),
  defineUpstream({
    name: "tago_route_stops",
    version: 1,
    provider: "tago",
    title: { ko: "버스 노선별 경유 정류소", en: "Stops of a bus route" },
    description: {
      ko: "노선이 지나는 정류소를 순서대로(nodeord, 상행 0 / 하행 1 updowncd) 정류소 ID, 이름, 번호, 좌표와 함께 돌려줍니다. routeId는 tago_route_no_list의 routeid이고, 결과의 nodeid는 tago_stop_arrivals에 씁니다.",
      en: "Lists the stops a route passes in order (nodeord; updowncd 0 outbound, 1 inbound) with stop id, name, number and position. routeId comes from tago_route_no_list; nodeid feeds tago_stop_arrivals.",
    },
    params: z.object({ cityCode, routeId, numOfRows: numOfRows(1000, 200), pageNo: pageNo() }),
    request: { ...tagoRequest, path: `${TAGO_ROUTE}/getRouteAcctoThrghSttnList` },
    response: {
      envelope: "datagokr",
      fields: [
        ...stopFields,
        field("nodeord", "integer", [], "정류소 순번 (1부터)"),
        field("updowncd", "integer", [], "방향 (0 상행·기점에서 회차지로, 1 하행·돌아오는 방향)"),
        field("routeid", "string", ["bus.route_id"], "노선 ID"),
      ],
    },
    pagination: pagePagination(1000),
    cache: cacheOf("static"),
    examples: [{ args: { cityCode: "25", routeId: "DJB30300001" }, note: "대전 102번 경유 정류소" }],
    docs: TAGO_ROUTE_DOCS,
  }),
  defineUpstream({
    name: "tago_stop_search",
    version: 1,
    provider: "tago",
    title: { ko: "버스 정류소 검색", en: "Bus stops by name" },
    description: {
      ko: "도시(cityCode)에서 이름에 nodeNm이 들어간 버스 정류소를 찾아 정류소 ID, 이름, 번호, 좌표를 돌려줍니다. 길 양쪽 정류소가 같은 이름으로 둘 나옵니다. nodeid는 tago_stop_arrivals에 씁니다.",
      en: "Finds the bus stops of a city (cityCode) whose name contains nodeNm: stop id, name, number and position (the stops on both sides of a road share a name). nodeid feeds tago_stop_arrivals.",
    },
    params: z.object({
      cityCode,
      nodeNm: z.string().min(1).optional().describe("정류소 이름 (일부, 예: 시청) / stop name").meta({ tags: ["bus.node_name"], examples: ["대전시청"] }),
      nodeNo: z.string().min(1).optional().describe("정류소 번호 (표지판 번호) / stop number").meta({ tags: ["bus.node_no"], examples: ["31184"] }),
      numOfRows: numOfRows(1000, 50),
      pageNo: pageNo(),
    }),
    request: { ...tagoRequest, path: `${TAGO_STOP}/getSttnNoList` },
    response: { envelope: "datagokr", fields: stopFields },
    pagination: pagePagination(1000),
    cache: cacheOf("static"),
    examples: [{ args: { cityCode: "25", nodeNm: "대전시청" } }, { args: { cityCode: "21", nodeNm: "해운대" } }],
    docs: TAGO_STOP_DOCS,
  }),
  defineUpstream({
    name: "tago_nearby_stops",
    version: 1,
    provider: "tago",
    title: { ko: "좌표 근처 버스 정류소", en: "Bus stops near a point" },
    description: {
      ko: "좌표(gpsLati 위도, gpsLong 경도) 반경 약 500m 안의 버스 정류소를 도시코드(citycode), 정류소 ID와 함께 돌려줍니다. 좌표는 관광정보(mapy, mapx)나 주소 좌표 변환 결과에서 옵니다. citycode와 nodeid는 tago_stop_arrivals에 씁니다. 서울 좌표는 결과가 없습니다.",
      en: "Lists the bus stops within about 500 m of a WGS84 point (gpsLati, gpsLong) with their city code and stop id. The point comes from tour content (mapy, mapx) or an address conversion; citycode and nodeid feed tago_stop_arrivals. Points in Seoul return nothing.",
    },
    params: z.object({
      gpsLati: z.number().min(33).max(39).describe("위도 (WGS84) / latitude").meta({ tags: ["geo.wgs84.lat"], examples: [36.3535] }),
      gpsLong: z.number().min(124).max(132).describe("경도 (WGS84) / longitude").meta({ tags: ["geo.wgs84.lon"], examples: [127.3875] }),
      numOfRows: numOfRows(1000, 20),
      pageNo: pageNo(),
    }),
    request: { ...tagoRequest, path: `${TAGO_STOP}/getCrdntPrxmtSttnList` },
    response: { envelope: "datagokr", fields: [field("citycode", "integer", ["bus.city_code"], "도시코드 (JSON 숫자, 예: 25)"), ...stopFields] },
    pagination: pagePagination(1000),
    cache: cacheOf("static"),
    examples: [{ args: { gpsLati: 36.3535, gpsLong: 127.3875 }, note: "대전 서구 둔산동" }, { args: { gpsLati: 35.163, gpsLong: 129.1415 }, note: "부산 해운대구 우동" }],
    docs: TAGO_STOP_DOCS,
  }),
  defineUpstream({
    name: "tago_stop_arrivals",
    version: 1,
    provider: "tago",
    title: { ko: "정류소별 버스 도착예정 정보", en: "Bus arrivals at a stop" },
    description: {
      ko: "정류소(cityCode, nodeId)에 곧 도착할 버스를 노선별로 돌려줍니다: 노선번호, 남은 정류장 수(arrprevstationcnt), 도착까지 남은 시간(arrtime, 초), 차량 유형(저상버스 등). nodeId는 tago_route_stops, tago_stop_search, tago_nearby_stops의 nodeid입니다. 운행 시간이 아니면 결과가 없을 수 있습니다.",
      en: "Lists the buses about to reach a stop (cityCode, nodeId), per route: route number, stops still to pass (arrprevstationcnt), seconds until arrival (arrtime), vehicle type. nodeId comes from tago_route_stops, tago_stop_search or tago_nearby_stops; outside service hours the list may be empty.",
    },
    params: z.object({ cityCode, nodeId, numOfRows: numOfRows(1000, 50), pageNo: pageNo() }),
    request: { ...tagoRequest, path: `${TAGO_ARRIVAL}/getSttnAcctoArvlPrearngeInfoList` },
    response: {
      envelope: "datagokr",
      fields: [
        field("nodeid", "string", ["bus.node_id"], "정류소 ID"),
        field("nodenm", "string", ["bus.node_name"], "정류소 이름"),
        field("routeid", "string", ["bus.route_id"], "노선 ID"),
        field("routeno", "string", ["bus.route_no"], "노선번호 (숫자만이면 원래 JSON 숫자)"),
        field("routetp", "string", [], "노선유형"),
        field("arrprevstationcnt", "integer", [], "도착 전까지 남은 정류장 수"),
        field("arrtime", "integer", [], "도착까지 남은 시간 (초)"),
        field("vehicletp", "string", [], "차량 유형 (저상버스, 일반차량)", { optional: true }),
      ],
    },
    pagination: pagePagination(1000),
    cache: cacheOf("live"),
    examples: [{ args: { cityCode: "21", nodeId: "BSB164351901" }, note: "부산 센텀시티역 (1003번은 24시간 운행)" }],
    docs: TAGO_ARRIVAL_DOCS,
  }),
];

// ---------------------------------------------------------------------------------------------
// Seoul: key and format are path segments; rows are addressed by start/end index.

const startIndex = z.number().int().min(1).default(1).describe("시작 행 번호 (1부터) / first row").meta({ examples: [1] });
const endIndex = (fallback: number) =>
  z.number().int().min(1).default(fallback).describe("끝 행 번호 (한 번에 최대 1000행) / last row, at most 1000 rows per call").meta({ examples: [fallback] });

const seoulRequest = {
  method: "GET" as const,
  key: { in: "path" as const },
  format: { in: "path" as const, value: "json" },
  responseFormat: "json" as const,
};

const range = { style: "range" as const, startParam: "startIndex", endParam: "endIndex", maxSize: 1000 };

const stationName = z
  .string()
  .min(1)
  .describe("역 이름, 끝의 '역' 없이 (예: 강남, 서울, 홍대입구) / station name without the trailing 역")
  .meta({ tags: ["subway.station_name"], examples: ["강남"] });

const seoulTools = [
  defineUpstream({
    name: "seoul_subway_station_search",
    version: 1,
    provider: "seoul_openapi",
    title: { ko: "서울 지하철 역명 검색", en: "Seoul subway stations by name" },
    description: {
      ko: "이름에 STATION_NM이 들어간 수도권 지하철역을 노선별로 돌려줍니다: 역 코드(STATION_CD), 역 이름(STATION_NM, '역' 없이), 호선(LINE_NUM, 예: 02호선), 외부코드(FR_CODE). STATION_NM은 seoul_subway_arrivals의 statnNm에 넣습니다.",
      en: "Finds metropolitan subway stations whose name contains STATION_NM, one row per line: station code, name (without 역), line (e.g. 02호선) and external code (FR_CODE). STATION_NM feeds statnNm of seoul_subway_arrivals.",
    },
    params: z.object({ STATION_NM: stationName, startIndex, endIndex: endIndex(20) }),
    request: {
      ...seoulRequest,
      path: "/{key}/{format}/SearchInfoBySubwayNameService/{startIndex}/{endIndex}/{STATION_NM}",
      pathParams: ["startIndex", "endIndex", "STATION_NM"],
    },
    response: {
      envelope: "seoul",
      listKey: "SearchInfoBySubwayNameService",
      fields: [
        field("STATION_CD", "string", [], "역 코드 (4자리)", { pattern: "^\\d{4}$" }),
        field("STATION_NM", "string", ["subway.station_name"], "역 이름 ('역' 없이)"),
        field("LINE_NUM", "string", [], "호선 (01호선 … 09호선, 경의선, 수인분당선, 신분당선, 공항철도)"),
        field("FR_CODE", "string", [], "외부코드 (예: 222, K215, D07)"),
      ],
    },
    pagination: range,
    cache: cacheOf("static"),
    examples: [{ args: { STATION_NM: "강남" } }, { args: { STATION_NM: "서울" } }],
  }),
  defineUpstream({
    name: "seoul_subway_arrivals",
    version: 1,
    provider: "seoul_subway",
    title: { ko: "서울 지하철 실시간 도착정보", en: "Seoul subway real-time arrivals" },
    description: {
      ko: "역(statnNm, '역' 없이)에 다가오는 열차를 노선·방향별로 돌려줍니다: 호선 ID(subwayId, 1002 = 2호선, 1077 신분당선 …), 상·하행(내·외선), 행선지(trainLineNm, bstatnNm), 도착까지 남은 시간(barvlDt, 초), 도착 메시지(arvlMsg2 예: '전역 도착', arvlMsg3 현재 위치). 역 이름은 seoul_subway_station_search의 STATION_NM입니다.",
      en: "Lists the trains approaching a station (statnNm, without 역) per line and direction: line id (subwayId, 1002 = line 2, 1077 Shinbundang …), direction (상행/하행, 내선/외선), destination (trainLineNm, bstatnNm), seconds to arrival (barvlDt), board messages (arvlMsg2, arvlMsg3 current position). Station names come from seoul_subway_station_search (STATION_NM).",
    },
    params: z.object({ statnNm: stationName, startIndex, endIndex: endIndex(20) }),
    request: {
      ...seoulRequest,
      path: "/api/subway/{key}/{format}/realtimeStationArrival/{startIndex}/{endIndex}/{statnNm}",
      pathParams: ["startIndex", "endIndex", "statnNm"],
    },
    response: {
      envelope: "swopen",
      listKey: "realtimeArrivalList",
      fields: [
        field("subwayId", "string", ["subway.line_id"], "호선 ID (1001~1009 = 1~9호선, 1063 경의중앙선, 1065 공항철도, 1075 수인분당선, 1077 신분당선)", { pattern: "^\\d{4}$" }),
        field("updnLine", "string", [], "방향 (상행/하행, 2호선은 내선/외선)"),
        field("trainLineNm", "string", [], "행선지와 다음 역 (예: 성수행 - 역삼방면)"),
        field("statnId", "string", [], "역 ID (10자리)", { pattern: "^\\d{10}$" }),
        field("statnNm", "string", ["subway.station_name"], "역 이름"),
        field("btrainSttus", "string", [], "열차 종류 (일반, 급행)", { optional: true }),
        field("barvlDt", "integer", [], "도착까지 남은 시간 (초)"),
        field("btrainNo", "string", [], "열차 번호"),
        field("bstatnNm", "string", ["subway.station_name"], "종착역 이름"),
        field("recptnDt", "string", [], "정보 생성 시각 (YYYY-MM-DD HH:mm:ss)"),
        field("arvlMsg2", "string", [], "도착 메시지 (예: 전역 도착, [3]번째 전역 (신림))"),
        field("arvlMsg3", "string", ["subway.station_name"], "열차 현재 위치 역 이름"),
        field("arvlCd", "string", [], "도착 코드 (0 진입, 1 도착, 2 출발, 3 전역출발, 4 전역진입, 5 전역도착, 99 운행중)", { pattern: "^(0|1|2|3|4|5|99)$" }),
        field("ordkey", "string", [], "도착예정 순서 키: 방향(0 상행·내선, 1 하행·외선) + 순번 + 남은 역 수(3자리) + 종착역 + 급행(1/0) (예: 01000성수0)", { pattern: "^[01]\\d\\d{3}.+[01]$" }),
      ],
    },
    pagination: range,
    cache: cacheOf("live"),
    examples: [{ args: { statnNm: "강남" } }, { args: { statnNm: "서울", startIndex: 1, endIndex: 10 } }],
    docs: "https://data.seoul.go.kr/dataList/OA-12764/F/1/datasetView.do",
  }),
  defineUpstream({
    name: "seoul_bike_stations",
    version: 1,
    provider: "seoul_openapi",
    title: { ko: "따릉이 대여소 실시간 현황", en: "Seoul bike (따릉이) stations" },
    description: {
      ko: "서울 공공자전거 따릉이 대여소의 실시간 현황을 행 번호 범위(startIndex~endIndex, 한 번에 최대 1000행)로 돌려줍니다: 대여소 ID, 이름(번호. 위치), 거치대 수, 주차된 자전거 수, 거치율(%), 좌표. 전체를 보려면 1~1000, 1001~2000처럼 나눠 부릅니다. 좌표로 지하철역·관광지 근처 대여소를 고를 수 있습니다.",
      en: "Returns live availability of Seoul's public bike (따릉이) stations for a row range (startIndex..endIndex, at most 1000 rows a call): station id, name (number. place), racks, parked bikes, occupancy (%), position. Page through 1–1000, 1001–2000 … for all; use the positions to pick stations near a subway station or sight.",
    },
    params: z.object({ startIndex, endIndex: endIndex(100) }),
    request: { ...seoulRequest, path: "/{key}/{format}/bikeList/{startIndex}/{endIndex}/", pathParams: ["startIndex", "endIndex"] },
    response: {
      envelope: "seoul",
      listKey: "rentBikeStatus",
      fields: [
        field("stationId", "string", ["bike.station_id"], "대여소 ID (예: ST-102)", { pattern: "^ST-\\d+$" }),
        field("stationName", "string", ["bike.station_name"], "대여소 이름 (번호. 위치)"),
        field("rackTotCnt", "integer", [], "거치대 수"),
        field("parkingBikeTotCnt", "integer", [], "주차된 자전거 수 (대여 가능 대수)"),
        field("shared", "integer", [], "거치율 (%)"),
        field("stationLatitude", "number", ["geo.wgs84.lat"], "위도 (WGS84)"),
        field("stationLongitude", "number", ["geo.wgs84.lon"], "경도 (WGS84)"),
      ],
    },
    pagination: range,
    cache: cacheOf("live"),
    examples: [{ args: { startIndex: 1, endIndex: 100 } }],
    docs: "https://data.seoul.go.kr/dataList/OA-15493/A/1/datasetView.do",
  }),
];

export const TRANSIT_TOOLS = [...tagoTools, ...seoulTools];
