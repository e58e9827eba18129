/**
 * One Durable Object per synthesis job. It samples walk plans over the verified graph, fans them
 * out to SynthWalk objects with a concurrency bound, and collects their reports: each finished
 * walk becomes an example, kept or rejected by the filters (including near-duplicates and any
 * overlap with KOPA-Bench). Its state (sampler usage, walks in flight) lives in its storage, so a
 * job resumes after eviction; it stops at its target, its call budget, or when no new plan exists.
 */
import { toolProvider } from "../catalog";
import { IMPORTED_PROVIDER_PREFIX } from "../catalog/import/model";
import { loadCatalog } from "../catalog/import/sync";
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import type { Shape } from "../bench/task";
import { BENCH_TASKS } from "../bench/tasks";
import { dbOf } from "../db/client";
import { listEdges } from "../graph/store";
import { rejectionOf } from "./example";
import type { SynthExample } from "./example-schema";
import { IntentSampler, routesOver, type Route } from "./intent-plan";
import { walkInstant } from "./instants";
import type { GraphEdge, Usage } from "./plan";
import { emptySynthProgress, getSynthJob, insertExample, synthProgressSchema, updateSynthJob, type SynthJobRow, type SynthProgress } from "./store";
import type { WalkReport } from "./walk-object";
import { runtimeNow } from "../time/runtime-clock";

const storedSchema = z.object({
  jobId: z.string(),
  /** The writer's secrets, sealed under MASTER_KEY (never in D1). */
  sealed: z.string().nullable(),
  /** Authoritative progress; D1 holds a copy for readers. */
  progress: synthProgressSchema,
  inFlight: z.array(z.string()),
  /** Walks waiting for a quota to reset: not counted against the concurrency bound. */
  parked: z.array(z.string()),
  spawned: z.number().int(),
  exhausted: z.array(z.string()),
  usage: z.object({
    edges: z.array(z.tuple([z.string(), z.number()])),
    kept: z.array(z.tuple([z.string(), z.number()])).default([]),
    tools: z.array(z.tuple([z.string(), z.number()])),
    seen: z.array(z.tuple([z.string(), z.number()])),
  }),
  /** Per shape: walks kept or in flight, plus a quarter for each one not kept (see fill). */
  shapeCounts: z.record(z.string(), z.number()),
  /** The shape of each walk in flight or parked, so its outcome is counted against it. */
  walkShapes: z.record(z.string(), z.string()).default({}),
});
type Stored = z.infer<typeof storedSchema>;

/** How often a running job checks on its walks. */
const WATCH_MS = 20_000;

const BENCH_REQUESTS = new Set(BENCH_TASKS.map((t) => t.request.ko.trim()));
const BENCH_PLANS = new Set(BENCH_TASKS.map((t) => JSON.stringify(t.plan.map((s) => [s.tool, s.args]))));

/** A synthetic example may not repeat a benchmark request or its exact plan. */
function leaksIntoBenchmark(example: SynthExample): boolean {
  return BENCH_REQUESTS.has(example.request.text.trim()) || BENCH_PLANS.has(JSON.stringify(example.reference.plan.map((s) => [s.tool, s.args])));
}

export class SynthJob extends DurableObject<Env> {
  private stored: Stored | null = null;
  /** Walk reports arrive concurrently; one fill runs at a time and another follows if asked for. */
  private filling = false;
  private refill = false;
  private watched: number | null = null;
  /** Walks in flight found empty at the last watch. */
  private readonly empty = new Set<string>();
  /**
   * Signatures of kept examples, each under a key of its own ("sig:<sha-256>"): kept in the job's
   * one stored object they made every save as large as the dataset so far, and a thousand-example
   * job spent most of its time rewriting them.
   */
  private signatures: Set<string> | null = null;
  /** The job's verified edges and the routes over them, read once: the graph a job walks does not change under it. */
  private routes: { edges: GraphEdge[]; routes: Route[] } | null = null;
  /** Reports whose example is still being written (stored progress and D1 row not yet both done). */
  private writing = 0;

  private async keptSignatures(): Promise<Set<string>> {
    if (!this.signatures) this.signatures = new Set((await this.ctx.storage.list<true>({ prefix: "sig:" })).keys());
    return this.signatures;
  }

  private async load(): Promise<Stored | null> {
    if (this.stored) return this.stored;
    const raw = await this.ctx.storage.get("job");
    this.stored = raw ? storedSchema.parse(raw) : null;
    return this.stored;
  }

