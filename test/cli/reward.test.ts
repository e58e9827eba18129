/** `kopa reward test` against the fake API: what it sends for each kind of file, and what it prints. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiError, fakeApiPerTest, tempDirs } from "./support/fake-api";
import { isOneErrorLine, kopa } from "./support/run";

const dir = tempDirs("kopa-reward-")();
const serve = fakeApiPerTest();

function file(name: string, content: string): string {
  writeFileSync(join(dir, name), content);
  return name;
}

/** Shaped like a real answer of POST /v1/reward. */
const ANSWER = {
  reward: 0.9,
  weighted: 0.85,
  binary: 0,
  components: { format: 1, tool: 1, args: 1, links: 0, execution: 1, facts: 1 },
  bonus: 0.05,
  penalty: 0,
  reasons: ["broken_link:s1->s2.contentId"],
  details: {
    dialect: "native",
    turns: 2,
    calls: 2,
    wellFormedCalls: 2,
    invalidCalls: { malformed: 0, unknownTool: 0, invalidArgs: 0 },
    longestInvalidRun: 0,
    failedCalls: 0,
    resultsFromRollout: 0,
    executedByReward: 2,
    goldCalls: 2,
    matchedCalls: 2,
    links: { gold: 1, used: 0 },
    finalAnswer: true,
    facts: [{ name: "주소", expected: "서울특별시 강동구 선사로 178-1", found: true, backed: true }],
  },
  reference: { exampleId: "job-1-3", fingerprint: "a".repeat(64), snapshot: "synth-1", now: "2026-11-27T01:30:00.000Z", goldCalls: 2, facts: { 주소: "서울특별시 강동구 선사로 178-1" }, drift: [] },
  stats: { completions: 1, calls: 2, executedByReward: 2, gatewayCalls: 2, upstreamCalls: 0, goldMemo: false, ms: 41 },
};

const MESSAGES = [
  { role: "assistant", content: null, tool_calls: [{ id: "a", type: "function", function: { name: "tour_area_based_list", arguments: "{}" } }] },
  { role: "assistant", content: "주소는 서울특별시 강동구 선사로 178-1입니다." },
];

describe("kopa reward test", () => {
  it("sends the completion with the example id and prints the components, the facts and the totals", async () => {
    const { api, env } = await serve(() => ({ json: ANSWER }));
    const { code, stdout, stderr } = await kopa(["reward", "test", file("messages.json", JSON.stringify(MESSAGES)), "--example", "job-1-3", "--execute", "all"], { env, cwd: dir });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(api.requests[0]?.path).toBe("/v1/reward");
    expect(api.requests[0]?.authorization).toBe("Bearer team-token");
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ example_id: "job-1-3", options: { execute: "all" }, completion: MESSAGES });
    expect(stdout).toContain("component  score  default weight");
    expect(stdout).toMatch(/links\s+0\.000\s+0\.15/);
    expect(stdout).toMatch(/주소\s+서울특별시 강동구 선사로 178-1\s+yes\s+yes/);
    expect(stdout).toMatch(/reward\s+0\.9\n/);
    expect(stdout).toContain("broken_link:s1->s2.contentId");
    expect(stdout).toContain("job-1-3 at 2026-11-27T01:30:00.000Z, snapshot synth-1");
  });

  it("reads an openai export line as a completion of its own example, and raw text as a JSON string", async () => {
    const { api, env } = await serve(() => ({ json: ANSWER }));
    const line = JSON.stringify({ messages: [{ role: "system", content: "s" }, ...MESSAGES], tools: [], metadata: { example_id: "job-1-7" } });
    expect((await kopa(["reward", "test", file("export.jsonl", `${line}\n${line}\n`)], { env, cwd: dir })).code).toBe(0);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toMatchObject({ example_id: "job-1-7" });
    const raw = '<tool_call>\n{"name": "tour_area_based_list", "arguments": {}}\n</tool_call>';
    expect((await kopa(["reward", "test", file("raw.json", JSON.stringify(raw)), "--example", "job-1-3", "--mode", "binary"], { env, cwd: dir })).code).toBe(0);
    expect(JSON.parse(api.requests[1]?.body ?? "")).toEqual({ example_id: "job-1-3", options: { mode: "binary" }, completion: raw });
  });

  it("sends a grpo line given with --reference as it is, and --json prints the answer untouched", async () => {
    const { api, env } = await serve(() => ({ json: ANSWER }));
    const grpo = { prompt: [{ role: "user", content: "q" }], tools: [], reference: { plan: [{ id: "s1", tool: "tour_area_based_list", args: {} }], facts: [] }, answer_facts: [], snapshot: null, now: "2026-11-27T01:30:00.000Z", metadata: { example_id: "job-1-3" } };
    const { code, stdout } = await kopa(["reward", "test", file("c.json", JSON.stringify({ completion: MESSAGES })), "--reference", file("grpo.json", JSON.stringify(grpo)), "--snapshot", "bench", "--json"], { env, cwd: dir });
    expect(code).toBe(0);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ ...grpo, snapshot: "bench", completion: MESSAGES });
    expect(JSON.parse(stdout)).toEqual(ANSWER);
  });

  it("refuses files it cannot use before sending anything, in one line (exit 2)", async () => {
    const { api, env } = await serve(() => ({ json: ANSWER }));
    const cases: [string[], RegExp][] = [
      [["reward", "test", file("m.json", JSON.stringify(MESSAGES))], /give the reference: --example <id> or --reference <file>/],
      [["reward", "test", "missing.json", "--example", "x"], /cannot read missing\.json \(ENOENT\)/],
      [["reward", "test", file("bad.json", "{"), "--example", "x"], /bad\.json is not JSON/],
      [["reward", "test", file("n.json", "42"), "--example", "x"], /n\.json is not a completion/],
      [["reward", "test", file("m2.json", JSON.stringify(MESSAGES)), "--reference", file("r.json", "{}")], /r\.json holds no reference/],
      [["reward", "test", file("m3.json", JSON.stringify(MESSAGES)), "--example", "x", "--mode", "best"], /--mode/],
    ];
    for (const [argv, message] of cases) {
      const { code, stderr } = await kopa(argv, { env, cwd: dir });
      expect(code, argv.join(" ")).toBe(2);
      expect(isOneErrorLine(stderr), stderr).toBe(true);
      expect(stderr).toMatch(message);
    }
    expect(api.requests).toHaveLength(0);
  });

  it("an API error names the field (exit 2)", async () => {
    const { env } = await serve(() => apiError(404, "NOT_FOUND", "no kept synthesis example nope in the team's datasets", "example_id"));
    const { code, stderr } = await kopa(["reward", "test", file("m4.json", JSON.stringify(MESSAGES)), "--example", "nope"], { env, cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: NOT_FOUND no kept synthesis example nope/);
  });
});
