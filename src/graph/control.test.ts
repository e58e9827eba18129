import { describe, expect, it } from "vitest";
import { seededRandom } from "../util/random";
import { answerSignature, randomValueLike } from "./control";
import type { ParamInfo } from "./io";

const param = (tags: string[], schema: Record<string, unknown>): ParamInfo => ({ name: "p", type: "string", tags, required: true, schema });

describe("controls", () => {
  it("draws a valid value of the same type that differs from the source value", () => {
    const random = seededRandom("t");
    const lat = randomValueLike(param(["geo.wgs84.lat"], { type: "number", minimum: 33, maximum: 39 }), 37.5665, random, (v) => typeof v === "number" && v >= 33 && v <= 39);
    expect(lat).not.toBe(37.5665);
    const date = randomValueLike(param(["date.event", "date.yyyymmdd"], { type: "string", pattern: "^\\d{8}$" }), "20261003", random, (v) => typeof v === "string" && /^\d{8}$/.test(v));
    expect(String(date)).toMatch(/^20[0-3]\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/);
    const name = randomValueLike(param([], { type: "string" }), "경복궁", random, () => true);
    expect(String(name)).toMatch(/^[가-힣]{3}$/);
    expect(name).not.toBe("경복궁");
    // A strict pattern is kept by changing one character at a time.
    const zone = randomValueLike(param([], { type: "string", pattern: "^11[A-H]\\d0000$" }), "11B00000", random, (v) => typeof v === "string" && /^11[A-H]\d0000$/.test(v));
    expect(String(zone)).toMatch(/^11[A-H]\d0000$/);
    expect(zone).not.toBe("11B00000");
    // With nothing else that fits, another real value of the field stands in.
    expect(randomValueLike(param([], { type: "string" }), "A", random, (v) => v === "B", ["A", "B"])).toBe("B");
    expect(randomValueLike(param([], { type: "string" }), "A", random, () => false)).toBeUndefined();
  });

  it("compares answers without the fields that echo the request or measure from the query point", () => {
    const ignored = new Set(["distance"]);
    const mine = answerSignature([{ ykiho: "a", nx: 60, distance: 10 }], [60], ignored);
    expect(answerSignature([{ ykiho: "a", nx: 61, distance: 99 }], [61], ignored)).toBe(mine);
    expect(answerSignature([{ ykiho: "b", nx: 61, distance: 10 }], [61], ignored)).not.toBe(mine);
  });
});
