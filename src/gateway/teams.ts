/**
 * Teams and their credentials: bearer tokens (stored as SHA-256 only) and optional own service
 * keys per key secret (stored AES-GCM encrypted, bound to the team and the secret's name). Tokens of
 * live teams are memoised briefly per isolate, in a bounded memo; a revocation clears the memo here
 * and reaches other isolates within TOKEN_MEMO_MS.
 */
import { and, eq, isNull } from "drizzle-orm";
import { ApiError } from "../app/errors";
import { keySecretSchema, type KeySecret } from "../catalog/providers";
import type { Db } from "../db/client";
import { teamKeys, teams } from "../db/schema";
import { sha256Hex } from "./fingerprint";
import { BoundedMemo } from "./memo";
import { decryptSecret, encryptSecret, isUnbound, randomToken, teamKeyContext } from "./secrets";

export interface Team {
  id: string;
  name: string;
}

/**
 * The operator as a caller: scheduled work (the hourly re-verification) runs as the operator, with
 * the operator's configured keys, never as whichever team happened to start a job last. Not a row
 * of `teams`: no token leads to it.
 */
export const OPERATOR: Team = { id: "operator", name: "operator" };

const TOKEN_MEMO_MS = 30_000;
const MEMO_ENTRIES = 1000;
/** Live teams by token hash. Unknown tokens are never remembered: whoever sends them cannot grow it. */
export const tokenMemo = new BoundedMemo<Team>(MEMO_ENTRIES, TOKEN_MEMO_MS);
/** Decrypted team keys by team and secret, kept as briefly as tokens (a miss needs one per call). */
const keyMemo = new BoundedMemo<string | null>(MEMO_ENTRIES, TOKEN_MEMO_MS);

export async function createTeam(db: Db, name: string): Promise<{ team: Team; token: string }> {
  const token = randomToken("kopa");
  const team = { id: crypto.randomUUID(), name };
  await db.insert(teams).values({ ...team, tokenHash: await sha256Hex(token), createdAt: Date.now() });
  return { team, token };
}

/** Revokes a team; false when no live team has that id. */
export async function revokeTeam(db: Db, id: string): Promise<boolean> {
  const updated = await db
    .update(teams)
    .set({ revokedAt: Date.now() })
    .where(and(eq(teams.id, id), isNull(teams.revokedAt)))
    .returning({ id: teams.id });
  tokenMemo.clear();
  return updated.length > 0;
}

export async function listTeams(db: Db): Promise<{ id: string; name: string; createdAt: number; revokedAt: number | null }[]> {
  return db.select({ id: teams.id, name: teams.name, createdAt: teams.createdAt, revokedAt: teams.revokedAt }).from(teams).all();
}

/** The live team holding a token, or null (unknown and revoked tokens look the same). */
export async function authenticate(db: Db, token: string): Promise<Team | null> {
  const hash = await sha256Hex(token);
  const memo = tokenMemo.get(hash);
  if (memo) return memo.value;
  const row = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.tokenHash, hash), isNull(teams.revokedAt)))
    .get();
  if (!row) return null;
  tokenMemo.set(hash, row);
  return row;
}

/** A short id of a key for quota counters and logs; the key itself cannot be recovered from it. */
export async function keyIdOf(key: string): Promise<string> {
  return (await sha256Hex(`kopa-key-id|${key.trim()}`)).slice(0, 16);
}

export async function setTeamKey(db: Db, masterKey: string, teamId: string, keySecret: KeySecret, key: string): Promise<void> {
  keyMemo.delete(`${teamId}|${keySecret}`);
  const row = { teamId, keySecret, ciphertext: await encryptSecret(masterKey, key, teamKeyContext(teamId, keySecret)), keyId: await keyIdOf(key), createdAt: Date.now() };
  await db
    .insert(teamKeys)
    .values(row)
    .onConflictDoUpdate({ target: [teamKeys.teamId, teamKeys.keySecret], set: { ciphertext: row.ciphertext, keyId: row.keyId, createdAt: row.createdAt } });
}

export async function deleteTeamKey(db: Db, teamId: string, keySecret: KeySecret): Promise<boolean> {
  keyMemo.delete(`${teamId}|${keySecret}`);
  const deleted = await db
    .delete(teamKeys)
    .where(and(eq(teamKeys.teamId, teamId), eq(teamKeys.keySecret, keySecret)))
    .returning({ teamId: teamKeys.teamId });
  return deleted.length > 0;
}

export async function teamKey(db: Db, masterKey: string, teamId: string, keySecret: KeySecret): Promise<string | null> {
  const memoKey = `${teamId}|${keySecret}`;
  const memo = keyMemo.get(memoKey);
  if (memo) return memo.value;
  const row = await db
    .select({ ciphertext: teamKeys.ciphertext })
    .from(teamKeys)
    .where(and(eq(teamKeys.teamId, teamId), eq(teamKeys.keySecret, keySecret)))
    .get();
  const key = row ? await openTeamKey(db, masterKey, teamId, keySecret, row.ciphertext) : null;
  keyMemo.set(memoKey, key);
  return key;
}

/** Opens a stored key; one sealed before keys were bound to their team is sealed again, bound. */
async function openTeamKey(db: Db, masterKey: string, teamId: string, keySecret: KeySecret, ciphertext: string): Promise<string> {
  const context = teamKeyContext(teamId, keySecret);
  let key: string;
  try {
    key = await decryptSecret(masterKey, ciphertext, context);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Sealed under another MASTER_KEY, for another team or secret, or damaged: never used as is.
    throw new ApiError("SERVER_MISCONFIGURED", `the team's stored ${keySecret} cannot be opened with this MASTER_KEY; register the key again`, keySecret);
  }
  if (isUnbound(ciphertext)) {
    await db
      .update(teamKeys)
      .set({ ciphertext: await encryptSecret(masterKey, key, context) })
      .where(and(eq(teamKeys.teamId, teamId), eq(teamKeys.keySecret, keySecret), eq(teamKeys.ciphertext, ciphertext)));
  }
  return key;
}

export async function teamKeySecrets(db: Db, teamId: string): Promise<KeySecret[]> {
  const rows = await db.select({ keySecret: teamKeys.keySecret }).from(teamKeys).where(eq(teamKeys.teamId, teamId)).all();
  return rows.map((r) => keySecretSchema.parse(r.keySecret));
}
