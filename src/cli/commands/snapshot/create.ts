import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { listFlag } from "../../flags";
import { plural, printJson } from "../../output";
import { snapshotInfoSchema } from "../../schemas";

export default defineCommand({
  path: ["snapshot", "create"],
  summary: "freeze the stored responses (of some tools) under a new name",
  description: "Calls with --snapshot <name> are then answered from it only, never upstream. Snapshots are immutable.",
  positionals: [{ name: "name", description: "1-100 of [A-Za-z0-9._-], starting alphanumeric" }],
  flags: {
    tools: { type: "string", value: "<a,b>", description: "only responses of these tools (default all)" },
    description: { type: "string", value: "<text>", description: "what the snapshot is for" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({
    name: z.string().min(1),
    tools: listFlag.optional(),
    description: z.string().max(1000).optional(),
    json: z.boolean().default(false),
    ...teamInput,
  }),
  examples: ["kopa snapshot create bench-2026-11", "kopa snapshot create holidays --tools kasi_public_holidays,kasi_national_days --description 'KASI 2026'"],
  async run(input, { io, teamApi }) {
    const body = { name: input.name, ...(input.description !== undefined ? { description: input.description } : {}), ...(input.tools ? { tools: input.tools } : {}) };
    const { value, raw } = await teamApi(input).json(snapshotInfoSchema, "POST", "/v1/snapshots", { body });
    if (input.json) return printJson(io, raw);
    io.stdout.write(`created snapshot ${value.name}: ${plural(value.entryCount, "entry", "entries")} (id ${value.id})\n`);
  },
});
