/**
 * The OpenAPI document: every route the app registers under /v1 and /admin is documented (and
 * nothing documented is missing from the app), and the response schemas of the document accept
 * the app's real answers.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { app } from "../../src/index";
import type { OpenApiDocument } from "../../src/openapi/document";
import { apiRoutes } from "../../src/openapi/registry";
import { createTeam, request } from "../support/app";

/** Hono's `:name` segments as OpenAPI's `{name}` (a colon inside a segment, as in `calls:batch`, is literal). */
const openApiPath = (path: string) =>
  path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? `{${segment.slice(1)}}` : segment))
    .join("/");

function registered(): string[] {
  const routes = app.routes
    .filter((r) => r.method !== "ALL" && (r.path.startsWith("/v1/") || r.path === "/v1" || r.path.startsWith("/admin/")))
    .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`);
  return [...new Set(routes)].sort();
}

let doc: OpenApiDocument;
let token: string;

beforeAll(async () => {
  const res = await request<OpenApiDocument>("/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body;
  token = (await createTeam("openapi")).token;
});

describe("the OpenAPI document", () => {
  it("documents every /v1 and /admin route the app registers", () => {
    const routes = registered();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`)));
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });

  it("documents no route the app does not have", () => {
    const routes = new Set([...registered(), "post /mcp"]);
    const stale = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`)).filter((r) => !routes.has(r));
    expect(stale).toEqual([]);
  });

  it("derives parameters and bodies from the routes' zod schemas", () => {
    const call = doc.paths["/v1/tools/{name}/call"]?.post;
    expect(call?.requestBody?.content["application/json"]?.schema).toMatchObject({
      type: "object",
      properties: { args: { type: "object" }, cache: { enum: ["default", "no-cache", "only-if-cached"], default: "default" }, snapshot: { type: "string", maxLength: 200 } },
    });
    expect(call?.parameters).toEqual([expect.objectContaining({ name: "name", in: "path", required: true })]);
    const list = doc.paths["/v1/tools"]?.get?.parameters ?? [];
    expect(list.map((p) => p.name)).toEqual(["format", "lang", "provider", "kind", "source", "q", "limit", "cursor"]);
    expect(list.every((p) => !p.required)).toBe(true);
    const batch = doc.paths["/v1/calls:batch"]?.post?.requestBody?.content["application/json"]?.schema as { properties: { calls: { maxItems: number } } };
    expect(batch.properties.calls.maxItems).toBe(50);
    const verify = doc.paths["/v1/graph/verify"]?.post?.requestBody?.content["application/json"]?.schema as { properties: Record<string, unknown> };
    expect(Object.keys(verify.properties)).toEqual(expect.arrayContaining(["budget", "k", "share", "statuses", "tools", "fresh"]));
    expect(doc.paths["/admin/teams"]?.post?.security).toEqual([{ adminToken: [] }]);
    expect(doc.components.schemas["Error"]).toMatchObject({ properties: { error: { required: ["code", "message", "requestId"] } } });
  });

  it("renders a docs page without client script", async () => {
    const res = await request("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.text).toContain("/v1/tools/{name}/call");
    expect(res.text).not.toMatch(/<script/);
    // Schemas are outlined, their components linked to their cards; in full only in the document.
    expect(res.text).toContain('<a href="#schema-SnapshotInfo">');
    expect(res.text).toContain('id="schema-SnapshotInfo"');
  });
});

describe("response schemas against real answers", () => {
  const schemaOf = (method: "get" | "post", path: string, status: number): z.ZodType => {
    const route = apiRoutes(env).find((r) => r.method === method && r.path === path);
    const schema = route?.responses[status]?.schema;
    if (!schema) throw new Error(`no response schema for ${method} ${path} ${status}`);
    return schema;
  };

  it("accepts the answers of calls, batches, the catalog, usage, the graph and drift", async () => {
    const call = await request("/v1/tools/kma_grid_from_wgs84/call", { method: "POST", token, body: JSON.stringify({ args: { lat: 37.5665, lon: 126.978 } }) });
    expect(schemaOf("post", "/v1/tools/{name}/call", 200).safeParse(call.body).error).toBeUndefined();
    const batch = await request("/v1/calls:batch", { method: "POST", token, body: JSON.stringify({ calls: [{ tool: "kma_grid_from_wgs84", args: { lat: 37.5, lon: 127 } }, { tool: "nope" }] }) });
    expect(schemaOf("post", "/v1/calls:batch", 200).safeParse(batch.body).error).toBeUndefined();
    for (const path of ["/v1/tools", "/v1/usage", "/v1/graph", "/v1/graph/drift", "/v1/snapshots", "/v1/keys"]) {
      const res = await request(path, { token });
      expect(res.status, path).toBe(200);
      expect(schemaOf("get", path, 200).safeParse(res.body).error, path).toBeUndefined();
    }
  });

  it("accepts the answers of a tool's page, the bench tasks, runs and leaderboard, MCP and the admin team list", async () => {
    const checks: [path: string, documented: string, init: Parameters<typeof request>[1]][] = [
      ["/v1/tools/kasi_public_holidays", "/v1/tools/{name}", { token }],
      ["/v1/bench/tasks", "/v1/bench/tasks", { token }],
      ["/v1/bench/runs", "/v1/bench/runs", { token }],
      ["/v1/bench/leaderboard", "/v1/bench/leaderboard", { token }],
      ["/admin/teams", "/admin/teams", { token: "test-admin-token" }],
    ];
    for (const [path, documented, init] of checks) {
      const res = await request(path, init);
      expect(res.status, path).toBe(200);
      expect(schemaOf("get", documented, 200).safeParse(res.body).error, path).toBeUndefined();
    }
    const mcp = await request("/mcp", { method: "POST", token, headers: { Accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }) });
    expect(schemaOf("post", "/mcp", 200).safeParse(mcp.body).error).toBeUndefined();
  });
});
