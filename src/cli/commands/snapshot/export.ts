import { createWriteStream } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { Failure, UserError } from "../../errors";
import { writeAll, type OutStream } from "../../io";
import { plural, printJson } from "../../output";
import { Progress } from "../../progress";
import { snapshotHeaderSchema } from "../../schemas";

/** A file as an OutStream that reports open errors (a missing folder, no permission) as user errors. */
async function openFile(path: string) {
  const stream = createWriteStream(path);
  await new Promise<void>((ready, fail) => {
    stream.once("open", () => ready());
    stream.once("error", (error) => fail(new UserError(`--out: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? error.message})`)));
  });
  const out: OutStream = { write: (chunk) => stream.write(chunk), once: (event, listener) => stream.once(event, listener) };
  const close = () => new Promise<void>((done, fail) => stream.end((error?: Error | null) => (error ? fail(new Failure(`writing ${path}: ${error.message}`)) : done())));
  return { out, close };
}

function headerEntryCount(line: string): number | undefined {
  try {
    return snapshotHeaderSchema.safeParse(JSON.parse(line)).data?.snapshot.entryCount;
  } catch {
    return undefined;
  }
}

export default defineCommand({
  path: ["snapshot", "export"],
  summary: "export a snapshot as JSONL (a header line, then one line per stored answer)",
  description: "Without --out the JSONL goes to stdout; with --out a progress bar counts the entries written.",
  positionals: [{ name: "name", description: "snapshot name (see kopa snapshot list)" }],
  flags: {
    out: { type: "string", short: "o", value: "<file>", description: "write to this file instead of stdout" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ name: z.string().min(1), out: z.string().min(1).optional(), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa snapshot export bench-2026-11 --out bench.jsonl", "kopa snapshot export bench-2026-11 | gzip > bench.jsonl.gz"],
  async run(input, { io, teamApi }) {
    const response = await teamApi(input).send(`/v1/snapshots/${encodeURIComponent(input.name)}/export`, { method: "GET" });
    if (!response.body) throw new Failure("the export answer has no body");
    const file = input.out ? resolve(io.cwd, input.out) : undefined;
    const target = file ? await openFile(file) : { out: io.stdout, close: async () => undefined };
    const progress = file ? new Progress({ label: `export ${input.name}`, unit: "entries", stream: io.stderr, now: () => io.now() }) : undefined;

    const decoder = new TextDecoder();
    let pending = "";
    let lines = 0;
    let bytes = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const chunk = read.value;
      bytes += chunk.byteLength;
      const text = decoder.decode(chunk, { stream: true });
      await writeAll(target.out, text);
      pending += text;
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      for (const line of parts) {
        if (line.trim() === "") continue;
        // The header line tells how many entries follow: the bar's total.
        if (lines === 0) {
          const total = headerEntryCount(line);
          if (total !== undefined) progress?.setTotal(total);
        } else progress?.tick();
        lines++;
      }
    }
    const tail = decoder.decode();
    if (tail) await writeAll(target.out, tail);
    if (`${pending}${tail}`.trim() !== "") lines++;
    await target.close();
    const entries = Math.max(0, lines - 1);
    progress?.finish();
    if (!file) return;
    if (input.json) return printJson(io, { snapshot: input.name, file, entries, bytes });
    io.stdout.write(`wrote ${plural(entries, "entry", "entries")} of snapshot ${input.name} to ${file}\n`);
  },
});
