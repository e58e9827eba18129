import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { jobFailed } from "../../follow";
import { followGraphJob, GRAPH_JOB_OK, graphJobReport, startGraphJob } from "../../graph";
import { printJson } from "../../output";

export default defineCommand({
  path: ["graph", "build"],
  summary: "seed every tool and score candidate edges (a job with a progress bar)",
  description: `
Calls each tool once from its examples and scores every (output field → input parameter) pair
from semantic tags, types, real values and names. New or changed edges start as candidates;
unchanged ones keep their status. Then run kopa graph verify.`,
  positionals: [],
  flags: {
    seed: { type: "string", value: "<text>", description: "seed of the value sampling", default: "edge" },
    "no-wait": { type: "boolean", description: "print the job and return at once (the dashboard's graph page shows its progress)" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ seed: z.string().min(1).max(100).optional(), "no-wait": z.boolean().default(false), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa graph build", "kopa graph build --no-wait --json"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    const first = await startGraphJob(api, "build", input.seed ? { seed: input.seed } : {});
    if (!input.json) io.stderr.write(`graph build job ${first.value.id}\n`);
    const job = input["no-wait"] ? first : await followGraphJob(api, io, first);
    if (input.json) printJson(io, job.raw);
    else io.stdout.write(graphJobReport(job.value));
    if (input["no-wait"] || GRAPH_JOB_OK.has(job.value.status)) return;
    return jobFailed(io, `graph build job ${job.value.id} ended ${job.value.status}${job.value.error ? `: ${job.value.error}` : ""}`);
  },
});
