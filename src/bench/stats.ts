/**
 * Run-level figures from per-attempt scores: pass@k and pass^k with 95 % confidence intervals,
 * breakdowns by group (shape, level, provider for KOPA-Bench; category for BFCL), mean ACTION and
 * ENVIRONMENT measures, error types and timing. Pure.
 *
 * Each item is sampled n times (attempts, each with its own seed); k is the budget being scored.
 * With c of an item's n samples passing, pass@k is the unbiased estimator of Chen et al. (2021),
 * 1 − C(n−c, k)/C(n, k): the chance that at least one of k samples drawn from the n passes. pass^k
 * (τ-bench) is C(c, k)/C(n, k): the chance that all k pass. pass@1 = pass^1 = c/n. The run's
 * figure is the mean over items; an item with fewer than k scored samples is left out of that k.
 * Intervals: Wilson's score interval when every item's value is 0 or 1 (a proportion), otherwise the
 * normal approximation over the items' values, clipped to [0, 1].
 *
 * Not every attempt is a sample of the model. Items whose gold failed (unscorable) are left out of
 * every denominator and listed with their reason; attempts the model server did not answer
 * (`model_error:`) and attempts hit by an infrastructure failure (`infra:`) are counted apart and
 * never as the model's failures.
 */

export interface ScoredAttempt {
  itemId: string;
  attempt: number;
  scorable: boolean;
  pass: boolean;
  errorType: string | null;
  /** Numeric measures of the attempt (e.g. toolF1, edgeF1, envRecall), averaged over scorable attempts. */
  measures: Record<string, number>;
}

export interface AttemptTiming {
  steps: number;
  modelMs: number;
  toolMs: number;
  totalMs: number;
  startedAt: number;
  finishedAt: number;
}

export interface ItemGroups {
  id: string;
  /** Group name → the values the item belongs to (a task uses several providers). */
  groups: Record<string, string[]>;
}

export interface Estimate {
  value: number;
  ci: [number, number];
}

export interface GroupFigures {
  items: number;
  pass1: Estimate;
  /** pass^k at the largest k. */
  passK: Estimate;
}

export interface KFigures {
  k: number;
  /** Items with at least k scored samples: the ones these figures average. */
  items: number;
  passAt: Estimate;
  passHat: Estimate;
}

/** Samples per item and the ks to report. */
export interface Samples {
  n: number;
  ks: number[];
}

export interface RunSummary {
  items: number;
  scoredItems: number;
  unscorable: { itemId: string; reason: string }[];
  attempts: { total: number; scored: number; passed: number; modelErrors: number; infraErrors: number };
  /** Samples per item asked for. */
  n: number;
  /** The largest k reported (passK is pass^k at it). */
  k: number;
  /** pass@k and pass^k at each k reported. */
  byK: KFigures[];
  pass1: Estimate;
  passK: Estimate;
  /** Means over the scored attempts that had something to measure (see measureCounts). */
  measures: Record<string, number>;
  /** How many attempts each measure averages: a precision of no call is not a measure. */
  measureCounts: Record<string, number>;
  errorTypes: Record<string, number>;
  breakdowns: Record<string, Record<string, GroupFigures>>;
  timing: {
    steps: number;
    modelMsPerStep: number;
    toolMsPerStep: number;
    /** Per step, everything but the model: parsing, tool calls through the gateway, bookkeeping. */
    overheadMsPerStep: number;
    /** Per step, the runner alone: neither the model nor the tool calls. */
    runnerMsPerStep: number;
    attemptsPerMinute: number;
  };
  /**
   * KOPA-Bench's abstention set (requests no tool answers), summarised apart: none of the figures
   * above count it. Absent when the run has none.
   */
  abstention?: AbstentionSummary;
}

export interface AbstentionSummary {
  items: number;
  scoredItems: number;
  attempts: RunSummary["attempts"];
  /** Share of attempts that said so without making a value up. */
  pass1: Estimate;
  errorTypes: Record<string, number>;
}

const Z = 1.96;
const clip = (x: number) => Math.min(1, Math.max(0, x));
const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

