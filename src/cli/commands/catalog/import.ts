import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { z } from "zod";
import { asJsonDocument } from "../../../catalog/import";
import { defineCommand, jsonFlag } from "../../command";
import { adminFlags, adminInput } from "../../connection";
import { UserError } from "../../errors";
import { plural, printJson } from "../../output";
import { renderTable } from "../../table";

const outcomeSchema = z.object({
  operations: z.number(),
  imported: z.array(z.object({ name: z.string(), version: z.number(), status: z.enum(["added", "changed", "unchanged"]), document: z.string(), operation: z.string() })),
  rejected: z.array(z.object({ document: z.string(), operation: z.string(), reason: z.string() })),
  counts: z.object({ imported: z.number(), added: z.number(), changed: z.number(), unchanged: z.number(), rejected: z.number() }),
});
type Outcome = z.infer<typeof outcomeSchema>;

const DOCUMENT = /\.(ya?ml|json)$/i;
/** Documents per request: each request is one atomic import. */
const BATCH = 200;

async function documentsAt(cwd: string, paths: readonly string[]): Promise<{ name: string; content: string }[]> {
  const out: { name: string; content: string }[] = [];
  for (const path of paths) {
    const full = resolve(cwd, path);
    let info;
    try {
      info = await stat(full);
    } catch {
      throw new UserError(`cannot read ${path}`);
    }
    const files = info.isDirectory() ? (await readdir(full, { recursive: true })).map(String).filter((f) => DOCUMENT.test(f)).sort().map((f) => join(full, f)) : [full];
    for (const file of files) out.push({ name: relative(cwd, file) || file, content: await readFile(file, "utf8") });
  }
  if (out.length === 0) throw new UserError("no .yaml, .yml or .json documents found");
  return out;
}

export default defineCommand({
  path: ["catalog", "import"],
  summary: "import API definitions (data.go.kr dataset YAML, Swagger 2.0, OpenAPI 3) as tools",
  description:
    "Reads the files (directories are searched for .yaml, .yml and .json) and imports every operation as a catalog tool, or says why it could not. Imported tools are listed and called like the built-in ones at once, without a redeploy; a re-import of a changed definition bumps the tool's version. Needs the operator's admin token. Sends up to 200 documents per request; each request is imported atomically.",
  positionals: [{ name: "file", description: "definition files or directories", variadic: true }],
  flags: { ...jsonFlag, ...adminFlags },
  input: z.object({ file: z.array(z.string().min(1)).min(1), json: z.boolean().default(false), ...adminInput }),
  examples: ["kopa catalog import ../shared/specs/datagokr", "kopa catalog import library-swagger.json --json"],
  async run(input, { io, adminApi }) {
    const documents = await documentsAt(io.cwd, input.file);
    const api = adminApi(input);
    const outcomes: Outcome[] = [];
    const raws: unknown[] = [];
    for (let i = 0; i < documents.length; i += BATCH) {
      // YAML is parsed here, as the importer parses it, and sent as JSON.
      const batch = documents.slice(i, i + BATCH).map(asJsonDocument);
      const { value, raw } = await api.json(outcomeSchema, "POST", "/admin/catalog/import", { body: { documents: batch } });
      outcomes.push(value);
      raws.push(raw);
    }
    if (input.json) return printJson(io, raws.length === 1 ? raws[0] : raws);
    const imported = outcomes.flatMap((o) => o.imported);
    const rejected = outcomes.flatMap((o) => o.rejected);
    if (imported.length > 0) {
      io.stdout.write(renderTable([{ header: "TOOL" }, { header: "VERSION", align: "right" }, { header: "STATUS" }, { header: "FROM" }], imported.map((t) => [t.name, t.version, t.status, `${t.document} ${t.operation}`])));
    }
    if (rejected.length > 0) {
      io.stdout.write(`\nrejected:\n${renderTable([{ header: "DOCUMENT" }, { header: "OPERATION" }, { header: "REASON" }], rejected.map((r) => [r.document, r.operation, r.reason]))}`);
    }
    const sum = (key: keyof Outcome["counts"]) => outcomes.reduce((n, o) => n + o.counts[key], 0);
    const operations = outcomes.reduce((n, o) => n + o.operations, 0);
    io.stdout.write(`\n${plural(operations, "operation")} in ${plural(documents.length, "document")}: ${sum("imported")} imported (${sum("added")} added, ${sum("changed")} changed, ${sum("unchanged")} unchanged), ${sum("rejected")} rejected\n`);
  },
});
