import { describe, expect, it } from "vitest";
import { checkAnswer, checkFact, clockTimes, quantities, textAlternatives, type FactSpec } from "./facts";
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

  it("fails a large amount, maximum or mean one digit off", () => {
    expect(number("만원", 299_300, "평균 29억 9,300만 원")).toBe(true);
    expect(number("만원", 299_300, "평균 29억 9,301만 원")).toBe(false);
    expect(number("원", 8_667_000, "당월 고지금액 8,667,001원")).toBe(false);
    expect(number(undefined, 12_345, "가장 많은 곳은 12,346")).toBe(false);
    expect(number("만원", 99_333.33, "평균 9억 9,333만 원")).toBe(true);
  });

  it("does not take a difference for the value (the other side being 0, they are equal)", () => {
    expect(number("원", 31_036_500, "고지금액은 온누리랩스가 31,036,501원으로 큰길헤어살롱의 0원보다 31,036,500원 더 많아요.")).toBe(false);
    expect(number("원", 31_036_500, "온누리랩스가 31,036,501원, 큰길헤어살롱이 0원으로 차이는 31,036,500원입니다.")).toBe(false);
    expect(number("원", 31_036_500, "고지금액은 온누리랩스가 31,036,500원으로 큰길헤어살롱의 0원보다 31,036,500원 더 많아요.")).toBe(true);
  });

  it("takes no number of an address for a value (신림로26길 35-4 is not a wind of 4 m/s)", () => {
    const facts: FactSpec[] = [{ name: "1시간 강수량", kind: "number", unit: "mm" }, { name: "풍속", kind: "number", unit: "m/s" }];
    const values = { "1시간 강수량": 0, 풍속: 4.3 };
    const at = "지금 서울특별시 관악구 신림로26길 35-4의 1시간 강수량은 0mm, 풍속은";
    expect(checkAnswer(facts, values, `${at} 5.3m/s입니다.`).map((c) => c.found)).toEqual([true, false]);
    expect(checkAnswer(facts, values, `${at} 4.3m/s입니다.`).map((c) => c.found)).toEqual([true, true]);
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

describe("a long text offered with another", () => {
  const outlook = "○ (강수) 26일(토), 29일(화) 오후에 비 또는 눈이 오겠습니다.\n○ (기온) 이번 예보기간 아침 기온은 -9~0도, 낮 기온은 -2~6도로 평년과 비슷하겠습니다.";
  const other = "○ (강수) 이번 예보기간에는 뚜렷한 강수 없이 대체로 맑거나 구름많겠습니다.\n○ (기온) 아침 기온은 -3~4도, 낮 기온은 6~11도로 평년보다 조금 높겠습니다.";
  const text = (answer: string) => found("text", undefined, outlook, answer);

  it("passes the text in its own words, paraphrased, and with a remark of the answer's own", () => {
    expect(text(`경복궁 쪽 전망은 이렇습니다. ${outlook}`)).toBe(true);
    expect(text("26일(토), 29일(화) 오후에 비 또는 눈이 오겠고, 이번 예보기간 아침 기온은 -9~0도, 낮 기온은 -2~6도로 평년과 비슷하겠습니다.")).toBe(true);
    expect(text(`${outlook}\n외출하실 때 우산을 챙기시거나 따뜻하게 입으세요.`)).toBe(true);
    expect(text("26일(토), 29일(화) 오후에 비 혹은 눈이 오겠고, 이번 예보기간 아침 기온은 -9~0도, 낮 기온은 -2~6도로 평년과 비슷하겠습니다.")).toBe(true);
    expect(found("text", undefined, outlook.replace("비 또는 눈", "비나 눈"), "26일(토), 29일(화) 오후에 비 또는 눈이 오겠고, 이번 예보기간 아침 기온은 -9~0도, 낮 기온은 -2~6도로 평년과 비슷하겠습니다.")).toBe(true);
  });

  it("fails the text joined by 또는 to another value, before or after it, across marks", () => {
    expect(text(`경복궁은 서울시립미술관 또는 ${outlook}`)).toBe(false);
    expect(text(`경복궁은 ${outlook} 또는 ${other}`)).toBe(false);
    expect(text(`${outlook}\n아니면 맑겠습니다.`)).toBe(false);
  });

  it("fails a paraphrase that offers an alternative inside", () => {
    expect(text("26일(토), 29일(화) 오후에 비 또는 눈이 오겠고, 이번 예보기간 아침 기온은 -9~0도 혹은 -3~4도, 낮 기온은 -2~6도로 평년과 비슷하겠습니다.")).toBe(false);
  });
});

describe("dates", () => {
  it("finds a date in several formats", () => {
    for (const answer of ["2018년 12월 31일", "2018-12-31", "2018.12.31.", "20181231", "18년 12월 31일", "12월 31일"]) expect(found("date", undefined, "20181231", answer), answer).toBe(true);
    expect(found("date", undefined, "20181231", "2019년 12월 31일")).toBe(false);
    expect(found("date", undefined, "20181231", "2018년 12월 30일")).toBe(false);
  });
});

describe("natural forms the issue lists", () => {
  it("reads unit symbols before NFKC: 40㎍/㎥ is no phantom 3", () => {
    expect(quantities("미세먼지 40㎍/㎥").map((q) => [q.value, q.unit])).toEqual([[40, "㎍/㎥"]]);
    expect(number("곳", 3, "미세먼지는 40㎍/㎥예요")).toBe(false);
    expect(quantities("연면적 12,345㎡, 부피 30㎥").map((q) => [q.value, q.unit])).toEqual([
      [12345, "㎡"],
      [30, "㎥"],
    ]);
  });

  it("rounds within the fact's tolerance", () => {
    expect(number("℃", 10.6, "약 11도예요")).toBe(true);
    expect(number("℃", 10.6, "10.2도예요")).toBe(false);
    expect(number("℃", 10.6, "12도예요")).toBe(false);
    expect(checkFact({ name: "f", kind: "number", unit: "℃", tolerance: 0 }, 10.6, "약 11도").found).toBe(false);
  });

  it("reads 초속 N미터, native numerals and 없습니다 for zero", () => {
    expect(number("m/s", 4.6, "바람은 초속 4.6미터로 불어요")).toBe(true);
    expect(number("곳", 1, "한 곳 있어요")).toBe(true);
    expect(number("곳", 2, "두 곳이에요")).toBe(true);
    expect(number("개", 12, "열두 개예요")).toBe(true);
    expect(number("세대", 3, "9,510세대예요")).toBe(false);
    expect(number("건", 0, "최근 사흘 동안 지진 통보는 없었습니다")).toBe(true);
  });

  it("reads native numerals that are counts, not words that name the things compared", () => {
    expect(number("곳", 2, "두 곳이네요")).toBe(true);
    expect(number("곳", 2, "약국은 2곳으로 같습니다")).toBe(true);
    expect(number("곳", 3, "3곳이에요")).toBe(true);
    expect(number("곳", 2, "두 곳이 같습니다")).toBe(false);
    expect(number("곳", 2, "두 곳의 약국 수가 동일합니다")).toBe(false);
    expect(number("곳", 2, "두 곳 모두 문을 열었어요")).toBe(false);
    expect(number("곳", 2, "2곳이 같아요")).toBe(false);
    expect(number("건", 1, "한 건물에 모여 있어요")).toBe(false);
    expect(number("명", 1, "한 번 더 확인했지만 한편으로는 한 명도 없습니다")).toBe(false);
    expect(number("명", 0, "한 명도 없습니다")).toBe(true);
  });

  it("does not credit a count to the words that say two places are equal (kb-115)", () => {
    const facts: FactSpec[] = [
      { name: "해운대백병원", kind: "number", unit: "곳" },
      { name: "제주한라병원", kind: "number", unit: "곳" },
      { name: "더 많은 곳", kind: "text", value: { compare: ">", left: "$s2.totalCount", right: "$s4.totalCount", labels: ["해운대백병원", "제주한라병원"], tie: "같음" } },
    ];
    const values = { 해운대백병원: 2, 제주한라병원: 2, "더 많은 곳": "같음" };
    const failing = (answer: string) => checkAnswer(facts, values, answer).filter((c) => !c.found).map((c) => c.name);
    expect(failing("해운대백병원은 5곳입니다. 제주한라병원은 2곳입니다. 두 곳이 같습니다.")).toEqual(["해운대백병원"]);
    expect(failing("알아봤어요. 해운대백병원은 다섯 곳이고, 제주한라병원은 두 곳이고, 두 곳이 같습니다.")).toEqual(["해운대백병원"]);
    expect(failing("해운대백병원은 두 곳이고, 제주한라병원은 두 곳이고, 두 곳이 같습니다.")).toEqual([]);
    expect(failing("해운대백병원과 제주한라병원 모두 반경 500m 안에 약국이 2곳으로 같습니다.")).toEqual([]);
  });

  it("finds Korean clock times for a range and synonyms kept as data", () => {
    expect(found("text", undefined, "09:00~18:00", "평일 오전 9시~오후 6시에 진료해요")).toBe(true);
    expect(found("text", undefined, "09:00~18:00", "오전 9시부터 오후 5시까지")).toBe(false);
    expect(checkFact({ name: "첫 공휴일", kind: "text", synonyms: { 기독탄신일: ["성탄절", "크리스마스"] } }, "기독탄신일", "이번 달 첫 공휴일은 성탄절이에요").found).toBe(true);
    expect(checkFact({ name: "일요일", kind: "text", synonyms: { 휴진: ["진료하지 않"] } }, "휴진", "일요일에는 진료하지 않습니다").found).toBe(true);
    expect(checkFact({ name: "강수형태", kind: "number", synonyms: { "0": ["비가 오지 않", "비가 안 와"] } }, 0, "지금은 비가 오지 않아요").found).toBe(true);
  });

  it("strips reasoning before reading", () => {
    expect(number("명", 29, "<think>30명일까 29명일까</think>전문의는 30명입니다")).toBe(false);
    expect(number("명", 29, "<think>음</think>전문의는 29명입니다")).toBe(true);
  });
});

describe("two facts of each of several subjects", () => {
  const pills = ["임팩타민프리미엄정", "이지엔6애니연질캡슐(이부프로펜)"];
  const facts = pills.flatMap((p) => [`${p} 모양`, `${p} 색깔`]).map((name) => ({ name, kind: "text" as const }));
  const values = { "임팩타민프리미엄정 모양": "장방형", "임팩타민프리미엄정 색깔": "빨강", "이지엔6애니연질캡슐(이부프로펜) 모양": "원형", "이지엔6애니연질캡슐(이부프로펜) 색깔": "분홍" };
  const failing = (answer: string) => checkAnswer(facts, values, answer).filter((c) => !c.found).map((c) => c.name);

  it("gives a value to the subject of its sentence, not to a one-word name that a clause's attribute word matches better", () => {
    expect(failing("임팩타민프리미엄정의 모양은 장방형, 색깔은 빨강이에요. 이지엔6애니연질캡슐(이부프로펜)의 경우 모양은 원형, 색깔은 분홍이에요.")).toEqual([]);
  });

  it("fails a wrong value for one subject when its right value is written only for the others", () => {
    const pillsOf = ["타이레놀정500", "게보린정"].flatMap((p) => [`${p} 색`, `${p} 각인`]).map((name) => ({ name, kind: "text" as const }));
    const said = { "타이레놀정500 색": "하양", "타이레놀정500 각인": "TYLENOL", "게보린정 색": "하양", "게보린정 각인": "SJ" };
    const wrong = checkAnswer(pillsOf, said, "타이레놀정500 색은 서울시립미술관입니다. 타이레놀정500 각인은 TYLENOL입니다. 게보린정 색은 하양입니다. 게보린정 각인은 SJ입니다.");
    expect(wrong.filter((c) => !c.found).map((c) => c.name)).toEqual(["타이레놀정500 색"]);
  });

  it("fails values swapped between the subjects, sentence by sentence", () => {
    expect(failing("임팩타민프리미엄정의 모양은 장방형, 색깔은 분홍이에요. 이지엔6애니연질캡슐(이부프로펜)의 경우 모양은 원형, 색깔은 빨강이에요.")).toEqual(["임팩타민프리미엄정 색깔", "이지엔6애니연질캡슐(이부프로펜) 색깔"]);
  });
});

describe("answers that do not answer", () => {
  const facts = [
    { name: "은마 최고가", kind: "number", unit: "만원" },
    { name: "헬리오시티 최고가", kind: "number", unit: "만원" },
    { name: "더 비싼 단지", kind: "text", value: { compare: ">", left: "$s3.totalCount", right: "$s6.totalCount", labels: ["은마", "헬리오시티"], tie: "같음" } },
  ] as const satisfies readonly FactSpec[];
  const values = { "은마 최고가": 300000, "헬리오시티 최고가": 250000, "더 비싼 단지": "은마" };
  const passes = (answer: string) => checkAnswer(facts, values, answer).every((c) => c.found);

  it("passes the right answer in several wordings", () => {
    expect(passes("은마아파트의 최고가는 30억 원, 헬리오시티는 25억 원으로 더 비싼 곳은 은마아파트입니다.")).toBe(true);
    expect(passes("헬리오시티(25억 원)보다 은마아파트(30억 원)가 더 비쌉니다.")).toBe(true);
    expect(passes("은마 최고가 300,000만원, 헬리오시티 최고가 250,000만원. 은마가 더 높아요.")).toBe(true);
  });

  it("fails the wrong winner, swapped values and hedges", () => {
    expect(passes("은마아파트 30억 원, 헬리오시티 25억 원이고 더 비싼 곳은 헬리오시티입니다.")).toBe(false);
    expect(passes("은마아파트보다 헬리오시티가 더 비싸요. 은마 30억 원, 헬리오시티 25억 원.")).toBe(false);
    expect(passes("은마아파트는 25억 원, 헬리오시티는 30억 원이고 은마가 더 비쌉니다.")).toBe(false);
    expect(passes("은마아파트는 28억 또는 30억 원, 헬리오시티는 25억 원이고 은마가 더 비쌉니다.")).toBe(false);
    expect(passes("은마 30억, 헬리오시티 25억. 더 비싼 곳은 은마 또는 헬리오시티입니다.")).toBe(false);
    expect(passes("은마 30억, 헬리오시티 25억.")).toBe(false);
  });

  it("fails a dump of the results and a value offered among the result's others", () => {
    const context = { request: "은마랑 헬리오시티 중 더 비싼 곳", evidence: { "은마 최고가": { accepted: [], competitors: [280000, 270000] } }, resultValues: ["은마", "300000", "280000", "270000", "11680", "대치동", "헬리오시티", "250000", "11710", "가락동", "2026", "12", "5", "1979"] };
    const check = (answer: string) => checkAnswer(facts, values, answer, context).every((c) => c.found);
    expect(check("은마 30억, 헬리오시티 25억이고 은마가 더 비쌉니다.")).toBe(true);
    expect(check('{"items":[{"aptNm":"은마","dealAmount":300000}]}')).toBe(false);
    expect(check("은마 300000 280000 270000 11680 대치동 헬리오시티 250000 11710 가락동 2026 12 5 1979")).toBe(false);
    expect(check("은마 최고가는 30억, 28억, 27억 원이고 헬리오시티는 25억 원, 은마가 더 비쌉니다.")).toBe(false);
  });
});

describe("a value's subject named earlier in its sentence", () => {
  it("credits each business its own count when the clause before the value names only the label", () => {
    const facts: FactSpec[] = [
      { name: "주식회사 마루일렉트로닉스 업종", kind: "text" },
      { name: "주식회사 마루일렉트로닉스 국민연금 가입자 수", kind: "number", unit: "명" },
      { name: "주식회사 한성건설 업종", kind: "text" },
      { name: "주식회사 한성건설 국민연금 가입자 수", kind: "number", unit: "명" },
    ];
    const values = { "주식회사 마루일렉트로닉스 업종": "전자부품 제조업", "주식회사 마루일렉트로닉스 국민연금 가입자 수": 32, "주식회사 한성건설 업종": "건물 건설업", "주식회사 한성건설 국민연금 가입자 수": 7 };
    const right = "주식회사 마루일렉트로닉스 기준으로 업종은 전자부품 제조업, 국민연금 가입자 수는 32명이에요. 또 주식회사 한성건설의 업종은 건물 건설업, 국민연금 가입자 수는 7명이에요.";
    expect(checkAnswer(facts, values, right).filter((c) => !c.found)).toEqual([]);
    const swapped = "주식회사 마루일렉트로닉스 기준으로 업종은 전자부품 제조업, 국민연금 가입자 수는 7명이에요. 또 주식회사 한성건설의 업종은 건물 건설업, 국민연금 가입자 수는 32명이에요.";
    expect(checkAnswer(facts, values, swapped).filter((c) => !c.found).map((c) => c.failure)).toEqual(["other_subject", "other_subject"]);
  });

  it("credits each hospital its own text when the clause names only the label, whatever the length of the names", () => {
    const facts: FactSpec[] = ["강남세브란스병원", "이화여자대학교 의과대학부속 서울병원", "가톨릭대학교 여의도성모병원"].flatMap((h) => [
      { name: `${h} 평일 점심시간`, kind: "text" as const },
      { name: `${h} 일요일 진료`, kind: "text" as const },
    ]);
    const values = {
      "강남세브란스병원 평일 점심시간": "12:30~13:30",
      "강남세브란스병원 일요일 진료": "휴진",
      "이화여자대학교 의과대학부속 서울병원 평일 점심시간": "12:30~13:30",
      "이화여자대학교 의과대학부속 서울병원 일요일 진료": "휴진",
      "가톨릭대학교 여의도성모병원 평일 점심시간": "13:00~14:00",
      "가톨릭대학교 여의도성모병원 일요일 진료": "정상진료",
    };
    const right = "강남세브란스병원의 경우 평일 점심시간은 12:30~13:30, 일요일 진료는 휴진입니다. 이화여자대학교 의과대학부속 서울병원의 경우 평일 점심시간은 12:30~13:30, 일요일 진료는 휴진입니다. 가톨릭대학교 여의도성모병원의 평일 점심시간은 13:00~14:00, 일요일 진료는 정상진료입니다.";
    expect(checkAnswer(facts, values, right).filter((c) => !c.found)).toEqual([]);
    const swapped = "강남세브란스병원의 경우 평일 점심시간은 12:30~13:30, 일요일 진료는 정상진료입니다. 이화여자대학교 의과대학부속 서울병원의 경우 평일 점심시간은 12:30~13:30, 일요일 진료는 휴진입니다. 가톨릭대학교 여의도성모병원의 평일 점심시간은 13:00~14:00, 일요일 진료는 휴진입니다.";
    expect(checkAnswer(facts, values, swapped).filter((c) => !c.found).map((c) => [c.name, c.failure])).toEqual([
      ["강남세브란스병원 일요일 진료", "other_subject"],
      ["가톨릭대학교 여의도성모병원 일요일 진료", "other_subject"],
    ]);
  });

  it("reads a bare number followed by a particle as a value that ends a clause (\"58로 좌동의 53보다\")", () => {
    const facts = [
      { name: "정자동 통합대기환경지수", kind: "number" as const, subject: ["정자동"] },
      { name: "좌동 통합대기환경지수", kind: "number" as const, subject: ["좌동"] },
    ];
    const values = { "정자동 통합대기환경지수": 58, "좌동 통합대기환경지수": 53 };
    const right = "통합대기환경지수는 정자동(정자동 측정소 기준)이 58로 좌동(좌동 측정소 기준)의 53보다 5 더 높습니다.";
    expect(checkAnswer(facts, values, right).filter((c) => !c.found)).toEqual([]);
    const swapped = "통합대기환경지수는 정자동이 53으로 좌동의 58보다 낮습니다.";
    expect(checkAnswer(facts, values, swapped).filter((c) => !c.found).map((c) => c.failure)).toEqual(["other_subject", "other_subject"]);
  });
});
