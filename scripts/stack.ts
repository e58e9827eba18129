/**
 * Starts the local stack the way a team runs it: the sandbox Worker and the app Worker, each on
 * its own port, the app pointed at the sandbox through its provider base URLs (nothing else
 * differs from a deployment against the real hosts). D1 migrations are applied first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_readConfig, unstable_splitSqlQuery, unstable_startWorker } from "wrangler";
import { sandboxBaseUrls, sandboxImportVars } from "../src/config/sandbox-urls";

export const SANDBOX_ADMIN_TOKEN = "kopa-sandbox-admin";

export interface StackOptions {
  /** Directory of local state (D1, Durable Objects); reused across runs when it exists. */
  persistTo: string;
  appPort: number;
  sandboxPort: number;
  /** Sandbox tenant whose keys the app uses. */
  tenant: string;
  adminToken: string;
  masterKey: string;
  /** Overrides of the app's `[vars]` (gateway tuning). */
  vars?: Record<string, string>;
  /** Serve the app Worker's inspector on this port (for a CPU profile); off when unset. */
  inspectorPort?: number;
  log?: (line: string) => void;
}

export interface Stack {
  appUrl: string;
  /** The app Worker's inspector, when `inspectorPort` was given. */
  appInspectorUrl: URL | undefined;
  sandboxUrl: string;
  adminToken: string;
  dispose(): Promise<void>;
}

process.env["WRANGLER_SEND_METRICS"] ??= "false";
process.env["CLOUDFLARE_CF_FETCH_ENABLED"] ??= "false";

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => undefined);
  log("applying D1 migrations and starting the sandbox");
  const sandbox = await unstable_startWorker({
    config: "sandbox/wrangler.toml",
    dev: { server: { hostname: "127.0.0.1", port: options.sandboxPort }, inspector: false, persist: options.persistTo, watch: false, logLevel: "warn" },
  });
  await Promise.all([applyLocalMigrations(options.persistTo), sandbox.ready]);
  const sandboxUrl = (await sandbox.url).origin;
  const keysRes = await fetch(`${sandboxUrl}/__admin/tenants/${options.tenant}/keys`, { headers: { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` } });
  if (!keysRes.ok) throw new Error(`the sandbox did not hand out keys (HTTP ${keysRes.status})`);
  const keys = (await keysRes.json()) as Record<string, string>;

  log("starting the app");
  const plain = (value: string) => ({ type: "plain_text" as const, value });
  const secret = (value: string) => ({ type: "secret_text" as const, value });
  const bindings = {
    ...Object.fromEntries(Object.entries({ ...sandboxBaseUrls(sandboxUrl), ...sandboxImportVars(sandboxUrl) }).map(([name, url]) => [name, plain(url)])),
    SANDBOX_ADMIN_TOKEN: secret(SANDBOX_ADMIN_TOKEN),
    DATA_GO_KR_SERVICE_KEY: secret(keys["datagokr"] ?? ""),
    SEOUL_OPENAPI_KEY: secret(keys["seoul"] ?? ""),
    SEOUL_SUBWAY_KEY: secret(keys["seoul_subway"] ?? ""),
    JUSO_SEARCH_KEY: secret(keys["juso_search"] ?? ""),
    JUSO_COORD_KEY: secret(keys["juso_coord"] ?? ""),
    ADMIN_TOKEN: secret(options.adminToken),
    MASTER_KEY: secret(options.masterKey),
    // On one's own machine the operator's model server (vLLM, a tunnel's end, the scripted model)
    // listens on loopback: allowed here, unlike in a deployment.
    MODEL_URL_ALLOW: plain("*,127.0.0.1,localhost,[::1]"),
    ...Object.fromEntries(Object.entries(options.vars ?? {}).map(([name, value]) => [name, plain(value)])),
  };
  const app = await unstable_startWorker({
    config: "wrangler.toml",
    bindings,
    dev: { server: { hostname: "127.0.0.1", port: options.appPort }, inspector: options.inspectorPort === undefined ? false : { hostname: "127.0.0.1", port: options.inspectorPort }, persist: options.persistTo, watch: false, logLevel: process.env["BENCH_LOG"] ? "log" : "warn" },
  });
  await app.ready;
  const appUrl = (await app.url).origin;
  return {
    appUrl,
    appInspectorUrl: options.inspectorPort === undefined ? undefined : await app.inspectorUrl,
    sandboxUrl,
    adminToken: options.adminToken,
    async dispose() {
      await app.dispose();
      await sandbox.dispose();
    },
  };
}

/**
 * What `wrangler d1 migrations apply --local --persist-to` does, in this process: the app's D1
 * database in the same state directory, each unapplied file of its migrations directory run in one
 * batch and recorded in `d1_migrations` (so wrangler's own command agrees on what is applied).
 * Spawning wrangler's CLI for it took 6–15 s of a 2-core machine; this takes about one.
 */
async function applyLocalMigrations(persistTo: string): Promise<void> {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const d1 = config.d1_databases[0];
  if (!d1?.database_id || !d1.migrations_dir) throw new Error("wrangler.toml declares no D1 database with a migrations_dir");
  const table = d1.migrations_table ?? "d1_migrations";
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch: () => new Response(null, { status: 404 }) };",
    d1Databases: { DB: d1.preview_database_id ?? d1.database_id },
    // wrangler keeps local D1 state under <persist-to>/v3/d1.
    d1Persist: join(persistTo, "v3", "d1"),
  });
  try {
    const db = await mf.getD1Database("DB");
    await db.prepare(`CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`).run();
    const applied = new Set((await db.prepare(`SELECT name FROM ${table}`).all<{ name: string }>()).results.map((row) => row.name));
    const files = readdirSync(d1.migrations_dir).filter((name) => name.endsWith(".sql")).sort();
    for (const name of files) {
      if (applied.has(name)) continue;
      const queries = unstable_splitSqlQuery(readFileSync(join(d1.migrations_dir, name), "utf8"));
      await db.batch([...queries.map((query) => db.prepare(query)), db.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(name)]);
    }
  } finally {
    await mf.dispose();
  }
}