  private async save(stored: Stored): Promise<void> {
    this.stored = stored;
    await this.ctx.storage.put("job", stored);
  }

  async start(jobId: string, sealed: string | null): Promise<void> {
    if (await this.load()) return;
    await this.save({ jobId, sealed, progress: emptySynthProgress(), inFlight: [], parked: [], spawned: 0, exhausted: [], usage: { edges: [], kept: [], tools: [], seen: [] }, shapeCounts: {}, walkShapes: {} });
    await this.ctx.storage.setAlarm(runtimeNow());
  }

  async cancel(): Promise<void> {
    const stored = await this.load();
    if (!stored) return;
    await this.ctx.storage.deleteAlarm();
    await updateSynthJob(dbOf(this.env.DB), stored.jobId, { status: "cancelled" }, Date.now());
    await this.stopWalks(stored, [...stored.inFlight, ...stored.parked], "cancelled: the job was cancelled");
  }

  /** Walks of a job that ended stop where they are: none may add to a finished or cancelled dataset. */
  private async stopWalks(stored: Stored, walkIds: readonly string[], reason: string): Promise<void> {
    if (walkIds.length === 0) return;
    await Promise.all(walkIds.map((walkId) => this.env.SYNTH_WALK.get(this.env.SYNTH_WALK.idFromName(walkId)).stop(reason)));
    stored.inFlight = stored.inFlight.filter((id) => !walkIds.includes(id));
    stored.parked = stored.parked.filter((id) => !walkIds.includes(id));
    stored.progress.running = stored.inFlight.length;
    stored.progress.parked = stored.parked.length;
    await this.save(stored);
  }

  /** Whether the job still takes walks' reports (it did not end meanwhile). */
  private async live(jobId: string): Promise<boolean> {
    const job = await getSynthJob(dbOf(this.env.DB), jobId);
    return job !== null && ["queued", "running"].includes(job.status);
  }

  /** Fills, then keeps watch over walks in flight (a lost report or alarm must not stall the job). */
  override async alarm(): Promise<void> {
    await this.fill();
    const stored = await this.load();
    if (!stored) return;
    const job = await getSynthJob(dbOf(this.env.DB), stored.jobId);
    if (!job || !["queued", "running"].includes(job.status)) return;
    if ((this.watched ?? 0) > 0) {
      for (const walkId of [...stored.inFlight]) {
        const known = await this.env.SYNTH_WALK.get(this.env.SYNTH_WALK.idFromName(walkId)).poke();
        // Empty at two watches in a row: its start was lost, so it would never report.
        if (!known && this.empty.has(walkId)) await this.walkLost(walkId, "lost: the walk never started");
        else if (!known) this.empty.add(walkId);
        else this.empty.delete(walkId);
      }
    }
    this.watched = (this.watched ?? 0) + 1;
    await this.ctx.storage.setAlarm(runtimeNow() + WATCH_MS);
  }

  /** Spawns walks until the concurrency bound, the target or the budget is reached. */
  private async fill(): Promise<void> {
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = true;
    try {
      do {
        this.refill = false;
        await this.fillOnce();
      } while (this.refill);
    } finally {
      this.filling = false;
    }
  }

