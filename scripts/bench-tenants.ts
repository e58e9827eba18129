/**
 * `npm run bench:tenants`: two teams on one gateway and one shared key (the operator's), against
 * the sandbox under `wrangler dev`, with the gateway's production settings (30 calls a second per
 * key, each team at most half of a shared key's quota and rate). Team A runs a steady, paced
 * workload (mostly cached calls, one in five a cold call that goes upstream), first alone, then
 * while team B floods the same provider with as many distinct cold calls as it can send, `..` and
 * `.` path arguments, and `no-cache` calls on A's answers. A's success rate and latency should not
 * change. Prints a table, then one line of key=value pairs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "./stack";

const PHASE_S = Number(process.env["BENCH_SECONDS"] ?? 10);
/** A's paced request rate (requests a second) and the share of them that are cold. */
const A_RPS = Number(process.env["BENCH_A_RPS"] ?? 20);
const A_COLD_EVERY = 5;
/** B's flood: closed-loop connections, each sending as fast as it is answered. */
const B_CONNECTIONS = Number(process.env["BENCH_B_CONNECTIONS"] ?? 32);
const TENANT = "tenants";

const persistTo = mkdtempSync(join(tmpdir(), "kopa-tenants-"));
const adminToken = "tenants-admin";
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: TENANT, adminToken, masterKey: "tenants-master-key-0123" });

interface Sample {
  status: number;
  /** The error code of a refused call. */
  code: string | null;
  ms: number;
}

interface Outcome {
  requests: number;
  ok: number;
  byStatus: Record<string, number>;
  p50: number;
  p99: number;
}

function summarise(samples: readonly Sample[]): Outcome {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0;
  const byStatus: Record<string, number> = {};
  for (const s of samples) {
    const key = s.code ? `${s.status} ${s.code}` : String(s.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return { requests: samples.length, ok: samples.filter((s) => s.status >= 200 && s.status < 300).length, byStatus, p50: q(0.5), p99: q(0.99) };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${new URL(url).pathname}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function team(name: string): Promise<Record<string, string>> {
  const { token } = await json<{ token: string }>(`${stack.appUrl}/admin/teams`, {
    method: "POST",
    headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name }),
  });
  return { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
}

async function call(headers: Record<string, string>, tool: string, body: unknown): Promise<Sample> {
  const started = performance.now();
  try {
    const res = await fetch(`${stack.appUrl}/v1/tools/${tool}/call`, { method: "POST", headers, body: JSON.stringify(body) });
    const text = await res.text();
    // Not the gateway's own error body: what answered instead (the local dev server, overloaded).
    const code = res.ok ? null : (/"code":"(\w+)"/.exec(text)?.[1] ?? `other: ${text.slice(0, 60).replace(/\s+/g, " ")}`);
    return { status: res.status, code, ms: performance.now() - started };
  } catch {
    return { status: 0, code: "NO_ANSWER", ms: performance.now() - started };
  }
}

const WARM_MONTHS = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];

/** A's workload, paced at A_RPS for PHASE_S seconds: cached months, and every fifth a cold year. */
async function runA(headers: Record<string, string>, firstColdYear: number): Promise<Sample[]> {
  const pending: Promise<Sample>[] = [];
  const total = PHASE_S * A_RPS;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const at = started + (i * 1000) / A_RPS;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const cold = Math.floor(i / A_COLD_EVERY);
    const args = i % A_COLD_EVERY === 0 ? { solYear: String(firstColdYear + Math.floor(cold / 12)), solMonth: WARM_MONTHS[cold % 12] } : { solYear: "2026", solMonth: WARM_MONTHS[i % WARM_MONTHS.length] };
    pending.push(call(headers, "kasi_public_holidays", { args }));
  }
  return Promise.all(pending);
}

/** B's flood until `until`: distinct cold calls, `..`/`.` path arguments and no-cache calls on A's answers. */
async function runB(headers: Record<string, string>, until: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  let next = 0;
  const connection = async () => {
    while (performance.now() < until) {
      const n = next++;
      const kind = n % 4;
      if (kind === 0) samples.push(await call(headers, "seoul_subway_station_search", { args: { STATION_NM: n % 8 === 0 ? ".." : "." } }));
      else if (kind === 1) samples.push(await call(headers, "kasi_public_holidays", { args: { solYear: "2026", solMonth: WARM_MONTHS[n % 12] }, cache: "no-cache" }));
      else samples.push(await call(headers, "kasi_public_holidays", { args: { solYear: String(2000 + (n % 100)), solMonth: WARM_MONTHS[Math.floor(n / 100) % 12], numOfRows: 1 + (Math.floor(n / 1200) % 100) } }));
    }
  };
  await Promise.all(Array.from({ length: B_CONNECTIONS }, connection));
  return samples;
}

try {
  const a = await team("tenant-a");
  const b = await team("tenant-b");
  // A's cached answers exist before either phase.
  for (const solMonth of WARM_MONTHS) await call(a, "kasi_public_holidays", { args: { solYear: "2026", solMonth } });

  // A's cold calls ask for years B never asks for (the sandbox knows 1900-2100).
  const alone = summarise(await runA(a, 1900));
  const floodUntil = performance.now() + PHASE_S * 1000 + 500;
  const [withFlood, flood] = await Promise.all([runA(a, 1950), runB(b, floodUntil)]);
  const aFlood = summarise(withFlood);
  const bFlood = summarise(flood);
  // After the flood: the provider is not paused for A (a cold call goes through).
  const after = await call(a, "kasi_public_holidays", { args: { solYear: "1999", solMonth: "12" } });

  const rate = (o: Outcome) => (o.requests === 0 ? 0 : o.ok / o.requests);
  const row = (o: Outcome) => ({ requests: o.requests, success: Number(rate(o).toFixed(4)), p50_ms: Math.round(o.p50), p99_ms: Math.round(o.p99), statuses: JSON.stringify(o.byStatus) });
  console.table({ "A alone": row(alone), "A during B's flood": row(aFlood), "B's flood": row(bFlood) });
  console.log(`${PHASE_S}s per phase; A paced at ${A_RPS} req/s (1 in ${A_COLD_EVERY} cold), B on ${B_CONNECTIONS} connections; both on the operator's key; A's cold call after the flood: HTTP ${after.status}`);
  console.log(
    `a_success_alone=${rate(alone).toFixed(4)} a_success_flood=${rate(aFlood).toFixed(4)} b_success_flood=${rate(bFlood).toFixed(4)} a_p99_ms_alone=${Math.round(alone.p99)} a_p99_ms_flood=${Math.round(aFlood.p99)} b_requests=${bFlood.requests} a_after_flood_status=${after.status}`,
  );
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
