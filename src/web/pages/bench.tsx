/**
 * KOPA-Bench and BFCL runs: the team's runs with live progress, and a run's page with pass@1 and
 * pass^k (95 % intervals) per shape, level and provider (BFCL: per category), the mean measures,
 * error types, unscorable items and timing. A running run shows its partial summary.
 */
import { Hono, type Context } from "hono";
import { ApiError } from "../../app/errors";
import { parseOrThrow, type AppEnv } from "../../app/new-app";
import { dbOf, type Db } from "../../db/client";
import { summaryOf } from "../../bench/results";
import { benchRunsQuery } from "../../bench/routes";
import type { RunSummary } from "../../bench/stats";
import { getRun, listRuns, type RunRow } from "../../bench/store";
import { EstimateChart, isActive, ProgressBar, StatusPill, CountChart, type ProgressJson } from "../charts";
import { interval, kstTime, rate } from "../format";
import { GROUP_LABELS, L, labelOf, MEASURE_LABELS, SHAPE_LABELS, STATUS_LABELS, suiteLabel, type Label } from "../i18n";
import type { DashboardPage } from "../page";

const PATH = "/ui/bench";
const TITLE: Label = { ko: "벤치마크 실행", en: "Benchmark runs" };

/** Breakdowns in the order they are shown; the summary has those of its suite. */
const GROUP_ORDER = ["shape", "level", "provider", "category"];

/** Measures that are proportions (shown as %); the rest are means per attempt. */
const RATES = new Set(["factRecall", "toolPrecision", "toolRecall", "toolF1", "argAccuracy", "edgePrecision", "edgeRecall", "edgeF1", "actionValid", "envSuccess", "envRecall", "accuracy", "decodeFailures"]);

/** A stored summary is the finished run's; a run still going is summarised from its scores so far. */
async function runSummary(db: Db, run: RunRow): Promise<RunSummary> {
  return (run.summary as RunSummary | null) ?? (await summaryOf(db, run));
}

async function ownRun(c: Context<AppEnv>, id: string): Promise<RunRow> {
  const run = await getRun(dbOf(c.env.DB), id);
  if (!run || run.teamId !== c.get("team").id) throw new ApiError("NOT_FOUND", "no benchmark run with that id", "id");
  return run;
}

const progressUrl = (id: string) => `${PATH}/runs/${id}/progress`;

function progressJson(run: RunRow): ProgressJson {
  return { status: run.status, label: labelOf(STATUS_LABELS, run.status), done: run.attemptsDone, total: run.attemptsPlanned, fields: {} };
}

export const Tabs = ({ here }: { here: "runs" | "leaderboard" }) => (
  <p class="tabs">
    <a class="button" href={PATH} style={here === "runs" ? "font-weight:700" : ""}>
      <L ko="실행 목록" en="Runs" />
    </a>{" "}
    <a class="button" href="/ui/leaderboard" style={here === "leaderboard" ? "font-weight:700" : ""}>
      <L ko="리더보드" en="Leaderboard" />
    </a>
  </p>
);

const Pass1 = ({ summary }: { summary: RunSummary | null }) =>
  summary ? (
    <span data-pass1={summary.pass1.value}>
      {rate(summary.pass1.value)} <span class="muted">({interval(summary.pass1.ci)})</span>
    </span>
  ) : (
    <span class="muted">—</span>
  );

