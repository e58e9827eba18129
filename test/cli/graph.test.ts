/**
 * `kopa graph …` against the fake API: what each command sends, how a job is followed with the
 * progress bar on stderr, what it prints, and the exit code of a job that did not end well.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiError, fakeApiPerTest, inTurn, tempDirs } from "./support/fake-api";
import { drift, edgeDetail, graph, graphJob } from "./support/jobs";
import { isOneErrorLine, kopa } from "./support/run";

const dir = tempDirs("kopa-cli-graph-")();
const serve = fakeApiPerTest();

describe("graph build", () => {
  it("starts the job, follows it to its end with a progress bar on stderr, and prints the job", async () => {
    const polls = inTurn([
      { json: graphJob("build", "running", { phase: "seeding", total: 57, done: 20, upstreamCalls: 30 }) },
      { json: graphJob("build", "done", { phase: "candidates saved", total: 57, done: 57, upstreamCalls: 88, verdicts: { candidates: 423, added: 423, changed: 0, unchanged: 0 } }) },
    ]);
    const { api, env } = await serve((req) => (req.method === "POST" ? { status: 202, json: graphJob("build", "queued") } : polls()));
    const { code, stdout, stderr } = await kopa(["graph", "build", "--seed", "s1"], { env });
    expect(code, stderr).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/graph/build", "GET /v1/graph/jobs/build-1", "GET /v1/graph/jobs/build-1"]);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ seed: "s1" });
    expect(stderr).toMatch(/^graph build job build-1\n/);
    expect(stderr).toMatch(/\ngraph build: 57\/57 tools \(100%\) in .* · done · 88 upstream calls\n$/);
    expect(stdout).toMatch(/^job +build-1 \(build\)\nstatus +done\nphase +candidates saved\ntools seeded +57\/57\nupstream calls +88\n {2}candidates +423\n/);
  });

  it("redraws one line on a terminal, with the bar, counts, ETA and the job's figures", async () => {
    const polls = inTurn([
      { json: graphJob("verify", "running", { total: 100, done: 40, upstreamCalls: 50, verdicts: { verified: 30, rejected: 10 } }) },
      { json: graphJob("verify", "done", { total: 100, done: 100, upstreamCalls: 120, naiveCalls: 600, verdicts: { verified: 80, rejected: 20 } }) },
    ]);
    const { env } = await serve((req) => (req.method === "POST" ? { status: 202, json: graphJob("verify", "queued") } : polls()));
    const { code, stderr } = await kopa(["graph", "verify"], { env, tty: true, maxSleepMs: 120 });
    expect(code).toBe(0);
    expect(stderr).toMatch(/\r\x1b\[2Kgraph verify \[█{10}░{14}\] 40\/100 edges \(40%\) · [\d.]+\/s · ETA \S+ · 50 upstream calls · 30 verified · 10 rejected/);
    expect(stderr).toMatch(/\r\x1b\[2Kgraph verify \[█{24}\] 100\/100 edges \(100%\) in .* · done · 120 upstream calls \(naive 600\)\n$/);
  });

  it("--no-wait --json prints the started job as the API sent it and does not poll", async () => {
    const { api, env } = await serve(() => ({ status: 202, json: graphJob("build", "queued") }));
    const { code, stdout, stderr } = await kopa(["graph", "build", "--no-wait", "--json"], { env });
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(JSON.parse(stdout)).toEqual(graphJob("build", "queued"));
    expect(api.requests).toHaveLength(1);
  });
});

describe("graph verify", () => {
  it("sends the flags as the job's parameters", async () => {
    const { api, env } = await serve(() => ({ status: 202, json: graphJob("verify", "budget_exhausted", { total: 10, done: 4, upstreamCalls: 100 }) }));
    const argv = ["graph", "verify", "--budget", "100", "--k", "2", "--share", "0.5", "--statuses", "candidate,stale", "--tools", "a, b", "--fresh", "--seed", "x"];
    const { code, stdout } = await kopa(argv, { env });
    expect(code).toBe(0);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ budget: 100, k: 2, share: 0.5, seed: "x", statuses: ["candidate", "stale"], tools: ["a", "b"], fresh: true });
    // A job that spent its budget verified what it reached: not a failure.
    expect(stdout).toMatch(/\nstatus +budget_exhausted\n/);
    expect(stdout).toMatch(/\nedges tried +4\/10\n/);
  });

  it("a job that failed exits 1 with one error line after its report", async () => {
    const polls = inTurn([{ json: graphJob("verify", "failed", { total: 10, done: 3 }, "D1 is unavailable") }]);
    const { env } = await serve((req) => (req.method === "POST" ? { status: 202, json: graphJob("verify", "running", { total: 10 }) } : polls()));
    const { code, stdout, stderr } = await kopa(["graph", "verify"], { env });
    expect(code).toBe(1);
    expect(stdout).toMatch(/\nstatus +failed: D1 is unavailable\n/);
    expect(stderr.split("\n").filter((l) => l.startsWith("error:"))).toEqual(["error: graph verify job verify-1 ended failed: D1 is unavailable"]);
  });

  it("gives up after repeated failed polls with the failure's line, exit 1", async () => {
    const { api, env } = await serve((req) => (req.method === "POST" ? { status: 202, json: graphJob("verify", "running", { total: 10 }) } : apiError(503, "UNAVAILABLE", "restarting")));
    const { code, stderr } = await kopa(["graph", "verify"], { env });
    expect(code).toBe(1);
    expect(api.requests.filter((r) => r.method === "GET")).toHaveLength(6);
    expect(stderr).toMatch(/\nerror: UNAVAILABLE restarting \(HTTP 503, request req-1\)\n$/);
  });

  it("stops at once when the job is gone (a 4xx does not get better by asking again), exit 2", async () => {
    const { api, env } = await serve((req) => (req.method === "POST" ? { status: 202, json: graphJob("verify", "running") } : apiError(404, "NOT_FOUND", "no graph job with that id", "id")));
    const { code, stderr } = await kopa(["graph", "verify"], { env });
    expect(code).toBe(2);
    expect(api.requests).toHaveLength(2);
    expect(stderr).toMatch(/\nerror: NOT_FOUND no graph job with that id \(HTTP 404, request req-1\)\n$/);
  });
});

describe("graph show", () => {
  it("prints the counts per status and the edges with the reason of their status; passes the filters", async () => {
    const { api, env } = await serve(() => ({ json: graph }));
    const { code, stdout } = await kopa(["graph", "show", "--status", "verified,rejected", "--provider", "kasi"], { env });
    expect(code).toBe(0);
    expect(Object.fromEntries(api.requests[0]?.query ?? [])).toEqual({ status: "verified,rejected", provider: "kasi" });
    expect(stdout).toContain("EDGE graph version 3 · 2 tools\n\nCANDIDATE  VERIFIED  REJECTED  STALE  INCONCLUSIVE  UNTESTED  TOTAL\n        4        10         2      0             1         0     17\n");
    expect(stdout).toContain("2 edges (status verified,rejected, provider kasi):\n");
    expect(stdout).toMatch(/kasi_public_holidays → kma_grid_from_wgs84 +verified +60 +locdate→baseDate +3\/3 calls returned data\n/);
    expect(stdout).toMatch(/a → b +rejected +60 +locdate→baseDate +2\/3 calls failed: INVALID_ARGUMENT\n$/);
  });

  it("--why shows why each edge became a candidate; --limit cuts the table", async () => {
    const { env } = await serve(() => ({ json: graph }));
    const { stdout } = await kopa(["graph", "show", "--why", "--limit", "1"], { env });
    expect(stdout).toContain("2 edges, the first 1 shown (--limit):\n");
    expect(stdout).toMatch(/WHY A CANDIDATE\n.*tag date\.yyyymmdd matches; values parse as dates\n$/);
    expect(stdout).not.toContain("a → b");
  });

  it("one edge: its bindings and every verification with samples", async () => {
    const { api, env } = await serve(() => ({ json: edgeDetail }));
    const { code, stdout } = await kopa(["graph", "show", "kasi_public_holidays->kma_grid_from_wgs84"], { env });
    expect(code).toBe(0);
    expect(api.requests[0]?.path).toBe("/v1/graph/edges/kasi_public_holidays-%3Ekma_grid_from_wgs84");
    expect(stdout).toMatch(/^edge +kasi_public_holidays → kma_grid_from_wgs84\nstatus +verified \(3\/3 calls returned data\)\nbindings +locdate→baseDate\n/);
    expect(stdout).toContain("1 verification, newest first:\n");
    expect(stdout).toMatch(/2026-11-30 00:30 KST +verified +3 +data 3 +4 +3 +20260505, 20260524\n$/);
  });

  it("takes the edge as the table prints it, with →", async () => {
    const { api, env } = await serve(() => ({ json: edgeDetail }));
    const { code } = await kopa(["graph", "show", "kasi_public_holidays → kma_grid_from_wgs84"], { env });
    expect(code).toBe(0);
    expect(api.requests[0]?.path).toBe("/v1/graph/edges/kasi_public_holidays-%3Ekma_grid_from_wgs84");
  });

  it("--json prints the API's answer", async () => {
    const { env } = await serve(() => ({ json: graph }));
    const { stdout } = await kopa(["graph", "show", "--json"], { env });
    expect(JSON.parse(stdout)).toEqual(graph);
  });

  it("an unknown edge is a user error, one line", async () => {
    const { env } = await serve(() => apiError(404, "NOT_FOUND", "no edge with that id", "id"));
    const { code, stdout, stderr } = await kopa(["graph", "show", "x->y"], { env });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(isOneErrorLine(stderr)).toBe(true);
  });
});

describe("graph drift", () => {
  it("lists events newest first, filtered by tool here (the route has no filter)", async () => {
    const { env } = await serve(() => ({ json: drift }));
    const all = await kopa(["graph", "drift"], { env });
    expect(all.stdout).toMatch(/^WHEN +TOOL +KIND +REMOVED +ADDED +RETYPED +STALE EDGES\n2026-11-30 01:00 KST +kma_ultra_srt_ncst +fields +obsrValue: string→number +1: kma_ultra_srt_ncst->x\n2026-11-30 00:00 KST +kasi_public_holidays +failing +seq\n2 events\n$/);
    const one = await kopa(["graph", "drift", "--tool", "kasi_public_holidays", "--json"], { env });
    expect(JSON.parse(one.stdout)).toEqual({ events: [drift.events[1]] });
    const none = await kopa(["graph", "drift", "--tool", "nope"], { env });
    expect(none.stdout).toBe("no drift recorded for nope\n");
  });
});

describe("graph export", () => {
  it("writes the format to stdout, or to --out with a line saying where", async () => {
    const dot = 'digraph edge {\n  "a" -> "b";\n}\n';
    const { api, env } = await serve(() => ({ text: dot }));
    const printed = await kopa(["graph", "export", "--format", "dot", "--status", "verified"], { env });
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(dot);
    expect(Object.fromEntries(api.requests[0]?.query ?? [])).toEqual({ format: "dot", status: "verified" });
    const file = join(dir, "edge.dot");
    const written = await kopa(["graph", "export", "--format", "dot", "--out", file, "--json"], { env });
    expect(JSON.parse(written.stdout)).toEqual({ file, format: "dot", bytes: Buffer.byteLength(dot) });
    expect(readFileSync(file, "utf8")).toBe(dot);
  });

  it("an --out it cannot write is a user error", async () => {
    const { env } = await serve(() => ({ text: "{}" }));
    const { code, stderr } = await kopa(["graph", "export", "--out", join(dir, "missing", "edge.json")], { env });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: --out: cannot write .*edge\.json \(ENOENT\)\n$/);
  });
});
