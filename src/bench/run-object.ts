/**
 * One Durable Object per benchmark run. Its alarm runs the run in slices: each slice lists the
 * attempts not yet stored in D1, runs them with at most `concurrency` in flight, stores each one
 * (trajectory and score) the moment it finishes, and sets the next alarm. A watchdog alarm is set
 * at the start of every slice, so a run whose object is evicted or restarted mid-slice resumes by
 * itself; attempts already stored are never run again (those in flight when it died are).
 *
 * The model's API key and Access secret are the only secrets a run holds. They live in this
 * object's storage alone, AES-GCM-encrypted under MASTER_KEY (so a restart can resume the run), and
 * are deleted when the run ends; D1, responses and logs only ever see whether they were given.
 */
import { DurableObject } from "cloudflare:workers";
import { dbOf, type Db } from "../db/client";
import { decryptSecret, encryptSecret } from "../gateway/secrets";
import { findSnapshot } from "../gateway/snapshots";
import { abstentionTask } from "./abstention";
import { executeGold, runKopaAttempt, runRequestAttempt, type GatewayMode } from "./attempt";
import { bfclEntry } from "./bfcl/data";
import { runBfclAttempt } from "./bfcl/score";
import { ModelClient, modelSecretsSchema, type ModelSecrets } from "./model";
import { scoreAttempt, summaryOf, unscorableScore } from "./results";
import { finishedAttempts, getGold, getRun, loadTasks, putGold, saveAttempt, updateRun, type AttemptRow, type GoldRow, type RunRow } from "./store";
import type { BenchTask } from "./task";
import type { Trajectory } from "./trajectory";
import { pinnableUpstream, pinSandboxClock, worldCaller } from "./world";
import { runtimeNow } from "../time/runtime-clock";

const SLICE_MS = 30_000;
/** How long after a slice's deadline the watchdog resumes a run whose slice died. */
const WATCHDOG_MS = 60_000;
/** Slices in a row that store nothing but hit internal errors before the run is failed. */
const MAX_BARREN_SLICES = 3;
/**
 * Model errors in a row, with no attempt answered before them, after which the run fails: a dead
 * or misaddressed model server ends the run loudly instead of finishing at pass@1 = 0.
 */
const DEAD_SERVER_ATTEMPTS = 3;
/** Model errors in a row after which a server that did answer earlier is taken to have died. */
const DIED_SERVER_ATTEMPTS = 8;

export interface RunProgress {
  inFlight: string[];
}

export async function sealSecrets(masterKey: string, secrets: ModelSecrets): Promise<string | null> {
  return secrets.apiKey || secrets.access ? encryptSecret(masterKey, JSON.stringify(secrets)) : null;
}

interface Work {
  itemId: string;
  attempt: number;
}

export class BenchRun extends DurableObject<Env> {
  private slicing = false;
  private cancelled = false;
  private readonly inFlight = new Set<string>();
  private readonly gold = new Map<string, Promise<GoldRow>>();
  private barren = 0;
  private runId: string | null = null;
  /** Model errors in a row (this instance's count; a restart starts it again). */
  private modelErrorsInARow = 0;
  private lastModelError: string | null = null;

  /** Starts (or, called again, resumes) the run. */
  async start(runId: string, sealedSecrets: string | null): Promise<void> {
    await this.ctx.storage.put("run", runId);
    if (sealedSecrets) await this.ctx.storage.put("secrets", sealedSecrets);
    await this.ctx.storage.setAlarm(runtimeNow());
  }

  async progress(): Promise<RunProgress> {
    return { inFlight: [...this.inFlight].sort() };
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    const runId = await this.ctx.storage.get<string>("run");
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.delete("secrets");
    if (runId) await updateRun(dbOf(this.env.DB), runId, { status: "cancelled" });
  }

  override async alarm(): Promise<void> {
    // One slice at a time: a watchdog alarm firing during a long slice must not start another.
    if (this.slicing) return;
    this.slicing = true;
    try {
      await this.slice();
    } catch (error) {
      // The slice could not even start (D1 unreachable, secrets unreadable …). Workers logs and
      // retries a failed alarm with backoff; after a few failures in a row the run is failed instead.
      this.barren++;
      if (this.barren < MAX_BARREN_SLICES || this.runId === null) throw error;
      await updateRun(dbOf(this.env.DB), this.runId, { status: "failed", error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : "error" });
      await this.ctx.storage.delete("secrets");
    } finally {
      this.slicing = false;
    }
  }

  private async stillCurrent(): Promise<boolean> {
    try {
      return (await this.ctx.storage.get<string>("run")) !== undefined;
    } catch {
      return false;
    }
  }

