/// <reference types="vite/client" />
/**
 * The tools an exported example offers: the ones it calls, imported ones included, and three to
 * five a model could take for them (the same provider or agency, the same kind of input or output,
 * a title that says much the same), imported tools included, never one it calls, the same set every
 * time for one example.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { findTool } from "../../src/catalog";
import { confusability, toolsFor } from "../../src/synth/offered";
import { importFixtures } from "../support/imports";

const DATASETS = import.meta.glob("../fixtures/datagokr/*/{15020628,15154419,15058716}.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const COSMETICS = "dg_15020628_csmtcs_mfcrtr_info_list02";

beforeAll(() => importFixtures(DATASETS));

const names = (example: { id: string; calls: { tool: string }[] }) => toolsFor(example).map((t) => t.function.name);

/** How many of 20 examples calling these tools are offered each distractor. */
function offeredOver20(tools: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < 20; i++) for (const name of names({ id: `e${i}`, calls: tools.map((tool) => ({ tool })) }).slice(tools.length)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

describe("the tools offered with an example", () => {
  it("are the ones it calls, imported included, then 3 to 5 others it does not call, the same every time", () => {
    for (const calls of [[COSMETICS, "nts_business_status"], ["juso_search", "juso_coordinates", "utmk_to_wgs84"], ["kma_ultra_srt_ncst"], [COSMETICS]]) {
      for (let i = 0; i < 10; i++) {
        const example = { id: `e${i}`, calls: calls.map((tool) => ({ tool })) };
        const offered = names(example);
        expect(offered.slice(0, calls.length)).toEqual(calls);
        const distractors = offered.slice(calls.length);
        expect(distractors.length, offered.join(",")).toBeGreaterThanOrEqual(3);
        expect(distractors.length, offered.join(",")).toBeLessThanOrEqual(5);
        expect(new Set(offered).size).toBe(offered.length);
        expect(names(example)).toEqual(offered);
      }
    }
    // Another example of the same calls may be offered others.
    expect(new Set([0, 1, 2, 3, 4, 5].map((i) => names({ id: `e${i}`, calls: [{ tool: "hira_hospitals" }] }).join(","))).size).toBeGreaterThan(1);
  });

  it("are tools a model could take for the ones it calls: the same provider first, then what takes or gives the same", () => {
    const weather = offeredOver20(["kma_ultra_srt_ncst"]);
    expect([...weather.keys()].every((name) => name.startsWith("kma_")), JSON.stringify([...weather])).toBe(true);
    const business = offeredOver20([COSMETICS, "nts_business_status"]);
    expect(business.get("nts_business_validate") ?? 0).toBeGreaterThanOrEqual(12);
    for (const [name] of business) {
      const tool = findTool(name);
      const score = Math.max(...[COSMETICS, "nts_business_status"].map((u) => (tool && findTool(u) ? confusability(tool, findTool(u) ?? tool) : 0)));
      expect(score, name).toBeGreaterThanOrEqual(1.5);
    }
  });

  it("give an imported tool distractors of its agency and its kind, and offer imported tools beside built-in ones", () => {
    // An imported dataset is a provider of its own: its agency (식품의약품안전처) and the business numbers it gives tie it to others.
    const cosmetics = offeredOver20([COSMETICS]);
    expect([...cosmetics.keys()].some((name) => name.startsWith("mfds_")), JSON.stringify([...cosmetics])).toBe(true);
    expect([...cosmetics.keys()].some((name) => name.startsWith("nts_")), JSON.stringify([...cosmetics])).toBe(true);
    const checkups = offeredOver20(["hira_hospitals"]);
    expect([...checkups.keys()].some((name) => name.startsWith("dg_")), JSON.stringify([...checkups])).toBe(true);
  });
});
