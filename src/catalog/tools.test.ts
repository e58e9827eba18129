import { describe, expect, it } from "vitest";
import { findTool } from "./index";
import { openAiTool, parametersJsonSchema } from "./tools";

describe("a tool's parameter schema", () => {
  const tool = findTool("kasi_public_holidays");
  if (!tool) throw new Error("no kasi_public_holidays");

  it("keeps the tags only when asked, each view built once and shared", () => {
    const tagged = parametersJsonSchema(tool, true);
    const plain = parametersJsonSchema(tool, false);
    const props = (schema: Record<string, unknown>) => schema["properties"] as Record<string, Record<string, unknown>>;
    expect(props(tagged)["solYear"]?.["x-tags"]).toBeDefined();
    expect(props(plain)["solYear"]?.["x-tags"]).toBeUndefined();
    expect(props(plain)["solYear"]?.["tags"]).toBeUndefined();
    expect(parametersJsonSchema(tool, true)).toBe(tagged);
    expect(openAiTool(tool).function.parameters).toBe(plain);
  });

  it("cannot be changed by one caller under another", () => {
    const schema = parametersJsonSchema(tool, false);
    expect(() => {
      (schema["properties"] as Record<string, unknown>)["extra"] = { type: "string" };
    }).toThrow(TypeError);
  });
});
