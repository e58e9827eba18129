/**
 * `npm run bench:catalog`: the catalog at scale on the local stack. Measures a cached call and a
 * page of GET /v1/tools with the 58 built-in tools, then imports a generated catalog of
 * BENCH_CATALOG_OPS operations (default 10,000), made by varying the 33 real dataset definitions
 * of test/fixtures/datagokr (ids, endpoints, titles, sample order), through the admin route, and
 * measures again in the same run: import time, one page of /v1/tools, the same cached call (and
 * one of an imported tool), an MCP tools/list page, and the candidate edges over the whole catalog
 * with the graph's indexed scoring (20 sources per parameter, as graph builds of large catalogs do). Prints a table, then one line of key=value pairs.
 *
 * BENCH_CPU_PROFILE=file.cpuprofile (with NODE_OPTIONS=--experimental-websocket on node 20) also
 * profiles the app Worker during the import and lists where its time went.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CATALOG } from "../src/catalog";
import { asJsonDocument, planImport } from "../src/catalog/import";
import { toolSpecOf } from "../src/catalog/import/tool-spec";
import { indexedCandidateEdges } from "../src/graph/indexed-candidates";
import { toolIO } from "../src/graph/io";
import { startCpuProfile } from "./cpu-profile";
import { SANDBOX_ADMIN_TOKEN, startStack } from "./stack";

const TARGET_OPS = Number(process.env["BENCH_CATALOG_OPS"] ?? 10_000);
const SAMPLES = Number(process.env["BENCH_SAMPLES"] ?? 300);
const CPU_PROFILE = process.env["BENCH_CPU_PROFILE"];
/** Documents per import request (each request is one atomic import). */
const BATCH = 200;
const TENANT = "bench";
const FIXTURES = join(import.meta.dirname, "../test/fixtures/datagokr");

const sources = readdirSync(FIXTURES, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".yaml"))
  .sort()
  .map((f) => ({ name: f, content: readFileSync(join(FIXTURES, f), "utf8") }));
const perVariant = planImport(sources).tools.length;
const variants = Math.ceil(TARGET_OPS / perVariant);

/** One variant of a real definition: its own dataset id, endpoints, title and sample order. */
function variant(source: { name: string; content: string }, v: number): { name: string; content: string } {
  const tag = `v${String(v).padStart(4, "0")}`;
  const content = source.content
    .replace(/^id: '?(\d+)'?$/m, (_m, id: string) => `id: '${id}${tag}'`)
    .replace(/(endpoint: https?:\/\/[^/\s]+\/)([^\s/]+)/g, (_m, host: string, first: string) => `${host}${first}${tag}`)
    .replace(/^title: (.+)$/m, (_m, title: string) => `title: ${title} (${tag})`)
    .replace(/(sample_values:\n)((?:\s+- .+\n)+)/g, (_m, head: string, list: string) => {
      const lines = list.trimEnd().split("\n");
      const shift = v % lines.length;
      return `${head}${[...lines.slice(shift), ...lines.slice(0, shift)].join("\n")}\n`;
    });
  return { name: `${tag}/${source.name}`, content };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function timed(n: number, run: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run(i);
    out.push(performance.now() - t0);
  }
  return out;
}

const persistTo = mkdtempSync(join(tmpdir(), "kopa-bench-catalog-"));
const adminToken = "bench-admin";
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: TENANT, adminToken, masterKey: "bench-master", vars: { RATE_PER_SECOND: "100000" }, ...(CPU_PROFILE ? { inspectorPort: 9329 } : {}) });

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${new URL(url).pathname}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

