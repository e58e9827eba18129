import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { UserError } from "../../errors";
import { enumListFlag } from "../../flags";
import { writeAll } from "../../io";
import { printJson } from "../../output";
import { EDGE_STATUSES } from "../../wire/graph";

export default defineCommand({
  path: ["graph", "export"],
  summary: "the graph as JSON, Graphviz DOT or GraphML, to a file or stdout",
  description: "Render DOT with: kopa graph export --format dot --status verified | dot -Tsvg > edge.svg",
  positionals: [],
  flags: {
    format: { type: "string", value: "<json|dot|graphml>", description: "the format", default: "json" },
    status: { type: "string", value: "<a,b>", description: `only edges in these statuses: ${EDGE_STATUSES.join(", ")}` },
    provider: { type: "string", value: "<id>", description: "only edges from or to this provider's tools" },
    out: { type: "string", short: "o", value: "<file>", description: "write to this file instead of stdout" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({
    format: z.enum(["json", "dot", "graphml"]).default("json"),
    status: enumListFlag(EDGE_STATUSES).optional(),
    provider: z.string().regex(/^[a-z0-9_]{1,40}$/, "a provider id such as kma").optional(),
    out: z.string().min(1).optional(),
    json: z.boolean().default(false),
    ...teamInput,
  }),
  examples: ["kopa graph export --format graphml --out edge.graphml", "kopa graph export --format dot --status verified > edge.dot"],
  async run(input, { io, teamApi }) {
    const response = await teamApi(input).send("/v1/graph/export", { method: "GET" }, { format: input.format, status: input.status?.join(","), provider: input.provider });
    const text = await response.text();
    if (!input.out) return writeAll(io.stdout, text.endsWith("\n") ? text : `${text}\n`);
    const file = resolve(io.cwd, input.out);
    try {
      await writeFile(file, text);
    } catch (error) {
      throw new UserError(`--out: cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
    const bytes = Buffer.byteLength(text);
    if (input.json) return printJson(io, { file, format: input.format, bytes });
    io.stdout.write(`wrote the graph as ${input.format} (${bytes} bytes) to ${file}\n`);
  },
});
