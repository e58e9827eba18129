/**
 * Chains of the health and business domains, run through the catalog against the sandbox:
 * 병원 → ykiho → 상세·진료과목, 약 이름 → itemSeq → 낱알식별, 사업장 → seq → 상세·월별,
 * 좌표 → 근처 약국, and 국세청 상태조회 — with the NPS 6-digit number as the documented dead end.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { findTool } from "../../src/catalog";
import { providerOf } from "../../src/catalog/providers";
import type { UpstreamToolSpec } from "../../src/catalog/spec";
import { haversineMetres } from "../../src/geo/projections";
import { BUSINESSES } from "../../src/sandbox/world/businesses";
import { DONGS, SIGUNGUS } from "../../src/sandbox/world/regions";
import { invokeUpstream } from "../../src/upstream/invoke";
import { SandboxTenant } from "../support/sandbox";

let tenant: SandboxTenant;

beforeAll(async () => {
  tenant = await SandboxTenant.create("chains-health-business");
});

/** One element chosen at random: a chain must work from any row, not only the first. */
function sample<T>(list: readonly T[]): T {
  const value = list[Math.floor(Math.random() * list.length)];
  if (value === undefined) throw new Error("sample from an empty list");
  return value;
}

const text = (value: unknown): string => {
  if (typeof value !== "string") throw new Error(`expected a string, got ${JSON.stringify(value)}`);
  return value;
};

function upstreamTool(name: string): UpstreamToolSpec {
  const tool = findTool(name);
  if (tool?.kind !== "upstream") throw new Error(`${name} is not an upstream tool`);
  return tool;
}

describe("병원 검색 → ykiho → 상세정보·진료과목 (hira_hospitals → hira_hospital_detail, hira_hospital_departments)", () => {
  it("follows a hospital of a Seoul district to its hours and departments", async () => {
    const hospitals = await tenant.items("hira_hospitals", { sidoCd: "110000", sgguCd: "110001", dgsbjtCd: "01", numOfRows: 100 });
    for (const h of hospitals) {
      expect(h).toMatchObject({ sidoCd: "110000", sgguCd: "110001", sgguCdNm: "강남구" });
      expect(text(h["addr"])).toContain("서울특별시 강남구");
    }
    const picked = sample(hospitals);
    const ykiho = text(picked["ykiho"]);

    const detail = await tenant.call("hira_hospital_detail", { ykiho });
    expect(detail.args["ykiho"]).toBe(ykiho);
    expect(detail.result.ok).toBe(true);
    expect(detail.result.items).toHaveLength(1);
    const hours = detail.result.items[0] ?? {};
    expect(text(hours["trmtMonStart"])).toMatch(/^\d{4}$/);
    expect(Number(hours["trmtMonEnd"])).toBeGreaterThan(Number(hours["trmtMonStart"]));
    expect(typeof hours["emyNgtYn"]).toBe("boolean");

    const departments = await tenant.call("hira_hospital_departments", { ykiho });
    expect(departments.args["ykiho"]).toBe(ykiho);
    // The list was filtered on 내과 (01), so the picked institution has that department.
    expect(departments.result.items.map((d) => d["dgsbjtCd"])).toContain("01");
  });

  it("resolves every ykiho a hospital search returns", async () => {
    const hospitals = await tenant.items("hira_hospitals", { sidoCd: "110000", sgguCd: "110016", numOfRows: 100 });
    expect(hospitals.length).toBeGreaterThan(10);
    for (const h of hospitals) {
      const detail = await tenant.items("hira_hospital_detail", { ykiho: text(h["ykiho"]) });
      expect(detail).toHaveLength(1);
    }
  });

  it("finds a named hospital and its emergency room", async () => {
    const [severance] = (await tenant.items("hira_hospitals", { yadmNm: "세브란스" })).filter((h) => h["yadmNm"] === "세브란스병원");
    expect(severance).toMatchObject({ clCd: "01", clCdNm: "상급종합", sgguCd: "110010", emdongNm: "신촌동" });
    const [detail] = await tenant.items("hira_hospital_detail", { ykiho: text(severance?.["ykiho"]) });
    expect(detail).toMatchObject({ emyDayYn: true, emyNgtYn: true });
  });
});

