import { z } from "zod";
import { defineCommand, jsonFlag } from "../command";
import { adminFlags, adminInput, teamFlags, teamInput } from "../connection";
import { intFlag } from "../flags";
import { formatTime, plural, printJson } from "../output";
import { usageSchema } from "../schemas";
import { renderTable, type Column } from "../table";

const MAX_HOURS = 24 * 90;

export default defineCommand({
  path: ["usage"],
  summary: "calls, cache hits, errors, latency and quota left per tool",
  description: "The team's usage by default; with --all, every team's (needs the admin token).",
  positionals: [],
  flags: {
    hours: { type: "string", value: "<n>", description: `the last n hours, at most ${MAX_HOURS}`, default: "24" },
    all: { type: "boolean", description: "every team (admin)" },
    ...jsonFlag,
    ...teamFlags,
    "admin-token": adminFlags["admin-token"],
  },
  input: z.object({
    hours: intFlag(1, MAX_HOURS).default(24),
    all: z.boolean().default(false),
    json: z.boolean().default(false),
    ...teamInput,
    "admin-token": adminInput["admin-token"],
  }),
  examples: ["kopa usage", "kopa usage --hours 168 --json", "kopa usage --all"],
  async run(input, { io, teamApi, adminApi }) {
    const api = input.all ? adminApi(input) : teamApi(input);
    const { value, raw } = await api.json(usageSchema, "GET", input.all ? "/admin/usage" : "/v1/usage", { query: { hours: input.hours } });
    if (input.json) return printJson(io, raw);
    const columns: Column[] = [
      ...(input.all ? [{ header: "TEAM" }] : []),
      { header: "TOOL" },
      { header: "PROVIDER" },
      ...["CALLS", "CACHED", "UPSTREAM", "ERRORS", "P50 MS", "P95 MS", "QUOTA LEFT"].map((header): Column => ({ header, align: "right" })),
    ];
    io.stdout.write(
      renderTable(
        columns,
        value.tools.map((row) => [
          ...(input.all ? [row.teamId.slice(0, 8)] : []),
          row.tool,
          row.provider ?? "-",
          row.calls,
          row.cacheHits,
          row.upstreamCalls,
          row.errors,
          row.p50Ms,
          row.p95Ms,
          row.quotaLeft ?? "-",
        ]),
      ),
    );
    const calls = value.tools.reduce((n, row) => n + row.calls, 0);
    const cached = value.tools.reduce((n, row) => n + row.cacheHits, 0);
    const share = calls > 0 ? ` (${Math.round((cached / calls) * 100)}%)` : "";
    const who = value.team ? `team ${value.team}` : "all teams";
    io.stdout.write(`${who} · last ${input.hours} h${value.since ? ` (since ${formatTime(value.since)})` : ""} · ${plural(calls, "call")}, ${cached} served from cache${share}\n`);
  },
});
