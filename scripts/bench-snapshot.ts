/**
 * `npm run bench:snapshot -- [--at <ISO>] [--out <file>]`: records the frozen benchmark world that
 * ships with the project (data/bench/kopa-bench-v1.jsonl). Starts the local stack, pins the sandbox
 * replica at one instant, runs every KOPA-Bench task once with the SCRIPTED MODEL (a test double
 * that follows each gold plan, so the world holds every gold call's answer) and exports the run's
 * recorded world with its instant, catalog version and task-set hash. Refuses to write a world in
 * which any gold fails. Re-record it whenever the tasks or the catalog change: a run refuses a
 * snapshot recorded for another task set or catalog.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BENCH_TASKS } from "../src/bench/tasks";
import { startModelServer } from "../test/bench/support/model-server";
import { apiOf, attemptsOf, followRun, perTaskDigest, setSandboxClock, SHIPPED_SNAPSHOT, SHIPPED_SNAPSHOT_FILE, type RunView } from "./bench-support";
import { startStack } from "./stack";

const { values: flags } = parseArgs({
  options: {
    // A weekday afternoon: buses run, today's forecasts and observations are out.
    at: { type: "string", default: "2026-11-25T15:00:00+09:00" },
    out: { type: "string", default: SHIPPED_SNAPSHOT_FILE },
    name: { type: "string", default: SHIPPED_SNAPSHOT },
  },
});

const TENANT = "kopa-bench-snapshot";
const persistTo = mkdtempSync(join(tmpdir(), "kopa-bench-snapshot-"));
const adminToken = "bench-snapshot-admin";
const model = await startModelServer();
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: TENANT, adminToken, masterKey: "bench-snapshot-master", vars: { RATE_PER_SECOND: "100000" } });
const api = apiOf(stack);
try {
  await setSandboxClock(stack, TENANT, flags.at);
  const { token } = await api<{ token: string }>("/admin/teams", adminToken, { method: "POST", body: JSON.stringify({ name: "bench-snapshot" }) });
  const body = { suite: "kopa", endpoint: { baseUrl: model.url, model: "scripted:gold" }, now: flags.at, concurrency: 8, n: 1 };
  const run = await followRun(api, token, await api<RunView>("/v1/bench/runs", token, { method: "POST", body: JSON.stringify(body) }));
  if (run.status !== "done") throw new Error(`the recording run ended ${run.status}: ${run.error ?? ""}`);
  const failed = run.summary.unscorable;
  if (failed.length > 0) {
    console.table(Object.fromEntries(failed.map((u) => [u.itemId, { reason: u.reason.slice(0, 120) }])));
    throw new Error(`${failed.length} gold plans fail at ${flags.at}: pick another instant (--at)`);
  }
  const res = await fetch(`${stack.appUrl}/v1/snapshots/bench-run-${run.id}/export`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`exporting the world failed: HTTP ${res.status}`);
  const [header = "", ...entries] = (await res.text()).trim().split("\n");
  const meta = (JSON.parse(header) as { snapshot: Record<string, unknown> }).snapshot;
  const renamed = { snapshot: { ...meta, name: flags.name, description: `KOPA-Bench world: every gold call of the ${BENCH_TASKS.length} tasks, answered by the sandbox replica at ${flags.at}` } };
  // Entries sorted by fingerprint already; fetchedAt is the recording's wall clock, kept as data.
  writeFileSync(flags.out, `${[JSON.stringify(renamed), ...entries].join("\n")}\n`);
  const digest = perTaskDigest(await attemptsOf(api, token, run.id));
  console.log(`snapshot=${flags.name} file=${flags.out} entries=${entries.length} at=${String(meta["at"])} task_set=${String(meta["taskSet"])} catalog=${String(meta["catalogVersion"])} gold_executable=${run.summary.scoredItems} pass@1=${run.summary.pass1.value} per_task_digest=${digest}`);
} finally {
  await stack.dispose();
  await model.close();
  rmSync(persistTo, { recursive: true, force: true });
}
