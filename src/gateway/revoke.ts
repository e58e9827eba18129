/**
 * Revoking a team stops what it left running: its graph jobs, synthesis jobs (and their walks) and
 * benchmark runs are cancelled, and its dashboard sessions end. Its token stops working at once
 * (see `revokeTeam`); without this its objects would go on calling upstreams on the shared keys.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { benchRuns, graphJobs, synthJobs, webSessions } from "../db/schema";

const LIVE = ["queued", "running"];

export interface StoppedWork {
  graphJobs: number;
  synthJobs: number;
  benchRuns: number;
}

export async function stopTeamWork(env: Env, db: Db, teamId: string): Promise<StoppedWork> {
  const [graph, synth, bench] = await Promise.all([
    db.select({ id: graphJobs.id }).from(graphJobs).where(and(eq(graphJobs.teamId, teamId), inArray(graphJobs.status, LIVE))).all(),
    db.select({ id: synthJobs.id }).from(synthJobs).where(and(eq(synthJobs.teamId, teamId), inArray(synthJobs.status, LIVE))).all(),
    db.select({ id: benchRuns.id }).from(benchRuns).where(and(eq(benchRuns.teamId, teamId), inArray(benchRuns.status, LIVE))).all(),
  ]);
  await Promise.all([
    ...graph.map((j) => env.GRAPH_JOB.get(env.GRAPH_JOB.idFromName(j.id)).cancel(j.id)),
    ...synth.map((j) => env.SYNTH_JOB.get(env.SYNTH_JOB.idFromName(j.id)).cancel()),
    ...bench.map((r) => env.BENCH_RUN.get(env.BENCH_RUN.idFromName(r.id)).cancel()),
    db.delete(webSessions).where(eq(webSessions.teamId, teamId)),
  ]);
  return { graphJobs: graph.length, synthJobs: synth.length, benchRuns: bench.length };
}
