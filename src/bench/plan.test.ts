import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolveTimeToken } from "../catalog/examples";
import { failure, success, type Item, type NormalisedResult } from "../upstream/result";
import { executePlan, type CallTool } from "./plan";
import { checkTask, parseReference, taskSchema, type BenchTask } from "./task";

/** Wednesday 2026-12-23 09:10 KST. */
const NOW = new Date("2026-12-23T09:10:00+09:00");

function benchTask(plan: unknown[], facts: unknown[], shape = "sequential"): BenchTask {
  return taskSchema.parse({ id: "kb-999", version: 1, shape, level: 2, request: { ko: "테스트 요청입니다", en: "a test request" }, plan, answer: { facts } });
}

interface Recorded {
  tool: string;
  args: Record<string, unknown>;
}

/** A scripted tool server: answers by tool name, records every call in the order it was made. */
function scripted(answers: Record<string, (args: Record<string, unknown>) => NormalisedResult | Promise<NormalisedResult>>): { call: CallTool; calls: Recorded[] } {
  const calls: Recorded[] = [];
  return {
    calls,
    call: async (tool, args) => {
      calls.push({ tool, args });
      const answer = answers[tool];
      if (!answer) throw new Error(`unscripted tool ${tool}`);
      return answer(args);
    },
  };
}

const items = (...rows: Item[]) => success(rows, rows.length, 1);

const FORECAST = items(
  { category: "TMP", fcstDate: "20261224", fcstTime: "0600", fcstValue: "-5" },
  { category: "TMN", fcstDate: "20261224", fcstTime: "0600", fcstValue: "-6.0" },
  { category: "TMP", fcstDate: "20261224", fcstTime: "1500", fcstValue: "3" },
  { category: "TMX", fcstDate: "20261224", fcstTime: "1500", fcstValue: "4.0" },
  { category: "TMX", fcstDate: "20261225", fcstTime: "1500", fcstValue: "2.0" },
);

describe("time tokens of the requests", () => {
  it("resolves relative days and months in KST", () => {
    type Token = Parameters<typeof resolveTimeToken>[0];
    const at = (iso: string) => (token: Token) => resolveTimeToken(token, new Date(iso));
    const wednesday = at("2026-12-23T09:10:00+09:00");
    const days: Token[] = ["date.tomorrow", "date.day_after_tomorrow", "date.this_saturday", "date.this_sunday", "date.next_monday"];
    expect(days.map(wednesday)).toEqual([
      "20261224",
      "20261225",
      "20261226",
      "20261227",
      "20261228",
    ]);
    // On a Saturday evening "this Saturday" is today; late on Sunday in UTC it is already Monday in KST.
    const saturday = at("2027-03-13T19:40:00+09:00");
    expect([saturday("date.this_saturday"), saturday("date.this_sunday"), saturday("date.next_monday")]).toEqual(["20270313", "20270314", "20270315"]);
    expect(at("2027-03-14T15:30:00Z")("date.next_monday")).toBe("20270322");
    expect([at("2027-01-05T12:00:00+09:00")("month.previous"), at("2027-02-05T12:00:00+09:00")("month.before_previous")]).toEqual(["202612", "202612"]);
  });
});

