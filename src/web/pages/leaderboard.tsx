/**
 * The leaderboard: the team's finished runs per suite (KOPA-Bench, BFCL and its categories),
 * ranked by pass@1 then pass^k, with their intervals and the suite's headline measures.
 */
import { Hono } from "hono";
import { parseOrThrow, type AppEnv } from "../../app/new-app";
import { dbOf } from "../../db/client";
import { benchLeaderboardQuery } from "../../bench/routes";
import type { RunSummary } from "../../bench/stats";
import { listRuns, type RunRow } from "../../bench/store";
import { EstimateBar } from "../charts";
import { interval, kstTime, rate } from "../format";
import { L, labelOf, MEASURE_LABELS, suiteLabel } from "../i18n";
import type { DashboardPage } from "../page";
import { Tabs } from "./bench";

const PATH = "/ui/leaderboard";

/** The measures a suite is compared on besides pass@1 and pass^k. */
const measuresOf = (suite: string) => (suite === "kopa" ? ["toolF1", "argAccuracy", "edgeF1", "envSuccess", "factRecall"] : ["accuracy"]);

interface Entry {
  run: RunRow;
  summary: RunSummary;
}

/** Finished runs with a summary, per suite (KOPA-Bench first), best first. */
function bySuite(runs: RunRow[]): [string, Entry[]][] {
  const suites = new Map<string, Entry[]>();
  for (const run of runs) {
    const summary = run.summary as RunSummary | null;
    if (summary) suites.set(run.suite, [...(suites.get(run.suite) ?? []), { run, summary }]);
  }
  for (const list of suites.values()) list.sort((a, b) => b.summary.pass1.value - a.summary.pass1.value || b.summary.passK.value - a.summary.passK.value);
  return [...suites.entries()].sort(([a], [b]) => (a === "kopa" ? -1 : b === "kopa" ? 1 : a.localeCompare(b)));
}

const SuiteBoard = ({ suite, entries }: { suite: string; entries: Entry[] }) => {
  const measures = measuresOf(suite);
  return (
    <section class="board" data-suite={suite}>
      <h2>
        <L {...suiteLabel(suite)} />
      </h2>
      <div class="scroll">
        <table class="chart" id={`board-${suite.replace(":", "-")}`}>
          <thead>
            <tr>
              <th class="num">#</th>
              <th>
                <L ko="이름" en="Label" />
              </th>
              <th>
                <L ko="모델" en="Model" />
              </th>
              <th class="num">
                <L ko="채점 / 항목" en="Scored / items" />
              </th>
              <th class="bar-col">pass@1 · 95% CI</th>
              <th class="num">pass@1</th>
              <th class="num">pass^k</th>
              {measures.map((m) => (
                <th class="num">
                  <L {...labelOf(MEASURE_LABELS, m)} />
                </th>
              ))}
              <th>
                <L ko="종료 (KST)" en="Finished (KST)" />
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map(({ run, summary }, i) => (
              <tr data-run={run.id} data-rank={i + 1} data-pass1={summary.pass1.value}>
                <td class="num">{i + 1}</td>
                <td class="wrap">
                  <a href={`/ui/bench/runs/${run.id}`}>{run.label}</a>
                </td>
                <td class="wrap">
                  <code>{run.model}</code> <span class="muted">{run.mode}</span>
                </td>
                <td class="num">
                  {summary.scoredItems} / {summary.items}
                </td>
                <td class="bar-col">
                  <EstimateBar estimate={summary.pass1} />
                </td>
                <td class="num">
                  {rate(summary.pass1.value)} <span class="muted">({interval(summary.pass1.ci)})</span>
                </td>
                <td class="num">
                  {rate(summary.passK.value)} <span class="muted">k={summary.k}</span>
                </td>
                {measures.map((m) => {
                  const value = summary.measures[m];
                  return (
                    <td class="num" data-measure={m}>
                      {value === undefined ? "—" : rate(value)}
                    </td>
                  );
                })}
                <td class="wrap">{kstTime(run.finishedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
};

const Leaderboard = ({ suites }: { suites: [string, Entry[]][] }) => (
  <>
    <Tabs here="leaderboard" />
    {suites.length === 0 ? (
      <p class="card muted" id="no-board">
        <L ko="끝난 실행이 없습니다." en="No finished runs yet." />
      </p>
    ) : (
      suites.map(([suite, entries]) => <SuiteBoard suite={suite} entries={entries} />)
    )}
  </>
);

const routes = new Hono<AppEnv>().get("/leaderboard", async (c) => {
  const query = parseOrThrow(benchLeaderboardQuery, c.req.query(), "query");
  const runs = await listRuns(dbOf(c.env.DB), c.get("team").id, { status: "done", ...(query.suite ? { suite: query.suite } : {}) });
  return c.render(<Leaderboard suites={bySuite(runs)} />, { title: { ko: "리더보드", en: "Leaderboard" }, page: PATH });
});

export const leaderboardPage: DashboardPage = { nav: { path: PATH, label: { ko: "리더보드", en: "Leaderboard" } }, routes };
