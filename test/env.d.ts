/** Bindings the test pool adds on top of wrangler.toml (see vitest.config.ts). */
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    SANDBOX_ORIGIN: string;
    SANDBOX_ADMIN_TOKEN: string;
    /** The scripted OpenAI-compatible model server of the KOPA-Bench tests (a test double). */
    MODEL_ORIGIN: string;
  }
}