  private async secrets(): Promise<ModelSecrets> {
    const sealed = await this.ctx.storage.get<string>("secrets");
    return sealed ? modelSecretsSchema.parse(JSON.parse(await decryptSecret(this.env.MASTER_KEY, sealed))) : {};
  }

  private async finish(db: Db, run: RunRow, status: "done" | "failed", error: string | null = null): Promise<void> {
    const summary = await summaryOf(db, run);
    await updateRun(db, run.id, { status, summary, ...(error ? { error } : {}) });
    await this.ctx.storage.delete("secrets");
    await this.ctx.storage.deleteAlarm();
  }

  private async slice(): Promise<void> {
    const runId = await this.ctx.storage.get<string>("run");
    if (!runId) return;
    this.runId = runId;
    const db = dbOf(this.env.DB);
    const run = await getRun(db, runId);
    if (!run || (run.status !== "queued" && run.status !== "running")) {
      await this.ctx.storage.delete("secrets");
      return;
    }
    const deadline = runtimeNow() + SLICE_MS;
    await this.ctx.storage.setAlarm(deadline + WATCHDOG_MS);
    if (run.status === "queued") await updateRun(db, run.id, { status: "running" });

    const stored = await finishedAttempts(db, run.id);
    const todo: Work[] = [];
    for (let attempt = 0; attempt < run.params.n; attempt++) {
      for (const itemId of run.items) if (!stored.has(`${itemId}#${attempt}`)) todo.push({ itemId, attempt });
    }
    if (todo.length === 0) return this.finish(db, run, "done");

    const model = new ModelClient(run.endpoint, await this.secrets(), run.params.decoding, { timeoutMs: run.params.timeoutMs, retries: run.params.retries, backoffMs: run.params.backoffMs });
    const mode = await this.gatewayMode(db, run);
    const tasks = run.suite === "kopa" ? new Map((await loadTasks(db)).map((t) => [t.task.id, t.task])) : new Map<string, BenchTask>();

    let next = 0;
    let saved = 0;
    let lastError: string | null = null;
    const worker = async () => {
      while (next < todo.length && runtimeNow() < deadline && !this.cancelled) {
        // Storage fails once this instance has been replaced (reset, evicted): stop launching then.
        if (!(await this.stillCurrent())) break;
        const work = todo[next++];
        if (!work) break;
        const key = `${work.itemId}#${work.attempt}`;
        this.inFlight.add(key);
        try {
          // Each sample its own seed: n samples of one item are n draws, not one draw n times.
          const sample = model.withSeed((run.params.decoding.seed ?? 0) + work.attempt);
          if (await this.runOne(db, run, sample, mode, tasks, work)) saved++;
        } catch (error) {
          // Left unstored: the next slice runs it again.
          lastError = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : "error";
          console.error(`bench run ${run.id}: attempt ${key} failed internally (${error instanceof Error ? error.name : "error"})`);
        } finally {
          this.inFlight.delete(key);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(run.params.concurrency, todo.length) }, worker));
    if (this.cancelled) return;

    this.barren = saved === 0 && lastError !== null ? this.barren + 1 : 0;
    if (this.barren >= MAX_BARREN_SLICES) return this.finish(db, run, "failed", lastError);
    const dead = await this.deadServer(db, run);
    if (dead) return this.finish(db, run, "failed", dead);
    const left = todo.length - saved;
    if (left === 0) {
      const latest = await getRun(db, run.id);
      return this.finish(db, latest ?? run, "done");
    }
    await this.ctx.storage.setAlarm(runtimeNow() + (lastError === null ? 0 : 1000));
  }

  /**
   * The gateway as the run sees it: its instant for local tools and, for KOPA-Bench, its pinned
   * world (the sandbox clock set to the run's instant first, so that whatever it records is of
   * that instant). From a frozen snapshot that has an instant, misses are recorded only where the
   * upstream follows the pinned clock; from one without, never.
   */
  private async gatewayMode(db: Db, run: RunRow): Promise<GatewayMode> {
    const deps = { env: this.env, db, team: { id: run.teamId, name: "" }, waitUntil: (work: Promise<unknown>) => this.ctx.waitUntil(work), now: new Date(run.now) };
    if (run.suite !== "kopa" || run.world === null) return { deps, snapshot: run.snapshot };
    const base = run.snapshot ? await findSnapshot(db, run.teamId, run.snapshot).catch(() => null) : null;
    const records = run.snapshot === null ? () => true : base?.at != null ? (tool: string) => pinnableUpstream(this.env, tool) : () => false;
    await pinSandboxClock(this.env, db, run.teamId, new Date(run.now));
    return { deps, snapshot: null, call: worldCaller(deps, { id: run.world, name: `bench-run-${run.id}`, records }) };
  }

