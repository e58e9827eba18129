import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { intFlag } from "../../flags";
import { formatTime, plural, printJson } from "../../output";
import { renderTable } from "../../table";
import { driftSchema } from "../../wire/graph";

/** The events as sent, for --json: unknown keys kept (driftSchema has accepted the same body). */
const rawEventsSchema = z.object({ events: z.array(z.unknown()) });

export default defineCommand({
  path: ["graph", "drift"],
  summary: "drift events: tools whose answers changed shape, edges gone stale",
  description:
    "Newest first. The scheduled re-verification probes the tools and records a change of their answers' fields here. KIND: fields (the fields changed), failing (every call fails; REMOVED lists the fields last seen), recovered (it answers again).",
  positionals: [],
  flags: {
    tool: { type: "string", value: "<name>", description: "only this tool's events" },
    limit: { type: "string", value: "<n>", description: "at most n events", default: "50" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ tool: z.string().min(1).optional(), limit: intFlag(1, 1000).default(50), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa graph drift", "kopa graph drift --tool kasi_public_holidays --json"],
  async run(input, { io, teamApi }) {
    const { value, raw } = await teamApi(input).json(driftSchema, "GET", "/v1/graph/drift");
    // The route has no filter: pick here, from the parsed events and (for --json) the raw ones alike.
    const picked = value.events.map((e, i) => ({ e, i })).filter(({ e }) => !input.tool || e.tool === input.tool).slice(0, input.limit);
    const events = picked.map(({ e }) => e);
    if (input.json) {
      const rawEvents = rawEventsSchema.parse(raw).events;
      return printJson(io, { events: picked.map(({ i }) => rawEvents[i]) });
    }
    if (events.length === 0) {
      io.stdout.write(`no drift recorded${input.tool ? ` for ${input.tool}` : ""}\n`);
      return;
    }
    io.stdout.write(
      renderTable(
        [{ header: "WHEN" }, { header: "TOOL" }, { header: "KIND" }, { header: "REMOVED", max: 30 }, { header: "ADDED", max: 30 }, { header: "RETYPED", max: 30 }, { header: "STALE EDGES", max: 70 }],
        events.map((e) => [
          formatTime(e.at),
          e.tool,
          e.kind ?? "",
          e.removed.join(", "),
          e.added.join(", "),
          e.retyped.map((f) => `${f}: ${e.before[f] ?? "?"}→${e.after[f] ?? "?"}`).join(", "),
          e.staleEdges.length === 0 ? "" : `${e.staleEdges.length}: ${e.staleEdges.join(", ")}`,
        ]),
      ),
    );
    io.stdout.write(`${plural(events.length, "event")}\n`);
  },
});
