/**
 * The prompt's reference as the reward service scores against it: the reference plan and answer
 * facts as a KOPA-Bench task, the moment its time tokens resolve at, the snapshot its calls (and
 * the completions' calls) run against, the tools offered, and the gold run re-executed through
 * the gateway. A `grpo` line's `metadata.example_id` names a kept synthesis example of the team;
 * inline fields override what the example gives.
 *
 * The gold run is memoised per isolate by the reference's fingerprint: the 16 completions of a
 * GRPO group and the next group of the same prompt reuse it. A snapshot's answers never change, so
 * its runs are kept until evicted; a run over the shared cache is kept for a few minutes, like the
 * cache's own freshness.
 */
import { loadCatalog } from "../catalog/import/sync";
import { and, eq } from "drizzle-orm";
import { ApiError } from "../app/errors";
import { isAbstentionId } from "../bench/abstention";
import { executePlan, type PlanRun } from "../bench/plan";
import { canonical } from "../bench/score";
import { checkTask, type BenchTask, type Fact, type PlanStep } from "../bench/task";
import { findTool } from "../catalog";
import type { Db } from "../db/client";
import { synthExamples, synthJobs } from "../db/schema";
import { sha256Hex } from "../gateway/fingerprint";
import { findSnapshot } from "../gateway/snapshots";
import { exampleSchema } from "../synth/example-schema";
import { toolsFor } from "../synth/offered";
import { synthParamsSchema } from "../synth/store";
import type { NameResolver } from "../bench/tool-calls";
import type { CallRunner } from "./execute";
import { exampleIdOf, type RewardBatchBody } from "./schema";

export interface Reference {
  exampleId: string | null;
  task: BenchTask;
  now: Date;
  /**
   * The instant the reference's calls (and the completions') are answered as of, when it states
   * one (the line's `now`, the stored example's): on the sandbox the same world its walk saw.
   */
  asOf: Date | null;
  snapshot: string | null;
  /** Tool names offered to the model; null: every catalogued tool. */
  offered: ReadonlySet<string> | null;
  /** The facts' values when the line was exported, for the drift report. */
  exported: { name: string; value: string | number }[];
  fingerprint: string;
}

/** The fields of a reward body that say what the reference is (both routes share them). */
export type ReferenceBody = Omit<RewardBatchBody, "completions">;

/** The last user message of the prompt: values copied from it are not data-flow links. */
function requestOf(body: ReferenceBody): string | undefined {
  const user = [...(body.prompt ?? [])].reverse().find((m) => m.role === "user");
  const content = user?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => p.text ?? "").join("");
  return undefined;
}

interface Stored {
  id: string;
  plan: PlanStep[];
  facts: Fact[];
  request: string;
  now: number;
  snapshot: string | null;
  tools: string[];
  exported: { name: string; value: string | number }[];
}

/** A kept example of one of the team's synthesis jobs (another team's ids are not found). */
async function storedExample(db: Db, teamId: string, id: string): Promise<Stored | null> {
  const row = await db
    .select({ example: synthExamples.example, params: synthJobs.params })
    .from(synthExamples)
    .innerJoin(synthJobs, eq(synthJobs.id, synthExamples.jobId))
    .where(and(eq(synthExamples.id, id), eq(synthJobs.teamId, teamId), eq(synthExamples.kept, true)))
    .get();
  if (!row) return null;
  // The tools it was offered with, imported ones included, as the export listed them.
  await loadCatalog(db);
  const example = exampleSchema.parse(JSON.parse(row.example));
  const params = synthParamsSchema.parse(JSON.parse(row.params));
  return {
    id: example.id,
    plan: example.reference.plan,
    facts: example.reference.facts,
    request: example.request.text,
    now: example.now,
    snapshot: params.snapshot ?? null,
    tools: toolsFor(example).map((t) => t.function.name),
    exported: example.facts.map((f) => ({ name: f.name, value: f.value })),
  };
}


/**
 * A synthesised fan-out repeats a fact per item ("콘텐츠 이름" of each of three places): every
 * item's value is kept and expected, under the name with its position (`콘텐츠 이름 #2`), instead of
 * the last one overwriting the others. The exported values are renamed the same way, in order.
 */
export function distinctNames<T extends { name: string }>(facts: readonly T[]): T[];
export function distinctNames<T extends { name: string }>(facts: readonly T[] | undefined): T[] | undefined;
export function distinctNames<T extends { name: string }>(facts: readonly T[] | undefined): T[] | undefined {
  if (facts === undefined) return undefined;
  const seen = new Map<string, number>();
  return facts.map((fact) => {
    const n = (seen.get(fact.name) ?? 0) + 1;
    seen.set(fact.name, n);
    return n === 1 ? fact : { ...fact, name: `${fact.name} #${n}` };
  });
}

