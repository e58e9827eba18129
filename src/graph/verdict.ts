/**
 * From the outcomes of the calls that tried an edge to its verdict. Failures that blame the link
 * (no data, an invalid parameter, a value of the wrong type, a field the source no longer gives)
 * count against it; failures of the upstream (5xx, timeouts, quota, an open circuit) never do:
 * they make the edge inconclusive, to be tried again. Neither does an empty answer of a live service
 * (no arrivals at night).
 */
export type Outcome = "ok" | "no_data" | "empty_live" | "invalid_param" | "type_error" | "missing_value" | "upstream_failure";

export type Verdict = "verified" | "rejected" | "inconclusive";

export const BLAMES_LINK: ReadonlySet<Outcome> = new Set(["no_data", "invalid_param", "type_error", "missing_value"]);

/** Maps a gateway error code to the outcome of a try. */
export function outcomeOfError(code: string): Outcome {
  if (code === "INVALID_ARGUMENT") return "type_error";
  if (code === "UPSTREAM_INVALID_PARAM") return "invalid_param";
  return "upstream_failure";
}

export interface VerdictRule {
  /** Samples per edge. */
  k: number;
  /** Share of the k tries that must succeed with non-empty data. */
  share: number;
}

export function successesNeeded(rule: VerdictRule): number {
  return Math.max(1, Math.ceil(rule.share * rule.k - 1e-9));
}

export type Tally = Partial<Record<Outcome, number>>;

export function tally(outcomes: readonly Outcome[]): Tally {
  const counts: Tally = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}

export function verdictOf(outcomes: readonly Outcome[], rule: VerdictRule): Verdict {
  const needed = successesNeeded(rule);
  const ok = outcomes.filter((o) => o === "ok").length;
  if (ok >= needed) return "verified";
  const upstream = outcomes.filter((o) => o === "upstream_failure" || o === "empty_live").length;
  const blamed = outcomes.filter((o) => BLAMES_LINK.has(o)).length;
  if (outcomes.length === 0 || blamed === 0) return "inconclusive";
  // Had the upstream failures succeeded, could the edge have made it? Then it is not a rejection.
  return ok + upstream >= needed ? "inconclusive" : "rejected";
}

/** Whether more tries can still change the verdict (tries stop as soon as it is settled). */
export function settled(outcomes: readonly Outcome[], rule: VerdictRule): boolean {
  const needed = successesNeeded(rule);
  const ok = outcomes.filter((o) => o === "ok").length;
  const left = rule.k - outcomes.length;
  return ok >= needed || ok + left < needed;
}
