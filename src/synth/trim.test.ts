/** What a dialogue shows of a tool answer: enough for every value the next turns and the answer use. */
import { describe, expect, it } from "vitest";
import { buildExample } from "./example";
import type { WalkPlan } from "./plan";
import { trimmedAnswer } from "./trim";
import type { StepRecord, WalkState } from "./walk";

const deals = Array.from({ length: 8 }, (_, i) => ({ aptNm: `단지${i + 1}`, dealAmount: 50_000 + ((i * 37_000) % 90_000), umdNm: "잠실동", jibun: String(100 + i) }));
const hospitals = Array.from({ length: 8 }, (_, i) => ({ yadmNm: `병원${i + 1}`, ykiho: `Y${i + 1}`, addr: `주소${i + 1}` }));
const ok = (items: Record<string, unknown>[]) => ({ ok: true as const, items, totalCount: items.length, page: 1 });

function walk(plan: WalkPlan, steps: StepRecord[]): WalkState {
  return { plan, jobId: "job", teamId: "team", snapshot: null, now: Date.parse("2026-11-27T01:30:00Z"), status: "done", reason: null, retries: 0, upstreamCalls: steps.length, steps };
}

const shown = (state: WalkState) => {
  const example = buildExample(state, "e");
  const call = example.calls[0];
  if (!call) throw new Error("no call");
  return JSON.parse(trimmedAnswer(example, call).content) as { items: Record<string, unknown>[]; more?: string };
};

