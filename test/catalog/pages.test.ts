/// <reference types="vite/client" />
/**
 * The catalog larger than a page (the 33 dataset definitions imported under eight dataset ids, 320
 * operations, beside the built-in tools), as the dashboard, GET /v1/tools, MCP tools/list and the
 * graph show it: each lists a page and says how many there are, and reads the specs of its own
 * page's tools only (a request over a catalog of 10,000 must not read 10,000 specs).
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../src/catalog";
import { importedSpec } from "../../src/catalog/import/layer";
import { MCP_PAGE_SIZE } from "../../src/mcp/server";
import { PAGE_SIZE } from "../../src/web/pages/catalog";
import { APP, createTeam, request } from "../support/app";

const DATASETS = import.meta.glob("../fixtures/datagokr/**/*.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const VARIANTS = 8;

/** The definition under another dataset id: its own tool names, the same operations. */
const variant = (content: string, v: number) => content.replace(/^id: '?(\d+)'?$/m, (_m, id: string) => `id: '${id}v${v}'`);

let token: string;
let cookie: string;
let imported: string[];
let total: number;

async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await exports.default.fetch(new Request(`${APP}${path}`, { headers: { Cookie: cookie }, redirect: "manual" }));
  return { status: res.status, html: await res.text() };
}

const rows = (html: string) => [...html.matchAll(/<tr data-search="[^"]*" data-source="(\w+)"><td><a href="\/ui\/catalog\/([a-z0-9_]+)">/g)].map((m) => m[2] ?? "");
const counts = (html: string) => /<span id="tool-count">(\d+)<\/span> \/ (\d+)/.exec(html)?.slice(1).map(Number);
const pager = (html: string) => /<p id="tool-pages"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? null;

beforeAll(async () => {
  token = (await createTeam("catalog-pages")).token;
  const login = await exports.default.fetch(
    new Request(`${APP}/ui/login`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token, next: "/ui/catalog" }).toString(), redirect: "manual" }),
  );
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const documents = Array.from({ length: VARIANTS }, (_, v) => Object.entries(DATASETS).map(([path, content]) => ({ name: `v${v}/${path.replace(/^.*fixtures\//, "")}`, content: variant(content, v) }))).flat();
  const res = await request<{ imported: { name: string }[] }>("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents }) });
  expect(res.status, res.text).toBe(201);
  imported = res.body.imported.map((t) => t.name).sort();
  total = CATALOG.size + imported.length;
  expect(imported.length).toBeGreaterThan(PAGE_SIZE);
  expect(total).toBeGreaterThan(MCP_PAGE_SIZE);
}, 60_000);

describe("a catalog of more than one page", () => {
  it("dashboard: lists the first page, built-in tools first, says how many there are and links the next page", async () => {
    const first = await page("/ui/catalog");
    expect(first.status).toBe(200);
    expect(counts(first.html)).toEqual([total, total]);
    expect(rows(first.html)).toEqual([...CATALOG.keys(), ...imported.slice(0, PAGE_SIZE - CATALOG.size)]);
    expect(pager(first.html)).toContain(`1–${PAGE_SIZE} of ${total}`);
    expect(pager(first.html)).toContain('href="/ui/catalog?page=2" rel="next"');
    expect(pager(first.html)).not.toContain('rel="prev"');
    // A paged list: the page script leaves the search to the server.
    expect(first.html).toContain('<table id="tools" data-paged="true">');
  });

  it("GET /v1/tools: one page and the count", async () => {
    const res = await request<{ count: number; catalogSize: number; tools: { function: { name: string } }[]; nextCursor: string | null }>("/v1/tools?limit=100", { token });
    expect(res.body).toMatchObject({ count: total, catalogSize: total, nextCursor: "100" });
    expect(res.body.tools.map((t) => t.function.name)).toEqual([...CATALOG.keys(), ...imported.slice(0, 100 - CATALOG.size)]);
  });

  it("MCP tools/list: one page and a cursor", async () => {
    const res = await exports.default.fetch(
      new Request(`${APP}/mcp`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      }),
    );
    const body = (await res.json()) as { result: { tools: { name: string }[]; nextCursor?: string } };
    expect(body.result.tools.map((t) => t.name)).toEqual([...CATALOG.keys(), ...imported.slice(0, MCP_PAGE_SIZE - CATALOG.size)]);
    expect(body.result.nextCursor).toBe(String(MCP_PAGE_SIZE));
  });

  it("GET /v1/graph: every tool a node, imported ones with their provider", async () => {
    const res = await request<{ nodes: { name: string; kind: string; provider: string | null }[] }>("/v1/graph", { token });
    expect(res.status).toBe(200);
    const nodes = new Map(res.body.nodes.map((n) => [n.name, n]));
    expect(nodes.size).toBe(total);
    expect(nodes.get(imported.at(-1) ?? "")).toMatchObject({ kind: "upstream", provider: expect.stringMatching(/^x_dg_/) });
    expect(nodes.get("dg_15125655v3_facil_info")?.provider).toBe("x_dg_15125655v3");
  });

  it("none of these read the spec of a tool beyond their first page", async () => {
    const last = imported.at(-1) ?? "";
    expect(importedSpec(imported[0] ?? "")).toBeDefined();
    expect(importedSpec(last)).toBeUndefined();
    await page("/ui/catalog?page=2");
    expect(importedSpec(last)).toBeDefined();
  });

  it("dashboard: lists the rest on the next page, with a link back", async () => {
    const second = await page("/ui/catalog?page=2");
    expect(rows(second.html)).toEqual(imported.slice(PAGE_SIZE - CATALOG.size));
    expect(pager(second.html)).toContain(`${PAGE_SIZE + 1}–${total} of ${total}`);
    expect(pager(second.html)).toContain('href="/ui/catalog?page=1" rel="prev"');
    expect(pager(second.html)).not.toContain('rel="next"');
    expect(rows((await page("/ui/catalog?page=9")).html)).toHaveLength(0);
  });

  it("dashboard: pages a search in the same way, matched in D1, and counts its matches against the whole catalog", async () => {
    const all = await page("/ui/catalog?q=imported");
    expect(counts(all.html)).toEqual([imported.length, total]);
    expect(rows(all.html)).toEqual(imported.slice(0, PAGE_SIZE));
    expect(pager(all.html)).toContain('href="/ui/catalog?q=imported&amp;page=2" rel="next"');
    expect(rows((await page("/ui/catalog?q=imported&page=2")).html)).toEqual(imported.slice(PAGE_SIZE));
    // A word of a dataset's title and a parameter name: that dataset's operation with the parameter, under each id.
    const insurance = rows((await page(`/ui/catalog?q=${encodeURIComponent("재난배상책임보험 brno")}`)).html);
    expect(insurance.length).toBeGreaterThanOrEqual(VARIANTS);
    expect(insurance.every((name) => /^dg_15125655v\d_/.test(name))).toBe(true);
    const narrow = await page(`/ui/catalog?q=${encodeURIComponent("재난배상책임보험")}`);
    expect(pager(narrow.html)).toBeNull();
    expect(narrow.html).toContain('<table id="tools" data-paged="false">');
  });

  it("dashboard: refuses a page that is not a positive number", async () => {
    expect((await page("/ui/catalog?page=0")).status).toBe(400);
    expect((await page("/ui/catalog?page=x")).status).toBe(400);
  });
});
