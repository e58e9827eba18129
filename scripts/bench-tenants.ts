/**
 * `npm run bench:tenants`: two teams on one gateway and one shared key (the operator's), against
 * the sandbox under `wrangler dev`, with the gateway's production settings (30 calls a second per
 * key, each team at most half of a shared key's quota and rate). Team A runs a steady, paced
 * workload on two providers (KASI holidays, Seoul station search; mostly cached calls, one in five
 * a cold call that goes upstream), first alone, then while team B floods the same providers with as
 * many distinct cold calls as it can send, `..` and `.` path arguments, and `no-cache` calls on A's
 * answers. A's success rate should not change. Prints a table, then one line of key=value pairs;
 * answers that did not come from the gateway (the local dev server reloading) are counted apart.
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
  /** Answers that did not come from the gateway (the local dev server reloading its workers). */
  devServer: number;
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
  const devServer = samples.filter((s) => s.code?.startsWith(NOT_GATEWAY) === true).length;
  return { requests: samples.length, ok: samples.filter((s) => s.status >= 200 && s.status < 300).length, devServer, byStatus, p50: q(0.5), p99: q(0.99) };
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
    const code = res.ok ? null : (/"code":"(\w+)"/.exec(text)?.[1] ?? `${NOT_GATEWAY}${text.slice(0, 40).replace(/\s+/g, " ")}`);
    return { status: res.status, code, ms: performance.now() - started };
  } catch {
    return { status: 0, code: "NO_ANSWER", ms: performance.now() - started };
  }
}

const NOT_GATEWAY = "not the gateway: ";
const WARM_MONTHS = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];
const WARM_STATIONS = ["강남", "서울", "잠실", "홍대입구", "신촌", "사당"];

/** A's i-th call of a phase: cached months and stations, every fifth a cold one (a year or a name asked for nowhere else). */
function callOfA(i: number, phase: string): { tool: string; body: unknown } {
  const cold = Math.floor(i / A_COLD_EVERY);
  if (i % A_COLD_EVERY === 0) {
    return cold % 2 === 0
      ? { tool: "kasi_public_holidays", body: { args: { solYear: String((phase === "alone" ? 1900 : 1950) + Math.floor(cold / 24)), solMonth: WARM_MONTHS[(cold / 2) % 12] } } }
      : { tool: "seoul_subway_station_search", body: { args: { STATION_NM: `${phase}역${cold}` } } };
  }
  return i % 2 === 0
    ? { tool: "kasi_public_holidays", body: { args: { solYear: "2026", solMonth: WARM_MONTHS[i % WARM_MONTHS.length] } } }
    : { tool: "seoul_subway_station_search", body: { args: { STATION_NM: WARM_STATIONS[i % WARM_STATIONS.length] } } };
}

/** A's workload, paced at A_RPS for `seconds`. */
async function runA(headers: Record<string, string>, phase: string, seconds = PHASE_S): Promise<Sample[]> {
  const pending: Promise<Sample>[] = [];
  const total = seconds * A_RPS;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const at = started + (i * 1000) / A_RPS;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { tool, body } = callOfA(i, phase);
    pending.push(call(headers, tool, body));
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
      const kind = n % 5;
      // Each with its own page size, so that no two are one call in flight: every one goes upstream.
      if (kind < 2) samples.push(await call(headers, "seoul_subway_station_search", { args: { STATION_NM: kind === 0 ? ".." : ".", endIndex: 1 + (n % 20) } }));
      else if (kind === 2) samples.push(await call(headers, "kasi_public_holidays", { args: { solYear: "2026", solMonth: WARM_MONTHS[n % 12] }, cache: "no-cache" }));
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
  for (const STATION_NM of WARM_STATIONS) await call(a, "seoul_subway_station_search", { args: { STATION_NM } });

  const alone = summarise(await runA(a, "alone"));
  const floodUntil = performance.now() + PHASE_S * 1000 + 500;
  const [withFlood, flood] = await Promise.all([runA(a, "flood"), runB(b, floodUntil)]);
  const aFlood = summarise(withFlood);
  const bFlood = summarise(flood);
  // Right after the flood: no provider is paused for A (a circuit opened by B's arguments would show here).
  const after = summarise(await runA(a, "after", Math.ceil(PHASE_S / 2)));

  const rate = (o: Outcome) => (o.requests === 0 ? 0 : o.ok / o.requests);
  const row = (o: Outcome) => ({ requests: o.requests, success: Number(rate(o).toFixed(4)), p50_ms: Math.round(o.p50), p99_ms: Math.round(o.p99), statuses: JSON.stringify(o.byStatus) });
  console.table({ "A alone": row(alone), "A during B's flood": row(aFlood), "B's flood": row(bFlood), "A right after": row(after) });
  console.log(`${PHASE_S}s per phase (${Math.ceil(PHASE_S / 2)}s after); A paced at ${A_RPS} req/s (1 in ${A_COLD_EVERY} cold), B on ${B_CONNECTIONS} connections; both on the operator's key`);
  console.log(
    `a_success_alone=${rate(alone).toFixed(4)} a_success_flood=${rate(aFlood).toFixed(4)} a_success_after=${rate(after).toFixed(4)} b_success_flood=${rate(bFlood).toFixed(4)} a_p99_ms_alone=${Math.round(alone.p99)} a_p99_ms_flood=${Math.round(aFlood.p99)} b_requests=${bFlood.requests} dev_server_answers=${alone.devServer + aFlood.devServer + bFlood.devServer + after.devServer}`,
  );
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
