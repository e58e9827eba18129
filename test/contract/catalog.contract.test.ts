/**
 * The contract every catalogued tool must meet (one suite for all, like Hono's shared router
 * tests): its spec validates, its examples satisfy its own parameter schema, the sandbox answers
 * the example over HTTP, and the normaliser yields items whose fields have the declared types,
 * patterns and tags.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../../src/catalog";
import { resolveExampleArgs } from "../../src/catalog/examples";
import { outputFields, toolSpecSchema, type OutputField } from "../../src/catalog/spec";
import { parseArgs } from "../../src/gateway/execute";
import { SandboxTenant } from "../support/sandbox";

const HANGUL = /[가-힣]/;

function typeMatches(value: unknown, field: OutputField): boolean {
  switch (field.type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
  }
}

let tenant: SandboxTenant;
beforeAll(async () => {
  tenant = await SandboxTenant.create("contract");
});

describe.each([...CATALOG.values()].map((tool) => [tool.name, tool] as const))("%s", (_name, tool) => {
  it("has a valid spec with Korean and English descriptions", () => {
    expect(toolSpecSchema.safeParse(tool).success).toBe(true);
    expect(tool.description.ko).toMatch(HANGUL);
    expect(outputFields(tool).length).toBeGreaterThan(0);
  });

  it("has examples that satisfy its own parameter schema", () => {
    for (const example of tool.examples) expect(() => parseArgs(tool, resolveExampleArgs(example, new Date()))).not.toThrow();
  });

  it("answers its examples with items of the declared fields", async () => {
    for (const example of tool.examples) {
      const args = resolveExampleArgs(example, new Date());
      const { result } = await tenant.call(tool.name, args);
      expect(result, `${tool.name} ${JSON.stringify(args)}`).toMatchObject({ ok: true });
      expect(result.items.length, `${tool.name} ${JSON.stringify(args)} returned no items`).toBeGreaterThan(0);
      for (const item of result.items) {
        for (const field of outputFields(tool)) {
          const value = item[field.name];
          if (value === null || value === undefined) {
            expect(field.optional, `${tool.name}.${field.name} is missing in ${JSON.stringify(item)}`).toBe(true);
            continue;
          }
          expect(typeMatches(value, field), `${tool.name}.${field.name}=${JSON.stringify(value)} is not ${field.type}`).toBe(true);
          if (field.pattern) expect(String(value), `${tool.name}.${field.name}`).toMatch(new RegExp(field.pattern));
        }
      }
    }
  });
});
