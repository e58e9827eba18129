/**
 * Two teams against every route that takes an id or a name: team B, knowing the ids and names of
 * team A's things, can neither see, change, cancel nor replay them, and A's things are as they
 * were afterwards. The routes come from the app's own route table, so a new route with a path
 * parameter fails here until it is given a case (or a reason why what it names is shared by
 * design). The benchmark run is against the scripted model server, a test double.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { dbOf } from "../../src/db/client";
import { insertJob } from "../../src/graph/store";
import { app } from "../../src/index";
import { insertSynthJob, synthParamsSchema } from "../../src/synth/store";
import { scripted, startRun, waitRun } from "../bench/support/runs";
import { APP, callTool, createTeam, request, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

/** What A owns, by the ids and names B is assumed to know. */
interface Owned {
  graphJob: string;
  synthJob: string;
  example: string;
  run: string;
  snapshot: string;
}

interface Case {
  /** The request B makes; `ui` pages are asked with B's dashboard session. */
  method: string;
  path: (owned: Owned) => string;
  body?: (owned: Owned) => unknown;
  ui?: true;
  /** What B must get: 404 for a team's thing, 401 for the operator's routes. */
  status: 404 | 401;
}

const CASES: Record<string, Case> = {
  "GET /v1/graph/jobs/:id": { method: "GET", path: (o) => `/v1/graph/jobs/${o.graphJob}`, status: 404 },
  "DELETE /v1/graph/jobs/:id": { method: "DELETE", path: (o) => `/v1/graph/jobs/${o.graphJob}`, status: 404 },
  "GET /v1/bench/runs/:id": { method: "GET", path: (o) => `/v1/bench/runs/${o.run}`, status: 404 },
  "GET /v1/bench/runs/:id/attempts": { method: "GET", path: (o) => `/v1/bench/runs/${o.run}/attempts`, status: 404 },
  "POST /v1/bench/runs/:id/rescore": { method: "POST", path: (o) => `/v1/bench/runs/${o.run}/rescore`, status: 404 },
  "POST /v1/bench/runs/:id/cancel": { method: "POST", path: (o) => `/v1/bench/runs/${o.run}/cancel`, status: 404 },
  "GET /v1/bench/runs/:id/export": { method: "GET", path: (o) => `/v1/bench/runs/${o.run}/export?format=csv`, status: 404 },
  "GET /v1/synth/jobs/:id": { method: "GET", path: (o) => `/v1/synth/jobs/${o.synthJob}`, status: 404 },
  "DELETE /v1/synth/jobs/:id": { method: "DELETE", path: (o) => `/v1/synth/jobs/${o.synthJob}`, status: 404 },
  "GET /v1/synth/jobs/:id/examples": { method: "GET", path: (o) => `/v1/synth/jobs/${o.synthJob}/examples`, status: 404 },
  "GET /v1/datasets/:id/export": { method: "GET", path: (o) => `/v1/datasets/${o.synthJob}/export`, status: 404 },
  // A's snapshot named in B's call, and A's key secret deleted by B (B holds none of its own).
  "POST /v1/tools/:name/call": { method: "POST", path: () => "/v1/tools/kasi_public_holidays/call", body: (o) => ({ args: { solYear: "2026" }, snapshot: o.snapshot }), status: 404 },
  "DELETE /v1/keys/:secret": { method: "DELETE", path: () => "/v1/keys/DATA_GO_KR_SERVICE_KEY", status: 404 },
  "GET /v1/snapshots/:name/export": { method: "GET", path: (o) => `/v1/snapshots/${o.snapshot}/export`, status: 404 },
  "PUT /v1/snapshots/:name/sharing": { method: "PUT", path: (o) => `/v1/snapshots/${o.snapshot}/sharing`, body: () => ({ shared: true }), status: 404 },
  "GET /admin/graph/jobs/:id": { method: "GET", path: (o) => `/admin/graph/jobs/${o.graphJob}`, status: 401 },
  "DELETE /admin/graph/jobs/:id": { method: "DELETE", path: (o) => `/admin/graph/jobs/${o.graphJob}`, status: 401 },
  "GET /admin/catalog/tools/:name/versions": { method: "GET", path: () => "/admin/catalog/tools/kasi_public_holidays/versions", status: 401 },
  "DELETE /admin/catalog/tools/:name": { method: "DELETE", path: () => "/admin/catalog/tools/kasi_public_holidays", status: 401 },
  "GET /ui/synth/:id": { method: "GET", path: (o) => `/ui/synth/${o.synthJob}`, ui: true, status: 404 },
  "GET /ui/synth/:id/progress": { method: "GET", path: (o) => `/ui/synth/${o.synthJob}/progress`, ui: true, status: 404 },
  "GET /ui/synth/:id/export": { method: "GET", path: (o) => `/ui/synth/${o.synthJob}/export`, ui: true, status: 404 },
  "GET /ui/bench/runs/:id": { method: "GET", path: (o) => `/ui/bench/runs/${o.run}`, ui: true, status: 404 },
  "GET /ui/bench/runs/:id/progress": { method: "GET", path: (o) => `/ui/bench/runs/${o.run}/progress`, ui: true, status: 404 },
};

