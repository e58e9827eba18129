/**
 * Each walk's own instant. On the sandbox a job spreads its walks over the year before it started:
 * every month and season, every weekday, every hour (waking hours mostly, the night too), so a
 * dataset does not ask everything at one moment. The walk's time tokens resolve at its instant,
 * the sandbox answers as of it (src/sandbox/as-of.ts), its request speaks of it (contexts.ts) and
 * the example carries it (the system prompt's clock, the grpo line's `now`). Real hosts answer only
 * now, and a snapshot holds the answers of the moment it was recorded, so such a job makes every
 * walk at the moment it starts. Pure code.
 */
import { z } from "zod";
import { kstInstant, kstParts, kstYmd } from "../time/kst";
import { seededRandom } from "../util/random";

export const instantsSchema = z.enum(["spread", "now"]);
export type Instants = z.infer<typeof instantsSchema>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How far back a spread reaches: a year, so that every month and season is in it. */
export const SPREAD_DAYS = 365;

/** How often people ask at each KST hour (0 to 23): the day mostly, the evening, a little of the night. */
const HOUR_WEIGHTS: readonly number[] = [1, 0.5, 0.3, 0.3, 0.3, 0.6, 1.5, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4.5, 4, 3.5, 2.5, 1.5];

function weightedIndex(r: number, weights: readonly number[]): number {
  const total = weights.reduce((a, w) => a + w, 0);
  let left = r * total;
  for (const [i, w] of weights.entries()) {
    left -= w;
    if (left < 0) return i;
  }
  return weights.length - 1;
}

/**
 * The instant of a job's `index`-th walk, from the job's seed alone (a job resumed or run again
 * from the same start gets the same instants): a KST day of the SPREAD_DAYS before `until`, an
 * hour by HOUR_WEIGHTS, a minute; never after `until`.
 */
export function spreadInstant(seed: string, index: number, until: number): number {
  const random = seededRandom(`${seed}|instant|${index}`);
  const daysBack = Math.floor(random() * SPREAD_DAYS);
  const hour = weightedIndex(random(), HOUR_WEIGHTS);
  const minute = Math.floor(random() * 60);
  const at = kstInstant(kstYmd(new Date(until))).getTime() - daysBack * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS;
  return at <= until ? at : at - DAY_MS;
}

/** A walk's instant: spread from the job's start, or the moment it starts. */
export function walkInstant(instants: Instants, seed: string, index: number, jobStart: number, clock: number): number {
  return instants === "spread" ? spreadInstant(seed, index, jobStart) : clock;
}

export interface InstantSpread {
  /** Examples, and the distinct instants among them. */
  examples: number;
  distinct: number;
  /** The most examples one instant has. */
  mostShared: number;
  /** Distinct KST hours of the day, weekdays and months (YYYY-MM) the instants fall on. */
  hours: number;
  weekdays: number;
  months: number;
  /** Instants between 23:00 and 06:00 KST. */
  night: number;
}

/** How a dataset's instants are spread (the dataset card says it; bench:synth prints it). */
export function instantSpread(instants: readonly number[]): InstantSpread {
  const counts = new Map<number, number>();
  for (const at of instants) counts.set(at, (counts.get(at) ?? 0) + 1);
  const parts = [...counts.keys()].map((at) => kstParts(new Date(at)));
  return {
    examples: instants.length,
    distinct: counts.size,
    mostShared: Math.max(0, ...counts.values()),
    hours: new Set(parts.map((p) => p.hour)).size,
    weekdays: new Set(parts.map((p) => p.weekday)).size,
    months: new Set(parts.map((p) => `${p.year}-${String(p.month).padStart(2, "0")}`)).size,
    night: instants.filter((at) => {
      const hour = kstParts(new Date(at)).hour;
      return hour >= 23 || hour < 6;
    }).length,
  };
}