  private async fillOnce(): Promise<void> {
    const stored = await this.load();
    if (!stored) return;
    const db = dbOf(this.env.DB);
    const job = await getSynthJob(db, stored.jobId);
    if (!job || !["queued", "running"].includes(job.status)) return;
    const params = job.params;
    const progress = stored.progress;
    const usage: Usage = { edges: new Map(stored.usage.edges), kept: new Map(stored.usage.kept), tools: new Map(stored.usage.tools), seen: new Map(stored.usage.seen) };
    const allowed = params.providers ? new Set<string>(params.providers) : null;
    const fits = (tool: string) => {
      // Local and imported tools are always allowed: the filter names built-in providers.
      const provider = toolProvider(tool);
      return allowed === null || provider === null || provider.startsWith(IMPORTED_PROVIDER_PREFIX) || allowed.has(provider);
    };
    if (!this.routes) {
      // Imported tools take part: their specs (and so their intents) are read before planning.
      await loadCatalog(db);
      const edges: GraphEdge[] = (await listEdges(db, { status: ["verified"] }))
        .filter((e) => fits(e.fromTool) && fits(e.toTool))
        .map((e) => ({ id: e.id, from: e.fromTool, to: e.toTool, bindings: e.bindings }));
      this.routes = { edges, routes: routesOver(edges) };
    }
    const sampler = new IntentSampler({ ...this.routes, usage, seed: `${params.seed}|${stored.spawned}`, ...(params.prefer ? { prefer: new Set(params.prefer) } : {}) });
    const shapes = params.shapes.filter((s) => !stored.exhausted.includes(s));

    while (stored.inFlight.length < params.concurrency && progress.kept + stored.inFlight.length < params.target && progress.upstreamCalls < params.budget && shapes.length > 0) {
      // The shape kept least so far goes next, so the kept examples stay balanced even where one
      // shape's walks are rejected more often; a rejected walk still weighs a quarter, so a shape
      // that keeps failing cannot take every slot.
      const shape = [...shapes].sort((a, b) => (stored.shapeCounts[a] ?? 0) - (stored.shapeCounts[b] ?? 0))[0] as Shape;
      const plan = sampler.sample(shape);
      if (!plan) {
        stored.exhausted.push(shape);
        shapes.splice(shapes.indexOf(shape), 1);
        continue;
      }
      const walkId = `${stored.jobId}-${++stored.spawned}`;
      // Its own instant: spread over the year before the job started (the sandbox answers as of
      // it), or now; from the job's seed and the walk's number, so a resumed job keeps its instants.
      const now = walkInstant(params.instants ?? "now", params.seed, stored.spawned, job.createdAt, Date.now());
      stored.inFlight.push(walkId);
      stored.shapeCounts[shape] = (stored.shapeCounts[shape] ?? 0) + 1;
      stored.walkShapes[walkId] = shape;
      progress.planned++;
      stored.usage = { ...stored.usage, edges: [...usage.edges], tools: [...usage.tools], seen: [...usage.seen] };
      await this.save(stored);
      try {
        await this.env.SYNTH_WALK.get(this.env.SYNTH_WALK.idFromName(walkId)).start(walkId, {
          plan,
          jobId: stored.jobId,
          teamId: job.teamId,
          snapshot: params.snapshot ?? null,
          now,
          steps: [],
          status: "running",
          reason: null,
          retries: 0,
          upstreamCalls: 0,
          ...(params.writer ? { writer: { ...params.writer, sealed: stored.sealed } } : {}),
        });
      } catch (error) {
        // The walk cannot start now (an overloaded or resetting object): count it and let the next
        // report or watch fill again, rather than keep waiting for a walk that does not exist.
        console.error(`synthesis job ${stored.jobId}: walk ${walkId} did not start (${error instanceof Error ? error.name : "error"})`);
        stored.inFlight = stored.inFlight.filter((id) => id !== walkId);
        this.countOutcome(stored, walkId, false);
        progress.done++;
        progress.failed["spawn"] = (progress.failed["spawn"] ?? 0) + 1;
        break;
      }
    }
    progress.running = stored.inFlight.length;
    await this.save(stored);
    const status = this.writing > 0 ? null : finalStatus(progress, params, stored, shapes.length);
    await updateSynthJob(db, stored.jobId, { status: status ?? "running", progress }, Date.now());
    // Done with walks still parked on a quota: they would only wake to spend it for nothing.
    if (status !== null) await this.stopWalks(stored, stored.parked, `cancelled: the job ended ${status}`);
  }

  /** A walk's outcome against its shape: it stays counted if kept, else weighs a quarter. */
  private countOutcome(stored: Stored, walkId: string, kept: boolean): void {
    const shape = stored.walkShapes[walkId];
    if (shape === undefined) return;
    delete stored.walkShapes[walkId];
    if (!kept) stored.shapeCounts[shape] = (stored.shapeCounts[shape] ?? 1) - 0.75;
  }

  /** A walk that will never report: reported for it as failed, so the job can finish. */
  private async walkLost(walkId: string, reason: string): Promise<void> {
    this.empty.delete(walkId);
    console.error(`synthesis job ${this.stored?.jobId ?? ""}: walk ${walkId} ${reason}`);
    await this.walkFinished({ walkId, status: "failed", reason, upstreamCalls: 0, calls: 0, example: null });
  }

