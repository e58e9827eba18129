import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("GET /v1/tools", () => {
  it("lists the catalog as OpenAI tools", async () => {
    const res = await exports.default.fetch("http://app/v1/tools");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { count: number; tools: { type: string; function: { name: string } }[] };
    expect(body.count).toBeGreaterThan(0);
    expect(body.tools.map((t) => t.function.name)).toContain("kasi_public_holidays");
  });

  it("answers an unknown tool with a typed 404", async () => {
    const res = await exports.default.fetch("http://app/v1/tools/no_such_tool");
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; field: string } };
    expect(body.error.code).toBe("TOOL_NOT_FOUND");
  });
});
