/** 한국천문연구원 특일정보: public holidays and national days. */
import { z } from "zod";
import { cacheOf, defineUpstream } from "../spec";
import { numOfRows, pageNo, pagePagination } from "./common";

const BASE = "/B090041/openapi/service/SpcdeInfoService";

const params = z.object({
  solYear: z
    .string()
    .regex(/^\d{4}$/, "YYYY")
    .describe("연도 YYYY (예: 2026)")
    .meta({ tags: ["date.yyyy"], examples: ["2026"] }),
  solMonth: z
    .string()
    .regex(/^(0[1-9]|1[0-2])$/, "MM, two digits")
    .optional()
    .describe("월 MM, 두 자리 (예: 05). 생략하면 한 해 전체")
    .meta({ tags: ["date.mm"], examples: ["05"] }),
  numOfRows: numOfRows(100, 50),
  pageNo: pageNo(),
});

const fields = [
  { name: "locdate", type: "string" as const, tags: ["date.holiday", "date.yyyymmdd"], description: "날짜 YYYYMMDD (원래 JSON 숫자)", pattern: "^\\d{8}$" },
  { name: "dateName", type: "string" as const, tags: ["calendar.holiday_name"], description: "특일 이름 (예: 어린이날)" },
  { name: "isHoliday", type: "boolean" as const, tags: ["calendar.is_holiday"], description: "공휴일 여부 (Y/N)" },
  { name: "dateKind", type: "string" as const, tags: [], description: "특일 종류 (01 국경일·공휴일)" },
  { name: "seq", type: "integer" as const, tags: [], description: "순번" },
];

const request = {
  method: "GET" as const,
  key: { in: "query" as const, name: "ServiceKey" },
  format: { in: "query" as const, name: "_type", value: "json" },
  responseFormat: "json" as const,
};

export const CALENDAR_TOOLS = [
  defineUpstream({
    name: "kasi_public_holidays",
    version: 1,
    provider: "kasi",
    title: { ko: "공휴일 정보 조회", en: "Public holidays" },
    description: {
      ko: "한국천문연구원 특일정보에서 주어진 연도(와 월)의 공휴일 목록을 돌려줍니다: 날짜(locdate, YYYYMMDD), 이름(설날, 어린이날, 대체공휴일 …), 공휴일 여부. 날짜는 단기예보·행사 검색 같은 날짜 입력에 씁니다.",
      en: "Lists the public holidays of a year (and month) from KASI: date (locdate, YYYYMMDD), name (설날, 어린이날, substitute holidays …) and whether it is a day off. The dates feed date inputs such as forecasts or festival searches.",
    },
    params,
    request: { ...request, path: `${BASE}/getRestDeInfo` },
    response: { envelope: "datagokr", fields },
    pagination: pagePagination(100),
    cache: cacheOf("static"),
    examples: [{ args: { solYear: "2026", solMonth: "05" }, note: "어린이날, 부처님오신날, 대체공휴일" }, { args: { solYear: { $time: "year.current" } } }],
    docs: "https://www.data.go.kr/data/15012690/openapi.do",
  }),
  defineUpstream({
    name: "kasi_national_days",
    version: 1,
    provider: "kasi",
    title: { ko: "국경일 정보 조회", en: "National days" },
    description: {
      ko: "한국천문연구원 특일정보에서 주어진 연도(와 월)의 국경일(삼일절, 제헌절, 광복절, 개천절, 한글날)을 돌려줍니다. 쉬지 않는 국경일은 isHoliday가 N입니다 (제헌절은 2008~2025년 N, 2026년부터 다시 공휴일).",
      en: "Lists the national days (삼일절, 제헌절, 광복절, 개천절, 한글날) of a year (and month) from KASI; national days that are not days off have isHoliday N (제헌절 was one from 2008 to 2025 and is a public holiday again from 2026).",
    },
    params,
    request: { ...request, path: `${BASE}/getHoliDeInfo` },
    response: { envelope: "datagokr", fields },
    pagination: pagePagination(100),
    cache: cacheOf("static"),
    examples: [{ args: { solYear: "2026", solMonth: "10" }, note: "개천절, 한글날" }],
    docs: "https://www.data.go.kr/data/15012690/openapi.do",
  }),
];
