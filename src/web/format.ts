/** Small formatting helpers shared by the pages. */

/** Epoch ms as a KST wall-clock time, `2026-11-27 10:30:00`. */
export function kstTime(ms: number | null): string {
  if (ms === null) return "—";
  return new Date(ms).toLocaleString("sv-SE", { timeZone: "Asia/Seoul", hour12: false });
}

export const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${Math.round((100 * part) / whole)}%`);

/** JSON for a `<script type="application/json">` block: `<` is escaped so no text can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** A proportion in [0, 1] as a percentage with one decimal, `73.3%`. */
export const rate = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** A confidence interval as percentages, `61.0–82.5%`. */
export const interval = ([low, high]: readonly [number, number]) => `${Math.round(low * 1000) / 10}–${Math.round(high * 1000) / 10}%`;
