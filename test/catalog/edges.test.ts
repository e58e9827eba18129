/// <reference types="vite/client" />
/**
 * EDGE over the enlarged catalog: after importing the 33 dataset definitions and the Swagger
 * fixture, the imported tools are graph nodes, candidates link them to the built-in tools by tags,
 * names and values, and verification (the graph's own engine, through the gateway) keeps the links
 * that work against the sandbox's replica and says so in each verdict.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../src/catalog";
import { ensureTools, syncCatalog } from "../../src/catalog/import/sync";
import { dbOf } from "../../src/db/client";
import { candidateEdges } from "../../src/graph/candidates";
import { zodParamCheck } from "../../src/graph/engine";
import { catalogIO } from "../../src/graph/io";
import { saveCandidates } from "../../src/graph/store";
import { createTeam, request, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

const FILES = {
  ...(import.meta.glob("../fixtures/datagokr/**/*.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>),
  ...(import.meta.glob("../fixtures/openapi/*.json", { query: "?raw", import: "default", eager: true }) as Record<string, string>),
};

interface Job {
  id: string;
  status: string;
  progress: { verdicts: Record<string, number> };
}
interface Edge {
  id: string;
  fromTool: string;
  toTool: string;
  status: string;
  bindings: { field: string; param: string; reasons: string[] }[];
}

/** A link anchored on an entity (an address, a business number, coordinates, a place), not on a date format. */
const meaningful = (e: Edge) => e.bindings.some((b) => b.reasons.some((r) => /(shared|related) tags? (?!date\.|time\.)[a-z]/.test(r)));

/**
 * Links between imported and built-in tools, both directions, each anchored on an entity: a
 * business number, a legal-dong code, an address, coordinates. Verifying the whole enlarged catalog
 * takes minutes; `npm run check:imported-edges` does that and lists every verified link.
 */
const CHOSEN = [
  "dg_15125655_close_biz_status->nts_business_status",
  "nps_workplace_search->dg_15125655_close_biz_status",
  "mois_legal_dong_codes->dg_15125655_close_biz_status",
  "dg_3066759_getjj_eop_che->nts_business_status",
  "juso_search->dg_15156866_spot",
  "public_library_service_library_list->hira_pharmacies",
];

let token: string;
let imported: string[];

async function runJob(path: string, body: Record<string, unknown>): Promise<Job> {
  let job = (await request<Job>(path, { method: "POST", token, body: JSON.stringify(body) })).body;
  for (let i = 0; i < 1200 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await request<Job>(`/v1/graph/jobs/${job.id}`, { token })).body;
  }
  return job;
}

const crosses = (e: Edge) => CATALOG.has(e.fromTool) !== CATALOG.has(e.toTool);

beforeAll(async () => {
  token = (await createTeam("edges")).token;
  await useTenantKeys(token, (await SandboxTenant.create("edges")).keys);
  const documents = Object.entries(FILES).map(([name, content]) => ({ name, content }));
  const res = await request<{ imported: { name: string }[] }>("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents }) });
  expect(res.status).toBe(201);
  imported = res.body.imported.map((t) => t.name);
}, 30_000);

describe("EDGE with imported tools", () => {
  it("verifies links between imported and built-in tools against the replica", async () => {
    // The candidates of the whole catalog, scored by the graph's own function (a build job would
    // also seed every tool first, which verification does on demand anyway).
    const db = dbOf(env.DB);
    await syncCatalog(db);
    await ensureTools(db, "all");
    await saveCandidates(db, candidateEdges(catalogIO(), {}, zodParamCheck), Date.now());
    const graph = (await request<{ nodes: { name: string }[]; edges: Edge[] }>("/v1/graph", { token })).body;
    expect(graph.nodes.map((n) => n.name)).toEqual(expect.arrayContaining(imported));
    const candidates = graph.edges.filter(crosses);
    expect(candidates.length).toBeGreaterThan(20);

    expect(candidates.map((e) => e.id)).toEqual(expect.arrayContaining(CHOSEN));

    const verify = await runJob("/v1/graph/verify", { budget: 500, edges: CHOSEN });
    expect(verify.status).toBe("done");
    const verified = (await request<{ edges: Edge[] }>("/v1/graph?status=verified", { token })).body.edges.filter((e) => crosses(e) && meaningful(e));
    expect(verified.map((e) => e.id).sort()).toEqual([...CHOSEN].sort());

    const evidence = (await request<{ evidence: { verdict: string; against: string }[] }>(`/v1/graph/edges/${encodeURIComponent(verified[0]?.id ?? "")}`, { token })).body.evidence;
    expect(evidence[0]).toMatchObject({ verdict: "verified" });
    expect(["replica"]).toContain(evidence[0]?.against);
  }, 60_000);
});
