/**
 * 국세청 사업자등록정보 상태조회 / 진위확인 on api.odcloud.kr: POST with a JSON body, at most
 * 100 numbers per call (TOO_LARGE_REQUEST beyond), a malformed body is BAD_JSON_REQUEST and a
 * body without its list REQUEST_DATA_MALFORMED. A number NTS does not know is not an error: it
 * comes back as a row whose tax_type says so and whose status fields are empty, which is also
 * what a 6-digit NPS prefix or a hyphenated number gets.
 */
import { ServiceFault, type HandlerAnswer, type Row, type SandboxOperation, type SandboxRequest } from "../operation";
import { businessOf, STATUS_NAMES, TAX_TYPE_NAMES, type Business } from "../world/businesses";

const MAX_NUMBERS = 100;
const UNREGISTERED = "국세청에 등록되지 않은 사업자등록번호입니다.";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function statusRow(bNo: string, business: Business | undefined): Row {
  if (!business) {
    return { b_no: bNo, b_stt: "", b_stt_cd: "", tax_type: UNREGISTERED, tax_type_cd: "", end_dt: "", utcc_yn: "", tax_type_change_dt: "", invoice_apply_dt: "", rbf_tax_type: "", rbf_tax_type_cd: "" };
  }
  return {
    b_no: bNo,
    b_stt: STATUS_NAMES[business.status],
    b_stt_cd: business.status,
    tax_type: TAX_TYPE_NAMES[business.taxType],
    tax_type_cd: business.taxType,
    end_dt: business.endDt ?? "",
    utcc_yn: "N",
    tax_type_change_dt: business.taxTypeChangeDt ?? "",
    invoice_apply_dt: business.invoiceApplyDt ?? "",
    rbf_tax_type: "해당없음",
    rbf_tax_type_cd: "99",
  };
}

/** The body's list under `key`: absent → malformed request, over 100 → too large. */
function listOf(body: unknown, key: string): unknown[] {
  if (body === null) throw new ServiceFault("invalid", key);
  const list = isRecord(body) ? body[key] : undefined;
  if (!Array.isArray(list) || list.length === 0) throw new ServiceFault("missing", key);
  if (list.length > MAX_NUMBERS) throw new ServiceFault("too_large", key);
  return list;
}

function status(request: SandboxRequest): HandlerAnswer {
  const numbers = listOf(request.body, "b_no").map((value) => String(value));
  const rows = numbers.map((bNo) => statusRow(bNo, businessOf(bNo)));
  return { rows, extra: { request_cnt: numbers.length, match_cnt: rows.filter((r) => r["b_stt_cd"] !== "").length } };
}

const REQUEST_FIELDS = ["b_no", "start_dt", "p_nm", "p_nm2", "b_nm", "corp_no", "b_sector", "b_type", "b_adr"] as const;

const stringOr = (value: unknown): string => (typeof value === "string" ? value : "");

/** 상호 as people type it: without spaces and without the 주식회사/(주) marker. */
function plainName(name: string): string {
  return name.replace(/주식회사|\(주\)|㈜/g, "").replace(/\s+/g, "");
}

/**
 * NTS compares 사업자등록번호, 개업일자 and 대표자성명, and 상호 and 법인등록번호 when given; the
 * sandbox does not model 업태, 종목 and 주소, so those are accepted as sent.
 */
function matches(business: Business, request: Record<string, string>): boolean {
  if (request["start_dt"] !== business.startDt || request["p_nm"] !== business.representative) return false;
  const name = request["b_nm"];
  if (name && plainName(name) !== plainName(business.name)) return false;
  const corpNo = request["corp_no"];
  return !corpNo || corpNo === business.corpNo;
}

function validate(request: SandboxRequest): HandlerAnswer {
  const entries = listOf(request.body, "businesses");
  const rows = entries.map((entry): Row => {
    if (!isRecord(entry) || typeof entry["b_no"] !== "string" || typeof entry["start_dt"] !== "string" || typeof entry["p_nm"] !== "string") {
      throw new ServiceFault("missing", "businesses");
    }
    const sent = Object.fromEntries(REQUEST_FIELDS.map((f) => [f, stringOr(entry[f])]));
    const bNo = sent["b_no"] ?? "";
    const business = businessOf(bNo);
    if (!business || !matches(business, sent)) return { b_no: bNo, valid: "02", valid_msg: "확인할 수 없습니다.", request_param: sent };
    return { b_no: bNo, valid: "01", request_param: sent, status: statusRow(bNo, business) };
  });
  return { rows, extra: { request_cnt: entries.length, valid_cnt: rows.filter((r) => r["valid"] === "01").length } };
}

const common = {
  provider: "nts",
  host: "api.odcloud.kr",
  method: "POST",
  keyKind: "datagokr",
  key: { in: "query", names: ["serviceKey"] },
  format: { in: "query", name: "returnType", default: "json" },
  pagination: { style: "none" },
  envelope: { family: "odcloud" },
} as const satisfies Partial<SandboxOperation>;

export const NTS_OPERATIONS: SandboxOperation[] = [
  { ...common, id: "nts.status", path: "/api/nts-businessman/v1/status", handle: status },
  { ...common, id: "nts.validate", path: "/api/nts-businessman/v1/validate", handle: validate },
];
