/**
 * The reward service end to end: a synthesis job on the sandbox gives real `grpo` prompts and
 * their `openai` dialogues; a scripted GRPO-style loop sends groups of completions of mixed
 * quality built from them to `POST /v1/reward:batch` and checks the order of the rewards, their
 * repeatability and what a group costs. Then the single route, the inline reference and bad input.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CATALOG } from "../../src/catalog";
import { rewardBatchResponseSchema, rewardResponseSchema } from "../../src/reward/schema";
import { createTeam, request, useTenantKeys, type ErrorResponse } from "../support/app";
import { seedVerifiedGraph } from "../support/graph";
import { SandboxTenant } from "../support/sandbox";
import { completions, type GrpoLine, type Message, type OpenAiLine } from "./support/completions";

const MORNING = "2026-11-27T10:30:00+09:00";
let token: string;
let tenant: SandboxTenant;
let grpo: GrpoLine[];
let dialogues: Map<string, OpenAiLine>;
let snapshot: string;

type BatchAnswer = ReturnType<typeof rewardBatchResponseSchema.parse>;

async function batch(body: Record<string, unknown>, as = token) {
  return request<BatchAnswer & ErrorResponse>("/v1/reward:batch", { method: "POST", token: as, body: JSON.stringify(body) });
}

async function ok(body: Record<string, unknown>): Promise<BatchAnswer> {
  const res = await batch(body);
  expect(res.status, res.text).toBe(200);
  return rewardBatchResponseSchema.parse(res.body);
}

/** What a rollout that ran each call of a dialogue through the gateway got back, by call id. */
const results = new Map<string, Map<string, string>>();

/** A rollout calls at its prompt's instant (the line's `now`), as the example's walk did. */
async function gatewayResults(dialogue: readonly Message[], now: string | undefined): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const call of dialogue.flatMap((m) => m.tool_calls ?? [])) {
    const res = await request(`/v1/tools/${call.function.name}/call`, { method: "POST", token, body: JSON.stringify({ args: JSON.parse(call.function.arguments) as unknown, snapshot, now }) });
    expect(res.status, res.text).toBe(200);
    out.set(call.id, res.text);
  }
  return out;
}

const group = (line: GrpoLine) => {
  const dialogue = dialogues.get(line.metadata.example_id)?.messages;
  if (!dialogue) throw new Error(`no openai line for ${line.metadata.example_id}`);
  return completions(dialogue, results.get(line.metadata.example_id) ?? new Map());
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(MORNING));
  token = (await createTeam("reward")).token;
  tenant = await SandboxTenant.create("reward");
  await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
  await useTenantKeys(token, tenant.keys);
  await seedVerifiedGraph();
  const started = await request<{ id: string; status: string }>("/v1/synth/jobs", { method: "POST", token, body: JSON.stringify({ target: 4, concurrency: 4, seed: "reward", shapes: ["sequential", "fan_out", "parallel", "comparison"] }) });
  expect(started.status, started.text).toBe(202);
  let job = started.body;
  for (let i = 0; i < 900 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await request<{ id: string; status: string }>(`/v1/synth/jobs/${job.id}`, { token })).body;
  }
  expect(job.status).toBe("done");
  const lines = async <T>(format: string) => (await request(`/v1/datasets/${job.id}/export?format=${format}`, { token })).text.trim().split("\n").map((l) => JSON.parse(l) as T);
  grpo = await lines<GrpoLine>("grpo");
  dialogues = new Map((await lines<OpenAiLine>("openai")).map((l) => [l.metadata.example_id, l]));
  // Everything the job fetched, frozen: rewards against it never go upstream.
  snapshot = `reward-${crypto.randomUUID().slice(0, 8)}`;
  expect((await request("/v1/snapshots", { method: "POST", token, body: JSON.stringify({ name: snapshot }) })).status).toBe(201);
  for (const [id, line] of dialogues) results.set(id, await gatewayResults(line.messages, grpo.find((g) => g.metadata.example_id === id)?.now));
}, 180_000);

afterAll(() => {
  vi.useRealTimers();
});

