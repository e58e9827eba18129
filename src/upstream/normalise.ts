/**
 * One function from (spec, HTTP response) to a NormalisedResult, for every envelope family the
 * catalog uses. It never trusts Content-Type: the body is sniffed (JSON, XML or plain text), the
 * data.go.kr gateway error is recognised in any rendering, and item values are coerced to the
 * spec's declared field types (numeric routeno → "402", "  12,000" → 12000, blank → null).
 */
import { XMLParser } from "fast-xml-parser";
import type { OutputField, ResponseSpec } from "../catalog/spec";
import { classifyDataGoKr, classifyJuso, classifyOdcloud, classifySeoul, type CodeOutcome } from "./codes";
import { failure, success, type Item, type NormalisedResult } from "./result";

export interface RawResponse {
  status: number;
  contentType: string | null;
  body: string;
}

type Json = Record<string, unknown>;

const xml = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  parseTagValue: false,
  trimValues: true,
});

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

function toInt(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : null;
  if (typeof value !== "string") return null;
  const cleaned = value.replace(/[,\s]/g, "");
  return /^-?\d+(\.0+)?$/.test(cleaned) ? Math.trunc(Number(cleaned)) : null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const cleaned = value.replace(/[,\s]/g, "");
  return /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned) ? Number(cleaned) : null;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function coerce(value: unknown, field: OutputField): unknown {
  if (isBlank(value)) return null;
  switch (field.type) {
    case "string":
      return typeof value === "string" ? value.trim() : typeof value === "object" ? JSON.stringify(value) : String(value);
    case "integer":
      return toInt(value);
    case "number":
      return toNumber(value);
    case "boolean": {
      const text = String(value).trim().toUpperCase();
      if (["Y", "TRUE", "1"].includes(text)) return true;
      if (["N", "FALSE", "0"].includes(text)) return false;
      return null;
    }
  }
}

/** Coerces declared fields to their types and trims undeclared string values. */
export function coerceItem(raw: unknown, fields: readonly OutputField[]): Item {
  const source: Json = isRecord(raw) ? raw : { value: raw };
  const item: Item = {};
  for (const [key, value] of Object.entries(source)) {
    item[key] = typeof value === "string" ? (value.trim() === "" ? null : value.trim()) : value;
  }
  for (const field of fields) item[field.name] = coerce(source[field.name], field);
  return item;
}

type Parsed = { kind: "json"; value: unknown } | { kind: "xml"; value: Json } | { kind: "text"; value: string };

function parseBody(body: string): Parsed {
  const text = body.replace(/^\uFEFF/, "").trim();
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      return { kind: "json", value: JSON.parse(text) as unknown };
    } catch {
      return { kind: "text", value: text };
    }
  }
  if (text.startsWith("<")) {
    try {
      const value: unknown = xml.parse(text);
      if (isRecord(value)) return { kind: "xml", value };
    } catch {
      return { kind: "text", value: text };
    }
  }
  return { kind: "text", value: text };
}

/** The data.go.kr front door's own error, rendered as XML or JSON, whatever was requested. */
function gatewayError(doc: Json): NormalisedResult | null {
  const gateway = doc["OpenAPI_ServiceResponse"];
  if (!isRecord(gateway)) return null;
  const header = isRecord(gateway["cmmMsgHeader"]) ? gateway["cmmMsgHeader"] : {};
  const reason = String(header["returnReasonCode"] ?? header["returnAuthMsg"] ?? "99");
  const outcome = classifyDataGoKr(reason);
  const message = String(header["returnAuthMsg"] ?? header["errMsg"] ?? "SERVICE ERROR");
  return failure(outcome.kind === "error" ? outcome.code : "UPSTREAM_FAILURE", outcome.canonical, message);
}

function fromOutcome(outcome: CodeOutcome, upstreamCode: string, message: string, page: number): NormalisedResult | null {
  if (outcome.kind === "error") return failure(outcome.code, upstreamCode, message, page);
  if (outcome.kind === "empty") return success([], 0, page);
  return null;
}

function items(rows: unknown[], fields: readonly OutputField[]): Item[] {
  return rows.map((row) => coerceItem(row, fields));
}

