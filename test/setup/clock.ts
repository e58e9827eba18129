/**
 * With KOPA_TEST_AT set, every file starts with the app's clock at that instant (advancing from
 * there), as the sandbox tenants' clocks are (test/setup/sandbox.ts, test/support/sandbox.ts).
 */
import { env } from "cloudflare:workers";
import { vi } from "vitest";

if (env.TEST_AT !== "") {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(env.TEST_AT));
}
