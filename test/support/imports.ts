/** Imports vendored data.go.kr definitions (read with import.meta.glob) and loads them into the catalog. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { loadCatalog } from "../../src/catalog/import/sync";
import { dbOf } from "../../src/db/client";
import { request } from "./app";

export async function importFixtures(datasets: Record<string, string>): Promise<void> {
  const documents = Object.entries(datasets).map(([path, content]) => ({ name: path.replace(/^.*fixtures\//, ""), content }));
  const res = await request("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents }) });
  expect(res.status, res.text).toBe(201);
  await loadCatalog(dbOf(env.DB));
}
