/**
 * `npm run bench:graph`: build and verify the EDGE graph over the whole catalog on the sandbox
 * (both Workers under `wrangler dev`), then print the figures and one line of key=value pairs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "./stack";

const BUDGET = Number(process.env["GRAPH_BUDGET"] ?? 5000);
const persistTo = mkdtempSync(join(tmpdir(), "kopa-graph-"));
const adminToken = "graph-admin";
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: "graph-bench", adminToken, masterKey: "graph-master", vars: { RATE_PER_SECOND: "1000" } });

interface Job {
  id: string;
  status: string;
  progress: { phase: string; total: number; done: number; upstreamCalls: number; naiveCalls: number; verdicts: Record<string, number> };
}
interface Edge {
  id: string;
  fromTool: string;
  toTool: string;
  status: string;
  statusReason: string | null;
  bindings: { field: string; param: string }[];
}

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${stack.appUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function wait(token: string, job: Job, label: string): Promise<Job> {
  let current = job;
  while (current.status === "queued" || current.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 500));
    current = await api<Job>(`/v1/graph/jobs/${job.id}`, token);
    process.stdout.write(`\r${label}: ${current.progress.phase} ${current.progress.done}/${current.progress.total}, ${current.progress.upstreamCalls} upstream calls   `);
  }
  process.stdout.write("\n");
  return current;
}

try {
  const started = performance.now();
  const { token } = await api<{ token: string }>("/admin/teams", adminToken, { method: "POST", body: JSON.stringify({ name: "graph" }) });
  const build = await wait(token, await api<Job>("/v1/graph/build", token, { method: "POST", body: "{}" }), "build");
  const verify = await wait(token, await api<Job>("/v1/graph/verify", token, { method: "POST", body: JSON.stringify({ budget: BUDGET }) }), "verify");
  const seconds = (performance.now() - started) / 1000;
  const graph = await api<{ nodes: unknown[]; edges: Edge[]; stats: Record<string, number>; basis: Record<string, number>; version: number }>("/v1/graph", token);

  const verified = graph.edges.filter((e) => e.status === "verified");
  const crossing = verified.filter((e) => e.fromTool !== e.toTool);
  const rejected = graph.edges.filter((e) => e.status === "rejected");
  const calls = build.progress.upstreamCalls + verify.progress.upstreamCalls;
  const naive = verify.progress.naiveCalls;
  const deadEnds = [
    "nps_workplace_search->nts_business_status",
    "mois_legal_dong_codes->hira_hospitals",
    "juso_coordinates->airkorea_nearby_stations",
  ];
  console.table(
    Object.fromEntries(deadEnds.map((id) => {
      const e = graph.edges.find((x) => x.id === id);
      return [id, { status: e?.status ?? "not a candidate", reason: e?.statusReason ?? "" }];
    })),
  );
  console.table({
    tools: graph.nodes.length,
    candidates: graph.edges.length,
    verified: verified.length,
    "verified, between two different tools": crossing.length,
    "verified, the answer depending on the value (controls)": graph.basis["dependent"] ?? 0,
    "verified, into a local converter (conversion, not evidence)": graph.basis["conversion"] ?? 0,
    rejected: rejected.length,
    "rejected, a random value passed as well": graph.basis["control_passed"] ?? 0,
    "rejected, a self-edge repeating its source": graph.basis["repeats_source"] ?? 0,
    inconclusive: graph.stats["inconclusive"] ?? 0,
    "untested (too few distinct source values, or none sent)": graph.stats["untested"] ?? 0,
    "precision of candidate scoring (verified / tried)": Number((verified.length / Math.max(1, verify.progress.done)).toFixed(3)),
    "upstream calls (build + verify)": calls,
    "naive calls (2 per candidate per sample)": naive,
    "calls / naive": Number((calls / Math.max(1, naive)).toFixed(3)),
    seconds: Number(seconds.toFixed(1)),
    "graph version": graph.version,
  });
  console.log(
    `tools=${graph.nodes.length} candidates=${graph.edges.length} verified=${verified.length} rejected=${rejected.length} inconclusive=${graph.stats["inconclusive"] ?? 0} calls=${calls} naive_calls=${naive} seconds=${seconds.toFixed(1)} dependent=${graph.basis["dependent"] ?? 0} control_passed=${graph.basis["control_passed"] ?? 0} untested=${graph.stats["untested"] ?? 0}`,
  );
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
