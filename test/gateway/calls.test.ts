/**
 * Gateway calls on the sandbox: cache outcomes, sharing across teams, argument validation,
 * local tools, batches and usage. Happy path, error cases and security cases.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { findTool } from "../../src/catalog";
import { parseArgs } from "../../src/gateway/execute";
import { callFingerprint } from "../../src/gateway/fingerprint";
import { callTool, createTeam, request, type CallResponse, type ErrorResponse } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let teamA: { id: string; token: string };
let teamB: { id: string; token: string };
let tenant: SandboxTenant;

beforeAll(async () => {
  teamA = await createTeam("team-a");
  teamB = await createTeam("team-b");
  tenant = await SandboxTenant.create("gateway-calls");
  // Team A calls upstream with its own key, so this file's upstream calls are counted apart.
  const res = await request("/v1/keys/DATA_GO_KR_SERVICE_KEY", { method: "PUT", token: teamA.token, body: JSON.stringify({ key: tenant.keys.datagokr }) });
  expect(res.status).toBe(200);
});

const upstreamCalls = async (op: string) => (await tenant.stats()).calls[op] ?? 0;

describe("cache outcomes", () => {
  it("misses once, then hits; argument order and explicit defaults do not change the fingerprint", async () => {
    const first = await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "05" } });
    expect(first.status).toBe(200);
    expect(first.body.meta.cache).toBe("miss");
    expect(first.body.result.items.map((i) => i["dateName"])).toContain("어린이날");
    const again = await callTool(teamA.token, "kasi_public_holidays", { args: { pageNo: 1, solMonth: "05", numOfRows: 50, solYear: "2026" } });
    expect(again.body.meta).toMatchObject({ cache: "hit", fingerprint: first.body.meta.fingerprint });
    expect(again.body.result).toEqual(first.body.result);
  });

  it("serves a response fetched for team A to team B", async () => {
    const a = await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "09" } });
    expect(a.body.meta.cache).toBe("miss");
    const before = await upstreamCalls("kasi.getRestDeInfo");
    const b = await callTool(teamB.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "09" } });
    expect(b.body.meta.cache).toBe("hit");
    expect(await upstreamCalls("kasi.getRestDeInfo")).toBe(before);
  });

  it('goes upstream for cache "no-cache" and refuses "only-if-cached" without a stored answer', async () => {
    const before = await upstreamCalls("kasi.getRestDeInfo");
    const fresh = await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "05" }, cache: "no-cache" });
    expect(fresh.body.meta.cache).toBe("miss");
    expect(await upstreamCalls("kasi.getRestDeInfo")).toBe(before + 1);
    const none = await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2027", solMonth: "06" }, cache: "only-if-cached" });
    expect(none.status).toBe(504);
    expect(none.body.error.code).toBe("NOT_CACHED");
    expect(await upstreamCalls("kasi.getRestDeInfo")).toBe(before + 1);
  });

  it("serves a stale answer at once and refreshes it in the background", async () => {
    const args = { args: { solYear: "2026", solMonth: "10" } };
    const first = await callTool(teamA.token, "kasi_national_days", args);
    expect(first.body.meta.cache).toBe("miss");
    const before = await upstreamCalls("kasi.getHoliDeInfo");
    // Eight days later the seven-day TTL of this static tool has passed, but not the stale window.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 8 * 24 * 3600_000);
      const stale = await callTool(teamA.token, "kasi_national_days", args);
      expect(stale.body.meta).toMatchObject({ cache: "stale", fetchedAt: first.body.meta.fetchedAt });
      await expect.poll(async () => (await callTool(teamA.token, "kasi_national_days", args)).body.meta.cache).toBe("hit");
      const refreshed = await callTool(teamA.token, "kasi_national_days", args);
      expect(Date.parse(refreshed.body.meta.fetchedAt)).toBeGreaterThan(Date.parse(first.body.meta.fetchedAt));
      expect(await upstreamCalls("kasi.getHoliDeInfo")).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("caches a no-data answer only briefly and never stores an upstream error", async () => {
    const empty = await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "04" } });
    expect(empty.body.result).toMatchObject({ ok: true, items: [] });
    const row = await env.DB.prepare("SELECT fetched_at, fresh_until FROM responses WHERE fingerprint = ?").bind(empty.body.meta.fingerprint).first<{ fetched_at: number; fresh_until: number }>();
    expect(row ? row.fresh_until - row.fetched_at : 0).toBeLessThanOrEqual(120_000);
    expect((await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "04" } })).body.meta.cache).toBe("hit");

    await tenant.configure({ scenarios: { kasi: [{ kind: "remove_param", param: "solMonth" }] } });
    const rejected = await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "11" } });
    await tenant.configure({ scenarios: { kasi: [] } });
    expect(rejected.status).toBe(422);
    expect(rejected.body.error.code).toBe("UPSTREAM_INVALID_PARAM");
    const tool = findTool("kasi_public_holidays");
    if (!tool) throw new Error("catalog without kasi_public_holidays");
    const fingerprint = await callFingerprint(tool.name, tool.version, parseArgs(tool, { solYear: "2025", solMonth: "11" }));
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM responses WHERE fingerprint = ?").bind(fingerprint).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});

describe("arguments", () => {
  it.each([
    ["a number where a string is expected", "kasi_public_holidays", { solYear: 2026 }, "args.solYear"],
    ["a string that breaks its format", "kasi_public_holidays", { solYear: "26" }, "args.solYear"],
    ["an out-of-range integer", "kasi_public_holidays", { solYear: "2026", numOfRows: 0 }, "args.numOfRows"],
    ["a missing required parameter", "kasi_public_holidays", {}, "args.solYear"],
    ["an unknown parameter", "kasi_public_holidays", { solYear: "2026", year: "2026" }, "args.year"],
    ["a value outside an enum", "kma_base_time", { product: "weekly" }, "args.product"],
    ["a number out of bounds", "kma_grid_from_wgs84", { lat: 91, lon: 127 }, "args.lat"],
    ["a malformed timestamp", "kma_base_time", { product: "ncst", at: "yesterday" }, "args.at"],
  ])("refuses %s with a 400 naming the field", async (_why, tool, args, field) => {
    const before = (await tenant.stats()).total;
    const res = await callTool(teamA.token, tool, { args });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_ARGUMENT");
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message.length).toBeGreaterThan(5);
    expect((await tenant.stats()).total).toBe(before);
  });

  it("refuses a body that is not JSON or has the wrong shape", async () => {
    const notJson = await request<ErrorResponse>("/v1/tools/kasi_public_holidays/call", { method: "POST", token: teamA.token, body: "{nope" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("INVALID_REQUEST");
    const badMode = await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2026" }, cache: "sometimes" });
    expect(badMode.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "cache" });
  });

  it("answers an unknown tool with 404", async () => {
    const res = await callTool(teamA.token, "no_such_tool", { args: {} });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("TOOL_NOT_FOUND");
  });

  it("runs a local utility tool locally", async () => {
    const before = (await tenant.stats()).total;
    const res = await callTool(teamA.token, "kma_grid_from_wgs84", { args: { lat: 37.5665, lon: 126.978 } });
    expect(res.body).toMatchObject({ result: { ok: true, items: [{ nx: 60, ny: 127 }] }, meta: { cache: "local" } });
    expect((await tenant.stats()).total).toBe(before);
  });
});

describe("POST /v1/calls:batch", () => {
  it("runs calls concurrently and returns results in order, failures in place", async () => {
    const res = await request<{ results: (({ ok: true } & CallResponse) | { ok: false; tool: string; error: { code: string } })[] }>("/v1/calls:batch", {
      method: "POST",
      token: teamA.token,
      body: JSON.stringify({
        calls: [
          { tool: "kasi_public_holidays", args: { solYear: "2027", solMonth: "02" } },
          { tool: "kma_grid_from_wgs84", args: { lat: 35.1631, lon: 129.1636 } },
          { tool: "no_such_tool", args: {} },
          { tool: "kasi_public_holidays", args: { solYear: "x" } },
          { tool: "kasi_national_days", args: { solYear: "2027", solMonth: "10" } },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.ok)).toEqual([true, true, false, false, true]);
    expect(res.body.results.map((r) => (r.ok ? r.tool : r.error.code))).toEqual(["kasi_public_holidays", "kma_grid_from_wgs84", "TOOL_NOT_FOUND", "INVALID_ARGUMENT", "kasi_national_days"]);
  });

  it("refuses an empty or oversized batch", async () => {
    const empty = await request<ErrorResponse>("/v1/calls:batch", { method: "POST", token: teamA.token, body: JSON.stringify({ calls: [] }) });
    expect(empty.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "calls" });
    const calls = Array.from({ length: 51 }, () => ({ tool: "kma_grid_from_wgs84", args: { lat: 37.5, lon: 127 } }));
    const big = await request<ErrorResponse>("/v1/calls:batch", { method: "POST", token: teamA.token, body: JSON.stringify({ calls }) });
    expect(big.status).toBe(400);
  });
});

describe("teams and usage", () => {
  it("needs a live team token on every /v1 route and says the same for unknown and revoked tokens", async () => {
    const temp = await createTeam("temp");
    expect((await callTool(temp.token, "kma_grid_from_wgs84", { args: { lat: 37.5, lon: 127 } })).status).toBe(200);
    const revoked = await request("/admin/teams/" + temp.id, { method: "DELETE", token: env.ADMIN_TOKEN });
    expect(revoked.status).toBe(200);
    const afterRevoke = await callTool(temp.token, "kma_grid_from_wgs84", { args: { lat: 37.5, lon: 127 } });
    const unknown = await callTool("kopa_not-a-token", "kma_grid_from_wgs84", { args: { lat: 37.5, lon: 127 } });
    const missing = await request<ErrorResponse>("/v1/usage");
    for (const res of [afterRevoke, unknown, missing]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("UNAUTHORIZED");
    }
    expect(afterRevoke.body.error.message).toBe(unknown.body.error.message);
  });

  it("guards /admin with the admin token", async () => {
    expect((await request("/admin/teams", { method: "POST", token: teamA.token, body: JSON.stringify({ name: "x" }) })).status).toBe(401);
    expect((await request("/admin/teams")).status).toBe(401);
    const missingTeam = await request<ErrorResponse>("/admin/teams/nope", { method: "DELETE", token: env.ADMIN_TOKEN });
    expect(missingTeam.body.error.code).toBe("TEAM_NOT_FOUND");
  });

  it("reports usage per tool: calls, cache hits, upstream calls, errors, latency and quota left", async () => {
    const team = await createTeam("usage");
    await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "05" } });
    await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2025", solMonth: "05" } });
    await callTool(team.token, "kma_grid_from_wgs84", { args: { lat: 37.5, lon: 127 } });
    await expect
      .poll(async () => (await request<{ tools: { tool: string }[] }>("/v1/usage", { token: team.token })).body.tools.length)
      .toBe(2);
    const res = await request<{ tools: { tool: string; calls: number; cacheHits: number; upstreamCalls: number; upstreamErrors: number; p50Ms: number; p95Ms: number; quotaLeft: number | null }[] }>("/v1/usage", { token: team.token });
    const holidays = res.body.tools.find((t) => t.tool === "kasi_public_holidays");
    expect(holidays).toMatchObject({ calls: 2, cacheHits: 1, upstreamCalls: 1, upstreamErrors: 0 });
    expect(holidays?.p95Ms).toBeGreaterThanOrEqual(holidays?.p50Ms ?? 0);
    expect(holidays?.quotaLeft).toBeGreaterThan(0);
    expect(res.body.tools.find((t) => t.tool === "kma_grid_from_wgs84")?.quotaLeft).toBeNull();
  });
});
