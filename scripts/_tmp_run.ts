import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { planImport } from "../src/catalog/import/index";
const root = process.argv[2]!;
const docs = readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith(".yaml") || f.endsWith(".json")).map((f) => ({ name: f, content: readFileSync(join(root, f), "utf8") }));
const plan = planImport(docs);
console.log("ops", plan.operations, "tools", plan.tools.length, "rejected", plan.rejected.length);
for (const r of plan.rejected) console.log("REJ", r.document, r.operation, r.reason);
for (const t of plan.tools) {
  const s = t.spec;
  console.log(`${s.name} | ${s.title.ko} | ${s.envelope} ${s.request.responseFormat} fmt=${JSON.stringify(s.request.format)} pg=${s.pagination.style} fixed=${JSON.stringify(s.request.fixedQuery)}`);
  console.log("   params:", s.params.map((p) => `${p.name}${p.wire ? "<" + p.wire : ""}:${p.type}${p.required ? "!" : ""}${p.tags.length ? "[" + p.tags.join(",") + "]" : ""}${p.filters ? "~" + p.filters.field + "/" + p.filters.match : ""}${p.examples.length ? "=" + JSON.stringify(p.examples[0]) : ""}`).join(" "));
  console.log("   fields:", s.fields.map((f) => `${f.name}:${f.type}${f.tags.length ? "[" + f.tags.join(",") + "]" : ""}`).join(" "));
  console.log("   ex:", JSON.stringify(s.examples), "notes:", s.provenance.notes.join(" | "));
}
