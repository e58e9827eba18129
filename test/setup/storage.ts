/**
 * Each test file starts from empty storage. Files share one runtime per pool worker (isolate: false
 * in vitest.config.ts, which saves a workerd start per file), so the previous file's Durable
 * Objects, D1 rows and cached answers are dropped here, then the migrations are applied again.
 */
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { purgeCopies } from "../../src/gateway/cache";

const stored = await env.DB.prepare("SELECT fingerprint FROM responses")
  .all<{ fingerprint: string }>()
  .catch(() => ({ results: [] }));
await purgeCopies(stored.results.map((row) => row.fingerprint));
await reset();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
