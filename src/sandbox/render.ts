/**
 * Renders sandbox answers in each provider's own envelope, codes and format, including the
 * data.go.kr gateway's XML error that arrives whatever format was requested.
 */
import type { FaultKind, Row, SandboxEnvelope } from "./operation";

export type Format = "json" | "xml";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Elements from a JSON-like value: arrays repeat the element name, null is an empty element. */
export function toXml(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => toXml(name, v)).join("");
  if (value === null || value === undefined || value === "") return `<${name}></${name}>`;
  if (typeof value === "object") {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => toXml(k, v))
      .join("");
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function json(body: unknown, status = 200, contentType = "application/json;charset=UTF-8"): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": contentType } });
}

function xmlResponse(root: string, body: unknown, status = 200): Response {
  return new Response(`${XML_DECL}${toXml(root, body)}`, { status, headers: { "Content-Type": "application/xml;charset=UTF-8" } });
}

export interface Page {
  pageNo: number;
  numOfRows: number;
  totalCount: number;
}

/** Rows of one page in the envelope of the operation's family. */
export function renderRows(envelope: SandboxEnvelope, format: Format, rows: Row[], page: Page, extra: Record<string, unknown> = {}): Response {
  switch (envelope.family) {
    case "datagokr": {
      if (rows.length === 0 && envelope.empty === "nodata") return renderFault(envelope, format, "no_data");
      const header = { resultCode: envelope.okCode, resultMsg: envelope.okMsg };
      if (envelope.items === "body_item") {
        // A lookup by id answers its one row directly as body.item, without items or counts.
        const body = { item: rows[0] ?? "" };
        if (format === "xml") return xmlResponse("response", { header, body });
        return json(envelope.wrapper ? { response: { header, body } } : { header, body }, 200, envelope.jsonContentType);
      }
      let items: unknown;
      if (rows.length === 0) items = envelope.empty === "empty_array" ? [] : "";
      else if (envelope.items === "array") items = rows;
      else items = { item: rows.length === 1 && envelope.singleAsObject ? rows[0] : rows };
      // KMA's body.dataType names the format it answered in (JSON or XML).
      const extras = envelope.bodyExtras?.["dataType"] === undefined ? envelope.bodyExtras : { ...envelope.bodyExtras, dataType: format.toUpperCase() };
      const body = { ...extras, items, numOfRows: page.numOfRows, pageNo: page.pageNo, totalCount: page.totalCount };
      if (format === "xml") {
        // XML has no arrays: a plain `items` array becomes repeated <item> elements like the real XML.
        const xmlBody = { ...body, items: rows.length === 0 ? "" : { item: rows } };
        return xmlResponse("response", { header, body: xmlBody });
      }
      const doc = envelope.wrapper ? { response: { header, body } } : { header, body };
      return json(doc, 200, envelope.jsonContentType);
    }
    case "stanregin": {
      if (rows.length === 0) return renderFault(envelope, format, "no_data");
      const head = [
        { totalCount: page.totalCount },
        { numOfRows: String(page.numOfRows), pageNo: String(page.pageNo), type: format.toUpperCase() },
        { RESULT: { resultCode: "INFO-0", resultMsg: "NOMAL SERVICE" } },
      ];
      if (format === "xml") return xmlResponse(envelope.root, { head, row: rows });
      // The real host labels this JSON as text/html.
      return json({ [envelope.root]: [{ head }, { row: rows }] }, 200, "text/html;charset=UTF-8");
    }
    case "seoul": {
      if (rows.length === 0) return renderFault(envelope, format, "no_data");
      const service = { list_total_count: page.totalCount, RESULT: { CODE: "INFO-000", MESSAGE: "정상 처리되었습니다" }, row: rows };
      return format === "xml" ? xmlResponse(envelope.service, service) : json({ [envelope.service]: service });
    }
    case "swopen": {
      if (rows.length === 0) return renderFault(envelope, format, "no_data");
      const errorMessage = { status: 200, code: "INFO-000", message: "정상 처리되었습니다.", link: "", developerMessage: "", total: page.totalCount };
      return format === "xml" ? xmlResponse("realtimeStationArrival", { RESULT: errorMessage, row: rows }) : json({ errorMessage, [envelope.list]: rows });
    }
    case "juso": {
      const common = {
        errorMessage: "정상",
        countPerPage: String(page.numOfRows),
        totalCount: String(page.totalCount),
        errorCode: "0",
        currentPage: String(page.pageNo),
      };
      return format === "xml" ? xmlResponse("results", { common, juso: rows }) : json({ results: { common, juso: rows } });
    }
    case "odcloud":
      return json({ status_code: "OK", ...extra, data: rows });
    case "odcloud_page":
      return json({ page: page.pageNo, perPage: page.numOfRows, totalCount: page.totalCount, currentCount: rows.length, matchCount: page.totalCount, data: rows });
  }
}

