import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { formatTime, printJson } from "../../output";
import { snapshotListSchema } from "../../schemas";
import { renderTable } from "../../table";

export default defineCommand({
  path: ["snapshot", "list"],
  summary: "list snapshots",
  positionals: [],
  flags: { ...jsonFlag, ...teamFlags },
  input: z.object({ json: z.boolean().default(false), ...teamInput }),
  async run(input, { io, teamApi }) {
    const { value, raw } = await teamApi(input).json(snapshotListSchema, "GET", "/v1/snapshots");
    if (input.json) return printJson(io, raw);
    io.stdout.write(
      renderTable(
        [{ header: "NAME" }, { header: "ENTRIES", align: "right" }, { header: "CREATED" }, { header: "DESCRIPTION", max: 60 }],
        value.snapshots.map((s) => [s.name, s.entryCount, formatTime(s.createdAt), s.description]),
      ),
    );
  },
});