/** response.header/body (data.go.kr), the same without the wrapper (MFDS), items as array (AirKorea). */
function dataGoKr(doc: Json, spec: ResponseSpec, page: number): NormalisedResult {
  const root = isRecord(doc["response"]) ? doc["response"] : doc;
  const header = root["header"];
  if (!isRecord(header) || header["resultCode"] === undefined) return garbled("no response.header.resultCode");
  const code = String(header["resultCode"]);
  const outcome = classifyDataGoKr(code);
  const settled = fromOutcome(outcome, outcome.canonical, String(header["resultMsg"] ?? ""), page);
  if (settled) return settled;
  const body = root["body"];
  if (!isRecord(body)) return success([], 0, page);
  // AptBasisInfoServiceV5 answers a lookup by id with its one row as body.item, without items.
  const container = body["items"] ?? body["item"];
  const rows = isRecord(container) && "item" in container ? asArray(container["item"]) : asArray(container);
  return success(items(rows, spec.fields), toInt(body["totalCount"]) ?? rows.length, toInt(body["pageNo"]) ?? page);
}

/** {"StanReginCd":[{"head":[{totalCount},{numOfRows,pageNo,type},{RESULT}]},{"row":[...]}]} */
function stanRegin(doc: Json, spec: ResponseSpec, page: number): NormalisedResult {
  const top = doc["RESULT"];
  if (isRecord(top)) {
    const code = String(top["resultCode"] ?? top["CODE"] ?? "");
    return fromOutcome(classifySeoul(code), code, String(top["resultMsg"] ?? top["MESSAGE"] ?? ""), page) ?? success([], 0, page);
  }
  const sections = asArray(doc[spec.listKey ?? "StanReginCd"]);
  let head: unknown[] = [];
  let rows: unknown[] = [];
  for (const section of sections) {
    if (isRecord(section) && "head" in section) head = asArray(section["head"]);
    if (isRecord(section) && "row" in section) rows = asArray(section["row"]);
  }
  if (head.length === 0) return garbled(`no ${spec.listKey ?? "StanReginCd"} head`);
  let totalCount: number | null = null;
  let pageNo: number | null = null;
  for (const part of head) {
    if (!isRecord(part)) continue;
    if ("totalCount" in part) totalCount = toInt(part["totalCount"]);
    if ("pageNo" in part) pageNo = toInt(part["pageNo"]);
    const result = part["RESULT"];
    if (isRecord(result)) {
      const code = String(result["resultCode"] ?? "");
      const settled = fromOutcome(classifySeoul(code), code, String(result["resultMsg"] ?? ""), page);
      if (settled) return settled;
    }
  }
  return success(items(rows, spec.fields), totalCount ?? rows.length, pageNo ?? page);
}

/** {"<Service>":{"list_total_count":N,"RESULT":{"CODE","MESSAGE"},"row":[...]}} or a bare {"RESULT":...}. */
function seoul(doc: Json, spec: ResponseSpec, page: number): NormalisedResult {
  const service = spec.listKey ? doc[spec.listKey] : undefined;
  const container = isRecord(service) ? service : doc;
  const result = container["RESULT"];
  if (!isRecord(result)) return garbled("no RESULT in the Seoul envelope");
  const code = String(result["CODE"] ?? "");
  const settled = fromOutcome(classifySeoul(code), code, String(result["MESSAGE"] ?? ""), page);
  if (settled) return settled;
  const rows = asArray(container["row"]);
  return success(items(rows, spec.fields), toInt(container["list_total_count"]) ?? rows.length, page);
}

/** swopenAPI: {"errorMessage":{status,code,message,total},"<list>":[...]}; errors may come flat. */
function swopen(doc: Json, spec: ResponseSpec, page: number): NormalisedResult {
  const header = isRecord(doc["errorMessage"]) ? doc["errorMessage"] : doc;
  const code = header["code"];
  if (code === undefined) return garbled("no errorMessage.code");
  const settled = fromOutcome(classifySeoul(String(code)), String(code), String(header["message"] ?? ""), page);
  if (settled) return settled;
  const rows = asArray(doc[spec.listKey ?? "realtimeArrivalList"]);
  return success(items(rows, spec.fields), toInt(header["total"]) ?? rows.length, page);
}

/** {"results":{"common":{errorCode,errorMessage,totalCount,currentPage},"juso":[...]}} */
function juso(doc: Json, spec: ResponseSpec, page: number): NormalisedResult {
  const results = doc["results"];
  const common = isRecord(results) ? results["common"] : undefined;
  if (!isRecord(results) || !isRecord(common)) return garbled("no results.common");
  const code = String(common["errorCode"] ?? "");
  const settled = fromOutcome(classifyJuso(code), code, String(common["errorMessage"] ?? ""), page);
  if (settled) return settled;
  const rows = asArray(results["juso"]);
  return success(items(rows, spec.fields), toInt(common["totalCount"]) ?? rows.length, toInt(common["currentPage"]) ?? page);
}

/** A row with the keys of its nested `names` objects moved up, without overwriting its own keys. */
function lifted(row: unknown, names: readonly string[]): unknown {
  if (!isRecord(row) || names.length === 0) return row;
  const flat: Json = {};
  for (const name of names) {
    const nested = row[name];
    if (isRecord(nested)) Object.assign(flat, nested);
  }
  for (const [key, value] of Object.entries(row)) if (!names.includes(key)) flat[key] = value;
  return flat;
}

