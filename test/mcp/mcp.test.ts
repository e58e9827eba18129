/**
 * /mcp with the official SDK client: its streamable HTTP transport talks to the Worker under test
 * through a fetch that hands every request to the app's real fetch handler.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../src/catalog";
import { APP, createTeam, request, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

const workerFetch = (input: string | URL | Request, init?: RequestInit) => exports.default.fetch(new Request(input, init));

async function connect(token: string, path = "/mcp"): Promise<Client> {
  const client = new Client({ name: "kopa-test", version: "1.0.0" }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
  const transport = new StreamableHTTPClientTransport(new URL(`${APP}${path}`), { fetch: workerFetch, requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

let token: string;
let client: Client;

beforeAll(async () => {
  token = (await createTeam("mcp")).token;
  const tenant = await SandboxTenant.create("mcp");
  await useTenantKeys(token, tenant.keys);
  client = await connect(token);
});

afterAll(async () => {
  await client.close();
});

describe("MCP over streamable HTTP", () => {
  it("connects and names the server", () => {
    expect(client.getServerVersion()).toMatchObject({ name: "kopa-edge" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
  });

  it("lists every catalogued tool with its input schema", async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(CATALOG.size);
    expect(tools.length).toBeGreaterThanOrEqual(57);
    const holidays = tools.find((t) => t.name === "kasi_public_holidays");
    expect(holidays?.inputSchema).toMatchObject({ type: "object", properties: { solYear: { type: "string" }, solMonth: { type: "string" } }, required: ["solYear"] });
    expect(holidays?.description).toMatch(/공휴일/);
    expect(holidays?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect(tools.every((t) => t.inputSchema.type === "object" && t.outputSchema?.type === "object")).toBe(true);
  });

  it("calls a tool through the gateway and returns the normalised result", async () => {
    const result = await client.callTool({ name: "kasi_public_holidays", arguments: { solYear: "2026", solMonth: "05" } });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { ok: boolean; items: { locdate: string; dateName: string }[]; totalCount: number; meta: { cache: string } };
    expect(structured.ok).toBe(true);
    expect(structured.items.map((i) => i.locdate)).toContain("20260505");
    expect(structured.items.find((i) => i.locdate === "20260505")?.dateName).toBe("어린이날");
    expect(["miss", "hit", "coalesced"]).toContain(structured.meta.cache);
    expect(result.content).toEqual([{ type: "text", text: JSON.stringify(structured) }]);

    // The same call over HTTP is now a cache hit: MCP shares the gateway's cache and call log.
    const again = await request<{ meta: { cache: string } }>("/v1/tools/kasi_public_holidays/call", { method: "POST", token, body: JSON.stringify({ args: { solYear: "2026", solMonth: "05" } }) });
    expect(again.body.meta.cache).toBe("hit");
  });

  it("runs local tools too", async () => {
    const result = await client.callTool({ name: "kma_grid_from_wgs84", arguments: { lat: 37.5665, lon: 126.978 } });
    expect(result.structuredContent).toMatchObject({ ok: true, items: [{ nx: 60, ny: 127 }], meta: { cache: "local" } });
  });

  it("answers a bad argument as a tool error naming the field", async () => {
    const result = await client.callTool({ name: "kasi_public_holidays", arguments: { solYear: "26" } });
    expect(result.isError).toBe(true);
    const [content] = result.content as { type: string; text: string }[];
    expect(JSON.parse(content?.text ?? "{}")).toMatchObject({ error: { code: "INVALID_ARGUMENT", field: "args.solYear" } });
  });

  it("answers an unknown tool as a protocol error whose message names its code once", async () => {
    const failure = await client.callTool({ name: "no_such_tool", arguments: {} }).then(
      () => null,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure).toMatch(/no tool named no_such_tool/);
    expect(failure?.match(/MCP error -32602/g)).toHaveLength(1);
  });

  it("converts a scalar given in another type when nothing is lost (solYear: 2026)", async () => {
    const result = await client.callTool({ name: "kasi_public_holidays", arguments: { solYear: 2026, solMonth: "05" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ ok: true });
    // 2026.5 is not a year written another way: it stays a number and is refused.
    const lossy = await client.callTool({ name: "kasi_public_holidays", arguments: { solYear: 2026.5 } });
    expect(lossy.isError).toBe(true);
    const grid = await client.callTool({ name: "kma_grid_from_wgs84", arguments: { lat: "37.5665", lon: "126.978" } });
    expect(grid.structuredContent).toMatchObject({ ok: true, items: [{ nx: 60, ny: 127 }] });
  });

  it("offers a compact listing: Korean descriptions, no output schemas, a fraction of the size", async () => {
    const compact = await connect(token, "/mcp?compact=1");
    try {
      const small = await compact.listTools();
      const full = await client.listTools();
      expect(small.tools.map((t) => t.name)).toEqual(full.tools.map((t) => t.name));
      expect(small.tools.every((t) => t.outputSchema === undefined)).toBe(true);
      expect(small.tools.find((t) => t.name === "kasi_public_holidays")?.description).toMatch(/공휴일/);
      const bytes = (tools: unknown) => new TextEncoder().encode(JSON.stringify(tools)).length;
      console.log(`tools/list bytes full=${bytes(full.tools)} compact=${bytes(small.tools)}`);
      expect(bytes(small.tools)).toBeLessThan(bytes(full.tools) / 2);
    } finally {
      await compact.close();
    }
  });
});

describe("MCP security", () => {
  it("refuses an invalid token before any MCP exchange", async () => {
    await expect(connect("kopa_not-a-real-token")).rejects.toThrow(/401|UNAUTHORIZED/);
    const raw = await request<{ error: { code: string } }>("/mcp", { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(raw.status).toBe(401);
    expect(raw.body.error.code).toBe("UNAUTHORIZED");
    expect(raw.headers.get("WWW-Authenticate")).toBe('Bearer realm="kopa-edge"');
  });

  it("has no sessions: GET and DELETE are 405", async () => {
    const get = await exports.default.fetch(new Request(`${APP}/mcp`, { headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" } }));
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});
