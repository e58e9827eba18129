/**
 * Where the time of bench:catalog's pure phases goes, outside the stack (for node --cpu-prof):
 * planning the imports in batches as the admin route does, and the candidate edges.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CATALOG } from "../src/catalog";
import { asJsonDocument, planImport } from "../src/catalog/import";
import { toolSpecOf } from "../src/catalog/import/tool-spec";
import { sha256Hex } from "../src/gateway/fingerprint";
import { indexedCandidateEdges } from "../src/graph/indexed-candidates";
import { toolIO } from "../src/graph/io";

const TARGET_OPS = Number(process.env["BENCH_CATALOG_OPS"] ?? 10_000);
const FIXTURES = join(import.meta.dirname, "../test/fixtures/datagokr");
const sources = readdirSync(FIXTURES, { recursive: true }).map(String).filter((f) => f.endsWith(".yaml")).sort().map((f) => ({ name: f, content: readFileSync(join(FIXTURES, f), "utf8") }));
const perVariant = planImport(sources).tools.length;
const variants = Math.ceil(TARGET_OPS / perVariant);
function variant(source: { name: string; content: string }, v: number) {
  const tag = `v${String(v).padStart(4, "0")}`;
  const content = source.content
    .replace(/^id: '?(\d+)'?$/m, (_m, id: string) => `id: '${id}${tag}'`)
    .replace(/(endpoint: https?:\/\/[^/\s]+\/)([^\s/]+)/g, (_m, host: string, first: string) => `${host}${first}${tag}`)
    .replace(/^title: (.+)$/m, (_m, title: string) => `title: ${title} (${tag})`);
  return { name: `${tag}/${source.name}`, content };
}
const phase = (label: string, t0: number) => console.log(`${label}: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
let t = performance.now();
const documents = Array.from({ length: variants }, (_, v) => sources.map((s) => asJsonDocument(variant(s, v)))).flat();
phase(`yaml→json of ${documents.length} documents (client side)`, t);
t = performance.now();
const plan = planImport(documents);
phase(`planImport of ${plan.tools.length} tools`, t);
t = performance.now();
let stringified = 0;
for (const tool of plan.tools) stringified += JSON.stringify(tool).length + JSON.stringify(tool.spec).length + JSON.stringify(tool.replica).length;
phase(`JSON.stringify (${(stringified / 1e6).toFixed(1)} MB)`, t);
t = performance.now();
await Promise.all(plan.tools.map((tool) => sha256Hex(JSON.stringify(tool))));
phase("sha256", t);
t = performance.now();
const io = [...CATALOG.values(), ...plan.tools.map((tool) => toolSpecOf(tool.spec, 1))].map(toolIO);
phase("toolSpecOf + toolIO", t);
t = performance.now();
const edges = indexedCandidateEdges(io, {}, () => true, { sourcesPerParam: 20 });
phase(`candidates (${edges.length} edges)`, t);