describe("a scripted GRPO loop over real grpo prompts", { timeout: 120_000 }, () => {
  it("ranks completions of mixed quality in the expected order on every prompt", async () => {
    expect(grpo.length).toBeGreaterThanOrEqual(3);
    for (const line of grpo) {
      const kinds = group(line);
      const answer = await ok({ ...line, snapshot, completions: kinds.map((c) => c.completion) });
      const by = Object.fromEntries(kinds.map((c, i) => [c.kind, answer.results[i]]));
      const reward = (kind: string) => by[kind]?.reward ?? Number.NaN;
      const context = `${line.metadata.example_id} (${line.metadata.shape}): ${JSON.stringify(Object.fromEntries(kinds.map((c, i) => [c.kind, [answer.rewards[i], answer.results[i]?.reasons]])))}`;

      expect(by["gold"]?.components, context).toEqual({ format: 1, tool: 1, args: 1, links: 1, execution: 1, facts: 1 });
      expect(by["gold"]?.binary, context).toBe(1);
      // Calls without results in the completion are executed by the service, to the same reward.
      expect(reward("gold-unexecuted"), context).toBe(reward("gold"));
      expect(by["gold-unexecuted"]?.details.executedByReward, context).toBe(by["gold"]?.details.calls);
      for (const flawed of ["wrong-args", "wrong-tool", "broken-link"].filter((k) => k in by)) {
        expect(reward(flawed), `${flawed} ${context}`).toBeLessThan(reward("gold"));
        expect(reward(flawed), `${flawed} ${context}`).toBeGreaterThan(reward("hallucinated"));
        expect(by[flawed]?.binary, context).toBe(0);
      }
      expect(by["wrong-args"]?.reasons.join(" "), context).toMatch(/wrong_args:s\d+\./);
      expect(by["wrong-tool"]?.reasons.join(" "), context).toMatch(/wrong_tool:/);
      if ("broken-link" in by) {
        expect(by["broken-link"]?.reasons.join(" "), context).toMatch(/broken_link:/);
        expect(by["broken-link"]?.components.links, context).toBeLessThan(1);
      }
      // The answer is right but no call backs it (guard 1): no credit at all.
      expect(by["hallucinated"]?.components.facts, context).toBe(0);
      expect(reward("hallucinated"), context).toBe(0);
      expect(reward("malformed"), context).toBeLessThan(reward("hallucinated"));
      expect(by["malformed"]?.penalty, context).toBeGreaterThan(0);
    }
  });

  it("gives the identical answer on repeat, and the same rewards one completion at a time", async () => {
    const line = grpo[0];
    if (!line) throw new Error("no grpo line");
    const all = group(line).map((c) => c.completion);
    const first = await ok({ ...line, snapshot, completions: all });
    const again = await ok({ ...line, snapshot, completions: all });
    expect(again.results).toEqual(first.results);
    expect(again.rewards).toEqual(first.rewards);
    expect(again.reference).toEqual(first.reference);
    expect(again.stats.goldMemo).toBe(true);
    for (const [i, completion] of all.entries()) {
      const one = await request("/v1/reward", { method: "POST", token, body: JSON.stringify({ example_id: line.metadata.example_id, snapshot, completion }) });
      expect(one.status, one.text).toBe(200);
      const parsed = rewardResponseSchema.parse(one.body);
      expect(parsed.reward).toBe(first.rewards[i]);
      expect(parsed.components).toEqual(first.results[i]?.components);
    }
  });

  it("scores a group of 16 with few gateway calls and no upstream call against the snapshot", async () => {
    const line = grpo[1] ?? grpo[0];
    if (!line) throw new Error("no grpo line");
    const kinds = group(line);
    const pick = (kind: string) => kinds.find((c) => c.kind === kind)?.completion ?? "";
    const sixteen = [...Array(6).fill(pick("gold-unexecuted")), ...Array(4).fill(pick("broken-link")), ...Array(3).fill(pick("wrong-args")), ...Array(3).fill(pick("gold"))];
    const upstreamBefore = (await tenant.stats()).total;
    const answer = await ok({ ...line, snapshot, completions: sixteen });
    const goldCalls = answer.reference.goldCalls;
    expect(answer.rewards).toHaveLength(16);
    expect(answer.stats.calls).toBeGreaterThanOrEqual(13 * goldCalls);
    // Gold calls once (for the reference and every completion that repeats them), plus the one wrong call.
    expect(answer.stats.gatewayCalls).toBeLessThanOrEqual(goldCalls + 1);
    expect(answer.stats.upstreamCalls).toBe(0);
    expect((await tenant.stats()).total).toBe(upstreamBefore);
  });

  it("over the shared cache (no snapshot), a repeated group costs no upstream call", async () => {
    const line = grpo[2] ?? grpo[0];
    if (!line) throw new Error("no grpo line");
    const all = group(line).map((c) => c.completion);
    const first = await ok({ ...line, snapshot: null, completions: all });
    expect(first.reference.snapshot).toBeNull();
    const upstreamBefore = (await tenant.stats()).total;
    const second = await ok({ ...line, snapshot: null, completions: all });
    expect(second.stats.upstreamCalls).toBe(0);
    expect((await tenant.stats()).total).toBe(upstreamBefore);
    expect(second.results).toEqual(first.results);
    // The gold run's facts are the exported ones: nothing drifted since the export.
    expect(second.reference.drift).toEqual([]);
  });

  it("never shows a service key", async () => {
    const line = grpo[0];
    if (!line) throw new Error("no grpo line");
    const res = await batch({ ...line, completions: group(line).map((c) => c.completion) });
    for (const key of [...Object.values(tenant.keys), env.DATA_GO_KR_SERVICE_KEY, env.MASTER_KEY]) if (key) expect(res.text).not.toContain(key);
  });
});

