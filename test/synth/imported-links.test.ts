/// <reference types="vite/client" />
/**
 * What links into and out of an imported register mean: a company's business number carried from
 * the register into the tax office's status is the same company; its name, carried either way
 * between the register and another agency's (the pension workplaces), finds a namesake, not it
 * (the blind review found same-named workplaces in other cities).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { hopIntentsOver } from "../../src/catalog/intents";
import { importFixtures } from "../support/imports";

const DATASETS = import.meta.glob("../fixtures/datagokr/*/15020628.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const COSMETICS = "dg_15020628_csmtcs_mfcrtr_info_list02";

beforeAll(() => importFixtures(DATASETS));

describe("links of an imported register", () => {
  it("carry a company's business number out of it as the company itself, but never its name to another agency", () => {
    const hops = hopIntentsOver([
      { from: COSMETICS, to: "nps_workplace_search", bindings: [{ field: "ENTP_NAME", param: "wkplNm" }] },
      { from: "nps_workplace_search", to: COSMETICS, bindings: [{ field: "wkplNm", param: "entp_name" }] },
      { from: COSMETICS, to: "nts_business_status", bindings: [{ field: "BIZRNO", param: "b_no" }] },
    ]);
    expect(hops.map((h) => `${h.from}>${h.to}:${h.means}`)).toEqual([`${COSMETICS}>nts_business_status:same`]);
  });
});
