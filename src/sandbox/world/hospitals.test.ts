/** Pharmacy names vary as real ones do: no one pattern dominates the HIRA list. */
import { describe, expect, it } from "vitest";
import { PHARMACIES } from "./hospitals";

describe("pharmacy names", () => {
  it("has no name ending (…정문약국, …온누리약국) shared by more than one pharmacy in twenty", () => {
    const endings = new Map<string, number>();
    for (const p of PHARMACIES) endings.set(p.name.slice(-4), (endings.get(p.name.slice(-4)) ?? 0) + 1);
    const [top, count] = [...endings].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    expect(PHARMACIES.length).toBeGreaterThan(500);
    expect(count / PHARMACIES.length, top).toBeLessThan(0.05);
  });
});