  /** Why the run must stop because its model server is not answering, or null. */
  private async deadServer(db: Db, run: RunRow): Promise<string | null> {
    if (this.lastModelError === null) return null;
    const answeredBefore = (await finishedAttempts(db, run.id)).size > this.modelErrorsInARow;
    const limit = answeredBefore ? DIED_SERVER_ATTEMPTS : Math.min(DEAD_SERVER_ATTEMPTS, run.attemptsPlanned);
    if (this.modelErrorsInARow < limit) return null;
    const where = `${run.endpoint.baseUrl} (model ${run.model})`;
    return answeredBefore
      ? `the model server stopped answering: ${this.modelErrorsInARow} attempts in a row failed (${this.lastModelError}) at ${where}`
      : `the model server did not answer: the first ${this.modelErrorsInARow} attempts failed (${this.lastModelError}) at ${where}; is it running and is the URL right?`;
  }

  private countModelReply(trajectory: Trajectory): void {
    if (trajectory.stop === "model_error") {
      this.modelErrorsInARow++;
      this.lastModelError = `${trajectory.modelError?.reason ?? "error"}: ${trajectory.modelError?.message ?? ""}`.trim();
    } else this.modelErrorsInARow = 0;
  }

  private goldFor(db: Db, mode: GatewayMode, run: RunRow, task: BenchTask): Promise<GoldRow> {
    let pending = this.gold.get(task.id);
    if (!pending) {
      pending = (async () => {
        const existing = await getGold(db, run.id, task.id);
        if (existing) return existing;
        const gold = await executeGold(mode, task, new Date(run.now));
        await putGold(db, run.id, gold);
        return gold;
      })();
      // A failed lookup is not remembered: the next attempt tries again.
      pending.catch(() => this.gold.delete(task.id));
      this.gold.set(task.id, pending);
    }
    return pending;
  }

  /** Runs, scores and stores one attempt; false when it was already stored. */
  private async runOne(db: Db, run: RunRow, model: ModelClient, mode: GatewayMode, tasks: ReadonlyMap<string, BenchTask>, work: Work): Promise<boolean> {
    const startedAt = Date.now();
    const row = (status: AttemptRow["status"], trajectory: Trajectory | null): AttemptRow => {
      const steps = trajectory?.steps ?? [];
      return {
        runId: run.id,
        itemId: work.itemId,
        attempt: work.attempt,
        status,
        trajectory,
        steps: steps.length,
        toolCalls: steps.reduce((n, s) => n + s.calls.length, 0),
        modelMs: steps.reduce((n, s) => n + s.modelMs, 0),
        toolMs: steps.reduce((n, s) => n + s.toolMs, 0),
        totalMs: trajectory?.totalMs ?? 0,
        startedAt,
        finishedAt: Date.now(),
      };
    };
    const abstention = run.suite === "kopa" ? abstentionTask(work.itemId) : undefined;
    if (abstention) {
      // No gold plan: the answer is scored on what it says and on what the attempt's own calls returned.
      const trajectory = await runRequestAttempt({ model, mode, request: abstention.request.ko, now: new Date(run.now), maxSteps: run.params.maxSteps, toolResultMaxChars: run.params.toolResultMaxChars, contextChars: run.params.contextChars, toolList: run.params.toolList });
      this.countModelReply(trajectory);
      const attempt = row(trajectory.stop === "model_error" ? "model_error" : "done", trajectory);
      return saveAttempt(db, attempt, scoreAttempt(run, attempt, { tasks, gold: new Map() }));
    }
    if (run.suite === "kopa") {
      const task = tasks.get(work.itemId);
      if (!task) throw new Error(`task ${work.itemId} is not in bench_tasks`);
      const gold = await this.goldFor(db, mode, run, task);
      if (!gold.ok) return saveAttempt(db, row("unscorable", null), unscorableScore(run, work.itemId, work.attempt, gold.reason ?? "gold failed"));
      const trajectory = await runKopaAttempt({ model, mode, task, now: new Date(run.now), maxSteps: run.params.maxSteps, toolResultMaxChars: run.params.toolResultMaxChars, contextChars: run.params.contextChars, toolList: run.params.toolList });
      this.countModelReply(trajectory);
      const attempt = row(trajectory.stop === "model_error" ? "model_error" : "done", trajectory);
      return saveAttempt(db, attempt, scoreAttempt(run, attempt, { tasks, gold: new Map([[task.id, gold]]) }));
    }
    const entry = bfclEntry(work.itemId);
    if (!entry) throw new Error(`no BFCL entry ${work.itemId}`);
    const trajectory = await runBfclAttempt(model, entry);
    this.countModelReply(trajectory);
    const attempt = row(trajectory.stop === "model_error" ? "model_error" : "done", trajectory);
    return saveAttempt(db, attempt, scoreAttempt(run, attempt, { tasks, gold: new Map() }));
  }
}
