/**
 * Removes service-key material from text that may leave the gateway (upstream messages, bodies
 * echoed by an upstream). Every rendering of the key is removed: raw, percent-encoded once or twice
 * (upper- or lowercase hex), form-encoded, with `+` read as a space, and JSON-escaped (a key with
 * `"` or `\`). Scrubbing never throws, whatever the key or the text.
 */
export const REDACTED = "[redacted]";

function attempt(render: () => string): string | null {
  try {
    return render();
  } catch {
    // A malformed escape or a lone surrogate: that rendering cannot occur.
    return null;
  }
}

export function keyRenderings(key: string): string[] {
  const trimmed = key.trim();
  if (trimmed.length < 4) return [];
  const decoded = attempt(() => decodeURIComponent(trimmed)) ?? trimmed;
  const bases = [trimmed, decoded];
  const forms = new Set<string>();
  for (const base of bases) {
    const once = attempt(() => encodeURIComponent(base));
    const renderings = [
      base,
      // What an upstream that form-decodes the query echoes: `+` as a space.
      base.replace(/\+/g, " "),
      once,
      once === null ? null : attempt(() => encodeURIComponent(once)),
      attempt(() => new URLSearchParams({ k: base }).toString().slice(2)),
      // Inside a JSON text (an echoed body): `"` and `\` escaped.
      JSON.stringify(base).slice(1, -1),
    ];
    for (const form of renderings) if (form !== null && form.length >= 4) forms.add(form);
  }
  // Longest first, so that an encoded form is not half-replaced through a shorter one.
  return [...forms].sort((a, b) => b.length - a.length);
}

/** A rendering as a literal pattern. */
function patternOf(form: string): string {
  return form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * One matcher for every rendering of every key, or null when there is nothing to remove. It ignores
 * case, so that percent escapes match in either case (`%2B`, `%2b`, `%252b`); removing a case
 * variant of a key as well costs nothing.
 */
function matcherOf(keys: readonly string[]): RegExp | null {
  const forms = [...new Set(keys.flatMap(keyRenderings))].sort((a, b) => b.length - a.length);
  return forms.length === 0 ? null : new RegExp(forms.map(patternOf).join("|"), "gi");
}

function scrubWith(text: string, matcher: RegExp | null): string {
  return matcher === null ? text : text.replace(matcher, REDACTED);
}

export function scrubText(text: string, keys: readonly string[]): string {
  return scrubWith(text, matcherOf(keys));
}

function scrubNode(value: unknown, matcher: RegExp): unknown {
  if (typeof value === "string") return scrubWith(value, matcher);
  if (Array.isArray(value)) return value.map((v) => scrubNode(v, matcher));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubWith(k, matcher), scrubNode(v, matcher)]));
  }
  return value;
}

/** Scrubs every string (and object key) inside a JSON-like value, one string at a time. */
export function scrubValue<T>(value: T, keys: readonly string[]): T {
  const matcher = matcherOf(keys);
  return matcher === null ? value : (scrubNode(value, matcher) as T);
}
