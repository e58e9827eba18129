/** 한국천문연구원 특일정보 (SpcdeInfoService): 공휴일 and 국경일 by year and month. */
import { integer, optional, ServiceFault, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { SPECIAL_DAYS, type SpecialDay } from "../world/holidays";

const BASE = "/B090041/openapi/service/SpcdeInfoService";

function daysOf(request: SandboxRequest, select: (day: SpecialDay) => boolean) {
  const year = integer(request, "solYear", { min: 1900, max: 2100 });
  const monthRaw = optional(request, "solMonth");
  if (monthRaw !== undefined && !/^(0[1-9]|1[0-2])$/.test(monthRaw)) throw new ServiceFault("invalid", "solMonth");
  const prefix = `${year}${monthRaw ?? ""}`;
  return SPECIAL_DAYS.filter((d) => d.locdate.startsWith(prefix) && select(d)).map((d, i) => ({
    dateKind: d.dateKind,
    dateName: d.dateName,
    isHoliday: d.isHoliday,
    // KASI sends locdate and seq as JSON numbers.
    locdate: Number(d.locdate),
    seq: i + 1,
  }));
}

const common = {
  provider: "kasi",
  ...DATA_GO_KR_GATEWAY,
  format: { in: "query", name: "_type", default: "xml" },
  pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 1000 },
  envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE.", items: "item", wrapper: true, empty: "empty_string", singleAsObject: true },
} as const satisfies Partial<SandboxOperation>;

export const KASI_OPERATIONS: SandboxOperation[] = [
  { ...common, id: "kasi.getRestDeInfo", path: `${BASE}/getRestDeInfo`, handle: (r) => daysOf(r, (d) => d.isHoliday === "Y") },
  { ...common, id: "kasi.getHoliDeInfo", path: `${BASE}/getHoliDeInfo`, handle: (r) => daysOf(r, (d) => d.national) },
];