describe("references", () => {
  it("parses selectors, filters, fields and pipes", () => {
    expect(parseReference("$s2.items[0].admCd")).toMatchObject({ step: "s2", target: { kind: "items", selector: { kind: "index", index: 0 }, field: "admCd" }, pipes: [] });
    expect(parseReference("$s1.totalCount").target).toEqual({ kind: "totalCount" });
    expect(parseReference("$s3.items[?category=TMX&fcstDate=@date.tomorrow][*].fcstValue|number").target).toMatchObject({
      selector: {
        kind: "filter",
        all: true,
        clauses: [
          { field: "category", op: "=", value: { kind: "literal", text: "TMX" } },
          { field: "fcstDate", op: "=", value: { kind: "time", token: "date.tomorrow" } },
        ],
      },
    });
    expect(parseReference("$s1.items[-1].lnbrMnnm|pad4|slice:1:3").pipes).toEqual([{ kind: "pad4" }, { kind: "slice", start: 1, end: 3 }]);
    expect(parseReference("$s1.items[*]|count").pipes).toEqual([{ kind: "count" }]);
  });

  it("rejects malformed references with a reason", () => {
    expect(() => parseReference("$x1.items[0].a")).toThrow(/\$<step>/);
    expect(() => parseReference("$s1.items[0]|count")).toThrow(/needs a list/);
    expect(() => parseReference("$s1.items[*]|count|number")).toThrow(/last pipe/);
    expect(() => parseReference("$s1.items[0][*].a")).toThrow(/only follow a filter/);
    expect(() => parseReference("$s1.items[?a>3].b")).toThrow(/filter clause/);
    expect(() => parseReference("$s1.items[?d=@date.someday].b")).toThrow(/time token/);
    expect(() => parseReference("$s1.items[0].a|round")).toThrow(/unknown pipe/);
    expect(() => benchTask([{ id: "s1", tool: "juso_search", args: { keyword: "$s0.items" } }], [{ name: "x", kind: "text", value: "$s1.items[0].roadAddr" }])).toThrow();
  });

  it("resolves indexes, filters, time tokens and pipes into the next call's arguments", async () => {
    const { call, calls } = scripted({
      juso_search: () => items({ admCd: "1168010100", lnbrMnnm: 737, lnbrSlno: 0, mtYn: "0" }, { admCd: "1171010700", lnbrMnnm: 913, lnbrSlno: 0, mtYn: "0" }),
      bld_title_info: () => items({ grndFlrCnt: 45 }),
      kma_vilage_fcst: () => FORECAST,
      tour_search_festival: () => items({ contentid: "1" }),
    });
    const task = benchTask(
      [
        { id: "s1", tool: "juso_search", args: { keyword: "테헤란로 152" } },
        {
          id: "s2",
          tool: "bld_title_info",
          args: { sigunguCd: "$s1.items[-1].admCd|slice:0:5", bjdongCd: "$s1.items[0].admCd|slice:5", platGbCd: "$s1.items[0].mtYn", bun: "$s1.items[0].lnbrMnnm|pad4", ji: "$s1.items[0].lnbrSlno|pad4" },
        },
        { id: "s3", tool: "kma_vilage_fcst", args: { base_date: { $time: "date.today" }, base_time: "0800", nx: 60, ny: 127 } },
        { id: "s4", tool: "tour_search_festival", args: { eventStartDate: { $time: "date.this_saturday" }, eventEndDate: { $time: "date.next_monday" } } },
      ],
      [
        { name: "층수", kind: "number", unit: "층", value: "$s2.items[0].grndFlrCnt" },
        { name: "내일 최고", kind: "number", unit: "℃", value: "$s3.items[?category=TMX&fcstDate=@date.tomorrow].fcstValue|number" },
        { name: "예보 행 수", kind: "number", value: "$s3.items[?fcstDate=@date.tomorrow][*]|count" },
        { name: "건수", kind: "number", value: "$s4.totalCount" },
      ],
    );
    const run = await executePlan(task, call, NOW);
    expect(run.error).toBeUndefined();
    expect(calls.find((c) => c.tool === "bld_title_info")?.args).toEqual({ sigunguCd: "11710", bjdongCd: "10100", platGbCd: "0", bun: "0737", ji: "0000" });
    expect(calls.find((c) => c.tool === "kma_vilage_fcst")?.args["base_date"]).toBe("20261223");
    expect(calls.find((c) => c.tool === "tour_search_festival")?.args).toEqual({ eventStartDate: "20261226", eventEndDate: "20261228" });
    expect(run.facts).toEqual({ 층수: 45, "내일 최고": 4, "예보 행 수": 4, 건수: 1 });
  });

  it("reads an absent field as empty so `?f!=` skips items without a value, and ~= matches part of the text", async () => {
    const { call } = scripted({
      airkorea_station_realtime: () => items({ dataTime: "2026-12-23 09:00", pm10Value: null, pm10Flag: "통신장애" }, { dataTime: "2026-12-23 08:00", pm10Value: 41 }),
      seoul_bike_stations: () => items({ stationName: "2301. 경복궁 입구", parkingBikeTotCnt: 7 }, { stationName: "2302. 경복궁역 5번출구 앞", parkingBikeTotCnt: 3 }),
    });
    const task = benchTask(
      [
        { id: "s1", tool: "airkorea_station_realtime", args: { stationName: "종로구" } },
        { id: "s2", tool: "seoul_bike_stations", args: {} },
      ],
      [
        { name: "미세먼지", kind: "number", value: "$s1.items[?pm10Value!=].pm10Value" },
        { name: "측정시각", kind: "text", value: "$s1.items[?pm10Flag=].dataTime" },
        { name: "경복궁 대여소 자전거", kind: "number", value: { aggregate: "sum", of: "$s2.items[?stationName~=경복궁][*].parkingBikeTotCnt" } },
      ],
    );
    const run = await executePlan(task, call, NOW);
    expect(run.facts).toEqual({ 미세먼지: 41, 측정시각: "2026-12-23 08:00", "경복궁 대여소 자전거": 10 });
  });
});

