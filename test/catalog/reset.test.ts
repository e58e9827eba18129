/// <reference types="vite/client" />
/**
 * A reset of storage leaves no imported tool behind in the isolate that lives on: the layer a
 * request checked less than a second ago is trusted, and the fresh database starts at the same
 * catalog generation, so without forgetting it the next test file (or an operator's wiped local
 * stack) would list and call tools that no longer exist.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../src/catalog";
import { callTool, createTeam, request, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";
import { freshStorage } from "../support/storage";

const DATASETS = import.meta.glob("../fixtures/datagokr/*/15082009.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

async function teamWithKeys(name: string): Promise<string> {
  const { token } = await createTeam(name);
  await useTenantKeys(token, (await SandboxTenant.create(name)).keys);
  return token;
}

let token: string;

beforeAll(async () => {
  token = await teamWithKeys("reset");
  const documents = Object.entries(DATASETS).map(([path, content]) => ({ name: path.replace(/^.*fixtures\//, ""), content }));
  const res = await request("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents }) });
  expect(res.status, res.text).toBe(201);
});

describe("a storage reset", () => {
  it("forgets the imported tools the isolate had loaded", async () => {
    const before = await request<{ count: number }>("/v1/tools?limit=1", { token });
    expect(before.body.count).toBeGreaterThan(CATALOG.size);
    expect((await callTool(token, "dg_15082009_branch_list", { args: {} })).status).toBe(200);

    await freshStorage();
    const after = await teamWithKeys("reset-after");
    const listed = await request<{ count: number }>("/v1/tools?limit=1", { token: after });
    expect(listed.body.count).toBe(CATALOG.size);
    const gone = await callTool(after, "dg_15082009_branch_list", { args: {} });
    expect(gone.status).toBe(404);
  });
});
