import { describe, expect, it } from "vitest";
import { checkFact, clockTimes, quantities, textAlternatives } from "./facts";
import type { FactValue } from "./plan";
import type { Fact } from "./task";

const found = (kind: Fact["kind"], unit: Fact["unit"], expected: FactValue, answer: string) => checkFact({ name: "f", kind, unit }, expected, answer).found;
const number = (unit: Fact["unit"], expected: number, answer: string) => found("number", unit, expected, answer);

describe("numbers", () => {
  it("reads comma grouping, decimals, signs and Korean magnitudes", () => {
    expect(quantities("약 42억 2,000만 원, 영하 3.9도, -1.5℃, 9,510세대").map((q) => [q.value, q.unit])).toEqual([
      [4_220_000_000, "원"],
      [-3.9, "℃"],
      [-1.5, "℃"],
      [9510, "세대"],
    ]);
    expect(quantities("2026-12-25").map((q) => q.value)).toEqual([2026, 12, 25]);
  });

  it("finds 만원 amounts in any notation", () => {
    for (const answer of ["최고가는 42억 2,000만 원입니다", "42억 2천만원", "422,000만원", "4,220,000,000원", "42.2억 원", "최고가: 422,000 (만원)"]) expect(number("만원", 422000, answer), answer).toBe(true);
    expect(number("만원", 422000, "42억 원")).toBe(false);
    expect(number("만원", 245233.33, "평균 24억 5,233만 원")).toBe(true);
    expect(number("원", 51054300, "당월 고지금액은 5,105만 4,300원")).toBe(true);
  });

  it("reads units with their synonyms and refuses another unit", () => {
    expect(number("㎍/㎥", 41, "미세먼지(PM10)는 41㎍/㎥로 보통입니다")).toBe(true);
    expect(number("㎍/㎥", 41, "PM10 41 μg/m³")).toBe(true);
    expect(number("℃", -3.9, "기온은 영하 3.9도예요")).toBe(true);
    expect(number("℃", -3.9, "기온은 −3.9 °C")).toBe(true);
    expect(number("℃", 4, "4명이 있어요")).toBe(false);
    expect(number("%", 10, "강수확률 10퍼센트")).toBe(true);
    expect(number("동", 28, "총 28개 동으로 되어 있어요")).toBe(true);
    expect(number("정류장", 11, "편도 11개 정류장을 지나요")).toBe(true);
    expect(number("m/s", 4.3, "바람은 4.3 m/s")).toBe(true);
    expect(number("m", 173.01558131823413, "약 173m 떨어져 있어요")).toBe(true);
  });

  it("keeps counts exact and allows rounding of computed values", () => {
    expect(number("명", 29, "전문의는 29명")).toBe(true);
    expect(number("명", 29, "전문의는 30명")).toBe(false);
    expect(number("㎍/㎥", 31.08, "평균 31.1㎍/㎥")).toBe(true);
    expect(number("㎍/㎥", 31.08, "평균 31㎍/㎥")).toBe(true);
    expect(number("㎍/㎥", 31.08, "평균 32㎍/㎥")).toBe(false);
    expect(number("mm", 9.6, "장축 10mm")).toBe(false);
  });

  it("reads durations for seconds and minutes", () => {
    expect(number("초", 316, "약 5분 16초 뒤 도착")).toBe(true);
    expect(number("초", 316, "316초 뒤")).toBe(true);
    expect(number("초", 316, "5분 뒤")).toBe(false);
    expect(number("분", 65, "1시간 5분 간격")).toBe(true);
    expect(number("분", 9, "배차간격은 9분입니다")).toBe(true);
  });
});

describe("text", () => {
  it("ignores spacing, punctuation, case and long 시도 names", () => {
    expect(found("text", undefined, "서울특별시 종로구 종로 149", "주소는 서울 종로구 종로149 입니다")).toBe(true);
    expect(found("text", undefined, "구름많고 눈", "오후에는 구름 많고 눈이 와요")).toBe(true);
    expect(found("text", undefined, "TYLENOL", "앞면에 tylenol이 새겨져 있어요")).toBe(true);
  });

  it("drops parenthesised parts, company markers, numbering and suffixes", () => {
    expect(textAlternatives("(주)대웅제약")).toContain("대웅제약");
    expect(found("text", undefined, "(주)대웅제약", "우루사는 대웅제약 제품입니다")).toBe(true);
    expect(found("text", undefined, "2301. 경복궁 입구", "경복궁 입구 대여소")).toBe(true);
    expect(found("text", undefined, "강남역", "강남에서 타세요")).toBe(true);
    expect(found("text", undefined, "102번", "102 버스가 더 자주 와요")).toBe(true);
  });

  it("does not find a number inside a longer one", () => {
    expect(found("text", undefined, "60", "160번 버스")).toBe(false);
    expect(found("text", undefined, "60", "60번 버스")).toBe(true);
  });

  it("finds HHmm times written as clock times", () => {
    expect(clockTimes("오후 12시 30분, 17:00, 오후 5시 반, 정오")).toEqual([1020, 750, 1050, 720]);
    expect(found("text", undefined, "1230", "토요일은 12시 30분까지 진료해요")).toBe(true);
    expect(found("text", undefined, "1700", "오후 5시에 문을 닫아요")).toBe(true);
    expect(found("text", undefined, "0540", "첫차는 05:40")).toBe(true);
    expect(found("text", undefined, "1700", "오후 6시에 닫아요")).toBe(false);
  });

  it("finds a long text by its bigrams and a tie by its synonyms", () => {
    const text = "실온에서 보관하십시오.\n개봉 후에는 뚜껑을 꼭 닫아 보관하십시오.\n어린이의 손이 닿지 않는 곳에 보관하십시오.";
    expect(found("text", undefined, text, "실온에서 보관하시고, 개봉 후에는 뚜껑을 꼭 닫아 보관하십시오. 어린이의 손이 닿지 않는 곳에 두세요.")).toBe(true);
    expect(found("text", undefined, text, "냉장 보관하세요")).toBe(false);
    expect(found("text", undefined, "같음", "두 곳의 강수확률이 동일합니다")).toBe(true);
  });

  it("needs every element of a list", () => {
    const check = checkFact({ name: "역", kind: "text" }, ["강남", "잠실"], "강남역에서 갈아타세요");
    expect(check).toMatchObject({ found: false, missing: ["잠실"] });
  });
});

describe("dates", () => {
  it("finds a date in several formats", () => {
    for (const answer of ["2018년 12월 31일", "2018-12-31", "2018.12.31.", "20181231", "18년 12월 31일", "12월 31일"]) expect(found("date", undefined, "20181231", answer), answer).toBe(true);
    expect(found("date", undefined, "20181231", "2019년 12월 31일")).toBe(false);
    expect(found("date", undefined, "20181231", "2018년 12월 30일")).toBe(false);
  });
});
