/**
 * AES-GCM encryption of secrets (team-registered service keys, a run's model credentials) under the
 * MASTER_KEY secret (WebCrypto). A sealed secret is bound to its context (for a team key: the team
 * and the key secret's name) as additional authenticated data, so a ciphertext copied to another
 * team's row, or to another secret's, does not decrypt. Secrets sealed before that binding
 * (`<iv>.<data>`, no version) still open; callers re-seal them in the new form.
 */
import { ApiError } from "../app/errors";

const SEALED_PREFIX = "v2.";
/** Anything shorter is not a secret worth the name (a missing MASTER_KEY would be ""); as `kopa dev --master-key`. */
export const MASTER_KEY_MIN_LENGTH = 8;

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function unbase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** Why MASTER_KEY cannot be used, or null. */
export function masterKeyProblem(masterKey: string | undefined): string | null {
  if (masterKey === undefined || masterKey.trim() === "") return "MASTER_KEY is not set";
  if (masterKey.length < MASTER_KEY_MIN_LENGTH) return `MASTER_KEY is shorter than ${MASTER_KEY_MIN_LENGTH} characters`;
  return null;
}

/** The AES key: MASTER_KEY's SHA-256, so any sufficiently random secret string works. Never a default. */
async function aesKey(masterKey: string): Promise<CryptoKey> {
  const problem = masterKeyProblem(masterKey);
  if (problem) throw new ApiError("SERVER_MISCONFIGURED", `${problem}: secrets cannot be sealed or opened`);
  const raw = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(masterKey));
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** The context a team's key is bound to. */
export function teamKeyContext(teamId: string, keySecret: string): string {
  return `team-key|${teamId}|${keySecret}`;
}

export async function encryptSecret(masterKey: string, plaintext: string, context = ""): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const additionalData = new TextEncoder().encode(context);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData }, await aesKey(masterKey), new TextEncoder().encode(plaintext));
  return `${SEALED_PREFIX}${base64(iv)}.${base64(new Uint8Array(sealed))}`;
}

/** Whether a sealed secret predates the binding to its context (and should be sealed again). */
export function isUnbound(sealed: string): boolean {
  return !sealed.startsWith(SEALED_PREFIX);
}

/** Opens a sealed secret; throws when it was sealed under another key or for another context. */
export async function decryptSecret(masterKey: string, sealed: string, context = ""): Promise<string> {
  const bound = !isUnbound(sealed);
  const [iv, data, extra] = (bound ? sealed.slice(SEALED_PREFIX.length) : sealed).split(".");
  if (!iv || !data || extra !== undefined) throw new Error("malformed sealed secret");
  const params = bound ? { name: "AES-GCM", iv: unbase64(iv), additionalData: new TextEncoder().encode(context) } : { name: "AES-GCM", iv: unbase64(iv) };
  const plain = await crypto.subtle.decrypt(params, await aesKey(masterKey), unbase64(data));
  return new TextDecoder().decode(plain);
}

export function randomToken(prefix: string, bytes = 32): string {
  const raw = base64(crypto.getRandomValues(new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${prefix}_${raw}`;
}