/** {"status_code":"OK","request_cnt":1,"match_cnt":1,"data":[...]}; key errors come as {code:-4,msg}. */
function odcloud(doc: Json, spec: ResponseSpec, page: number): NormalisedResult {
  const status = doc["status_code"];
  if (status === undefined) {
    const code = doc["code"];
    if (code === undefined) return garbled("no status_code");
    const message = String(doc["msg"] ?? "");
    return failure(/인증키|key/i.test(message) ? "UPSTREAM_KEY_REJECTED" : "UPSTREAM_FAILURE", String(code), message, page);
  }
  const settled = fromOutcome(classifyOdcloud(String(status)), String(status), String(doc["message"] ?? status), page);
  if (settled) return settled;
  const rows = asArray(doc["data"]).map((row) => lifted(row, spec.flatten ?? []));
  return success(items(rows, spec.fields), toInt(doc["match_cnt"]) ?? rows.length, page);
}

/** {"page":1,"perPage":10,"totalCount":N,"currentCount":10,"matchCount":N,"data":[...]}; key errors as {code:-4,msg}. */
function odcloudPage(doc: Json, spec: ResponseSpec, page: number): NormalisedResult {
  if (!Array.isArray(doc["data"])) {
    const code = doc["code"];
    if (code === undefined) return garbled("no data list");
    const message = String(doc["msg"] ?? "");
    return failure(/인증키|key/i.test(message) ? "UPSTREAM_KEY_REJECTED" : /파라미터|param/i.test(message) ? "UPSTREAM_INVALID_PARAM" : "UPSTREAM_FAILURE", String(code), message, page);
  }
  const rows = asArray(doc["data"]);
  return success(items(rows, spec.fields), toInt(doc["matchCount"]) ?? toInt(doc["totalCount"]) ?? rows.length, toInt(doc["page"]) ?? page);
}

function garbled(why: string): NormalisedResult {
  return failure("UPSTREAM_GARBLED", null, `unrecognised response: ${why}`);
}

const UNWRAP: Record<ResponseSpec["envelope"], (doc: Json, spec: ResponseSpec, page: number) => NormalisedResult> = {
  datagokr: dataGoKr,
  airkorea: dataGoKr,
  mfds: dataGoKr,
  stanregin: stanRegin,
  seoul,
  swopen,
  juso,
  odcloud,
  odcloud_page: odcloudPage,
};

/**
 * Normalises one upstream HTTP answer. `page` is the page that was asked for, reported when the
 * envelope does not echo it.
 */
export function normalise(spec: ResponseSpec, raw: RawResponse, page = 1): NormalisedResult {
  const parsed = parseBody(raw.body);
  if (parsed.kind === "text") {
    // data.go.kr's gateway answers "Unexpected errors" when the backend behind a catalogued
    // operation fails or has moved: transient (retried, counted by the breaker). A service that
    // is really gone says so with reason code 12 in its XML envelope.
    if (/unexpected errors/i.test(parsed.value)) {
      return failure("UPSTREAM_FAILURE", String(raw.status), `Unexpected errors (HTTP ${raw.status}): the backend failed or the endpoint moved`, page);
    }
    if (raw.status >= 500) return failure("UPSTREAM_FAILURE", String(raw.status), `HTTP ${raw.status}`, page);
    if (raw.status >= 400) return refused(raw.status, page);
    return failure("UPSTREAM_GARBLED", null, `unparseable ${raw.body.trim() === "" ? "empty " : ""}body (HTTP ${raw.status})`, page);
  }
  if (!isRecord(parsed.value)) return failure("UPSTREAM_GARBLED", null, "body is not an object", page);
  const doc = parsed.value;
  const gateway = gatewayError(doc);
  if (gateway) return gateway;
  const result = UNWRAP[spec.envelope](doc, spec, page);
  if (!result.ok && result.error.code === "UPSTREAM_GARBLED" && raw.status >= 500) {
    return failure("UPSTREAM_FAILURE", String(raw.status), `HTTP ${raw.status}`, page);
  }
  if (!result.ok && result.error.code === "UPSTREAM_GARBLED" && raw.status >= 400) return refused(raw.status, page);
  return result;
}

/** A 4xx without an envelope we know (a 404 page, a firewall's 403): the upstream refused this request. */
function refused(status: number, page: number): NormalisedResult {
  return failure("UPSTREAM_INVALID_PARAM", String(status), `HTTP ${status}: the upstream refused the request`, page);
}
