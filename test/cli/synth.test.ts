/**
 * `kopa synth …` against the fake API: starting and following a synthesis job, its status with
 * examples, and exporting its dataset to files in every format.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiError, fakeApiPerTest, type FakeHandler, inTurn, tempDirs } from "./support/fake-api";
import { synthExample, synthJob } from "./support/jobs";
import { isOneErrorLine, kopa } from "./support/run";

const tempDir = tempDirs("kopa-cli-synth-");
const serve = fakeApiPerTest();

const JOB = "3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c";
const running = synthJob("running", { running: 8, done: 6, kept: 4, rejected: { duplicate: 1 }, failed: { dead_end: 1 }, upstreamCalls: 9, calls: 14 });
const done = synthJob("done", { done: 15, kept: 10, rejected: { duplicate: 3, answer_leak: 1 }, failed: { dead_end: 1 }, upstreamCalls: 21, calls: 40 });

describe("synth run", () => {
  it("sends the flags, follows the kept count against the target on stderr, and prints the job", async () => {
    const polls = inTurn([{ json: running }, { json: done }]);
    const { api, env } = await serve((req) => (req.method === "POST" ? { status: 202, json: synthJob("queued") } : polls()));
    const argv = ["synth", "run", "--target", "10", "--shapes", "sequential,fan_out", "--providers", "kasi,kma", "--budget", "500", "--seed", "s", "--concurrency", "4"];
    const { code, stdout, stderr } = await kopa(argv, { env });
    expect(code, stderr).toBe(0);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ target: 10, shapes: ["sequential", "fan_out"], providers: ["kasi", "kma"], budget: 500, seed: "s", concurrency: 4 });
    expect(api.requests.slice(1).map((r) => r.path)).toEqual(["/v1/synth/jobs/3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c", "/v1/synth/jobs/3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c"]);
    expect(stderr).toMatch(/^synthesis job 3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c \(graph version 3\)\n/);
    expect(stderr).toMatch(/\nsynth: 10\/10 kept \(100%\) in .* · done · 15 walks · 0 running · 1 failed · 4 rejected · 21 upstream calls\n$/);
    expect(stdout).toMatch(/^job +3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c\nstatus +done\nkept +10 of 10 wanted\nwalks +15 done of 20 planned\nrejected +4 \(duplicate 3, answer_leak 1\)\nfailed +1 \(dead_end 1\)\ncalls +40 \(21 upstream, 2\.10 per kept\)\nshapes +sequential, fan_out\n/);
    expect(stdout).toMatch(/\nexport it: kopa synth export 3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c\n$/);
  });

  it("a job that ran out of plans with nothing kept exits 1 with one error line", async () => {
    const { env } = await serve(() => ({ status: 202, json: synthJob("exhausted_plans", { done: 20, rejected: { duplicate: 20 } }) }));
    const { code, stderr } = await kopa(["synth", "run"], { env });
    expect(code).toBe(1);
    expect(stderr.split("\n").filter((l) => l.startsWith("error:"))).toEqual(["error: synthesis job 3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c ended exhausted_plans with 0 kept"]);
  });

  it("a graph without verified edges is the API's 409: a user error with its message", async () => {
    const { env } = await serve(() => apiError(409, "CONFLICT", "the EDGE graph has no verified edges yet: POST /v1/graph/build, then /v1/graph/verify"));
    const { code, stdout, stderr } = await kopa(["synth", "run"], { env });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(isOneErrorLine(stderr)).toBe(true);
    expect(stderr).toMatch(/^error: CONFLICT the EDGE graph has no verified edges yet/);
  });

  it("--no-wait --json prints the started job without polling", async () => {
    const { api, env } = await serve(() => ({ status: 202, json: synthJob("queued") }));
    const { code, stdout } = await kopa(["synth", "run", "--no-wait", "--json"], { env });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(synthJob("queued"));
    expect(api.requests).toHaveLength(1);
  });
});

describe("synth status", () => {
  it("prints the job and, with --examples, the first kept ones", async () => {
    const { api, env } = await serve((req) => (req.path.endsWith("/examples") ? { json: { examples: [synthExample("e1", "sequential")] } } : { json: running }));
    const { code, stdout } = await kopa(["synth", "status", JOB, "--examples", "1"], { env });
    expect(code).toBe(0);
    expect(Object.fromEntries(api.requests[1]?.query ?? [])).toEqual({ kept: "true", limit: "1" });
    expect(stdout).toMatch(/\nwalks +6 done of 20 planned, 8 running\n/);
    expect(stdout).toMatch(/\nSHAPE +REQUEST +CALLS +ANSWER\nsequential +2026년 5월 공휴일과 그날 서울 날씨 +kasi_public_holidays → kma_grid_from_wgs84 +어린이날\(5월 5일\)에는 맑음\n$/);
  });

  it("--wait follows a running job; --json prints the job and the examples as sent", async () => {
    const polls = inTurn([{ json: running }, { json: done }]);
    const { env } = await serve((req) => (req.path.endsWith("/examples") ? { json: { examples: [synthExample("e1", "sequential")] } } : polls()));
    const { code, stdout, stderr } = await kopa(["synth", "status", JOB, "--wait", "--examples", "1", "--json"], { env });
    expect(code).toBe(0);
    expect(stderr).toMatch(/^synth: 10\/10 kept \(100%\) in /);
    expect(JSON.parse(stdout)).toEqual({ job: done, examples: [synthExample("e1", "sequential")] });
  });

  it("a cancelled job with nothing kept exits 1", async () => {
    const { env } = await serve(() => ({ json: synthJob("cancelled") }));
    const { code, stderr } = await kopa(["synth", "status", JOB], { env });
    expect(code).toBe(1);
    expect(stderr).toBe("error: synthesis job 3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c ended cancelled with 0 kept\n");
  });
});

describe("synth export", () => {
  const bodies: Record<string, string> = {
    openai: '{"messages":[]}\n{"messages":[]}\n',
    hermes: '{"conversations":[]}\n{"conversations":[]}\n',
    grpo: '{"prompt":[]}\n{"prompt":[]}\n',
    bfcl: '{"question":[]}\n{"question":[]}\n',
    card: "# Dataset card\n\n10 kept",
  };
  const handler: FakeHandler = (req) => (req.path.endsWith("/export") ? { text: bodies[req.query.get("format") ?? ""] ?? "" } : { json: done });

  it("writes every format and the card to --out, with a progress bar of files, and prints what it wrote", async () => {
    const { api, env } = await serve(handler);
    const out = tempDir();
    const { code, stdout, stderr } = await kopa(["synth", "export", JOB, "--out", out], { env });
    expect(code, stderr).toBe(0);
    expect(api.requests.slice(1).map((r) => `${r.path}?${r.query.toString()}`)).toEqual(["openai", "hermes", "grpo", "bfcl", "card"].map((f) => `/v1/datasets/3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c/export?format=${f}`));
    expect(readdirSync(out).sort()).toEqual(["synth-3f2a9c1e.bfcl.jsonl", "synth-3f2a9c1e.card.md", "synth-3f2a9c1e.grpo.jsonl", "synth-3f2a9c1e.hermes.jsonl", "synth-3f2a9c1e.openai.jsonl"]);
    expect(readFileSync(join(out, "synth-3f2a9c1e.openai.jsonl"), "utf8")).toBe(bodies["openai"]);
    expect(readFileSync(join(out, "synth-3f2a9c1e.card.md"), "utf8")).toBe(bodies["card"]);
    expect(stderr).toMatch(new RegExp(`^export: 5/5 files \\(100%\\) in .* · ${Object.values(bodies).reduce((n, b) => n + b.length, 0)} bytes in ${out}\\n$`));
    expect(stdout).toMatch(/^FORMAT +LINES +BYTES +FILE\nopenai +2 +32 +\S+synth-3f2a9c1e\.openai\.jsonl\n/);
    // The card does not end with a newline: its last line still counts.
    expect(stdout).toMatch(/\ncard +3 +23 +\S+synth-3f2a9c1e\.card\.md\n10 kept examples of job 3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c \(done\)\n$/);
  });

  it("--format one format, --name the files, --json the list", async () => {
    const { env } = await serve(handler);
    const out = tempDir();
    const { code, stdout } = await kopa(["synth", "export", JOB, "--format", "grpo", "--name", "kopa-rl", "--out", out, "--json"], { env });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ job: "3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c", status: "done", kept: 10, files: [{ format: "grpo", file: join(out, "kopa-rl.grpo.jsonl"), lines: 2, bytes: Buffer.byteLength(bodies["grpo"] ?? "") }] });
    expect(readdirSync(out)).toEqual(["kopa-rl.grpo.jsonl"]);
  });

  it("a job with nothing kept yet is a user error and writes nothing", async () => {
    const { api, env } = await serve(() => ({ json: synthJob("running") }));
    const out = tempDir();
    const { code, stderr } = await kopa(["synth", "export", JOB, "--out", out], { env });
    expect(code).toBe(2);
    expect(stderr).toBe("error: synthesis job 3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c has no kept example yet (status running)\n");
    expect(api.requests).toHaveLength(1);
    expect(readdirSync(out)).toEqual([]);
  });
});
