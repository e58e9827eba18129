/** What a dialogue shows of a tool answer: enough for every value the next turns use. */
import { describe, expect, it } from "vitest";
import { buildExample } from "./example";
import { trimmedAnswer } from "./export";
import type { WalkState } from "./walk";

const deals = Array.from({ length: 8 }, (_, i) => ({ aptNm: `단지${i + 1}`, dealAmount: 50_000 + ((i * 37_000) % 90_000), umdNm: "잠실동", jibun: String(100 + i) }));
const ok = (items: Record<string, unknown>[]) => ({ ok: true as const, items, totalCount: items.length, page: 1 });

function walk(plan: Partial<WalkState["plan"]>, picks: Record<string, number>): WalkState {
  return {
    plan: {
      id: "p",
      shape: "reduction",
      seed: "t",
      edges: [],
      steps: [{ id: "s1", tool: "rtms_apt_trades", args: { LAWD_CD: { from: "user", value: "11710" }, DEAL_YMD: { from: "user", value: "202610" } }, slot: 0 }],
      ...plan,
    },
    jobId: "job",
    teamId: "team",
    snapshot: null,
    now: Date.parse("2026-11-27T01:30:00Z"),
    status: "done",
    reason: null,
    retries: 0,
    upstreamCalls: 1,
    steps: [{ id: "s1", tool: "rtms_apt_trades", skipped: false, args: { LAWD_CD: "11710", DEAL_YMD: "202610" }, result: ok(deals), picks, attempts: 1, upstream: true }],
  };
}

const shown = (state: WalkState) => {
  const example = buildExample(state, "e");
  const call = example.calls[0];
  if (!call) throw new Error("no call");
  return JSON.parse(trimmedAnswer(example, call).content) as { items: { aptNm: string }[]; more?: string };
};

describe("trimmed tool answers in exported dialogues", () => {
  it("show every item when the answer aggregates over them", () => {
    const body = shown(walk({ reduce: { step: "s1", field: "dealAmount", op: "max", label: "aptNm" } }, { "0": 0 }));
    expect(body.items.map((i) => i.aptNm)).toEqual(deals.map((d) => d.aptNm));
    expect(body.more).toBeUndefined();
  });

  it("show the first items plus one a fact reads further down", () => {
    const body = shown(walk({ shape: "sequential" }, { "0": 6 }));
    expect(body.items.map((i) => i.aptNm)).toEqual(["단지1", "단지2", "단지3", "단지4", "단지5", "단지7"]);
    expect(body.more).toBe("외 2건 생략");
  });
});
