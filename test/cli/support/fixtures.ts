/** Bodies shaped like the app's answers (copied from a real run), for the fake API. */
export const holidaysTool = {
  name: "kasi_public_holidays",
  kind: "upstream",
  version: 1,
  title: { ko: "공휴일 정보 조회", en: "Public holidays" },
  description: { ko: "공휴일 목록", en: "Lists the public holidays" },
  provider: { id: "kasi", name: { ko: "한국천문연구원 특일정보", en: "KASI" }, quota: { daily: 10000, status: "unconfirmed" } },
  upstream: { method: "GET", host: "apis.data.go.kr", path: "/B090041/openapi/service/SpcdeInfoService/getRestDeInfo", envelope: "datagokr" },
  cache: { class: "static", ttlSeconds: 604800 },
  inputSchema: {
    type: "object",
    properties: {
      solYear: { type: "string", pattern: "^\\d{4}$", description: "연도 YYYY (예: 2026)", "x-tags": ["date.yyyy"] },
      solMonth: { type: "string", description: "월 MM, 두 자리", "x-tags": ["date.mm"] },
      numOfRows: { type: "integer", default: 50, description: "한 페이지 결과 수" },
      pageNo: { type: "integer", default: 1, description: "페이지 번호" },
    },
    required: ["solYear"],
  },
  outputSchema: {
    type: "object",
    properties: {
      items: {
        type: "array",
        items: {
          type: "object",
          properties: {
            locdate: { type: ["string", "null"], description: "날짜 YYYYMMDD", "x-tags": ["date.yyyymmdd"] },
            dateName: { type: ["string", "null"], description: "특일 이름", "x-tags": ["calendar.holiday_name"] },
          },
        },
      },
    },
  },
};

export const gridTool = {
  ...holidaysTool,
  name: "kma_grid_from_wgs84",
  kind: "local",
  title: { ko: "위경도 → 기상청 격자", en: "WGS84 to KMA grid" },
  provider: null,
  upstream: null,
  cache: { class: "static", ttlSeconds: 0 },
  inputSchema: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } }, required: ["lat", "lon"] },
};

export const holidaysDetail = {
  ...holidaysTool,
  openai: { type: "function", function: { name: "kasi_public_holidays", description: "…", parameters: {} } },
  examples: [{ args: { solYear: "2026", solMonth: "05" }, note: "어린이날", resolvedArgs: { solYear: "2026", solMonth: "05" } }],
};

export const holidaysAnswer = {
  tool: "kasi_public_holidays",
  result: {
    ok: true,
    items: [
      { dateKind: "01", dateName: "어린이날", isHoliday: true, locdate: "20260505", seq: 1 },
      { dateKind: "01", dateName: "부처님오신날", isHoliday: true, locdate: "20260524", seq: 2 },
      { dateKind: "01", dateName: "대체공휴일", isHoliday: true, locdate: "20260525", seq: 10 },
    ],
    totalCount: 3,
    page: 1,
  },
  meta: { cache: "miss", upstreamMs: 7, fetchedAt: "2026-11-29T15:35:35.612Z", fingerprint: "618d5718" },
};

export const snapshotExport = [
  { snapshot: { name: "bench", description: "", entryCount: 2 } },
  { fingerprint: "a".repeat(64), tool: "kasi_public_holidays", toolVersion: 1, fetchedAt: 1, result: { ok: true, items: [], totalCount: 0, page: 1 } },
  { fingerprint: "b".repeat(64), tool: "kasi_national_days", toolVersion: 1, fetchedAt: 2, result: { ok: true, items: [], totalCount: 0, page: 1 } },
]
  .map((line) => JSON.stringify(line))
  .join("\n")
  .concat("\n");
