/** The scheduled re-verification: within GRAPH_CRON_BUDGET calls, as the graph's owner team. */
import { z } from "zod";
import { dbOf } from "../db/client";
import { gatewayCaller } from "./engine";
import { graphOwner, newEngine, runReverify, type ReverifyReport } from "./jobs";

const budgetSchema = z.coerce.number().int().positive().catch(150);

export async function scheduledReverify(env: Env, waitUntil: (work: Promise<unknown>) => void): Promise<ReverifyReport | null> {
  const db = dbOf(env.DB);
  const owner = await graphOwner(db);
  if (!owner) return null;
  const caller = gatewayCaller({ env, db, team: { id: owner, name: "" }, waitUntil });
  const engine = newEngine(db, caller, { k: 2, share: 0.5, seed: `cron-${new Date().toISOString().slice(0, 13)}` }, "no-cache");
  const report = await runReverify(db, engine, budgetSchema.parse(env.GRAPH_CRON_BUDGET));
  console.log(`graph re-verification: probed ${report.probed}, drift in ${report.drifted.length} tools, tried ${report.tried} edges, ${report.upstreamCalls} calls, version ${report.version}`);
  return report;
}
