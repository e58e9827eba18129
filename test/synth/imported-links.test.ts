/// <reference types="vite/client" />
/**
 * What links into and out of an imported register mean: a company's business number carried from
 * the register into the tax office's status is the same company; its name, carried either way
 * between the register and another agency's (the pension workplaces), finds a namesake, not it
 * (the blind review found same-named workplaces in other cities).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { hopIntentsOver } from "../../src/catalog/intents";
import { IntentSampler, routeKey, routesOver, unwalkedReasons } from "../../src/synth/intent-plan";
import type { WalkPlan } from "../../src/synth/plan";
import { walkStateSchema, type WalkState } from "../../src/synth/walk";
import { createTeam, useTenantKeys } from "../support/app";
import { importFixtures } from "../support/imports";
import { SandboxTenant } from "../support/sandbox";

const DATASETS = import.meta.glob("../fixtures/datagokr/*/{15020628,15154419,3066759,15125655}.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const COSMETICS = "dg_15020628_csmtcs_mfcrtr_info_list02";
const CHECKUPS = "dg_15154419_hchk_types_hmc_list";

let team: { id: string; token: string };

beforeAll(async () => {
  await importFixtures(DATASETS);
  vi.useRealTimers();
  team = await createTeam("imported-links");
  const tenant = await SandboxTenant.create("imported-links");
  await tenant.configure({ clock: { mode: "real" } });
  await useTenantKeys(team.token, tenant.keys);
});

async function walked(plan: WalkPlan): Promise<WalkState | null> {
  const stub = env.SYNTH_WALK.get(env.SYNTH_WALK.idFromName(plan.id));
  await stub.start(plan.id, { plan, jobId: `no-job-${plan.id}`, teamId: team.id, snapshot: null, now: Date.now(), steps: [], status: "running", reason: null, retries: 0, upstreamCalls: 0 });
  const end = Date.now() + 20_000;
  for (;;) {
    const json = await stub.stateJson();
    const state = json ? walkStateSchema.parse(JSON.parse(json)) : null;
    if (state?.status === "done" || state?.status === "failed" || Date.now() > end) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("links of an imported register", () => {
  it("carry a company's business number out of it as the company itself, but never its name to another agency", () => {
    const hops = hopIntentsOver([
      { from: COSMETICS, to: "nps_workplace_search", bindings: [{ field: "ENTP_NAME", param: "wkplNm" }] },
      { from: "nps_workplace_search", to: COSMETICS, bindings: [{ field: "wkplNm", param: "entp_name" }] },
      { from: COSMETICS, to: "nts_business_status", bindings: [{ field: "BIZRNO", param: "b_no" }] },
    ]);
    expect(hops.map((h) => `${h.from}>${h.to}:${h.means}`)).toEqual([`${COSMETICS}>nts_business_status:same`]);
  });

  it("count a company's facilities in another register, but never the one company the request names", () => {
    const carried = { id: "carried", from: "dg_3066759_getjj_eop_che", to: "dg_15125655_new_facil_info", bindings: [{ field: "saeopjaDrno", param: "brno" }] };
    const counts = routesOver([carried]).map(routeKey).filter((k) => k.endsWith(":count"));
    // The facilities registered under its business number are many rows: they can be counted.
    expect(counts).toContain("dg_3066759_getjj_eop_che>dg_15125655_new_facil_info:count");
    // The named company itself is one row of its register: "how many" of it is no question.
    expect(counts.filter((k) => !k.includes(">"))).toEqual([]);
  });

  it("say of a link that carries the stated business number on that the number goes to its target directly", () => {
    const carried = { id: "on", from: "dg_15125655_close_biz_status", to: "nts_business_status", bindings: [{ field: "brno", param: "b_no" }] };
    const reasons = unwalkedReasons([carried], routesOver([carried]));
    expect(reasons.get("on")).toBe("it carries the value the request states, which goes to the target directly");
  });

  it("read a register no parameter searches as it lists and take the row the request names", { timeout: 30_000 }, async () => {
    // 검진기관 are listed, not searched: the walk lists the register's first page, as the seed did.
    const edges = [{ id: "e1", from: CHECKUPS, to: "hira_pharmacies", bindings: [{ field: "cxVl", param: "xPos" }, { field: "cyVl", param: "yPos" }] }];
    const sampler = new IntentSampler({ edges, usage: { edges: new Map(), kept: new Map(), tools: new Map(), seen: new Map() }, seed: "listed" });
    let plan: WalkPlan | null = null;
    for (let i = 0; i < 20 && !plan; i++) plan = sampler.sample("sequential");
    if (!plan) throw new Error("no plan from the listed register");
    const seed = plan.steps.find((s) => s.seed);
    const listed = plan.steps.find((s) => !s.seed && s.tool === CHECKUPS);
    expect(listed?.named).toMatchObject({ from: "step", step: seed?.id, field: "hmcNm" });
    expect(listed?.args).toEqual(seed?.args);
    const state = await walked(plan);
    expect(state?.status, state?.reason ?? "").toBe("done");
    const z = state?.steps.find((s) => s.id === seed?.id);
    const s1 = state?.steps.find((s) => s.id === listed?.id);
    const stated = z?.result?.items[z.picks["0"] ?? 0]?.["hmcNm"];
    expect(typeof stated).toBe("string");
    expect(s1?.named).toBe(stated);
    expect(s1?.result?.items[s1.picks["0"] ?? 0]?.["hmcNm"]).toBe(stated);
  });
});
