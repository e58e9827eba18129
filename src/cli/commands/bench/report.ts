import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import { benchReport } from "../../bench";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { UserError } from "../../errors";
import { printJson } from "../../output";
import { benchRunSchema } from "../../wire/bench";

export default defineCommand({
  path: ["bench", "report"],
  summary: "a run's pass@1 and pass^k, measures, breakdowns by shape, level, provider",
  description: `
KOPA-Bench runs break down by shape, level and provider; BFCL runs by category. Unscorable tasks
(whose gold plan failed at evaluation time) are listed with the reason and left out of every
denominator. --csv writes one row per attempt; --rescore scores the stored trajectories again
(no model call) before reporting.`,
  positionals: [{ name: "run", description: "the run id" }],
  flags: {
    csv: { type: "string", value: "<file>", description: "also write the attempts as CSV to this file" },
    rescore: { type: "boolean", description: "re-score the stored attempts first (the run must have ended)" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ run: z.string().min(1), csv: z.string().min(1).optional(), rescore: z.boolean().default(false), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa bench report 7c1e…", "kopa bench report 7c1e… --csv run.csv", "kopa bench report 7c1e… --rescore --json"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    const path = `/v1/bench/runs/${encodeURIComponent(input.run)}`;
    const run = input.rescore ? await api.json(benchRunSchema, "POST", `${path}/rescore`) : await api.json(benchRunSchema, "GET", path);
    if (input.csv) {
      const response = await api.send(`${path}/export`, { method: "GET" }, { format: "csv" });
      const file = resolve(io.cwd, input.csv);
      try {
        await writeFile(file, await response.text());
      } catch (error) {
        throw new UserError(`--csv: cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
      }
      io.stderr.write(`wrote the attempts as CSV to ${file}\n`);
    }
    if (input.json) return printJson(io, run.raw);
    io.stdout.write(benchReport(run.value));
  },
});
