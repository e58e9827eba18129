/**
 * Builds the real HTTP request of an upstream operation from its spec, validated arguments, the
 * provider's configured base URL and a service key. Nothing in the arguments can choose the host:
 * the URL is always the configured base URL plus the spec's path.
 */
import type { AnyProvider } from "../catalog/providers";
import type { UpstreamToolSpec } from "../catalog/spec";
import { AS_OF_HEADER } from "../sandbox/as-of";

export interface UpstreamTarget {
  /** Base URL of the provider (real host or sandbox), from configuration. */
  baseUrl: string;
  /** Service key; never logged, never returned. */
  key: string;
  /** The sandbox only: the earlier instant (ms) its world answers as of (real hosts answer only now). */
  asOf?: number;
}

const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;

/**
 * data.go.kr issues one key in an Encoding (%2B…) and a Decoding (+/=) rendering. We always send
 * the decoded form through URLSearchParams, which encodes it exactly once: either rendering works.
 */
export function decodeServiceKey(key: string, encoding: AnyProvider["keyEncoding"]): string {
  const trimmed = key.trim();
  if (encoding !== "datagokr" || !PERCENT_ESCAPE.test(trimmed)) return trimmed;
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}

function stringify(value: unknown): string {
  if (Array.isArray(value)) return value.map(stringify).join(",");
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** An argument as it is written into the URL. */
export const pathValueOf = stringify;

/**
 * `.` and `..` are resolved by every URL parser as "this" and "the parent" directory whatever their
 * encoding (`%2E%2E` too): as a path parameter they would climb out of the operation's path.
 */
export function isDotSegment(value: string): boolean {
  return value === "." || value === "..";
}

/** Which page a call asks for, for results whose envelope does not say. */
export function requestedPage(spec: UpstreamToolSpec, args: Record<string, unknown>): number {
  const pagination = spec.pagination;
  if (pagination.style === "page") return Number(args[pagination.pageParam] ?? 1) || 1;
  if (pagination.style === "range") {
    const start = Number(args[pagination.startParam] ?? 1);
    const end = Number(args[pagination.endParam] ?? start);
    const size = Math.max(1, end - start + 1);
    return Math.floor((start - 1) / size) + 1;
  }
  return 1;
}

export function buildUpstreamRequest(
  spec: UpstreamToolSpec,
  provider: Pick<AnyProvider, "keyEncoding">,
  args: Record<string, unknown>,
  target: UpstreamTarget,
): Request {
  const { request } = spec;
  const key = decodeServiceKey(target.key, provider.keyEncoding);
  const pathArgs = new Set(request.pathParams);
  const bodyArgs = new Set(request.bodyParams);

  let path = request.path.replace("{key}", encodeURIComponent(key));
  if (request.format.in === "path") path = path.replace("{format}", request.format.value);
  for (const name of request.pathParams) {
    const value = args[name];
    const text = value === undefined || value === null ? "" : stringify(value);
    // The gateway refuses these as bad arguments first; no request may be built with one.
    if (isDotSegment(text)) throw new Error(`path parameter ${name} would climb out of the operation's path`);
    path = path.replace(`{${name}}`, encodeURIComponent(text));
  }

  const query = new URLSearchParams();
  if (request.key.in === "query") query.set(request.key.name, key);
  for (const [name, value] of Object.entries(request.fixedQuery)) query.set(name, value);
  if (request.format.in === "query") query.set(request.format.name, request.format.value);
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null || pathArgs.has(name)) continue;
    if (bodyArgs.has(name)) body[name] = value;
    else query.set(request.queryNames[name] ?? name, stringify(value));
  }

  const url = `${target.baseUrl.replace(/\/+$/, "")}${path}${query.size > 0 ? `?${query.toString()}` : ""}`;
  const headers = new Headers({
    Accept: request.responseFormat === "xml" ? "application/xml, text/xml, */*" : "application/json, */*",
    // MFDS answers 403 through its WAF when no User-Agent is sent.
    "User-Agent": "kopa-edge/0.1 (+https://github.com/kopa-edge)",
  });
  if (target.asOf !== undefined) headers.set(AS_OF_HEADER, new Date(target.asOf).toISOString());
  if (request.method === "POST") {
    headers.set("Content-Type", "application/json");
    return new Request(url, { method: "POST", headers, body: JSON.stringify(body) });
  }
  return new Request(url, { method: "GET", headers });
}
