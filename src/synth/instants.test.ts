/** Each walk's own instant: from the job's seed, over the year before the job, waking hours mostly. */
import { describe, expect, it } from "vitest";
import { kstParts } from "../time/kst";
import { instantSpread, SPREAD_DAYS, spreadInstant, walkInstant } from "./instants";

const START = Date.parse("2026-11-27T10:30:00+09:00");
const instants = Array.from({ length: 400 }, (_, i) => spreadInstant("seed", i + 1, START));

describe("spread instants", () => {
  it("are the same for the same seed and walk, and differ between walks and seeds", () => {
    expect(spreadInstant("seed", 7, START)).toBe(instants[6]);
    expect(spreadInstant("other", 7, START)).not.toBe(instants[6]);
    expect(new Set(instants).size).toBeGreaterThan(395);
  });

  it("lie in the year before the job started, on whole minutes", () => {
    for (const at of instants) {
      expect(at).toBeLessThanOrEqual(START);
      expect(at).toBeGreaterThan(START - (SPREAD_DAYS + 1) * 86_400_000);
      expect(at % 60_000).toBe(0);
    }
  });

  it("cover every month, weekday and hour, the day mostly and the night a little", () => {
    const spread = instantSpread(instants);
    expect(spread).toMatchObject({ examples: 400, weekdays: 7 });
    expect(spread.hours).toBeGreaterThanOrEqual(20);
    expect(spread.months).toBeGreaterThanOrEqual(12);
    expect(spread.night / 400).toBeGreaterThan(0.01);
    expect(spread.night / 400).toBeLessThan(0.12);
    const daytime = instants.filter((at) => {
      const hour = kstParts(new Date(at)).hour;
      return hour >= 9 && hour < 19;
    });
    expect(daytime.length / 400).toBeGreaterThan(0.5);
  });

  it("are the walk's start when the job asks for now", () => {
    expect(walkInstant("now", "seed", 3, START, START + 5_000)).toBe(START + 5_000);
    expect(walkInstant("spread", "seed", 3, START, START + 5_000)).toBe(instants[2]);
  });
});

describe("a dataset's instants", () => {
  it("count the distinct ones and the most one shares", () => {
    expect(instantSpread([START, START, START - 3_600_000])).toMatchObject({ examples: 3, distinct: 2, mostShared: 2, hours: 2, months: 1 });
    expect(instantSpread([])).toMatchObject({ examples: 0, distinct: 0, mostShared: 0 });
  });
});
