/** JSON with sorted keys: equal values give equal text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * Whether two values have the same canonical text, without writing it out for two strings or two
 * numbers (the scorers compare field values by the thousand): distinct strings, and distinct finite
 * numbers, never share it; every non-finite number is written `null`.
 */
export function sameCanonical(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return a === b;
  if (typeof a === "number" && typeof b === "number") return a === b || (!Number.isFinite(a) && !Number.isFinite(b));
  return canonical(a) === canonical(b);
}
