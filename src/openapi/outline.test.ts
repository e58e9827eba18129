import { describe, expect, it } from "vitest";
import { outline, typeLabel } from "./outline";

describe("schema outline for /docs", () => {
  it("lists an object's fields with types, marks optional ones and links components", () => {
    const fields = outline({
      type: "object",
      required: ["tools"],
      properties: {
        tools: { type: "array", items: { $ref: "#/components/schemas/Tool" } },
        nextCursor: { anyOf: [{ type: "string" }, { type: "null" }] },
        status: { enum: ["queued", "running", "done", "failed", "cancelled"] },
      },
    });
    expect(fields).toEqual([
      { name: "tools", type: "Tool[]", required: true, ref: "Tool" },
      { name: "nextCursor", type: "string | null", required: false },
      { name: "status", type: '"queued" | "running" | "done" | "failed" | …', required: false },
    ]);
  });

  it("outlines the items of an array and labels scalars without fields", () => {
    expect(outline({ type: "array", items: { type: "object", properties: { id: { type: "integer" } } } })).toEqual([{ name: "id", type: "integer", required: false }]);
    expect(outline({ type: "string" })).toEqual([]);
    expect(typeLabel({ const: "ok" })).toBe('"ok"');
  });
});
