/**
 * Snapshots have an owner (finding 2): a team lists, exports and replays its own, names are its
 * own, another team's snapshot is reached only when shared and only by its full name, and imported
 * ones are marked unverified. Imports are all or nothing (finding 11).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_IMPORT_ENTRIES } from "../../src/gateway/snapshots";
import { callTool, createTeam, request, useTenantKeys, type ErrorResponse } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

interface Info {
  name: string;
  ref: string;
  owner: string | null;
  entryCount: number;
  shared: boolean;
  verified: boolean;
}

let teamA: { id: string; token: string; name: string };
let teamB: { id: string; token: string; name: string };
const holidays = { solYear: "2026", solMonth: "05" };
let exported: string;

const teamName = async (id: string) => (await request<{ teams: { id: string; name: string }[] }>("/admin/teams", { token: env.ADMIN_TOKEN })).body.teams.find((t) => t.id === id)?.name ?? "";
const list = async (token: string) => (await request<{ snapshots: Info[] }>("/v1/snapshots", { token })).body.snapshots;
const create = (token: string, body: Record<string, unknown>) => request<Info & ErrorResponse>("/v1/snapshots", { method: "POST", token, body: JSON.stringify(body) });
const importAs = (token: string, name: string, body: string) => request<Info & ErrorResponse>(`/v1/snapshots/import?name=${name}`, { method: "POST", token, body });

beforeAll(async () => {
  const a = await createTeam("snap-a");
  const b = await createTeam("snap-b");
  teamA = { ...a, name: await teamName(a.id) };
  teamB = { ...b, name: await teamName(b.id) };
  const tenant = await SandboxTenant.create("snap-owner");
  await useTenantKeys(teamA.token, tenant.keys);
  expect((await callTool(teamA.token, "kasi_public_holidays", { args: holidays })).status).toBe(200);
  expect((await create(teamA.token, { name: "bench-2026-11", description: "A's benchmark answers" })).status).toBe(201);
  exported = (await request(`/v1/snapshots/bench-2026-11/export`, { token: teamA.token })).text;
});

describe("finding 2: every snapshot has an owner", () => {
  it("shows, exports and replays a snapshot to its own team only", async () => {
    expect((await list(teamA.token)).map((s) => s.name)).toEqual(["bench-2026-11"]);
    expect(await list(teamB.token)).toEqual([]);
    const theirs = await request<ErrorResponse>("/v1/snapshots/bench-2026-11/export", { token: teamB.token });
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain("A's benchmark");
    const replay = await callTool(teamB.token, "kasi_public_holidays", { args: holidays, snapshot: "bench-2026-11" });
    expect(replay.status).toBe(404);
    expect(replay.body.error.code).toBe("SNAPSHOT_NOT_FOUND");
  });

  it("keeps names per team: B may use A's names, and B's forged copy never answers A's calls", async () => {
    // B takes a name A has not used yet, and fills it from a forged file.
    const forged = exported.replace(/"dateName":"[^"]*"/g, '"dateName":"FORGED <script>alert(1)</script>"');
    const taken = await importAs(teamB.token, "bench-2026-12", forged);
    expect(taken.status, taken.text).toBe(201);
    expect(taken.body).toMatchObject({ name: "bench-2026-12", verified: false, shared: false });
    // …and A's own run later names it: A has no such snapshot, so nothing B made answers.
    const aReplay = await callTool(teamA.token, "kasi_public_holidays", { args: holidays, snapshot: "bench-2026-12" });
    expect(aReplay.status).toBe(404);
    expect(aReplay.body.error.code).toBe("SNAPSHOT_NOT_FOUND");
    const aRun = await request<ErrorResponse>("/v1/bench/runs", { method: "POST", token: teamA.token, body: JSON.stringify({ endpoint: { baseUrl: env.MODEL_ORIGIN, model: "scripted:gold" }, mode: "replay", snapshot: "bench-2026-12", filter: { limit: 1 } }) });
    expect(aRun.status).toBe(404);
    expect(aRun.body.error.code).toBe("SNAPSHOT_NOT_FOUND");
    // A may create the same name for itself; each team replays its own.
    expect((await create(teamA.token, { name: "bench-2026-12" })).status).toBe(201);
    const mine = await callTool(teamA.token, "kasi_public_holidays", { args: holidays, snapshot: "bench-2026-12" });
    expect(JSON.stringify(mine.body.result)).not.toContain("FORGED");
    expect(mine.body.meta).toMatchObject({ cache: "snapshot", snapshotVerified: true });
    const theirs = await callTool(teamB.token, "kasi_public_holidays", { args: holidays, snapshot: "bench-2026-12" });
    expect(JSON.stringify(theirs.body.result)).toContain("FORGED");
    expect(theirs.body.meta).toMatchObject({ cache: "snapshot", snapshotVerified: false });
  });

  it("shares a snapshot only when its owner says so, and only under its owner's name", async () => {
    const ref = `${teamA.name}/bench-2026-11`;
    expect((await callTool(teamB.token, "kasi_public_holidays", { args: holidays, snapshot: ref })).status).toBe(404);
    const shared = await request<Info>("/v1/snapshots/bench-2026-11/sharing", { method: "PUT", token: teamA.token, body: JSON.stringify({ shared: true }) });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ shared: true, ref: "bench-2026-11" });
    expect((await list(teamB.token)).find((s) => s.ref === ref)).toMatchObject({ owner: teamA.name, verified: true });
    const replay = await callTool(teamB.token, "kasi_public_holidays", { args: holidays, snapshot: ref });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.meta).toMatchObject({ cache: "snapshot", snapshot: ref });
    // Sharing lets B replay, not export, change or take it.
    expect((await request("/v1/snapshots/bench-2026-11/export", { token: teamB.token })).status).toBe(404);
    expect((await request("/v1/snapshots/bench-2026-11/sharing", { method: "PUT", token: teamB.token, body: JSON.stringify({ shared: false }) })).status).toBe(404);
    // The bare name still means B's own (it has none of that name).
    expect((await callTool(teamB.token, "kasi_public_holidays", { args: holidays, snapshot: "bench-2026-11" })).status).toBe(404);
    await request("/v1/snapshots/bench-2026-11/sharing", { method: "PUT", token: teamA.token, body: JSON.stringify({ shared: false }) });
    expect((await callTool(teamB.token, "kasi_public_holidays", { args: holidays, snapshot: ref })).status).toBe(404);
  });
});

describe("finding 11: imports are atomic", () => {
  it("lets one of two racing imports of a name win and refuses the other with 409, leaving nothing of it", async () => {
    const copies = await Promise.all([importAs(teamA.token, "raced", exported), importAs(teamA.token, "raced", exported)]);
    expect(copies.map((c) => c.status).sort()).toEqual([201, 409]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM snapshots WHERE name = 'raced'").first<{ n: number }>();
    expect(rows?.n).toBe(1);
    const entries = await env.DB.prepare("SELECT count(*) AS n FROM snapshot_entries e JOIN snapshots s ON s.id = e.snapshot_id WHERE s.name = 'raced'").first<{ n: number }>();
    expect(entries?.n).toBe(copies.find((c) => c.status === 201)?.body.entryCount);
    const orphans = await env.DB.prepare("SELECT count(*) AS n FROM snapshot_entries WHERE snapshot_id NOT IN (SELECT id FROM snapshots)").first<{ n: number }>();
    expect(orphans?.n).toBe(0);
  });

  it("refuses an import too large for one transaction before writing anything", async () => {
    // Counted before a line is read: the lines need not even be entries.
    const [header = ""] = exported.trim().split("\n");
    const body = [header, ...Array.from({ length: MAX_IMPORT_ENTRIES + 1 }, () => "{}")].join("\n");
    const res = await importAs(teamA.token, "too-big", body);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", field: "body" });
    expect((await list(teamA.token)).map((s) => s.name)).not.toContain("too-big");
  });

  it("creates racing snapshots of one name without a 500", async () => {
    const made = await Promise.all([create(teamB.token, { name: "twin" }), create(teamB.token, { name: "twin" })]);
    expect(made.map((m) => m.status).sort()).toEqual([201, 409]);
  });
});