  /** A walk waits for a quota reset: others may go on meanwhile. */
  async walkParked(walkId: string, untilMs: number): Promise<void> {
    const stored = await this.load();
    if (!stored || !stored.inFlight.includes(walkId)) return;
    if (!(await this.live(stored.jobId))) {
      await this.stopWalks(stored, [walkId], "cancelled: the job has ended");
      return;
    }
    stored.inFlight = stored.inFlight.filter((id) => id !== walkId);
    stored.parked.push(walkId);
    stored.progress.running = stored.inFlight.length;
    stored.progress.parked = stored.parked.length;
    await this.save(stored);
    console.log(`synthesis job ${stored.jobId}: walk parked until ${new Date(untilMs).toISOString()} (quota)`);
    await this.fill();
  }

  /** A walk finished: decide its example (kept or rejected) at once, store it, spawn the next walks. */
  async walkFinished(report: WalkReport): Promise<void> {
    const stored = await this.load();
    if (!stored || !(stored.inFlight.includes(report.walkId) || stored.parked.includes(report.walkId))) return;
    // A job that ended (done, cancelled) takes no more examples, whenever a walk comes back.
    if (!(await this.live(stored.jobId))) {
      await this.stopWalks(stored, [report.walkId], "cancelled: the job has ended");
      return;
    }
    const signatures = await this.keptSignatures();
    const signatureKey = report.example ? `sig:${await sha256(report.example.signature)}` : null;
    if (!(stored.inFlight.includes(report.walkId) || stored.parked.includes(report.walkId))) return;
    // Everything from here up to the first await is synchronous, so concurrent reports cannot interleave.
    stored.inFlight = stored.inFlight.filter((id) => id !== report.walkId);
    stored.parked = stored.parked.filter((id) => id !== report.walkId);
    const progress = stored.progress;
    progress.parked = stored.parked.length;
    progress.done++;
    progress.running = stored.inFlight.length;
    progress.upstreamCalls += report.upstreamCalls;
    progress.calls += report.calls;
    let rejection: string | null = null;
    if (report.example === null) {
      const reason = (report.reason ?? "failed").split(":")[0] ?? "failed";
      progress.failed[reason] = (progress.failed[reason] ?? 0) + 1;
    } else {
      rejection = rejectionOf(report.example);
      if (!rejection && leaksIntoBenchmark(report.example)) rejection = "leakage: repeats a KOPA-Bench task";
      if (!rejection && signatureKey !== null && signatures.has(signatureKey)) rejection = "duplicate: same tools and arguments as a kept example";
      if (rejection) {
        const kind = rejection.split(":")[0] ?? "rejected";
        progress.rejected[kind] = (progress.rejected[kind] ?? 0) + 1;
      } else {
        progress.kept++;
        if (signatureKey !== null) signatures.add(signatureKey);
        const kept = new Map(stored.usage.kept);
        for (const route of report.routes ?? []) kept.set(route, (kept.get(route) ?? 0) + 1);
        stored.usage.kept = [...kept];
        progress.madeBy[report.example.request.madeBy] = (progress.madeBy[report.example.request.madeBy] ?? 0) + 1;
      }
    }
    this.countOutcome(stored, report.walkId, report.example !== null && rejection === null);
    const db = dbOf(this.env.DB);
    // While an example is being written the job is not done: an export read at "done" would miss it.
    this.writing++;
    try {
      await this.save(stored);
      try {
        if (report.example) await insertExample(db, report.example, rejection, report.upstreamCalls, Date.now());
        if (!rejection && signatureKey !== null) await this.ctx.storage.put(signatureKey, true);
      } catch (error) {
        // The walk is accounted for either way; a failed write must not stall the job.
        console.error(`synthesis job ${stored.jobId}: example ${report.walkId} not stored (${error instanceof Error ? error.name : "error"})`);
        if (!rejection) progress.kept--;
        if (!rejection && signatureKey !== null) signatures.delete(signatureKey);
        progress.failed["storage"] = (progress.failed["storage"] ?? 0) + 1;
        await this.save(stored);
      }
    } finally {
      this.writing--;
    }
    await updateSynthJob(db, stored.jobId, { progress }, Date.now());
    await this.fill();
  }
}

function finalStatus(progress: SynthProgress, params: SynthJobRow["params"], stored: Stored, shapesLeft: number): SynthJobRow["status"] | null {
  if (stored.inFlight.length > 0) return null;
  if (progress.kept >= params.target) return "done";
  // Walks parked on a quota may still finish: the job waits for them unless it reached its target.
  if (stored.parked.length > 0) return null;
  if (progress.upstreamCalls >= params.budget) return "budget_exhausted";
  if (shapesLeft === 0) return "exhausted_plans";
  return null;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
