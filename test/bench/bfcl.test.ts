/**
 * BFCL in the same harness: every entry of the four AST categories, its possible answer fed back as
 * the model's output by the scripted model server (a TEST DOUBLE), scores 100 % per category.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BFCL_CATEGORIES } from "../../src/bench/bfcl/data";
import { createTeam, request } from "../support/app";
import { attemptsOf, scripted, startRun, waitRun, type RunView } from "./support/runs";

let token: string;

beforeAll(async () => {
  token = (await createTeam("bfcl")).token;
});

describe("BFCL with the gold answers as model output", () => {
  let run: RunView;

  beforeAll(async () => {
    const started = await startRun(token, { suite: "bfcl:all", endpoint: scripted("bfcl-gold"), concurrency: 32, retries: 1, backoffMs: 10 });
    run = await waitRun(token, started.id, undefined, 120_000);
  }, 150_000);

  it("scores all 1,000 entries correct, per category", () => {
    expect(run.status).toBe("done");
    expect(run.summary.attempts).toMatchObject({ total: 1000, scored: 1000, passed: 1000 });
    expect(run.summary.measures["accuracy"]).toBe(1);
    const byCategory = run.summary.breakdowns["category"] ?? {};
    expect(Object.keys(byCategory).sort()).toEqual([...BFCL_CATEGORIES].sort());
    expect(Object.fromEntries(Object.entries(byCategory).map(([c, f]) => [c, [f.items, f.pass1.value]]))).toEqual({
      simple_python: [400, 1],
      multiple: [200, 1],
      parallel: [200, 1],
      parallel_multiple: [200, 1],
    });
  });

  it("ranks the run per category on the leaderboard", async () => {
    const board = await request<{ suites: Record<string, { runId: string; measures: { accuracy: number }; breakdown: Record<string, unknown> }[]> }>("/v1/bench/leaderboard", { token });
    expect(board.body.suites["bfcl:all"]?.[0]).toMatchObject({ runId: run.id, measures: { accuracy: 1 } });
    expect(Object.keys(board.body.suites["bfcl:all"]?.[0]?.breakdown ?? {})).toHaveLength(4);
  });
});

describe("BFCL calls written in the text", () => {
  it("parse as Hermes <tool_call> blocks, floats kept", async () => {
    const started = await startRun(token, { suite: "bfcl:parallel_multiple", endpoint: scripted("bfcl-gold-hermes"), filter: { limit: 40 }, concurrency: 8, retries: 1, backoffMs: 10 });
    const done = await waitRun(token, started.id);
    expect(done.summary.measures["accuracy"]).toBe(1);
    const attempts = await attemptsOf(token, done.id);
    expect(attempts.every((a) => a.trajectory?.steps[0]?.dialect === "hermes")).toBe(true);
  });

  it("counts a reply without a call as BFCL's decoder failure, and fails a run against a dead server", async () => {
    const settings = { suite: "bfcl:simple_python", filter: { limit: 3 }, retries: 0, backoffMs: 10 };
    const [text, dead] = await Promise.all([startRun(token, { ...settings, endpoint: scripted("bfcl-text") }), startRun(token, { ...settings, endpoint: scripted("http-500:bfcl") })]);
    expect((await waitRun(token, text.id)).summary).toMatchObject({ attempts: { total: 3, modelErrors: 0 }, measures: { accuracy: 0, decodeFailures: 1 }, errorTypes: { ast_decoder: 3 } });
    const failed = await waitRun(token, dead.id);
    expect(failed).toMatchObject({ status: "failed", error: expect.stringMatching(/^the model server did not answer: the first 3 attempts failed \(http_5xx/) });
    // Not one sample of the model: no accuracy of 0 to report.
    expect(failed.summary).toMatchObject({ scoredItems: 0, attempts: { total: 3, scored: 0, modelErrors: 3 }, measures: {} });
  });
});
