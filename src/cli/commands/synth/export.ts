import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { UserError } from "../../errors";
import { printJson } from "../../output";
import { exportDataset, writtenTable } from "../../synth";
import { DATASET_FORMATS, synthJobSchema } from "../../wire/synth";

const FORMATS = ["all", ...DATASET_FORMATS, "card"] as const;

export default defineCommand({
  path: ["synth", "export"],
  summary: "write a job's dataset in every format (or one) and its card to a directory",
  description: `
Formats: openai (messages + tools, for TRL's SFTTrainer and LLaMA-Factory), hermes (<tool_call> text),
grpo (prompts with what the reward service needs), bfcl (single-call entries), and card (the
dataset card, Markdown). Files are <name>.<format>.jsonl and <name>.card.md; --format all writes
the four formats and the card. The kept examples are exported; export again after the job ends.`,
  positionals: [{ name: "job", description: "the synthesis job id" }],
  flags: {
    format: { type: "string", value: "<f>", description: `${FORMATS.join(", ")}`, default: "all" },
    out: { type: "string", short: "o", value: "<dir>", description: "the directory (created if needed)", default: "./out" },
    name: { type: "string", value: "<name>", description: "file name prefix", default: "synth-<first 8 characters of the job id>" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({
    job: z.string().min(1),
    format: z.enum(FORMATS).default("all"),
    out: z.string().min(1).default("./out"),
    name: z
      .string()
      .regex(/^[\w.-]{1,80}$/, "letters, digits, . _ and - only")
      .optional(),
    json: z.boolean().default(false),
    ...teamInput,
  }),
  examples: ["kopa synth export 3f2a…", "kopa synth export 3f2a… --format openai --out data/ --name kopa-sft"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    const { value: job } = await api.json(synthJobSchema, "GET", `/v1/synth/jobs/${encodeURIComponent(input.job)}`);
    if (job.progress.kept === 0) throw new UserError(`synthesis job ${job.id} has no kept example yet (status ${job.status})`);
    const formats = input.format === "all" ? [...DATASET_FORMATS, "card" as const] : [input.format];
    const files = await exportDataset(api, io, { jobId: job.id, dir: input.out, name: input.name ?? `synth-${job.id.slice(0, 8)}`, formats });
    if (input.json) return printJson(io, { job: job.id, status: job.status, kept: job.progress.kept, files });
    io.stdout.write(writtenTable(files));
    io.stdout.write(`${job.progress.kept} kept examples of job ${job.id} (${job.status})\n`);
  },
});
