/**
 * What the browser tests need besides the browser: the local stack (scripts/stack.ts) on free
 * ports with fresh state, a team, a small graph (build, then verify a few tools' edges) and one
 * drift event (a renamed field in the sandbox, seen by the scheduled re-verification). The web
 * project's global setup (global-setup.ts) makes it once for all of its files.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SANDBOX_ADMIN_TOKEN, startStack, type Stack } from "../../../scripts/stack";

const CANDIDATES = [process.env["CHROMIUM_PATH"], "/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** Debian's Chromium, or null when none is installed here. */
export function chromiumPath(): string | null {
  return CANDIDATES.find((p): p is string => typeof p === "string" && p !== "" && existsSync(p)) ?? null;
}

/** The flags this machine's closed network needs (no background connections, no QUIC). */
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export const TENANT = "web-e2e";

export interface Fixture {
  stack: Stack;
  token: string;
  state: string;
}

/** What the test files get of the fixture (provided by the global setup). */
export interface WebStack {
  appUrl: string;
  token: string;
}

export async function api<T>(stack: { appUrl: string }, path: string, init: RequestInit & { token: string }): Promise<T> {
  const res = await fetch(`${stack.appUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${init.token}`, "Content-Type": "application/json", ...init.headers },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Job {
  id: string;
  status: string;
}

async function runJob(stack: Stack, token: string, path: string, body: Record<string, unknown>): Promise<Job> {
  let job = await api<Job>(stack, path, { method: "POST", token, body: JSON.stringify(body) });
  for (let i = 0; i < 300 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await api<Job>(stack, `/v1/graph/jobs/${job.id}`, { token });
  }
  // A verify job that spends its budget has still verified what it reached.
  if (job.status !== "done" && job.status !== "budget_exhausted") throw new Error(`${path} ended ${job.status}`);
  return job;
}

/** Verified edges among a few providers keep the verify step short. */
const VERIFY_TOOLS = ["kasi_public_holidays", "kasi_national_days", "tour_area_codes", "tour_area_based_list", "tour_detail_common", "juso_search", "juso_coordinates"];

export async function startFixture(log: (line: string) => void): Promise<Fixture> {
  const state = mkdtempSync(join(tmpdir(), "kopa-web-e2e-"));
  const adminToken = "web-e2e-admin";
  const stack = await startStack({ persistTo: state, appPort: 0, sandboxPort: 0, tenant: TENANT, adminToken, masterKey: "web-e2e-master-key-0123456789abcdef", log });
  const { token } = await api<{ token: string }>(stack, "/admin/teams", { method: "POST", token: adminToken, body: JSON.stringify({ name: "web-e2e" }) });
  log("building and verifying a small graph");
  await runJob(stack, token, "/v1/graph/build", {});
  await runJob(stack, token, "/v1/graph/verify", { budget: 80, k: 2, tools: VERIFY_TOOLS });
  log("provoking drift");
  await fetch(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/config`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ scenarios: { kasi: [{ kind: "rename_field", op: "kasi.getRestDeInfo", from: "dateName", to: "holidayName" }] } }),
  });
  // wrangler's local server runs the scheduled handler on this path.
  const scheduled = await fetch(`${stack.appUrl}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("17 * * * *")}`);
  if (!scheduled.ok) throw new Error(`the scheduled handler answered HTTP ${scheduled.status}`);
  for (let i = 0; i < 200; i++) {
    const { events } = await api<{ events: { tool: string }[] }>(stack, "/v1/graph/drift", { token });
    if (events.some((e) => e.tool === "kasi_public_holidays")) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await fetch(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/config`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ scenarios: { kasi: [] } }),
  });
  return { stack, token, state };
}
