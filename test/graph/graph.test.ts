/**
 * The EDGE graph on the sandbox: build and verify the whole catalog; the real chains come out
 * verified, each on answers that depend on the value carried, and the known dead ends rejected; no
 * edge rests on a shared date format; a parameter the upstream ignores is caught by its control; a
 * binding never sent stays untested and an empty search inconclusive; the scheduled run sees a
 * renamed field as drift, marks exactly the edges that read it stale then rejected, and restores
 * them once the field is back; an outage makes edges inconclusive, never rejected; an operation
 * that answers "Unexpected errors" at every call for half an hour is drift, until it answers again.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../src/index";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PERSISTENT_FAILURE_MS } from "../../src/graph/engine";
import { callTool, createTeam, operatorEnv, request, useTenantKeys } from "../support/app";
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
  basis: string | null;
  checkedAt: number | null;
  bindings: { field: string; param: string }[];
}
interface Trial {
  values: Record<string, unknown>;
  items: number | null;
  control?: { values: Record<string, unknown>; items: number | null; error?: string; same: boolean };
  leftOut?: { items: number | null; same: boolean };
  outcome: string;
  why: string;
}
interface Evidence {
  verdict: string;
  basis: string | null;
  tries: number;
  samples: Record<string, unknown>[];
  outcomes: Record<string, number>;
  fingerprints: string[];
  trials: Trial[];
  skipped: string[];
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
const evidence = async (id: string) => (await request<{ evidence: Evidence[] }>(`/v1/graph/edges/${encodeURIComponent(id)}`, { token })).body.evidence;

// The scheduled run calls as the operator, with the operator's keys: here this file's tenant's.
// A smaller budget than the configured one makes a quick run that probes the watched tools first.
async function cron(budget?: number): Promise<void> {
  const ctx = createExecutionContext();
  const env = { ...operatorEnv(tenant.keys), ...(budget === undefined ? {} : { GRAPH_CRON_BUDGET: String(budget) }) };
  await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

// A weekday morning (in the past, so alarms fire at once): buses run, forecasts are published.
const MORNING = "2026-11-27T10:30:00+09:00";

const DEAD_ENDS = [
  "nps_workplace_search->nts_business_status", // 6-digit 사업자번호 prefix into a 10-digit b_no
  "mois_legal_dong_codes->hira_hospitals", // 법정동 sido/sgg codes into HIRA's own 6-digit codes
  "juso_coordinates->airkorea_nearby_stations", // UTM-K metres into AirKorea TM
];

/**
 * Edges that pin one rule each (below), and conversions that give the converters of the real chains
 * more values to pass on (in the whole catalog many edges do).
 */
const PINNED = [
  "tour_area_based_list->kma_grid_from_wgs84",
  "juso_search->sigungu_code_from_bjd",
  "kasi_public_holidays->tour_search_festival",
  "nts_business_validate->nts_business_validate",
  "seoul_bike_stations->tago_nearby_stops",
  "juso_search->hira_pharmacies",
  "airkorea_tm_coords->hira_pharmacies",
];

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(MORNING));
  token = (await createTeam("graph")).token;
  tenant = await SandboxTenant.create("graph");
  await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
  await useTenantKeys(token, tenant.keys);
  build = await runJob("/v1/graph/build", {});
  // The whole catalog is verified by `npm run bench:graph`; here the edges the tests look at.
  verify = await runJob("/v1/graph/verify", { budget: 5000, edges: [...REAL_CHAINS, ...DEAD_ENDS, ...PINNED] });
}, 120_000);

afterAll(() => {
  vi.useRealTimers();
});