describe("aggregates and comparisons", () => {
  const prices = scripted({
    rtms_apt_trades: (args) =>
      args["LAWD_CD"] === "11710"
        ? items({ aptNm: "헬리오시티", dealAmount: 210000 }, { aptNm: "잠실엘스", dealAmount: 280000 }, { aptNm: "헬리오시티", dealAmount: 230500 }, { aptNm: "파크리오", dealAmount: null })
        : items({ aptNm: "은마", dealAmount: 230500 }),
  });
  const plan = [
    { id: "s1", tool: "rtms_apt_trades", args: { LAWD_CD: "11710", DEAL_YMD: { $time: "month.previous" } } },
    { id: "s2", tool: "rtms_apt_trades", args: { LAWD_CD: "11680", DEAL_YMD: { $time: "month.previous" } } },
  ];

  it("computes max, min, sum, avg, count, argmax and argmin, ignoring blank values", async () => {
    const all = "$s1.items[*].dealAmount";
    const task = benchTask(plan, [
      { name: "max", kind: "number", value: { aggregate: "max", of: all } },
      { name: "min", kind: "number", value: { aggregate: "min", of: all } },
      { name: "sum", kind: "number", value: { aggregate: "sum", of: all } },
      { name: "avg", kind: "number", value: { aggregate: "avg", of: "$s1.items[?aptNm=헬리오시티][*].dealAmount" } },
      { name: "count", kind: "number", value: { aggregate: "count", of: all } },
      { name: "argmax", kind: "text", value: { aggregate: "argmax", of: all, label: "$s1.items[*].aptNm" } },
      { name: "argmin", kind: "text", value: { aggregate: "argmin", of: all, label: "$s1.items[*].aptNm" } },
      { name: "names", kind: "text", value: "$s1.items[?aptNm!=파크리오][*].aptNm" },
    ]);
    const run = await executePlan(task, prices.call, NOW);
    expect(run.facts).toEqual({ max: 280000, min: 210000, sum: 720500, avg: 220250, count: 4, argmax: "잠실엘스", argmin: "헬리오시티", names: ["헬리오시티", "잠실엘스", "헬리오시티"] });
    expect(prices.calls[0]?.args["DEAL_YMD"]).toBe("202611");
  });

  it("labels the winner of a comparison, and a tie only when the task names one", async () => {
    const heliosMax = { aggregate: "max", of: "$s1.items[?aptNm=헬리오시티][*].dealAmount" };
    const compare = (tie?: string) => ({ compare: ">", left: heliosMax, right: "$s2.items[0].dealAmount", labels: ["헬리오시티", "은마"], ...(tie ? { tie } : {}) });
    const withTie = await executePlan(benchTask(plan, [{ name: "더 비싼 곳", kind: "text", value: compare("같음") }]), prices.call, NOW);
    expect(withTie.facts).toEqual({ "더 비싼 곳": "같음" });
    const noTie = await executePlan(benchTask(plan, [{ name: "더 비싼 곳", kind: "text", value: compare() }]), prices.call, NOW);
    expect(noTie.ok).toBe(false);
    expect(noTie.error).toMatchObject({ step: "fact:더 비싼 곳", reason: expect.stringMatching(/tie/) });
    const cheaper = await executePlan(
      benchTask(plan, [{ name: "더 싼 곳", kind: "text", value: { compare: "<", left: "$s1.items[0].dealAmount", right: "$s2.items[0].dealAmount", labels: ["송파", "강남"] } }]),
      prices.call,
      NOW,
    );
    expect(cheaper.facts).toEqual({ "더 싼 곳": "송파" });
  });

  it("fails an aggregate over nothing instead of inventing a value", async () => {
    const run = await executePlan(benchTask(plan, [{ name: "max", kind: "number", value: { aggregate: "max", of: "$s1.items[?aptNm=없는단지][*].dealAmount" } }]), prices.call, NOW);
    expect(run.ok).toBe(false);
    expect(run.error?.reason).toMatch(/no values/);
  });
});

