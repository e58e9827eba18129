/**
 * `npm run bench:kopa -- --model-url <url> --model <name>`: one KOPA-Bench run of a model server
 * (any OpenAI-compatible /v1/chat/completions) through the local stack (app + sandbox under
 * `wrangler dev`). Prints the task statistics, the run's scores and the runner's figures, then one
 * line of key=value pairs.
 *
 * Without `--model-url` the run uses the built-in SCRIPTED MODEL — the test double of the workers
 * tests (test/bench/support/scripted-model.ts), which follows each gold plan and answers at once.
 * It is not a language model: it measures the runner (overhead per step, attempts per minute), and
 * because it reports when each request arrived and left, the overhead per step is measured from the
 * model's side of the wire (everything between answering one turn and receiving the next).
 *
 * The run replays the shipped benchmark snapshot (data/bench/kopa-bench-v1.jsonl) by default: its
 * world is pinned at the snapshot's instant, so every gold executes and two runs, on any machine at
 * any hour, give the same per-task results (the final line's per_task_digest says so). `--live`
 * records a fresh world from the sandbox at `--at` (or now) instead.
 *
 * Options: --model <name> --concurrency 8 --n 1 (samples per task) --k 1,4 (pass@k / pass^k to
 * report) --max-steps 12 --limit <n> --shapes a,b --label <text> --snapshot <file> --live
 * --at <ISO> (the sandbox tenant's clock: the hour the upstream believes it is; with --live also
 * the run's instant) --results <file> (per-task results as JSON) --scripted <behaviour> (the
 * built-in double's behaviour, e.g. coin:50: right for about half of the (task, seed) pairs).
 * The API key and Access service token come from KOPA_MODEL_API_KEY, KOPA_ACCESS_CLIENT_ID and
 * KOPA_ACCESS_CLIENT_SECRET (or --api-key, --access-id, --access-secret).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { writeFileSync } from "node:fs";
import { ABSTENTION_TASKS, isAbstentionId } from "../src/bench/abstention";
import { taskStats } from "../src/bench/tasks";
import { benchReport } from "../src/cli/bench";
import { benchRunSchema } from "../src/cli/wire/bench";
import { startModelServer, type ModelServer } from "../test/bench/support/model-server";
import type { LogEntry } from "../test/bench/support/scripted-model";
import { apiOf, attemptsOf, followRun, importSnapshotFile, perTaskDigest, setSandboxClock, SHIPPED_SNAPSHOT_FILE, type RunView } from "./bench-support";
import { startStack } from "./stack";

const { values: flags } = parseArgs({
  options: {
    "model-url": { type: "string" },
    model: { type: "string" },
    "api-key": { type: "string" },
    "access-id": { type: "string" },
    "access-secret": { type: "string" },
    concurrency: { type: "string", default: "8" },
    n: { type: "string", default: "1" },
    k: { type: "string" },
    snapshot: { type: "string", default: SHIPPED_SNAPSHOT_FILE },
    live: { type: "boolean", default: false },
    results: { type: "string" },
    scripted: { type: "string", default: "gold" },
    "max-steps": { type: "string", default: "12" },
    limit: { type: "string" },
    shapes: { type: "string" },
    at: { type: "string" },
    label: { type: "string" },
  },
});

const TENANT = "kopa-bench";
const int = (text: string | undefined, name: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};

// ---- task statistics (no stack needed)
const stats = taskStats();
console.log(
  `KOPA-Bench: ${stats.total} tasks, ${stats.meanCalls.toFixed(2)} gold calls per task counting every branch, at least ${stats.meanMinCalls.toFixed(2)} whatever the branches take, ${stats.localToolTasks} need a local utility tool; abstention set: ${ABSTENTION_TASKS.length} requests (reported apart)`,
);
console.table({ shape: stats.byShape, level: stats.byLevel });
console.table({ "tasks by the fewest gold calls they make": stats.minCallHistogram });
console.table(Object.fromEntries(Object.entries(stats.byProvider).map(([p, n]) => [p, { tasks: n }])));

let builtIn: ModelServer | null = null;
let modelUrl = flags["model-url"];
let model = flags.model;
if (!modelUrl) {
  builtIn = await startModelServer();
  modelUrl = builtIn.url;
  model = `scripted:${flags.scripted}`;
  console.log(`model: the built-in SCRIPTED MODEL ${model} (a test double that follows the gold plans and answers at once): this measures the runner, not a model`);
} else if (!model) throw new Error("--model is required with --model-url");

const apiKey = flags["api-key"] ?? process.env["KOPA_MODEL_API_KEY"];
const accessId = flags["access-id"] ?? process.env["KOPA_ACCESS_CLIENT_ID"];
const accessSecret = flags["access-secret"] ?? process.env["KOPA_ACCESS_CLIENT_SECRET"];

const persistTo = mkdtempSync(join(tmpdir(), "kopa-bench-kopa-"));
const adminToken = "bench-kopa-admin";
// The gateway's per-key rate limit protects real providers; the sandbox needs none, and it is not what is measured.
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: TENANT, adminToken, masterKey: "bench-kopa-master", vars: { RATE_PER_SECOND: "100000" } });

const api = apiOf(stack);

/** Mean gap between answering one turn of a conversation and receiving its next turn. */
function outsideOverhead(log: readonly LogEntry[]): { perStep: number; steps: number; modelMs: number } {
  const byConversation = new Map<string, LogEntry[]>();
  // One conversation per attempt: the same request is sampled n times, each with its own seed.
  for (const e of log) {
    const key = `${e.conversation}\u0000${e.seed ?? ""}`;
    byConversation.set(key, [...(byConversation.get(key) ?? []), e]);
  }
  let gaps = 0;
  let total = 0;
  for (const entries of byConversation.values()) {
    const ordered = [...entries].sort((a, b) => a.turn - b.turn);
    for (let i = 1; i < ordered.length; i++) {
      const before = ordered[i - 1];
      const after = ordered[i];
      if (before && after && after.turn === before.turn + 1) {
        total += after.receivedAt - before.sentAt;
        gaps++;
      }
    }
  }
  const modelMs = log.reduce((a, e) => a + (e.sentAt - e.receivedAt), 0) / Math.max(1, log.length);
  return { perStep: gaps === 0 ? 0 : total / gaps, steps: gaps, modelMs };
}

