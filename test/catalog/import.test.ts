/// <reference types="vite/client" />
/**
 * Importing real API definitions on a clean stack: the 33 data.go.kr dataset definitions (46
 * operations) and a Swagger 2.0 document in data.go.kr's style go in through the admin route; every
 * operation is imported or rejected with its reason; the imported tools are listed with the
 * built-in ones and answer through the gateway and MCP from the sandbox's generic replica, in
 * their envelope and format, with paging, no-data and key errors as the real hosts give them.
 */
import { env } from "cloudflare:workers";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../src/catalog";
import { importDocuments } from "../../src/catalog/import/service";
import { dbOf } from "../../src/db/client";
import { callTool, createTeam, request, useTenantKeys, APP } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

const DATASETS = import.meta.glob("../fixtures/datagokr/**/*.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const SWAGGER = import.meta.glob("../fixtures/openapi/*.json", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

const documents = (files: Record<string, string>) => Object.entries(files).map(([path, content]) => ({ name: path.replace(/^.*fixtures\//, ""), content }));

interface ImportOutcome {
  operations: number;
  imported: { name: string; version: number; status: string; operation: string }[];
  rejected: { document: string; operation: string; reason: string }[];
  counts: { imported: number; added: number; changed: number; unchanged: number; rejected: number };
  sandbox: { registered: number };
}

interface ToolView {
  name: string;
  source: string;
  inputSchema: { properties: Record<string, { "x-tags"?: string[] }>; required?: string[] };
  outputSchema: { properties: { items: { items: { properties: Record<string, { type: string[]; "x-tags": string[] }> } } } };
  provenance?: { format: string; document: string; operation: string; version: string; date: string; notes: string[] };
  examples: { args: Record<string, unknown>; resolvedArgs: Record<string, unknown> }[];
}

const importDocs = (docs: { name: string; content: string }[]) =>
  request<ImportOutcome>("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents: docs }) });

let token: string;
let outcome: ImportOutcome;

beforeAll(async () => {
  token = (await createTeam("import")).token;
  const tenant = await SandboxTenant.create("import");
  await useTenantKeys(token, tenant.keys);
  const res = await importDocs(documents(DATASETS));
  expect(res.status, res.text).toBe(201);
  outcome = res.body;
});

describe("importing the 33 dataset definitions", () => {
  it("imports or rejects every one of the 46 operations, each rejection with its reason", () => {
    expect(Object.keys(DATASETS)).toHaveLength(33);
    expect(outcome.operations).toBe(46);
    expect(outcome.counts.imported + outcome.counts.rejected).toBe(46);
    expect(outcome.counts).toMatchObject({ imported: 40, added: 40, rejected: 6 });
    const reasons = Object.fromEntries(outcome.rejected.map((r) => [r.operation, r.reason]));
    expect(reasons["/insrLapseFacilInfo"]).toMatch(/no successful live call/);
    for (const op of ["/getRegnHmcList", "/getHmcList", "/getOpnSourSWLisncKorEngInfo", "/getOpnSourSWLisncSmmryInfo", "/getOpnSourSWLisncImfeReq"]) {
      expect(reasons[op]).toMatch(/only envelope fields/);
    }
    expect(outcome.sandbox.registered).toBe(40);
  });

  it("lists the imported tools next to the built-in ones, paged", async () => {
    const all = await request<{ count: number; tools: { function: { name: string } }[]; nextCursor: string | null }>("/v1/tools?limit=50", { token });
    expect(all.body.count).toBe(CATALOG.size + 40);
    expect(all.body.tools).toHaveLength(50);
    const rest = await request<{ tools: { function: { name: string } }[]; nextCursor: string | null }>(`/v1/tools?limit=50&cursor=${all.body.nextCursor}`, { token });
    expect(rest.body.nextCursor).toBeNull();
    const names = [...all.body.tools, ...rest.body.tools].map((t) => t.function.name);
    expect(new Set(names).size).toBe(CATALOG.size + 40);
    const imported = await request<{ count: number }>("/v1/tools?source=imported&q=address_road", { token });
    expect(imported.body.count).toBeGreaterThan(0);
  });

  it("types and tags what the definitions measured, with provenance and the quirks noted", async () => {
    const tool = (await request<ToolView>("/v1/tools/dg_15125655_facil_info", { token })).body;
    expect(tool.source).toBe("imported");
    expect(tool.provenance).toMatchObject({ format: "datagokr-dataset", operation: "/facilInfo", date: "2026-10-07" });
    // cond[brno::LIKE] is the argument brno; the business number stays a string and links to NTS.
    expect(tool.inputSchema.properties["brno"]?.["x-tags"]).toContain("biz.b_no10");
    expect(tool.outputSchema.properties.items.items.properties["brno"]).toMatchObject({ type: ["string", "null"], "x-tags": ["biz.b_no10"] });
    expect(tool.outputSchema.properties.items.items.properties["epsg_x"]?.["x-tags"]).toContain("geo.utmk.x");
    const hmc = (await request<ToolView>("/v1/tools/dg_15154419_hchk_types_hmc_list", { token })).body;
    expect(hmc.outputSchema.properties.items.items.properties["cxVl"]).toMatchObject({ type: ["number", "null"], "x-tags": ["geo.wgs84.lon"] });
    expect(hmc.outputSchema.properties.items.items.properties["hmcNm"]?.["x-tags"]).toContain("hira.name");
    const boat = (await request<ToolView>("/v1/tools/dg_15107810_todz_api_vweb_mbr_boat_i", { token })).body;
    expect(boat.outputSchema.properties.items.items.properties["boat_no"]?.type).toEqual(["string", "null"]);
    expect(boat.provenance?.notes.join(" ")).toMatch(/boat_no is declared a date/);
    expect(boat.inputSchema.required).toEqual(expect.arrayContaining(["stnd_yr", "boat_no"]));
  });

  it("answers every imported tool's examples through the gateway with items of the declared types", async () => {
    for (const { name } of outcome.imported) {
      const tool = (await request<ToolView>(`/v1/tools/${name}`, { token })).body;
      const fields = tool.outputSchema.properties.items.items.properties;
      for (const example of tool.examples) {
        const res = await callTool(token, name, { args: example.resolvedArgs });
        expect(res.status, `${name} ${JSON.stringify(example.args)}: ${res.text}`).toBe(200);
        expect(res.body.result.items.length, `${name} ${JSON.stringify(example.args)} returned no items`).toBeGreaterThan(0);
        for (const item of res.body.result.items) {
          for (const [field, schema] of Object.entries(fields)) {
            const value = item[field];
            if (value === null || value === undefined) continue;
            const type = schema.type[0] === "integer" ? "number" : schema.type[0];
            expect(typeof value, `${name}.${field}=${JSON.stringify(value)}`).toBe(type);
          }
        }
      }
    }
  }, 60_000);

  it("lists a trade's register as makers of that trade whose business numbers the tax office knows", async () => {
    const makers = await callTool(token, "dg_15020628_csmtcs_mfcrtr_info_list02", { args: { numOfRows: 100 } });
    const names = makers.body.result.items.map((i) => String(i["ENTP_NAME"]));
    expect(names.length).toBeGreaterThan(20);
    // The world has no cosmetics industry: not its restaurants and estate agents under this heading.
    for (const name of names) expect(name).toMatch(/화장품$/);
    const bNo = String(makers.body.result.items.find((i) => typeof i["BIZRNO"] === "string")?.["BIZRNO"]);
    const status = await callTool(token, "nts_business_status", { args: { b_no: [bNo] } });
    expect(status.body.result.items[0]).toMatchObject({ b_no: bNo });
    expect(status.body.result.items[0]?.["b_stt_cd"]).toMatch(/^0[123]$/);
  });

  it("pages, answers no data and refuses a bad key as the real hosts do", async () => {
    const page2 = await callTool(token, "dg_15142413_epsot_data", { args: { pageNo: 2, numOfRows: 3 } });
    expect(page2.body.result).toMatchObject({ ok: true, page: 2 });
    expect(page2.body.result.items).toHaveLength(3);
    expect(page2.body.result.totalCount).toBeGreaterThan(6);
    const page1 = await callTool(token, "dg_15142413_epsot_data", { args: { pageNo: 1, numOfRows: 3 } });
    expect(page1.body.result.items.map((i) => i["pstofcAddr"])).not.toEqual(page2.body.result.items.map((i) => i["pstofcAddr"]));

    const none = await callTool(token, "dg_15144256_country_list", { args: { ctryNm: "없는나라" } });
    expect(none.body.result).toMatchObject({ ok: true, items: [], totalCount: 0 });
    const xmlNone = await callTool(token, "dg_15105081_getclinichi", { args: { hrno: "9999999" } });
    expect(xmlNone.body.result).toMatchObject({ ok: true, items: [] });

    const missing = await callTool(token, "dg_15107810_todz_api_vweb_mbr_boat_i", { args: { stnd_yr: "2015" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "args.boat_no" });

    const other = (await createTeam("import-badkey")).token;
    const bogus = await request(`/v1/keys/DATA_GO_KR_SERVICE_KEY`, { method: "PUT", token: other, body: JSON.stringify({ key: "sbx.nobody.datagokr.bm90LWEta2V5+/==" }) });
    expect(bogus.status).toBe(200);
    const refused = await callTool(other, "dg_15125655_insr_info", { args: { perPage: 2 } });
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe("UPSTREAM_KEY_REJECTED");
    const refusedXml = await callTool(other, "dg_15121942_moj", { args: { numOfRows: 7 } });
    expect(refusedXml.body.error?.code, refusedXml.text).toBe("UPSTREAM_KEY_REJECTED");
  });

  it("serves imported tools over MCP with the built-in ones", async () => {
    const client = new Client({ name: "import-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${APP}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
        fetch: (input, init) => exports.default.fetch(new Request(input, init)),
      }),
    );
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(names).toContain("kasi_public_holidays");
    expect(names).toContain("dg_15082009_branch_list");
    const answer = await client.callTool({ name: "dg_15082009_branch_list", arguments: {} });
    expect(answer.isError).toBeFalsy();
    expect((answer.structuredContent as { items: unknown[] }).items.length).toBeGreaterThan(0);
    await client.close();
  });

  it("keeps a tool's version when nothing changed and bumps it when its definition did", async () => {
    const again = await importDocs(documents(DATASETS));
    expect(again.status).toBe(200);
    expect(again.body.counts).toMatchObject({ added: 0, changed: 0, unchanged: 40 });
    const [path, content] = Object.entries(DATASETS).find(([p]) => p.endsWith("15144256.yaml")) ?? ["", ""];
    // Another import in between: the catalog's reloads now start after the first import's time.
    const other = await importDocs([{ name: "copy/15144256.yaml", content: content.replace(/^id: '?15144256'?$/m, "id: '99144256'") }]);
    expect(other.body.imported).toEqual([expect.objectContaining({ name: "dg_99144256_country_list", status: "added" })]);
    const edited = await importDocs([{ name: path.replace(/^.*fixtures\//, ""), content: content.replace("title: 한국무역보험공사_국가목록", "title: 한국무역보험공사_국가목록 (개정)") }]);
    expect(edited.body.imported).toEqual([expect.objectContaining({ name: "dg_15144256_country_list", version: 2, status: "changed" })]);
    const versions = await request<{ versions: { version: number }[] }>("/admin/catalog/tools/dg_15144256_country_list/versions", { token: env.ADMIN_TOKEN });
    expect(versions.body.versions.map((v) => v.version)).toEqual([2, 1]);
    // The catalog serves the new version at once (the changed row's update time moved on, so the reload reads it).
    const served = await request<{ version: number; description: { ko: string } }>("/v1/tools/dg_15144256_country_list", { token });
    expect(served.body.version).toBe(2);
    expect(served.body.description.ko).toContain("(개정)");
    const called = await callTool(token, "dg_15144256_country_list", { args: {} });
    expect(called.status).toBe(200);
  });

  it("rejects what it cannot serve and stores nothing of a document that is not a definition", async () => {
    const res = await importDocs([
      { name: "broken.yaml", content: "id: [unclosed" },
      { name: "other.json", content: JSON.stringify({ hello: "world" }) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ imported: 0, rejected: 2 });
    expect(res.body.rejected.map((r) => r.reason).join("\n")).toMatch(/not JSON or YAML[\s\S]*neither a data\.go\.kr dataset/);
    // Against the real hosts, only the hosts the operator lists may be called (here every host goes to the sandbox).
    const offHost = (DATASETS[Object.keys(DATASETS).find((p) => p.endsWith("15144258.yaml")) ?? ""] ?? "").replace("https://apis.data.go.kr/B552696", "https://evil.example.com/B552696").replace("id: '15144258'", "id: '99144258'");
    const realHosts = { ...env, UPSTREAM_HOST_URLS: JSON.stringify({ "apis.data.go.kr": "https://apis.data.go.kr" }), SANDBOX_ADMIN_URL: "" };
    const refused = await importDocuments(realHosts, dbOf(env.DB), [{ name: "offhost.yaml", content: offHost }]);
    expect(refused.counts).toMatchObject({ imported: 0, rejected: 1 });
    expect(refused.rejected[0]?.reason).toMatch(/evil\.example\.com is not among the hosts the operator allows/);
    expect((await request<{ count: number }>("/v1/tools?q=99144258", { token })).body.count).toBe(0);
    const bad = await request<{ error: { code: string; field: string } }>("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents: [] }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "documents" });
    expect((await request("/admin/catalog/import", { method: "POST", token, body: "{}" })).status).toBe(401);
  });
});

describe("importing a Swagger 2.0 document in data.go.kr's style", () => {
  it("imports its query operations, rejects the one with a body, and answers through the gateway", async () => {
    const res = await importDocs(documents(SWAGGER));
    expect(res.status).toBe(201);
    expect(res.body.counts).toMatchObject({ imported: 2, rejected: 1 });
    expect(res.body.rejected[0]?.reason).toMatch(/request body/);
    const list = await callTool(token, "public_library_service_library_list", { args: { ctprvnNm: "서울", numOfRows: 5 } });
    expect(list.status, list.text).toBe(200);
    expect(list.body.result.items.length).toBe(5);
    expect(list.body.result.items.every((i) => i["ctprvnNm"] === "서울")).toBe(true);
    const around = await callTool(token, "public_library_service_library_around", { args: { latitude: 37.5662952, longitude: 126.9779451, radius: 3000 } });
    expect(around.status).toBe(200);
    expect(around.body.result.items.length).toBeGreaterThan(0);
    const far = await callTool(token, "public_library_service_library_around", { args: { latitude: 35.0, longitude: 129.5, radius: 500 } });
    expect(far.body.result.items).toEqual([]);
  });
});