describe("약 이름 → itemSeq → 낱알식별 (mfds_easy_drug → mfds_pill_identification)", () => {
  it("finds the pill of a drug named in e약은요", async () => {
    const drugs = await tenant.items("mfds_easy_drug", { itemName: "타이레놀" });
    for (const d of drugs) expect(text(d["itemName"])).toContain("타이레놀");
    // Liquids have no 낱알식별 row: pick among tablets and capsules.
    const solid = drugs.filter((d) => /정|캡슐/.test(text(d["itemName"])));
    expect(solid.length).toBeGreaterThan(0);
    const drug = sample(solid);
    const itemSeq = text(drug["itemSeq"]);

    const pills = await tenant.call("mfds_pill_identification", { item_name: text(drug["itemName"]) });
    expect(pills.args["item_name"]).toBe(drug["itemName"]);
    const pill = pills.result.items.find((p) => p["ITEM_SEQ"] === itemSeq);
    expect(pill, `no 낱알식별 row with ITEM_SEQ ${itemSeq}`).toBeDefined();
    expect(pill).toMatchObject({ ITEM_NAME: drug["itemName"], ENTP_NAME: drug["entpName"], ETC_OTC_NAME: "일반의약품" });
    expect(typeof pill?.["LENG_LONG"]).toBe("number");
  });

  it("keeps the soft 404 visible: an unknown itemSeq returns other drugs, so the caller checks", async () => {
    const { result } = await tenant.call("mfds_easy_drug", { itemSeq: "209912345" });
    expect(result.ok).toBe(true);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.some((d) => d["itemSeq"] === "209912345")).toBe(false);

    const known = await tenant.items("mfds_easy_drug", { itemSeq: "195700020" });
    expect(known.map((d) => d["itemSeq"])).toEqual(["195700020"]);
    expect(known[0]).toMatchObject({ itemName: "활명수", entpName: "동화약품(주)" });
  });
});

describe("사업장 검색 → seq → 상세·월별 (nps_workplace_search → nps_workplace_detail, nps_workplace_monthly)", () => {
  it("follows a workplace of a district to its detail and monthly flows", async () => {
    // A workplace that has left the scheme (가입상태 2) is still listed but has no flows after it left,
    // so the walk follows one still registered, from a district that has one.
    let active: Record<string, unknown>[] = [];
    for (const sigungu of [...SIGUNGUS].sort(() => Math.random() - 0.5)) {
      const workplaces = await tenant.items("nps_workplace_search", { ldongAddrMgplSgguCd: sigungu.code, numOfRows: 100 });
      for (const w of workplaces) expect(w["ldongAddrMgplSgguCd"]).toBe(sigungu.code);
      active = workplaces.filter((w) => w["wkplJnngStcd"] === "1");
      if (active.length > 0) break;
    }
    const picked = sample(active);
    const seq = text(picked["seq"]);

    const detail = await tenant.call("nps_workplace_detail", { seq });
    expect(detail.args["seq"]).toBe(seq);
    const [record] = detail.result.items;
    expect(record).toMatchObject({ wkplNm: picked["wkplNm"], bzowrRgstNo: picked["bzowrRgstNo"], wkplRoadNmDtlAddr: picked["wkplRoadNmDtlAddr"] });
    expect(Number.isInteger(record?.["jnngpCnt"])).toBe(true);

    const month = text(picked["dataCrtYm"]);
    const monthly = await tenant.call("nps_workplace_monthly", { seq, dataCrtYm: month });
    expect(monthly.args).toMatchObject({ seq, dataCrtYm: month });
    expect(monthly.result.items).toHaveLength(1);
    expect(Number.isInteger(monthly.result.items[0]?.["nwAcqzrCnt"])).toBe(true);
  });

  it("gives a workplace that left the scheme its last month, and no flows after it", async () => {
    const left = sample(BUSINESSES.filter((b) => b.workplace?.scsnDt));
    const seq = left.workplace?.seq ?? "";
    const lastMonth = (left.workplace?.scsnDt ?? "").slice(0, 6);
    const listed = (await tenant.items("nps_workplace_search", { ldongAddrMgplSgguEmdCd: left.dong.code.slice(0, 8), wkplNm: left.name, numOfRows: 100 })).find((w) => String(w["seq"]) === seq);
    expect(listed).toMatchObject({ wkplJnngStcd: "2" });
    expect((await tenant.call("nps_workplace_monthly", { seq, dataCrtYm: text(listed?.["dataCrtYm"]) })).result.items).toEqual([]);
    const final = await tenant.call("nps_workplace_monthly", { seq, dataCrtYm: lastMonth });
    expect(final.result.items).toHaveLength(1);
    expect(final.result.items[0]?.["lssJnngpCnt"]).toBe(Math.max(1, left.employees));
  });

  it("finds a workplace by name", async () => {
    const business = sample(BUSINESSES.filter((b) => b.workplace));
    const stem = business.name.replace(/^주식회사 |^\(주\)/, "");
    const found = await tenant.items("nps_workplace_search", { wkplNm: stem });
    expect(found.map((w) => w["seq"])).toContain(business.workplace?.seq);
  });
});

