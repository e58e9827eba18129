/**
 * One Durable Object per trajectory. Its storage holds the walk: the plan, the steps done with
 * their requests and answers, the picks, retries and the reason for any stop. Each alarm runs one
 * step and stores it before scheduling the next, so an evicted or restarted object resumes where
 * it was: no step is lost or run twice. A finished walk reports to its job.
 */
import { loadCatalog } from "../catalog/import/sync";
import { DurableObject } from "cloudflare:workers";
import { dbOf } from "../db/client";
import { gatewayCaller, type GraphCaller } from "../graph/engine";
import { advance } from "./advance";
import { ModelClient, modelSecretsSchema } from "../bench/model";
import { decryptSecret } from "../gateway/secrets";
import { buildExample } from "./example";
import type { SynthExample } from "./example-schema";
import { gateOf } from "./gate";
import { solvable, writeAnswer, writeRequest } from "./writer";
import { walkStateSchema, type WalkState } from "./walk";
import { runtimeNow } from "../time/runtime-clock";

/** Steps one alarm runs at most before handing over to the next alarm. */
const STEPS_PER_ALARM = 4;

export interface WalkReport {
  walkId: string;
  status: "done" | "failed";
  reason: string | null;
  upstreamCalls: number;
  calls: number;
  example: SynthExample | null;
  /** The intent routes the walk took (its job counts how many of each are kept). */
  routes?: string[];
}

export class SynthWalk extends DurableObject<Env> {
  /** Starts a walk once; starting it again (a retried fan-out) changes nothing. */
  async start(walkId: string, state: WalkState): Promise<void> {
    if (await this.ctx.storage.get("state")) return;
    await this.ctx.storage.put({ walkId, state });
    await this.ctx.storage.setAlarm(runtimeNow());
  }

  private async load(): Promise<WalkState | null> {
    const raw = await this.ctx.storage.get("state");
    return raw ? walkStateSchema.parse(raw) : null;
  }

  /** The walk as JSON (for progress views and tests; parse it with walkStateSchema). */
  async stateJson(): Promise<string | null> {
    const state = await this.load();
    return state ? JSON.stringify(state) : null;
  }

  /**
   * Its job ended (cancelled, or done while this walk was parked): the walk stops where it is and
   * reports nothing. A step in flight when this arrives is dropped, not stored.
   */
  async stop(reason: string): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.put("stopped", reason);
    const state = await this.load();
    if (state && state.status !== "done" && state.status !== "failed") await this.ctx.storage.put("state", { ...state, status: "failed", reason });
  }

  /** The gateway at the walk's instant: its local tools compute at it and the sandbox answers as of it. */
  private caller(state: WalkState): GraphCaller {
    const at = new Date(state.now);
    return gatewayCaller({ env: this.env, db: dbOf(this.env.DB), team: { id: state.teamId, name: "" }, waitUntil: (work) => this.ctx.waitUntil(work), now: at, asOf: at });
  }

  override async alarm(): Promise<void> {
    const state = await this.load();
    const walkId = await this.ctx.storage.get<string>("walkId");
    if (!state || !walkId || state.status === "done" || state.status === "failed") return;
    if (await this.ctx.storage.get("stopped")) return;
    const caller = this.caller(state);
    let step: Awaited<ReturnType<typeof advance>> = { kind: "continue" };
    // Several steps per alarm (each stored before the next runs, so an eviction still resumes at
    // the right step): a walk of six calls need not wait for six alarms.
    for (let done = 0; step.kind === "continue" && done < STEPS_PER_ALARM; done++) {
      try {
        step = await advance(state, caller, state.snapshot);
      } catch (error) {
        // A fault of ours ends the walk with a reason rather than leaving its job waiting.
        state.status = "failed";
        state.reason = `internal: ${error instanceof Error ? error.name : "error"}`;
        step = { kind: "failed", reason: state.reason };
      }
      if (await this.ctx.storage.get("stopped")) return;
      await this.ctx.storage.put("state", state);
    }
    if (step.kind === "continue") await this.ctx.storage.setAlarm(runtimeNow());
    else if (step.kind === "retry") await this.ctx.storage.setAlarm(runtimeNow() + step.delayMs);
    else if (step.kind === "park") {
      await this.ctx.storage.setAlarm(step.untilMs);
      await this.env.SYNTH_JOB.get(this.env.SYNTH_JOB.idFromName(state.jobId)).walkParked(walkId, step.untilMs);
    }
    else await this.report(walkId, state);
  }

  /**
   * The job's watchdog asks a walk it has not heard from: a finished walk reports again (its report
   * may have been lost), a running one without a pending alarm gets one. False when the walk holds
   * nothing: its start never arrived, and only the job can tell it is lost.
   */
  async poke(): Promise<boolean> {
    const state = await this.load();
    const walkId = await this.ctx.storage.get<string>("walkId");
    if (!state || !walkId) return false;
    if (state.status === "done" || state.status === "failed") await this.report(walkId, state);
    else if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(runtimeNow());
    return true;
  }

  /** With a writer configured, the model writes the request and answer (templates stay if it fails). */
  private async write(example: SynthExample, state: WalkState): Promise<SynthExample> {
    const writer = state.writer;
    if (!writer) return example;
    const secrets = writer.sealed ? modelSecretsSchema.parse(JSON.parse(await decryptSecret(this.env.MASTER_KEY, writer.sealed))) : {};
    const model = new ModelClient(writer.endpoint, secrets, writer.decoding, { timeoutMs: 60_000, retries: 2, backoffMs: 500 });
    const request = await writeRequest(model, state, example);
    const written = request ? { ...example, request: { text: request, madeBy: "model" as const } } : example;
    const answer = await writeAnswer(model, written, written.request.text);
    const candidate = answer ? { ...written, answer: { text: answer, madeBy: "model" as const } } : written;
    // The model's text meets the same gate as the template's; if it fails, the template stays.
    const verdict = gateOf(state, candidate);
    const result = verdict && candidate !== example ? example : candidate;
    if (!writer.solve) return result;
    const caller = this.caller(state);
    const solved = await solvable(model, result, caller, state.snapshot);
    return { ...result, filters: { ...result.filters, solvable: solved ? null : "the model did not find the facts with these tools" } };
  }

  private async report(walkId: string, state: WalkState): Promise<void> {
    let example: SynthExample | null = null;
    let reason = state.reason;
    if (state.status === "done") {
      try {
        // Intents of imported tools are read from their specs, which this isolate may not hold yet.
        await loadCatalog(dbOf(this.env.DB));
        example = await this.write(buildExample(state, walkId), state);
      } catch (error) {
        reason = `internal: example (${error instanceof Error ? error.name : "error"})`;
      }
    }
    const report: WalkReport = {
      walkId,
      status: example ? "done" : "failed",
      reason,
      upstreamCalls: state.upstreamCalls,
      calls: state.steps.filter((s) => !s.skipped).length,
      example,
      routes: state.plan.routes ?? [],
    };
    const job = this.env.SYNTH_JOB.get(this.env.SYNTH_JOB.idFromName(state.jobId));
    await job.walkFinished(report);
  }
}
