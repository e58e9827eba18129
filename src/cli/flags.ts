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

/** A port: 0 picks a free one. */
export const portFlag = intFlag(0, 65_535);

/** `a,b,c` → ["a","b","c"], blanks dropped, at least one. */
export const listFlag = z
  .string()
  .transform((text) => text.split(",").map((part) => part.trim()).filter((part) => part !== ""))
  .pipe(z.array(z.string()).min(1, "expected a comma-separated list such as a,b"));