describe("the reference", { timeout: 60_000 }, () => {
  it("offers a stored example's tools as its grpo line lists them: those it calls and 3 to 5 distractors", async () => {
    const catalogued = [...CATALOG.keys()];
    for (const line of grpo) {
      const offered = line.tools.map((t) => t.function.name);
      const called = new Set(line.reference.plan.map((s) => s.tool));
      const distractors = offered.filter((name) => !called.has(name));
      expect(distractors.length, offered.join(",")).toBeGreaterThanOrEqual(3);
      expect(distractors.length, offered.join(",")).toBeLessThanOrEqual(5);
      // By its id alone, the service knows the same set: each offered tool is known, another one is not.
      const other = catalogued.find((name) => !offered.includes(name)) ?? "";
      const calls = [...offered, other].map((name, i) => ({ id: `call_${i}`, type: "function", function: { name, arguments: "{}" } }));
      const completion = [
        { role: "assistant", content: null, tool_calls: calls },
        { role: "assistant", content: "찾지 못했어요." },
      ];
      const res = await request("/v1/reward", { method: "POST", token, body: JSON.stringify({ example_id: line.metadata.example_id, snapshot, completion }) });
      expect(res.status, res.text).toBe(200);
      expect(rewardResponseSchema.parse(res.body).details.invalidCalls.unknownTool, line.metadata.example_id).toBe(1);
    }
  });


  it("may be given inline, as the grpo line carries it, without an example id", async () => {
    const line = grpo[0];
    if (!line) throw new Error("no grpo line");
    const gold = group(line).find((c) => c.kind === "gold")?.completion;
    const { metadata: _metadata, ...inline } = line;
    const res = await request("/v1/reward", { method: "POST", token, body: JSON.stringify({ ...inline, snapshot, completion: gold }) });
    expect(res.status, res.text).toBe(200);
    const parsed = rewardResponseSchema.parse(res.body);
    expect(parsed.reference.exampleId).toBeNull();
    expect(parsed.binary).toBe(1);
  });

  it("a grpo line sent whole is scored by its inline reference, even by a team that does not hold its example", async () => {
    const line = grpo[0];
    if (!line) throw new Error("no grpo line");
    const gold = group(line).find((c) => c.kind === "gold")?.completion;
    const other = (await createTeam("reward-inline")).token;
    // The other team replays the snapshot once its owner shares it, by its full name.
    const shared = await request<{ owner: string }>(`/v1/snapshots/${snapshot}/sharing`, { method: "PUT", token, body: JSON.stringify({ shared: true }) });
    const res = await request("/v1/reward", { method: "POST", token: other, body: JSON.stringify({ ...line, snapshot: `${shared.body.owner}/${snapshot}`, completion: gold }) });
    expect(res.status, res.text).toBe(200);
    expect(rewardResponseSchema.parse(res.body)).toMatchObject({ binary: 1, reference: { exampleId: null } });
  });

  it("in binary mode without the first-call bonus, rewards are 1 for a perfect completion and 0 or less otherwise", async () => {
    const line = grpo[0];
    if (!line) throw new Error("no grpo line");
    const kinds = group(line);
    const answer = await ok({ example_id: line.metadata.example_id, snapshot, completions: kinds.map((c) => c.completion), options: { mode: "binary", firstCallBonus: 0 } });
    expect(answer.rewards.map((r) => (r === 1 || r <= 0 ? "ok" : r))).toEqual(kinds.map(() => "ok"));
    expect(answer.rewards[kinds.findIndex((c) => c.kind === "gold")]).toBe(1);
  });
});

