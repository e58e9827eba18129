/**
 * `npm run bench:reward`: the reward service on the local stack (app + sandbox under `wrangler
 * dev`). A few KOPA-Bench tasks serve as `grpo` prompts (their plan and facts sent inline, as a
 * grpo line carries them); each gets a GRPO group of 16 completions of mixed quality built from
 * its gold run. The group is scored once cold (the reference's gold run not yet memoised), then
 * repeatedly: the repeats measure a cached group of 16 and must give identical results. Against a
 * snapshot (the default for training) and over the shared cache.
 *
 * Options (environment): REWARD_PROMPTS (5), REWARD_REPEATS (20), REWARD_AT (the sandbox clock
 * and the prompts' moment, a weekday morning by default).
 * Ends with one line: group16_p50_ms=… group16_p99_ms=… deterministic=true|false …
 */
import { isDeepStrictEqual } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executePlan } from "../src/bench/plan";
import { BENCH_TASKS } from "../src/bench/tasks";
import type { BenchTask } from "../src/bench/task";
import type { NormalisedResult } from "../src/upstream/result";
import { z } from "zod";
import { completions, type Kind, type Message } from "../test/reward/support/completions";
import { SANDBOX_ADMIN_TOKEN, startStack } from "./stack";

const PROMPTS = Number(process.env["REWARD_PROMPTS"] ?? 5);
const REPEATS = Number(process.env["REWARD_REPEATS"] ?? 20);
const AT = process.env["REWARD_AT"] ?? "2026-11-25T09:10:00+09:00";
const TENANT = "reward-bench";
const adminToken = "reward-admin";
const persistTo = mkdtempSync(join(tmpdir(), "kopa-reward-"));
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: TENANT, adminToken, masterKey: "reward-master", vars: { RATE_PER_SECOND: "100000" } });

