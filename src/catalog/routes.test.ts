import { beforeAll, describe, expect, it } from "vitest";
import { createTeam, request } from "../../test/support/app";

let token: string;
beforeAll(async () => {
  token = (await createTeam("catalog")).token;
});

describe("GET /v1/tools", () => {
  it("lists the catalog as OpenAI tools", async () => {
    const res = await request<{ count: number; tools: { type: string; function: { name: string; parameters: { properties: Record<string, unknown> } } }[] }>("/v1/tools", { token });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(res.body.tools.length);
    const holidays = res.body.tools.find((t) => t.function.name === "kasi_public_holidays");
    expect(holidays?.type).toBe("function");
    expect(Object.keys(holidays?.function.parameters.properties ?? {})).toContain("solYear");
  });

  it("lists the catalog as JSON Schema with output fields and tags", async () => {
    const res = await request<{ tools: { name: string; inputSchema: { properties: Record<string, { "x-tags"?: string[] }> }; outputSchema: unknown }[] }>("/v1/tools?format=jsonschema", { token });
    const holidays = res.body.tools.find((t) => t.name === "kasi_public_holidays");
    expect(holidays?.inputSchema.properties["solYear"]?.["x-tags"]).toEqual(["date.yyyy"]);
    expect(JSON.stringify(holidays?.outputSchema)).toContain("date.yyyymmdd");
  });

  it("shows one tool with its examples resolved", async () => {
    const res = await request<{ name: string; examples: { resolvedArgs: Record<string, unknown> }[] }>("/v1/tools/kasi_public_holidays", { token });
    expect(res.status).toBe(200);
    expect(res.body.examples[1]?.resolvedArgs["solYear"]).toMatch(/^\d{4}$/);
  });

  it("answers an unknown tool with a typed 404 and a bad query with a typed 400", async () => {
    const missing = await request<{ error: { code: string; field: string; requestId: string } }>("/v1/tools/no_such_tool", { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "TOOL_NOT_FOUND", field: "name" });
    expect(missing.body.error.requestId).toBe(missing.headers.get("x-request-id"));
    const bad = await request<{ error: { code: string; field: string } }>("/v1/tools?format=yaml", { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "INVALID_ARGUMENT", field: "query.format" });
  });

  it("needs a team token", async () => {
    expect((await request("/v1/tools")).status).toBe(401);
  });
});