describe("trimmed tool answers in exported dialogues", () => {
  it("show every item when the answer aggregates over them", () => {
    const plan: WalkPlan = {
      id: "p",
      shape: "reduction",
      seed: "t",
      edges: [],
      steps: [
        { id: "s1", tool: "mois_legal_dong_codes", args: { locatadd_nm: { from: "user", value: "서울특별시 송파구" } }, slot: 0 },
        { id: "s2", tool: "sigungu_code_from_bjd", args: { bjd_code: { from: "step", step: "s1", field: "region_cd", slot: 0 } }, slot: 0 },
        { id: "s3", tool: "rtms_apt_trades", args: { LAWD_CD: { from: "step", step: "s2", field: "lawd_cd", slot: 0 }, DEAL_YMD: { from: "time", token: "month.previous" } }, slot: 0, keepAll: true },
      ],
      intent: { subject: "region", entry: "mois_legal_dong_codes", entities: { "0": "s1" }, asks: [{ tool: "rtms_apt_trades", id: "max", kind: "aggregate", steps: { "0": "s3" } }] },
    };
    const state = walk(plan, [
      { id: "s1", tool: "mois_legal_dong_codes", skipped: false, args: { locatadd_nm: "서울특별시 송파구" }, result: ok([{ region_cd: "1171000000", locatadd_nm: "서울특별시 송파구" }]), picks: { "0": 0 }, attempts: 1, upstream: true },
      { id: "s2", tool: "sigungu_code_from_bjd", skipped: false, args: { bjd_code: "1171000000" }, result: ok([{ lawd_cd: "11710" }]), picks: { "0": 0 }, attempts: 1, upstream: false },
      { id: "s3", tool: "rtms_apt_trades", skipped: false, args: { LAWD_CD: "11710", DEAL_YMD: "202610" }, result: ok(deals), picks: { "0": 0 }, attempts: 1, upstream: true },
    ]);
    const example = buildExample(state, "e");
    const call = example.calls[2];
    if (!call) throw new Error("no call");
    const body = JSON.parse(trimmedAnswer(example, call).content) as { items: Record<string, unknown>[]; more?: string };
    expect(body.items.map((i) => i["aptNm"])).toEqual(deals.map((d) => d.aptNm));
    expect(body.more).toBeUndefined();
    expect(example.filters.gate).toBeNull();
  });

  it("show the first items plus the row the request named further down", () => {
    const plan: WalkPlan = {
      id: "p",
      shape: "sequential",
      seed: "t",
      edges: [],
      steps: [
        { id: "s1", tool: "hira_hospitals", args: { yadmNm: { from: "user", value: "병원7" } }, slot: 0, pick: { field: "yadmNm", param: "yadmNm" } },
        { id: "s2", tool: "hira_hospital_detail", args: { ykiho: { from: "step", step: "s1", field: "ykiho", slot: 0 } }, slot: 0 },
      ],
      intent: { subject: "hospital", entry: "hira_hospitals", entities: { "0": "s1" }, asks: [{ tool: "hira_hospital_detail", id: "parking", kind: "ask", steps: { "0": "s2" } }] },
    };
    const state = walk(plan, [
      { id: "s1", tool: "hira_hospitals", skipped: false, args: { yadmNm: "병원7" }, result: ok(hospitals), picks: { "0": 6 }, attempts: 1, upstream: true },
      { id: "s2", tool: "hira_hospital_detail", skipped: false, args: { ykiho: "Y7" }, result: ok([{ parkQty: 12 }]), picks: { "0": 0 }, attempts: 1, upstream: true },
    ]);
    const body = shown(state);
    expect(body.items.map((i) => i["yadmNm"])).toEqual(["병원1", "병원2", "병원3", "병원4", "병원5", "병원7"]);
    expect(body.more).toBe("외 2건 생략");
  });

  it("show the asked KMA category's row with its category, wherever it is in the answer", () => {
    const categories = ["PTY", "REH", "RN1", "UUU", "VEC", "VVV", "T1H", "WSD"];
    const plan: WalkPlan = {
      id: "p",
      shape: "sequential",
      seed: "t",
      edges: [],
      steps: [
        { id: "s1", tool: "tour_search_keyword", args: { keyword: { from: "user", value: "경복궁" } }, slot: 0, pick: { field: "title", param: "keyword" } },
        { id: "s2", tool: "kma_grid_from_wgs84", args: { lat: { from: "step", step: "s1", field: "mapy", slot: 0 }, lon: { from: "step", step: "s1", field: "mapx", slot: 0 } }, slot: 0 },
        { id: "s3", tool: "kma_ultra_srt_ncst", args: { nx: { from: "step", step: "s2", field: "nx", slot: 0 }, ny: { from: "step", step: "s2", field: "ny", slot: 0 }, base_date: { from: "time", token: "kma.ncst.base_date" }, base_time: { from: "time", token: "kma.ncst.base_time" } }, slot: 0 },
      ],
      intent: { subject: "place", entry: "tour_search_keyword", entities: { "0": "s1" }, asks: [{ tool: "kma_ultra_srt_ncst", id: "temperature", kind: "ask", steps: { "0": "s3" } }] },
    };
    const state = walk(plan, [
      { id: "s1", tool: "tour_search_keyword", skipped: false, args: { keyword: "경복궁" }, result: ok([{ title: "경복궁", mapx: 126.977, mapy: 37.5796 }]), picks: { "0": 0 }, attempts: 1, upstream: true },
      { id: "s2", tool: "kma_grid_from_wgs84", skipped: false, args: { lat: 37.5796, lon: 126.977 }, result: ok([{ nx: 60, ny: 127 }]), picks: { "0": 0 }, attempts: 1, upstream: false },
      { id: "s3", tool: "kma_ultra_srt_ncst", skipped: false, args: { nx: 60, ny: 127, base_date: "20261127", base_time: "1000" }, result: ok(categories.map((category, i) => ({ category, obsrValue: category === "T1H" ? "3.4" : String(i) }))), picks: { "0": 0 }, attempts: 1, upstream: true },
    ]);
    const example = buildExample(state, "e");
    expect(example.filters.gate).toBeNull();
    expect(example.answer.text).toContain("3.4℃");
    const call = example.calls[2];
    if (!call) throw new Error("no call");
    const body = JSON.parse(trimmedAnswer(example, call).content) as { items: Record<string, unknown>[] };
    expect(body.items).toContainEqual({ category: "T1H", obsrValue: "3.4" });
  });
});
