/**
 * `npm run bench:synth`: on the sandbox under `wrangler dev`, over the full catalog (the built-in
 * tools and every vendored data.go.kr definition, imported as `npm start` imports them), build and
 * verify the graph, then run a synthesis job with a cold cache and the same job again with a warm
 * one. Prints the figures and one line of key=value pairs. SYNTH_BUILTIN_ONLY=1 leaves the
 * definitions out.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Api } from "../src/cli/api";
import { documentsAt, importDocuments, VENDORED_SPECS } from "../src/cli/definitions";
import { instantSpread } from "../src/synth/instants";
import { startStack } from "./stack";

const TARGET = Number(process.env["SYNTH_TARGET"] ?? 1000);
const CONCURRENCY = Number(process.env["SYNTH_CONCURRENCY"] ?? 16);
const persistTo = mkdtempSync(join(tmpdir(), "kopa-synth-"));
// Development-key quotas (TourAPI 1,000 a day) would park walks until midnight: not what is measured.
const QUOTAS = JSON.stringify({ tourapi: 1_000_000, airkorea: 1_000_000, hira: 1_000_000, seoul_subway: 1_000_000, seoul_openapi: 1_000_000 });
const adminToken = "synth-admin";
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: "synth-bench", adminToken, masterKey: "synth-master", vars: { RATE_PER_SECOND: "100000", QUOTA_OVERRIDES: QUOTAS } });

interface Job {
  id: string;
  status: string;
  progress: Record<string, unknown> & { planned: number; done: number; kept: number; upstreamCalls: number; calls: number; failed: Record<string, number>; rejected: Record<string, number> };
}
interface Example {
  shape: string;
  signature: string;
  edges: string[];
  calls: unknown[];
  now: number;
}

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${stack.appUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function wait<T extends { status: string }>(token: string, path: string, first: T, line: (job: T) => string): Promise<T> {
  let job = first;
  while (job.status === "queued" || job.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = await api<T>(path, token);
    process.stdout.write(`\r${line(job)}      `);
  }
  process.stdout.write("\n");
  return job;
}

/**
 * CPU seconds the local stack (the workerd processes under this one, and those already reaped)
 * has spent, from /proc: on a shared machine the wall clock also measures everyone else's load.
 * Null where there is no /proc.
 */
function stackCpuSeconds(): number | null {
  try {
    const procs = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .flatMap((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
          return [{ pid: Number(pid), ppid: f[1] ?? 0, own: (f[11] ?? 0) + (f[12] ?? 0), reaped: (f[13] ?? 0) + (f[14] ?? 0) }];
        } catch {
          return [];
        }
      });
    const below = new Set([process.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of procs) {
        if (!below.has(p.ppid) || below.has(p.pid)) continue;
        below.add(p.pid);
        grew = true;
      }
    }
    const ticks = procs.filter((p) => below.has(p.pid)).reduce((n, p) => n + (p.pid === process.pid ? p.reaped : p.own + p.reaped), 0);
    // Clock ticks (USER_HZ, 100 on Linux) to seconds.
    return ticks / 100;
  } catch {
    return null;
  }
}

async function synth(token: string, seed: string): Promise<{ job: Job; seconds: number; cpuSeconds: number | null; examples: Example[] }> {
  const started = performance.now();
  const cpuBefore = stackCpuSeconds();
  const first = await api<Job>("/v1/synth/jobs", token, { method: "POST", body: JSON.stringify({ target: TARGET, concurrency: CONCURRENCY, seed }) });
  const job = await wait(token, `/v1/synth/jobs/${first.id}`, first, (j) => `synth ${seed}: ${j.progress.kept}/${TARGET} kept, ${j.progress.done} walks (${String(j.progress["running"])} running, ${String(j.progress["parked"])} parked), ${j.progress.upstreamCalls} upstream calls`);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = stackCpuSeconds();
  const cpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const examples: Example[] = [];
  for (let offset = 0; ; offset += 250) {
    const page = await api<{ examples: Example[] }>(`/v1/synth/jobs/${job.id}/examples?kept=true&limit=250&offset=${offset}`, token);
    examples.push(...page.examples);
    if (page.examples.length < 250) break;
  }
  return { job, seconds, cpuSeconds, examples };
}

