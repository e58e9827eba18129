/**
 * The EDGE graph on the sandbox: build and verify the whole catalog; the real chains come out
 * verified and the known dead ends rejected; the scheduled run sees a renamed field as drift,
 * marks exactly the edges that read it stale then rejected, and restores them once the field is
 * back; an outage makes edges inconclusive, never rejected.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../src/index";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTeam, operatorEnv, request, useTenantKeys } from "../support/app";
import { REAL_CHAINS } from "../support/graph";
import { SandboxTenant } from "../support/sandbox";

interface Job {
  id: string;
  status: string;
  progress: { done: number; total: number; upstreamCalls: number; naiveCalls: number; verdicts: Record<string, number> };
}
interface Edge {
  id: string;
  fromTool: string;
  toTool: string;
  status: string;
  statusReason: string | null;
  checkedAt: number | null;
  bindings: { field: string; param: string }[];
}
interface Graph {
  version: number;
  nodes: { name: string }[];
  edges: Edge[];
  stats: Record<string, number>;
}

let token: string;
let tenant: SandboxTenant;
let build: Job;
let verify: Job;

async function runJob(path: string, body: Record<string, unknown>): Promise<Job> {
  const started = await request<Job>(path, { method: "POST", token, body: JSON.stringify(body) });
  expect(started.status).toBe(202);
  let job = started.body;
  for (let i = 0; i < 600 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await request<Job>(`/v1/graph/jobs/${job.id}`, { token })).body;
  }
  return job;
}

const graph = async (query = "") => (await request<Graph>(`/v1/graph${query}`, { token })).body;
const edge = (g: Graph, id: string) => g.edges.find((e) => e.id === id);

// The scheduled run calls as the operator, with the operator's keys: here this file's tenant's.
async function cron(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), operatorEnv(tenant.keys), ctx);
  await waitOnExecutionContext(ctx);
}

// A weekday morning (in the past, so alarms fire at once): buses run, forecasts are published.
const MORNING = "2026-11-27T10:30:00+09:00";

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(MORNING));
  token = (await createTeam("graph")).token;
  tenant = await SandboxTenant.create("graph");
  await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
  await useTenantKeys(token, tenant.keys);
  build = await runJob("/v1/graph/build", {});
  verify = await runJob("/v1/graph/verify", { budget: 5000 });
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
});

const DEAD_ENDS = [
  "nps_workplace_search->nts_business_status", // 6-digit 사업자번호 prefix into a 10-digit b_no
  "mois_legal_dong_codes->hira_hospitals", // 법정동 sido/sgg codes into HIRA's own 6-digit codes
  "juso_coordinates->airkorea_nearby_stations", // UTM-K metres into AirKorea TM
];

describe("build and verify", () => {
  it("builds candidates from real outputs and verifies them within a fraction of the naive calls", async () => {
    expect(build.status).toBe("done");
    expect(verify.status).toBe("done");
    const g = await graph();
    expect(g.nodes.length).toBeGreaterThanOrEqual(57);
    const crossing = g.edges.filter((e) => e.status === "verified" && e.fromTool !== e.toTool);
    expect(crossing.length).toBeGreaterThanOrEqual(60);
    expect(g.stats["rejected"]).toBeGreaterThanOrEqual(5);
    expect(verify.progress.upstreamCalls + build.progress.upstreamCalls).toBeLessThanOrEqual(0.4 * verify.progress.naiveCalls);
    expect(g.version).toBeGreaterThanOrEqual(1);
  });

  it("verifies the real chains", async () => {
    const g = await graph();
    for (const id of REAL_CHAINS) expect(edge(g, id)?.status, `${id}: ${edge(g, id)?.statusReason}`).toBe("verified");
  });

  it("rejects the known dead ends after calling them", async () => {
    const g = await graph();
    for (const id of DEAD_ENDS) {
      expect(edge(g, id)?.status, id).toBe("rejected");
      const detail = await request<{ evidence: { verdict: string; tries: number; samples: unknown[] }[] }>(`/v1/graph/edges/${encodeURIComponent(id)}`, { token });
      expect(detail.body.evidence[0]).toMatchObject({ verdict: "rejected" });
      expect(detail.body.evidence[0]?.tries).toBeGreaterThan(0);
    }
  });

  it("keeps evidence with sampled values that are not always the first item", async () => {
    const detail = await request<{ evidence: { samples: Record<string, unknown>[]; outcomes: Record<string, number>; fingerprints: string[] }[] }>(
      `/v1/graph/edges/${encodeURIComponent("tour_area_based_list->tour_detail_common")}`,
      { token },
    );
    const latest = detail.body.evidence[0];
    expect(latest?.outcomes["ok"]).toBeGreaterThanOrEqual(2);
    expect(new Set(latest?.samples.map((s) => JSON.stringify(s))).size).toBe(latest?.samples.length);
    expect(latest?.fingerprints.every((f) => /^[0-9a-f]{64}$/.test(f))).toBe(true);
  });

  it("exports the graph as JSON, DOT and GraphML", async () => {
    const dot = await request("/v1/graph/export?format=dot&status=verified", { token });
    expect(dot.text).toMatch(/^digraph edge_v\d+ \{/);
    expect(dot.text).toContain('"juso_search" -> "juso_coordinates"');
    const graphml = await request("/v1/graph/export?format=graphml", { token });
    expect(graphml.text).toContain('<edge id="nps_workplace_search-&gt;nts_business_status"');
    const json = await request<Graph>("/v1/graph/export?format=json&provider=kasi", { token });
    expect(json.body.edges.every((e) => e.fromTool.startsWith("kasi_") || e.toTool.startsWith("kasi_"))).toBe(true);
    const bad = await request<{ error: { code: string; field: string } }>("/v1/graph?status=great", { token });
    expect(bad.status).toBe(400);
  });
});

describe("drift", { timeout: 60_000 }, () => {
  const renamed = ["airkorea_nearby_stations->airkorea_station_realtime"];

  it("turns a renamed response field into a drift event and rejects exactly the edges that read it", async () => {
    const before = await graph();
    await tenant.configure({ scenarios: { airkorea: [{ kind: "rename_field", op: "airkorea.getNearbyMsrstnList", from: "stationName", to: "stationNm" }] } });
    await cron();
    const drift = await request<{ events: { tool: string; removed: string[]; added: string[]; staleEdges: string[] }[] }>("/v1/graph/drift", { token });
    const event = drift.body.events.find((e) => e.tool === "airkorea_nearby_stations");
    expect(event).toMatchObject({ removed: ["stationName"], added: ["stationNm"] });
    const readers = before.edges.filter((e) => e.fromTool === "airkorea_nearby_stations" && e.status === "verified" && e.bindings.some((b) => b.field === "stationName"));
    expect(readers.map((e) => e.id)).toEqual(expect.arrayContaining(renamed));
    expect([...(event?.staleEdges ?? [])].sort()).toEqual(readers.map((e) => e.id).sort());

    const after = await graph();
    for (const id of event?.staleEdges ?? []) expect(edge(after, id)?.status, id).toBe("rejected");
    // Every other settled edge kept its status (inconclusive ones are there to be tried again).
    const others = before.edges.filter((e) => !(event?.staleEdges ?? []).includes(e.id) && (e.status === "verified" || e.status === "rejected"));
    const changed = others.filter((e) => edge(after, e.id)?.status !== e.status).map((e) => `${e.id}: ${e.status} → ${edge(after, e.id)?.status}`);
    expect(changed).toEqual([]);
  });

  it("restores the edges once the field is back", async () => {
    await tenant.configure({ scenarios: { airkorea: [] } });
    await cron();
    const g = await graph();
    for (const id of renamed) expect(edge(g, id)?.status).toBe("verified");
    const history = await request<{ evidence: { verdict: string }[] }>(`/v1/graph/edges/${encodeURIComponent(renamed[0] ?? "")}`, { token });
    expect(history.body.evidence.map((e) => e.verdict).slice(0, 3)).toEqual(["verified", "rejected", "verified"]);
  });
});

describe("outage", { timeout: 60_000 }, () => {
  it("makes edges into the failing provider inconclusive, never rejected", async () => {
    const before = await graph();
    await tenant.configure({ scenarios: { hira: [{ kind: "outage", status: 503 }] } });
    const job = await runJob("/v1/graph/verify", { budget: 500, statuses: ["verified"], tools: ["hira_hospital_detail", "hira_hospital_departments"], fresh: true });
    await tenant.configure({ scenarios: { hira: [] } });
    expect(job.status).toBe("done");
    const after = await graph();
    const tried = before.edges.filter((e) => e.status === "verified" && ["hira_hospital_detail", "hira_hospital_departments"].includes(e.toTool));
    expect(tried.length).toBeGreaterThan(0);
    for (const e of tried) expect(edge(after, e.id)?.status, e.id).toBe("inconclusive");
  });
});
