/**
 * How a sandbox operation is declared. A service module lists its operations; the dispatcher
 * does what every real host does around them (key check, quota, scenarios, pagination, the
 * envelope in JSON or XML) so that a handler only turns parameters into rows.
 */
import type { KeyKind } from "./keys";

export type Row = Record<string, unknown>;

export type SandboxHost =
  | "apis.data.go.kr"
  | "api.odcloud.kr"
  | "openapi.seoul.go.kr"
  | "swopenapi.seoul.go.kr"
  | "business.juso.go.kr";

/** How an operation wraps its rows; mirrors the real provider's envelope family. */
export type SandboxEnvelope =
  | {
      family: "datagokr";
      /** Success code and message exactly as the provider spells them ("00"/"NORMAL_SERVICE", "0000"/"OK", "000"/"OK"). */
      okCode: string;
      okMsg: string;
      /** `items.item` (most), a plain `items` array (AirKorea, MFDS) or one row as `body.item` (AptBasisInfoServiceV5 lookups). */
      items: "item" | "array" | "body_item";
      /** false for MFDS, whose header/body have no `response` wrapper. */
      wrapper: boolean;
      /** No rows: resultCode 03 (KMA), `items: ""` (TourAPI, TAGO, KASI, HIRA, RTMS) or `items: []`. */
      empty: "nodata" | "empty_string" | "empty_array";
      /** One row comes back as a bare object instead of a one-element array. */
      singleAsObject: boolean;
      /** Extra body fields (KMA's `dataType`). */
      bodyExtras?: Record<string, string>;
      /** Content-Type to send for JSON (StanReginCd-style hosts answer JSON as text/html). */
      jsonContentType?: string;
    }
  | { family: "stanregin"; root: string }
  | { family: "seoul"; service: string }
  | { family: "swopen"; list: string }
  | { family: "juso" }
  | { family: "odcloud" }
  /** data.go.kr file-data APIs: {page, perPage, totalCount, currentCount, matchCount, data}. */
  | { family: "odcloud_page" };

export type SandboxPagination =
  | { style: "page"; pageParam: string; sizeParam: string; defaultSize: number; maxSize: number }
  | { style: "range"; startParam: string; endParam: string; maxSize: number }
  | { style: "none" };

export interface SandboxRequest {
  /** Query parameters (key and format switch removed, drift scenarios applied), names as sent. */
  query: Record<string, string>;
  /** Path parameters of the route (Seoul's station name, date, ...). */
  path: Record<string, string>;
  /** Parsed JSON body of a POST, or undefined. */
  body: unknown;
  /** The instant it is answered at: the tenant's clock, or an earlier one the request asked for (./as-of.ts). */
  now: Date;
}

/** Faults a handler raises; the dispatcher renders them with the provider's own codes. */
export type FaultKind =
  | "missing" // a required parameter is absent
  | "invalid" // a parameter is malformed or out of range
  | "no_data" // a valid request with nothing to return, where the provider signals it as a code
  | "too_vague" // juso E0006: a keyword that is only a 시도 name
  | "too_short" // juso E0008: fewer than two characters
  | "forbidden_chars" // juso E0013: SQL words or %,=,>,<,[,]
  | "too_large"; // NTS TOO_LARGE_REQUEST

export class ServiceFault extends Error {
  constructor(
    readonly kind: FaultKind,
    readonly param?: string,
    message?: string,
  ) {
    super(message ?? `${kind}${param ? `: ${param}` : ""}`);
  }
}

export interface HandlerAnswer {
  rows: Row[];
  /** Top-level extras some envelopes carry (odcloud request_cnt). */
  extra?: Record<string, unknown>;
}

export interface SandboxOperation {
  /** `<provider>.<operation>`, used by scenarios and call counts. */
  id: string;
  provider: string;
  /** A catalogued host, or any host of an imported operation (src/sandbox/replica). */
  host: SandboxHost | (string & {});
  /** Daily development-key quota, where it is not the provider's documented default. */
  dailyQuota?: number;
  method: "GET" | "POST";
  /** Hono route pattern below the host, e.g. `/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst`. */
  path: string;
  keyKind: KeyKind;
  key: { in: "query"; names: readonly string[] } | { in: "path"; param: string };
  format: { in: "query"; name: string; default: "xml" | "json" } | { in: "path"; param: string } | { in: "fixed"; value: "json" | "xml" };
  pagination: SandboxPagination;
  envelope: SandboxEnvelope;
  handle(request: SandboxRequest): Row[] | HandlerAnswer;
}

/**
 * What every operation behind the data.go.kr gateway shares: its host, GET, and the key, which the
 * gateway reads as `serviceKey` or `ServiceKey`.
 */
export const DATA_GO_KR_GATEWAY = {
  host: "apis.data.go.kr",
  method: "GET",
  keyKind: "datagokr",
  key: { in: "query", names: ["serviceKey", "ServiceKey"] },
} as const satisfies Partial<SandboxOperation>;

/** Reads a required parameter or raises the provider's missing-parameter fault. */
export function required(request: SandboxRequest, name: string): string {
  const value = request.query[name] ?? request.path[name];
  if (value === undefined || value.trim() === "") throw new ServiceFault("missing", name);
  return value.trim();
}

export function optional(request: SandboxRequest, name: string): string | undefined {
  const value = request.query[name] ?? request.path[name];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/** A required parameter that must match a pattern (e.g. /^\d{8}$/), else the invalid fault. */
export function requiredMatching(request: SandboxRequest, name: string, pattern: RegExp): string {
  const value = required(request, name);
  if (!pattern.test(value)) throw new ServiceFault("invalid", name);
  return value;
}

/** An integer parameter within bounds, else the invalid fault. */
export function integer(request: SandboxRequest, name: string, bounds: { min?: number; max?: number; fallback?: number } = {}): number {
  const raw = optional(request, name);
  if (raw === undefined) {
    if (bounds.fallback !== undefined) return bounds.fallback;
    throw new ServiceFault("missing", name);
  }
  if (!/^-?\d+$/.test(raw)) throw new ServiceFault("invalid", name);
  const value = Number(raw);
  if ((bounds.min !== undefined && value < bounds.min) || (bounds.max !== undefined && value > bounds.max)) {
    throw new ServiceFault("invalid", name);
  }
  return value;
}

/** A decimal parameter (coordinates), else the invalid fault. */
export function decimal(request: SandboxRequest, name: string): number {
  const raw = required(request, name);
  if (!/^-?\d+(\.\d+)?$/.test(raw)) throw new ServiceFault("invalid", name);
  return Number(raw);
}