const DATA_GO_KR_FAULT: Record<FaultKind, [string, string]> = {
  missing: ["11", "NO_MANDATORY_REQUEST_PARAMETERS_ERROR"],
  invalid: ["10", "INVALID_REQUEST_PARAMETER_ERROR"],
  no_data: ["03", "NO_DATA"],
  too_vague: ["10", "INVALID_REQUEST_PARAMETER_ERROR"],
  forbidden_chars: ["10", "INVALID_REQUEST_PARAMETER_ERROR"],
  too_short: ["10", "INVALID_REQUEST_PARAMETER_ERROR"],
  too_large: ["10", "INVALID_REQUEST_PARAMETER_ERROR"],
};

const SEOUL_FAULT: Record<FaultKind, [string, string]> = {
  missing: ["ERROR-300", "필수 값이 누락되어 있습니다. 요청인자를 참고 하십시오."],
  invalid: ["ERROR-301", "파일타입 값이 누락 혹은 유효하지 않습니다. 요청인자 중 TYPE을 확인하십시오."],
  no_data: ["INFO-200", "해당하는 데이터가 없습니다."],
  too_vague: ["ERROR-300", "필수 값이 누락되어 있습니다."],
  forbidden_chars: ["ERROR-300", "필수 값이 누락되어 있습니다."],
  too_short: ["ERROR-300", "필수 값이 누락되어 있습니다."],
  too_large: ["ERROR-336", "데이터요청은 한번에 최대 1000건을 넘을 수 없습니다."],
};

const JUSO_FAULT: Record<FaultKind, [string, string]> = {
  missing: ["E0005", "검색어가 입력되지 않았습니다."],
  invalid: ["E0005", "검색어가 입력되지 않았습니다."],
  no_data: ["0", "정상"],
  too_vague: ["E0006", "주소를 상세히 입력해 주시기 바랍니다."],
  forbidden_chars: ["E0013", "검색어에 SQL 예약어 또는 특수문자(%,=,>,<,[,])는 입력할 수 없습니다."],
  too_short: ["E0008", "검색어는 두글자 이상 입력되어야 합니다."],
  too_large: ["E0005", "검색어가 입력되지 않았습니다."],
};

function jusoError(format: Format, code: string, message: string): Response {
  const common = { errorMessage: message, countPerPage: "10", totalCount: "0", errorCode: code, currentPage: "1" };
  return format === "xml" ? xmlResponse("results", { common, juso: null }) : json({ results: { common, juso: null } });
}

function seoulError(envelope: { family: "seoul" | "swopen" | "stanregin" }, format: Format, code: string, message: string): Response {
  if (envelope.family === "swopen") {
    const flat = { status: 500, code, message, link: "", developerMessage: "", total: 0 };
    return format === "xml" ? xmlResponse("RESULT", flat) : json(flat);
  }
  const result = envelope.family === "stanregin" ? { resultCode: code, resultMsg: message } : { CODE: code, MESSAGE: message };
  return format === "xml" ? xmlResponse("RESULT", result) : json({ RESULT: result }, 200, envelope.family === "stanregin" ? "text/html;charset=UTF-8" : undefined);
}