/** Ids and names B reaches through a request body rather than the path. */
const BODY_CASES: Record<string, Case> = {
  "POST /v1/reward (example_id)": {
    method: "POST",
    path: () => "/v1/reward",
    body: (o) => ({ example_id: o.example, completion: [{ role: "assistant", content: "답" }] }),
    status: 404,
  },
  "POST /v1/bench/runs (snapshot)": {
    method: "POST",
    path: () => "/v1/bench/runs",
    body: (o) => ({ endpoint: scripted("gold"), mode: "replay", snapshot: o.snapshot, filter: { limit: 1 } }),
    status: 404,
  },
};

/** What these name is shared by every team by design, or is no team's. */
const SHARED: Record<string, string> = {
  "GET /v1/tools/:name": "the tool catalog is the same for every team",
  "GET /v1/graph/edges/:id": "the EDGE graph is shared: verified links serve every team",
  "PUT /v1/keys/:secret": "writes the caller's own key; A's key is checked unchanged below",
  "DELETE /admin/teams/:id": "the operator's; checked with a team token below",
  "GET /ui/assets/:file": "static assets",
  "GET /ui/lang/:lang": "the language switch",
  "GET /ui/catalog/:name": "the tool catalog",
  "POST /ui/catalog/:name": "calls a catalogued tool as the session's own team",
  "GET /ui/graph/edges/:id": "the EDGE graph is shared",
};

function parametrised(): string[] {
  return [...new Set(app.routes.filter((r) => r.method !== "ALL" && r.path.split("/").some((s) => s.startsWith(":"))).map((r) => `${r.method} ${r.path}`))].sort();
}

let teamA: { id: string; token: string };
let teamB: { id: string; token: string };
let sessionB: string;
let owned: Owned;

async function send(c: Case, token: string, session?: string): Promise<{ status: number; text: string }> {
  if (c.ui) {
    const res = await exports.default.fetch(new Request(`${APP}${c.path(owned)}`, { method: c.method, redirect: "manual", headers: { Cookie: session ?? "" } }));
    return { status: res.status, text: await res.text() };
  }
  const res = await request(c.path(owned), { method: c.method, token, ...(c.body ? { body: JSON.stringify(c.body(owned)) } : {}) });
  return { status: res.status, text: res.text };
}

/** Everything A owns, as A reads it: unchanged by anything B tries. */
async function stateOfA(): Promise<unknown> {
  const read = async (path: string) => {
    const res = await request<Record<string, unknown>>(path, { token: teamA.token });
    expect(res.status, path).toBe(200);
    const { updatedAt: _updated, progress: _progress, ...stable } = res.body;
    return stable;
  };
  const key = await env.DB.prepare("SELECT ciphertext FROM team_keys WHERE team_id = ?").bind(teamA.id).first<{ ciphertext: string }>();
  return {
    graphJob: await read(`/v1/graph/jobs/${owned.graphJob}`),
    synthJob: await read(`/v1/synth/jobs/${owned.synthJob}`),
    run: await read(`/v1/bench/runs/${owned.run}`),
    snapshots: await read("/v1/snapshots"),
    export: (await request(`/v1/snapshots/${owned.snapshot}/export`, { token: teamA.token })).text,
    keys: await read("/v1/keys"),
    key: key?.ciphertext,
  };
}

