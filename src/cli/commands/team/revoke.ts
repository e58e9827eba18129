import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { adminFlags, adminInput } from "../../connection";
import { printJson } from "../../output";
import { revokedSchema } from "../../schemas";

export default defineCommand({
  path: ["team", "revoke"],
  summary: "revoke a team: its token stops working at once",
  positionals: [{ name: "id", description: "team id (see kopa team list)" }],
  flags: { ...jsonFlag, ...adminFlags },
  input: z.object({ id: z.string().trim().min(1), json: z.boolean().default(false), ...adminInput }),
  examples: ["kopa team revoke 132e9a98-f8ba-4d7c-aff3-1c65c227a628"],
  async run(input, { io, adminApi }) {
    const { value, raw } = await adminApi(input).json(revokedSchema, "DELETE", `/admin/teams/${encodeURIComponent(input.id)}`);
    if (input.json) return printJson(io, raw);
    io.stdout.write(`revoked team ${value.revoked}\n`);
  },
});
