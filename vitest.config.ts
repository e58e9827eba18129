import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";
import { z } from "zod";
import { sandboxBaseUrls, sandboxImportVars } from "./src/config/sandbox-urls";
import { SANDBOX_ADMIN_TOKEN } from "./test/setup/sandbox";
import type {} from "./test/bench/support/global-setup";

// Three projects: "workers" runs inside workerd (the cloudflareTest plugin belongs to it alone);
// "cli" runs the Node-side `kopa` CLI tests in plain Node; "web" drives the dashboard in headless
// Chromium against the local stack.
// KOPA_TEST_AT pins the suite's clock (the app's and the sandbox tenants') to one instant, to run the
// time-sensitive files as at another hour: KOPA_TEST_AT=2026-11-30T03:00:00+09:00 npm test. It must
// lie in the past: Durable Object alarms fire on workerd's own clock, which no test can move.
const testAt = z
  .string()
  .datetime({ offset: true })
  .refine((at) => Date.parse(at) < Date.now(), "KOPA_TEST_AT must lie in the past")
  .optional()
  .parse(process.env["KOPA_TEST_AT"] || undefined);

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    test: {
      // Three files at once on two cores: the workers files wait on the sandbox, the scripted model
      // and timers for much of their time, and with two at once the cores sat a quarter idle. In
      // interleaved runs of `npm test`, three took 154 s and 158 s, four 172 s and 166 s (each
      // runtime costs its start, and more of them contend). One queue for all three projects, so
      // the Node-side files run while the workers runtimes start.
      maxWorkers: 3,
      projects: [
        {
          plugins: [
            cloudflareTest(({ inject }) => {
              const origin = inject("sandboxOrigin");
              const keys = inject("sandboxKeys");
              const modelOrigin = inject("modelOrigin");
              return {
                main: "./src/index.ts",
                wrangler: { configPath: "./wrangler.toml" },
                miniflare: {
                  bindings: {
                    ...sandboxBaseUrls(origin),
                    ...sandboxImportVars(origin),
                    DATA_GO_KR_SERVICE_KEY: keys["datagokr"] ?? "",
                    SEOUL_OPENAPI_KEY: keys["seoul"] ?? "",
                    SEOUL_SUBWAY_KEY: keys["seoul_subway"] ?? "",
                    JUSO_SEARCH_KEY: keys["juso_search"] ?? "",
                    JUSO_COORD_KEY: keys["juso_coord"] ?? "",
                    ADMIN_TOKEN: "test-admin-token",
                    MASTER_KEY: "test-master-key-0123456789abcdef",
                    // Faster fault handling than production so fault tests stay short.
                    UPSTREAM_TIMEOUT_MS: "1500",
                    RETRY_BASE_MS: "20",
                    BREAKER_COOLDOWN_MS: "2000",
                    // One probe per upstream tool plus a few re-verifications per scheduled run.
                    GRAPH_CRON_BUDGET: "110",
                    TEST_MIGRATIONS: migrations,
                    SANDBOX_ORIGIN: origin,
                    SANDBOX_ADMIN_TOKEN,
                    // The scripted model server of the KOPA-Bench tests (a test double).
                    MODEL_ORIGIN: modelOrigin,
                    // It listens on loopback, which model endpoints may use only when the operator says so.
                    MODEL_URL_ALLOW: "*,127.0.0.1",
                    TEST_AT: testAt ?? "",
                    ADVERSARIAL_ALL: process.env["ADVERSARIAL_ALL"] ?? "",
                  },
                },
              };
            }),
          ],
          test: {
            name: "workers",
            // One workerd runtime per pool worker for all its files (a start per file cost ~3 s);
            // test/setup/storage.ts empties storage before each file instead.
            isolate: false,
            // Calls go through workerd and the sandbox over HTTP: on a loaded 2-core machine a single
            // test may take seconds, so a time limit here catches hangs, not slowness.
            testTimeout: 30_000,
            hookTimeout: 120_000,
            globalSetup: ["./test/setup/sandbox.ts", "./test/bench/support/global-setup.ts"],
            setupFiles: ["./test/setup/storage.ts", "./test/setup/clock.ts"],
            include: ["src/**/*.test.ts", "test/**/*.test.ts"],
            exclude: [...configDefaults.exclude, "src/cli/**", "test/cli/**", "test/web/browser/**"],
          },
        },
        {
          test: {
            name: "cli",
            environment: "node",
            include: ["test/cli/**/*.test.ts"],
          },
        },
        {
          test: {
            name: "web",
            environment: "node",
            globalSetup: ["./test/web/browser/global-setup.ts"],
            include: ["test/web/browser/**/*.test.ts"],
            testTimeout: 30_000,
          },
        },
      ],
    },
  };
});
