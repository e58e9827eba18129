/**
 * Korean surface forms for the template writer: dates and months as people say them, and the forms
 * in which a stated value may appear in a request (particles are in src/util/korean.ts).
 */
import type { TimeToken } from "../catalog/spec";

export function koreanDate(ymd: string): string {
  return `${Number(ymd.slice(0, 4))}년 ${Number(ymd.slice(4, 6))}월 ${Number(ymd.slice(6, 8))}일`;
}

export function koreanMonth(ym: string): string {
  return `${Number(ym.slice(0, 4))}년 ${Number(ym.slice(4, 6))}월`;
}

/** How a time-relative argument is said. */
export const TIME_PHRASES: Record<TimeToken["$time"], string> = {
  "kma.ncst.base_date": "지금",
  "kma.ncst.base_time": "지금",
  "kma.ultra_fcst.base_date": "지금",
  "kma.ultra_fcst.base_time": "지금",
  "kma.vilage_fcst.base_date": "지금",
  "kma.vilage_fcst.base_time": "지금",
  "kma.mid.tmfc": "최근 발표",
  "date.today": "오늘",
  "date.yesterday": "어제",
  "date.week_ago": "일주일 전부터",
  "date.tomorrow": "내일",
  "date.day_after_tomorrow": "모레",
  "date.this_saturday": "이번 주 토요일",
  "date.this_sunday": "이번 주 일요일",
  "date.next_monday": "다음 주 월요일",
  "month.current": "이번 달",
  "month.previous": "지난달",
  "month.before_previous": "지지난달",
  "month2.current": "이번 달",
  "year.current": "올해",
};

/** The forms in which a user-stated value counts as stated in a request. */
export function statedForms(value: unknown): string[] {
  const text = String(value);
  const forms = [text];
  if (/^\d{8}$/.test(text)) forms.push(koreanDate(text));
  if (/^\d{6}$/.test(text)) forms.push(koreanMonth(text));
  return forms;
}

/** How a stated value is written in a request. */
export function sayValue(value: unknown): string {
  const text = String(value);
  if (/^\d{8}$/.test(text) && Number(text.slice(4, 6)) <= 12) return koreanDate(text);
  if (/^\d{6}$/.test(text) && Number(text.slice(4, 6)) <= 12) return koreanMonth(text);
  return text;
}
