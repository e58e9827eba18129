/**
 * Hardening of what every request touches: a bounded token memo (finding 8), secrets required and
 * bound to their owner (9), request ids kept out of logs unless plainly ids (12), strict bodies
 * everywhere (13), and dashboard sessions that die with their team (15; the cookie itself is
 * checked in test/web/dashboard.test.ts).
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { dbOf } from "../../src/db/client";
import { encryptSecret } from "../../src/gateway/secrets";
import { authenticate, tokenMemo } from "../../src/gateway/teams";
import { apiRoutes } from "../../src/openapi/registry";
import { APP, callTool, createTeam, request, useTenantKeys, type ErrorResponse } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let teamA: { id: string; token: string };
let teamB: { id: string; token: string };

beforeAll(async () => {
  teamA = await createTeam("hard-a");
  teamB = await createTeam("hard-b");
});

describe("finding 8: the token memo", () => {
  it("does not grow with unknown tokens, however many arrive", async () => {
    const db = dbOf(env.DB);
    expect(await authenticate(db, teamA.token)).toMatchObject({ id: teamA.id });
    const before = tokenMemo.size;
    await Promise.all(Array.from({ length: 200 }, () => authenticate(db, `kopa_${crypto.randomUUID()}`)));
    expect(tokenMemo.size).toBe(before);
    expect(await authenticate(db, teamA.token)).toMatchObject({ id: teamA.id });
  });
});

describe("finding 9: secrets", () => {
  it("refuses to run without a MASTER_KEY, loudly", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const MASTER_KEY of ["", "short"]) {
      for (const path of ["/v1/tools", "/admin/teams", "/"]) {
        const res = await request<ErrorResponse>(path, { token: path.startsWith("/admin") ? env.ADMIN_TOKEN : teamA.token, vars: { MASTER_KEY } });
        expect(res.status, `${path} with MASTER_KEY "${MASTER_KEY}"`).toBe(503);
        expect(res.body.error.code).toBe("SERVER_MISCONFIGURED");
      }
    }
    expect(errors.mock.calls.some(([line]) => String(line).includes("MASTER_KEY"))).toBe(true);
    errors.mockRestore();
    await expect(encryptSecret("", "a key")).rejects.toThrow(/MASTER_KEY/);
  });

  it("binds a team's stored key to the team and the secret: a copied ciphertext does not open", async () => {
    const [tenantA, tenantB] = [await SandboxTenant.create("sealed-a"), await SandboxTenant.create("sealed-b")];
    await useTenantKeys(teamA.token, tenantA.keys);
    await useTenantKeys(teamB.token, tenantB.keys);
    // Someone with write access to D1 copies A's sealed key into B's row.
    await env.DB.prepare(
      "UPDATE team_keys SET ciphertext = (SELECT ciphertext FROM team_keys WHERE team_id = ?1 AND key_secret = 'DATA_GO_KR_SERVICE_KEY') WHERE team_id = ?2 AND key_secret = 'DATA_GO_KR_SERVICE_KEY'",
    )
      .bind(teamA.id, teamB.id)
      .run();
    const res = await callTool(teamB.token, "kasi_national_days", { args: { solYear: "2031" } });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: "SERVER_MISCONFIGURED", field: "DATA_GO_KR_SERVICE_KEY" });
    expect((await tenantA.stats()).total).toBe(0);
  });

  it("still opens a key sealed before the binding, and seals it again bound", async () => {
    const team = await createTeam("legacy-key");
    const tenant = await SandboxTenant.create("legacy-key");
    // The earlier format: AES-GCM under SHA-256(MASTER_KEY), no associated data, `<iv>.<data>`.
    const raw = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(env.MASTER_KEY));
    const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt"]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(tenant.keys.datagokr)));
    const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    await env.DB.prepare("INSERT INTO team_keys (team_id, key_secret, ciphertext, key_id, created_at) VALUES (?, 'DATA_GO_KR_SERVICE_KEY', ?, 'legacy', ?)")
      .bind(team.id, `${b64(iv)}.${b64(data)}`, Date.now())
      .run();
    const res = await callTool(team.token, "kasi_national_days", { args: { solYear: "2032" } });
    expect(res.status, res.text).toBe(200);
    expect((await tenant.stats()).total).toBe(1);
    const row = await env.DB.prepare("SELECT ciphertext FROM team_keys WHERE team_id = ?").bind(team.id).first<{ ciphertext: string }>();
    expect(row?.ciphertext.startsWith("v2.")).toBe(true);
  });
});

describe("finding 12: request ids", () => {
  it("keeps a caller's request id only when it is plainly an id", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const hostile = "\u001b[31mFAKE LOG LINE\u001b[0m";
    const res = await exports.default.fetch(new Request(`${APP}/v1/nowhere`, { headers: { "x-request-id": hostile, Authorization: `Bearer ${teamA.token}` } }));
    const body = (await res.json()) as ErrorResponse;
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
    expect(JSON.stringify(errors.mock.calls)).not.toContain("FAKE LOG LINE");
    errors.mockRestore();
    const plain = await request("/v1/nowhere", { token: teamA.token, headers: { "x-request-id": "trace-42.a:b" } });
    expect(plain.headers.get("x-request-id")).toBe("trace-42.a:b");
  });
});

describe("finding 13: strict bodies", () => {
  it("refuses an unknown field with a 400 naming it, instead of ignoring it", async () => {
    const typo = await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2026" }, snapshop: "bench" });
    expect(typo.status).toBe(400);
    expect(typo.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "snapshop" });
    const junk = await request<ErrorResponse>("/v1/synth/jobs", { method: "POST", token: teamA.token, body: JSON.stringify({ junk: 1 }) });
    expect(junk.status).toBe(400);
    expect(junk.body.error.field).toBe("junk");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM synth_jobs").first<{ n: number }>())?.n).toBe(0);
    // A body that is not JSON is refused too, not read as "no parameters".
    const garbage = await request<ErrorResponse>("/v1/graph/build", { method: "POST", token: teamA.token, body: "seed=x" });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.code).toBe("INVALID_REQUEST");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM graph_jobs").first<{ n: number }>())?.n).toBe(0);
  });

  it("does so on every route of the registry that reads a JSON body", async () => {
    const params: Record<string, string> = { name: "kasi_public_holidays", secret: "DATA_GO_KR_SERVICE_KEY", id: "none" };
    const routes = apiRoutes(env).filter((r) => r.body !== undefined && "schema" in r.body);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, p: string) => (route.tag === "snapshots" && p === "name" ? "some-snapshot" : (params[p] ?? "x")));
      const res = await request<ErrorResponse>(path, { method: route.method.toUpperCase(), token: route.auth === "admin" ? env.ADMIN_TOKEN : teamA.token, body: JSON.stringify({ zz_unknown: 1 }) });
      expect(res.status, `${route.method} ${route.path}`).toBe(400);
      expect(res.body.error.field, `${route.method} ${route.path}`).toBe("zz_unknown");
    }
  });
});

describe("finding 15: dashboard sessions", () => {
  it("end when the team is revoked", async () => {
    const team = await createTeam("session-revoked");
    const login = await exports.default.fetch(
      new Request(`${APP}/ui/login`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: team.token, next: "/ui/catalog" }).toString() }),
    );
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = () => exports.default.fetch(new Request(`${APP}/ui/catalog`, { redirect: "manual", headers: { Cookie: cookie } }));
    expect((await page()).status).toBe(200);
    expect((await request(`/admin/teams/${team.id}`, { method: "DELETE", token: env.ADMIN_TOKEN })).status).toBe(200);
    expect((await page()).status).toBe(303);
  });
});