describe("conditions", () => {
  const weather = (pty: string) =>
    scripted({
      kma_ultra_srt_ncst: () => items({ category: "PTY", obsrValue: pty }, { category: "T1H", obsrValue: "-3.4" }),
      tour_location_based_list: (args) => items({ title: args["contentTypeId"] === 14 ? "국립현대미술관" : "서울숲" }),
      tour_detail_common: () => items({ overview: "개요" }),
    });
  const rain = { left: "$s1.items[?category=PTY].obsrValue|number", op: ">", right: 0 };
  const dry = { left: "$s1.items[?category=PTY].obsrValue|number", op: "==", right: 0 };
  const plan = [
    { id: "s1", tool: "kma_ultra_srt_ncst", args: { base_date: "20261223", base_time: "0800", nx: 60, ny: 127 } },
    { id: "s2", tool: "tour_location_based_list", args: { mapX: 127.03, mapY: 37.54, contentTypeId: 14 }, when: rain },
    { id: "s3", tool: "tour_location_based_list", args: { mapX: 127.03, mapY: 37.54, contentTypeId: 12 }, when: dry },
    { id: "s4", tool: "tour_detail_common", args: { contentId: "$s2.items[0].title" }, when: rain },
  ];
  const facts = [
    { name: "강수", kind: "number", value: "$s1.items[?category=PTY].obsrValue|number" },
    { name: "실내", kind: "text", value: "$s2.items[0].title", when: rain },
    { name: "야외", kind: "text", value: "$s3.items[0].title", when: dry },
  ];

  it("runs the branch whose condition holds and skips the other with its dependants", async () => {
    const sunny = weather("0");
    const run = await executePlan(benchTask(plan, facts, "conditional"), sunny.call, NOW);
    expect(run.ok).toBe(true);
    expect(run.steps.map((s) => [s.id, s.skipped])).toEqual([
      ["s1", false],
      ["s2", true],
      ["s3", false],
      ["s4", true],
    ]);
    expect(sunny.calls.map((c) => c.args["contentTypeId"] ?? c.tool)).toEqual(["kma_ultra_srt_ncst", 12]);
    expect(run.facts).toEqual({ 강수: 0, 야외: "서울숲" });

    const rainy = weather("1");
    const wet = await executePlan(benchTask(plan, facts, "conditional"), rainy.call, NOW);
    expect(wet.facts).toEqual({ 강수: 1, 실내: "국립현대미술관" });
    expect(wet.steps.find((s) => s.id === "s4")?.args).toEqual({ contentId: "국립현대미술관" });
  });

  it("supports string, numeric, threshold and emptiness tests", async () => {
    const { call } = scripted({
      nts_business_status: () => items({ b_no: "1018846836", b_stt_cd: "01", end_dt: "" }),
      nps_workplace_search: () => items({ seq: "38588096" }),
      mfds_pill_identification: () => items(),
    });
    const ops: [string, unknown, boolean][] = [
      ["$s1.items[0].b_stt_cd", { op: "==", right: "01" }, true],
      ["$s1.items[0].b_stt_cd", { op: "==", right: 1 }, true],
      ["$s1.items[0].b_stt_cd", { op: "!=", right: "01" }, false],
      ["$s1.items[0].end_dt", { op: "empty" }, true],
      ["$s1.items[0].b_no|slice:0:6|number", { op: ">=", right: 101884 }, true],
      ["$s1.items[0].b_no|slice:0:6|number", { op: "<", right: 101884 }, false],
      ["$s2.items[*]", { op: "empty" }, true],
      ["$s2.totalCount", { op: "nonempty" }, true],
    ];
    for (const [left, op, expected] of ops) {
      const when = { left, ...(op as object) };
      const task = benchTask(
        [
          { id: "s1", tool: "nts_business_status", args: { b_no: ["1018846836"] } },
          { id: "s2", tool: "mfds_pill_identification", args: { item_name: "어린이타이레놀현탁액" } },
          { id: "s3", tool: "nps_workplace_search", args: { bzowrRgstNo: "$s1.items[0].b_no|slice:0:6" }, when },
        ],
        [{ name: "상태", kind: "text", value: "$s1.items[0].b_stt_cd" }],
        "conditional",
      );
      const run = await executePlan(task, call, NOW);
      expect([left, op, run.steps.find((s) => s.id === "s3")?.skipped]).toEqual([left, op, !expected]);
    }
  });
});

