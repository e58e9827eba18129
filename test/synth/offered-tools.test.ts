/// <reference types="vite/client" />
/**
 * The tools an exported example offers: the ones it calls, imported ones included, and a few a
 * model could take for them (the same provider, or the same kind of input or output, imported
 * tools included), the same set every time for one example.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../src/catalog/import/sync";
import { dbOf } from "../../src/db/client";
import { toolsFor } from "../../src/synth/export";
import { request } from "../support/app";

const DATASETS = import.meta.glob("../fixtures/datagokr/*/{15020628,15154419,15058716}.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

beforeAll(async () => {
  const documents = Object.entries(DATASETS).map(([path, content]) => ({ name: path.replace(/^.*fixtures\//, ""), content }));
  const res = await request("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents }) });
  expect(res.status, res.text).toBe(201);
  await loadCatalog(dbOf(env.DB));
});

describe("the tools offered with an example", () => {
  it("include an imported tool it calls, and distractors that share what it takes or gives", () => {
    const example = { id: "e1", calls: [{ tool: "dg_15020628_csmtcs_mfcrtr_info_list02" }, { tool: "nts_business_status" }] };
    const names = toolsFor(example).map((t) => t.function.name);
    expect(names.slice(0, 2)).toEqual(["dg_15020628_csmtcs_mfcrtr_info_list02", "nts_business_status"]);
    const distractors = names.slice(2);
    expect(distractors.length).toBeGreaterThanOrEqual(3);
    expect(distractors).toContain("nts_business_validate");
    expect(toolsFor(example).map((t) => t.function.name)).toEqual(names);
  });

  it("offer imported tools as distractors of built-in ones that take the same kind of thing", () => {
    const offered = new Set<string>();
    for (let i = 0; i < 20; i++) for (const t of toolsFor({ id: `e${i}`, calls: [{ tool: "juso_search" }] })) offered.add(t.function.name);
    expect([...offered].some((name) => name.startsWith("dg_"))).toBe(true);
  });
});
