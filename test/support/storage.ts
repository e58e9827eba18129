/**
 * Empty storage for a test file. Files share one runtime per pool worker (isolate: false in
 * vitest.config.ts, which saves a workerd start per file), so what the previous file left goes:
 * its Durable Objects, D1 rows and cached answers (reset() empties the Cache API as well), and the
 * per-isolate state built from them (the gateway's memory tier, the imported layer of the catalog,
 * the memoised gold runs of /v1/reward). Then the schema is created again: every migration's
 * statements in one batch, a single round trip instead of one per migration.
 */
import { reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { forgetImported } from "../../src/catalog/import/layer";
import { forgetMemoryTier } from "../../src/gateway/cache";
import { forgetGoldRuns } from "../../src/reward/reference";

export async function freshStorage(): Promise<void> {
  forgetMemoryTier();
  forgetImported();
  forgetGoldRuns();
  await reset();
  // Now and then the D1 database outlives reset() (its object was busy with the last file's late
  // writes): its tables go too, so no file sees another's rows.
  const { results: leftover } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
  if (leftover.length > 0) await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...leftover.map(({ name }) => env.DB.prepare(`DROP TABLE "${name}"`))]);
  await env.DB.batch(env.TEST_MIGRATIONS.flatMap((migration) => migration.queries).map((query) => env.DB.prepare(query)));
}