describe("좌표 → 근처 약국 (hira_pharmacies → hira_hospital_detail)", () => {
  it("returns the pharmacies within the radius of a 법정동 centre, nearest first", async () => {
    const dong = sample(DONGS);
    const pharmacies = await tenant.items("hira_pharmacies", { xPos: dong.center.lon, yPos: dong.center.lat, radius: 1000, numOfRows: 100 });
    let previous = 0;
    for (const p of pharmacies) {
      const distance = Number(p["distance"]);
      expect(distance).toBeLessThanOrEqual(1000);
      expect(distance).toBeGreaterThanOrEqual(previous);
      previous = distance;
      const measured = haversineMetres(dong.center, { lat: Number(p["YPos"]), lon: Number(p["XPos"]) });
      expect(Math.abs(measured - distance)).toBeLessThan(1);
      expect(p["clCdNm"]).toBe("약국");
    }
    const [hours] = await tenant.items("hira_hospital_detail", { ykiho: text(sample(pharmacies)["ykiho"]) });
    expect(text(hours?.["trmtMonStart"])).toMatch(/^\d{4}$/);
  });
});

describe("국세청 사업자 상태조회 (nts_business_status, nts_business_validate; nps_ 번호는 막다른 길)", () => {
  it("posts the numbers as a JSON body and reads every status", async () => {
    const open = sample(BUSINESSES.filter((b) => b.status === "01"));
    const closed = sample(BUSINESSES.filter((b) => b.status === "03"));
    const { args, result } = await tenant.call("nts_business_status", { b_no: [open.bNo, closed.bNo, "1234567891"] });
    expect(args["b_no"]).toEqual([open.bNo, closed.bNo, "1234567891"]);
    expect(result.ok).toBe(true);
    const byNo = new Map(result.items.map((i) => [i["b_no"], i]));
    expect(byNo.get(open.bNo)).toMatchObject({ b_stt: "계속사업자", b_stt_cd: "01", end_dt: null });
    expect(byNo.get(closed.bNo)).toMatchObject({ b_stt: "폐업자", b_stt_cd: "03", end_dt: closed.endDt });
    expect(byNo.get("1234567891")).toMatchObject({ b_stt: null, b_stt_cd: null, tax_type: "국세청에 등록되지 않은 사업자등록번호입니다." });
  });

  it("validates a registration against 개업일자 and 대표자", async () => {
    const business = sample(BUSINESSES);
    const [match, mismatch] = (
      await tenant.call("nts_business_validate", {
        businesses: [
          { b_no: business.bNo, start_dt: business.startDt, p_nm: business.representative, b_nm: business.name },
          { b_no: business.bNo, start_dt: "19000101", p_nm: business.representative },
        ],
      })
    ).result.items;
    expect(match).toMatchObject({ b_no: business.bNo, valid: "01", b_stt_cd: business.status });
    expect(mismatch).toMatchObject({ b_no: business.bNo, valid: "02", valid_msg: "확인할 수 없습니다.", b_stt: null });
  });

  it("cannot take the 6-digit NPS bzowrRgstNo: the schema refuses it and NTS does not know it", async () => {
    const [workplace] = await tenant.items("nps_workplace_search", { ldongAddrMgplSgguCd: "11110" });
    const prefix = text(workplace?.["bzowrRgstNo"]);
    expect(prefix).toMatch(/^\d{6}$/);
    await expect(tenant.call("nts_business_status", { b_no: [prefix] })).rejects.toThrow();

    // Sent anyway, past the schema, the number is simply not on NTS's register.
    const tool = upstreamTool("nts_business_status");
    const { result } = await invokeUpstream(tool, { b_no: [prefix] }, { baseUrl: env[providerOf("nts").baseUrlVar], key: tenant.keyFor("nts") });
    expect(result.ok).toBe(true);
    expect(result.items).toEqual([expect.objectContaining({ b_no: prefix, b_stt: null, tax_type: "국세청에 등록되지 않은 사업자등록번호입니다." })]);
  });
});
