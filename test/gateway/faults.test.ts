/**
 * An outage: bounded retries, then the circuit breaker fails fast until a probe succeeds. (The breaker
 * is per provider and Durable Object state lasts for a test file, so each fault has its own file.)
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

describe("retries and the circuit breaker", () => {
  it("retries a failing upstream a bounded number of times, then opens the circuit and fails fast", async () => {
    await useTenant(await SandboxTenant.create("outage"));
    await tenant.configure({ scenarios: { kasi: [{ kind: "outage", status: 503 }] } });
    const first = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "01" } });
    expect(first.status).toBe(502);
    expect(first.body.error.code).toBe("UPSTREAM_FAILURE");
    expect((await tenant.stats()).calls["kasi.getRestDeInfo"]).toBe(3);

    await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "02" } });
    const upstreamSoFar = (await tenant.stats()).total;
    const fast = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "03" } });
    expect(fast.status).toBe(503);
    expect(fast.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect((await tenant.stats()).total).toBe(upstreamSoFar);

    // Once the outage ends and the cool-down passes, one probe closes the circuit.
    await tenant.configure({ scenarios: { kasi: [] } });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const probe = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "03" } });
    expect(probe.status).toBe(200);
    const after = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "05" } });
    expect(after.status).toBe(200);
  });
});
