/**
 * The shared parts of the gateway, keyed by what is shared: one team's odd arguments never pause a
 * provider for the others (findings 1, 10), one team cannot spend another's part of a shared key
 * (5), and a call joins only a call made with the same key (6).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { keyIdOf } from "../../src/gateway/teams";
import { callTool, createTeam, request, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let teamA: { id: string; token: string };
let teamB: { id: string; token: string };

const breaker = async (provider: string, key: string) => env.CIRCUIT_BREAKER.get(env.CIRCUIT_BREAKER.idFromName(`${provider}:${await keyIdOf(key)}`)).status();

beforeAll(async () => {
  teamA = await createTeam("shared-a");
  teamB = await createTeam("shared-b");
});

describe("finding 1: one team cannot pause a provider for every team", () => {
  it("refuses `.` and `..` as a path parameter before anything goes upstream, and A's calls go on", async () => {
    for (const STATION_NM of ["..", "."]) {
      for (let i = 0; i < 2; i++) {
        const res = await callTool(teamB.token, "seoul_subway_station_search", { args: { STATION_NM } });
        expect(res.status, res.text).toBe(400);
        expect(res.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "args.STATION_NM" });
      }
    }
    expect(await breaker("seoul_openapi", env.SEOUL_OPENAPI_KEY)).toEqual({ state: "closed", failures: 0 });
    const a = await callTool(teamA.token, "seoul_subway_station_search", { args: { STATION_NM: "강남" } });
    expect(a.status, a.text).toBe(200);
    expect(a.body.result.items.length).toBeGreaterThan(0);
  });

  it("takes an unparseable 4xx (a 404 page, a firewall's refusal) as the caller's problem: no retry, no breaker", async () => {
    // The operator's Seoul key, but an upstream that answers every path with a plain-text 404.
    const firewall = { SEOUL_OPENAPI_BASE_URL: `${env.SANDBOX_ORIGIN}/firewall` };
    for (const STATION_NM of ["사당", "홍대입구", "잠실", "신촌"]) {
      const res = await callTool(teamB.token, "seoul_subway_station_search", { args: { STATION_NM } }, firewall);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe("UPSTREAM_INVALID_PARAM");
    }
    expect(await breaker("seoul_openapi", env.SEOUL_OPENAPI_KEY)).toEqual({ state: "closed", failures: 0 });
    const a = await callTool(teamA.token, "seoul_subway_station_search", { args: { STATION_NM: "교대" } });
    expect(a.status, a.text).toBe(200);
    expect(a.body.meta.cache).toBe("miss");
  });

  it("counts upstream failures per (provider, key): B's failing key does not pause A's", async () => {
    const [a, b] = [await createTeam("breaker-a"), await createTeam("breaker-b")];
    const [tenantA, tenantB] = [await SandboxTenant.create("breaker-a"), await SandboxTenant.create("breaker-b")];
    await useTenantKeys(a.token, tenantA.keys);
    await useTenantKeys(b.token, tenantB.keys);
    await tenantB.configure({ scenarios: { kasi: [{ kind: "outage", status: 503 }] } });
    for (const solMonth of ["01", "02"]) expect((await callTool(b.token, "kasi_public_holidays", { args: { solYear: "2024", solMonth } })).status).toBe(502);
    expect((await callTool(b.token, "kasi_public_holidays", { args: { solYear: "2024", solMonth: "03" } })).body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    const res = await callTool(a.token, "kasi_public_holidays", { args: { solYear: "2024", solMonth: "04" } });
    expect(res.status, res.text).toBe(200);
  });
});

describe("finding 10: text no URL can carry", () => {
  it("answers a lone surrogate in an argument with a 400 naming it, not a 500", async () => {
    const body = String.raw`{"args":{"STATION_NM":"\ud800"}}`;
    const res = await request<{ error: { code: string; field: string } }>("/v1/tools/seoul_subway_station_search/call", { method: "POST", token: teamA.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "args.STATION_NM" });
    const batch = await request<{ results: { ok: boolean; error?: { field?: string } }[] }>("/v1/calls:batch", {
      method: "POST",
      token: teamA.token,
      body: String.raw`{"calls":[{"tool":"kasi_public_holidays","args":{"solYear":"2026","solMonth":"\udc00"}}]}`,
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results[0]).toMatchObject({ ok: false, error: { field: "args.solMonth" } });
  });
});

describe("finding 5: per-team shares of a shared key", () => {
  it("stops a team at its share of the operator's key, no-cache calls included, and leaves the others theirs", async () => {
    // A key of ten calls a day: each team may spend half of it by default.
    const daily = 10;
    const vars = { QUOTA_OVERRIDES: JSON.stringify({ kasi: daily }) };
    for (let year = 2001; year <= 2005; year++) {
      const res = await callTool(teamB.token, "kasi_national_days", { args: { solYear: String(year) } }, vars);
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta.cache).toBe("miss");
    }
    const over = await callTool(teamB.token, "kasi_national_days", { args: { solYear: "2006" } }, vars);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("QUOTA_EXCEEDED");
    expect(over.body.error.message).toMatch(/share/);
    // Asking again without the cache draws from B's share too: only the stored answer is left.
    const again = await callTool(teamB.token, "kasi_national_days", { args: { solYear: "2001" }, cache: "no-cache" }, vars);
    expect(again.status).toBe(200);
    expect(again.body.meta).toMatchObject({ cache: "stale", degraded: "quota" });

    const a = await callTool(teamA.token, "kasi_national_days", { args: { solYear: "2006" } }, vars);
    expect(a.status, a.text).toBe(200);
    expect(a.body.meta.cache).toBe("miss");
    const usage = async (token: string) =>
      (await request<{ tools: { tool: string; quotaLeft: number | null }[] }>("/v1/usage", { token, vars })).body.tools.find((t) => t.tool === "kasi_national_days")?.quotaLeft;
    expect(await usage(teamB.token)).toBe(0);
    expect(await usage(teamA.token)).toBe(daily / 2 - 1);

    // The operator may give a team more, or less, than the default.
    const more = { ...vars, QUOTA_TEAM_SHARES: JSON.stringify({ [teamB.id]: 0.7 }) };
    expect((await callTool(teamB.token, "kasi_national_days", { args: { solYear: "2009" } }, more)).status).toBe(200);
    expect((await callTool(teamB.token, "kasi_national_days", { args: { solYear: "2010" } }, more)).status).toBe(200);
    expect((await callTool(teamB.token, "kasi_national_days", { args: { solYear: "2011" } }, more)).status).toBe(429);
  });
});

describe("finding 6: single flight joins only calls made with the same key", () => {
  it("never hands A the answer of B's call made with B's failing key, nor B the answer of A's", async () => {
    const [a, b] = [await createTeam("flight-a"), await createTeam("flight-b")];
    const [tenantA, tenantB] = [await SandboxTenant.create("flight-a"), await SandboxTenant.create("flight-b")];
    await useTenantKeys(a.token, tenantA.keys);
    await useTenantKeys(b.token, tenantB.keys);
    const args = { args: { solYear: "2027", solMonth: "05" } };

    await tenantB.configure({ scenarios: { kasi: [{ kind: "slow", delayMs: 400 }, { kind: "quota" }] } });
    const bFirst = callTool(b.token, "kasi_public_holidays", args);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const aJoined = await callTool(a.token, "kasi_public_holidays", args);
    expect((await bFirst).body.error.code).toBe("UPSTREAM_QUOTA_EXCEEDED");
    expect(aJoined.status, aJoined.text).toBe(200);
    expect(aJoined.body.meta.cache).toBe("miss");
    expect((await tenantA.stats()).calls["kasi.getRestDeInfo"]).toBe(1);

    // The other way round (B's key is spent for today now: team C stands in for it).
    const c = await createTeam("flight-c");
    const tenantC = await SandboxTenant.create("flight-c");
    await useTenantKeys(c.token, tenantC.keys);
    await tenantA.configure({ scenarios: { kasi: [{ kind: "slow", delayMs: 400 }] } });
    const other = { args: { solYear: "2027", solMonth: "06" } };
    const aFirst = callTool(a.token, "kasi_public_holidays", other);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cAlone = await callTool(c.token, "kasi_public_holidays", other);
    expect((await aFirst).status).toBe(200);
    expect(cAlone.status, cAlone.text).toBe(200);
    expect(cAlone.body.meta.cache).toBe("miss");
    expect((await tenantC.stats()).calls["kasi.getRestDeInfo"]).toBe(1);
  });
});