describe("errors make a run unscorable, with the step and a reason", () => {
  const plan = [
    { id: "s1", tool: "juso_search", args: { keyword: "헬리오시티" } },
    { id: "s2", tool: "apt_complex_list", args: { bjdCode: "$s1.items[0].admCd" } },
  ];
  const facts = [{ name: "단지", kind: "text", value: "$s2.items[0].kaptName" }];

  it("reports a failed upstream call", async () => {
    const { call, calls } = scripted({ juso_search: () => failure("UPSTREAM_KEY_REJECTED", "E0001", "승인되지 않은 KEY 입니다."), apt_complex_list: () => items() });
    const run = await executePlan(benchTask(plan, facts), call, NOW);
    expect(run).toMatchObject({ ok: false, error: { step: "s1", reason: "UPSTREAM_KEY_REJECTED (E0001): 승인되지 않은 KEY 입니다." }, facts: {} });
    expect(calls).toHaveLength(1);
    expect(run.steps.map((s) => s.id)).toEqual(["s1"]);
  });

  it("reports a call that throws (e.g. arguments the tool refuses)", async () => {
    const { call } = scripted({ juso_search: () => Promise.reject(new Error("args.keyword: too short")) });
    const run = await executePlan(benchTask(plan, facts), call, NOW);
    expect(run.error).toEqual({ step: "s1", reason: "args.keyword: too short" });
  });

  it("reports a reference that finds nothing", async () => {
    const { call, calls } = scripted({ juso_search: () => items(), apt_complex_list: () => items() });
    const run = await executePlan(benchTask(plan, facts), call, NOW);
    expect(run.error).toEqual({ step: "s2", reason: "$s1.items[0].admCd: s1 returned 0 item(s)" });
    expect(calls.map((c) => c.tool)).toEqual(["juso_search"]);
  });

  it("reports a filter without a match and an empty fact", async () => {
    const { call } = scripted({ juso_search: () => items({ admCd: "1171010700" }), apt_complex_list: () => items({ kaptName: "" }) });
    const noMatch = await executePlan(benchTask(plan, [{ name: "단지", kind: "text", value: "$s2.items[?kaptName=헬리오시티].kaptName" }]), call, NOW);
    expect(noMatch.error?.reason).toMatch(/none of the 1 item\(s\) of s2 matches \?kaptName=헬리오시티/);
    const empty = await executePlan(benchTask(plan, facts), call, NOW);
    expect(empty.error).toEqual({ step: "fact:단지", reason: "the value is empty" });
  });

  it("reports a number fact whose value is not numeric", async () => {
    const { call } = scripted({ juso_search: () => items({ admCd: "1171010700" }), apt_complex_list: () => items({ kaptName: "헬리오시티" }) });
    const run = await executePlan(benchTask(plan, [{ name: "n", kind: "number", value: "$s2.items[0].kaptName" }]), call, NOW);
    expect(run.error?.reason).toMatch(/is not a number/);
  });
});

