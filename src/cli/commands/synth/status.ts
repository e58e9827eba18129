import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { intFlag } from "../../flags";
import { jobFailed } from "../../follow";
import { printJson } from "../../output";
import { followSynthJob, synthJobActive, synthJobOk, synthJobReport } from "../../synth";
import { renderTable } from "../../table";
import { synthExamplesSchema, synthJobSchema } from "../../wire/synth";

/** The examples as sent, for --json: unknown keys kept (synthExamplesSchema has accepted the same body). */
const rawExamplesSchema = z.object({ examples: z.array(z.unknown()) });

export default defineCommand({
  path: ["synth", "status"],
  summary: "a synthesis job's progress: kept, walks, rejections by filter, failures, calls",
  positionals: [{ name: "job", description: "the job id (kopa synth run prints it)" }],
  flags: {
    wait: { type: "boolean", description: "follow the job with the progress bar until it ends" },
    examples: { type: "string", value: "<n>", description: "also print the first n kept examples (request, calls, answer)", default: "0" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ job: z.string().min(1), wait: z.boolean().default(false), examples: intFlag(0, 1000).default(0), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa synth status 3f2a…", "kopa synth status 3f2a… --wait", "kopa synth status 3f2a… --examples 5"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    const path = `/v1/synth/jobs/${encodeURIComponent(input.job)}`;
    let job = await api.json(synthJobSchema, "GET", path);
    if (input.wait && synthJobActive(job.value)) job = await followSynthJob(api, io, job);
    const examples = input.examples > 0 ? await api.json(synthExamplesSchema, "GET", `${path}/examples`, { query: { kept: "true", limit: input.examples } }) : undefined;
    if (input.json) printJson(io, examples ? { job: job.raw, examples: rawExamplesSchema.parse(examples.raw).examples } : job.raw);
    else {
      io.stdout.write(synthJobReport(job.value));
      if (examples) {
        io.stdout.write("\n");
        io.stdout.write(
          renderTable(
            [{ header: "SHAPE" }, { header: "REQUEST", max: 60 }, { header: "CALLS", max: 60 }, { header: "ANSWER", max: 60 }],
            examples.value.examples.map((e) => [e.shape, e.request.text, e.calls.map((c) => c.tool).join(" → "), e.answer.text]),
          ),
        );
      }
    }
    if (synthJobActive(job.value) || synthJobOk(job.value)) return;
    return jobFailed(io, `synthesis job ${job.value.id} ended ${job.value.status} with ${job.value.progress.kept} kept`);
  },
});
