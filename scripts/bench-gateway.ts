/**
 * `npm run bench:gateway`: the gateway against the sandbox, both under `wrangler dev`, loaded with
 * autocannon from this process. Measures cached-call throughput and latency against calling the
 * sandbox directly, the overhead of a miss, and the upstream calls made by 50 concurrent identical
 * cold calls. Prints a table, then one line of key=value pairs.
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SANDBOX_ADMIN_TOKEN, startStack } from "./stack";

const DURATION_S = Number(process.env["BENCH_SECONDS"] ?? 8);
/** Enough connections to saturate both workers: throughput. */
const CONNECTIONS = Number(process.env["BENCH_CONNECTIONS"] ?? 20);
/** A steady, unsaturated load: latency. */
const LATENCY_CONNECTIONS = Number(process.env["BENCH_LATENCY_CONNECTIONS"] ?? 4);
const TENANT = "bench";

const persistTo = mkdtempSync(join(tmpdir(), "kopa-bench-"));
const adminToken = "bench-admin";
// The per-key rate limit would throttle the sequential miss loop; it is not what is measured.
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: TENANT, adminToken, masterKey: "bench-master", vars: { RATE_PER_SECOND: "100000" } });

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${new URL(url).pathname}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

try {
  const sandboxAdmin = { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` };
  const keys = await json<Record<string, string>>(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/keys`, { headers: sandboxAdmin });
  // Quota is not what is measured here.
  await json(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/config`, { method: "PUT", headers: { ...sandboxAdmin, "Content-Type": "application/json" }, body: JSON.stringify({ quotas: { kasi: 10_000_000 } }) });
  const { token } = await json<{ token: string }>(`${stack.appUrl}/admin/teams`, { method: "POST", headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" }, body: JSON.stringify({ name: "bench" }) });
  const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const callUrl = `${stack.appUrl}/v1/tools/kasi_public_holidays/call`;
  const directUrl = (month: string) =>
    `${stack.sandboxUrl}/apis.data.go.kr/B090041/openapi/service/SpcdeInfoService/getRestDeInfo?ServiceKey=${encodeURIComponent(keys["datagokr"] ?? "")}&_type=json&solYear=2026&solMonth=${month}&numOfRows=50&pageNo=1`;
  const body = (month: string) => JSON.stringify({ args: { solYear: "2026", solMonth: month } });

  // Warm the cached entry and both workers.
  await json(callUrl, { method: "POST", headers: auth, body: body("05") });
  await fetch(directUrl("05"));

  const direct = await load({ url: directUrl("05") });
  const cached = await load({ url: callUrl, method: "POST", headers: auth, body: body("05") });
  const directSteady = await load({ url: directUrl("05"), connections: LATENCY_CONNECTIONS });
  const cachedSteady = await load({ url: callUrl, method: "POST", headers: auth, body: body("05"), connections: LATENCY_CONNECTIONS });

  // Miss overhead: sequential cold calls (distinct arguments) against the same call made directly.
  const missMs: number[] = [];
  const directMs: number[] = [];
  for (let year = 1990; year < 2030; year++) {
    const t0 = performance.now();
    await json(callUrl, { method: "POST", headers: auth, body: JSON.stringify({ args: { solYear: String(year), solMonth: "10" } }) });
    missMs.push(performance.now() - t0);
    const t1 = performance.now();
    await (await fetch(directUrl("10").replace("solYear=2026", `solYear=${year}`))).text();
    directMs.push(performance.now() - t1);
  }
  missMs.sort((a, b) => a - b);
  directMs.sort((a, b) => a - b);

  // Single flight: 50 concurrent identical cold calls; the sandbox counts upstream calls.
  const before = await json<{ calls: Record<string, number> }>(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/stats`, { headers: sandboxAdmin });
  await Promise.all(Array.from({ length: 50 }, () => json(callUrl, { method: "POST", headers: auth, body: JSON.stringify({ args: { solYear: "2027", solMonth: "09" } }) })));
  const after = await json<{ calls: Record<string, number> }>(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/stats`, { headers: sandboxAdmin });
  const coalescedUpstream = (after.calls["kasi.getRestDeInfo"] ?? 0) - (before.calls["kasi.getRestDeInfo"] ?? 0);

  const ratio = cached.requests.average / direct.requests.average;
  const row = (r: autocannon.Result) => ({ rps: r.requests.average, p50_ms: r.latency.p50, p99_ms: r.latency.p99, errors: r.errors + r.non2xx });
  console.table({
    [`direct sandbox, ${CONNECTIONS} conn`]: row(direct),
    [`gateway cached, ${CONNECTIONS} conn`]: row(cached),
    [`direct sandbox, ${LATENCY_CONNECTIONS} conn`]: row(directSteady),
    [`gateway cached, ${LATENCY_CONNECTIONS} conn`]: row(cachedSteady),
    "gateway miss (sequential)": { rps: 1000 / quantile(missMs, 0.5), p50_ms: quantile(missMs, 0.5), p99_ms: quantile(missMs, 0.99), errors: 0 },
    "direct (sequential)": { rps: 1000 / quantile(directMs, 0.5), p50_ms: quantile(directMs, 0.5), p99_ms: quantile(directMs, 0.99), errors: 0 },
  });
  const missOverhead = (quantile(missMs, 0.5) - quantile(directMs, 0.5)).toFixed(1);
  console.log(`${DURATION_S}s per load run; throughput at ${CONNECTIONS} connections, latency at ${LATENCY_CONNECTIONS}; miss overhead p50 = ${missOverhead} ms`);
  console.log(
    `cached_rps=${cached.requests.average.toFixed(0)} direct_rps=${direct.requests.average.toFixed(0)} ratio=${ratio.toFixed(2)} p50_ms=${cachedSteady.latency.p50} p99_ms=${cachedSteady.latency.p99} p99_ms_saturated=${cached.latency.p99} miss_overhead_p50_ms=${missOverhead} coalesced_upstream_calls=${coalescedUpstream}`,
  );
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
