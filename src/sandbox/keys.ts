/**
 * Sandbox service keys. A key names its tenant and kind and carries an HMAC of both, so the
 * sandbox can check any key without a lookup. data.go.kr keys contain `+`, `/` and `=` like the
 * real ones, so a client that double-encodes them is refused with error 30 as the real gateway does.
 */
export const KEY_KINDS = ["datagokr", "seoul", "seoul_subway", "juso_search", "juso_coord"] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

const encoder = new TextEncoder();

async function mac(salt: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(salt), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function keyFor(salt: string, tenant: string, kind: KeyKind): Promise<string> {
  const digest = await mac(salt, `${tenant}|${kind}`);
  // data.go.kr style: long base64 with +, / and a trailing ==; the others: hex like juso/Seoul keys.
  const secret = kind === "datagokr" ? `${base64(digest.slice(0, 30))}+/==` : hex(digest.slice(0, 16)).toUpperCase();
  return `sbx.${tenant}.${kind}.${secret}`;
}

export async function keysFor(salt: string, tenant: string): Promise<Record<KeyKind, string>> {
  const entries = await Promise.all(KEY_KINDS.map(async (kind) => [kind, await keyFor(salt, tenant, kind)] as const));
  return Object.fromEntries(entries) as Record<KeyKind, string>;
}

export const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The tenant a key belongs to, or null when the key is not a valid key of that kind. */
export async function tenantOfKey(salt: string, key: string | undefined, kind: KeyKind): Promise<string | null> {
  if (!key) return null;
  const parts = key.split(".");
  if (parts.length < 4 || parts[0] !== "sbx" || parts[2] !== kind) return null;
  const tenant = parts[1] ?? "";
  if (!TENANT_ID.test(tenant)) return null;
  return (await keyFor(salt, tenant, kind)) === key ? tenant : null;
}
