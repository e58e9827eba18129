import { z } from "zod";
import { keySecretSchema } from "../../../catalog/providers";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { printJson } from "../../output";
import { keyDeletedSchema } from "../../schemas";

export default defineCommand({
  path: ["keys", "delete"],
  summary: "forget the team's own key for a key secret (back to the operator's)",
  positionals: [{ name: "secret", description: `which key: ${keySecretSchema.options.join(", ")}` }],
  flags: { ...jsonFlag, ...teamFlags },
  input: z.object({ secret: keySecretSchema, json: z.boolean().default(false), ...teamInput }),
  async run(input, { io, teamApi }) {
    const { value, raw } = await teamApi(input).json(keyDeletedSchema, "DELETE", `/v1/keys/${input.secret}`);
    if (input.json) return printJson(io, raw);
    io.stdout.write(`deleted the team's key for ${value.deleted}\n`);
  },
});
