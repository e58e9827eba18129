/**
 * data.go.kr's plain-text "Unexpected errors" at HTTP 500 on a catalogued operation is a failing
 * backend or a moved endpoint, not a missing service: the gateway retries it, the circuit breaker
 * counts it, and other operations of the provider are paused with it. (The breaker is per provider
 * and lasts for a test file, so this fault has its own file.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { callTool, createTeam, request } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let team: { id: string; token: string };
let tenant: SandboxTenant;

beforeAll(async () => {
  team = await createTeam("unexpected-errors");
  tenant = await SandboxTenant.create("unexpected-errors");
  await request("/v1/keys/DATA_GO_KR_SERVICE_KEY", { method: "PUT", token: team.token, body: JSON.stringify({ key: tenant.keys.datagokr }) });
});

describe('a plain-text "Unexpected errors" on one operation', () => {
  it("is a transient UPSTREAM_FAILURE: retried, counted by the breaker, which then pauses the provider", async () => {
    await tenant.configure({ scenarios: { kasi: [{ kind: "unexpected_errors", op: "kasi.getRestDeInfo" }] } });
    // Another operation of the provider is not affected by the fault itself.
    const healthy = await callTool(team.token, "kasi_national_days", { args: { solYear: "2025", solMonth: "03" } });
    expect(healthy.status).toBe(200);

    const first = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "01" } });
    expect(first.status).toBe(502);
    expect(first.body.error.code).toBe("UPSTREAM_FAILURE");
    expect(first.body.error.message).toContain("Unexpected errors (HTTP 500)");
    // Retried: every attempt reached the operation.
    expect((await tenant.stats()).calls["kasi.getRestDeInfo"]).toBe(3);

    // The fifth failing attempt in a row opens the circuit (BREAKER_THRESHOLD 5): the second call stops there.
    const second = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "02" } });
    expect(second.body.error.code).toBe("UPSTREAM_FAILURE");
    expect((await tenant.stats()).calls["kasi.getRestDeInfo"]).toBe(5);

    // Counted by the breaker: the provider's other operations now fail fast, without an upstream call.
    const before = (await tenant.stats()).total;
    const paused = await callTool(team.token, "kasi_national_days", { args: { solYear: "2025", solMonth: "04" } });
    expect(paused.status).toBe(503);
    expect(paused.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect((await tenant.stats()).total).toBe(before);
  });
});
