import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { enumListFlag, intFlag, listFlag, numberFlag } from "../../flags";
import { jobFailed } from "../../follow";
import { followGraphJob, GRAPH_JOB_OK, graphJobReport, startGraphJob } from "../../graph";
import { printJson } from "../../output";
import { EDGE_STATUSES } from "../../wire/graph";

export default defineCommand({
  path: ["graph", "verify"],
  summary: "call candidate edges for real, within a budget, and keep those that work",
  description: `
For each edge tried, k distinct values of the source field are passed to the target tool through
the gateway, each with a control call (a random value of the same type, and an optional parameter
left out): the edge is verified when a share of the answers are non-empty and differ from the
control's, rejected when they fail because of the link or the control passes too, inconclusive when
the upstream failed or a search found nothing, untested when the source gave too few values. The job
stops at the call budget and can be started again to go on; what it did not reach stays a candidate.`,
  positionals: [],
  flags: {
    budget: { type: "string", value: "<n>", description: "upstream calls the job may spend", default: "2000" },
    k: { type: "string", value: "<n>", description: "sampled values tried per edge", default: "3" },
    share: { type: "string", value: "<x>", description: "share of tries that must return data (0–1]", default: "0.66" },
    seed: { type: "string", value: "<text>", description: "seed of the value sampling", default: "edge" },
    statuses: { type: "string", value: "<a,b>", description: `which edges to try: ${EDGE_STATUSES.join(", ")}`, default: "candidate,inconclusive,untested,stale" },
    tools: { type: "string", value: "<a,b>", description: "only edges from or to these tools" },
    fresh: { type: "boolean", description: "ask the upstreams again instead of using cached answers" },
    "no-wait": { type: "boolean", description: "print the job and return at once" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({
    budget: intFlag(1, 100_000).optional(),
    k: intFlag(1, 10).optional(),
    share: numberFlag(0.01, 1).optional(),
    seed: z.string().min(1).max(100).optional(),
    statuses: enumListFlag(EDGE_STATUSES).optional(),
    tools: listFlag.optional(),
    fresh: z.boolean().default(false),
    "no-wait": z.boolean().default(false),
    json: z.boolean().default(false),
    ...teamInput,
  }),
  examples: ["kopa graph verify --budget 5000", "kopa graph verify --statuses verified --fresh --tools kma_ultra_srt_ncst", "kopa graph verify --no-wait --json"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    const body = {
      ...(input.budget !== undefined ? { budget: input.budget } : {}),
      ...(input.k !== undefined ? { k: input.k } : {}),
      ...(input.share !== undefined ? { share: input.share } : {}),
      ...(input.seed !== undefined ? { seed: input.seed } : {}),
      ...(input.statuses ? { statuses: input.statuses } : {}),
      ...(input.tools ? { tools: input.tools } : {}),
      ...(input.fresh ? { fresh: true } : {}),
    };
    const first = await startGraphJob(api, "verify", body);
    if (!input.json) io.stderr.write(`graph verify job ${first.value.id}\n`);
    const job = input["no-wait"] ? first : await followGraphJob(api, io, first);
    if (input.json) printJson(io, job.raw);
    else io.stdout.write(graphJobReport(job.value));
    if (input["no-wait"] || GRAPH_JOB_OK.has(job.value.status)) return;
    return jobFailed(io, `graph verify job ${job.value.id} ended ${job.value.status}${job.value.error ? `: ${job.value.error}` : ""}`);
  },
});
