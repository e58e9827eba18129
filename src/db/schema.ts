/**
 * The one D1 schema (drizzle). SQL migrations are generated from it into `migrations/` with
 * `npm run db:generate` and applied by wrangler (dev, deploy) and by the test setup.
 * No table holds a service key in clear or a call's arguments.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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

/**
 * Named, immutable sets of stored responses: replaying them needs no upstream call. A snapshot
 * belongs to a team (names are unique per team); others see it only when its owner shares it.
 */
export const snapshots = sqliteTable(
  "snapshots",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    entryCount: integer("entry_count").notNull(),
    createdAt: integer("created_at").notNull(),
    /** The owning team; null for snapshots made before snapshots had owners (the operator's, shared). */
    teamId: text("team_id"),
    /** Whether other teams may replay it (as `<owner team>/<name>`). */
    shared: integer("shared", { mode: "boolean" }).notNull().default(false),
    /** False for imported snapshots (and those from before owners): their answers came from a file, not from the upstreams. */
    verified: integer("verified", { mode: "boolean" }).notNull().default(true),
    /** The instant the answers belong to (a benchmark snapshot's pinned world); null when unknown. */
    at: integer("at"),
    /** The tool catalog the answers were recorded under (see src/bench/world.ts catalogVersion). */
    catalogVersion: text("catalog_version"),
    /** The KOPA-Bench task set the snapshot was recorded for (its hash). */
    taskSet: text("task_set"),
  },
  (t) => [uniqueIndex("snapshots_team_name").on(t.teamId, t.name)],
);

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

/**
 * Dashboard sessions: the cookie holds a random session id, never the team's token; only its
 * SHA-256 is stored. Logging out deletes the row.
 */
export const webSessions = sqliteTable(
  "web_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    teamId: text("team_id").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("web_sessions_team").on(t.teamId), index("web_sessions_expires").on(t.expiresAt)],
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

// ---------------------------------------------------------------- EDGE graph

/** One row per tool: its version and the shape (field names and value types) of its last real answer. */
export const graphTools = sqliteTable("graph_tools", {
  name: text("name").primaryKey(),
  version: integer("version").notNull(),
  /** JSON: Record<field, type> of the last non-empty answer seen. */
  shape: text("shape"),
  shapeHash: text("shape_hash"),
  probedAt: integer("probed_at"),
});

/**
 * A link "fields of tool A's output can be passed as parameters of tool B": one edge per (A, B)
 * with one or more bindings. Its status changes only on execution evidence.
 */
export const graphEdges = sqliteTable(
  "graph_edges",
  {
    id: text("id").primaryKey(),
    fromTool: text("from_tool").notNull(),
    toTool: text("to_tool").notNull(),
    /** JSON: { field, param, score, reasons[] }[] — what a walk sends: the verified bindings of a verified edge, else the candidates */
    bindings: text("bindings").notNull(),
    /** JSON: every binding the candidate scoring proposed (null on rows older than it: then `bindings`) */
    candidateBindings: text("candidate_bindings"),
    score: integer("score_pct").notNull(),
    /** JSON: string[] — why the candidate was proposed. */
    reasons: text("reasons").notNull(),
    /** candidate | verified | rejected | stale | inconclusive | untested */
    status: text("status").notNull(),
    statusReason: text("status_reason"),
    /** What the status rests on: dependent | conversion for a verified edge, else the deciding outcome */
    basis: text("basis"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** When the newest evidence was taken (null before the first verification). */
    checkedAt: integer("checked_at"),
  },
  (t) => [index("graph_edges_status").on(t.status), index("graph_edges_from").on(t.fromTool), index("graph_edges_to").on(t.toTool)],
);

/** Every verification attempt of an edge, kept as history. */
export const graphEvidence = sqliteTable(
  "graph_evidence",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    edgeId: text("edge_id").notNull(),
    at: integer("at").notNull(),
    /** verified | rejected | inconclusive | untested */
    verdict: text("verdict").notNull(),
    basis: text("basis"),
    tries: integer("tries").notNull(),
    /** JSON: Record<outcome, count> */
    outcomes: text("outcomes").notNull(),
    /** JSON: the bound values tried, one object per try */
    samples: text("samples").notNull(),
    /** JSON: fingerprints of the responses */
    fingerprints: text("fingerprints").notNull(),
    /** JSON: every try with its arguments, its controls and why it counted */
    trials: text("trials").notNull().default("[]"),
    /** JSON: source values that could not be sent, and why */
    skipped: text("skipped").notNull().default("[]"),
    upstreamCalls: integer("upstream_calls").notNull(),
    graphVersion: integer("graph_version").notNull(),
    /** What answered the calls: replica (the sandbox), real (the real hosts), mixed, or local tools only. */
    against: text("against").notNull().default("unknown"),
  },
  (t) => [index("graph_evidence_edge").on(t.edgeId, t.at)],
);

/** A tool's response shape changed between two real answers. */
export const graphDrift = sqliteTable("graph_drift", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tool: text("tool").notNull(),
  at: integer("at").notNull(),
  before: text("before").notNull(),
  after: text("after").notNull(),
  added: text("added").notNull(),
  removed: text("removed").notNull(),
  retyped: text("retyped").notNull(),
  /** JSON: ids of the edges marked stale by it */
  staleEdges: text("stale_edges").notNull(),
});

