/// <reference types="vite/client" />
/**
 * What links into and out of an imported register mean: a company's name carried from the register
 * into the general registers (its pension workplace) is the same company; a workplace's name carried
 * into an imported register of one kind of company (cosmetics makers) finds a namesake, not it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { hopIntentsOver } from "../../src/catalog/intents";
import { importFixtures } from "../support/imports";

const DATASETS = import.meta.glob("../fixtures/datagokr/*/15020628.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const COSMETICS = "dg_15020628_csmtcs_mfcrtr_info_list02";

beforeAll(() => importFixtures(DATASETS));

describe("links of an imported register", () => {
  it("carry a company's name out of it as the company itself, but never a workplace's name into it", () => {
    const hops = hopIntentsOver([
      { from: COSMETICS, to: "nps_workplace_search", bindings: [{ field: "ENTP_NAME", param: "wkplNm" }] },
      { from: "nps_workplace_search", to: COSMETICS, bindings: [{ field: "wkplNm", param: "entp_name" }] },
    ]);
    expect(hops.map((h) => `${h.from}>${h.to}:${h.means}`)).toEqual([`${COSMETICS}>nps_workplace_search:same`]);
  });
});
