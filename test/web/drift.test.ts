/**
 * The dashboard's drift page: each event with what it says (its kind), as /v1/graph/drift sends it —
 * the answers' fields changed, every call fails, or the tool answers again.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dbOf } from "../../src/db/client";
import { diffShapes } from "../../src/graph/shape";
import { failingChange, recordDrift, recoveredChange } from "../../src/graph/store";
import { APP, createTeam } from "../support/app";

let cookie: string;

const fetchUi = (path: string, init: RequestInit = {}) => exports.default.fetch(new Request(`${APP}${path}`, { ...init, redirect: "manual" }));

beforeAll(async () => {
  const { token } = await createTeam("drift-page");
  const login = await fetchUi("/ui/login", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token, next: "/ui/drift" }).toString() });
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const db = dbOf(env.DB);
  const before = { locdate: "number", dateName: "string" };
  const after = { locdate: "string", dateName: "string" };
  const at = Date.UTC(2026, 10, 29, 15, 0);
  await recordDrift(db, { tool: "kasi_public_holidays", before, after, diff: diffShapes(before, after) }, ["kasi_public_holidays->x"], at);
  await recordDrift(db, failingChange("kma_ultra_srt_ncst", { obsrValue: "string" }), [], at + 60_000);
  await recordDrift(db, recoveredChange("kma_ultra_srt_ncst", { obsrValue: "string" }), [], at + 120_000);
});

describe("the drift page", () => {
  it("shows each event's kind: fields changed, failing, recovered (newest first)", async () => {
    const res = await fetchUi("/ui/drift", { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const rows = [...html.matchAll(/<tr data-tool="([^"]+)" data-kind="([^"]+)">([\s\S]*?)<\/tr>/g)].map((m) => ({ tool: m[1], kind: m[2], cells: m[3] ?? "" }));
    expect(rows.map((r) => `${r.tool} ${r.kind}`)).toEqual(["kma_ultra_srt_ncst recovered", "kma_ultra_srt_ncst failing", "kasi_public_holidays fields"]);
    expect(rows[0]?.cells).toMatch(/Recovered/);
    expect(rows[1]?.cells).toMatch(/Failing/);
    expect(rows[2]?.cells).toMatch(/Fields changed/);
  });
});