/** Every change of the verified edge set bumps the version; exports and synthesis record it. */
export const graphVersions = sqliteTable("graph_versions", {
  version: integer("version").primaryKey(),
  at: integer("at").notNull(),
  verified: integer("verified").notNull(),
  /** JSON: the ids of the verified edges of this version */
  edges: text("edges").notNull(),
  /** JSON: { added: string[], removed: string[] } against the previous version */
  change: text("change").notNull(),
});

/** Build, verify and re-verify jobs with their progress (the state lives in a GraphJob object). */
export const graphJobs = sqliteTable("graph_jobs", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  status: text("status").notNull(),
  teamId: text("team_id").notNull(),
  /** JSON: the job's parameters (budget, samples per edge, share) */
  params: text("params").notNull(),
  /** JSON: progress counters */
  progress: text("progress").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  finishedAt: integer("finished_at"),
  error: text("error"),
});

// ---------------------------------------------------------------- EDGE synthesis

/** A synthesis job: its parameters, progress counters and status (its walks are SynthWalk objects). */
export const synthJobs = sqliteTable("synth_jobs", {
  id: text("id").primaryKey(),
  teamId: text("team_id").notNull(),
  status: text("status").notNull(),
  /** JSON: target, shapes, providers, budget, seed, snapshot, concurrency */
  params: text("params").notNull(),
  /** JSON: planned, running, done, kept, failed by reason, rejected by filter, calls used */
  progress: text("progress").notNull(),
  graphVersion: integer("graph_version").notNull(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  finishedAt: integer("finished_at"),
});

/** One finished walk turned into an example, kept or rejected by the filters. */
export const synthExamples = sqliteTable(
  "synth_examples",
  {
    id: text("id").primaryKey(),
    jobId: text("job_id").notNull(),
    shape: text("shape").notNull(),
    kept: integer("kept", { mode: "boolean" }).notNull(),
    /** The first filter that rejected it, or null. */
    rejection: text("rejection"),
    signature: text("signature").notNull(),
    /** JSON: the whole example (request, answer, facts, calls, reference plan, filter report) */
    example: text("example").notNull(),
    calls: integer("calls").notNull(),
    upstreamCalls: integer("upstream_calls").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("synth_examples_job").on(t.jobId, t.kept), index("synth_examples_signature").on(t.jobId, t.signature)],
);

// ---- KOPA-Bench

/** The benchmark's tasks as loaded from the versioned files (`src/bench/tasks/*.json`). */
export const benchTasks = sqliteTable("bench_tasks", {
  id: text("id").primaryKey(),
  version: integer("version").notNull(),
  shape: text("shape").notNull(),
  level: integer("level").notNull(),
  /** JSON: the providers of the gold plan's tools ("local" for utility tools) */
  providers: text("providers").notNull(),
  requestKo: text("request_ko").notNull(),
  goldCalls: integer("gold_calls").notNull(),
  /** JSON: the whole task as in its file */
  task: text("task").notNull(),
  /** SHA-256 of the task JSON: a sync rewrites only changed tasks. */
  hash: text("hash").notNull(),
  syncedAt: integer("synced_at").notNull(),
});

/**
 * A benchmark run: suite, model endpoint (without secrets), settings and status. The summary is
 * written when the run ends or is re-scored.
 */
export const benchRuns = sqliteTable(
  "bench_runs",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").notNull(),
    /** kopa | bfcl:<category> */
    suite: text("suite").notNull(),
    label: text("label").notNull(),
    model: text("model").notNull(),
    /** JSON: { baseUrl, model, apiKey: boolean, access: boolean } — never a secret */
    endpoint: text("endpoint").notNull(),
    /** JSON: decoding, maxSteps, k, concurrency, timeouts, filter */
    params: text("params").notNull(),
    /** live | replay */
    mode: text("mode").notNull(),
    snapshot: text("snapshot"),
    /** The run's moment: time tokens and the system prompt's date */
    now: integer("now").notNull(),
    /** queued | running | done | failed | cancelled */
    status: text("status").notNull(),
    /** JSON: the item ids selected */
    items: text("items").notNull(),
    attemptsPlanned: integer("attempts_planned").notNull(),
    attemptsDone: integer("attempts_done").notNull(),
    /** JSON: RunSummary */
    summary: text("summary"),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
    /** The tool catalog version the run was made under (leaderboard key). */
    catalogVersion: text("catalog_version"),
    /** The hash of the task set the run was made under (leaderboard key). */
    taskSet: text("task_set"),
    /** The id of the snapshot the run records into and replays from: its pinned world. */
    world: text("world"),
  },
  (t) => [index("bench_runs_team").on(t.teamId, t.createdAt)],
);

