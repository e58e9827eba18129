import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { adminFlags, adminInput } from "../../connection";
import { documentsAt, importDocuments, type Outcome } from "../../definitions";
import { plural, printJson } from "../../output";
import { renderTable } from "../../table";

export default defineCommand({
  path: ["catalog", "import"],
  summary: "import API definitions (data.go.kr dataset YAML, Swagger 2.0, OpenAPI 3) as tools",
  description:
    "Reads the files (directories are searched for .yaml, .yml and .json) and imports every operation as a catalog tool, or says why it could not. Imported tools are listed and called like the built-in ones at once, without a redeploy; a re-import of a changed definition bumps the tool's version. Needs the operator's admin token. Sends up to 200 documents per request; each request is imported atomically.",
  positionals: [{ name: "file", description: "definition files or directories", variadic: true }],
  flags: { ...jsonFlag, ...adminFlags },
  input: z.object({ file: z.array(z.string().min(1)).min(1), json: z.boolean().default(false), ...adminInput }),
  examples: ["kopa catalog import data/specs/datagokr", "kopa catalog import library-swagger.json --json"],
  async run(input, { io, adminApi }) {
    const documents = await documentsAt(io.cwd, input.file);
    const { outcomes, raws } = await importDocuments(adminApi(input), documents);
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
