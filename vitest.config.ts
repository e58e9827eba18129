import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";
import { sandboxBaseUrls } from "./src/config/sandbox-urls";
import { SANDBOX_ADMIN_TOKEN } from "./test/setup/sandbox";
import type {} from "./test/bench/support/global-setup";

// Three projects: "workers" runs inside workerd (the cloudflareTest plugin belongs to it alone);
// "cli" runs the Node-side `kopa` CLI tests in plain Node; "web" drives the dashboard in headless
// Chromium against the local stack.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    test: {
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
                    BREAKER_COOLDOWN_MS: "800",
                    // One probe per upstream tool plus a few re-verifications per scheduled run.
                    GRAPH_CRON_BUDGET: "110",
                    TEST_MIGRATIONS: migrations,
                    SANDBOX_ORIGIN: origin,
                    SANDBOX_ADMIN_TOKEN,
                    // The scripted model server of the KOPA-Bench tests (a test double).
                    MODEL_ORIGIN: modelOrigin,
                  },
                },
              };
            }),
          ],
          test: {
            name: "workers",
            globalSetup: ["./test/setup/sandbox.ts", "./test/bench/support/global-setup.ts"],
            setupFiles: ["./test/setup/migrations.ts"],
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
            include: ["test/web/browser/**/*.test.ts"],
            testTimeout: 30_000,
          },
        },
      ],
    },
  };
});
