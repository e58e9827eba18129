/**
 * From the outcomes of the tries of an edge to its verdict. A try succeeds only when the answer
 * depends on the carried value: non-empty, and a control (a random value of the same type, or the
 * parameter left out) failed or answered differently; into a local converter a try is a conversion,
 * which proves nothing about dependence but does show the value fits. Failures that blame the link (a
 * lookup that finds nothing, an invalid parameter, a value of the wrong type, a field the source no
 * longer gives, a control that passed as well, a self-edge that only repeats its source) count
 * against it; failures of the upstream (5xx, timeouts, quota, an open circuit), an empty live answer,
 * an empty search (nothing may simply be there) and a parameter with no other value to compare with
 * never do: they leave the edge inconclusive. An
 * edge that could not be exercised on k distinct source values is untested, never verified.
 */
export type Outcome =
  | "dependent"
  | "conversion"
  | "control_passed"
  | "repeats_source"
  | "empty"
  | "empty_live"
  | "no_data"
  | "invalid_param"
  | "type_error"
  | "missing_value"
  | "upstream_failure"
  | "no_control";

export type Verdict = "verified" | "rejected" | "inconclusive" | "untested";

export const SUCCEEDS: ReadonlySet<Outcome> = new Set(["dependent", "conversion"]);
export const BLAMES_LINK: ReadonlySet<Outcome> = new Set(["no_data", "invalid_param", "type_error", "missing_value", "control_passed", "repeats_source"]);
/** Blame that no number of source values can lift: the value does not fit the parameter at all. */
const FORMAT_BLAME: ReadonlySet<Outcome> = new Set(["invalid_param", "type_error", "missing_value"]);

/** Maps a gateway error code to the outcome of a try. */
export function outcomeOfError(code: string): Outcome {
  if (code === "INVALID_ARGUMENT") return "type_error";
  if (code === "UPSTREAM_INVALID_PARAM") return "invalid_param";
  return "upstream_failure";
}

export interface VerdictRule {
  /** Distinct source values an edge must be tried on. */
  k: number;
  /** Share of the k tries that must succeed. */
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

const count = (outcomes: readonly Outcome[], set: ReadonlySet<Outcome>) => outcomes.filter((o) => set.has(o)).length;

/**
 * `distinct`: how many distinct source values the edge could be exercised on (sent, not colliding
 * with the source call's own arguments). Fewer than k never verifies.
 */
export function verdictOf(outcomes: readonly Outcome[], rule: VerdictRule, distinct: number): Verdict {
  const needed = successesNeeded(rule);
  const ok = count(outcomes, SUCCEEDS);
  if (ok >= needed) return distinct >= rule.k ? "verified" : "untested";
  if (outcomes.length === 0) return "untested";
  const blamed = outcomes.filter((o) => BLAMES_LINK.has(o));
  if (blamed.length === 0) return distinct < rule.k && outcomes.length >= distinct ? "untested" : "inconclusive";
  const pending = outcomes.length - ok - blamed.length;
  // Had the upstream failures and empty searches succeeded, could the edge have made it? Then it is not a rejection.
  if (ok + pending >= needed) return "inconclusive";
  if (distinct < rule.k && !blamed.every((o) => FORMAT_BLAME.has(o))) return "untested";
  return "rejected";
}

/**
 * Whether more tries can still change the verdict (tries stop as soon as it is settled). A search
 * that found nothing for one value says nothing of the link, so another value is tried in its place:
 * 3k more once a value has shown the link works (a rare target: apartment complexes stand in only
 * some dongs). Before that, only a search around a point or within an area (`ofArea`) gets k more:
 * nothing near one point, or in one dong, says little of the next. A lookup of a name, an address
 * or a code that found nothing twice is given no more: the source's values are not the target's
 * (another city's shops, a namesake), and the edges such tries left inconclusive had taken half of
 * the whole catalog's verify calls. With fewer values than needed one try is still made: a value
 * of the wrong type shows on the first.
 */
export function settled(outcomes: readonly Outcome[], rule: VerdictRule, available: number, ofArea = false): boolean {
  const needed = successesNeeded(rule);
  const ok = count(outcomes, SUCCEEDS);
  const empties = outcomes.filter((o) => o === "empty").length;
  const replacements = Math.min(empties, ok > 0 ? 3 * rule.k : ofArea ? rule.k : 0);
  const left = Math.min(rule.k + replacements, available) - outcomes.length;
  return ok >= needed || left <= 0 || (outcomes.length > 0 && ok + left < needed);
}

/** What an edge's status rests on: how it was verified, or the outcome that decided otherwise. */
export type Basis =
  | "dependent"
  | "conversion"
  | "control_passed"
  | "repeats_source"
  | "no_data"
  | "invalid_param"
  | "type_error"
  | "missing_value"
  | "few_values"
  | "not_sent"
  | "upstream_failure"
  | "empty"
  | "empty_live"
  | "no_control";

export function basisOf(verdict: Verdict, outcomes: readonly Outcome[]): Basis {
  const mostCommon = (set: ReadonlySet<Outcome> | null): Outcome | undefined => {
    const counts = tally(outcomes.filter((o) => set === null || set.has(o)));
    return (Object.entries(counts) as [Outcome, number][]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  };
  if (verdict === "verified") return outcomes.includes("conversion") ? "conversion" : "dependent";
  if (verdict === "untested") return outcomes.length === 0 ? "not_sent" : "few_values";
  if (verdict === "rejected") return (mostCommon(BLAMES_LINK) ?? "no_data") as Basis;
  const pending = mostCommon(new Set<Outcome>(["upstream_failure", "empty", "empty_live", "no_control"]));
  return pending === "empty" || pending === "empty_live" || pending === "no_control" ? pending : "upstream_failure";
}