describe("scheduling", () => {
  // The calls' delays run on a fake clock: on a loaded machine real timers fired out of order.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const execute = async (...args: Parameters<typeof executePlan>) => {
    const running = executePlan(...args);
    await vi.runAllTimersAsync();
    return running;
  };

  const slow = (ms: number, row: Item, log: string[], name: string) => async () => {
    log.push(`start ${name}`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`end ${name}`);
    return items(row);
  };

  // Two independent chains: air quality (s1 → s3) and weather (s2 → s4).
  const twoChains = benchTask(
    [
      { id: "s1", tool: "airkorea_sido_realtime", args: { sidoName: "서울" } },
      { id: "s2", tool: "kma_base_time", args: { product: "ncst" } },
      { id: "s3", tool: "airkorea_station_realtime", args: { stationName: "$s1.items[0].stationName" } },
      { id: "s4", tool: "kma_ultra_srt_ncst", args: { base_date: "$s2.items[0].base_date", base_time: "$s2.items[0].base_time", nx: 60, ny: 127 } },
    ],
    [{ name: "pm10", kind: "number", value: "$s3.items[0].pm10Value" }],
    "parallel",
  );

  it("starts each step as soon as its inputs are known and records the trace in plan order", async () => {
    const log: string[] = [];
    const { call, calls } = scripted({
      airkorea_sido_realtime: slow(40, { stationName: "종로구" }, log, "sido"),
      kma_base_time: slow(5, { base_date: "20261223", base_time: "0800" }, log, "base"),
      airkorea_station_realtime: slow(1, { pm10Value: 41 }, log, "station"),
      kma_ultra_srt_ncst: slow(1, { category: "T1H", obsrValue: "-3.4" }, log, "ncst"),
    });
    const run = await execute(twoChains, call, NOW);
    expect(log).toEqual(["start sido", "start base", "end base", "start ncst", "end ncst", "end sido", "start station", "end station"]);
    expect(calls.find((c) => c.tool === "kma_ultra_srt_ncst")?.args).toEqual({ base_date: "20261223", base_time: "0800", nx: 60, ny: 127 });
    expect(run.steps.map((s) => s.id)).toEqual(["s1", "s2", "s3", "s4"]);
    expect(run.facts).toEqual({ pm10: 41 });
  });

  it("starts nothing after a failure but keeps the trace of steps already running", async () => {
    const log: string[] = [];
    const { call, calls } = scripted({
      airkorea_sido_realtime: async () => failure("UPSTREAM_TIMEOUT", null, "timed out"),
      kma_base_time: slow(20, { base_date: "20261223", base_time: "0800" }, log, "base"),
      airkorea_station_realtime: slow(1, { pm10Value: 41 }, log, "station"),
      kma_ultra_srt_ncst: slow(1, { category: "T1H", obsrValue: "-3.4" }, log, "ncst"),
    });
    const run = await execute(twoChains, call, NOW);
    expect(run.error).toEqual({ step: "s1", reason: "UPSTREAM_TIMEOUT: timed out" });
    expect(calls.map((c) => c.tool)).toEqual(["airkorea_sido_realtime", "kma_base_time"]);
    expect(run.steps.map((s) => s.id)).toEqual(["s1", "s2"]);
  });
});