try {
  const sandboxAdmin = { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" };
  await json(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/config`, { method: "PUT", headers: sandboxAdmin, body: JSON.stringify({ quotas: { kasi: 10_000_000 } }) });
  const admin = { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" };
  const { token } = await json<{ token: string }>(`${stack.appUrl}/admin/teams`, { method: "POST", headers: admin, body: JSON.stringify({ name: "bench" }) });
  const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const call = (tool: string, args: Record<string, unknown>) => json(`${stack.appUrl}/v1/tools/${tool}/call`, { method: "POST", headers: auth, body: JSON.stringify({ args }) });
  const holidays = { solYear: "2026", solMonth: "05" };
  const listPage = (cursor: number) => json<{ tools: unknown[] }>(`${stack.appUrl}/v1/tools?limit=100${cursor > 0 ? `&cursor=${cursor}` : ""}`, { headers: auth });
  const mcpList = () =>
    json(`${stack.appUrl}/mcp`, { method: "POST", headers: { ...auth, Accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }) });

  // The 58-tool catalog.
  await call("kasi_public_holidays", holidays);
  await listPage(0);
  const callBefore = await timed(SAMPLES, async () => void (await call("kasi_public_holidays", holidays)));
  const listBefore = await timed(SAMPLES / 3, async () => void (await listPage(0)));

  // Import the generated catalog.
  const documents = Array.from({ length: variants }, (_, v) => sources.map((s) => variant(s, v))).flat();
  let imported = 0;
  let rejected = 0;
  const profiler = CPU_PROFILE && stack.appInspectorUrl ? await startCpuProfile(stack.appInspectorUrl) : null;
  const importStart = performance.now();
  // As `kopa catalog import` does: YAML parsed by the client and sent as JSON, the next batch
  // prepared while the app imports the previous one.
  const prepare = (i: number) => JSON.stringify({ documents: documents.slice(i, i + BATCH).map(asJsonDocument) });
  let body = prepare(0);
  for (let i = 0; i < documents.length && imported < TARGET_OPS; i += BATCH) {
    const sent = json<{ counts: { imported: number; rejected: number } }>(`${stack.appUrl}/admin/catalog/import`, { method: "POST", headers: admin, body });
    body = i + BATCH < documents.length ? prepare(i + BATCH) : "";
    const outcome = await sent;
    imported += outcome.counts.imported;
    rejected += outcome.counts.rejected;
    process.stderr.write(`\rimported ${imported} operations in ${((performance.now() - importStart) / 1000).toFixed(1)} s`);
  }
  const importS = (performance.now() - importStart) / 1000;
  if (profiler && CPU_PROFILE) {
    process.stderr.write(`\nthe app Worker during the import (${CPU_PROFILE}):\n`);
    console.table(await profiler.stop(CPU_PROFILE));
  }

  // The enlarged catalog, same measurements (first requests reload the isolate's imported layer).
  const first = await timed(1, async () => void (await listPage(0)));
  const listed = await listPage(0);
  const total = CATALOG.size + imported;
  // One page asked again and again (as the target reads), and pages never asked before (each
  // reads and builds its 100 tools once per isolate).
  const deep = Math.floor(total / 2);
  const listAfter = await timed(SAMPLES / 3, async () => void (await listPage(deep)));
  const listCold = await timed(SAMPLES / 3, async (i) => void (await listPage(((i * 997) % Math.max(1, total - 100)) + 1)));
  await call("kasi_public_holidays", holidays);
  const callAfter = await timed(SAMPLES, async () => void (await call("kasi_public_holidays", holidays)));
  await call("dg_15082009v0007_branch_list", {});
  const importedCall = await timed(SAMPLES / 3, async () => void (await call("dg_15082009v0007_branch_list", {})));
  await mcpList();
  const mcp = await timed(20, async () => void (await mcpList()));

  // Candidate edges over the whole catalog (the graph's scoring, indexed).
  const plan = planImport(documents);
  const io = [...CATALOG.values(), ...plan.tools.slice(0, imported).map((t) => toolSpecOf(t.spec, 1))].map(toolIO);
  const candStart = performance.now();
  const candidates = indexedCandidateEdges(io, {}, () => true, { sourcesPerParam: 20 });
  const candidatesS = (performance.now() - candStart) / 1000;

  const callP50Before = quantile(callBefore, 0.5);
  const callP50After = quantile(callAfter, 0.5);
  const row = (ms: number[]) => ({ n: ms.length, p50_ms: Number(quantile(ms, 0.5).toFixed(2)), p99_ms: Number(quantile(ms, 0.99).toFixed(2)) });
  console.table({
    [`cached call, ${CATALOG.size} tools`]: row(callBefore),
    [`cached call, ${total} tools`]: row(callAfter),
    [`cached imported call, ${total} tools`]: row(importedCall),
    [`GET /v1/tools page of 100, ${CATALOG.size} tools`]: row(listBefore),
    [`GET /v1/tools page of 100, ${total} tools`]: row(listAfter),
    [`GET /v1/tools pages not asked before, ${total} tools`]: row(listCold),
    [`first page after the import (layer reload)`]: row(first),
    [`MCP tools/list page, ${total} tools`]: row(mcp),
  });
  console.log(
    `${documents.length} documents in ${Math.ceil(documents.length / BATCH)} imports: ${imported} operations imported, ${rejected} rejected; page of ${listed.tools.length}; ${candidates.length} candidate edges over ${io.length} tools`,
  );
  console.log(
    `ops=${imported} import_s=${importS.toFixed(1)} list_p50_ms=${quantile(listAfter, 0.5).toFixed(1)} list_cold_p50_ms=${quantile(listCold, 0.5).toFixed(1)} call_p50_ms=${callP50After.toFixed(2)} call_p50_ratio=${(callP50After / callP50Before).toFixed(2)} candidates_s=${candidatesS.toFixed(1)} candidates=${candidates.length}`,
  );
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
