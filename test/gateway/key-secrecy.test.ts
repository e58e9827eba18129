/**
 * A service key never leaves the gateway: with a recognisable key configured, no response body,
 * error, D1 row or log line contains it in any rendering.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { keyRenderings } from "../../src/gateway/scrub";
import { callTool, createTeam, request } from "../support/app";

const CANARY = "KOPA-CANARY+KEY/abcdef0123456789==";
const logged: string[] = [];
const bodies: string[] = [];

beforeAll(() => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    });
  }
});

afterAll(() => {
  vi.restoreAllMocks();
});

it("keeps the configured and the team-registered keys out of every response, error, table and log", async () => {
  const team = await createTeam("secrecy");
  const other = await createTeam("secrecy-other");
  const record = async (res: Promise<{ text: string }>) => bodies.push((await res).text);

  await record(request("/v1/keys/DATA_GO_KR_SERVICE_KEY", { method: "PUT", token: team.token, body: JSON.stringify({ key: CANARY }) }));
  await record(request("/v1/keys", { token: team.token }));
  // The canary is not a sandbox key: the gateway's XML error 30 comes back and must be scrubbed.
  const rejected = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "01" } });
  expect(rejected.status).toBe(502);
  expect(rejected.body.error.code).toBe("UPSTREAM_KEY_REJECTED");
  bodies.push(rejected.text);
  // The shared key (the test tenant's) answers; its results are cached, snapshotted and exported.
  await record(callTool(other.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "02" } }));
  await record(request("/v1/calls:batch", { method: "POST", token: other.token, body: JSON.stringify({ calls: [{ tool: "kasi_national_days", args: { solYear: "2026" } }, { tool: "kasi_public_holidays", args: { solYear: "2026", solMonth: "01" } }] }) }));
  await record(request("/v1/snapshots", { method: "POST", token: other.token, body: JSON.stringify({ name: "secrecy" }) }));
  await record(request("/v1/snapshots/secrecy/export", { token: other.token }));
  await record(request("/v1/usage", { token: team.token }));
  await record(request("/admin/usage", { token: env.ADMIN_TOKEN }));
  await record(request("/admin/teams", { token: env.ADMIN_TOKEN }));
  await record(request("/v1/tools?format=jsonschema", { token: team.token }));

  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
  const dumps: string[] = [];
  for (const { name } of tables.results) dumps.push(JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results));
  expect(dumps.join("").length).toBeGreaterThan(100);

  const haystack = [...bodies, ...dumps, ...logged].join("\n");
  for (const key of [CANARY, env.DATA_GO_KR_SERVICE_KEY]) {
    for (const form of keyRenderings(key)) expect(haystack.includes(form), `found ${form}`).toBe(false);
  }
  // The secret half of the canary alone does not appear either.
  expect(haystack).not.toContain("abcdef0123456789");
});
