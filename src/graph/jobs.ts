/**
 * The graph's runs: build (seed every tool, score candidates), verify (try edges within a call
 * budget, resumable: what was not reached stays a candidate), and the scheduled re-verification
 * (probe tool shapes for drift, then re-try stale, drifted, inconclusive and oldest edges).
 */
import { z } from "zod";
import { CATALOG, catalogTools } from "../catalog";
import type { Db } from "../db/client";
import type { CacheMode } from "../gateway/call";
import { VerificationEngine, type GraphCaller } from "./engine";
import { TRANSIENT_ERROR_CODES } from "../upstream/result";
import { probeOrder, reverifyOrder, verifyOrder } from "./plan";
import {
  bumpVersionIfChanged,
  currentVersion,
  edgeStatusSchema,
  listEdges,
  recordEvidence,
  saveCandidates,
  toolProbeTimes,
  toolsFailing,
  toolsInDrift,
  updateJob,
  type EdgeRow,
  type JobProgress,
  type JobRow,
} from "./store";

export const verifyParamsSchema = z.object({
  /** Upstream calls this run may spend. */
  budget: z.number().int().min(1).max(100_000).default(2000),
  /** Sampled source values tried per edge. */
  k: z.number().int().min(1).max(10).default(3),
  /** Share of tries that must return data for an edge to be verified. */
  share: z.number().gt(0).max(1).default(0.66),
  seed: z.string().max(100).default("edge"),
  /** Which edges to try. */
  statuses: z.array(edgeStatusSchema).min(1).default(["candidate", "inconclusive", "untested", "stale"]),
  /** Only edges from or to these tools. */
  tools: z.array(z.string().min(1)).max(200).optional(),
  /** Only these edges (`<from>-><to>`). */
  edges: z.array(z.string().min(1)).max(1000).optional(),
  /** Ask the upstreams again instead of using cached answers (re-verifying verified edges). */
  fresh: z.boolean().default(false),
}).strict();
export type VerifyParams = z.infer<typeof verifyParamsSchema>;

export const buildParamsSchema = z.object({ seed: z.string().max(100).default("edge") }).strict();

const LOCAL_TOOLS = new Set([...CATALOG.values()].filter((t) => t.kind === "local").map((t) => t.name));

export function newEngine(db: Db, caller: GraphCaller, params: { k: number; share: number; seed: string }, cache: CacheMode = "default"): VerificationEngine {
  return new VerificationEngine(db, caller, { rule: { k: params.k, share: params.share }, cache, seed: params.seed, now: () => Date.now() });
}

function emptyProgress(phase: string): JobProgress {
  return { phase, total: 0, done: 0, upstreamCalls: 0, naiveCalls: 0, verdicts: {} };
}

/** The job ended (was cancelled) while it ran: it stops without changing anything more. */
export class JobEnded extends Error {
  constructor(jobId: string) {
    super(`graph job ${jobId} ended while it ran`);
    this.name = "JobEnded";
  }
}

/** Seeds every tool and saves the scored candidates. */
export async function runBuild(db: Db, engine: VerificationEngine, job: JobRow): Promise<JobProgress> {
  const progress = emptyProgress("seeding");
  await updateJob(db, job.id, { status: "running", progress }, Date.now());
  const candidates = await engine.buildCandidates(async (done, total) => {
    progress.done = done;
    progress.total = total;
    progress.upstreamCalls = engine.upstreamCalls;
    // After every tool: a build cancelled meanwhile stops here instead of spending more calls.
    if (!(await updateJob(db, job.id, { progress }, Date.now()))) throw new JobEnded(job.id);
  });
  progress.upstreamCalls = engine.upstreamCalls;
  // A build cancelled meanwhile leaves the shared graph as it was.
  if (!(await updateJob(db, job.id, { progress }, Date.now()))) return progress;
  const saved = await saveCandidates(db, candidates, Date.now());
  progress.phase = "candidates saved";
  progress.verdicts = { candidates: candidates.length, added: saved.added, changed: saved.changed, unchanged: saved.unchanged };
  progress.upstreamCalls = engine.upstreamCalls;
  await updateJob(db, job.id, { status: "done", progress }, Date.now());
  return progress;
}

/**
 * Tries edges in order. An edge whose source has too few distinct values yet is put off to the end
 * of the run (other edges' calls add values to the source); tried again there, it is recorded
 * whatever it gives. With `deferOnly` (the scheduled run) it is skipped instead: that run's pools
 * are too small to judge it, and a status is never changed for want of values.
 */
