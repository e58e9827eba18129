/**
 * The generic replica fills an imported register with the world's own entities, chosen by what the
 * definition measured: a licence register whose names are pharmacies lists the world's pharmacies
 * (so a chain from it reaches the same pharmacy elsewhere), not companies under a pharmacy heading.
 */
import { describe, expect, it } from "vitest";
import { replicaModelSchema } from "../../catalog/import/model";
import { businessOf } from "../world/businesses";
import { PHARMACIES } from "../world/hospitals";
import { entityKind, recordsOf } from "./rows";

const register = (samples: string[], trade?: string) =>
  replicaModelSchema.parse({
    ...(trade ? { trade } : {}),
    tool: `dg_test_${samples.length}_${trade ?? ""}`,
    version: 1,
    provider: "x_dg_test",
    host: "apis.data.go.kr",
    method: "GET",
    path: `/test/${samples[0]}`,
    quotaDaily: 1000,
    keyParam: "serviceKey",
    format: { in: "fixed", value: "json" },
    envelope: "datagokr",
    pagination: { style: "none" },
    params: [],
    fields: [
      { name: "BPLC_NM", type: "string", tags: ["biz.name"], nullRate: 0, samples },
      { name: "ROAD_NM_ADDR", type: "string", tags: ["region.address_road"], nullRate: 0, samples: ["서울특별시 중구 세종대로 110"] },
    ],
    rows: 100,
  });

describe("the replica's entities", () => {
  it("lists the world's pharmacies where the measured names are pharmacies", () => {
    const model = register(["메가타운약국", "바다약국", "튼튼약국"]);
    expect(entityKind(model)).toBe("pharmacy");
    const names = new Set(PHARMACIES.map((p) => p.name));
    const rows = recordsOf(model).slice(0, 20);
    expect(rows.length).toBe(20);
    for (const { row } of rows) expect(names.has(String(row["BPLC_NM"]))).toBe(true);
  });

  it("lists businesses where the names are companies", () => {
    expect(entityKind(register(["주식회사 한빛", "(주)대성정밀"]))).toBe("business");
  });

  it("lists makers of a trade the world has no industry for under names of that trade, with numbers NTS knows", () => {
    const rows = recordsOf(register(["필링오브라이프"], "화장품"));
    expect(rows.length).toBeGreaterThan(20);
    const names = rows.map(({ row }) => String(row["BPLC_NM"]));
    for (const name of names) expect(name).toMatch(/화장품$/);
    expect(new Set(names).size).toBe(names.length);
    for (const { entity } of rows) expect(businessOf(String(entity?.values["biz.b_no10"]))).toBeDefined();
  });

  it("lists the world's businesses of the register's trade where it has them", () => {
    const rows = recordsOf(register(["(주)한빛약품"], "원료의약품"));
    expect(rows.length).toBeGreaterThan(0);
    for (const { entity } of rows) expect(businessOf(String(entity?.values["biz.b_no10"]))?.industry.name).toBe("의약품 도매업");
  });

  it("names a register's branches after dongs by the kind most of its measured names are, each name once", () => {
    const model = replicaModelSchema.parse({
      ...register([]),
      tool: "dg_test_branches",
      path: "/test/branches",
      fields: [
        { name: "brName", type: "string", tags: ["facility.name"], nullRate: 0, samples: ["HF기업금융센터", "강원동부지사", "강원서부지사"] },
        { name: "addr", type: "string", tags: ["region.address_road"], nullRate: 0, samples: ["서울특별시 중구 세종대로 110"] },
      ],
    });
    const names = recordsOf(model).map((r) => r.row["brName"]);
    // Not the three samples cycled: one branch per dong, each a 지사.
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => typeof n === "string" && n.endsWith("지사"))).toBe(true);
  });
});
