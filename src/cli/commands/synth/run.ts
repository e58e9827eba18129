import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { enumListFlag, intFlag, listFlag } from "../../flags";
import { jobFailed } from "../../follow";
import { printJson } from "../../output";
import { followSynthJob, startSynthJob, synthJobOk, synthJobReport } from "../../synth";
import { SHAPES } from "../../wire/synth";

export default defineCommand({
  path: ["synth", "run"],
  summary: "synthesise trajectories by walking the verified graph (with a progress bar)",
  description: `
Plans walks over verified edges in the chosen shapes, runs each walk step by step through the
gateway, turns it into a Korean request, tool calls and answer, and keeps it when it passes the
filters. The bar counts kept trajectories against --target. The graph needs verified edges first
(kopa graph build, kopa graph verify). Export the result with kopa synth export <job>.`,
  positionals: [],
  flags: {
    target: { type: "string", value: "<n>", description: "kept trajectories to aim for", default: "300" },
    shapes: { type: "string", value: "<a,b>", description: `walk shapes: ${SHAPES.join(", ")}`, default: "all six" },
    providers: { type: "string", value: "<a,b>", description: "only walks whose tools belong to these providers (local tools always allowed)" },
    budget: { type: "string", value: "<n>", description: "upstream calls the job may spend", default: "20000" },
    seed: { type: "string", value: "<text>", description: "seed of the sampler (same seed, same plans)", default: "synth" },
    snapshot: { type: "string", value: "<name>", description: "answer every call from this snapshot (no upstream call)" },
    concurrency: { type: "string", value: "<n>", description: "walks in flight at once", default: "8" },
    "no-wait": { type: "boolean", description: "print the job and return at once (see kopa synth status)" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({
    target: intFlag(1, 20_000).optional(),
    shapes: enumListFlag(SHAPES).optional(),
    providers: listFlag.optional(),
    budget: intFlag(1, 1_000_000).optional(),
    seed: z.string().min(1).max(100).optional(),
    snapshot: z.string().min(1).max(200).optional(),
    concurrency: intFlag(1, 64).optional(),
    "no-wait": z.boolean().default(false),
    json: z.boolean().default(false),
    ...teamInput,
  }),
  examples: ["kopa synth run --target 1000 --concurrency 16", "kopa synth run --shapes fan_out,comparison --providers kma,airkorea", "kopa synth run --snapshot bench-2026-11 --no-wait --json"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    const body = {
      ...(input.target !== undefined ? { target: input.target } : {}),
      ...(input.shapes ? { shapes: input.shapes } : {}),
      ...(input.providers ? { providers: input.providers } : {}),
      ...(input.budget !== undefined ? { budget: input.budget } : {}),
      ...(input.seed !== undefined ? { seed: input.seed } : {}),
      ...(input.snapshot !== undefined ? { snapshot: input.snapshot } : {}),
      ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
    };
    const first = await startSynthJob(api, body);
    if (!input.json) io.stderr.write(`synthesis job ${first.value.id} (graph version ${first.value.graphVersion})\n`);
    const job = input["no-wait"] ? first : await followSynthJob(api, io, first);
    if (input.json) printJson(io, job.raw);
    else {
      io.stdout.write(synthJobReport(job.value));
      if (synthJobOk(job.value)) io.stdout.write(`\nexport it: kopa synth export ${job.value.id}\n`);
    }
    if (input["no-wait"] || synthJobOk(job.value)) return;
    return jobFailed(io, `synthesis job ${job.value.id} ended ${job.value.status} with ${job.value.progress.kept} kept`);
  },
});
