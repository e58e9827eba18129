/**
 * The shared response cache in two tiers: the Workers Cache API (per location, fast) in front of
 * the D1 `responses` table (global, durable), with a small per-isolate memory of recent entries in
 * front of both (hot entries then cost no I/O at all). Entries are fresh for the tool's TTL, then stale
 * (served while a refresh runs) for as long again; no-data answers are cached briefly and never
 * served stale. Upstream errors are never stored.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { responses } from "../db/schema";
import { normalisedResultSchema, type NormalisedResult } from "../upstream/result";

export const storedResponseSchema = z.object({
  fingerprint: z.string(),
  tool: z.string(),
  toolVersion: z.number().int(),
  result: normalisedResultSchema,
  fetchedAt: z.number().int(),
  freshUntil: z.number().int(),
  staleUntil: z.number().int(),
});
export type StoredResponse = z.infer<typeof storedResponseSchema>;

/** How long a no-data answer is trusted: short, so data published later is seen soon. */
const NEGATIVE_TTL_MS = 120_000;

export function freshness(ttlSeconds: number, result: NormalisedResult, now: number): { freshUntil: number; staleUntil: number } {
  const ttlMs = ttlSeconds * 1000;
  if (result.items.length === 0) {
    const freshUntil = now + Math.min(ttlMs, NEGATIVE_TTL_MS);
    return { freshUntil, staleUntil: freshUntil };
  }
  return { freshUntil: now + ttlMs, staleUntil: now + 2 * ttlMs };
}

const EDGE_ORIGIN = "https://response-cache.kopa-edge.internal/";

/** Per-isolate memory of recent entries, least recently used dropped first. */
const MEMORY_ENTRIES = 2000;
const memory = new Map<string, StoredResponse>();

function remember(stored: StoredResponse): void {
  memory.delete(stored.fingerprint);
  memory.set(stored.fingerprint, stored);
  if (memory.size > MEMORY_ENTRIES) {
    const oldest = memory.keys().next().value;
    if (oldest !== undefined) memory.delete(oldest);
  }
}

function recall(fingerprint: string, now: number): StoredResponse | null {
  const stored = memory.get(fingerprint);
  if (!stored) return null;
  // Only fresh entries are served from memory; anything older is re-read so refreshes are seen.
  if (stored.freshUntil <= now) {
    memory.delete(fingerprint);
    return null;
  }
  memory.delete(fingerprint);
  memory.set(fingerprint, stored);
  return stored;
}

function edgeUrl(fingerprint: string): string {
  return `${EDGE_ORIGIN}${fingerprint}`;
}

async function readEdge(fingerprint: string): Promise<StoredResponse | null> {
  const hit = await caches.default.match(edgeUrl(fingerprint));
  if (!hit) return null;
  const parsed = storedResponseSchema.safeParse(await hit.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

export async function writeEdge(stored: StoredResponse, now = Date.now()): Promise<void> {
  remember(stored);
  const maxAge = Math.max(1, Math.ceil((stored.staleUntil - now) / 1000));
  await caches.default.put(
    edgeUrl(stored.fingerprint),
    new Response(JSON.stringify(stored), { headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${maxAge}` } }),
  );
}

/**
 * Forgets the per-isolate memory tier: what a reset of the durable tier needs so that no answer
 * outlives it in an isolate that lives on (the edge tier goes with the storage it sits in).
 */
export function forgetMemoryTier(): void {
  memory.clear();
}

async function readDurable(db: Db, fingerprint: string): Promise<StoredResponse | null> {
  const row = await db.select().from(responses).where(eq(responses.fingerprint, fingerprint)).get();
  if (!row) return null;
  const parsed = storedResponseSchema.safeParse({ ...row, result: JSON.parse(row.result) as unknown });
  return parsed.success ? parsed.data : null;
}

export async function writeDurable(db: Db, stored: StoredResponse): Promise<void> {
  const values = { ...stored, result: JSON.stringify(stored.result) };
  await db
    .insert(responses)
    .values(values)
    .onConflictDoUpdate({
      target: responses.fingerprint,
      set: { result: values.result, toolVersion: values.toolVersion, fetchedAt: values.fetchedAt, freshUntil: values.freshUntil, staleUntil: values.staleUntil },
    });
}

/**
 * The stored answer for a fingerprint from the nearest tier, whatever its age (callers decide
 * between fresh, stale and too old). A durable hit is copied into the edge tier.
 */
export async function readCached(db: Db, fingerprint: string, backfill: (work: Promise<unknown>) => void): Promise<StoredResponse | null> {
  const now = Date.now();
  const recent = recall(fingerprint, now);
  if (recent) return recent;
  const edge = await readEdge(fingerprint);
  if (edge) {
    if (edge.freshUntil > now) remember(edge);
    return edge;
  }
  const durable = await readDurable(db, fingerprint);
  if (durable && durable.staleUntil > now) backfill(writeEdge(durable));
  return durable;
}
