/** Korea Standard Time (UTC+9, no daylight saving) calendar helpers over plain Date values. */
const KST_OFFSET_MS = 9 * 3600 * 1000;

export interface KstParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday */
  weekday: number;
}

export function kstParts(at: Date): KstParts {
  const shifted = new Date(at.getTime() + KST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** YYYYMMDD of the KST calendar day of `at`. */
export function kstYmd(at: Date): string {
  const p = kstParts(at);
  return `${p.year}${pad(p.month)}${pad(p.day)}`;
}

/** The instant of a KST wall-clock time given as YYYYMMDD and HHmm. */
export function kstInstant(ymd: string, hhmm = "0000"): Date {
  const y = Number(ymd.slice(0, 4));
  const m = Number(ymd.slice(4, 6));
  const d = Number(ymd.slice(6, 8));
  const h = Number(hhmm.slice(0, 2));
  const min = Number(hhmm.slice(2, 4));
  return new Date(Date.UTC(y, m - 1, d, h, min) - KST_OFFSET_MS);
}

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * 24 * 3600 * 1000);
}

/** True when the string is a real calendar date in YYYYMMDD form. */
export function isValidYmd(ymd: string): boolean {
  if (!/^\d{8}$/.test(ymd)) return false;
  return kstYmd(kstInstant(ymd)) === ymd;
}

export function ymdDashed(ymd: string): string {
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
}