try {
  if (flags.at) {
    await setSandboxClock(stack, TENANT, flags.at);
    console.log(`sandbox clock (the hour the upstream believes it is): ${flags.at}`);
  }
  const { token } = await api<{ token: string }>("/admin/teams", adminToken, { method: "POST", body: JSON.stringify({ name: "bench-kopa" }) });
  let world: Record<string, unknown> = { now: flags.at };
  if (!flags.live) {
    const snapshot = await importSnapshotFile(stack, token, flags.snapshot);
    console.log(`world: snapshot ${snapshot.name} (${snapshot.entryCount} recorded answers), pinned at ${snapshot.at ?? "(no instant)"}`);
    world = { mode: "replay", snapshot: snapshot.name };
  } else console.log(`world: recorded live from the sandbox at ${flags.at ?? "the present"}`);
  const concurrency = int(flags.concurrency, "concurrency");
  const n = int(flags.n, "n");
  const body = {
    suite: "kopa",
    ...(flags.label ? { label: flags.label } : {}),
    endpoint: { baseUrl: modelUrl, model, ...(apiKey ? { apiKey } : {}), ...(accessId && accessSecret ? { access: { clientId: accessId, clientSecret: accessSecret } } : {}) },
    concurrency,
    n,
    ...(flags.k ? { k: flags.k.split(",").map((k) => int(k, "k")) } : {}),
    maxSteps: int(flags["max-steps"], "max-steps"),
    ...world,
    filter: { ...(flags.limit ? { limit: int(flags.limit, "limit") } : {}), ...(flags.shapes ? { shapes: flags.shapes.split(",") } : {}) },
  };
  const started = performance.now();
  const run = await followRun(api, token, await api<RunView>("/v1/bench/runs", token, { method: "POST", body: JSON.stringify(body) }));
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== "done") throw new Error(`the run ended ${run.status}: ${run.error ?? ""}`);
  const attempts = await attemptsOf(api, token, run.id);
  const digest = perTaskDigest(attempts);
  if (flags.results) writeFileSync(flags.results, `${JSON.stringify(attempts.map((a) => ({ item: a.itemId, attempt: a.attempt, status: a.status, pass: a.score?.pass ?? null, errorType: a.score?.errorType ?? null, final: a.trajectory?.final ?? null, gold: a.gold?.facts ?? null })), null, 1)}\n`);
  const s = run.summary;
  // The report exactly as `kopa bench run` prints it.
  console.log(benchReport(benchRunSchema.parse(run)));
  const goldExecutable = s.items - s.unscorable.length;
  if (s.unscorable.length > 0) console.table(Object.fromEntries(s.unscorable.map((u) => [u.itemId, { reason: u.reason.slice(0, 120) }])));
  console.table(Object.fromEntries(Object.entries(s.breakdowns["shape"] ?? {}).map(([shape, f]) => [shape, { tasks: f.items, "pass@1": f.pass1.value, [`pass^${s.k}`]: f.passK.value }])));
  console.table(Object.fromEntries(s.byK.map((f) => [`k=${f.k}`, { items: f.items, [`pass@k [95% CI]`]: `${f.passAt.value} [${f.passAt.ci.join(", ")}]`, [`pass^k [95% CI]`]: `${f.passHat.value} [${f.passHat.ci.join(", ")}]` }])));

  const outside = builtIn ? outsideOverhead(builtIn.model.log.filter((e) => e.model === model)) : null;
  const stepOverhead = outside ? outside.perStep : s.timing.overheadMsPerStep;
  const attemptsPerMin = ((s.attempts.total + (s.abstention?.attempts.total ?? 0)) / seconds) * 60;
  console.table({
    "run pinned at (world instant)": run.now,
    "snapshot / task set / catalog": `${run.snapshot ?? "live"} / ${run.taskSet} / ${run.catalogVersion}`,
    "tasks selected": s.items,
    "gold executable (scorable)": goldExecutable,
    "samples per task (n)": s.n,
    "model-server errors / infrastructure errors": `${s.attempts.modelErrors} / ${s.attempts.infraErrors}`,
    "pass@1 [95% CI]": `${s.pass1.value} [${s.pass1.ci.join(", ")}]`,
    [`pass^${s.k}`]: s.passK.value,
    "tool F1 / edge F1 / environment": `${s.measures["toolF1"] ?? "-"} / ${s.measures["edgeF1"] ?? "-"} / ${s.measures["envSuccess"] ?? "-"}`,
    "model turns": s.timing.steps,
    "runner overhead per step, excl. model (ms)": Number(stepOverhead.toFixed(1)),
    ...(outside ? { "  measured at the model's side over turns": outside.steps, "  time inside the model server per turn (ms)": Number(outside.modelMs.toFixed(2)) } : {}),
    "runner-side: overhead per step excl. model (ms)": s.timing.overheadMsPerStep,
    "runner-side: tool calls per step (ms)": s.timing.toolMsPerStep,
    "runner-side: model per step (ms)": s.timing.modelMsPerStep,
    [`attempts per minute (concurrency ${concurrency}, wall clock incl. gold)`]: Number(attemptsPerMin.toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
  });
  const abstention = s.abstention;
  if (abstention) {
    console.log(`abstention set (requests no catalogued tool answers; not in the figures above): ${abstention.items} requests, pass@1 ${abstention.pass1.value} [${abstention.pass1.ci.join(", ")}]`);
    if (Object.keys(abstention.errorTypes).length > 0) console.table(abstention.errorTypes);
  }
  // Gold calls the run executed (a branch not taken is not a call), from each task's first attempt.
  const goldCalls = attempts.filter((a) => a.attempt === 0 && !isAbstentionId(a.itemId) && a.gold?.ok).map((a) => a.gold?.calls?.length ?? 0);
  const executedGoldCalls = goldCalls.reduce((x, y) => x + y, 0) / Math.max(1, goldCalls.length);
  const byK = s.byK.map((f) => `pass@${f.k}=${f.passAt.value} pass^${f.k}=${f.passHat.value}`).join(" ");
  console.log(
    `tasks=${stats.total} gold_executable=${goldExecutable} world_at=${run.now} snapshot=${run.snapshot ?? "live"} task_set=${run.taskSet} catalog=${run.catalogVersion} n=${s.n} ${byK} model_errors=${s.attempts.modelErrors} infra_errors=${s.attempts.infraErrors} per_task_digest=${digest} mean_gold_calls=${stats.meanCalls.toFixed(2)} executed_gold_calls=${executedGoldCalls.toFixed(2)} min_gold_calls=${stats.meanMinCalls.toFixed(2)} abstention=${abstention ? `${abstention.items}:${abstention.pass1.value}` : "none"} step_overhead_ms=${stepOverhead.toFixed(1)} attempts_per_min=${attemptsPerMin.toFixed(1)}`,
  );
} finally {
  await stack.dispose();
  await builtIn?.close();
  rmSync(persistTo, { recursive: true, force: true });
}
