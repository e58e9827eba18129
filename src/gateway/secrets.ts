/** AES-GCM encryption of team-registered service keys under the MASTER_KEY secret (WebCrypto). */
function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function unbase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** The AES key: MASTER_KEY's SHA-256, so any sufficiently random secret string works. */
async function aesKey(masterKey: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(masterKey));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function encryptSecret(masterKey: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(masterKey), new TextEncoder().encode(plaintext));
  return `${base64(iv)}.${base64(new Uint8Array(sealed))}`;
}

export async function decryptSecret(masterKey: string, sealed: string): Promise<string> {
  const [iv, data] = sealed.split(".");
  if (!iv || !data) throw new Error("malformed sealed secret");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unbase64(iv) }, await aesKey(masterKey), unbase64(data));
  return new TextDecoder().decode(plain);
}

export function randomToken(prefix: string, bytes = 32): string {
  const raw = base64(crypto.getRandomValues(new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${prefix}_${raw}`;
}
