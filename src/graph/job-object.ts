/**
 * One Durable Object per graph job. It runs the job in slices driven by its alarm, so a long
 * verification never exceeds one invocation's limits; if the object is evicted the next alarm
 * continues from D1 (edges already tried keep their evidence, the budget spent is in the job row).
 */
import { DurableObject } from "cloudflare:workers";
import { ensureTools, syncCatalog } from "../catalog/import/sync";
import { dbOf } from "../db/client";
import { gatewayCaller } from "./engine";
import type { VerificationEngine } from "./engine";
import { buildParamsSchema, JobEnded, newEngine, runBuild, runVerifySlice, verifyParamsSchema } from "./jobs";
import { getJob, updateJob } from "./store";
import { runtimeNow } from "../time/runtime-clock";

const SLICE_MS = 15_000;

export class GraphJob extends DurableObject<Env> {
  private engine: VerificationEngine | null = null;

  async start(jobId: string): Promise<void> {
    await this.ctx.storage.put("job", jobId);
    await this.ctx.storage.setAlarm(runtimeNow());
  }

  /** Cancels the job (also one whose object never started); a slice still running cannot undo it. */
  async cancel(jobId: string): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await updateJob(dbOf(this.env.DB), jobId, { status: "cancelled" }, Date.now());
  }

  override async alarm(): Promise<void> {
    const jobId = await this.ctx.storage.get<string>("job");
    if (!jobId) return;
    const db = dbOf(this.env.DB);
    await syncCatalog(db);
    await ensureTools(db, "all");
    const job = await getJob(db, jobId);
    if (!job || !["queued", "running"].includes(job.status)) return;
    try {
      const caller = gatewayCaller({ env: this.env, db, team: { id: job.teamId, name: "" }, waitUntil: (work) => this.ctx.waitUntil(work) });
      if (job.kind === "build") {
        const params = buildParamsSchema.parse(job.params);
        await runBuild(db, newEngine(db, caller, { k: 1, share: 1, seed: params.seed }), job);
        return;
      }
      const params = verifyParamsSchema.parse(job.params);
      this.engine ??= newEngine(db, caller, params, params.fresh ? "no-cache" : "default");
      const finished = await runVerifySlice(db, this.engine, job, SLICE_MS);
      if (!finished) await this.ctx.storage.setAlarm(runtimeNow() + 10);
    } catch (error) {
      if (error instanceof JobEnded) return;
      console.error(`graph job ${jobId} failed: ${error instanceof Error ? error.name : "error"}`);
      await updateJob(db, jobId, { status: "failed", error: error instanceof Error ? error.message.slice(0, 500) : "failed" }, Date.now());
    }
  }
}
