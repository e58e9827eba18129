import { z } from "zod";
import { providerIdSchema } from "../../../catalog/providers";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { printJson } from "../../output";
import { toolListSchema } from "../../schemas";
import { renderTable } from "../../table";

export default defineCommand({
  path: ["tools", "list"],
  summary: "list the catalog's tools",
  description: "One row per tool: name, provider, kind (upstream or local), cache class and number of parameters.",
  positionals: [],
  flags: {
    provider: { type: "string", value: "<id>", description: `only this provider's tools: ${providerIdSchema.options.join(", ")}` },
    kind: { type: "string", value: "<kind>", description: "only upstream operations or local utility tools: upstream, local" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({
    provider: providerIdSchema.optional(),
    kind: z.enum(["upstream", "local"]).optional(),
    json: z.boolean().default(false),
    ...teamInput,
  }),
  examples: ["kopa tools list", "kopa tools list --provider kma", "kopa tools list --kind local --json"],
  async run(input, { io, teamApi }) {
    const { value, raw } = await teamApi(input).json(toolListSchema, "GET", "/v1/tools", {
      query: { format: "jsonschema", provider: input.provider, kind: input.kind },
    });
    if (input.json) return printJson(io, raw);
    io.stdout.write(
      renderTable(
        [{ header: "NAME" }, { header: "PROVIDER" }, { header: "KIND" }, { header: "CACHE" }, { header: "PARAMS", align: "right" }],
        value.tools.map((t) => [t.name, t.provider?.id ?? "-", t.kind, t.cache.class, Object.keys(t.inputSchema.properties).length]),
      ),
    );
    io.stdout.write(`${value.count} tools\n`);
  },
});
