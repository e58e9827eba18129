/**
 * Global setup (Node side): starts the embedded sandbox as its own Worker on a free local port,
 * exactly as `npm run dev` does, and hands its origin and the test tenant's keys to the pool.
 * The app under test reaches it over HTTP through the provider base URLs.
 */
import { createRequire } from "node:module";
import type { TestProject } from "vitest/node";

// Node loads wrangler itself: the workers project inlines every dependency (workerd has no
// node_modules), and through vite's transform wrangler's 11 MB bundle cost every run seconds of CPU.
const { unstable_startWorker } = createRequire(import.meta.url)("wrangler") as typeof import("wrangler");

export const SANDBOX_ADMIN_TOKEN = "kopa-sandbox-admin";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const worker = await unstable_startWorker({
    config: "sandbox/wrangler.toml",
    dev: { server: { hostname: "127.0.0.1", port: 0 }, inspector: false, persist: false, watch: false, logLevel: "warn" },
  });
  await worker.ready;
  const origin = (await worker.url).origin;
  const headers = { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" };
  const keys = await fetch(`${origin}/__admin/tenants/tests/keys`, { headers });
  if (!keys.ok) throw new Error(`sandbox did not hand out keys: HTTP ${keys.status}`);
  // KOPA_TEST_AT (see vitest.config.ts) pins the default tenant's clock as well.
  const at = process.env["KOPA_TEST_AT"];
  if (at) {
    const pinned = await fetch(`${origin}/__admin/tenants/tests/config`, { method: "PUT", headers, body: JSON.stringify({ clock: { mode: "fixed", at } }) });
    if (!pinned.ok) throw new Error(`sandbox did not pin the test tenant's clock: HTTP ${pinned.status}`);
  }
  project.provide("sandboxOrigin", origin);
  project.provide("sandboxKeys", (await keys.json()) as Record<string, string>);
  return async () => {
    await worker.dispose();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    sandboxOrigin: string;
    sandboxKeys: Record<string, string>;
  }
}