describe("checkTask", () => {
  const problemsOf = (plan: unknown[], facts: unknown[], shape = "sequential") => checkTask(benchTask(plan, facts, shape));
  const search = { id: "s1", tool: "juso_search", args: { keyword: "헬리오시티" } };
  const fact = { name: "주소", kind: "text", value: "$s1.items[0].roadAddr" };

  it("accepts a well-formed task", () => {
    expect(problemsOf([search], [fact])).toEqual([]);
  });

  it("finds unknown tools, parameters, invalid literals and missing required parameters", () => {
    expect(problemsOf([search, { id: "s2", tool: "no_such_tool", args: {} }], [fact])).toEqual(["kb-999 s2: unknown tool no_such_tool"]);
    expect(problemsOf([{ id: "s1", tool: "juso_search", args: { keyword: "헬리오시티", keywrd: "x" } }], [fact])).toEqual(["kb-999 s1: juso_search has no parameter keywrd"]);
    expect(problemsOf([search, { id: "s2", tool: "rtms_apt_trades", args: { LAWD_CD: "1171", DEAL_YMD: { $time: "month.previous" } } }], [fact])).toEqual([
      'kb-999 s2: LAWD_CD="1171" is not valid for rtms_apt_trades',
    ]);
    expect(problemsOf([search, { id: "s2", tool: "rtms_apt_trades", args: { LAWD_CD: "11710" } }], [fact])).toEqual(["kb-999 s2: rtms_apt_trades needs DEAL_YMD"]);
  });

  it("finds references to later steps and to fields the tool does not return", () => {
    const problems = problemsOf(
      [
        { id: "s1", tool: "juso_search", args: { keyword: "$s2.items[0].kaptName" } },
        { id: "s2", tool: "apt_complex_list", args: { bjdCode: "$s1.items[?bdNm=헬리오시티].admcd" } },
      ],
      [{ name: "단지", kind: "text", value: "$s2.items[0].kaptNm" }],
    );
    expect(problems).toEqual([
      "kb-999 s1: $s2.items[0].kaptName refers to s2, which is not an earlier step",
      "kb-999 s2: $s1.items[?bdNm=헬리오시티].admcd: juso_search has no output field admcd",
      'kb-999 fact "단지": $s2.items[0].kaptNm: apt_complex_list has no output field kaptNm',
    ]);
  });

  it("finds duplicate step ids and fact names, misused lists and labels", () => {
    const problems = problemsOf(
      [search, { id: "s1", tool: "juso_search", args: { keyword: "은마" } }],
      [
        { name: "주소", kind: "number", value: "$s1.items[*].buldMnnm" },
        { name: "주소", kind: "text", value: { aggregate: "argmax", of: "$s1.items[*].buldMnnm" } },
        { name: "비교", kind: "text", value: { compare: ">", left: "$s1.items[*].buldMnnm", right: "$s1.items[0].buldMnnm", labels: ["a", "b"] } },
      ],
    );
    expect(problems).toEqual([
      "kb-999 s1: duplicate step id",
      'kb-999 fact "주소": $s1.items[*].buldMnnm is a list; only text facts may be lists',
      'kb-999 fact "주소": duplicate fact name',
      'kb-999 fact "주소": argmax needs a label list',
      'kb-999 fact "비교": $s1.items[*].buldMnnm is a list; compare scalars or aggregate it',
    ]);
  });

  it("keeps the outputs of a conditional step inside its branch", () => {
    const when = { left: "$s1.totalCount", op: ">", right: 0 };
    const branch = { id: "s2", tool: "apt_complex_list", args: { bjdCode: "$s1.items[0].admCd" }, when };
    const problems = problemsOf(
      [search, branch, { id: "s3", tool: "apt_complex_info", args: { kaptCode: "$s2.items[0].kaptCode" } }],
      [fact, { name: "단지", kind: "text", value: "$s2.items[0].kaptName" }],
      "conditional",
    );
    expect(problems).toEqual([
      "kb-999 s3: uses s2, which runs only under a condition this step does not share",
      'kb-999 fact "단지": uses s2, which runs only under a condition the fact does not share',
    ]);
    expect(problemsOf([search, branch], [fact])).toEqual(["kb-999 plan: only conditional tasks use `when` (shape sequential)"]);
    expect(problemsOf([search], [fact], "conditional")).toEqual(["kb-999 plan: a conditional task needs a step with `when`"]);
    expect(problemsOf([search, branch], [{ ...fact, when }], "conditional")).toEqual(["kb-999 answer: every fact is conditional: at least one must be expected whatever the branch"]);
  });
});
