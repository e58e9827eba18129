/** Resolves time-relative example values (see timeTokenSchema) against a moment. */
import { addDays, kstParts, kstYmd } from "../time/kst";
import { kmaLatestBase, kmaLatestMidTmFc } from "../time/kma-schedule";
import { timeTokenSchema, type TimeToken, type ToolExample } from "./spec";

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Days from the KST day of `now` to the next given weekday (0 = Sunday), 0 when it is today. */
function daysUntilWeekday(now: Date, weekday: number): number {
  return (weekday - kstParts(now).weekday + 7) % 7;
}

/** The month `count` months before the KST month of `now`, as YYYYMM. */
function monthsBefore(now: Date, count: number): string {
  const p = kstParts(now);
  const index = p.year * 12 + (p.month - 1) - count;
  return `${Math.floor(index / 12)}${pad2((index % 12) + 1)}`;
}

export function resolveTimeToken(token: TimeToken["$time"], now: Date): string {
  switch (token) {
    case "kma.ncst.base_date":
    case "kma.ncst.base_time":
    case "kma.ultra_fcst.base_date":
    case "kma.ultra_fcst.base_time":
    case "kma.vilage_fcst.base_date":
    case "kma.vilage_fcst.base_time": {
      const kmaProduct = token.split(".")[1] as "ncst" | "ultra_fcst" | "vilage_fcst";
      const base = kmaLatestBase(kmaProduct, now);
      return token.endsWith("base_date") ? base.base_date : base.base_time;
    }
    case "kma.mid.tmfc":
      return kmaLatestMidTmFc(now);
    case "date.today":
      return kstYmd(now);
    case "date.yesterday":
      return kstYmd(addDays(now, -1));
    case "date.week_ago":
      return kstYmd(addDays(now, -7));
    case "date.tomorrow":
      return kstYmd(addDays(now, 1));
    case "date.day_after_tomorrow":
      return kstYmd(addDays(now, 2));
    case "date.this_saturday":
      return kstYmd(addDays(now, daysUntilWeekday(now, 6)));
    case "date.this_sunday":
      return kstYmd(addDays(now, daysUntilWeekday(now, 0)));
    case "date.next_monday":
      return kstYmd(addDays(now, daysUntilWeekday(now, 1) || 7));
    case "month.current":
      return kstYmd(now).slice(0, 6);
    case "month.previous":
      return monthsBefore(now, 1);
    case "month.before_previous":
      return monthsBefore(now, 2);
    case "month2.current":
      return pad2(kstParts(now).month);
    case "year.current":
      return String(kstParts(now).year);
  }
}

/** The example's arguments with every time token replaced by its value at `now`. */
export function resolveExampleArgs(example: ToolExample, now: Date): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(example.args)) {
    const token = timeTokenSchema.safeParse(value);
    args[name] = token.success ? resolveTimeToken(token.data.$time, now) : value;
  }
  return args;
}
