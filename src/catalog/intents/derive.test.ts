/// <reference types="vite/client" />
/**
 * Intents derived from real data.go.kr definitions: what the definition names in Korean becomes
 * the facts people ask for, a parameter that searches a name field becomes how a person finds one,
 * and what a definition leaves untitled, ids and codes are never asked.
 */
import { describe, expect, it } from "vitest";
import { planImport } from "../import";
import { inferTags } from "../import/infer";
import { toolSpecOf } from "../import/tool-spec";
import { deriveHopIntent, deriveToolIntent, factName, fieldTitle, unitOf } from "./derive";

const DATASETS = import.meta.glob("../../../test/fixtures/datagokr/**/*.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const plan = planImport(Object.entries(DATASETS).map(([name, content]) => ({ name, content })), "2026-12-06");

function derived(name: string) {
  const tool = plan.tools.find((t) => t.spec.name === name);
  if (!tool) throw new Error(`${name} was not imported`);
  return deriveToolIntent(toolSpecOf(tool.spec, 1), tool.spec);
}

describe("deriving intents from definitions", () => {
  it("finds a named company by the parameter that searches its name and asks what the definition titles", () => {
    const intent = derived("dg_15020628_csmtcs_mfcrtr_info_list02");
    expect(intent).toMatchObject({ noun: "업체", label: "ENTP_NAME", find: { param: "entp_name" } });
    const seed = intent?.find?.seeds[0];
    expect(seed).toMatchObject({ from: "call", tool: "dg_15020628_csmtcs_mfcrtr_info_list02", field: "ENTP_NAME" });
    expect(intent?.asks.map((a) => a.facts[0]?.name)).toEqual(["업종", "본사주소"]);
    // 업체번호 and 사업자등록번호 are ids, 허가일자 a date as 20200101: none is asked.
    expect(intent?.asks.flatMap((a) => a.facts.flatMap((f) => f.fields))).not.toContain("BIZRNO");
    expect(intent?.asks[0]?.ask[0]).toEqual(["{s} 업종이 어떻게 돼요?", "{s}의 업종은 어떻게 됩니까?"]);
    // A company may stand in many agencies' registers: the request says it is this register's.
    expect(intent?.find?.refer).toContain("화장품 제조업 목록의 {s}");
    expect(intent?.find?.among).toBe("화장품 제조업 목록의");
  });

  it("finds a business no parameter finds by name by its registration number, said with its register", () => {
    const intent = derived("dg_15125655_new_facil_info");
    expect(intent).toMatchObject({ label: "bldg_nm", find: { param: "brno", field: "brno" } });
    expect(intent?.find?.seeds[0]).toMatchObject({ from: "call", tool: "dg_15125655_new_facil_info", field: "brno" });
    expect(intent?.find?.refer).toContain("재난배상책임보험 신규가입대상시설물 목록의 사업자등록번호 {s} 사업장");
    expect(intent?.find?.refer.every((r) => /사업자(등록)?번호/.test(r) && r.includes("신규가입대상시설물"))).toBe(true);
  });

  it("names the rows by the head noun of the title and asks address and phone together", () => {
    const intent = derived("dg_15058716_sjb_wk_gigwan_info_list");
    expect(intent).toMatchObject({ noun: "기관", label: "gigwanNm" });
    // No parameter searches the name: the register's first page is listed and the named row read off it.
    expect(intent?.find?.param).toBeUndefined();
    expect(intent?.find?.seeds[0]).toMatchObject({ from: "call", tool: "dg_15058716_sjb_wk_gigwan_info_list", field: "gigwanNm" });
    expect(intent?.find?.args).toEqual((intent?.find?.seeds[0] as { args: unknown }).args);
    // What it lists is known only by its name: the request says the register.
    expect(intent?.find?.refer.every((r) => r.includes("산재근로자 기관") && r.includes("{s}"))).toBe(true);
    // One day's supply list (suplyYmd, required, no default) is a slice no request names: not read whole.
    const supplies = derived("dg_15130632_purchasesgoods_list2");
    expect(supplies?.label).toBe("CrrcInsttNm");
    expect(supplies?.find).toBeUndefined();
    const both = intent?.asks.find((a) => a.id === "f_address_phone");
    expect(both?.facts.map((f) => f.fields[0])).toEqual(["addr", "telNo"]);
    expect(both?.say[0]).toBe("소재지와 전화번호");
    expect(intent?.aggregates.map((a) => [a.op, a.name, a.unit])).toEqual([["count", "기관 수", "곳"]]);
  });

  it("calls a register its title would name by its agency and what it lists, never by the API's title", () => {
    const intent = derived("dg_15120791_api_tb_edu_plc_list");
    // Its title is 취업교육 교육장 조회: a request saying "취업교육 교육장 목록의 …" repeats the API's name.
    expect(intent?.find?.among).toBe("한국산업인력공단 교육장 목록의");
    expect(intent?.find?.refer.every((r) => !r.includes("취업교육 교육장"))).toBe(true);
  });

  it("gives untitled fields the name of their tag, and names rows by an untitled field whose values are names", () => {
    const intent = derived("dg_15082009_branch_list");
    // brName is untitled, but its values (강원동부지사, HF기업금융센터) are branches: the rows are 지사 named by it.
    expect(intent).toMatchObject({ noun: "지사", label: "brName" });
    expect(intent?.asks.map((a) => a.facts.map((f) => f.name).join("+")).sort()).toEqual(["전화번호", "주소", "주소+전화번호"].sort());
    // A bare "지사 목록" is no one's register: it is called by its agency.
    expect(intent?.find?.among).toBe("한국주택금융공사 지사 목록의");
    // What the import read off the values: a name of facilities, but not a kind's name nor codes.
    expect(inferTags({ name: "dutyName", title: "", samples: ["가까운약국", "강약국", "가람약국"] })).toContain("facility.name");
    expect(inferTags({ name: "areaDvsnNm", title: "", samples: ["부산센터", "대구센터"] })).not.toContain("facility.name");
    expect(inferTags({ name: "lgvofcNm", title: "지방청명", samples: ["서울지방우정청", "부산지방우정청"] })).not.toContain("facility.name");
  });

  it("derives nothing from a definition that names no field in Korean", () => {
    expect(derived("dg_15075270_alddl_charge_list")).toBeNull();
  });

  it("reads titles, units and what a comparison calls more", () => {
    expect(fieldTitle({ name: "mxCprc", type: "integer", tags: [], description: "상한가 (mxCprc)", optional: false })).toBe("상한가");
    expect(fieldTitle({ name: "laygInstYn", type: "string", tags: [], description: "부설기관여부 [Y/N] (laygInstYn)", optional: false })).toBe("부설기관여부");
    expect(fieldTitle({ name: "area", type: "string", tags: [], description: "area", optional: false })).toBeNull();
    expect([unitOf("상한가"), unitOf("총인구수"), unitOf("세대수"), unitOf("기관유형")]).toEqual(["원", "명", "세대", null]);
    // A field label is said as people say it: 납세자상태 before its explanation, a place's 소개 for 개요.
    expect(fieldTitle({ name: "b_stt", type: "string", tags: [], description: "납세자상태 (계속사업자, 휴업자, 폐업자). 국세청에 없는 번호면 비어 있음", optional: true })).toBe("납세자상태");
    expect([factName("개요"), factName("영업상태명")]).toEqual(["소개", "영업 상태"]);
  });

  it("derives a link's meaning, but not into what holds only at this hour", () => {
    const target = derived("dg_15058716_sjb_wk_gigwan_info_list");
    if (!target) throw new Error("no intent");
    expect(deriveHopIntent("a", "b", target)).toMatchObject({ means: "same", from: "a", to: "b", rows: "one" });
    const live = { ...target, asks: target.asks.map((a) => ({ ...a, when: "now" as const })) };
    expect(deriveHopIntent("a", "b", live)).toBeNull();
  });
});
