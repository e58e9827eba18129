import { describe, expect, it } from "vitest";
import { REDACTED, scrubText, scrubValue } from "./scrub";

describe("scrubbing key material", () => {
  const key = "abc+def/ghi==";

  it("removes the raw, encoded and double-encoded renderings", () => {
    const text = `raw ${key} once abc%2Bdef%2Fghi%3D%3D twice abc%252Bdef%252Fghi%253D%253D form abc%2Bdef%2Fghi%3D%3D`;
    const out = scrubText(text, [key]);
    expect(out).not.toContain("abc+def");
    expect(out).not.toContain("abc%2B");
    expect(out).not.toContain("abc%252B");
    expect(out.split(REDACTED)).toHaveLength(5);
  });

  it("reaches strings nested in values", () => {
    expect(scrubValue({ error: { message: `echo serviceKey=${key}` } }, [key])).toEqual({ error: { message: `echo serviceKey=${REDACTED}` } });
  });
});
