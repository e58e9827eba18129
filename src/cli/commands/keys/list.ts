import { z } from "zod";
import { keySecretSchema } from "../../../catalog/providers";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { printJson } from "../../output";
import { keyListSchema } from "../../schemas";
import { renderTable } from "../../table";

export default defineCommand({
  path: ["keys", "list"],
  summary: "show which key secrets use the team's own key (keys are never shown)",
  positionals: [],
  flags: { ...jsonFlag, ...teamFlags },
  input: z.object({ json: z.boolean().default(false), ...teamInput }),
  async run(input, { io, teamApi }) {
    const { value, raw } = await teamApi(input).json(keyListSchema, "GET", "/v1/keys");
    if (input.json) return printJson(io, raw);
    const own = new Set(value.registered);
    const secrets = [...new Set([...keySecretSchema.options, ...value.registered])];
    io.stdout.write(
      renderTable(
        [{ header: "SECRET" }, { header: "KEY IN USE" }],
        secrets.map((secret) => [secret, own.has(secret) ? "the team's own" : "the operator's"]),
      ),
    );
  },
});
