import { z } from "zod";
import { benchRunActive, followBenchRun, pct } from "../../bench";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { jobFailed } from "../../follow";
import { formatTime, plural, printJson } from "../../output";
import { renderPairs, renderTable } from "../../table";
import { benchRunListSchema, benchRunSchema, SUITES } from "../../wire/bench";

export default defineCommand({
  path: ["bench", "status"],
  summary: "a run's progress (or, without a run id, the team's runs)",
  positionals: [{ name: "run", description: "the run id (kopa bench run prints it)", optional: true }],
  flags: {
    wait: { type: "boolean", description: "follow the run with the progress bar until it ends" },
    suite: { type: "string", value: "<suite>", description: "without a run id: only runs of this suite" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ run: z.string().min(1).optional(), wait: z.boolean().default(false), suite: z.enum(SUITES).optional(), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa bench status", "kopa bench status 7c1e… --wait"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    if (!input.run) {
      const { value, raw } = await api.json(benchRunListSchema, "GET", "/v1/bench/runs", { query: { suite: input.suite } });
      if (input.json) return printJson(io, raw);
      if (value.runs.length === 0) {
        io.stdout.write("no benchmark runs yet (start one with kopa bench run)\n");
        return;
      }
      io.stdout.write(
        renderTable(
          [{ header: "RUN" }, { header: "LABEL", max: 32 }, { header: "SUITE" }, { header: "MODE" }, { header: "STATUS" }, { header: "ATTEMPTS", align: "right" }, { header: "PASS@1", align: "right" }, { header: "STARTED" }],
          value.runs.map((r) => [r.id, r.label, r.suite, r.mode, r.status, `${r.done}/${r.planned}`, r.pass1 ? `${pct(r.pass1.value)}%` : "-", formatTime(r.createdAt)]),
        ),
      );
      return;
    }
    let run = await api.json(benchRunSchema, "GET", `/v1/bench/runs/${encodeURIComponent(input.run)}`);
    if (input.wait && benchRunActive(run.value)) run = await followBenchRun(api, io, run);
    if (input.json) printJson(io, run.raw);
    else {
      const r = run.value;
      io.stdout.write(
        renderPairs([
          ["run", `${r.id} (${r.label})`],
          ["suite", `${r.suite} · ${r.mode} · model ${r.model}`],
          ["status", `${r.status}${r.error ? `: ${r.error}` : ""}`],
          ["attempts", `${r.progress.done}/${r.progress.planned} (${r.progress.percent}%)${r.progress.inFlight.length > 0 ? `, ${r.progress.inFlight.length} in flight` : ""}`],
          ["pass@1 so far", `${pct(r.summary.pass1.value)}% over ${plural(r.summary.scoredItems, "scored item")}`],
          ["started", formatTime(r.createdAt)],
          ["finished", formatTime(r.finishedAt)],
        ]),
      );
    }
    if (benchRunActive(run.value) || run.value.status === "done") return;
    return jobFailed(io, `bench run ${run.value.id} ended ${run.value.status}${run.value.error ? `: ${run.value.error}` : ""}`);
  },
});
