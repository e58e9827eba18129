/**
 * Korean public holidays (관공서의 공휴일) and national days for 2025–2027, as KASI publishes
 * them: lunar holidays, substitute holidays (대체공휴일) and election days included.
 * 제헌절 was a working day from 2008; the amendment of 「공휴일에 관한 법률」 passed on 2026-01-29
 * (promulgation approved by the cabinet in February 2026, in force three months after) makes every
 * 국경일 a public holiday again, so 제헌절 is a day off from 2026-07-17 and, like the other 국경일,
 * takes a substitute holiday when it falls on a weekend (2027-07-17 is a Saturday).
 */
export interface SpecialDay {
  locdate: string; // YYYYMMDD
  dateName: string;
  isHoliday: "Y" | "N";
  /** 01 국경일·공휴일, 02 기념일, 03 24절기, 04 잡절 */
  dateKind: "01" | "02";
  national: boolean;
}

const h = (locdate: string, dateName: string, national = false): SpecialDay => ({ locdate, dateName, isHoliday: "Y", dateKind: "01", national });

export const SPECIAL_DAYS: readonly SpecialDay[] = [
  h("20250101", "1월1일"),
  h("20250127", "임시공휴일"),
  h("20250128", "설날"),
  h("20250129", "설날"),
  h("20250130", "설날"),
  h("20250301", "삼일절", true),
  h("20250303", "대체공휴일"),
  h("20250505", "어린이날"),
  h("20250505", "부처님오신날"),
  h("20250506", "대체공휴일"),
  h("20250603", "임시공휴일"),
  h("20250606", "현충일"),
  { locdate: "20250717", dateName: "제헌절", isHoliday: "N", dateKind: "01", national: true },
  h("20250815", "광복절", true),
  h("20251003", "개천절", true),
  h("20251005", "추석"),
  h("20251006", "추석"),
  h("20251007", "추석"),
  h("20251008", "대체공휴일"),
  h("20251009", "한글날", true),
  h("20251225", "기독탄신일"),
  h("20260101", "1월1일"),
  h("20260216", "설날"),
  h("20260217", "설날"),
  h("20260218", "설날"),
  h("20260301", "삼일절", true),
  h("20260302", "대체공휴일"),
  h("20260505", "어린이날"),
  h("20260524", "부처님오신날"),
  h("20260525", "대체공휴일"),
  h("20260603", "전국동시지방선거"),
  h("20260606", "현충일"),
  h("20260717", "제헌절", true),
  h("20260815", "광복절", true),
  h("20260817", "대체공휴일"),
  h("20260924", "추석"),
  h("20260925", "추석"),
  h("20260926", "추석"),
  h("20261003", "개천절", true),
  h("20261005", "대체공휴일"),
  h("20261009", "한글날", true),
  h("20261225", "기독탄신일"),
  h("20270101", "1월1일"),
  h("20270206", "설날"),
  h("20270207", "설날"),
  h("20270208", "설날"),
  h("20270209", "대체공휴일"),
  h("20270301", "삼일절", true),
  h("20270505", "어린이날"),
  h("20270513", "부처님오신날"),
  h("20270606", "현충일"),
  h("20270717", "제헌절", true),
  h("20270719", "대체공휴일"),
  h("20270815", "광복절", true),
  h("20270816", "대체공휴일"),
  h("20270914", "추석"),
  h("20270915", "추석"),
  h("20270916", "추석"),
  h("20271003", "개천절", true),
  h("20271004", "대체공휴일"),
  h("20271009", "한글날", true),
  h("20271011", "대체공휴일"),
  h("20271225", "기독탄신일"),
  h("20271227", "대체공휴일"),
];
