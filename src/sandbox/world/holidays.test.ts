/**
 * The holiday calendar against the law in force: 제헌절 is a day off again from 2026 (「공휴일에 관한
 * 법률」 amended 2026-01-29), and every holiday the substitute rule covers that falls on a weekend
 * is followed by its 대체공휴일.
 */
import { describe, expect, it } from "vitest";
import { SPECIAL_DAYS } from "./holidays";

const dayOfWeek = (locdate: string) => new Date(Date.UTC(Number(locdate.slice(0, 4)), Number(locdate.slice(4, 6)) - 1, Number(locdate.slice(6)))).getUTCDay();
const plusDays = (locdate: string, days: number) => {
  const at = new Date(Date.UTC(Number(locdate.slice(0, 4)), Number(locdate.slice(4, 6)) - 1, Number(locdate.slice(6)) + days));
  return at.toISOString().slice(0, 10).replaceAll("-", "");
};

describe("special days", () => {
  it("keeps 제헌절 a working day in 2025 and a public holiday from 2026", () => {
    const constitutionDays = SPECIAL_DAYS.filter((d) => d.dateName === "제헌절").map((d) => [d.locdate, d.isHoliday, d.national]);
    expect(constitutionDays).toEqual([["20250717", "N", true], ["20260717", "Y", true], ["20270717", "Y", true]]);
  });

  it("follows each weekend 국경일, 어린이날, 부처님오신날 and 기독탄신일 of 2026–2027 with a 대체공휴일", () => {
    const covered = SPECIAL_DAYS.filter((d) => d.locdate >= "20260101" && d.isHoliday === "Y" && (d.national || ["어린이날", "부처님오신날", "기독탄신일"].includes(d.dateName)));
    expect(covered).toHaveLength(16);
    for (const day of covered) {
      const weekday = dayOfWeek(day.locdate);
      if (weekday !== 0 && weekday !== 6) continue;
      const firstWorkday = plusDays(day.locdate, weekday === 6 ? 2 : 1);
      expect(SPECIAL_DAYS.some((d) => d.dateName === "대체공휴일" && d.locdate === firstWorkday), `${day.dateName} ${day.locdate}`).toBe(true);
    }
  });
});
