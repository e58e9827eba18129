/**
 * The one D1 schema (drizzle). SQL migrations are generated from it into `migrations/` with
 * `npm run db:generate` and applied by wrangler (dev, deploy) and by the test setup.
 * No table holds a service key in clear or a call's arguments.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Teams authenticate with a random bearer token; only its SHA-256 is stored. */
export const teams = sqliteTable("teams", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: integer("created_at").notNull(),
  revokedAt: integer("revoked_at"),
});

/** A team's own service key for a key secret (AES-GCM under MASTER_KEY; iv and ciphertext base64). */
export const teamKeys = sqliteTable(
  "team_keys",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    keySecret: text("key_secret").notNull(),
    ciphertext: text("ciphertext").notNull(),
    /** SHA-256 prefix of the key: identifies its quota counter without revealing it. */
    keyId: text("key_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.keySecret] })],
);

/** The durable, global tier of the response cache, shared by all teams. */
export const responses = sqliteTable(
  "responses",
  {
    fingerprint: text("fingerprint").primaryKey(),
    tool: text("tool").notNull(),
    toolVersion: integer("tool_version").notNull(),
    /** A NormalisedResult as JSON (ok results only: errors are never stored as data). */
    result: text("result").notNull(),
    fetchedAt: integer("fetched_at").notNull(),
    freshUntil: integer("fresh_until").notNull(),
    staleUntil: integer("stale_until").notNull(),
  },
  (t) => [index("responses_tool").on(t.tool)],
);

/** Named, immutable sets of stored responses: replaying them needs no upstream call. */
export const snapshots = sqliteTable("snapshots", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  entryCount: integer("entry_count").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const snapshotEntries = sqliteTable(
  "snapshot_entries",
  {
    snapshotId: text("snapshot_id")
      .notNull()
      .references(() => snapshots.id),
    fingerprint: text("fingerprint").notNull(),
    tool: text("tool").notNull(),
    toolVersion: integer("tool_version").notNull(),
    result: text("result").notNull(),
    fetchedAt: integer("fetched_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.fingerprint] })],
);

/** One row per tool call: who, what (by fingerprint only), how it was served, how long it took. */
export const calls = sqliteTable(
  "calls",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    teamId: text("team_id").notNull(),
    tool: text("tool").notNull(),
    provider: text("provider"),
    fingerprint: text("fingerprint").notNull(),
    /** hit | miss | stale | coalesced | local | snapshot | error */
    cache: text("cache").notNull(),
    /** True when this call went upstream (a miss or a refresh). */
    upstream: integer("upstream", { mode: "boolean" }).notNull(),
    upstreamStatus: integer("upstream_status"),
    /** Our error code when the call failed, else null. */
    errorCode: text("error_code"),
    latencyMs: integer("latency_ms").notNull(),
    upstreamMs: integer("upstream_ms"),
    at: integer("at").notNull(),
  },
  (t) => [index("calls_team_tool").on(t.teamId, t.tool), index("calls_at").on(t.at)],
);