export async function resolveReference(db: Db, teamId: string, body: ReferenceBody, requestTime: Date): Promise<Reference> {
  const named = exampleIdOf(body) ?? null;
  // A grpo line sent whole carries its reference inline: its metadata's id need not be stored here.
  const inlineLine = body.reference !== undefined && body.example_id === undefined;
  // An abstention request has no plan and no facts: nothing the components measure. The bench scores it.
  if (named !== null && isAbstentionId(named) && !inlineLine) {
    throw new ApiError("INVALID_ARGUMENT", `${named} is a KOPA-Bench abstention request: it has no reference plan or facts to score a completion against (kopa bench run scores the abstention set)`, "example_id");
  }
  const stored = named === null ? null : await storedExample(db, teamId, named);
  if (named !== null && stored === null && !inlineLine) throw new ApiError("NOT_FOUND", `no kept synthesis example ${named} in the team's datasets`, "example_id");
  const exampleId = stored?.id ?? null;
  const plan = body.reference?.plan ?? stored?.plan;
  const facts = distinctNames(body.reference?.facts ?? stored?.facts);
  // The body schema requires example_id or an inline reference, so one of them gave these.
  if (plan === undefined || facts === undefined) throw new ApiError("INVALID_ARGUMENT", "give example_id or an inline reference", "example_id");

  const task: BenchTask = {
    id: exampleId ?? "inline",
    version: 1,
    shape: plan.some((s) => s.when) ? "conditional" : "sequential",
    level: 1,
    request: { ko: requestOf(body) ?? stored?.request ?? "", en: "" },
    plan,
    answer: { facts },
  };
  if (body.reference) {
    // A synthesised conditional example may expect facts only on its branches.
    const problem = checkTask(task, { unconditionalFact: false })[0];
    if (problem !== undefined) throw new ApiError("INVALID_ARGUMENT", `reference: ${problem.replace(/^inline /, "")}`, "reference");
  }

  const snapshot = body.snapshot !== undefined ? body.snapshot : (stored?.snapshot ?? null);
  // The snapshot the team means by that name (its own, or one shared with it): its id, not its name, keys the gold run's memo.
  const snapshotId = snapshot === null ? null : (await findSnapshot(db, teamId, snapshot)).id;
  const stated = body.now !== undefined ? new Date(body.now) : stored ? new Date(stored.now) : null;
  const now = stated ?? requestTime;
  const toolNames = body.tools?.map((t) => t.function.name) ?? stored?.tools ?? null;
  const unknown = toolNames?.find((name) => !findTool(name));
  if (unknown !== undefined) throw new ApiError("INVALID_ARGUMENT", `tools: no catalogued tool named ${unknown}`, "tools");
  const offered = toolNames === null ? null : new Set(toolNames);
  const exported = distinctNames(body.answer_facts?.map((f) => ({ name: f.name, value: f.value })) ?? stored?.exported ?? []);
  const fingerprint = await sha256Hex(canonical({ plan, facts, snapshot: snapshotId, now: now.toISOString(), cache: body.options.cache }));
  return { exampleId, task, now, asOf: stated, snapshot, offered, exported, fingerprint };
}

/** Maps a name the model wrote to an offered, catalogued tool. */
export function resolverOf(reference: Reference): NameResolver {
  return (name) => {
    const tool = findTool(name);
    if (!tool) return undefined;
    return reference.offered === null || reference.offered.has(tool.name) ? tool.name : undefined;
  };
}

// ---------------------------------------------------------------------------------------------
// The gold run

const MEMO_MAX = 256;
const LIVE_MEMO_MS = 5 * 60_000;
const memo = new Map<string, { run: PlanRun; until: number }>();

/** Forgets the memoised gold runs: what a reset of the recorded world needs in an isolate that lives on. */
export function forgetGoldRuns(): void {
  memo.clear();
}

/**
 * The gold run of a reference, re-executed through `run` (which dedupes and counts calls) or
 * reused from the memo. A reference whose plan cannot run (a snapshot without the answer, an
 * upstream failure, a fact that cannot be computed) cannot score anything: an error naming
 * `reference`, with the gateway's code when a call failed.
 */
export async function goldRun(reference: Reference, run: CallRunner, nowMs: number): Promise<{ run: PlanRun; memo: boolean }> {
  const hit = memo.get(reference.fingerprint);
  if (hit && hit.until > nowMs) return { run: hit.run, memo: true };
  let callError: ApiError | undefined;
  const gold = await executePlan(
    reference.task,
    async (tool, args) => {
      const outcome = await run(tool, args);
      if (outcome.status === "ok" && outcome.result) return outcome.result;
      const error = outcome.error ?? { code: "INTERNAL", message: "the call failed" };
      callError ??= outcome.apiError;
      throw new Error(`${error.code}: ${error.message}`);
    },
    reference.now,
  );
  if (!gold.ok) {
    const where = gold.error?.step ?? "?";
    const why = gold.error?.reason ?? "failed";
    if (callError) throw new ApiError(callError.code, `the reference's step ${where} cannot run: ${callError.message}`, "reference");
    throw new ApiError("INVALID_ARGUMENT", `the reference cannot be executed at ${reference.now.toISOString()}: ${where}: ${why}`, "reference");
  }
  if (memo.size >= MEMO_MAX) {
    const oldest = memo.keys().next().value;
    if (oldest !== undefined) memo.delete(oldest);
  }
  memo.set(reference.fingerprint, { run: gold, until: reference.snapshot === null ? nowMs + LIVE_MEMO_MS : Number.POSITIVE_INFINITY });
  return { run: gold, memo: false };
}

/**
 * Facts whose value now differs from the exported one (the data moved since the export). Only
 * facts the reference computes: an exported fact it cannot (a code said as its label) has no
 * value now to differ.
 */
export function driftOf(reference: Reference, gold: PlanRun): { name: string; exported: string | number; now: PlanRun["facts"][string] | null }[] {
  const computed = new Set(reference.task.answer.facts.map((f) => f.name));
  return reference.exported
    .filter((f) => computed.has(f.name))
    .filter((f) => {
      const now = gold.facts[f.name];
      if (now === undefined) return true;
      return !(canonical(now) === canonical(f.value) || (typeof now === "number" && Number(f.value) === now) || String(now) === String(f.value));
    })
    .map((f) => ({ name: f.name, exported: f.value, now: gold.facts[f.name] ?? null }));
}
