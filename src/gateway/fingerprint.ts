/**
 * The cache key of a call: SHA-256 over (tool, spec version, arguments in canonical form, and the
 * instant the sandbox answers as of, when it is asked for one). Arguments are parsed first, so
 * argument order and explicit defaults do not change it, and the service key is never part of it.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function callFingerprint(tool: string, version: number, args: Record<string, unknown>, asOf?: string): Promise<string> {
  return sha256Hex(canonicalJson(asOf === undefined ? { tool, version, args } : { tool, version, args, asOf }));
}
