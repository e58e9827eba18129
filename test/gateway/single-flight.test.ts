/** Concurrent identical cache misses go upstream once; the others wait for that one call. */
import { beforeAll, expect, it } from "vitest";
import { callTool, createTeam, request } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let team: { id: string; token: string };
let tenant: SandboxTenant;

beforeAll(async () => {
  team = await createTeam("flight");
  tenant = await SandboxTenant.create("single-flight");
  await request("/v1/keys/DATA_GO_KR_SERVICE_KEY", { method: "PUT", token: team.token, body: JSON.stringify({ key: tenant.keys.datagokr }) });
  // A slow upstream widens the window in which the 50 calls overlap.
  await tenant.configure({ scenarios: { kasi: [{ kind: "slow", delayMs: 300 }] } });
});

it("turns 50 concurrent identical cold calls into exactly one upstream call", async () => {
  const responses = await Promise.all(Array.from({ length: 50 }, () => callTool(team.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "12" } })));
  expect(responses.every((r) => r.status === 200)).toBe(true);
  expect((await tenant.stats()).calls["kasi.getRestDeInfo"]).toBe(1);
  const outcomes = responses.map((r) => r.body.meta.cache);
  expect(outcomes.filter((o) => o === "miss")).toHaveLength(1);
  expect(outcomes.filter((o) => o === "coalesced").length).toBeGreaterThan(0);
  expect(outcomes.every((o) => o === "miss" || o === "coalesced" || o === "hit")).toBe(true);
  expect(new Set(responses.map((r) => JSON.stringify(r.body.result))).size).toBe(1);
});
