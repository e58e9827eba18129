/**
 * What a real host does around every operation, in the real order: check the service key, count
 * the call against the daily quota, apply the tenant's fault and drift scenarios, read the
 * parameters, run the handler (at the tenant's clock, or an earlier instant the request asks for:
 * ./as-of.ts), paginate and render the provider's envelope.
 */
import type { Context } from "hono";
import { answeredAt, AS_OF_HEADER, requestedAsOf } from "./as-of";
import { tenantOfKey } from "./keys";
import { ServiceFault, type HandlerAnswer, type Row, type SandboxOperation } from "./operation";
import { renderAccessDenied, renderFault, renderRows, renderSeoulCode, type Format } from "./render";
import { appliesTo, driftParams, driftRows } from "./scenarios";
import type { SandboxEnv } from "./env";

/** Documented daily development-key limits; a tenant may override them. */
export const DEFAULT_DAILY_QUOTA: Record<string, number> = {
  kma: 10_000,
  airkorea: 500,
  tourapi: 1_000,
  tago: 10_000,
  seoul_subway: 1_000,
  seoul_openapi: 1_000,
  juso_search: 10_000,
  juso_coord: 10_000,
  mois_region: 10_000,
  molit_rtms: 10_000,
  molit_apt: 10_000,
  molit_bld: 10_000,
  mfds: 10_000,
  hira: 1_000,
  nts: 10_000,
  nps: 10_000,
  kasi: 10_000,
};

/** Seoul's public demo key: works on every Seoul service but only for five rows at a time. */
const SEOUL_SAMPLE_KEY = "sample";

function formatOf(op: SandboxOperation, query: Record<string, string>, path: Record<string, string>): Format {
  switch (op.format.in) {
    case "fixed":
      return op.format.value;
    case "query": {
      const value = query[op.format.name];
      return value === undefined ? op.format.default : value.toLowerCase() === "json" ? "json" : "xml";
    }
    case "path":
      return (path[op.format.param] ?? "").toLowerCase() === "json" ? "json" : "xml";
  }
}

function keyOf(op: SandboxOperation, query: Record<string, string>, path: Record<string, string>): string | undefined {
  if (op.key.in === "path") return path[op.key.param];
  for (const name of op.key.names) if (query[name] !== undefined) return query[name];
  return undefined;
}

function answerOf(result: Row[] | HandlerAnswer): HandlerAnswer {
  return Array.isArray(result) ? { rows: result } : result;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A body cut short mid-document, as a proxy that drops the connection would deliver it. */
async function garble(response: Response): Promise<Response> {
  const text = await response.text();
  return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), { status: 200, headers: response.headers });
}

type Paged = { rows: Row[]; pageNo: number; numOfRows: number } | { fault: Response };

function paginate(op: SandboxOperation, format: Format, rows: Row[], query: Record<string, string>, path: Record<string, string>, sampleKey: boolean): Paged {
  const p = op.pagination;
  if (p.style === "none") return { rows, pageNo: 1, numOfRows: rows.length };
  if (p.style === "page") {
    const pageRaw = query[p.pageParam] ?? "1";
    const sizeRaw = query[p.sizeParam] ?? String(p.defaultSize);
    if (!/^\d+$/.test(pageRaw) || !/^\d+$/.test(sizeRaw) || Number(pageRaw) < 1) return { fault: renderFault(op.envelope, format, "invalid") };
    const pageNo = Number(pageRaw);
    const numOfRows = Math.min(Math.max(1, Number(sizeRaw)), p.maxSize);
    return { rows: rows.slice((pageNo - 1) * numOfRows, pageNo * numOfRows), pageNo, numOfRows };
  }
  const startRaw = path[p.startParam] ?? query[p.startParam] ?? "";
  const endRaw = path[p.endParam] ?? query[p.endParam] ?? "";
  if (!/^\d+$/.test(startRaw) || Number(startRaw) < 1) return { fault: renderSeoulCode(op.envelope, format, "ERROR-331", "요청시작위치 값을 확인하십시오.") };
  if (!/^\d+$/.test(endRaw)) return { fault: renderSeoulCode(op.envelope, format, "ERROR-332", "요청종료위치 값을 확인하십시오.") };
  const start = Number(startRaw);
  const end = Number(endRaw);
  if (start > end) return { fault: renderSeoulCode(op.envelope, format, "ERROR-334", "요청종료위치 보다 요청시작위치가 더 큽니다.") };
  if (end - start + 1 > p.maxSize) return { fault: renderSeoulCode(op.envelope, format, "ERROR-336", "데이터요청은 한번에 최대 1000건을 넘을 수 없습니다.") };
  if (sampleKey && end - start + 1 > 5) {
    return { fault: renderSeoulCode(op.envelope, format, "ERROR-335", "sample인증키 사용시 데이터는 5건 이하로만 요청할 수 있습니다.") };
  }
  return { rows: rows.slice(start - 1, end), pageNo: Math.floor((start - 1) / (end - start + 1)) + 1, numOfRows: end - start + 1 };
}

