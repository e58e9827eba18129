/**
 * Each test file starts from empty storage. Files share one runtime per pool worker (isolate: false
 * in vitest.config.ts, which saves a workerd start per file), so the previous file's Durable
 * Objects, D1 rows and cached answers are dropped here (reset() empties the Cache API as well;
 * the gateway's per-isolate memory tier is forgotten by hand), then the schema is created again:
 * every migration's statements in one batch, a single round trip instead of one per migration.
 */
import { reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { forgetMemoryTier } from "../../src/gateway/cache";

forgetMemoryTier();
await reset();
await env.DB.batch(env.TEST_MIGRATIONS.flatMap((migration) => migration.queries).map((query) => env.DB.prepare(query)));