/** A task's gold plan as re-executed for a run (the facts the run is scored against). */
export const benchGold = sqliteTable(
  "bench_gold",
  {
    runId: text("run_id").notNull(),
    taskId: text("task_id").notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    /** `<step>: <reason>` when the gold failed: the task is unscorable in this run. */
    reason: text("reason"),
    /** JSON: PlanRun */
    run: text("run").notNull(),
    ms: integer("ms").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.taskId] })],
);

/** One attempt of one item, with its full trajectory. A stored attempt is never run again. */
export const benchAttempts = sqliteTable(
  "bench_attempts",
  {
    runId: text("run_id").notNull(),
    itemId: text("item_id").notNull(),
    attempt: integer("attempt").notNull(),
    /** done | model_error | unscorable */
    status: text("status").notNull(),
    /** JSON: Trajectory (null for an unscorable task: the model was not asked) */
    trajectory: text("trajectory"),
    steps: integer("steps").notNull(),
    toolCalls: integer("tool_calls").notNull(),
    modelMs: integer("model_ms").notNull(),
    toolMs: integer("tool_ms").notNull(),
    totalMs: integer("total_ms").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.itemId, t.attempt] })],
);

/** The score of one attempt (rewritten by a re-score). */
export const benchScores = sqliteTable(
  "bench_scores",
  {
    runId: text("run_id").notNull(),
    itemId: text("item_id").notNull(),
    attempt: integer("attempt").notNull(),
    scorable: integer("scorable", { mode: "boolean" }).notNull(),
    pass: integer("pass", { mode: "boolean" }).notNull(),
    errorType: text("error_type"),
    /** JSON: KopaScore | BfclScore */
    detail: text("detail").notNull(),
    scoredAt: integer("scored_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.itemId, t.attempt] })],
);

/**
 * Imported tools (src/catalog/import): the current version of each, as data (the spec the gateway
 * calls it by and the model the sandbox replicates it from). `search` is the lower-case text the
 * catalog and the dashboard search in.
 */
export const importedTools = sqliteTable(
  "imported_tools",
  {
    name: text("name").primaryKey(),
    version: integer("version").notNull(),
    provider: text("provider").notNull(),
    /** The provider (name, host, origin, daily quota) as JSON. */
    providerInfo: text("provider_info").notNull(),
    host: text("host").notNull(),
    search: text("search").notNull(),
    /** An ImportedSpec as JSON. */
    spec: text("spec").notNull(),
    /** The replica model as JSON. */
    replica: text("replica").notNull(),
    /** SHA-256 of spec and replica: a re-import that changes nothing keeps the version. */
    hash: text("hash").notNull(),
    importId: text("import_id").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("imported_tools_provider").on(t.provider), index("imported_tools_updated").on(t.updatedAt)],
);

/** Every version an imported tool has had (the current one included). */
export const importedToolVersions = sqliteTable(
  "imported_tool_versions",
  {
    name: text("name").notNull(),
    version: integer("version").notNull(),
    spec: text("spec").notNull(),
    hash: text("hash").notNull(),
    importId: text("import_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.version] })],
);

/** One import: what it read, added, changed, left alone and rejected (with reasons). */
export const catalogImports = sqliteTable("catalog_imports", {
  id: text("id").primaryKey(),
  documents: integer("documents").notNull(),
  operations: integer("operations").notNull(),
  added: integer("added").notNull(),
  changed: integer("changed").notNull(),
  unchanged: integer("unchanged").notNull(),
  /** Rejection[] as JSON. */
  rejected: text("rejected").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** One row: bumped on every change of the imported tools, so every isolate knows when to reload. */
export const catalogState = sqliteTable("catalog_state", {
  id: integer("id").primaryKey(),
  generation: integer("generation").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
