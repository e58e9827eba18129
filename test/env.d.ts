/** Bindings the test pool adds on top of wrangler.toml (see vitest.config.ts). */
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    SANDBOX_ORIGIN: string;
    SANDBOX_ADMIN_TOKEN: string;
    /** The scripted OpenAI-compatible model server of the KOPA-Bench tests (a test double). */
    MODEL_ORIGIN: string;
    /** The instant the suite's clock is pinned to (KOPA_TEST_AT), or "" for the real clock. */
    TEST_AT: string;
    /** "1" sends every KOPA-Bench task through the reward adversarial suite (npm run check:adversarial). */
    ADVERSARIAL_ALL: string;
  }
}
