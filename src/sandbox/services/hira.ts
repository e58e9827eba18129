/**
 * 건강보험심사평가원 (B551182): 병원정보서비스, 약국정보서비스 and 의료기관별상세정보서비스 2.7.
 * HIRA answers through the data.go.kr gateway: XML unless `_type=json`, `items: ""` when empty,
 * one row as a bare object, and in JSON every value that looks like a number becomes one
 * (sidoCd 110000, estbDd 19941109, trmtMonEnd 1730) while zero-led ones stay strings
 * (clCd "01", postNo "06351", trmtMonStart "0830").
 */
import { haversineMetres, type LatLon } from "../../geo/projections";
import { decimal, integer, optional, required, ServiceFault, type Row, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { CL_NAMES, DEPARTMENT_NAMES, hiraRegion, HOSPITALS, institutionOf, PHARMACIES, type Institution } from "../world/hospitals";

const GATEWAY_NUMBER = /^(0|[1-9]\d{0,14})(\.\d+)?$/;

/** The gateway's XML-to-JSON conversion: number-looking strings become JSON numbers. */
function gatewayTyped(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" && GATEWAY_NUMBER.test(v) ? Number(v) : v]));
}

function sixDigits(request: SandboxRequest, name: string): string | undefined {
  const value = optional(request, name);
  if (value !== undefined && !/^\d{6}$/.test(value)) throw new ServiceFault("invalid", name);
  return value;
}

interface Origin {
  point: LatLon;
  radius?: number;
}

/** xPos/yPos come together; radius (m) is optional and limits the search when given. */
function originOf(request: SandboxRequest): Origin | undefined {
  if (optional(request, "xPos") === undefined && optional(request, "yPos") === undefined) return undefined;
  const point = { lon: decimal(request, "xPos"), lat: decimal(request, "yPos") };
  const radius = optional(request, "radius") === undefined ? undefined : integer(request, "radius", { min: 1, max: 100_000 });
  return { point, radius };
}

function search(request: SandboxRequest, institutions: readonly Institution[], rowOf: (i: Institution, distance?: number) => Row): Row[] {
  const sidoCd = sixDigits(request, "sidoCd");
  const sgguCd = sixDigits(request, "sgguCd");
  const emdongNm = optional(request, "emdongNm");
  const yadmNm = optional(request, "yadmNm");
  const clCd = optional(request, "clCd");
  const dgsbjtCd = optional(request, "dgsbjtCd");
  const origin = originOf(request);
  const matches = institutions.filter((i) => {
    const region = hiraRegion(i);
    return (
      (sidoCd === undefined || region.sidoCd === sidoCd) &&
      (sgguCd === undefined || region.sgguCd === sgguCd) &&
      (emdongNm === undefined || i.emdongNm.includes(emdongNm)) &&
      (yadmNm === undefined || i.name.includes(yadmNm)) &&
      (clCd === undefined || i.clCd === clCd) &&
      (dgsbjtCd === undefined || i.departments.some((d) => d.code === dgsbjtCd))
    );
  });
  if (!origin) return [...matches].sort((a, b) => a.name.localeCompare(b.name, "ko")).map((i) => gatewayTyped(rowOf(i)));
  return matches
    .map((i) => ({ i, distance: haversineMetres(origin.point, i.position) }))
    .filter(({ distance }) => origin.radius === undefined || distance <= origin.radius)
    .sort((a, b) => a.distance - b.distance)
    .map(({ i, distance }) => gatewayTyped(rowOf(i, Math.round(distance * 10) / 10)));
}

function placeFields(i: Institution, distance?: number): Row {
  const region = hiraRegion(i);
  return {
    addr: i.addr,
    clCd: i.clCd,
    clCdNm: CL_NAMES[i.clCd] ?? "",
    ...(distance === undefined ? {} : { distance: String(distance) }),
    emdongNm: i.emdongNm,
    estbDd: i.estbDd,
    postNo: i.postNo,
    sgguCd: region.sgguCd,
    sgguCdNm: region.sgguCdNm,
    sidoCd: region.sidoCd,
    sidoCdNm: region.sidoCdNm,
    telno: i.telno,
    XPos: String(i.position.lon),
    YPos: String(i.position.lat),
    yadmNm: i.name,
    ykiho: i.ykiho,
  };
}

const DENTAL = new Set(["49"]);
const ORIENTAL = new Set(["80", "85"]);

function hospitalRow(i: Institution, distance?: number): Row {
  const specialists = (select: (code: string) => boolean) => i.departments.filter((d) => select(d.code)).reduce((sum, d) => sum + d.specialists, 0);
  const medical = specialists((c) => !DENTAL.has(c) && !ORIENTAL.has(c));
  const dental = specialists((c) => DENTAL.has(c));
  const oriental = specialists((c) => ORIENTAL.has(c));
  return {
    ...placeFields(i, distance),
    cmdcSdrCnt: String(oriental),
    detySdrCnt: String(dental),
    drTotCnt: String(medical + dental + oriental + i.otherDoctors),
    ...(i.hospUrl ? { hospUrl: i.hospUrl } : {}),
    mdeptSdrCnt: String(medical),
  };
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"] as const;

function detailRows(request: SandboxRequest): Row[] {
  const institution = institutionOf(required(request, "ykiho"));
  if (!institution) return [];
  const h = institution.hours;
  const row: Row = {
    emyDayYn: h.emergencyDay ? "Y" : "N",
    ...(h.emergencyDay ? { emyDayTelNo1: institution.telno } : {}),
    emyNgtYn: h.emergencyNight ? "Y" : "N",
    ...(h.emergencyNight ? { emyNgtTelNo1: institution.telno } : {}),
    ...(h.lunchWeek ? { lunchWeek: h.lunchWeek } : {}),
    noTrmtHoli: h.noTrmtHoli,
    noTrmtSun: h.noTrmtSun,
    parkQty: String(h.parkQty),
    parkXpnsYn: h.parkPaid ? "Y" : "N",
    ...(h.rcvWeek ? { rcvWeek: h.rcvWeek } : {}),
    ...(h.rcvSat ? { rcvSat: h.rcvSat } : {}),
  };
  WEEKDAYS.forEach((day, index) => {
    row[`trmt${day}Start`] = h.weekday[0];
    row[`trmt${day}End`] = h.lateDay && h.lateDay[0] === index ? h.lateDay[1] : h.weekday[1];
  });
  if (h.saturday) [row["trmtSatStart"], row["trmtSatEnd"]] = h.saturday;
  if (h.sunday) [row["trmtSunStart"], row["trmtSunEnd"]] = h.sunday;
  return [gatewayTyped(row)];
}

function departmentRows(request: SandboxRequest): Row[] {
  const institution = institutionOf(required(request, "ykiho"));
  if (!institution) return [];
  return [...institution.departments]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((d) => gatewayTyped({ cdiagDrCnt: String(d.consulting), dgsbjtCd: d.code, dgsbjtCdNm: DEPARTMENT_NAMES[d.code] ?? "", dgsbjtPrSdrCnt: String(d.specialists) }));
}

const common = {
  provider: "hira",
  ...DATA_GO_KR_GATEWAY,
  format: { in: "query", name: "_type", default: "xml" },
  pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 1000 },
  envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE.", items: "item", wrapper: true, empty: "empty_string", singleAsObject: true },
} as const satisfies Partial<SandboxOperation>;

const DETAIL = "/B551182/MadmDtlInfoService2.7";

export const HIRA_OPERATIONS: SandboxOperation[] = [
  { ...common, id: "hira.getHospBasisList", path: "/B551182/hospInfoServicev2/getHospBasisList", handle: (r) => search(r, HOSPITALS, hospitalRow) },
  { ...common, id: "hira.getParmacyBasisList", path: "/B551182/pharmacyInfoService/getParmacyBasisList", handle: (r) => search(r, PHARMACIES, placeFields) },
  { ...common, id: "hira.getDtlInfo2.7", path: `${DETAIL}/getDtlInfo2.7`, handle: detailRows },
  { ...common, id: "hira.getDgsbjtInfo2.7", path: `${DETAIL}/getDgsbjtInfo2.7`, handle: departmentRows },
];
