/** Which rows of a seed listing can name a subject: the first call of a walk states a real name. */
import { describe, expect, it } from "vitest";
import type { WalkPlan } from "./plan";
import { seedRows, slotsRead } from "./walk";

const plan: WalkPlan = {
  id: "seed-rows",
  shape: "parallel",
  seed: "seed-rows",
  edges: [],
  steps: [
    { id: "z1", tool: "dg_15125655_facil_info", args: {}, slot: 0, seed: true },
    { id: "s1", tool: "dg_15125655_facil_info", args: { brno: { from: "step", step: "z1", field: "brno", slot: 0 } }, slot: 0 },
    { id: "s2", tool: "dg_15125655_facil_info", args: { brno: { from: "step", step: "z1", field: "brno", slot: 1 } }, slot: 1 },
  ],
};

describe("seed rows", () => {
  it("keeps only rows that give the value later steps read, and none whose value another row shares", () => {
    const items = [
      { brno: null, bldg_nm: "무번호상가" },
      { brno: "1448731070", bldg_nm: "은하종합건설" },
      { brno: "", bldg_nm: "빈칸상가" },
      { brno: "1448731070", bldg_nm: "은하종합건설 2공장" },
      { brno: "2138196566", bldg_nm: "미르종합건설" },
    ];
    expect(seedRows(plan, "z1", items).map((r) => r["brno"])).toEqual(["2138196566"]);
  });

  it("reads the name that picks a listed register's row like an argument", () => {
    const listed: WalkPlan = {
      ...plan,
      steps: [
        { id: "z1", tool: "dg_15154419_hchk_types_hmc_list", args: { numOfRows: { from: "default", value: 50 } }, slot: 0, seed: true },
        { id: "s1", tool: "dg_15154419_hchk_types_hmc_list", args: { numOfRows: { from: "default", value: 50 } }, slot: 0, named: { from: "step", step: "z1", field: "hmcNm", slot: 0 } },
      ],
    };
    expect(slotsRead(listed, "z1")).toEqual([0]);
    const items = [{ hmcNm: null }, { hmcNm: "한빛내과의원" }, { hmcNm: "서울의원" }, { hmcNm: "서울의원" }];
    expect(seedRows(listed, "z1", items)).toEqual([{ hmcNm: "한빛내과의원" }]);
  });
});
