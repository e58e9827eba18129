import { z } from "zod";
import { leaderboardTable } from "../../bench";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { printJson } from "../../output";
import { leaderboardSchema, SUITES } from "../../wire/bench";

export default defineCommand({
  path: ["bench", "leaderboard"],
  summary: "the team's finished runs ranked by pass@1, one table per suite",
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
    const suites = Object.entries(value.suites).filter(([, entries]) => entries.length > 0);
    if (suites.length === 0) {
      io.stdout.write(`no finished runs${input.suite ? ` of ${input.suite}` : ""} yet (start one with kopa bench run)\n`);
      return;
    }
    io.stdout.write(suites.map(([suite, entries]) => `${suite}\n${leaderboardTable(suite, entries)}`).join("\n"));
  },
});
