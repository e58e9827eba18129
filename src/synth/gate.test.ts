/**
 * The quality gate on hand-made walks: a clean example passes, and each rule fails on the
 * trajectory a reviewer would reject (a `{}` start for a named hospital, an entity switch, a
 * fallback after success, an answer without the asked fact, a repeated call, a tool title, one
 * page aggregated as if it were all, a later row taken for no stated reason, "the nearest" without
 * its distance).
 */
import { describe, expect, it } from "vitest";
import { buildExample, rejectionOf } from "./example";
import type { SynthExample } from "./example-schema";
import { gateOf, nearestProblem } from "./gate";
import type { WalkPlan } from "./plan";
import { trimmedAnswer } from "./trim";
import type { StepRecord, WalkState } from "./walk";

const ok = (items: Record<string, unknown>[], totalCount = items.length) => ({ ok: true as const, items, totalCount, page: 1 });

const HOSPITALS = [
  { yadmNm: "갈월김정형외과의원", ykiho: "Y1", XPos: 126.97, YPos: 37.54 },
  { yadmNm: "김정형외과의원", ykiho: "Y2", XPos: 127.01, YPos: 37.5 },
];

function record(id: string, tool: string, args: Record<string, unknown>, items: Record<string, unknown>[], picks: Record<string, number> = { "0": 0 }, totalCount?: number): StepRecord {
  return { id, tool, skipped: false, args, result: ok(items, totalCount), picks, attempts: 1, upstream: true };
}

function state(plan: WalkPlan, steps: StepRecord[]): WalkState {
  return { plan, jobId: "job", teamId: "team", snapshot: null, now: Date.parse("2026-11-27T01:30:00Z"), status: "done", reason: null, retries: 0, upstreamCalls: steps.length, steps };
}

/** "김정형외과의원 주차 가능 대수": the search by name, then the detail of the row named so. */
function parking(): WalkState {
  const plan: WalkPlan = {
    id: "p",
    shape: "sequential",
    seed: "gate",
    edges: ["e1"],
    steps: [
      { id: "z1", tool: "hira_hospitals", args: { sidoCd: { from: "default", value: "110000" } }, slot: 0, seed: true },
      { id: "s1", tool: "hira_hospitals", args: { yadmNm: { from: "step", step: "z1", field: "yadmNm", slot: 0 } }, slot: 0, pick: { field: "yadmNm", param: "yadmNm" } },
      { id: "s2", tool: "hira_hospital_detail", args: { ykiho: { from: "step", step: "s1", field: "ykiho", slot: 0 } }, slot: 0 },
    ],
    intent: { subject: "hospital", entry: "hira_hospitals", entities: { "0": "s1" }, asks: [{ tool: "hira_hospital_detail", id: "parking", kind: "ask", steps: { "0": "s2" } }] },
  };
  return state(plan, [
    record("z1", "hira_hospitals", { sidoCd: "110000" }, HOSPITALS, { "0": 1 }),
    record("s1", "hira_hospitals", { yadmNm: "김정형외과의원" }, HOSPITALS, { "0": 1 }),
    record("s2", "hira_hospital_detail", { ykiho: "Y2" }, [{ parkQty: 1350, lunchWeek: "12:30~13:30" }]),
  ]);
}

/** "경복궁 지금 기온": the place by name, its grid, this hour's observation there. */
function weatherNow(): WalkState {
  const plan: WalkPlan = {
    id: "p",
    shape: "sequential",
    seed: "gate-weather",
    edges: ["e1", "e2"],
    steps: [
      { id: "s1", tool: "tour_search_keyword", args: { keyword: { from: "user", value: "경복궁" } }, slot: 0, pick: { field: "title", param: "keyword" } },
      { id: "s2", tool: "kma_grid_from_wgs84", args: { lat: { from: "step", step: "s1", field: "mapy", slot: 0 }, lon: { from: "step", step: "s1", field: "mapx", slot: 0 } }, slot: 0 },
      {
        id: "s3",
        tool: "kma_ultra_srt_ncst",
        args: { nx: { from: "step", step: "s2", field: "nx", slot: 0 }, ny: { from: "step", step: "s2", field: "ny", slot: 0 }, base_date: { from: "time", token: "kma.ncst.base_date" }, base_time: { from: "time", token: "kma.ncst.base_time" } },
        slot: 0,
      },
    ],
    intent: { subject: "place", entry: "tour_search_keyword", entities: { "0": "s1" }, asks: [{ tool: "kma_ultra_srt_ncst", id: "temperature", kind: "ask", steps: { "0": "s3" } }] },
  };
  return state(plan, [
    record("s1", "tour_search_keyword", { keyword: "경복궁" }, [{ title: "경복궁", contentid: "126508", mapx: 126.977, mapy: 37.5796 }]),
    record("s2", "kma_grid_from_wgs84", { lat: 37.5796, lon: 126.977 }, [{ nx: 60, ny: 127 }]),
    record("s3", "kma_ultra_srt_ncst", { nx: 60, ny: 127, base_date: "20261127", base_time: "1000" }, [
      { category: "T1H", obsrValue: "3.4", baseDate: "20261127", baseTime: "1000", nx: 60, ny: 127 },
      { category: "REH", obsrValue: "61", baseDate: "20261127", baseTime: "1000", nx: 60, ny: 127 },
    ]),
  ]);
}

