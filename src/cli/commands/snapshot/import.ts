import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { UserError } from "../../errors";
import { readAll } from "../../io";
import { plural, printJson } from "../../output";
import { Progress } from "../../progress";
import { snapshotHeaderSchema, snapshotInfoSchema } from "../../schemas";

/** Lines sent per chunk of the upload: about a hundred progress steps, at least one line each. */
const STEPS = 100;

/**
 * Checks the file before anything is sent: every line JSON, the first a snapshot header. The
 * gateway validates every entry again; this only turns an obviously wrong file into a local error.
 */
function checkLines(source: string, lines: readonly string[]): void {
  if (lines.length === 0) throw new UserError(`${source} is empty`);
  lines.forEach((line, i) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new UserError(`${source} line ${i + 1} is not JSON`);
    }
    if (i === 0 && !snapshotHeaderSchema.safeParse(value).success) throw new UserError(`${source} line 1 is not a snapshot header ({"snapshot":{"name":…}}): is it a kopa snapshot export?`);
  });
}

async function readSource(file: string, cwd: string, stdin: Parameters<typeof readAll>[0]): Promise<{ source: string; text: string }> {
  if (file === "-") return { source: "stdin", text: await readAll(stdin) };
  const path = resolve(cwd, file);
  try {
    return { source: file, text: await readFile(path, "utf8") };
  } catch (error) {
    throw new UserError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

export default defineCommand({
  path: ["snapshot", "import"],
  summary: "import a JSONL snapshot export, optionally under another name",
  description: "The file is checked line by line, then uploaded with a progress bar counting lines. Use - to read stdin.",
  positionals: [{ name: "file", description: "a file written by kopa snapshot export, or - for stdin" }],
  flags: {
    name: { type: "string", value: "<name>", description: "import under this name instead of the one in the file" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ file: z.string().min(1), name: z.string().min(1).optional(), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa snapshot import bench.jsonl", "kopa snapshot import bench.jsonl --name bench-copy"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    const { source, text } = await readSource(input.file, io.cwd, io.stdin);
    const lines = text.split("\n").map((line) => line.trim()).filter((line) => line !== "");
    checkLines(source, lines);

    const progress = new Progress({ label: `import ${source}`, total: lines.length, unit: "lines", stream: io.stderr, now: () => io.now() });
    const encoder = new TextEncoder();
    const size = Math.max(1, Math.ceil(lines.length / STEPS));
    let next = 0;
    // Streamed so the bar follows the upload; the gateway writes nothing until it has read it all.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (next >= lines.length) {
          controller.close();
          return;
        }
        const chunk = lines.slice(next, next + size);
        next += chunk.length;
        controller.enqueue(encoder.encode(`${chunk.join("\n")}\n`));
        progress.tick(chunk.length);
      },
    });
    let answer;
    try {
      answer = await api.json(snapshotInfoSchema, "POST", "/v1/snapshots/import", {
        query: { name: input.name },
        upload: { body, contentType: "application/x-ndjson" },
      });
    } finally {
      progress.finish();
    }
    if (input.json) return printJson(io, answer.raw);
    const { value } = answer;
    io.stdout.write(`imported snapshot ${value.name}: ${plural(value.entryCount, "entry", "entries")} (id ${value.id})\n`);
  },
});
