/**
 * Starts the local stack the way a team runs it: the sandbox Worker and the app Worker, each on
 * its own port, the app pointed at the sandbox through its provider base URLs (nothing else
 * differs from a deployment against the real hosts). D1 migrations are applied first.
 */
import { execFileSync } from "node:child_process";
import { unstable_startWorker } from "wrangler";
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
  log("applying D1 migrations");
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "kopa-edge", "--local", "--persist-to", options.persistTo], {
    stdio: "ignore",
    env: { ...process.env, CI: "true" },
  });

  log("starting the sandbox");
  const sandbox = await unstable_startWorker({
    config: "sandbox/wrangler.toml",
    dev: { server: { hostname: "127.0.0.1", port: options.sandboxPort }, inspector: false, persist: options.persistTo, watch: false, logLevel: "warn" },
  });
  await sandbox.ready;
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
