/**
 * `npm run check:imported-edges`: EDGE over the enlarged catalog on the local stack. Imports the
 * 33 dataset definitions and the Swagger fixture through the admin route, builds the graph, verifies
 * every candidate edge from or to an imported tool against the sandbox's replica, and lists the
 * verified links between imported and built-in tools (for judging by hand). Prints a table of
 * verdicts, the verified links, and one line of key=value pairs.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { CATALOG } from "../src/catalog";
import { startStack } from "./stack";

const env = z.object({ GRAPH_BUDGET: z.coerce.number().int().positive().default(20_000) }).parse(process.env);
const FIXTURES = join(import.meta.dirname, "../test/fixtures");

const jobSchema = z.object({
  id: z.string(),
  status: z.string(),
  progress: z.object({ phase: z.string(), done: z.number(), total: z.number(), upstreamCalls: z.number(), verdicts: z.record(z.string(), z.number()) }),
});
const edgeSchema = z.object({
  id: z.string(),
  fromTool: z.string(),
  toTool: z.string(),
  status: z.string(),
  bindings: z.array(z.object({ field: z.string(), param: z.string(), reasons: z.array(z.string()) })),
});

/** Anchored on an entity (an address, a business number, coordinates, a place), not on a date format. */
const meaningful = (e: z.infer<typeof edgeSchema>) => e.bindings.some((b) => b.reasons.some((r) => /(shared|related) tags? (?!date\.|time\.)[a-z]/.test(r)));
const crosses = (e: z.infer<typeof edgeSchema>) => CATALOG.has(e.fromTool) !== CATALOG.has(e.toTool);

const documents = ["datagokr", "openapi"].flatMap((dir) =>
  readdirSync(join(FIXTURES, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort()
    .map((f) => ({ name: `${dir}/${f}`, content: readFileSync(join(FIXTURES, dir, f), "utf8") })),
);

const persistTo = mkdtempSync(join(tmpdir(), "kopa-imported-edges-"));
const adminToken = "imported-edges-admin";
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: "imported-edges", adminToken, masterKey: "imported-edges-master", vars: { RATE_PER_SECOND: "1000" } });
try {
  const call = async (path: string, token: string, init: RequestInit = {}): Promise<unknown> => {
    const res = await fetch(`${stack.appUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
    const body: unknown = await res.json();
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const wait = async (token: string, started: unknown, label: string) => {
    let job = jobSchema.parse(started);
    while (job.status === "queued" || job.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 500));
      job = jobSchema.parse(await call(`/v1/graph/jobs/${job.id}`, token));
      process.stderr.write(`\r${label}: ${job.progress.phase} ${job.progress.done}/${job.progress.total}, ${job.progress.upstreamCalls} upstream calls   `);
    }
    process.stderr.write("\n");
    return job;
  };
  const started = performance.now();
  const imported = z
    .object({ imported: z.array(z.object({ name: z.string() })) })
    .parse(await call("/admin/catalog/import", adminToken, { method: "POST", body: JSON.stringify({ documents }) }))
    .imported.map((t) => t.name);
  const { token } = z.object({ token: z.string() }).parse(await call("/admin/teams", adminToken, { method: "POST", body: JSON.stringify({ name: "imported-edges" }) }));
  await wait(token, await call("/v1/graph/build", token, { method: "POST", body: "{}" }), "build");
  const verify = await wait(token, await call("/v1/graph/verify", token, { method: "POST", body: JSON.stringify({ budget: env.GRAPH_BUDGET, tools: imported }) }), "verify");
  const edges = z
    .object({ edges: z.array(edgeSchema) })
    .parse(await call("/v1/graph", token))
    .edges.filter(crosses);
  const seconds = (performance.now() - started) / 1000;

  const byStatus = new Map<string, number>();
  for (const e of edges) byStatus.set(e.status, (byStatus.get(e.status) ?? 0) + 1);
  const verified = edges.filter((e) => e.status === "verified");
  const linked = verified.filter(meaningful);
  console.log("imported↔built-in edges by status");
  console.log("status        edges");
  for (const [status, n] of [...byStatus].sort()) console.log(`${status.padEnd(13)} ${String(n).padStart(5)}`);
  console.log(`\nverified, anchored on an entity (${linked.length}):`);
  for (const e of linked) console.log(`  ${e.fromTool} → ${e.toTool} [${e.bindings.map((b) => `${b.field}→${b.param}`).join(", ")}]`);
  console.log(
    `imported_tools=${imported.length} candidates=${edges.length} verified=${verified.length} verified_entity=${linked.length} into_builtin=${linked.filter((e) => CATALOG.has(e.toTool)).length} upstream_calls=${verify.progress.upstreamCalls} seconds=${seconds.toFixed(1)}`,
  );
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
