/**
 * Quota exhaustion: a quota error is not retried, later calls are refused locally, stale answers are served.
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

describe("quota", () => {
  it("stops at the quota error without retrying, refuses further calls locally and serves stale answers", async () => {
    await useTenant(await SandboxTenant.create("quota"));
    const cached = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2024" } });
    expect(cached.status).toBe(200);
    await tenant.configure({ scenarios: { kasi: [{ kind: "quota" }] } });

    const spent = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2023" } });
    expect(spent.status).toBe(429);
    expect(spent.body.error.code).toBe("UPSTREAM_QUOTA_EXCEEDED");
    const afterSpent = (await tenant.stats()).total;

    const refused = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2022" } });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("QUOTA_EXCEEDED");
    expect((await tenant.stats()).total).toBe(afterSpent);

    const stale = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2024" }, cache: "no-cache" });
    expect(stale.status).toBe(200);
    expect(stale.body.meta).toMatchObject({ cache: "stale", degraded: "quota" });
    expect(stale.body.result).toEqual(cached.body.result);
    expect((await tenant.stats()).total).toBe(afterSpent);
  });
});
