/**
 * Run-level figures from per-attempt scores: pass@1 and pass^k with 95 % confidence intervals,
 * breakdowns by group (shape, level, provider for KOPA-Bench; category for BFCL), mean ACTION and
 * ENVIRONMENT measures, error types and timing. Pure.
 *
 * pass@1 is the mean over scored items of c/n (c passing attempts of n). pass^k (τ-bench) is the
 * mean of C(c,k)/C(n,k): the chance that k attempts all pass. Intervals: Wilson's score interval when
 * every item has one attempt (a proportion), otherwise the normal approximation over the items'
 * values, clipped to [0, 1]. Items whose gold failed (unscorable) are left out of every denominator
 * and listed with their reason.
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
  passK: Estimate;
}

export interface RunSummary {
  items: number;
  scoredItems: number;
  unscorable: { itemId: string; reason: string }[];
  attempts: { total: number; scored: number; passed: number; modelErrors: number };
  k: number;
  pass1: Estimate;
  passK: Estimate;
  measures: Record<string, number>;
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

function estimate(perItem: { passed: number; n: number }[], k: number): { pass1: Estimate; passK: Estimate } {
  if (perItem.length === 0) return { pass1: { value: 0, ci: [0, 1] }, passK: { value: 0, ci: [0, 1] } };
  const p1 = perItem.map((i) => i.passed / i.n);
  const pk = perItem.map((i) => passHatK(i.passed, i.n, k));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const binary = (xs: number[]) => xs.every((x) => x === 0 || x === 1);
  const interval = (xs: number[]) => (binary(xs) ? wilson(xs.filter((x) => x === 1).length, xs.length) : meanInterval(xs));
  return { pass1: { value: round(mean(p1)), ci: interval(p1) }, passK: { value: round(mean(pk)), ci: interval(pk) } };
}

export function summarise(items: readonly ItemGroups[], attempts: readonly ScoredAttempt[], timings: readonly AttemptTiming[], k: number): RunSummary {
  const byItem = new Map<string, ScoredAttempt[]>();
  for (const a of attempts) byItem.set(a.itemId, [...(byItem.get(a.itemId) ?? []), a]);
  const unscorable: RunSummary["unscorable"] = [];
  const perItem = new Map<string, { passed: number; n: number }>();
  for (const item of items) {
    const rows = byItem.get(item.id) ?? [];
    const scored = rows.filter((r) => r.scorable);
    if (scored.length > 0) perItem.set(item.id, { passed: scored.filter((r) => r.pass).length, n: scored.length });
    else if (rows.length > 0) unscorable.push({ itemId: item.id, reason: rows[0]?.errorType ?? "unscorable" });
  }
  const { pass1, passK } = estimate([...perItem.values()], k);

  const scoredAttempts = attempts.filter((a) => a.scorable);
  const measures: Record<string, number> = {};
  const names = new Set(scoredAttempts.flatMap((a) => Object.keys(a.measures)));
  for (const name of names) {
    const values = scoredAttempts.map((a) => a.measures[name]).filter((v): v is number => typeof v === "number");
    if (values.length > 0) measures[name] = round(values.reduce((x, y) => x + y, 0) / values.length);
  }
  const errorTypes: Record<string, number> = {};
  for (const a of attempts) {
    if (a.pass || a.errorType === null) continue;
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
    attempts: { total: attempts.length, scored: scoredAttempts.length, passed: scoredAttempts.filter((a) => a.pass).length, modelErrors: attempts.filter((a) => a.errorType?.startsWith("model_error")).length },
    k,
    pass1,
    passK,
    measures,
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
