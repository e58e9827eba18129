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

  it("removes lowercase percent-encoding and `+` read as a space", () => {
    const out = scrubText(`lower abc%2bdef%2fghi%3d%3d twice abc%252bdef%252fghi%253d%253d space abc def/ghi==`, [key]);
    expect(out).toBe(`lower ${REDACTED} twice ${REDACTED} space ${REDACTED}`);
  });

  it("handles keys with quotes, backslashes and JSON syntax without throwing", () => {
    for (const odd of ['ke"y\\val', '":{"x', "}],[{", "%E0%A4%A", "\ud800abcd"]) {
      const value = { message: `echo ${odd} end`, nested: [`${odd}`], [odd]: 1 };
      const out = scrubValue(value, [odd]);
      expect(JSON.stringify(out)).not.toContain(JSON.stringify(odd).slice(1, -1));
      expect(out.message).toBe(`echo ${REDACTED} end`);
      expect(scrubText(JSON.stringify(value), [odd])).not.toContain(JSON.stringify(odd).slice(1, -1));
    }
  });
});