async function tryEdges(db: Db, engine: VerificationEngine, edges: readonly EdgeRow[], budget: number, progress: JobProgress, k: number, deadline: number, onEdge: () => Promise<void>, deferOnly = false): Promise<"done" | "budget" | "time"> {
  const version = await currentVersion(db);
  const queue = [...edges.filter((e) => !engine.deferred.has(e.id)), ...edges.filter((e) => engine.deferred.has(e.id))];
  for (const edge of queue) {
    if (engine.upstreamCalls >= budget) return "budget";
    if (Date.now() > deadline) return "time";
    const before = engine.upstreamCalls;
    const evidence = await engine.verifyEdge(edge);
    evidence.upstreamCalls = engine.upstreamCalls - before;
    if (evidence.starved && (deferOnly || !engine.deferred.has(edge.id))) {
      engine.deferred.add(edge.id);
      if (!deferOnly) queue.push(edge);
      continue;
    }
    await recordEvidence(db, edge.id, evidence, version, Date.now());
    progress.done++;
    progress.naiveCalls += 2 * k;
    progress.upstreamCalls = engine.upstreamCalls;
    progress.verdicts[evidence.verdict] = (progress.verdicts[evidence.verdict] ?? 0) + 1;
    await onEdge();
  }
  return "done";
}

/**
 * One slice of a verify job (the job object calls it again until it is done). Returns whether
 * the job is finished.
 */
export async function runVerifySlice(db: Db, engine: VerificationEngine, job: JobRow, sliceMs: number): Promise<boolean> {
  const params = verifyParamsSchema.parse(job.params);
  const first = job.progress.phase === "queued";
  const progress = first ? emptyProgress("verifying") : job.progress;
  // An edge checked since the job began was tried by an earlier slice of it.
  const only = params.tools ? new Set(params.tools) : null;
  const onlyEdges = params.edges ? new Set(params.edges) : null;
  const todo = verifyOrder(await listEdges(db, { status: params.statuses }), LOCAL_TOOLS).filter(
    (e) => (e.checkedAt === null || e.checkedAt < job.createdAt) && (!only || only.has(e.fromTool) || only.has(e.toTool)) && (!onlyEdges || onlyEdges.has(e.id)),
  );
  if (first) progress.total = todo.length;
  engine.upstreamCalls = progress.upstreamCalls;
  let counter = 0;
  const result = await tryEdges(db, engine, todo, params.budget, progress, params.k, Date.now() + sliceMs, async () => {
    // Every fifth edge: a job cancelled meanwhile stops here rather than at the end of its slice.
    if (++counter % 5 === 0 && !(await updateJob(db, job.id, { status: "running", progress }, Date.now()))) throw new JobEnded(job.id);
  });
  if (result === "time") {
    await updateJob(db, job.id, { status: "running", progress }, Date.now());
    return false;
  }
  await bumpVersionIfChanged(db, Date.now());
  progress.phase = result === "budget" ? "budget exhausted" : "done";
  await updateJob(db, job.id, { status: result === "budget" ? "budget_exhausted" : "done", progress }, Date.now());
  return true;
}

export interface ReverifyReport {
  probed: number;
  drifted: string[];
  tried: number;
  upstreamCalls: number;
  verdicts: Record<string, number>;
  version: number;
}

/**
 * The scheduled run: probe the tools' shapes (fresh answers, oldest probe first, within part of
 * the budget), then re-try edges in reverifyOrder with fresh answers until the budget is spent.
 */
export async function runReverify(db: Db, engine: VerificationEngine, budget: number): Promise<ReverifyReport> {
  const upstreamTools = [...catalogTools()].filter((t) => t.kind === "upstream").map((t) => t.name);
  const probeBudget = Math.ceil(budget * 0.5);
  let probed = 0;
  // Tools in drift, and tools whose latest answer failed, first: a recovery, or a failure that lasts, is seen at once.
  const watched = new Set([...(await toolsInDrift(db)), ...(await toolsFailing(db, TRANSIENT_ERROR_CODES, Date.now()))]);
  for (const name of probeOrder(upstreamTools, await toolProbeTimes(db), watched)) {
    if (engine.upstreamCalls >= probeBudget) break;
    if (await engine.probe(name, "no-cache")) probed++;
  }
  const drifted = new Set(engine.drift.map((d) => d.tool));
  const edges = reverifyOrder(await listEdges(db), drifted);
  const progress = emptyProgress("reverify");
  await tryEdges(db, engine, edges, budget, progress, 1, Number.POSITIVE_INFINITY, async () => undefined, true);
  const version = await bumpVersionIfChanged(db, Date.now());
  return { probed, drifted: [...drifted], tried: progress.done, upstreamCalls: engine.upstreamCalls, verdicts: progress.verdicts, version };
}