/** A service-level fault in the provider's envelope and code table. */
export function renderFault(envelope: SandboxEnvelope, format: Format, kind: FaultKind, seoulCode?: string): Response {
  switch (envelope.family) {
    case "datagokr": {
      const [code, msg] = DATA_GO_KR_FAULT[kind];
      const header = { resultCode: code, resultMsg: msg };
      if (format === "xml") return xmlResponse("response", { header });
      return json(envelope.wrapper ? { response: { header } } : { header }, 200, envelope.jsonContentType);
    }
    case "stanregin":
      if (kind === "no_data") return seoulError(envelope, format, "INFO-3", "해당하는 데이터가 없습니다.");
      return seoulError(envelope, format, "ERROR-300", "필수 값이 누락되어 있습니다.");
    case "seoul":
    case "swopen": {
      const [code, msg] = SEOUL_FAULT[kind];
      return seoulError(envelope, format, seoulCode ?? code, msg);
    }
    case "juso": {
      if (kind === "no_data") return renderRows(envelope, format, [], { pageNo: 1, numOfRows: 10, totalCount: 0 });
      const [code, msg] = JUSO_FAULT[kind];
      return jusoError(format, code, msg);
    }
    case "odcloud": {
      // A body without its list is REQUEST_DATA_MALFORMED; an unparseable one BAD_JSON_REQUEST.
      const code = kind === "too_large" ? "TOO_LARGE_REQUEST" : kind === "missing" ? "REQUEST_DATA_MALFORMED" : "BAD_JSON_REQUEST";
      return json({ status_code: code }, 400);
    }
    case "odcloud_page":
      if (kind === "no_data") return renderRows(envelope, format, [], { pageNo: 1, numOfRows: 10, totalCount: 0 });
      return json({ code: -1, msg: kind === "missing" ? "필수 파라미터가 누락되었습니다." : "파라미터가 올바르지 않습니다." }, 400);
  }
}

/** A Seoul range fault with its exact code (ERROR-331..336). */
export function renderSeoulCode(envelope: SandboxEnvelope, format: Format, code: string, message: string): Response {
  if (envelope.family === "seoul" || envelope.family === "swopen" || envelope.family === "stanregin") return seoulError(envelope, format, code, message);
  return renderFault(envelope, format, "invalid");
}

/** The data.go.kr front door's answer for key and quota problems: always XML. */
export function gatewayXml(reason: "30" | "22", status: number): Response {
  const auth = reason === "30" ? "SERVICE_KEY_IS_NOT_REGISTERED_ERROR" : "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR";
  const body =
    `<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg>` +
    `<returnAuthMsg>${auth}</returnAuthMsg><returnReasonCode>${reason}</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>`;
  return new Response(body, { status, headers: { "Content-Type": "text/xml;charset=UTF-8" } });
}

/** Key or quota refusal in the family's own form (data.go.kr gateway XML, Seoul INFO-100, juso E0001, odcloud -4). */
export function renderAccessDenied(envelope: SandboxEnvelope, format: Format, reason: "key" | "quota"): Response {
  switch (envelope.family) {
    case "datagokr":
    case "stanregin":
      // Key refusals come with 403 (2026 behaviour), quota refusals with 200 (as long documented).
      return reason === "key" ? gatewayXml("30", 403) : gatewayXml("22", 200);
    case "seoul":
    case "swopen":
      return reason === "key"
        ? seoulError(envelope, format, "INFO-100", "인증키가 유효하지 않습니다. 인증키가 없는 경우, 열린 데이터 광장 홈페이지에서 인증키를 신청하십시오.")
        : seoulError(envelope, format, "ERROR-337", "일일 트래픽 제한 횟수를 초과하였습니다.");
    case "juso":
      return reason === "key" ? jusoError(format, "E0001", "승인되지 않은 KEY 입니다.") : jusoError(format, "E0014", "개발승인키 기간이 만료되어 서비스를 이용하실 수 없습니다.");
    case "odcloud":
    case "odcloud_page":
      return reason === "key"
        ? json({ code: -4, msg: "등록되지 않은 인증키 입니다." }, 401)
        : json({ code: -5, msg: "일일 트래픽을 초과하였습니다." }, 429);
  }
}
