/**
 * Garbled bodies and slow upstreams: retried a bounded number of times, then a typed error.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { callTool, createTeam, request } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let team: { id: string; token: string };
let tenant: SandboxTenant;

async function useTenant(t: SandboxTenant) {
  tenant = t;
  await request("/v1/keys/DATA_GO_KR_SERVICE_KEY", { method: "PUT", token: team.token, body: JSON.stringify({ key: t.keys.datagokr }) });
}

beforeAll(async () => {
  team = await createTeam("faults");
});

describe("garbled and slow upstreams", () => {
  it("retries a garbled body and reports it as garbled", async () => {
    await useTenant(await SandboxTenant.create("garbled"));
    await tenant.configure({ scenarios: { kasi: [{ kind: "garbled" }] } });
    const res = await callTool(team.token, "kasi_national_days", { args: { solYear: "2025", solMonth: "10" } });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("UPSTREAM_GARBLED");
    expect((await tenant.stats()).calls["kasi.getHoliDeInfo"]).toBe(3);
    await tenant.configure({ scenarios: { kasi: [] } });
  });

  // Three tries of 1.5 s each: a timeout is the upstream's failure, retried like a 5xx.
  it("gives a typed timeout when the upstream is slower than the limit", { timeout: 10_000 }, async () => {
    await useTenant(await SandboxTenant.create("slow"));
    await tenant.configure({ scenarios: { kasi: [{ kind: "slow", delayMs: 2500 }] } });
    const res = await callTool(team.token, "kasi_national_days", { args: { solYear: "2025", solMonth: "08" } });
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe("UPSTREAM_TIMEOUT");
    await tenant.configure({ scenarios: { kasi: [] } });
  });
});