beforeAll(async () => {
  teamA = await createTeam("iso-a");
  teamB = await createTeam("iso-b");
  const tenant = await SandboxTenant.create("iso-a");
  await useTenantKeys(teamA.token, tenant.keys);
  const db = dbOf(env.DB);
  expect((await callTool(teamA.token, "kasi_public_holidays", { args: { solYear: "2026" } })).status).toBe(200);
  expect((await request("/v1/snapshots", { method: "POST", token: teamA.token, body: JSON.stringify({ name: "iso-snap", description: "A's private answers" }) })).status).toBe(201);
  await insertJob(db, { id: "iso-graph-job", kind: "verify", teamId: teamA.id, params: {} }, Date.now());
  await insertSynthJob(db, { id: "iso-synth-job", teamId: teamA.id, params: synthParamsSchema.parse({ target: 1 }), graphVersion: 1 }, Date.now());
  await env.DB.prepare("INSERT INTO synth_examples (id, job_id, shape, kept, rejection, signature, example, calls, upstream_calls, created_at) VALUES ('iso-example', 'iso-synth-job', 'sequential', 1, NULL, 'sig', '{}', 1, 0, ?)")
    .bind(Date.now())
    .run();
  const run = await startRun(teamA.token, { endpoint: scripted("gold"), filter: { limit: 1 } });
  await waitRun(teamA.token, run.id);
  owned = { graphJob: "iso-graph-job", synthJob: "iso-synth-job", example: "iso-example", run: run.id, snapshot: "iso-snap" };
  const login = await exports.default.fetch(
    new Request(`${APP}/ui/login`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: teamB.token, next: "/ui/catalog" }).toString() }),
  );
  sessionB = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}, 60_000);

describe("two teams against every route that takes an id or a name", () => {
  it("has a case, or a reason to be shared, for every such route of the app", () => {
    const routes = parametrised();
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes.filter((r) => !(r in CASES) && !(r in SHARED))).toEqual([]);
    expect([...Object.keys(CASES), ...Object.keys(SHARED)].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it("gives B nothing of A's, by path or by body, and leaves A's things as they were", { timeout: 30_000 }, async () => {
    const before = await stateOfA();
    for (const [route, c] of Object.entries({ ...CASES, ...BODY_CASES })) {
      const res = await send(c, teamB.token, sessionB);
      expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBe(c.status);
      expect(res.text, route).not.toContain("A's private answers");
    }
    // B registering a key of its own for the same secret changes nothing of A's.
    expect((await request("/v1/keys/DATA_GO_KR_SERVICE_KEY", { method: "PUT", token: teamB.token, body: JSON.stringify({ key: "b-own-key-0123456789" }) })).status).toBe(200);
    expect(await stateOfA()).toEqual(before);
    // The same reads from A succeed: the ids and names were real. (A's example row is a stand-in
    // that only its id matters for, so the routes that read examples are left out here.)
    const reads = ["GET /v1/graph/jobs/:id", "GET /v1/bench/runs/:id", "GET /v1/bench/runs/:id/attempts", "GET /v1/bench/runs/:id/export", "GET /v1/synth/jobs/:id", "GET /v1/snapshots/:name/export"];
    for (const route of reads) {
      const c = CASES[route];
      expect(c, route).toBeDefined();
      if (c) expect((await send(c, teamA.token)).status, route).toBe(200);
    }
  });

  it("keeps the operator's routes closed to a team token", async () => {
    expect((await request(`/admin/teams/${teamA.id}`, { method: "DELETE", token: teamB.token })).status).toBe(401);
    expect((await request(`/v1/graph/jobs/${owned.graphJob}`, { token: teamA.token })).status).toBe(200);
  });
});