const RunList = ({ runs }: { runs: RunRow[] }) => (
  <>
    <Tabs here="runs" />
    {runs.length === 0 ? (
      <p class="card muted" id="no-runs">
        <L ko="실행이 없습니다. POST /v1/bench/runs 또는 kopa bench run 으로 시작합니다." en="No runs yet. Start one with POST /v1/bench/runs or kopa bench run." />
      </p>
    ) : (
      <div class="scroll">
        <table id="runs">
          <thead>
            <tr>
              <th>
                <L ko="이름" en="Label" />
              </th>
              <th>
                <L ko="스위트" en="Suite" />
              </th>
              <th>
                <L ko="모델" en="Model" />
              </th>
              <th>
                <L ko="상태" en="Status" />
              </th>
              <th>
                <L ko="시도" en="Attempts" />
              </th>
              <th>pass@1 (95% CI)</th>
              <th>
                <L ko="시작 (KST)" en="Started (KST)" />
              </th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr data-live data-run={run.id}>
                <td>
                  <a href={`${PATH}/runs/${run.id}`}>{run.label}</a>
                </td>
                <td>
                  <L {...suiteLabel(run.suite)} /> <span class="muted">{run.mode}</span>
                </td>
                <td>
                  <code>{run.model}</code>
                </td>
                <td>
                  <StatusPill status={run.status} />
                </td>
                <td>
                  <ProgressBar done={run.attemptsDone} total={run.attemptsPlanned} status={run.status} url={progressUrl(run.id)} />
                </td>
                <td>
                  <Pass1 summary={run.summary as RunSummary | null} />
                </td>
                <td>{kstTime(run.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
  </>
);

const groupRowLabel = (group: string, key: string): Label => {
  if (group === "shape") return labelOf(SHAPE_LABELS, key);
  if (group === "level") return { ko: `난이도 ${key}`, en: `level ${key}` };
  return { ko: key, en: key };
};

const Measures = ({ measures }: { measures: Record<string, number> }) => (
  <div class="scroll">
    <table id="measures">
      <tbody>
        {Object.entries(measures).map(([name, value]) => (
          <tr data-measure={name} data-value={value}>
            <td>
              <L {...labelOf(MEASURE_LABELS, name)} /> <code class="muted">{name}</code>
            </td>
            <td class="num">{RATES.has(name) ? rate(value) : value.toFixed(2)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

const RunPage = ({ run, summary }: { run: RunRow; summary: RunSummary }) => {
  const groups = GROUP_ORDER.filter((g) => summary.breakdowns[g] !== undefined);
  const errorTypes = Object.entries(summary.errorTypes).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return (
    <>
      <Tabs here="runs" />
      <section data-live id="run-progress">
        <p>
          <StatusPill status={run.status} /> <L {...suiteLabel(run.suite)} /> · <code>{run.model}</code> · {run.mode}
          {run.snapshot ? (
            <>
              {" "}
              · <L ko="스냅숏" en="snapshot" /> <code>{run.snapshot}</code>
            </>
          ) : null}{" "}
          · n={run.params.n} · k={run.params.ks.join(",")} · <L ko="기준 시각" en="as of" /> {kstTime(run.now)}
        </p>
        <ProgressBar id="run-bar" done={run.attemptsDone} total={run.attemptsPlanned} status={run.status} url={progressUrl(run.id)} />
        {run.error ? (
          <p class="card error" id="run-error">
            {run.error}
          </p>
        ) : null}
      </section>
      <div class="stats" id="headline">
        <div class="stat" id="stat-pass1" data-value={summary.pass1.value}>
          <b>{rate(summary.pass1.value)}</b>
          pass@1 <span class="muted">95% CI {interval(summary.pass1.ci)}</span>
        </div>
        <div class="stat" id="stat-passk" data-value={summary.passK.value}>
          <b>{rate(summary.passK.value)}</b>
          {`pass^${summary.k}`} <span class="muted">95% CI {interval(summary.passK.ci)}</span>
        </div>
        <div class="stat" id="stat-items">
          <b>
            {summary.scoredItems} / {summary.items}
          </b>
          <L ko="채점한 항목" en="items scored" />
        </div>
        <div class="stat" id="stat-attempts">
          <b>
            {summary.attempts.passed} / {summary.attempts.scored}
          </b>
          <L ko="통과한 시도" en="attempts passed" />
        </div>
        <div class="stat" id="stat-model-errors">
          <b>{summary.attempts.modelErrors}</b>
          <L ko="모델 오류" en="model errors" />
        </div>
      </div>
      {groups.map((group) => (
        <>
          <h2>
            <L {...labelOf(GROUP_LABELS, group)} />
          </h2>
          <EstimateChart
            id={`by-${group}`}
            head={labelOf(GROUP_LABELS, group)}
            k={summary.k}
            rows={Object.entries(summary.breakdowns[group] ?? {}).map(([key, f]) => ({ key, label: groupRowLabel(group, key), items: f.items, pass1: f.pass1, passK: f.passK }))}
          />
        </>
      ))}
      <div class="two-col">
        <div>
          <h2>
            <L ko="측정값 (채점한 시도 평균)" en="Measures (mean over scored attempts)" />
          </h2>
          <Measures measures={summary.measures} />
        </div>
        <div>
          <h2>
            <L ko="오류 유형" en="Error types" />
          </h2>
          {errorTypes.length === 0 ? (
            <p class="muted" id="error-types">
              <L ko="실패한 시도가 없습니다." en="No attempt failed." />
            </p>
          ) : (
            <CountChart id="error-types" head={{ ko: "유형", en: "Type" }} columns={[{ name: "rejected", label: { ko: "시도", en: "attempts" } }]} rows={errorTypes.map(([key, count]) => ({ key, label: { ko: key, en: key }, parts: [{ name: "rejected", count }] }))} />
          )}
          <h2>
            <L ko="채점할 수 없는 항목" en="Unscorable items" />
          </h2>
          {summary.unscorable.length === 0 ? (
            <p class="muted" id="unscorable">
              <L ko="없음 — 모든 항목의 정답 실행이 성공했습니다." en="None: every item's gold ran." />
            </p>
          ) : (
            <div class="scroll">
              <table id="unscorable">
                <tbody>
                  {summary.unscorable.map((u) => (
                    <tr data-item={u.itemId}>
                      <td>
                        <code>{u.itemId}</code>
                      </td>
                      <td>{u.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2>
            <L ko="시간" en="Timing" />
          </h2>
          <div class="scroll">
            <table id="timing">
              <tbody>
                <tr>
                  <td>
                    <L ko="모델 ms / 단계" en="model ms per step" />
                  </td>
                  <td class="num">{summary.timing.modelMsPerStep}</td>
                </tr>
                <tr>
                  <td>
                    <L ko="도구 ms / 단계" en="tool ms per step" />
                  </td>
                  <td class="num">{summary.timing.toolMsPerStep}</td>
                </tr>
                <tr>
                  <td>
                    <L ko="실행기 ms / 단계" en="runner ms per step" />
                  </td>
                  <td class="num">{summary.timing.runnerMsPerStep}</td>
                </tr>
                <tr>
                  <td>
                    <L ko="분당 시도" en="attempts per minute" />
                  </td>
                  <td class="num">{summary.timing.attemptsPerMinute}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </>
  );
};

const routes = new Hono<AppEnv>()
  .get("/bench", async (c) => {
    const query = parseOrThrow(benchRunsQuery, c.req.query(), "query");
    const runs = await listRuns(dbOf(c.env.DB), c.get("team").id, query);
    return c.render(<RunList runs={runs} />, { title: TITLE, page: PATH, scripts: runs.some((r) => isActive(r.status)) ? ["progress.js"] : [] });
  })
  .get("/bench/runs/:id", async (c) => {
    const run = await ownRun(c, c.req.param("id"));
    const summary = await runSummary(dbOf(c.env.DB), run);
    return c.render(<RunPage run={run} summary={summary} />, {
      title: { ko: `실행: ${run.label}`, en: `Run: ${run.label}` },
      page: PATH,
      scripts: isActive(run.status) ? ["progress.js"] : [],
    });
  })
  .get("/bench/runs/:id/progress", async (c) => c.json(progressJson(await ownRun(c, c.req.param("id")))));

export const benchPage: DashboardPage = { nav: { path: PATH, label: { ko: "벤치마크", en: "Bench" } }, routes };
