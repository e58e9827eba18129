/**
 * Invariants of the address and real-estate world that the chains rely on: ids are unique, every
 * building sits near the centre of its 법정동, English addresses follow the Revised Romanization,
 * and a finished month always shows deals of the big complexes whatever the clock.
 */
import { describe, expect, it } from "vitest";
import { haversineMetres } from "../../geo/projections";
import { COMPLEXES, complexesInDong } from "./apartments";
import { dongOf } from "./regions";
import { ADDRESSES, BUILDINGS } from "./buildings";
import { romanizeDistrict, romanizeRoad, romanizeWord } from "./romanize";
import { dealsOf } from "./transactions";

describe("juso_ and apt_ world", () => {
  it("has unique complex and building ids", () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(COMPLEXES.map((c) => c.kaptCode))).toBe(true);
    expect(unique(COMPLEXES.map((c) => c.aptSeq))).toBe(true);
    expect(unique(ADDRESSES.map((a) => a.bdMgtSn))).toBe(true);
    expect(unique(ADDRESSES.map((a) => `${a.admCd}|${a.rnMgtSn}|${a.udrtYn}|${a.buldMnnm}|${a.buldSlno}`))).toBe(true);
    expect(unique(BUILDINGS.flatMap((b) => b.titles.map((t) => String(t["mgmBldrgstPk"]))))).toBe(true);
  });

  it("keeps codes in their real formats", () => {
    for (const c of COMPLEXES) {
      expect(c.kaptCode).toMatch(/^A\d{8}$/);
      expect(c.aptSeq.startsWith(`${c.address.sigungu.code}-`)).toBe(true);
    }
    for (const a of ADDRESSES) {
      expect(a.rnMgtSn.startsWith(a.sigungu.code) && /^\d{12}$/.test(a.rnMgtSn)).toBe(true);
      expect(a.bdMgtSn.startsWith(a.admCd) && /^\d{25}$/.test(a.bdMgtSn)).toBe(true);
      expect(a.zipNo).toMatch(/^\d{5}$/);
    }
  });

  it("places every building within a kilometre of its dong centre", () => {
    for (const a of ADDRESSES) {
      const dong = dongOf(a.admCd);
      expect(dong, a.id).toBeDefined();
      if (dong) expect(haversineMetres(a.position, dong.center), a.id).toBeLessThanOrEqual(1000);
    }
  });

  it("romanizes addresses like juso", () => {
    expect(romanizeWord("선릉")).toBe("seolleung");
    expect(romanizeWord("종로")).toBe("jongno");
    expect(romanizeWord("왕십리")).toBe("wangsimni");
    expect(romanizeRoad("테헤란로")).toBe("Teheran-ro");
    expect(romanizeRoad("세종대로")).toBe("Sejong-daero");
    expect(romanizeRoad("삼성로51길")).toBe("Samseong-ro 51-gil");
    expect(romanizeRoad("도움6로")).toBe("Doum 6-ro");
    expect(romanizeRoad("63로")).toBe("63-ro");
    expect(romanizeRoad("올림픽로")).toBe("Olympic-ro");
    expect(romanizeDistrict("성남시 분당구")).toBe("Bundang-gu, Seongnam-si");
  });
});

describe("rtms_ transactions", () => {
  it("shows last month's deals of a big complex on the first day of every month", () => {
    const empty: string[] = [];
    for (let year = 2020; year <= 2027; year++) {
      for (let month = 1; month <= 12; month++) {
        if (year === 2020 && month === 1) continue;
        const now = new Date(Date.UTC(year, month - 1, 1, -9, 5)); // 00:05 KST on the 1st
        const [py, pm] = month === 1 ? [year - 1, 12] : [year, month - 1];
        if (complexesInDong("1171010700").flatMap((c) => dealsOf(c, py, pm, now)).length === 0) empty.push(`${py}-${pm}`);
      }
    }
    expect(empty).toEqual([]);
  });

  it("never shows a deal before it was reported, nor a month that has not begun", () => {
    const now = new Date("2026-03-15T12:00:00+09:00");
    const helio = COMPLEXES.find((c) => c.kaptName === "헬리오시티");
    expect(helio).toBeDefined();
    if (!helio) return;
    expect(dealsOf(helio, 2026, 3, now).every((d) => d.day <= 12)).toBe(true);
    expect(dealsOf(helio, 2026, 4, now)).toEqual([]);
    expect(dealsOf(helio, 2019, 12, now)).toEqual([]);
    expect(dealsOf(helio, 2026, 2, now)).toEqual(dealsOf(helio, 2026, 2, now));
  });
});