async function readBody(c: Context): Promise<unknown> {
  if (c.req.method !== "POST") return undefined;
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

export async function dispatch(c: Context<{ Bindings: SandboxEnv }>, op: SandboxOperation): Promise<Response> {
  const query = c.req.query();
  const path = c.req.param() as Record<string, string>;
  const format = formatOf(op, query, path);
  const key = keyOf(op, query, path);

  const sampleKey = op.keyKind === "seoul" && key === SEOUL_SAMPLE_KEY;
  const tenant = sampleKey ? "default" : await tenantOfKey(c.env.SANDBOX_KEY_SALT, key, op.keyKind);
  if (tenant === null) return renderAccessDenied(op.envelope, format, "key");

  const stub = c.env.SANDBOX_TENANT.get(c.env.SANDBOX_TENANT.idFromName(tenant));
  const admission = await stub.admit(op.provider, op.id, op.dailyQuota ?? DEFAULT_DAILY_QUOTA[op.provider] ?? 10_000);
  if (!admission.admitted) return renderAccessDenied(op.envelope, format, "quota");

  const scenarios = admission.scenarios;
  let garbled = false;
  for (const s of scenarios) {
    if (s.kind === "outage") {
      return new Response(`<html><body><h1>${s.status} Service Unavailable</h1></body></html>`, { status: s.status, headers: { "Content-Type": "text/html" } });
    }
    if (s.kind === "unexpected_errors" && appliesTo(s, op.id)) return new Response("Unexpected errors", { status: 500, headers: { "Content-Type": "text/plain;charset=UTF-8" } });
    if (s.kind === "slow") await sleep(s.delayMs);
    if (s.kind === "quota") return renderAccessDenied(op.envelope, format, "quota");
    if (s.kind === "garbled") garbled = true;
  }

  const ownParams = new Set<string>([...(op.key.in === "query" ? op.key.names : []), ...(op.format.in === "query" ? [op.format.name] : [])]);
  const serviceQuery = Object.fromEntries(Object.entries(query).filter(([name]) => !ownParams.has(name)));
  const drifted = driftParams(scenarios, op.id, serviceQuery);
  let response: Response;
  if (drifted.removed !== null) {
    response = renderFault(op.envelope, format, "invalid");
  } else {
    try {
      const now = answeredAt(admission.now, requestedAsOf(c.req.header(AS_OF_HEADER)));
      const answer = answerOf(op.handle({ query: drifted.query, path, body: await readBody(c), now: new Date(now) }));
      const rows = driftRows(scenarios, op.id, answer.rows);
      const paged = paginate(op, format, rows, drifted.query, path, sampleKey);
      response = "fault" in paged ? paged.fault : renderRows(op.envelope, format, paged.rows, { pageNo: paged.pageNo, numOfRows: paged.numOfRows, totalCount: rows.length }, answer.extra);
    } catch (error) {
      if (!(error instanceof ServiceFault)) throw error;
      response = renderFault(op.envelope, format, error.kind);
    }
  }
  return garbled ? garble(response) : response;
}
