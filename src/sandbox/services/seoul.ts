/**
 * Seoul's open data hosts: the real-time subway arrivals of swopenAPI.seoul.go.kr and the
 * station search and 따릉이 availability of openapi.seoul.go.kr:8088. The key, the format
 * (json|xml) and the start/end row numbers are path segments; every row value is a string;
 * no data is INFO-200 and the `sample` key only gets five rows (both handled by the dispatcher).
 */
import { kstParts } from "../../time/kst";
import { required, type Row, type SandboxOperation, type SandboxRequest } from "../operation";
import { BIKE_STATIONS, parkedBikes } from "../world/bike";
import { seededInt } from "../../util/random";
import { stationsNamed, SUBWAY_STATIONS, trainsAt, type TrainArrival } from "../world/subway";

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-05-12 09:07:32": when the train position was received, a few seconds before now. */
function receivedAt(now: Date, seed: string): string {
  const at = new Date(now.getTime() - seededInt(seed, 3, 40) * 1000);
  const p = kstParts(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(at.getUTCSeconds())}`;
}

/** arvlCd and the two messages the boards show: 0 진입, 1 도착, 3 전역출발, 5 전역도착, 99 운행중. */
function messages(t: TrainArrival): { arvlCd: string; arvlMsg2: string; arvlMsg3: string } {
  const here = t.station.name;
  if (t.firstTrain) return { arvlCd: "99", arvlMsg2: `${Math.ceil(t.seconds / 60)}분 후 (첫차)`, arvlMsg3: here };
  if (t.seconds < 15) return { arvlCd: "1", arvlMsg2: `${here} 도착`, arvlMsg3: here };
  if (t.seconds < 40) return { arvlCd: "0", arvlMsg2: `${here} 진입`, arvlMsg3: here };
  const previous = t.previous?.name ?? here;
  if (t.stationsAway === 0) return { arvlCd: "3", arvlMsg2: "전역 출발", arvlMsg3: previous };
  if (t.stationsAway === 1) return { arvlCd: "5", arvlMsg2: "전역 도착", arvlMsg3: previous };
  return { arvlCd: "99", arvlMsg2: `[${t.stationsAway}]번째 전역 (${t.currentName})`, arvlMsg3: t.currentName };
}

function arrivals(request: SandboxRequest): Row[] {
  const name = required(request, "statnNm");
  const stations = stationsNamed(name);
  const subwayList = stations.map((s) => s.line.subwayId).join(",");
  const statnList = stations.map((s) => s.statnId).join(",");
  return stations
    .flatMap((station) => trainsAt(station, request.now))
    .sort((a, b) => a.station.line.subwayId.localeCompare(b.station.line.subwayId) || a.updnLine.localeCompare(b.updnLine) || a.seconds - b.seconds)
    .map((t, i, all) => {
      const bstatn = SUBWAY_STATIONS.find((s) => s.line === t.station.line && s.name === t.destination);
      // ordkey: direction (0 상행/내선, 1 하행/외선), the train's rank among those coming in that
      // direction, stations still to go (3 digits), destination, express flag.
      const rank = all.slice(0, i + 1).filter((o) => o.station === t.station && o.updnLine === t.updnLine).length;
      const direction = t.updnLine === "상행" || t.updnLine === "내선" ? "0" : "1";
      const ordkey = `${direction}${rank}${String(t.stationsAway).padStart(3, "0")}${t.destination}${t.express ? "1" : "0"}`;
      return {
        subwayId: t.station.line.subwayId,
        updnLine: t.updnLine,
        trainLineNm: `${t.destination}행 - ${t.next.name}방면`,
        statnFid: t.previous?.statnId ?? "",
        statnTid: t.next.statnId,
        statnId: t.station.statnId,
        statnNm: t.station.name,
        trnsitCo: String(stations.length),
        subwayList,
        statnList,
        btrainSttus: t.express ? "급행" : "일반",
        barvlDt: String(t.seconds),
        btrainNo: t.trainNo,
        bstatnId: bstatn?.statnId ?? "",
        bstatnNm: t.destination,
        recptnDt: receivedAt(request.now, `recv:${t.trainNo}:${t.station.statnId}`),
        ...messages(t),
        lstcarAt: "0",
        ordkey,
      };
    });
}

function stationSearch(request: SandboxRequest): Row[] {
  const wanted = required(request, "STATION_NM").replace(/\s+/g, "");
  return SUBWAY_STATIONS.filter((s) => s.name.includes(wanted))
    .sort((a, b) => a.name.localeCompare(b.name, "ko") || a.stationCd.localeCompare(b.stationCd))
    .map((s) => ({ STATION_CD: s.stationCd, STATION_NM: s.name, LINE_NUM: s.line.lineNum, FR_CODE: s.frCode }));
}

function bikeList(request: SandboxRequest): Row[] {
  return BIKE_STATIONS.map((station) => {
    const parked = parkedBikes(station, request.now);
    return {
      rackTotCnt: String(station.rackTotCnt),
      stationName: station.stationName,
      parkingBikeTotCnt: String(parked),
      shared: String(Math.round((parked * 100) / station.rackTotCnt)),
      stationLatitude: station.position.lat.toFixed(8),
      stationLongitude: station.position.lon.toFixed(8),
      stationId: station.stationId,
    };
  });
}

const range = { style: "range", startParam: "startIndex", endParam: "endIndex", maxSize: 1000 } as const;

export const SEOUL_OPERATIONS: SandboxOperation[] = [
  {
    id: "seoul_subway.realtimeStationArrival",
    provider: "seoul_subway",
    host: "swopenapi.seoul.go.kr",
    method: "GET",
    path: "/api/subway/:key/:format/realtimeStationArrival/:startIndex/:endIndex/:statnNm",
    keyKind: "seoul_subway",
    key: { in: "path", param: "key" },
    format: { in: "path", param: "format" },
    pagination: range,
    envelope: { family: "swopen", list: "realtimeArrivalList" },
    handle: arrivals,
  },
  {
    id: "seoul_openapi.SearchInfoBySubwayNameService",
    provider: "seoul_openapi",
    host: "openapi.seoul.go.kr",
    method: "GET",
    path: "/:key/:format/SearchInfoBySubwayNameService/:startIndex/:endIndex/:STATION_NM",
    keyKind: "seoul",
    key: { in: "path", param: "key" },
    format: { in: "path", param: "format" },
    pagination: range,
    envelope: { family: "seoul", service: "SearchInfoBySubwayNameService" },
    handle: stationSearch,
  },
  {
    id: "seoul_openapi.bikeList",
    provider: "seoul_openapi",
    host: "openapi.seoul.go.kr",
    method: "GET",
    path: "/:key/:format/bikeList/:startIndex/:endIndex/",
    keyKind: "seoul",
    key: { in: "path", param: "key" },
    format: { in: "path", param: "format" },
    pagination: range,
    envelope: { family: "seoul", service: "rentBikeStatus" },
    handle: bikeList,
  },
];
