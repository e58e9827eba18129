/**
 * The scheduled re-verification: within GRAPH_CRON_BUDGET calls, as the operator — with the
 * operator's configured keys, whichever team started the last job. It runs once the graph has been
 * verified at all (before that there is nothing to re-verify).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { dbOf } from "../db/client";
import { graphJobs } from "../db/schema";
import { OPERATOR } from "../gateway/teams";
import { gatewayCaller } from "./engine";
import { newEngine, runReverify, type ReverifyReport } from "./jobs";

const budgetSchema = z.coerce.number().int().positive().catch(150);

export async function scheduledReverify(env: Env, waitUntil: (work: Promise<unknown>) => void): Promise<ReverifyReport | null> {
  const db = dbOf(env.DB);
  const verified = await db.select({ id: graphJobs.id }).from(graphJobs).where(eq(graphJobs.kind, "verify")).limit(1).get();
  if (!verified) return null;
  const caller = gatewayCaller({ env, db, team: OPERATOR, waitUntil });
  const engine = newEngine(db, caller, { k: 2, share: 0.5, seed: `cron-${new Date().toISOString().slice(0, 13)}` }, "no-cache");
  const report = await runReverify(db, engine, budgetSchema.parse(env.GRAPH_CRON_BUDGET));
  console.log(`graph re-verification: probed ${report.probed}, drift in ${report.drifted.length} tools, tried ${report.tried} edges, ${report.upstreamCalls} calls, version ${report.version}`);
  return report;
}