/** "김정형외과의원 300m 안에 약국이 있으면 그중, 없으면 1km 안에서 가장 가까운 약국": the narrow search, then the wide one only if it found none. */
/** "<dong> 지금 미세먼지": the dong's TM coordinates, its nearby stations, the first station's reading. */
function airNow(dong: string): WalkPlan {
  return {
    id: "p",
    shape: "sequential",
    seed: "gate-air",
    edges: ["e1", "e2"],
    steps: [
      { id: "s1", tool: "airkorea_tm_coords", args: { umdName: { from: "user", value: dong } }, slot: 0, pick: { field: "umdName", param: "umdName" } },
      { id: "s2", tool: "airkorea_nearby_stations", args: { tmX: { from: "step", step: "s1", field: "tmX", slot: 0 }, tmY: { from: "step", step: "s1", field: "tmY", slot: 0 } }, slot: 0 },
      { id: "s3", tool: "airkorea_station_realtime", args: { stationName: { from: "step", step: "s2", field: "stationName", slot: 0 }, numOfRows: { from: "default", value: 1 } }, slot: 0 },
    ],
    intent: { subject: "dong", entry: "airkorea_tm_coords", entities: { "0": "s1" }, asks: [{ tool: "airkorea_station_realtime", id: "pm10", kind: "ask", steps: { "0": "s3" } }] },
  };
}

function pharmacyConditional(): WalkPlan {
  return {
    id: "p",
    shape: "conditional",
    seed: "gate",
    edges: [],
    steps: [
      { id: "s1", tool: "hira_hospitals", args: { yadmNm: { from: "user", value: "김정형외과의원" } }, slot: 0 },
      { id: "s2", tool: "hira_pharmacies", args: { xPos: { from: "step", step: "s1", field: "XPos", slot: 0 }, yPos: { from: "step", step: "s1", field: "YPos", slot: 0 }, radius: { from: "default", value: 300 } }, slot: 0 },
      { id: "s3", tool: "hira_pharmacies", args: { xPos: { from: "step", step: "s1", field: "XPos", slot: 0 }, yPos: { from: "step", step: "s1", field: "YPos", slot: 0 }, radius: { from: "default", value: 1000 } }, slot: 0, when: { step: "s2", test: "empty" } },
    ],
    intent: {
      subject: "hospital",
      entry: "hira_hospitals",
      entities: { "0": "s1" },
      asks: [{ tool: "hira_pharmacies", id: "nearest", kind: "ask", steps: { "0": "s3" } }],
      fallback: { first: "s2", then: "s3", say: "{s} 반경 300m 안에 약국이 있는지 보고, 없으면 1km까지 넓혀서 가장 가까운 약국" },
    },
  };
}

/** A reduction's plan: its steps and what it asks. */
function reduction(steps: WalkPlan["steps"], intent: WalkPlan["intent"]): WalkPlan {
  return { id: "p", shape: "reduction", seed: "gate", edges: [], steps, intent };
}

function withText(example: SynthExample, request: string, answer = example.answer.text): SynthExample {
  return { ...example, request: { ...example.request, text: request }, answer: { ...example.answer, text: answer } };
}

