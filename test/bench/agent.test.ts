/**
 * The runner's loop against a small-context server: the compact tool list, tool results cut to the
 * context budget, and a reply cut by the token limit. The "model" here is a TEST DOUBLE: a list of
 * scripted replies, one per turn.
 */
import { describe, expect, it } from "vitest";
import { runAgent, toolMessageLimit } from "../../src/bench/agent";
import { kopaToolList } from "../../src/bench/attempt";
import type { ChatMessage, ModelReply } from "../../src/bench/model";
import type { AssistantReply } from "../../src/bench/tool-calls";
import { success } from "../../src/upstream/result";

function scriptedTurns(replies: { message: AssistantReply; finishReason?: string }[]) {
  const seen: ChatMessage[][] = [];
  return {
    seen,
    async chat(messages: readonly ChatMessage[]): Promise<ModelReply> {
      seen.push([...messages]);
      const next = replies[seen.length - 1] ?? { message: { content: "끝" } };
      return { ok: true, message: next.message, finishReason: next.finishReason ?? "stop", usage: null, ms: 1, retries: 0 };
    },
  };
}

/** One kma_vilage_fcst-sized result: 1,000 rows. */
const bigResult = success(
  Array.from({ length: 1000 }, (_, i) => ({ baseDate: "20261125", baseTime: "1400", category: "TMP", fcstDate: "20261125", fcstTime: String(1500 + i).padStart(4, "0"), fcstValue: "10.6", nx: 60, ny: 127 })),
  1000,
  1,
);

describe("a small-context server", () => {
  it("gets a compact tool list: Korean descriptions only, no examples, well under the full one", () => {
    const full = JSON.stringify(kopaToolList("full")).length;
    const compact = kopaToolList("compact");
    const text = JSON.stringify(compact);
    expect(compact.map((t) => t.function.name)).toEqual(kopaToolList("full").map((t) => t.function.name));
    expect(text.length).toBeLessThan(full * 0.75);
    expect(text).not.toContain('"examples"');
    expect(compact.find((t) => t.function.name === "kma_vilage_fcst")?.function.description).not.toMatch(/Hourly short-term forecast/);
  });

  it("gets tool results cut to what is left of its context budget, with the cut said", async () => {
    const model = scriptedTurns([{ message: { content: null, tool_calls: [{ id: "c1", function: { name: "kma_vilage_fcst", arguments: "{}" } }] } }, { message: { content: "10.6도입니다." } }]);
    const tools = kopaToolList("compact");
    const budget = 60_000;
    const trajectory = await runAgent({
      model,
      system: "시스템",
      user: "서울 기온?",
      tools,
      resolve: (name) => name,
      execute: async () => ({ status: "ok", result: bigResult, ms: 0 }),
      maxSteps: 4,
      toolResultMaxChars: 0,
      contextChars: budget,
    });
    expect(trajectory.stop).toBe("answer");
    const toolMessage = model.seen[1]?.find((m) => m.role === "tool")?.content ?? "";
    const whole = JSON.stringify({ ok: true, totalCount: 1000, items: bigResult.ok ? bigResult.items : [] }).length;
    expect(whole).toBeGreaterThan(100_000);
    expect(toolMessage.length).toBeLessThanOrEqual((budget - JSON.stringify(tools).length) / 2);
    expect(JSON.parse(toolMessage)).toMatchObject({ ok: true, totalCount: 1000, truncated: { of: 1000 } });
  });

  it("shares the budget between a turn's results, never below a readable minimum", () => {
    expect(toolMessageLimit({ toolResultMaxChars: 0, contextChars: 0 }, 50_000, 3)).toBe(0);
    expect(toolMessageLimit({ toolResultMaxChars: 0, contextChars: 32_000 }, 20_000, 3)).toBe(2000);
    expect(toolMessageLimit({ toolResultMaxChars: 1500, contextChars: 32_000 }, 20_000, 3)).toBe(1500);
    expect(toolMessageLimit({ toolResultMaxChars: 0, contextChars: 32_000 }, 40_000, 2)).toBe(400);
  });
});

describe("a reply cut by the token limit", () => {
  it("is recorded as cut, not as a finished answer", async () => {
    const model = scriptedTurns([{ message: { content: "서울의 기온은 10" }, finishReason: "length" }]);
    const trajectory = await runAgent({ model, system: "s", user: "u", tools: [], resolve: (n) => n, execute: async () => ({ status: "ok", ms: 0 }), maxSteps: 2, toolResultMaxChars: 0 });
    expect(trajectory).toMatchObject({ stop: "length", final: "서울의 기온은 10" });
    expect(trajectory.steps[0]?.finishReason).toBe("length");
  });
});
