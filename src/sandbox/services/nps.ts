/**
 * 국민연금공단 가입 사업장 내역 V2 (B552015): workplace search, detail and monthly 취득/상실.
 * The data is a monthly snapshot whose latest 자료생성년월 is the month before the current KST
 * month. A workplace shows only the first six digits of its 사업자등록번호 (bzowrRgstNo), which is
 * why it cannot be fed to the NTS status check.
 */
import { kstParts } from "../../time/kst";
import { optional, required, ServiceFault, type Row, type SandboxOperation, type SandboxRequest, DATA_GO_KR_GATEWAY } from "../operation";
import { seededInt } from "../../util/random";
import { BUSINESSES, workplaceOf, type Business, type Workplace } from "../world/businesses";

/** YYYYMM of the latest published month: the month before `now` in KST. */
function latestMonth(now: Date): string {
  const { year, month } = kstParts(now);
  return month === 1 ? `${year - 1}12` : `${year}${String(month - 1).padStart(2, "0")}`;
}

function matching(request: SandboxRequest, name: string, pattern: RegExp): string | undefined {
  const value = optional(request, name);
  if (value !== undefined && !pattern.test(value)) throw new ServiceFault("invalid", name);
  return value;
}

function baseFields(b: Business, w: Workplace): Row {
  return {
    wkplNm: b.name,
    bzowrRgstNo: b.bNo.slice(0, 6),
    wkplRoadNmDtlAddr: b.address,
    wkplJnngStcd: w.scsnDt ? "2" : "1",
    wkplStylDvcd: b.corporate ? "1" : "2",
    ldongAddrMgplDgCd: b.dong.code.slice(0, 2),
    ldongAddrMgplSgguCd: b.dong.code.slice(0, 5),
    ldongAddrMgplSgguEmdCd: b.dong.code.slice(0, 8),
  };
}

function searchRows(request: SandboxRequest): Row[] {
  const sido = matching(request, "ldongAddrMgplDgCd", /^\d{2}$/);
  const sigungu = matching(request, "ldongAddrMgplSgguCd", /^\d{5}$/);
  const emd = matching(request, "ldongAddrMgplSgguEmdCd", /^\d{8}$/);
  const name = optional(request, "wkplNm");
  // Only the 6-digit prefix is on record, so a full 10-digit number matches nothing.
  const prefix = optional(request, "bzowrRgstNo");
  const month = latestMonth(request.now);
  return BUSINESSES.flatMap((b) => {
    const w = b.workplace;
    if (!w) return [];
    const code = b.dong.code;
    if ((sido && !code.startsWith(sido)) || (sigungu && !code.startsWith(sigungu)) || (emd && !code.startsWith(emd))) return [];
    if ((name && !b.name.includes(name)) || (prefix && b.bNo.slice(0, 6) !== prefix)) return [];
    return [{ dataCrtYm: month, seq: Number(w.seq), ...baseFields(b, w) }];
  }).sort((a, b) => Number(a["seq"]) - Number(b["seq"]));
}

function workplace(request: SandboxRequest): [Business, Workplace] | undefined {
  const seq = required(request, "seq");
  if (!/^\d+$/.test(seq)) throw new ServiceFault("invalid", "seq");
  const business = workplaceOf(seq);
  return business?.workplace ? [business, business.workplace] : undefined;
}

function detailRows(request: SandboxRequest): Row[] {
  const found = workplace(request);
  if (!found) return [];
  const [b, w] = found;
  const headcount = w.scsnDt ? 0 : b.employees;
  return [
    {
      ...baseFields(b, w),
      wkplIntpCd: b.industry.code,
      vldtVlKrnNm: b.industry.name,
      adptDt: w.adptDt,
      scsnDt: w.scsnDt ?? "",
      jnngpCnt: headcount,
      // 당월고지금액: 9% of the members' 기준소득월액, rounded down to 10 원 as billed.
      crrmmNtcAmt: Math.floor((headcount * w.wage * 0.09) / 10) * 10,
    },
  ];
}

function monthlyRows(request: SandboxRequest): Row[] {
  const found = workplace(request);
  const latest = latestMonth(request.now);
  const month = optional(request, "dataCrtYm") ?? latest;
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(month)) throw new ServiceFault("invalid", "dataCrtYm");
  if (!found) return [];
  const [b, w] = found;
  const last = w.scsnDt ? w.scsnDt.slice(0, 6) : latest;
  if (month > latest || month > last || month < w.adptDt.slice(0, 6)) return [];
  const scale = Math.max(1, b.employees);
  return [
    {
      nwAcqzrCnt: seededInt(`nw:${w.seq}:${month}`, 0, Math.max(1, Math.round(scale * 0.06))),
      lssJnngpCnt: w.scsnDt && month === last ? scale : seededInt(`lss:${w.seq}:${month}`, 0, Math.max(1, Math.round(scale * 0.05))),
    },
  ];
}

const common = {
  provider: "nps",
  ...DATA_GO_KR_GATEWAY,
  format: { in: "query", name: "dataType", default: "xml" },
  pagination: { style: "page", pageParam: "pageNo", sizeParam: "numOfRows", defaultSize: 10, maxSize: 100 },
  envelope: { family: "datagokr", okCode: "00", okMsg: "NORMAL SERVICE.", items: "item", wrapper: true, empty: "empty_string", singleAsObject: true },
} as const satisfies Partial<SandboxOperation>;

const BASE = "/B552015/NpsBplcInfoInqireServiceV2";

export const NPS_OPERATIONS: SandboxOperation[] = [
  { ...common, id: "nps.getBassInfoSearchV2", path: `${BASE}/getBassInfoSearchV2`, handle: searchRows },
  { ...common, id: "nps.getDetailInfoSearchV2", path: `${BASE}/getDetailInfoSearchV2`, handle: detailRows },
  { ...common, id: "nps.getPdAcctoSttusInfoSearchV2", path: `${BASE}/getPdAcctoSttusInfoSearchV2`, handle: monthlyRows },
];