describe("the quality gate", () => {
  it("keeps a request that names the hospital, a search by that name, and an answer with the asked fact", () => {
    const example = buildExample(parking(), "e1");
    expect(rejectionOf(example)).toBeNull();
    expect(example.request.text).toContain("김정형외과의원");
    expect(example.answer.text).toContain("1,350대");
    // The exact name was row 1 of the search: the walk and the reference take that row, not the first.
    expect(example.answer.text).not.toContain("갈월");
    expect(example.reference.plan.map((s) => s.args)).toEqual([{ yadmNm: "김정형외과의원" }, { ykiho: "$s1.items[1].ykiho" }]);
    // The seed call that found the name is not part of the dialogue.
    expect(example.calls.map((c) => c.tool)).toEqual(["hira_hospitals", "hira_hospital_detail"]);
  });

  it("rejects a first call that lists every hospital with {} and then picks the one named", () => {
    const walk = parking();
    const s1 = walk.plan.steps[1];
    const r1 = walk.steps[1];
    if (!s1 || !r1) throw new Error("setup");
    s1.args = {};
    r1.args = {};
    expect(rejectionOf(buildExample(walk, "e"))).toMatch(/^derivable: s1 hira_hospitals lists everything with \{\}/);
  });

  it("rejects a name several rows share: which 김정형외과의원 the user means is not derivable", () => {
    const walk = parking();
    const r1 = walk.steps[1];
    if (!r1) throw new Error("setup");
    r1.result = ok([...HOSPITALS, { yadmNm: "김정형외과의원", ykiho: "Y3", XPos: 129.1, YPos: 35.2 }]);
    expect(rejectionOf(buildExample(walk, "e"))).toMatch(/^derivable: 2 rows of hira_hospitals are named "김정형외과의원": the subject is ambiguous/);
  });

  it("rejects a chain that switches entity: the second hospital's detail read from the first one's row", () => {
    const plan: WalkPlan = {
      id: "p",
      shape: "parallel",
      seed: "gate",
      edges: [],
      steps: [
        { id: "s1", tool: "hira_hospitals", args: { yadmNm: { from: "user", value: "갈월김정형외과의원" } }, slot: 0 },
        { id: "s2", tool: "hira_hospital_detail", args: { ykiho: { from: "step", step: "s1", field: "ykiho", slot: 0 } }, slot: 0 },
        { id: "s3", tool: "hira_hospitals", args: { yadmNm: { from: "user", value: "김정형외과의원" } }, slot: 1 },
        { id: "s4", tool: "hira_hospital_detail", args: { ykiho: { from: "step", step: "s1", field: "ykiho", slot: 0 } }, slot: 1 },
      ],
      intent: { subject: "hospital", entry: "hira_hospitals", entities: { "0": "s1", "1": "s3" }, asks: [{ tool: "hira_hospital_detail", id: "parking", kind: "ask", steps: { "0": "s2", "1": "s4" } }] },
    };
    const walk = state(plan, [
      record("s1", "hira_hospitals", { yadmNm: "갈월김정형외과의원" }, [HOSPITALS[0] ?? {}]),
      record("s2", "hira_hospital_detail", { ykiho: "Y1" }, [{ parkQty: 20 }]),
      record("s3", "hira_hospitals", { yadmNm: "김정형외과의원" }, [HOSPITALS[1] ?? {}]),
      record("s4", "hira_hospital_detail", { ykiho: "Y1", note: "other" }, [{ parkQty: 20 }]),
    ]);
    expect(rejectionOf(buildExample(walk, "e"))).toMatch(/^coherent: s4 of entity 1 reads s1 of entity 0/);
  });

  it("rejects a conditional whose fallback ran although the first search found a pharmacy", () => {
    const plan = pharmacyConditional();
    const pharmacy = { yadmNm: "정문약국", telno: "02-123-4567", distance: 120 };
    const walk = state(plan, [
      record("s1", "hira_hospitals", { yadmNm: "김정형외과의원" }, [HOSPITALS[1] ?? {}]),
      record("s2", "hira_pharmacies", { xPos: 127.01, yPos: 37.5, radius: 300 }, [pharmacy]),
      record("s3", "hira_pharmacies", { xPos: 127.01, yPos: 37.5, radius: 1000 }, [pharmacy]),
    ]);
    expect(rejectionOf(buildExample(walk, "e"))).toMatch(/^shape: the fallback ran although the first branch found something/);
    // Skipped as the data dictates, the same walk is kept, and the answer takes the first branch.
    walk.steps[2] = { ...walk.steps[2], id: "s3", tool: "hira_pharmacies", skipped: true, args: {}, result: null, picks: {}, attempts: 0, upstream: false };
    const kept = buildExample(walk, "e");
    expect(rejectionOf(kept)).toBeNull();
    expect(kept.answer.text).toContain("300m 안에 약국이 있");
    expect(kept.answer.text).toContain("정문약국");
    // "The nearest" is said with the distance that makes it so, and the dialogue shows it.
    expect(kept.answer.text).toContain("120m");
    const near = kept.calls.find((c) => c.id === "s2");
    if (!near) throw new Error("setup");
    expect(JSON.parse(trimmedAnswer(kept, near).content)).toMatchObject({ items: [{ yadmNm: "정문약국", distance: 120 }] });
  });

  it("rejects a conditional whose request does not state its condition", () => {
    const walk = state(pharmacyConditional(), [
      record("s1", "hira_hospitals", { yadmNm: "김정형외과의원" }, [HOSPITALS[1] ?? {}]),
      record("s2", "hira_pharmacies", { xPos: 127.01, yPos: 37.5, radius: 300 }, []),
      record("s3", "hira_pharmacies", { xPos: 127.01, yPos: 37.5, radius: 1000 }, [{ yadmNm: "정문약국", telno: "02-123-4567", distance: 420 }]),
    ]);
    const example = buildExample(walk, "e");
    expect(rejectionOf(example)).toBeNull();
    expect(example.answer.text).toMatch(/300m 안에는 약국이 없.*1km까지/);
    expect(gateOf(walk, withText(example, "김정형외과의원에서 가장 가까운 약국 이름과 전화번호 알려 주세요."))).toEqual({ rule: "shape", reason: "the request does not state the condition (300m)" });
  });

  it("rejects a nearest pharmacy whose distance the results lack, that is not the nearest of its rows, or is 0 m away", () => {
    const walk = (items: Record<string, unknown>[]) =>
      state(pharmacyConditional(), [
        record("s1", "hira_hospitals", { yadmNm: "김정형외과의원" }, [HOSPITALS[1] ?? {}]),
        record("s2", "hira_pharmacies", { xPos: 127.01, yPos: 37.5, radius: 300 }, items),
        { id: "s3", tool: "hira_pharmacies", skipped: true, args: {}, result: null, picks: {}, attempts: 0, upstream: false },
      ]);
    // Without its distance the asked "nearest" is not an answer: the fact is missing.
    expect(rejectionOf(buildExample(walk([{ yadmNm: "정문약국", telno: "02-123-4567" }]), "e"))).toMatch(/^answer: an asked fact is missing/);
    expect(rejectionOf(buildExample(walk([{ yadmNm: "정문약국", telno: "02-123-4567", distance: 250 }, { yadmNm: "후문약국", telno: "02-765-4321", distance: 120 }]), "e"))).toMatch(/^answer: s2 hira_pharmacies: the row taken is not the nearest of its rows/);
    // Searched around a pharmacy's own point, the nearest pharmacy is itself.
    expect(rejectionOf(buildExample(walk([{ yadmNm: "정문약국", telno: "02-123-4567", distance: 0 }]), "e"))).toMatch(/^answer: s2 hira_pharmacies: the nearest one is the subject itself/);
  });

  it("rejects an answer that calls something the nearest with no search by distance behind it", () => {
    const walk = parking();
    const example = buildExample(walk, "e");
    expect(gateOf(walk, withText(example, example.request.text, `${example.answer.text} 가장 가까운 주차장 기준입니다.`))).toEqual({ rule: "answer", reason: expect.stringMatching(/speaks of the nearest one/) });
  });

  it("takes a later row of a search only as the row named exactly as asked, with the names shown", () => {
    const walk = parking();
    const example = buildExample(walk, "e");
    const search = example.calls.find((c) => c.id === "s1");
    if (!search) throw new Error("setup");
    // Row 1 is taken because it carries the very name asked for: the dialogue shows every row's name.
    expect(JSON.parse(trimmedAnswer(example, search).content)).toMatchObject({ items: [{ yadmNm: "갈월김정형외과의원" }, { yadmNm: "김정형외과의원" }] });
    // Row 1 of a search whose rows only contain the name: the model could not know why row 1.
    const other = parking();
    const r1 = other.steps[1];
    if (!r1) throw new Error("setup");
    r1.result = ok([HOSPITALS[0] ?? {}, { yadmNm: "서울김정형외과의원", ykiho: "Y2", XPos: 127.01, YPos: 37.5 }]);
    expect(rejectionOf(buildExample(other, "e"))).toMatch(/^derivable: s1 hira_hospitals takes row 1 \("서울김정형외과의원"\), which is not named "김정형외과의원"/);
  });

  it("rejects a fan-out that takes the second nearby pharmacy for no stated reason", () => {
    const plan: WalkPlan = {
      id: "p",
      shape: "fan_out",
      seed: "gate",
      edges: [],
      steps: [
        { id: "s1", tool: "hira_hospitals", args: { yadmNm: { from: "user", value: "김정형외과의원" } }, slot: 0, pick: { field: "yadmNm", param: "yadmNm" } },
        { id: "s2", tool: "hira_hospital_detail", args: { ykiho: { from: "step", step: "s1", field: "ykiho", slot: 0 } }, slot: 0 },
        { id: "s3", tool: "hira_pharmacies", args: { xPos: { from: "step", step: "s1", field: "XPos", slot: 0 }, yPos: { from: "step", step: "s1", field: "YPos", slot: 0 }, radius: { from: "default", value: 1000 } }, slot: 0 },
      ],
      intent: {
        subject: "hospital",
        entry: "hira_hospitals",
        entities: { "0": "s1" },
        asks: [
          { tool: "hira_hospital_detail", id: "parking", kind: "ask", steps: { "0": "s2" } },
          { tool: "hira_pharmacies", id: "nearest", kind: "ask", steps: { "0": "s3" }, near: "근처 1km 안에서 가장 가까운 약국", nearSteps: { "0": "s3" } },
        ],
      },
    };
    const pharmacies = [{ yadmNm: "정문약국", telno: "02-123-4567", distance: 120 }, { yadmNm: "후문약국", telno: "02-765-4321", distance: 480 }];
    const walk = (picks: Record<string, number>) =>
      state(plan, [
        record("s1", "hira_hospitals", { yadmNm: "김정형외과의원" }, [HOSPITALS[1] ?? {}]),
        record("s2", "hira_hospital_detail", { ykiho: "Y2" }, [{ parkQty: 30 }]),
        record("s3", "hira_pharmacies", { xPos: 127.01, yPos: 37.5, radius: 1000 }, pharmacies, picks),
      ]);
    const kept = buildExample(walk({ "0": 0 }), "e");
    expect(rejectionOf(kept)).toBeNull();
    expect(kept.answer.text).toMatch(/정문약국.*120m/);
    expect(rejectionOf(buildExample(walk({ "0": 1 }), "e"))).toMatch(/^derivable: s3 hira_pharmacies takes row 1 for no stated reason/);
  });

  it("rejects an answer that leaves out the asked fact", () => {
    const walk = parking();
    const example = buildExample(walk, "e");
    const failure = gateOf(walk, withText(example, example.request.text, "김정형외과의원은 주차가 됩니다."));
    expect(failure).toEqual({ rule: "answer", reason: expect.stringMatching(/does not state 주차 가능 대수/) });
  });

  it("rejects an asked fact the dialogue's trimmed results do not show", () => {
    const walk = parking();
    const s2 = walk.steps[2];
    if (!s2?.result) throw new Error("setup");
    s2.result.items = [{ lunchWeek: "12:30~13:30" }];
    expect(rejectionOf(buildExample(walk, "e"))).toMatch(/^answer: an asked fact is missing/);
  });

  it("rejects the same call twice, a tool title in the request, and float noise in the answer", () => {
    const walk = parking();
    const example = buildExample(walk, "e");
    const twice = { ...example, calls: [...example.calls, ...example.calls.slice(1).map((c) => ({ ...c, id: "s3" }))] };
    expect(gateOf(walk, twice)?.rule).toBe("coherent");
    expect(gateOf(walk, withText(example, "김정형외과의원의 의료기관 상세정보 (진료시간·응급실·주차)를 알려 주세요."))?.reason).toMatch(/tool title/);
    expect(gateOf(walk, withText(example, example.request.text, `${example.answer.text} 좌표는 37.80499996입니다.`))?.reason).toMatch(/four decimals/);
    expect(gateOf(walk, withText(example, `2422. ${example.request.text}`))?.rule).toBe("language");
  });

  it("rejects a request whose context speaks of tomorrow while the call observes this hour", () => {
    const walk = weatherNow();
    const example = buildExample(walk, "e");
    expect(rejectionOf(example)).toBeNull();
    expect(gateOf(walk, withText(example, "내일 아이랑 경복궁에 가려는데, 지금 기온 알려 주세요."))).toEqual({ rule: "language", reason: expect.stringMatching(/"내일" but asks for this hour's observation/) });
    expect(gateOf(walk, withText(example, "다음 주에 경복궁 가요. 거기 지금 몇 도예요?"))?.rule).toBe("language");
    // The same question on the way there is what the call answers.
    expect(gateOf(walk, withText(example, "지금 아이랑 경복궁에 가는 길인데, 지금 기온 알려 주세요."))).toBeNull();
  });

  it("rejects an answer that sets a unit apart from its number", () => {
    const walk = parking();
    const example = buildExample(walk, "e");
    expect(example.answer.text).toMatch(/1,350대/);
    expect(gateOf(walk, withText(example, example.request.text, example.answer.text.replace("1,350대", "1,350 대")))?.reason).toMatch(/unit set apart from its number in the answer: "1,350 대"/);
    expect(gateOf(walk, withText(example, example.request.text, `${example.answer.text} 고지금액은 435,600 원입니다.`))?.reason).toMatch(/"435,600 원"/);
  });

  it("keeps an air-quality answer whose grade is said as a word: the dialogue shows the grade it reads", () => {
    const plan = airNow("역삼동");
    const walk = state(plan, [
      record("s1", "airkorea_tm_coords", { umdName: "역삼동" }, [{ sidoName: "서울특별시", sggName: "강남구", umdName: "역삼동", tmX: 203395.67, tmY: 444232.86 }]),
      record("s2", "airkorea_nearby_stations", { tmX: 203395.67, tmY: 444232.86 }, [{ stationName: "강남구", addr: "서울 강남구 학동로 426", tm: 1.2 }]),
      record("s3", "airkorea_station_realtime", { stationName: "강남구", numOfRows: 1 }, [{ dataTime: "2026-11-27 10:00", pm10Value: "42", pm10Grade1h: "2", pm25Value: "20", khaiValue: "71" }]),
    ]);
    const example = buildExample(walk, "e");
    expect(rejectionOf(example)).toBeNull();
    expect(example.answer.text).toMatch(/42㎍\/㎥/);
    expect(example.answer.text).toContain("보통");
    const realtime = example.calls.find((c) => c.tool === "airkorea_station_realtime");
    if (!realtime) throw new Error("setup");
    // The grade is asked and answered, so the trimmed result keeps it (the review's "asked fact missing").
    expect(JSON.parse(trimmedAnswer(example, realtime).content)).toMatchObject({ items: [{ pm10Value: "42", pm10Grade1h: "2" }] });
  });

  it("rejects a search that found a name merely containing the one stated: 평동's air is not 양평동's", () => {
    const plan = airNow("평동");
    const walk = (rows: Record<string, unknown>[]) =>
      state(plan, [
        record("s1", "airkorea_tm_coords", { umdName: "평동" }, rows),
        record("s2", "airkorea_nearby_stations", { tmX: 190693.28, tmY: 448144.26 }, [{ stationName: "영등포구", addr: "서울 영등포구 당산로 123", tm: 1.1 }]),
        record("s3", "airkorea_station_realtime", { stationName: "영등포구", numOfRows: 1 }, [{ dataTime: "2026-11-27 10:00", pm10Value: "42", pm10Grade1h: "2" }]),
      ]);
    const yangpyeong = { sidoName: "서울특별시", sggName: "영등포구", umdName: "양평동", tmX: 190693.28, tmY: 448144.26 };
    expect(rejectionOf(buildExample(walk([yangpyeong]), "e"))).toMatch(/^coherent: entity 0: the search for "평동" found "양평동"/);
    expect(rejectionOf(buildExample(walk([{ ...yangpyeong, umdName: "평동", sggName: "광산구", sidoName: "광주광역시" }]), "e"))).toBeNull();
  });

  it("rejects a maximum taken over one page of a longer list, or over two rows", () => {
    const plan = reduction(
      [
        { id: "s1", tool: "mois_legal_dong_codes", args: { locatadd_nm: { from: "user", value: "서울특별시 송파구" } }, slot: 0 },
        { id: "s2", tool: "sigungu_code_from_bjd", args: { bjd_code: { from: "step", step: "s1", field: "region_cd", slot: 0 } }, slot: 0 },
        { id: "s3", tool: "rtms_apt_trades", args: { LAWD_CD: { from: "step", step: "s2", field: "lawd_cd", slot: 0 }, DEAL_YMD: { from: "time", token: "month.previous" } }, slot: 0, keepAll: true },
      ],
      { subject: "region", entry: "mois_legal_dong_codes", entities: { "0": "s1" }, asks: [{ tool: "rtms_apt_trades", id: "max", kind: "aggregate", steps: { "0": "s3" } }] },
    );
    const rows = [{ aptNm: "리센츠", dealAmount: 292_800 }, { aptNm: "헬리오시티", dealAmount: 201_700 }, { aptNm: "잠실엘스", dealAmount: 254_000 }];
    const walk = (totalCount: number) =>
      state(plan, [
        record("s1", "mois_legal_dong_codes", { locatadd_nm: "서울특별시 송파구" }, [{ region_cd: "1171000000", locatadd_nm: "서울특별시 송파구" }]),
        record("s2", "sigungu_code_from_bjd", { bjd_code: "1171000000" }, [{ lawd_cd: "11710" }]),
        record("s3", "rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202610" }, rows, { "0": 0 }, totalCount),
      ]);
    expect(rejectionOf(buildExample(walk(25), "e"))).toMatch(/^shape: an aggregate over 3 of 25 rows/);
    const kept = buildExample(walk(3), "e");
    expect(rejectionOf(kept)).toBeNull();
    expect(kept.answer.text).toMatch(/리센츠.*29억 2,800만 원/);
    const two = state(plan, [...walk(3).steps.slice(0, 2), record("s3", "rtms_apt_trades", { LAWD_CD: "11710", DEAL_YMD: "202610" }, rows.slice(0, 2), { "0": 0 }, 2)]);
    expect(rejectionOf(buildExample(two, "e"))).toMatch(/^shape: an aggregate over fewer than three rows/);
  });

  it("rejects a count of the pharmacies around a pharmacy that counts the pharmacy itself, 0 m away", () => {
    const plan = reduction(
      [
        { id: "s1", tool: "tour_search_keyword", args: { keyword: { from: "user", value: "경복궁" } }, slot: 0 },
        { id: "s2", tool: "hira_pharmacies", args: { xPos: { from: "step", step: "s1", field: "mapx", slot: 0 }, yPos: { from: "step", step: "s1", field: "mapy", slot: 0 }, radius: { from: "default", value: 1000 } }, slot: 0, keepAll: true },
      ],
      { subject: "place", entry: "tour_search_keyword", entities: { "0": "s1" }, asks: [{ tool: "hira_pharmacies", id: "count", kind: "aggregate", steps: { "0": "s2" } }] },
    );
    const pharmacies = (first: number) => [first, 152.3, 410.8].map((distance, i) => ({ yadmNm: `약국${i}`, addr: "서울특별시 종로구", distance }));
    const walk = (first: number) =>
      state(plan, [
        record("s1", "tour_search_keyword", { keyword: "경복궁" }, [{ title: "경복궁", contentid: "126508", mapx: 126.977, mapy: 37.5796 }]),
        record("s2", "hira_pharmacies", { xPos: 126.977, yPos: 37.5796, radius: 1000 }, pharmacies(first)),
      ]);
    expect(rejectionOf(buildExample(walk(35.2), "e"))).toBeNull();
    expect(rejectionOf(buildExample(walk(0), "e"))).toMatch(/^shape: a count around a subject that lists the subject itself/);
  });
});

/** "경복궁 사흘 뒤 오전·오후 강수확률" asked at `now`, read from the issue `tmFc`: the place found as for its weather now. */
function rainDay3(now: string, tmFc: string): WalkState {
  const place = weatherNow();
  const plan: WalkPlan = {
    ...place.plan,
    steps: [
      ...place.plan.steps.slice(0, 1),
      { id: "s2", tool: "kma_mid_region_from_wgs84", args: { lat: { from: "step", step: "s1", field: "mapy", slot: 0 }, lon: { from: "step", step: "s1", field: "mapx", slot: 0 } }, slot: 0 },
      { id: "s3", tool: "kma_mid_land_fcst", args: { regId: { from: "step", step: "s2", field: "landRegId", slot: 0 }, tmFc: { from: "time", token: "kma.mid.tmfc" } }, slot: 0 },
    ],
    intent: { subject: "place", entry: "tour_search_keyword", entities: { "0": "s1" }, asks: [{ tool: "kma_mid_land_fcst", id: "day3_rain", kind: "ask", steps: { "0": "s3" } }] },
  };
  const steps = [
    ...place.steps.slice(0, 1),
    record("s2", "kma_mid_region_from_wgs84", { lat: 37.5796, lon: 126.977 }, [{ cityRegId: "11B10101", cityName: "서울", landRegId: "11B00000", landName: "서울·인천·경기도", stnId: "109", distanceKm: 3.2 }]),
    record("s3", "kma_mid_land_fcst", { regId: "11B00000", tmFc }, [{ regId: "11B00000", rnSt3Am: 10, rnSt3Pm: 30, rnSt4Am: 60, rnSt4Pm: 70 }]),
  ];
  return { ...state(plan, steps), now: Date.parse(now) };
}

describe("a forecast three days ahead", () => {
  it("is read from the request day's issue: before 06:00 the latest issue is yesterday's, whose 3-day fields are two days away", () => {
    const morning = rainDay3("2026-10-14T09:00:00+09:00", "202610140600");
    expect(gateOf(morning, buildExample(morning, "e"))).toBeNull();
    const dawn = rainDay3("2026-10-14T05:36:00+09:00", "202610131800");
    expect(gateOf(dawn, buildExample(dawn, "e"))).toEqual({ rule: "language", reason: expect.stringMatching(/issue of 20261013, not of the request's day/) });
  });

  it("rejects a place's air measured at a station too far to speak for it", () => {
    const air = (km: number): WalkState => {
      const plan: WalkPlan = {
        id: "a",
        shape: "sequential",
        seed: "gate-air",
        edges: ["e1", "e2", "e3"],
        steps: [
          { id: "s1", tool: "tour_search_keyword", args: { keyword: { from: "user", value: "쁘띠프랑스" } }, slot: 0, pick: { field: "title", param: "keyword" } },
          { id: "s2", tool: "wgs84_to_airkorea_tm", args: { lat: { from: "step", step: "s1", field: "mapy", slot: 0 }, lon: { from: "step", step: "s1", field: "mapx", slot: 0 } }, slot: 0 },
          { id: "s3", tool: "airkorea_nearby_stations", args: { tmX: { from: "step", step: "s2", field: "tmX", slot: 0 }, tmY: { from: "step", step: "s2", field: "tmY", slot: 0 } }, slot: 0 },
          { id: "s4", tool: "airkorea_station_realtime", args: { stationName: { from: "step", step: "s3", field: "stationName", slot: 0 } }, slot: 0 },
        ],
        intent: { subject: "place", entry: "tour_search_keyword", entities: { "0": "s1" }, asks: [{ tool: "airkorea_station_realtime", id: "khai", kind: "ask", steps: { "0": "s4" } }] },
      };
      return state(plan, [
        record("s1", "tour_search_keyword", { keyword: "쁘띠프랑스" }, [{ title: "쁘띠프랑스", mapx: 127.48, mapy: 37.72 }]),
        record("s2", "wgs84_to_airkorea_tm", { lat: 37.72, lon: 127.48 }, [{ tmX: 242000, tmY: 470000 }]),
        record("s3", "airkorea_nearby_stations", { tmX: 242000, tmY: 470000 }, [{ stationName: "강동구", tm: km }]),
        record("s4", "airkorea_station_realtime", { stationName: "강동구" }, [{ khaiValue: "80" }]),
      ]);
    };
    const example = { request: { text: "쁘띠프랑스 통합대기환경지수 알려 주세요." }, answer: { text: "강동구 측정소 기준 80입니다." }, facts: [] } as unknown as SynthExample;
    expect(nearestProblem(air(37.2), example)).toMatch(/37.2 km away, too far/);
    expect(nearestProblem(air(3.1), example)).toBeNull();
  });
});
