/** Which edges a run tries, and in what order. Pure functions over plain rows. */
import type { EdgeStatus } from "./store";

export interface PlanEdge {
  id: string;
  fromTool: string;
  toTool: string;
  status: EdgeStatus;
  score: number;
  checkedAt: number | null;
}

/** A verification run: edges into local tools first (free, and they give the local tools real inputs), then by score. */
export function verifyOrder<E extends PlanEdge>(edges: readonly E[], localTools: ReadonlySet<string>): E[] {
  return [...edges].sort((a, b) => Number(localTools.has(b.toTool)) - Number(localTools.has(a.toTool)) || b.score - a.score || a.id.localeCompare(b.id));
}

/**
 * A re-verification run: stale edges, then every edge touching a tool whose shape changed
 * (rejected ones too, so that an edge that works again recovers), then inconclusive and untested edges, then
 * verified edges with the oldest evidence. Candidates are left to verification runs.
 */
export function reverifyOrder<E extends PlanEdge>(edges: readonly E[], drifted: ReadonlySet<string>): E[] {
  const rank = (e: E): number => {
    if (e.status === "stale") return 0;
    if (drifted.has(e.fromTool) || drifted.has(e.toTool)) return 1;
    if (e.status === "inconclusive" || e.status === "untested") return 2;
    if (e.status === "verified") return 3;
    return 9;
  };
  return edges
    .filter((e) => rank(e) < 9)
    .sort((a, b) => rank(a) - rank(b) || (a.checkedAt ?? 0) - (b.checkedAt ?? 0) || a.id.localeCompare(b.id));
}

/**
 * Tools to probe for drift: the watched ones first (in drift or failing, so a recovery or a lasting
 * failure is seen at the next run, whatever the budget), then never probed, then longest ago.
 */
export function probeOrder(tools: readonly string[], probedAt: ReadonlyMap<string, number>, watched: ReadonlySet<string> = new Set()): string[] {
  const rank = (tool: string): number => (watched.has(tool) ? 0 : 1);
  return [...tools].sort((a, b) => rank(a) - rank(b) || (probedAt.get(a) ?? 0) - (probedAt.get(b) ?? 0) || a.localeCompare(b));
}
