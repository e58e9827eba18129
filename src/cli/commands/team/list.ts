import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { adminFlags, adminInput } from "../../connection";
import { formatTime, printJson } from "../../output";
import { teamListSchema } from "../../schemas";
import { renderTable } from "../../table";

export default defineCommand({
  path: ["team", "list"],
  summary: "list teams, live and revoked",
  positionals: [],
  flags: { ...jsonFlag, ...adminFlags },
  input: z.object({ json: z.boolean().default(false), ...adminInput }),
  async run(input, { io, adminApi }) {
    const { value, raw } = await adminApi(input).json(teamListSchema, "GET", "/admin/teams");
    if (input.json) return printJson(io, raw);
    io.stdout.write(
      renderTable(
        [{ header: "ID" }, { header: "NAME" }, { header: "CREATED" }, { header: "REVOKED" }],
        value.teams.map((t) => [t.id, t.name, formatTime(t.createdAt), formatTime(t.revokedAt)]),
      ),
    );
  },
});
