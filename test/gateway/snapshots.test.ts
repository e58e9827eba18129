/** Snapshots answer calls with no upstream at all, and move between installations as JSONL. */
import { beforeAll, describe, expect, it } from "vitest";
import { callTool, createTeam, request, type ErrorResponse } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let team: { id: string; token: string };
let tenant: SandboxTenant;

beforeAll(async () => {
  team = await createTeam("snapshots");
  tenant = await SandboxTenant.create("snapshots");
  await request("/v1/keys/DATA_GO_KR_SERVICE_KEY", { method: "PUT", token: team.token, body: JSON.stringify({ key: tenant.keys.datagokr }) });
  for (const solMonth of ["01", "02", "03"]) await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth } });
  await callTool(team.token, "kasi_national_days", { args: { solYear: "2026" } });
});

describe("snapshots", () => {
  it("freezes stored responses and replays them with the sandbox switched off", async () => {
    const created = await request<{ name: string; entryCount: number }>("/v1/snapshots", { method: "POST", token: team.token, body: JSON.stringify({ name: "bench-2026-q1", tools: ["kasi_public_holidays"] }) });
    expect(created.status).toBe(201);
    expect(created.body.entryCount).toBe(3);

    await tenant.configure({ scenarios: { kasi: [{ kind: "outage", status: 503 }] } });
    const before = (await tenant.stats()).total;
    const replay = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "02" }, snapshot: "bench-2026-q1" });
    expect(replay.status).toBe(200);
    expect(replay.body.meta).toMatchObject({ cache: "snapshot", snapshot: "bench-2026-q1" });
    expect(replay.body.result.items.map((i) => i["dateName"])).toContain("설날");

    const miss = await callTool(team.token, "kasi_national_days", { args: { solYear: "2026" }, snapshot: "bench-2026-q1" });
    expect(miss.status).toBe(404);
    expect(miss.body.error).toMatchObject({ code: "SNAPSHOT_MISS", field: "snapshot" });
    const unknown = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2026" }, snapshot: "no-such" });
    expect(unknown.body.error.code).toBe("SNAPSHOT_NOT_FOUND");
    const local = await callTool(team.token, "kma_grid_from_wgs84", { args: { lat: 37.5665, lon: 126.978 }, snapshot: "bench-2026-q1" });
    expect(local.body).toMatchObject({ result: { items: [{ nx: 60, ny: 127 }] }, meta: { cache: "local" } });
    expect((await tenant.stats()).total).toBe(before);
    await tenant.configure({ scenarios: { kasi: [] } });
  });

  it("refuses to overwrite a snapshot", async () => {
    const again = await request<ErrorResponse>("/v1/snapshots", { method: "POST", token: team.token, body: JSON.stringify({ name: "bench-2026-q1" }) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");
  });

  it("exports JSONL and imports it under another name", async () => {
    const exported = await request("/v1/snapshots/bench-2026-q1/export", { token: team.token });
    expect(exported.headers.get("content-type")).toContain("ndjson");
    const lines = exported.text.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ snapshot: { name: "bench-2026-q1" } });

    const imported = await request<{ name: string; entryCount: number }>("/v1/snapshots/import?name=copy-q1", { method: "POST", token: team.token, body: exported.text });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ name: "copy-q1", entryCount: 3 });
    const replay = await callTool(team.token, "kasi_public_holidays", { args: { solYear: "2026", solMonth: "03" }, snapshot: "copy-q1" });
    expect(replay.body.meta.cache).toBe("snapshot");
  });

  it("refuses a malformed import, naming the line, and keeps what was stored", async () => {
    const broken = `{"snapshot":{"name":"broken"}}\n{"fingerprint":"abc"}\n`;
    const res = await request<ErrorResponse>("/v1/snapshots/import", { method: "POST", token: team.token, body: broken });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "line 2" });
    const list = await request<{ snapshots: { name: string }[] }>("/v1/snapshots", { token: team.token });
    expect(list.body.snapshots.map((s) => s.name).sort()).toEqual(["bench-2026-q1", "copy-q1"]);
  });
});