describe("bad input", () => {
  const line = () => {
    const l = grpo[0];
    if (!l) throw new Error("no grpo line");
    return l;
  };
  const cases: [string, () => Record<string, unknown>, number, string, string | undefined][] = [
    ["no reference", () => ({ completions: ["답"] }), 400, "INVALID_ARGUMENT", "example_id"],
    ["an unknown example", () => ({ example_id: "nope", completions: ["답"] }), 404, "NOT_FOUND", "example_id"],
    ["an abstention request of KOPA-Bench (no plan, no facts)", () => ({ example_id: "ka-001", completions: ["확인할 수 없습니다"] }), 400, "INVALID_ARGUMENT", "example_id"],
    ["no completions", () => ({ example_id: line().metadata.example_id, completions: [] }), 400, "INVALID_ARGUMENT", "completions"],
    ["a message of no known role", () => ({ example_id: line().metadata.example_id, completions: [[{ role: "robot", content: "x" }]] }), 400, "INVALID_ARGUMENT", "completions[0]"],
    ["a negative weight", () => ({ example_id: line().metadata.example_id, completions: ["답"], options: { weights: { facts: -1 } } }), 400, "INVALID_ARGUMENT", "options.weights.facts"],
    ["all weights 0", () => ({ example_id: line().metadata.example_id, completions: ["답"], options: { weights: { format: 0, tool: 0, args: 0, links: 0, execution: 0, facts: 0 } } }), 400, "INVALID_ARGUMENT", "options.weights"],
    ["an unknown option", () => ({ example_id: line().metadata.example_id, completions: ["답"], options: { temperature: 1 } }), 400, "INVALID_ARGUMENT", "options.temperature"],
    ["an unknown snapshot", () => ({ example_id: line().metadata.example_id, snapshot: "no-such-snapshot", completions: ["답"] }), 404, "SNAPSHOT_NOT_FOUND", "snapshot"],
    ["an inline plan with an unknown tool", () => ({ reference: { plan: [{ id: "s1", tool: "nope", args: {} }], facts: [{ name: "n", kind: "number", value: "$s1.totalCount" }] }, completions: ["답"] }), 400, "INVALID_ARGUMENT", "reference"],
    ["an offered tool that does not exist", () => ({ example_id: line().metadata.example_id, tools: [{ type: "function", function: { name: "nope" } }], completions: ["답"] }), 400, "INVALID_ARGUMENT", "tools"],
    ["65 completions", () => ({ example_id: line().metadata.example_id, completions: Array(65).fill("답") }), 400, "INVALID_ARGUMENT", "completions"],
    [
      "more distinct calls than one request runs",
      () => ({
        example_id: line().metadata.example_id,
        completions: Array.from({ length: 5 }, (_, c) => [
          { role: "assistant", content: null, tool_calls: Array.from({ length: 60 }, (_, i) => ({ id: `c${i}`, type: "function", function: { name: "kma_grid_from_wgs84", arguments: JSON.stringify({ lat: 35 + c / 10 + i / 1000, lon: 127 }) } })) },
        ]),
        tools: [{ type: "function", function: { name: "kma_grid_from_wgs84" } }],
      }),
      413,
      "PAYLOAD_TOO_LARGE",
      "completions",
    ],
  ];
  for (const [what, body, status, code, field] of cases) {
    it(`${what} → ${status} ${code}`, async () => {
      const res = await batch(body());
      expect(res.status, res.text).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.field).toBe(field);
    });
  }

  it("a body that is not JSON → 400 INVALID_REQUEST", async () => {
    const res = await request<ErrorResponse>("/v1/reward", { method: "POST", token, body: "{" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_REQUEST");
  });

  it("another team's example is not found", async () => {
    const other = (await createTeam("reward-other")).token;
    const res = await batch({ example_id: line().metadata.example_id, completions: ["답"] }, other);
    expect(res.status).toBe(404);
    expect(res.body.error.field).toBe("example_id");
  });
});
