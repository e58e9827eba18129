/**
 * Provider result codes mapped to our error codes. Sources: the data.go.kr message-code table
 * (official HIRA guide), the Seoul open-API INFO/ERROR table, juso E-codes, NTS odcloud codes.
 */
import type { UpstreamErrorCode } from "./result";

/** data.go.kr codes; 00/0/000/0000 are success and 03 (NODATA_ERROR) is an empty success. */
const DATA_GO_KR: Record<string, UpstreamErrorCode> = {
  "1": "UPSTREAM_FAILURE", // APPLICATION_ERROR
  "2": "UPSTREAM_FAILURE", // DB_ERROR
  "4": "UPSTREAM_FAILURE", // HTTP_ERROR
  "5": "UPSTREAM_TIMEOUT", // SERVICETIMEOUT_ERROR
  "10": "UPSTREAM_INVALID_PARAM", // INVALID_REQUEST_PARAMETER_ERROR
  "11": "UPSTREAM_INVALID_PARAM", // NO_MANDATORY_REQUEST_PARAMETERS_ERROR
  "12": "UPSTREAM_SERVICE_MISSING", // NO_OPENAPI_SERVICE_ERROR
  "20": "UPSTREAM_KEY_REJECTED", // SERVICE_ACCESS_DENIED_ERROR
  "21": "UPSTREAM_KEY_REJECTED", // TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR
  "22": "UPSTREAM_QUOTA_EXCEEDED", // LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR
  "30": "UPSTREAM_KEY_REJECTED", // SERVICE_KEY_IS_NOT_REGISTERED_ERROR
  "31": "UPSTREAM_KEY_REJECTED", // DEADLINE_HAS_EXPIRED_ERROR
  "32": "UPSTREAM_KEY_REJECTED", // UNREGISTERED_IP_ERROR
  "33": "UPSTREAM_KEY_REJECTED", // UNSIGNED_CALL_ERROR
  "99": "UPSTREAM_FAILURE", // UNKNOWN_ERROR
};

/** The gateway sometimes puts the reason's name where its number belongs. */
const DATA_GO_KR_NAMES: Record<string, string> = {
  APPLICATION_ERROR: "1",
  DB_ERROR: "2",
  NODATA_ERROR: "3",
  HTTP_ERROR: "4",
  SERVICETIMEOUT_ERROR: "5",
  INVALID_REQUEST_PARAMETER_ERROR: "10",
  NO_MANDATORY_REQUEST_PARAMETERS_ERROR: "11",
  NO_OPENAPI_SERVICE_ERROR: "12",
  SERVICE_ACCESS_DENIED_ERROR: "20",
  TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR: "21",
  LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR: "22",
  SERVICE_KEY_IS_NOT_REGISTERED_ERROR: "30",
  DEADLINE_HAS_EXPIRED_ERROR: "31",
  UNREGISTERED_IP_ERROR: "32",
  UNSIGNED_CALL_ERROR: "33",
  UNKNOWN_ERROR: "99",
};

export type CodeOutcome = { kind: "ok" } | { kind: "empty" } | { kind: "error"; code: UpstreamErrorCode };

/** Classifies a data.go.kr resultCode or returnReasonCode (number or name, zero-padded or not). */
export function classifyDataGoKr(raw: string): CodeOutcome & { canonical: string } {
  const trimmed = raw.trim();
  const numeric = /^\d+$/.test(trimmed) ? String(Number(trimmed)) : DATA_GO_KR_NAMES[trimmed.toUpperCase()];
  if (numeric === undefined) return { kind: "error", code: "UPSTREAM_FAILURE", canonical: trimmed };
  const canonical = numeric.padStart(2, "0");
  if (numeric === "0") return { kind: "ok", canonical };
  if (numeric === "3") return { kind: "empty", canonical };
  return { kind: "error", code: DATA_GO_KR[numeric] ?? "UPSTREAM_FAILURE", canonical };
}

/** Seoul open API (openapi.seoul.go.kr, swopenAPI) and its sibling portals. */
export function classifySeoul(code: string): CodeOutcome {
  if (code === "INFO-000" || code === "INFO-0") return { kind: "ok" };
  if (code === "INFO-200" || code === "INFO-3") return { kind: "empty" };
  if (code === "INFO-100" || code === "INFO-300" || code === "ERROR-290") return { kind: "error", code: "UPSTREAM_KEY_REJECTED" };
  if (code === "ERROR-337") return { kind: "error", code: "UPSTREAM_QUOTA_EXCEEDED" };
  if (code === "ERROR-310") return { kind: "error", code: "UPSTREAM_SERVICE_MISSING" };
  if (/^ERROR-(300|301|33[1-6])$/.test(code)) return { kind: "error", code: "UPSTREAM_INVALID_PARAM" };
  return { kind: "error", code: "UPSTREAM_FAILURE" };
}

/** juso errorCode: "0" ok, E0001 key, E0005/E0006/E0008.. request, E0014 daily limit, -999 system. */
export function classifyJuso(code: string): CodeOutcome {
  if (code === "0") return { kind: "ok" };
  if (code === "E0001") return { kind: "error", code: "UPSTREAM_KEY_REJECTED" };
  if (code === "E0014") return { kind: "error", code: "UPSTREAM_QUOTA_EXCEEDED" };
  if (/^E00\d\d$/.test(code)) return { kind: "error", code: "UPSTREAM_INVALID_PARAM" };
  return { kind: "error", code: "UPSTREAM_FAILURE" };
}

/** NTS odcloud status_code. */
export function classifyOdcloud(code: string): CodeOutcome {
  if (code === "OK") return { kind: "ok" };
  if (code === "BAD_JSON_REQUEST" || code === "TOO_LARGE_REQUEST" || code === "REQUEST_DATA_MALFORMED") {
    return { kind: "error", code: "UPSTREAM_INVALID_PARAM" };
  }
  return { kind: "error", code: "UPSTREAM_FAILURE" };
}