async function api(path: string, token: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(`${stack.appUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** The parts of a `/v1/reward:batch` answer the benchmark reads (the app's schema needs Worker types). */
const batchAnswerSchema = z.object({
  rewards: z.array(z.number()),
  results: z.array(z.unknown()),
  reference: z.unknown(),
  stats: z.object({ calls: z.number(), gatewayCalls: z.number(), upstreamCalls: z.number() }),
});

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** The gold run as a dialogue: one turn per step (a model that waits for every answer), then the facts. */
function dialogueOf(task: BenchTask, steps: { id: string; tool: string; args: Record<string, unknown> }[], facts: Record<string, unknown>): Message[] {
  const answer = task.answer.facts
    .filter((f) => f.name in facts)
    .map((f) => {
      const value = facts[f.name];
      return `- ${f.name}: ${Array.isArray(value) ? value.join(", ") : String(value)}${f.unit ?? ""}`;
    })
    .join("\n");
  return [
    ...steps.map((s): Message => ({ role: "assistant", content: null, tool_calls: [{ id: `call_${s.id}`, type: "function", function: { name: s.tool, arguments: JSON.stringify(s.args) } }] })),
    { role: "assistant", content: `조회 결과입니다.\n${answer}` },
  ];
}

// How a group of 16 early in training is mixed.
const MIX: [Kind, number][] = [["gold", 3], ["gold-unexecuted", 4], ["broken-link", 3], ["wrong-args", 2], ["wrong-tool", 2], ["hallucinated", 1], ["malformed", 1]];

interface Measured {
  task: string;
  mode: string;
  coldMs: number;
  samples: number[];
  deterministic: boolean;
  calls: number;
  gatewayCalls: number;
  upstreamCalls: number;
  rewards: number[];
}

try {
  const { token } = (await api("/admin/teams", adminToken, { method: "POST", body: JSON.stringify({ name: "reward" }) })) as { token: string };
  await fetch(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/config`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ clock: { mode: "fixed", at: AT } }),
  });
  const now = new Date(AT);
  const call = async (tool: string, args: Record<string, unknown>, snapshot?: string) => {
    const body = (await api(`/v1/tools/${tool}/call`, token, { method: "POST", body: JSON.stringify(snapshot ? { args, snapshot } : { args }) })) as { result: NormalisedResult };
    return body.result;
  };

  // Gold runs through the gateway fill the shared cache; the snapshot freezes it.
  const prompts: { task: BenchTask; dialogue: Message[] }[] = [];
  for (const task of BENCH_TASKS.filter((t) => t.shape !== "conditional" && t.plan.length >= 2)) {
    if (prompts.length >= PROMPTS) break;
    const run = await executePlan(task, (tool, args) => call(tool, args), now);
    if (run.ok) prompts.push({ task, dialogue: dialogueOf(task, run.steps, run.facts) });
  }
  const snapshot = `reward-bench-${Date.now()}`;
  await api("/v1/snapshots", token, { method: "POST", body: JSON.stringify({ name: snapshot }) });

  const measured: Measured[] = [];
  for (const { task, dialogue } of prompts) {
    const results = new Map<string, string>();
    for (const c of dialogue.flatMap((m) => m.tool_calls ?? [])) results.set(c.id, JSON.stringify(await call(c.function.name, JSON.parse(c.function.arguments) as Record<string, unknown>, snapshot)));
    const kinds = completions(dialogue, results);
    const group = MIX.flatMap(([kind, n]) => Array.from({ length: n }, () => (kinds.find((k) => k.kind === kind) ?? kinds[0])?.completion));
    for (const mode of ["snapshot", "shared cache"] as const) {
      const body = JSON.stringify({ reference: { plan: task.plan, facts: task.answer.facts }, now: AT, snapshot: mode === "snapshot" ? snapshot : null, prompt: [{ role: "user", content: task.request.ko }], completions: group });
      const timed = async () => {
        const started = performance.now();
        const answer = batchAnswerSchema.parse(await api("/v1/reward:batch", token, { method: "POST", body }));
        return { answer, ms: performance.now() - started };
      };
      const cold = await timed();
      const samples: number[] = [];
      let deterministic = true;
      let last = cold.answer;
      for (let i = 0; i < REPEATS; i++) {
        const { answer, ms } = await timed();
        samples.push(ms);
        deterministic &&= isDeepStrictEqual(answer.results, cold.answer.results) && isDeepStrictEqual(answer.reference, cold.answer.reference);
        last = answer;
      }
      measured.push({ task: task.id, mode, coldMs: cold.ms, samples, deterministic, calls: last.stats.calls, gatewayCalls: last.stats.gatewayCalls, upstreamCalls: last.stats.upstreamCalls, rewards: cold.answer.rewards });
    }
  }

  const row = (m: Measured) => {
    const sorted = [...m.samples].sort((a, b) => a - b);
    return { mode: m.mode, "cold ms": Math.round(m.coldMs), "p50 ms": Number(percentile(sorted, 50).toFixed(1)), "p99 ms": Number(percentile(sorted, 99).toFixed(1)), calls: m.calls, "gateway calls": m.gatewayCalls, "upstream calls": m.upstreamCalls, deterministic: m.deterministic };
  };
  console.table(Object.fromEntries(measured.map((m) => [`${m.task} (${m.mode})`, row(m)])));
  console.table(Object.fromEntries(measured.filter((m) => m.mode === "snapshot").map((m) => [m.task, Object.fromEntries(MIX.map(([kind], i) => [kind, m.rewards[MIX.slice(0, i).reduce((a, [, n]) => a + n, 0)]]))])));

  const pooled = (mode: string) => measured.filter((m) => m.mode === mode).flatMap((m) => m.samples).sort((a, b) => a - b);
  const snap = pooled("snapshot");
  const shared = pooled("shared cache");
  const ofSnapshot = measured.filter((m) => m.mode === "snapshot");
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `group16_p50_ms=${percentile(snap, 50).toFixed(1)} group16_p99_ms=${percentile(snap, 99).toFixed(1)} deterministic=${measured.every((m) => m.deterministic)} prompts=${prompts.length} repeats=${REPEATS} cold_ms=${mean(ofSnapshot.map((m) => m.coldMs)).toFixed(1)} calls_per_group=${mean(ofSnapshot.map((m) => m.calls)).toFixed(1)} gateway_calls_per_group=${mean(ofSnapshot.map((m) => m.gatewayCalls)).toFixed(1)} upstream_calls_per_group=${mean(ofSnapshot.map((m) => m.upstreamCalls)).toFixed(1)} shared_cache_p50_ms=${percentile(shared, 50).toFixed(1)} shared_cache_p99_ms=${percentile(shared, 99).toFixed(1)}`,
  );
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
