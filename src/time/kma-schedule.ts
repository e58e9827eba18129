/**
 * When KMA products are published (as implemented by the public clients): 초단기실황 HH00 usable
 * from HH:40, 초단기예보 HH30 usable from HH:45, 단기예보 at 02,05,…,23 h usable 10 minutes later,
 * 중기예보 issued at 06:00 and 18:00. The sandbox answers by the same rules the clients rely on.
 */
import { addDays, kstInstant, kstParts, kstYmd } from "./kst";

export type KmaProduct = "ncst" | "ultra_fcst" | "vilage_fcst";

export interface KmaBase {
  base_date: string;
  base_time: string;
}

export const VILAGE_BASE_HOURS = [2, 5, 8, 11, 14, 17, 20, 23] as const;

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Minutes after the base time before a product is available. */
const PUBLICATION_DELAY_MIN: Record<KmaProduct, number> = { ncst: 40, ultra_fcst: 15, vilage_fcst: 10 };

/** Whether HHmm is a base time the product is issued at. */
export function isKmaBaseTime(product: KmaProduct, hhmm: string): boolean {
  if (!/^\d{4}$/.test(hhmm)) return false;
  const h = Number(hhmm.slice(0, 2));
  const m = Number(hhmm.slice(2, 4));
  if (h > 23) return false;
  switch (product) {
    case "ncst":
      return m === 0;
    case "ultra_fcst":
      return m === 30;
    case "vilage_fcst":
      return m === 0 && (VILAGE_BASE_HOURS as readonly number[]).includes(h);
  }
}

/** The instant a product issued at base date/time becomes available. */
export function kmaPublishedAt(product: KmaProduct, base: KmaBase): Date {
  return new Date(kstInstant(base.base_date, base.base_time).getTime() + PUBLICATION_DELAY_MIN[product] * 60_000);
}

/** The latest base date/time of a product that is already published at `now`. */
export function kmaLatestBase(product: KmaProduct, now: Date): KmaBase {
  // Walk back over candidate base times (at most one day) until one is published.
  const p = kstParts(now);
  let cursor = kstInstant(kstYmd(now), `${pad2(p.hour)}${product === "ultra_fcst" ? "30" : "00"}`);
  for (let i = 0; i < 48; i++) {
    const ymd = kstYmd(cursor);
    const cp = kstParts(cursor);
    const base = { base_date: ymd, base_time: `${pad2(cp.hour)}${pad2(cp.minute)}` };
    if (isKmaBaseTime(product, base.base_time) && kmaPublishedAt(product, base).getTime() <= now.getTime()) return base;
    cursor = new Date(cursor.getTime() - 3600_000);
  }
  throw new Error("no published KMA base time within a day");
}

/** Latest 중기예보 issue time (YYYYMMDDHHmm, 0600 or 1800) published at `now`. */
export function kmaLatestMidTmFc(now: Date): string {
  const p = kstParts(now);
  if (p.hour >= 18) return `${kstYmd(now)}1800`;
  if (p.hour >= 6) return `${kstYmd(now)}0600`;
  return `${kstYmd(addDays(now, -1))}1800`;
}