try {
  const { token } = await api<{ token: string }>("/admin/teams", adminToken, { method: "POST", body: JSON.stringify({ name: "synth" }) });
  await fetch(`${stack.sandboxUrl}/__admin/tenants/synth-bench/config`, {
    method: "PUT",
    headers: { Authorization: "Bearer kopa-sandbox-admin", "Content-Type": "application/json" },
    body: JSON.stringify({ quotas: JSON.parse(QUOTAS) as Record<string, number> }),
  });
  const definitions = process.env["SYNTH_BUILTIN_ONLY"] ? [] : await documentsAt(process.cwd(), [VENDORED_SPECS]);
  const { outcomes } = definitions.length > 0 ? await importDocuments(new Api({ url: stack.appUrl, token: adminToken, auth: "admin", local: true }), definitions) : { outcomes: [] };
  const imported = new Set(outcomes.flatMap((o) => o.imported.map((t) => t.name)));
  const tools = await api<{ count: number }>("/v1/tools", token);
  type GraphJob = { id: string; status: string; progress: { done: number; total: number } };
  const build = await api<GraphJob>("/v1/graph/build", token, { method: "POST", body: "{}" });
  await wait(token, `/v1/graph/jobs/${build.id}`, build, (j) => `graph build ${j.progress.done}/${j.progress.total}`);
  const verify = await api<GraphJob>("/v1/graph/verify", token, { method: "POST", body: JSON.stringify({ budget: 5000 }) });
  await wait(token, `/v1/graph/jobs/${verify.id}`, verify, (j) => `graph verify ${j.progress.done}/${j.progress.total}`);
  const graph = await api<{ edges: { id: string; status: string; fromTool: string; toTool: string; bindings: { field: string; param: string }[] }[] }>("/v1/graph?status=verified", token);
  const verified = new Set(graph.edges.map((e) => e.id));

  const cold = await synth(token, "bench");
  // The edges some route walks, as the dataset card counts them (with the imported tools' intents, which live in the worker).
  const card = await fetch(`${stack.appUrl}/v1/datasets/${cold.job.id}/export?format=card`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.text());
  const onRoute = Number(/of the (\d+) a route walks/.exec(card)?.[1] ?? Number.NaN);
  const warm = await synth(token, "bench-again");
  const kept = cold.examples;
  const covered = new Set(kept.flatMap((e) => e.edges).filter((id) => verified.has(id)));
  const onRouteCovered = Number(/of the \d+ a route walks: (\d+) of/.exec(card)?.[1] ?? Number.NaN);
  const meanCalls = kept.reduce((a, e) => a + e.calls.length, 0) / Math.max(1, kept.length);
  const duplicates = kept.length - new Set(kept.map((e) => e.signature)).size;
  const instants = instantSpread(kept.map((e) => e.now));
  const usingImported = kept.filter((e) => (e.calls as { tool: string }[]).some((c) => imported.has(c.tool))).length;
  const shapes = new Map<string, number>();
  const lengths = new Map<number, number>();
  for (const e of kept) {
    shapes.set(e.shape, (shapes.get(e.shape) ?? 0) + 1);
    lengths.set(e.calls.length, (lengths.get(e.calls.length) ?? 0) + 1);
  }
  console.table({
    cold: { kept: cold.job.progress.kept, walks: cold.job.progress.done, seconds: Number(cold.seconds.toFixed(1)), "stack CPU s": cold.cpuSeconds === null ? "n/a" : Number(cold.cpuSeconds.toFixed(1)), "kept per minute": Math.round((cold.job.progress.kept / cold.seconds) * 60), "upstream calls per kept": Number((cold.job.progress.upstreamCalls / Math.max(1, cold.job.progress.kept)).toFixed(2)) },
    warm: { kept: warm.job.progress.kept, walks: warm.job.progress.done, seconds: Number(warm.seconds.toFixed(1)), "stack CPU s": warm.cpuSeconds === null ? "n/a" : Number(warm.cpuSeconds.toFixed(1)), "kept per minute": Math.round((warm.job.progress.kept / warm.seconds) * 60), "upstream calls per kept": Number((warm.job.progress.upstreamCalls / Math.max(1, warm.job.progress.kept)).toFixed(2)) },
  });
  console.table({ shapes: Object.fromEntries(shapes), "calls per example": Object.fromEntries(lengths) });
  console.log(`rejected by filter: ${JSON.stringify(cold.job.progress.rejected)}; walks that failed: ${JSON.stringify(cold.job.progress.failed)}`);
  // Why walks were thrown away, by reason (step ids and names left out), most common first.
  const reasons = new Map<string, number>();
  for (let offset = 0; ; offset += 1000) {
    const page = await api<{ examples: { filters: { gate?: string | null } }[] }>(`/v1/synth/jobs/${cold.job.id}/examples?kept=false&limit=1000&offset=${offset}`, token);
    for (const e of page.examples) {
      const reason = (e.filters.gate ?? "duplicate or leakage").replace(/\bs\d+\b/g, "sN").replace(/"[^"]*"/g, '"…"').replace(/\(\d[^)]*\)/g, "(…)").slice(0, 110);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    if (page.examples.length < 1000) break;
  }
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${String(n).padStart(4)}  ${reason}`);
  if (process.env["SYNTH_SHOW_UNCOVERED"]) console.log(`not covered: ${[...verified].filter((id) => !covered.has(id)).join(", ")}`);
  console.log(`catalog ${tools.count} tools (${imported.size} imported); verified edges ${verified.size}, on a route ${onRoute}, covered by kept examples ${covered.size}; distinct tools ${new Set(kept.flatMap((e) => (e.calls as { tool: string }[]).map((c) => c.tool))).size}; examples using an imported tool ${usingImported}`);
  console.log(
    `kept=${kept.length} walks=${cold.job.progress.done} yield=${(kept.length / Math.max(1, cold.job.progress.done)).toFixed(3)} seconds=${cold.seconds.toFixed(1)} stack_cpu_seconds=${cold.cpuSeconds === null ? "n/a" : cold.cpuSeconds.toFixed(1)} intent_edges=${onRoute} intent_edge_coverage=${(onRouteCovered / Math.max(1, onRoute)).toFixed(3)} calls_per_kept_cold=${(cold.job.progress.upstreamCalls / Math.max(1, kept.length)).toFixed(2)} calls_per_kept_warm=${(warm.job.progress.upstreamCalls / Math.max(1, warm.job.progress.kept)).toFixed(2)} edge_coverage=${(covered.size / Math.max(1, verified.size)).toFixed(3)} mean_calls=${meanCalls.toFixed(2)} duplicates=${duplicates} distinct_instants=${instants.distinct} most_shared_instant=${instants.mostShared} instant_hours=${instants.hours} instant_months=${instants.months} tools=${tools.count} imported_tools=${imported.size} verified_edges=${verified.size} imported_example_share=${(usingImported / Math.max(1, kept.length)).toFixed(3)}`,
  );
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
