import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { adminFlags, adminInput } from "../../connection";
import { printJson, shellQuote } from "../../output";
import { teamCreatedSchema } from "../../schemas";
import { renderPairs } from "../../table";

export default defineCommand({
  path: ["team", "create"],
  summary: "create a team and print its token (shown once)",
  description: "Needs the operator's admin token. Only the token's hash is stored: keep the printed token.",
  positionals: [{ name: "name", description: "team name, unique" }],
  flags: { ...jsonFlag, ...adminFlags },
  input: z.object({ name: z.string().trim().min(1).max(100), json: z.boolean().default(false), ...adminInput }),
  examples: ["kopa team create weather-team", "export KOPA_TOKEN=$(kopa team create ci --json | jq -r .token)"],
  async run(input, { io, adminApi }) {
    const { value, raw } = await adminApi(input).json(teamCreatedSchema, "POST", "/admin/teams", { body: { name: input.name } });
    if (input.json) return printJson(io, raw);
    io.stdout.write(
      renderPairs([
        ["team", value.team.name],
        ["id", value.team.id],
        ["token", value.token],
      ]),
    );
    io.stdout.write(`\nThe token is shown once; only its hash is stored. Use it with:\n  export KOPA_TOKEN=${shellQuote(value.token)}\n`);
  },
});
