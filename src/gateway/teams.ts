/**
 * Teams and their credentials: bearer tokens (stored as SHA-256 only) and optional own service
 * keys per key secret (stored AES-GCM encrypted). Lookups of tokens are memoised briefly per
 * isolate; a revocation clears the memo here and reaches other isolates within TOKEN_MEMO_MS.
 */
import { and, eq, isNull } from "drizzle-orm";
import { keySecretSchema, type KeySecret } from "../catalog/providers";
import type { Db } from "../db/client";
import { teamKeys, teams } from "../db/schema";
import { sha256Hex } from "./fingerprint";
import { decryptSecret, encryptSecret, randomToken } from "./secrets";

export interface Team {
  id: string;
  name: string;
}

const TOKEN_MEMO_MS = 30_000;
const tokenMemo = new Map<string, { team: Team | null; until: number }>();
/** Decrypted team keys by team and secret, kept as briefly as tokens (a miss needs one per call). */
const keyMemo = new Map<string, { key: string | null; until: number }>();

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
  if (memo && memo.until > Date.now()) return memo.team;
  const row = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.tokenHash, hash), isNull(teams.revokedAt)))
    .get();
  const team = row ?? null;
  tokenMemo.set(hash, { team, until: Date.now() + TOKEN_MEMO_MS });
  return team;
}

/** A short id of a key for quota counters and logs; the key itself cannot be recovered from it. */
export async function keyIdOf(key: string): Promise<string> {
  return (await sha256Hex(`kopa-key-id|${key.trim()}`)).slice(0, 16);
}

export async function setTeamKey(db: Db, masterKey: string, teamId: string, keySecret: KeySecret, key: string): Promise<void> {
  keyMemo.delete(`${teamId}|${keySecret}`);
  const row = { teamId, keySecret, ciphertext: await encryptSecret(masterKey, key), keyId: await keyIdOf(key), createdAt: Date.now() };
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
  if (memo && memo.until > Date.now()) return memo.key;
  const row = await db
    .select({ ciphertext: teamKeys.ciphertext })
    .from(teamKeys)
    .where(and(eq(teamKeys.teamId, teamId), eq(teamKeys.keySecret, keySecret)))
    .get();
  const key = row ? await decryptSecret(masterKey, row.ciphertext) : null;
  keyMemo.set(memoKey, { key, until: Date.now() + TOKEN_MEMO_MS });
  return key;
}

export async function teamKeySecrets(db: Db, teamId: string): Promise<KeySecret[]> {
  const rows = await db.select({ keySecret: teamKeys.keySecret }).from(teamKeys).where(eq(teamKeys.teamId, teamId)).all();
  return rows.map((r) => keySecretSchema.parse(r.keySecret));
}