describe("build and verify", () => {
  it("builds candidates from real outputs and verifies edges, controls included, for fewer calls than the naive way", async () => {
    expect(build.status).toBe("done");
    expect(verify.status).toBe("done");
    const g = await graph();
    expect(g.nodes.length).toBeGreaterThanOrEqual(57);
    expect(g.edges.length).toBeGreaterThanOrEqual(250);
    expect(verify.progress.done).toBe(REAL_CHAINS.length + DEAD_ENDS.length + PINNED.length);
    // Each tried edge: k source values and a control each, at most 2k calls; the whole catalog's ratio is bench:graph's.
    expect(verify.progress.upstreamCalls).toBeLessThanOrEqual(verify.progress.naiveCalls);
    expect(g.version).toBeGreaterThanOrEqual(1);
  });

  it("verifies the real chains, upstream ones on answers that depend on the value, converters as conversions", async () => {
    const g = await graph();
    for (const id of REAL_CHAINS) expect(edge(g, id)?.status, `${id}: ${edge(g, id)?.statusReason}`).toBe("verified");
    const local = new Set(["utmk_to_wgs84", "kma_grid_from_wgs84", "sigungu_code_from_bjd"]);
    for (const id of REAL_CHAINS) expect(edge(g, id)?.basis, id).toBe(local.has(edge(g, id)?.toTool ?? "") ? "conversion" : "dependent");
  });

  it("proves dependence: each counted try has a control with another value that failed or answered differently", async () => {
    const [latest] = await evidence("tour_area_based_list->tour_detail_common");
    const counted = latest?.trials.filter((t) => t.outcome === "dependent") ?? [];
    expect(counted.length).toBeGreaterThanOrEqual(2);
    for (const t of counted) {
      expect(t.items).toBeGreaterThan(0);
      expect(t.control?.values["contentId"]).not.toEqual(t.values["contentId"]);
      expect(t.control?.same).toBe(false);
      expect(t.why).toMatch(/depends on the source value/);
    }
  });

  it("never links on a shared date format: role tags say which date is which", async () => {
    const g = await graph();
    for (const id of ["hira_hospital_detail->kma_ultra_srt_ncst", "apt_complex_info->tour_search_festival", "hira_hospitals->tour_search_festival", "rtms_apt_trades->kasi_public_holidays", "kma_base_time->tour_search_festival"]) {
      expect(edge(g, id), id).toBeUndefined();
    }
    // A holiday is a day to look for festivals from: the same role, a real link.
    expect(edge(g, "kasi_public_holidays->tour_search_festival")).toMatchObject({ status: "verified", basis: "dependent", bindings: [{ field: "locdate", param: "eventStartDate" }] });
  });

  it("leaves a binding never sent untested, and says why it was not sent", async () => {
    const g = await graph();
    // Each value of the binding collides with the source call's own argument of that name.
    expect(edge(g, "nts_business_validate->nts_business_validate")).toMatchObject({ status: "untested", basis: "not_sent" });
    const [latest] = await evidence("nts_business_validate->nts_business_validate");
    expect(latest?.tries).toBe(0);
    expect(latest?.skipped.join(" ")).toContain("collides with the source call's own businesses");
  });

  it("counts an empty search as inconclusive, never against the link", async () => {
    // TAGO has no Seoul buses: stops near a Seoul bike station are an honest empty answer.
    const g = await graph();
    expect(edge(g, "seoul_bike_stations->tago_nearby_stops")).toMatchObject({ status: "inconclusive", basis: "empty" });
    const [latest] = await evidence("seoul_bike_stations->tago_nearby_stops");
    expect(Object.keys(latest?.outcomes ?? {})).toEqual(["empty"]);
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
    const [latest] = await evidence("tour_area_based_list->tour_detail_common");
    expect(latest?.outcomes["dependent"]).toBeGreaterThanOrEqual(2);
    expect(new Set(latest?.samples.map((s) => JSON.stringify(s))).size).toBe(latest?.samples.length);
    expect(latest?.fingerprints.every((f) => /^[0-9a-f]{64}$/.test(f))).toBe(true);
  });

  it("exports the graph as JSON, DOT and GraphML", async () => {
    const dot = await request("/v1/graph/export?format=dot&status=verified", { token });
    expect(dot.text).toMatch(/^digraph edge_v\d+ \{/);
    expect(dot.text).toContain('"juso_search" -> "juso_coordinates"');
    const graphml = await request("/v1/graph/export?format=graphml", { token });
    expect(graphml.text).toContain('<edge id="nps_workplace_search-&gt;nts_business_status"');
    const json = await request<{ edges: (Edge & { evidence: Evidence | null })[] }>("/v1/graph/export?format=json&provider=kasi", { token });
    expect(json.body.edges.every((e) => e.fromTool.startsWith("kasi_") || e.toTool.startsWith("kasi_"))).toBe(true);
    // Each edge carries its latest evidence: the control calls and why each try counted.
    const holidays = json.body.edges.find((e) => e.id === "kasi_public_holidays->tour_search_festival");
    expect(holidays?.evidence?.trials[0]).toMatchObject({ outcome: "dependent", control: { same: false } });
    const bad = await request<{ error: { code: string; field: string } }>("/v1/graph?status=great", { token });
    expect(bad.status).toBe(400);
  });
});

describe("a parameter the upstream ignores", { timeout: 60_000 }, () => {
  it("is caught by the control: an edge that passes with a random value is not verified", async () => {
    const into = (g: Graph) => g.edges.filter((e) => e.toTool === "hira_pharmacies" && e.status === "verified" && e.bindings.some((b) => b.param === "emdongNm"));
    const before = into(await graph());
    expect(before.length).toBeGreaterThan(0);
    // The pharmacy list stops reading emdongNm: every dong name now gives the same first page.
    await tenant.configure({ scenarios: { hira: [{ kind: "rename_param", op: "hira.getParmacyBasisList", from: "emdongNm", to: "emdongName" }] } });
    const job = await runJob("/v1/graph/verify", { budget: 300, statuses: ["verified"], edges: before.map((e) => e.id), fresh: true });
    await tenant.configure({ scenarios: { hira: [] } });
    expect(job.status).toBe("done");
    const after = await graph();
    for (const e of before) expect(edge(after, e.id), e.id).toMatchObject({ status: "rejected", basis: "control_passed" });
    const [latest] = await evidence(before[0]?.id ?? "");
    expect(latest?.trials.some((t) => t.control?.same === true || t.leftOut?.same === true)).toBe(true);
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

describe("an operation that keeps failing", { timeout: 120_000 }, () => {
  const tool = "tour_detail_common";
  const chain = "tour_area_based_list->tour_detail_common";
  interface DriftEvent {
    tool: string;
    kind: string;
    at: number;
    before: Record<string, string>;
    after: Record<string, string>;
    added: string[];
    removed: string[];
    staleEdges: string[];
  }
  const eventsOf = async () => (await request<{ events: DriftEvent[] }>("/v1/graph/drift", { token })).body.events.filter((e) => e.tool === tool);
  // Past the breaker's cool-down (2 s in tests), so the next run's probe reaches the upstream.
  const coolDown = () => new Promise((resolve) => setTimeout(resolve, 2100));
  // Quick runs: a tool whose last answer failed is probed first, whatever the budget.
  const BUDGET = 20;
  let through: string[] = [];

  it("is a passing fault at first, drift once every call has failed for half an hour, with the edges through it stale", async () => {
    await tenant.configure({ scenarios: { tourapi: [{ kind: "unexpected_errors", op: "tourapi.detailCommon2" }] } });
    const failed = await callTool(token, tool, { args: { contentId: "126508" }, cache: "no-cache" });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe("UPSTREAM_FAILURE");
    // Still failing at the next run, minutes later: transient so far.
    await coolDown();
    await cron(BUDGET);
    expect(await eventsOf()).toEqual([]);

    vi.setSystemTime(Date.now() + PERSISTENT_FAILURE_MS);
    await coolDown();
    through = (await graph()).edges.filter((e) => e.status === "verified" && (e.fromTool === tool || e.toTool === tool)).map((e) => e.id);
    expect(through).toContain(chain);
    await cron(BUDGET);
    const events = await eventsOf();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ kind: "failing", after: {}, added: [] });
    // Every field of its last real answer is gone; the edges into and out of it that worked are stale
    // (or, tried again in the same run while it fails, inconclusive: never rejected).
    expect(event?.removed).toEqual(expect.arrayContaining(["contentid", "title", "overview"]));
    expect([...(event?.staleEdges ?? [])].sort()).toEqual([...through].sort());
    const after = await graph();
    for (const id of through) expect(["stale", "inconclusive"], id).toContain(edge(after, id)?.status);

    // The failure goes on: no second event for the same failure.
    vi.setSystemTime(Date.now() + PERSISTENT_FAILURE_MS);
    await coolDown();
    await cron(BUDGET);
    expect(await eventsOf()).toHaveLength(1);
  });

  it("says when it answers again, and its edges verify again", async () => {
    await tenant.configure({ scenarios: { tourapi: [] } });
    await coolDown();
    await cron(BUDGET);
    const [latest] = await eventsOf();
    expect(latest).toMatchObject({ kind: "recovered", before: {}, removed: [], staleEdges: [] });
    expect(latest?.added).toEqual(expect.arrayContaining(["contentid", "title", "overview"]));
    const job = await runJob("/v1/graph/verify", { budget: 300, edges: through, fresh: true });
    expect(job.status).toBe("done");
    expect(edge(await graph(), chain)?.status).toBe("verified");
  });
});
