/**
 * Removes service-key material from text that may leave the gateway (upstream messages, bodies
 * echoed by an upstream). Every rendering of the key is removed: raw, percent-encoded once or twice.
 */
export const REDACTED = "[redacted]";

export function keyRenderings(key: string): string[] {
  const trimmed = key.trim();
  if (trimmed.length < 4) return [];
  let decoded = trimmed;
  try {
    decoded = decodeURIComponent(trimmed);
  } catch {
    decoded = trimmed;
  }
  const once = encodeURIComponent(decoded);
  const forms = new Set([trimmed, decoded, once, encodeURIComponent(once), new URLSearchParams({ k: decoded }).toString().slice(2)]);
  // Longest first, so that an encoded form is not half-replaced through a shorter one.
  return [...forms].filter((f) => f.length >= 4).sort((a, b) => b.length - a.length);
}

export function scrubText(text: string, keys: readonly string[]): string {
  let out = text;
  for (const key of keys) for (const form of keyRenderings(key)) out = out.split(form).join(REDACTED);
  return out;
}

/** Scrubs every string inside a JSON-like value. */
export function scrubValue<T>(value: T, keys: readonly string[]): T {
  if (keys.length === 0) return value;
  return JSON.parse(scrubText(JSON.stringify(value), keys)) as T;
}
