/** zod schemas for flag values, which always arrive as strings. */
import { z } from "zod";

/** An integer flag (`--hours 24`) within bounds. */
export function intFlag(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, "expected a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** A decimal flag (`--share 0.66`) within bounds. */
export function numberFlag(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^-?(\d+\.?\d*|\.\d+)$/, "expected a number such as 0.5")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** A port: 0 picks a free one. */
export const portFlag = intFlag(0, 65_535);

/** `a,b,c` → ["a","b","c"], blanks dropped, at least one. */
export const listFlag = z
  .string()
  .transform((text) => text.split(",").map((part) => part.trim()).filter((part) => part !== ""))
  .pipe(z.array(z.string()).min(1, "expected a comma-separated list such as a,b"));

/** One of a fixed list of words, each checked (`--statuses verified,stale`). */
export function enumListFlag<const T extends readonly [string, ...string[]]>(values: T) {
  return listFlag.pipe(z.array(z.enum(values, { error: (issue) => `unknown value "${String(issue.input)}": expected ${values.join(", ")}` })));
}