export function wilson(successes: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const denominator = 1 + (Z * Z) / n;
  const centre = (p + (Z * Z) / (2 * n)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / denominator;
  return [round(clip(centre - half)), round(clip(centre + half))];
}

export function meanInterval(values: readonly number[]): [number, number] {
  if (values.length < 2) return [0, 1];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1);
  const half = Z * Math.sqrt(variance / values.length);
  return [round(clip(mean - half)), round(clip(mean + half))];
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/** pass^k of one item: the chance that k of its n attempts, drawn without replacement, all pass. */
export function passHatK(passed: number, n: number, k: number): number {
  const kk = Math.min(k, n);
  return kk === 0 ? 0 : choose(passed, kk) / choose(n, kk);
}

/** Unbiased pass@k of one item (Chen et al. 2021): 1 − C(n−c, k)/C(n, k); needs k ≤ n. */
export function passAtK(passed: number, n: number, k: number): number {
  if (k > n || k < 1) throw new RangeError(`pass@${k} needs at least ${k} samples (have ${n})`);
  if (n - passed < k) return 1;
  // The product form avoids the large binomials: C(n−c,k)/C(n,k) = Π_{i=n−c+1..n} (1 − k/i).
  let fail = 1;
  for (let i = n - passed + 1; i <= n; i++) fail *= 1 - k / i;
  return 1 - fail;
}

type PerItem = { passed: number; n: number };

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const binary = (xs: readonly number[]) => xs.every((x) => x === 0 || x === 1);
const interval = (xs: readonly number[]): [number, number] => (binary(xs) ? wilson(xs.filter((x) => x === 1).length, xs.length) : meanInterval(xs));
const estimateOf = (xs: readonly number[]): Estimate => (xs.length === 0 ? { value: 0, ci: [0, 1] } : { value: round(mean(xs)), ci: interval(xs) });

function figuresAt(perItem: readonly PerItem[], k: number): KFigures {
  const enough = perItem.filter((i) => i.n >= k);
  return { k, items: enough.length, passAt: estimateOf(enough.map((i) => passAtK(i.passed, i.n, k))), passHat: estimateOf(enough.map((i) => passHatK(i.passed, i.n, k))) };
}

function estimate(perItem: readonly PerItem[], k: number): { pass1: Estimate; passK: Estimate } {
  return { pass1: figuresAt(perItem, 1).passAt, passK: figuresAt(perItem, k).passHat };
}

/** Attempts that are not samples of the model: it was not reached, or the infrastructure failed under it. */
export const isModelError = (a: Pick<ScoredAttempt, "errorType">) => a.errorType?.startsWith("model_error") === true;
export const isInfraError = (a: Pick<ScoredAttempt, "errorType">) => a.errorType?.startsWith("infra:") === true;

export function summarise(items: readonly ItemGroups[], attempts: readonly ScoredAttempt[], timings: readonly AttemptTiming[], samples: number | Samples): RunSummary {
  const { n, ks } = typeof samples === "number" ? { n: samples, ks: [...new Set([1, samples])] } : samples;
  const k = Math.max(...ks);
  const byItem = new Map<string, ScoredAttempt[]>();
  for (const a of attempts) byItem.set(a.itemId, [...(byItem.get(a.itemId) ?? []), a]);
  const unscorable: RunSummary["unscorable"] = [];
  const perItem = new Map<string, { passed: number; n: number }>();
  for (const item of items) {
    const rows = byItem.get(item.id) ?? [];
    const scored = rows.filter((r) => r.scorable);
    const gold = rows.find((r) => !r.scorable && !isModelError(r) && !isInfraError(r));
    if (scored.length > 0) perItem.set(item.id, { passed: scored.filter((r) => r.pass).length, n: scored.length });
    else if (gold) unscorable.push({ itemId: item.id, reason: gold.errorType ?? "unscorable" });
  }
  const values = [...perItem.values()];
  const byK = ks.map((kk) => figuresAt(values, kk));
  const { pass1, passK } = estimate(values, k);

  const scoredAttempts = attempts.filter((a) => a.scorable);
  const measures: Record<string, number> = {};
  const measureCounts: Record<string, number> = {};
  const names = new Set(scoredAttempts.flatMap((a) => Object.keys(a.measures)));
  for (const name of [...names].sort()) {
    const got = scoredAttempts.map((a) => a.measures[name]).filter((v): v is number => typeof v === "number");
    if (got.length > 0) {
      measures[name] = round(got.reduce((x, y) => x + y, 0) / got.length);
      measureCounts[name] = got.length;
    }
  }
  const errorTypes: Record<string, number> = {};
  for (const a of attempts) {
    // Model and infrastructure errors are counted apart (attempts.modelErrors, attempts.infraErrors).
    if (a.pass || a.errorType === null || isModelError(a) || isInfraError(a)) continue;
    const kind = a.errorType.split(":")[0] ?? a.errorType;
    errorTypes[kind] = (errorTypes[kind] ?? 0) + 1;
  }

  const breakdowns: RunSummary["breakdowns"] = {};
  const groupNames = new Set(items.flatMap((i) => Object.keys(i.groups)));
  for (const group of groupNames) {
    const members = new Map<string, { passed: number; n: number }[]>();
    for (const item of items) {
      const figures = perItem.get(item.id);
      if (!figures) continue;
      for (const value of item.groups[group] ?? []) members.set(value, [...(members.get(value) ?? []), figures]);
    }
    breakdowns[group] = Object.fromEntries([...members.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([value, list]) => [value, { items: list.length, ...estimate(list, k) }]));
  }

  const steps = timings.reduce((a, t) => a + t.steps, 0);
  const modelMs = timings.reduce((a, t) => a + t.modelMs, 0);
  const toolMs = timings.reduce((a, t) => a + t.toolMs, 0);
  const totalMs = timings.reduce((a, t) => a + t.totalMs, 0);
  const first = Math.min(...timings.map((t) => t.startedAt));
  const last = Math.max(...timings.map((t) => t.finishedAt));
  const perStep = (ms: number) => (steps === 0 ? 0 : round(ms / steps, 2));
  return {
    items: items.length,
    scoredItems: perItem.size,
    unscorable,
    attempts: { total: attempts.length, scored: scoredAttempts.length, passed: scoredAttempts.filter((a) => a.pass).length, modelErrors: attempts.filter(isModelError).length, infraErrors: attempts.filter(isInfraError).length },
    n,
    k,
    byK,
    pass1,
    passK,
    measures,
    measureCounts,
    errorTypes,
    breakdowns,
    timing: {
      steps,
      modelMsPerStep: perStep(modelMs),
      toolMsPerStep: perStep(toolMs),
      overheadMsPerStep: perStep(totalMs - modelMs),
      runnerMsPerStep: perStep(totalMs - modelMs - toolMs),
      attemptsPerMinute: timings.length === 0 || last <= first ? 0 : round((timings.length * 60_000) / (last - first), 1),
    },
  };
}
