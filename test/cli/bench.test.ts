/**
 * `kopa bench …` against the fake API: the run request built from flags and environment, the run
 * followed with its progress bar, the report with breakdowns, the runs list and the leaderboard.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiError, fakeApiPerTest, inTurn, tempDirs } from "./support/fake-api";
import { benchRun } from "./support/jobs";
import { isOneErrorLine, kopa } from "./support/run";

const dir = tempDirs("kopa-cli-bench-")();
const serve = fakeApiPerTest();

const RUN = "run-0123456789";

describe("bench run", () => {
  it("builds the run from flags and environment, follows it, and prints the report", async () => {
    const polls = inTurn([{ json: benchRun("running", 2) }, { json: benchRun("done", 4) }]);
    const { api, env } = await serve((req) => (req.method === "POST" ? { status: 202, json: benchRun("queued", 0) } : polls()));
    const argv = ["bench", "run", "--model", "qwen3", "--shapes", "sequential,fan_out", "--levels", "1,2", "--limit", "4", "--k", "1", "--concurrency", "2", "--temperature", "0.2", "--now", "2026-12-24T09:00:00+09:00"];
    const { code, stdout, stderr } = await kopa(argv, { env: { ...env, KOPA_MODEL_URL: "http://127.0.0.1:8000/v1", KOPA_MODEL_API_KEY: "sk-secret" } });
    expect(code, stderr).toBe(0);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({
      suite: "kopa",
      endpoint: { baseUrl: "http://127.0.0.1:8000/v1", model: "qwen3", apiKey: "sk-secret" },
      mode: "live",
      n: 1,
      k: [1],
      concurrency: 2,
      now: "2026-12-24T09:00:00+09:00",
      decoding: { temperature: 0.2 },
      filter: { shapes: ["sequential", "fan_out"], levels: [1, 2], limit: 4 },
    });
    expect(stderr).toMatch(/^bench run run-0123456789: 4 items × n=1\n/);
    expect(stderr).toMatch(/\nbench kopa: 4\/4 attempts \(100%\) in .* · done · pass@1 50\.0% \[30\.0, 70\.0\]\n$/);
    expect(stdout).toMatch(/^run +run-0123456789 \(qwen3\)\nmodel +qwen3 at http:\/\/127\.0\.0\.1:8000\/v1 \(API key\)\n/);
    expect(stdout).toMatch(/\nitems +4 \(4 scored, 1 unscorable\)\npass@1 +50\.0% \[30\.0, 70\.0\]\n/);
    expect(stdout).toMatch(/\nMEASURE +MEAN\ntoolF1 +0\.800\nedgeF1 +0\.750\nenvSuccess +0\.500\n/);
    expect(stdout).toMatch(/\nSHAPE +ITEMS +PASS@1 +95% CI +PASS\^1\nsequential +2 +100\.0% +80\.0–100\.0 +100\.0% +█{20}\nfan_out +2 +0\.0% +0\.0–20\.0 +0\.0% +·{20}\n/);
    expect(stdout).toMatch(/\nLEVEL +ITEMS/);
    expect(stdout).toMatch(/\nUNSCORABLE +WHY \(gold failed at evaluation time\)\nkb-003 +gold_failed: upstream\n$/);
  });

  it("sends the Access service token and the replay snapshot", async () => {
    const { api, env } = await serve(() => ({ status: 202, json: benchRun("queued", 0) }));
    const argv = ["bench", "run", "--model-url", "https://gpu.example.org/v1", "--model", "m", "--mode", "replay", "--snapshot", "bench-2026-11", "--suite", "bfcl:parallel", "--no-wait", "--json"];
    const { code, stdout } = await kopa(argv, { env: { ...env, KOPA_ACCESS_CLIENT_ID: "id.access", KOPA_ACCESS_CLIENT_SECRET: "shh" } });
    expect(code).toBe(0);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({
      suite: "bfcl:parallel",
      endpoint: { baseUrl: "https://gpu.example.org/v1", model: "m", access: { clientId: "id.access", clientSecret: "shh" } },
      mode: "replay",
      snapshot: "bench-2026-11",
      filter: {},
    });
    expect(JSON.parse(stdout)).toEqual(benchRun("queued", 0));
    expect(api.requests).toHaveLength(1);
  });

  it("replays the shipped benchmark world by default, importing it once, with n samples and pass@k, pass^k", async () => {
    const shipped = readFileSync(join(import.meta.dirname, "..", "..", "data", "bench", "kopa-bench-v1.jsonl"), "utf8");
    const { api, env } = await serve((req) => {
      if (req.path === "/v1/snapshots") return { json: { snapshots: [] } };
      if (req.path === "/v1/snapshots/import") return { status: 201, json: { name: "kopa-bench-v1" } };
      return { status: 202, json: benchRun("queued", 0) };
    });
    const { code, stderr } = await kopa(["bench", "run", "--model-url", "http://127.0.0.1:8000/v1", "--model", "m", "--n", "8", "--k", "1,4", "--no-wait"], { env });
    expect(code, stderr).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/snapshots", "POST /v1/snapshots/import", "POST /v1/bench/runs"]);
    expect(api.requests[1]?.body).toBe(shipped);
    expect(JSON.parse(api.requests[2]?.body ?? "")).toMatchObject({ mode: "replay", snapshot: "kopa-bench-v1", n: 8, k: [1, 4] });
    expect(stderr).toMatch(/^imported the shipped benchmark world kopa-bench-v1 into the team\n/);
    const bad = await kopa(["bench", "run", "--model-url", "http://127.0.0.1:8000/v1", "--model", "m", "--n", "2", "--k", "1,4"], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--k: every k must be at most --n \(2\)/);
  });

  it("reports pass@k and pass^k with intervals at each k, errors apart", async () => {
    const run = benchRun("done", 4);
    const summary = { ...run.summary, n: 8, k: 4, byK: [{ k: 1, items: 4, passAt: { value: 0.5, ci: [0.3, 0.7] }, passHat: { value: 0.5, ci: [0.3, 0.7] } }, { k: 4, items: 4, passAt: { value: 0.9, ci: [0.8, 1] }, passHat: { value: 0.2, ci: [0.1, 0.3] } }], attempts: { ...run.summary.attempts, modelErrors: 2, infraErrors: 1 } };
    const { env } = await serve(() => ({ json: { ...run, summary } }));
    const { code, stdout } = await kopa(["bench", "report", RUN], { env });
    expect(code).toBe(0);
    expect(stdout).toMatch(/\npass@1 +50\.0% \[30\.0, 70\.0\]\npass@4 +90\.0% \[80\.0, 100\.0\]\npass\^4 +20\.0% \[10\.0, 30\.0\]\n/);
    expect(stdout).toMatch(/2 model-server errors, 1 infrastructure errors: errors are not samples/);
  });

  it("shows no pass rate for a run that scored nothing", async () => {
    const run = benchRun("failed", 4, "the model server did not answer");
    const summary = { ...run.summary, scoredItems: 0, unscorable: [], attempts: { total: 4, scored: 0, passed: 0, modelErrors: 4 } };
    const { env } = await serve(() => ({ json: { ...run, summary } }));
    const { stdout } = await kopa(["bench", "report", RUN], { env });
    expect(stdout).toMatch(/\npass@1 +n\/a: no scored sample\n/);
    expect(stdout).not.toMatch(/0\.0% \[0\.0, 100\.0\]/);
  });

  it("a run that failed exits 1 with one error line after its report", async () => {
    const { env } = await serve(() => ({ status: 202, json: benchRun("failed", 1, "the model server answered 401 three times") }));
    const { code, stdout, stderr } = await kopa(["bench", "run", "--model-url", "http://127.0.0.1:8000/v1", "--model", "m", "--live"], { env });
    expect(code).toBe(1);
    expect(stdout).toMatch(/\nstatus +failed: the model server answered 401 three times · 1\/4 attempts\n/);
    expect(stderr.split("\n").filter((l) => l.startsWith("error:"))).toEqual([`error: bench run ${RUN} ended failed: the model server answered 401 three times`]);
  });

  it("a filter that selects nothing is the API's 400: a user error", async () => {
    const { env } = await serve(() => apiError(400, "INVALID_ARGUMENT", "the filter selects no item of the suite", "filter"));
    const { code, stderr } = await kopa(["bench", "run", "--model-url", "http://127.0.0.1:8000/v1", "--model", "m", "--tasks", "kb-999", "--live"], { env });
    expect(code).toBe(2);
    expect(isOneErrorLine(stderr)).toBe(true);
  });
});

describe("bench status", () => {
  it("without a run: the team's runs", async () => {
    const runs = [{ id: RUN, label: "qwen3", suite: "kopa", model: "qwen3", mode: "live", status: "done", planned: 4, done: 4, pass1: { value: 0.5, ci: [0.3, 0.7] }, createdAt: "2026-11-29T15:35:35.612Z", finishedAt: null }];
    const { api, env } = await serve(() => ({ json: { runs } }));
    const { code, stdout } = await kopa(["bench", "status", "--suite", "kopa"], { env });
    expect(code).toBe(0);
    expect(Object.fromEntries(api.requests[0]?.query ?? [])).toEqual({ suite: "kopa" });
    expect(stdout).toBe(
      ["RUN             LABEL  SUITE  MODE  STATUS  ATTEMPTS  PASS@1  STARTED", "run-0123456789  qwen3  kopa   live  done         4/4   50.0%  2026-11-30 00:35 KST", ""].join("\n"),
    );
  });

  it("one run's progress; --wait follows it to its end", async () => {
    const polls = inTurn([{ json: benchRun("running", 2) }, { json: benchRun("done", 4) }]);
    const { env } = await serve(() => polls());
    const { code, stdout, stderr } = await kopa(["bench", "status", RUN, "--wait"], { env });
    expect(code).toBe(0);
    expect(stderr).toMatch(/^bench kopa: 4\/4 attempts \(100%\) in /);
    expect(stdout).toMatch(/\nattempts +4\/4 \(100%\)\npass@1 so far +50\.0% over 4 scored items\n/);
  });

  it("a running run without --wait: its progress, exit 0", async () => {
    const { env } = await serve(() => ({ json: benchRun("running", 2) }));
    const { code, stdout, stderr } = await kopa(["bench", "status", RUN], { env });
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/\nattempts +2\/4 \(50%\), 1 in flight\n/);
  });
});

describe("bench report", () => {
  it("--csv writes the attempts; --rescore posts first", async () => {
    const csv = "item,attempt,pass\nkb-001,0,1\n";
    const { api, env } = await serve((req) => (req.path.endsWith("/export") ? { text: csv } : { json: benchRun("done", 4) }));
    const file = join(dir, "run.csv");
    const { code, stdout, stderr } = await kopa(["bench", "report", RUN, "--csv", file, "--rescore"], { env });
    expect(code).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/bench/runs/${RUN}/rescore`, `GET /v1/bench/runs/${RUN}/export`]);
    expect(readFileSync(file, "utf8")).toBe(csv);
    expect(stderr).toBe(`wrote the attempts as CSV to ${file}\n`);
    expect(stdout).toMatch(/^run +run-0123456789/);
  });

  it("prints the abstention set's result apart, with its error types", async () => {
    const run = benchRun("done", 4);
    const abstention = { items: 18, scoredItems: 18, attempts: { total: 18, scored: 18, passed: 15, modelErrors: 0, infraErrors: 0 }, pass1: { value: 0.8333, ci: [0.6078, 0.9416] }, errorTypes: { fabricated_value: 2, no_answer: 1 } };
    const { env } = await serve(inTurn([{ json: { ...run, summary: { ...run.summary, abstention } } }, { json: run }]));
    const { code, stdout } = await kopa(["bench", "report", RUN], { env });
    expect(code).toBe(0);
    expect(stdout).toMatch(/\nabstention +18 requests no catalogued tool answers, apart from the figures above\npass@1 +83\.3% \[60\.8, 94\.2\]\nattempts +18 \(18 scored, 15 passed, 0 model-server errors\)\n/);
    expect(stdout).toMatch(/ABSTENTION ERROR +ATTEMPTS\n.*fabricated_value +2\n.*no_answer +1/);
    const without = await kopa(["bench", "report", RUN], { env });
    expect(without.stdout).not.toMatch(/abstention/i);
  });

  it("--json prints the run as the API sent it", async () => {
    const { env } = await serve(() => ({ json: benchRun("done", 4) }));
    const { stdout } = await kopa(["bench", "report", RUN, "--json"], { env });
    expect(JSON.parse(stdout)).toEqual(benchRun("done", 4));
  });
});

describe("bench leaderboard", () => {
  const entry = {
    runId: RUN,
    label: "qwen3",
    model: "qwen3",
    mode: "live",
    snapshot: null,
    k: 1,
    items: 4,
    scoredItems: 3,
    unscorable: 1,
    pass1: { value: 0.5, ci: [0.3, 0.7] },
    passK: { value: 0.5, ci: [0.3, 0.7] },
    measures: { toolF1: 0.8, edgeF1: 0.75, envSuccess: 0.5 },
    breakdown: {},
    finishedAt: "2026-11-29T16:00:00.000Z",
  };

  it("prints one table per suite, ranked as the API ranks them", async () => {
    const { env } = await serve(() => ({ json: { suites: { kopa: [entry], "bfcl:parallel": [{ ...entry, measures: { accuracy: 0.9 } }] } } }));
    const { code, stdout } = await kopa(["bench", "leaderboard"], { env });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^kopa\n# +LABEL +MODEL +MODE +K +ITEMS +PASS@1 \[95% CI\] +PASS\^K +TOOL F1 +EDGE F1 +ENV +FINISHED +RUN\n1 +qwen3 +qwen3 +live +1 +3\/4 +50\.0% \[30\.0, 70\.0\] +50\.0% +0\.800 +0\.750 +0\.500 +2026-11-30 01:00 KST +run-0123\n/);
    expect(stdout).toMatch(/\nbfcl:parallel\n# .* ACCURACY +FINISHED +RUN\n1 .* 0\.900 +2026-11-30 01:00 KST +run-0123\n$/);
  });

  it("says so when no run has finished", async () => {
    const { env } = await serve(() => ({ json: { suites: {} } }));
    const { stdout } = await kopa(["bench", "leaderboard", "--suite", "kopa"], { env });
    expect(stdout).toBe("no finished runs of kopa yet (start one with kopa bench run)\n");
  });
});
