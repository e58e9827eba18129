import { describe, expect, it } from "vitest";
import { displayWidth, renderPairs, renderTable, truncate } from "../../src/cli/table";

describe("displayWidth", () => {
  it("counts Hangul and CJK as two columns, ASCII as one", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("어린이날")).toBe(8);
    expect(displayWidth("서울 Seoul")).toBe(10);
  });

  it("does not count combining marks", () => {
    expect(displayWidth("e\u0301")).toBe(1);
  });
});

describe("truncate", () => {
  it("cuts to the width with an ellipsis, never splitting a wide character", () => {
    expect(truncate("abcdef", 4)).toBe("abc…");
    expect(truncate("부처님오신날", 7)).toBe("부처님…");
    expect(truncate("short", 10)).toBe("short");
  });
});

describe("renderTable", () => {
  it("aligns columns by display width, right-aligns numbers when asked, and has no trailing spaces", () => {
    const text = renderTable(
      [{ header: "NAME" }, { header: "N", align: "right" }, { header: "NOTE" }],
      [
        ["어린이날", 1, ""],
        ["대체공휴일", 12, "substitute"],
      ],
    );
    expect(text).toBe(["NAME         N  NOTE", "어린이날     1", "대체공휴일  12  substitute", ""].join("\n"));
  });

  it("prints blanks for null and one line per cell", () => {
    const text = renderTable([{ header: "A" }, { header: "B" }, { header: "C" }], [[null, JSON.stringify({ x: 1 }), "two\nlines"]]);
    expect(text).toBe('A  B        C\n   {"x":1}  two lines\n');
  });

  it("cuts cells longer than the column's max", () => {
    expect(renderTable([{ header: "D", max: 5 }], [["abcdefgh"]])).toBe("D\nabcd…\n");
  });
});

describe("renderPairs", () => {
  it("aligns keys", () => {
    expect(renderPairs([["app", "http://127.0.0.1:8787"], ["sandbox", "http://127.0.0.1:8788"]])).toBe("app      http://127.0.0.1:8787\nsandbox  http://127.0.0.1:8788\n");
  });
});
