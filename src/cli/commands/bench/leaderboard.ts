import { z } from "zod";
import { leaderboardTable } from "../../bench";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { printJson } from "../../output";
import { leaderboardSchema, SUITES } from "../../wire/bench";

export default defineCommand({
  path: ["bench", "leaderboard"],
  summary: "the team's finished runs ranked by pass@1, one table per suite, task set, world and catalog",
  positionals: [],
  flags: {
    suite: { type: "string", value: "<suite>", description: `only this suite: ${SUITES.join(", ")}` },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ suite: z.enum(SUITES).optional(), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa bench leaderboard", "kopa bench leaderboard --suite bfcl:all --json"],
  async run(input, { io, teamApi }) {
    const { value, raw } = await teamApi(input).json(leaderboardSchema, "GET", "/v1/bench/leaderboard", { query: { suite: input.suite } });
    if (input.json) return printJson(io, raw);
    // One table per board: runs are ranked together only on one task set, world and catalog.
    const boards = value.boards ?? Object.entries(value.suites).map(([suite, entries]) => ({ suite, taskSet: null, snapshot: null, catalogVersion: null, entries }));
    const shown = boards.filter((b) => b.entries.length > 0);
    if (shown.length === 0) {
      io.stdout.write(`no finished runs${input.suite ? ` of ${input.suite}` : ""} yet (start one with kopa bench run)\n`);
      return;
    }
    const title = (b: (typeof shown)[number]) => [b.suite, ...(b.taskSet || b.snapshot || b.catalogVersion ? [`task set ${b.taskSet ?? "?"}`, `world ${b.snapshot ?? "live"}`, `catalog ${b.catalogVersion ?? "?"}`] : [])].join(" · ");
    io.stdout.write(shown.map((b) => `${title(b)}\n${leaderboardTable(b.suite, b.entries)}`).join("\n"));
  },
});
