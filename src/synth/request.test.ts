/**
 * Requests from intent plans: placeholders filled with the particle the subject's last sound
 * takes, a subject the context named left out cleanly, and over plans of every shape (walks made
 * up from the plans, every hop a verified edge) requests that name their subjects, carry no
 * template residue and never speak of a day their facts do not answer for.
 */
import { describe, expect, it } from "vitest";
import type { Shape } from "../bench/task";
import { findTool } from "../catalog";
import { HOP_INTENTS, TOOL_INTENTS } from "../catalog/intents";
import { outputFields } from "../catalog/spec";
import { toolIO } from "../graph/io";
import { seededRandom } from "../util/random";
import { statedEntity } from "./compose";
import { buildExample } from "./example";
import { languageProblem, shapeProblem, timeProblem } from "./gate";
import { IntentSampler } from "./intent-plan";
import type { GraphEdge, WalkPlan } from "./plan";
import { fill, fillWithout } from "./request";
import { CONTEXTS, contextSuits, kindOf, MANY_CONTEXTS, NAMED_CONTEXTS, topicOf, type Context } from "./contexts";
import { conditionHolds, resolveArgs, type WalkState } from "./walk";

describe("request wording", () => {
  it("fills the subject with the particle its last sound takes, and the nearby thing", () => {
    expect(fill("{s:은/는} 지금 몇 도예요?", "경복궁")).toBe("경복궁은 지금 몇 도예요?");
    expect(fill("{s:은/는} 지금 몇 도예요?", "서울숲")).toBe("서울숲은 지금 몇 도예요?");
    expect(fill("{s:이/가} 어디에 쓰는 약인지", "게보린정")).toBe("게보린정이 어디에 쓰는 약인지");
    expect(fill("{s} {n:이/가} 어디예요?", "남산타워", "근처 1km 안에서 가장 가까운 약국")).toBe("남산타워 근처 1km 안에서 가장 가까운 약국이 어디예요?");
  });

  it("leaves out a subject the context named, with its particle and the space after it", () => {
    expect(fillWithout("{s:은/는} 지금 몇 도예요?")).toBe("지금 몇 도예요?");
    expect(fillWithout("현재 {s}의 기온과 상대습도가 얼마인지 확인 부탁드립니다.")).toBe("현재 기온과 상대습도가 얼마인지 확인 부탁드립니다.");
    expect(fillWithout("{s} {n:은/는} 어디이며 거리는 얼마입니까?", "가장 가까운 음식점")).toBe("가장 가까운 음식점은 어디이며 거리는 얼마입니까?");
  });
});

describe("request contexts", () => {
  const hospital = [...NAMED_CONTEXTS["hospital"] ?? [], ...CONTEXTS["hospital"] ?? []];
  const suited = (pool: Context[], topics: ReturnType<typeof topicOf>[], kinds: string[]) => pool.filter((c) => contextSuits(c, topics, kinds, kinds.length > 1)).map((c) => c.say.join(" / ")).join("\n");

  it("read a clinic's department and a place's kind from its name", () => {
    expect(kindOf("hospital", "김정형외과의원")).toBe("ortho");
    expect(kindOf("hospital", "연세이비인후과의원")).toBe("ent");
    expect(kindOf("hospital", "밝은안과의원")).toBe("eye");
    expect(kindOf("hospital", "해맑은한의원")).toBe("kmed");
    expect(kindOf("hospital", "서울아산병원")).toBe("general");
    expect(kindOf("hospital", "온가족의원")).toBe("clinic");
    expect(kindOf("place", "국립중앙박물관")).toBe("indoor");
    expect(kindOf("place", "해운대해수욕장")).toBe("outdoor");
  });

  it("give a sore back to the clinics that treat it, never to an eye clinic", () => {
    const eye = suited(hospital, [topicOf("hira_hospital_detail", "weekday_hours")], ["eye"]);
    expect(eye).toMatch(/눈|시력/);
    expect(eye).not.toMatch(/허리|무릎|이가|사랑니|코가|열이/);
    expect(suited(hospital, [topicOf("hira_hospital_detail", "weekday_hours")], ["ortho"])).toMatch(/허리/);
    // Before the pharmacy near a clinic: having a prescription, not a symptom.
    const pharmacy = suited(hospital, [topicOf("hira_pharmacies", "nearest")], ["general"]);
    expect(pharmacy).toMatch(/처방/);
    expect(pharmacy).not.toMatch(/정밀 검사|입원|수술/);
    // A clinic whose name tells no department gets no symptom at all.
    expect(suited(hospital, [topicOf("hira_hospital_departments", "departments")], ["clinic"])).not.toMatch(/아파서|열이|침침|쓰려/);
  });

  it("speak of the air or the weather at a hospital only as a trip there, not as a reason to see a doctor", () => {
    for (const tool of ["airkorea_station_realtime", "kma_ultra_srt_ncst"]) {
      const text = suited(hospital, [topicOf(tool, "pm25")], ["general"]);
      expect(text).toMatch(/가는 길|도착/);
      expect(text).not.toMatch(/산업재해|허리|검진|입원|처방|진료를 받/);
    }
  });

  it("say 'by car' only before parking, and 'in the park' only of an outdoor place", () => {
    expect(suited(hospital, [topicOf("hira_hospital_departments", "departments")], ["general"])).not.toMatch(/차를|차로|차량/);
    expect(suited(hospital, [topicOf("hira_hospital_detail", "parking")], ["general"])).toMatch(/차를|차로|차량/);
    const places = [...NAMED_CONTEXTS["place"] ?? [], ...CONTEXTS["place"] ?? []];
    expect(suited(places, [topicOf("kma_ultra_srt_ncst", "temperature")], ["indoor"])).not.toMatch(/산책|돗자리|자전거/);
    expect(suited(places, [topicOf("kma_ultra_srt_ncst", "temperature")], ["outdoor"])).toMatch(/산책/);
  });

  it("keep contexts of one subject from requests about several, and the other way round", () => {
    expect(suited(NAMED_CONTEXTS["place"] ?? [], [topicOf("airkorea_station_realtime", "pm10")], ["sight", "outdoor"])).toBe("");
    expect(suited(MANY_CONTEXTS["place"] ?? [], [topicOf("airkorea_station_realtime", "pm10")], ["sight"])).toBe("");
    expect(suited(MANY_CONTEXTS["place"] ?? [], [topicOf("airkorea_station_realtime", "pm10")], ["sight", "outdoor"])).toMatch(/어디/);
  });

  it("give no context to an ask no context speaks of", () => {
    expect(suited(hospital, [topicOf("no_such_tool", "x")], ["general"])).toBe("");
  });
});

// Every hop as a verified edge binding each required parameter of its target.
const EDGES: GraphEdge[] = HOP_INTENTS.map((hop, i) => {
  const spec = findTool(hop.to);
  const params = spec ? toolIO(spec).params.filter((p) => p.required && !(p.name in hop.args)) : [];
  return { id: `e${i}`, from: hop.from, to: hop.to, bindings: params.map((p) => ({ field: `f_${p.name}`, param: p.name })) };
});

const NAMES: Record<string, string[]> = {
  tour_search_keyword: ["경복궁", "해운대해수욕장", "국립중앙박물관", "서울숲", "불국사", "남산서울타워"],
  hira_hospitals: ["서울아산병원", "김정형외과의원", "연세이비인후과의원", "강남세브란스병원", "해맑은한의원", "밝은안과의원", "튼튼치과의원"],
  airkorea_tm_coords: ["역삼동", "신림동", "부전동", "둔산동"],
  juso_search: ["서울특별시 강남구 테헤란로 152", "서울특별시 종로구 세종대로 175", "부산광역시 해운대구 해운대해변로 264"],
  nps_workplace_search: ["(주)채움데이터", "다온헤어살롱", "주식회사 한성랩스", "삼우커머스"],
  mfds_easy_drug: ["타이레놀정500밀리그람", "게보린정", "후시딘연고", "판콜에이내복액"],
};

/** A walk of the plan with made-up answers: every field filled, the named rows carrying their names. */
function walkOf(plan: WalkPlan, random: () => number): WalkState {
  const state: WalkState = { plan, jobId: "j", teamId: "t", snapshot: null, now: Date.parse("2026-11-27T01:30:00Z"), steps: [], status: "running", reason: null, retries: 0, upstreamCalls: 0 };
  const entry = plan.intent?.entry ?? "";
  const names = NAMES[entry] ?? ["서울특별시 강남구", "부산광역시 해운대구", "대구광역시 수성구"];
  for (const step of plan.steps) {
    if (!conditionHolds(step, state)) {
      state.steps.push({ id: step.id, tool: step.tool, skipped: true, args: {}, result: null, picks: {}, attempts: 0, upstream: false });
      continue;
    }
    const resolved = resolveArgs(step, state);
    if (!resolved.ok) throw new Error(resolved.reason);
    const spec = findTool(step.tool);
    const fields = [...(spec ? outputFields(spec).map((f) => f.name) : []), ...EDGES.flatMap((e) => e.bindings.map((b) => b.field))];
    const row = (name: string) => Object.fromEntries(fields.map((f) => [f, f === TOOL_INTENTS.get(step.tool)?.label ? name : String(1 + Math.floor(random() * 90))]));
    const readers = plan.steps.flatMap((s) => Object.values(s.args)).filter((a) => a.from === "step" && a.step === step.id);
    const find = TOOL_INTENTS.get(step.tool)?.find;
    const rows = step.seed
      ? names.map((_, i) => names[(i + state.steps.length) % names.length] ?? "").map((name) => ({ ...row(name), ...Object.fromEntries(readers.map((a) => [a.from === "step" ? a.field : "", name])) }))
      : [row(find?.param !== undefined && step.tool === entry ? String(resolved.args[find.param]) : "온누리약국")];
    const empty = plan.intent?.fallback?.first === step.id && random() < 0.5;
    const items = empty ? [] : step.tool === "kma_ultra_srt_ncst" ? ["T1H", "REH", "RN1", "WSD"].map((category) => ({ category, obsrValue: "3.4" })) : rows;
    state.steps.push({ id: step.id, tool: step.tool, skipped: false, args: resolved.args, result: { ok: true, items, totalCount: items.length, page: 1 }, picks: step.seed ? Object.fromEntries(rows.map((_, i) => [String(i), i])) : { "0": 0 }, attempts: 1, upstream: true });
  }
  state.status = "done";
  return state;
}

/** Symptoms a context may give, and the kinds of clinic that treat them. */
const SYMPTOM_KINDS: [RegExp, string[]][] = [
  [/허리|무릎|어깨|발목/, ["ortho", "kmed", "general"]],
  [/(^|\s)이가 |사랑니|충치|스케일링/, ["dental"]],
  [/(^|\s)눈이|시력/, ["eye"]],
  [/코감기|(^|\s)(코가|귀가|목이) /, ["ent"]],
];

describe("requests over plans of every shape", () => {
  const random = seededRandom("requests");
  const sampler = new IntentSampler({ edges: EDGES, usage: { edges: new Map(), kept: new Map(), tools: new Map(), seen: new Map() }, seed: "requests" });
  const shapes: Shape[] = ["sequential", "fan_out", "reduction", "parallel", "comparison", "conditional"];
  const walks = shapes.flatMap((shape) => Array.from({ length: 40 }, () => sampler.sample(shape)).flatMap((plan) => (plan ? [walkOf(plan, random)] : [])));

  it("name each subject, carry no residue, and speak only of the time their facts answer for", () => {
    expect(walks.length).toBe(240);
    const texts = new Set<string>();
    for (const walk of walks) {
      const example = buildExample(walk, walk.plan.id);
      const request = example.request.text;
      texts.add(request);
      expect(request, walk.plan.id).not.toMatch(/[{}]|\s{2}|^\s|\s$|\s[,.?]/);
      // A word swapped for another takes the particle of its own last sound ("온도를", not "온도을").
      expect(request, walk.plan.id).not.toMatch(/(온도|근처|연락처)[을은과이](?=[\s,.?])|(기온|주변|부근)[를는와가](?=[\s,.?])|(\S+) \3 /);
      expect(languageProblem(example), request).toBeNull();
      // The answer opens with the answer, not with a formula before it.
      expect(example.answer.text, request).not.toMatch(/조회해 보니|확인해 보니|찾아보니/);
      // A symptom goes with the department that treats it (a sore back never with an eye clinic),
      // and the air or weather at a hospital is never asked for with a reason to see a doctor.
      if (walk.plan.intent?.subject === "hospital") {
        const kinds = Object.keys(walk.plan.intent.entities).map((slot) => kindOf("hospital", statedEntity(walk, Number(slot)) ?? ""));
        for (const [symptom, treats] of SYMPTOM_KINDS) if (symptom.test(request)) expect(treats, request).toEqual(expect.arrayContaining(kinds));
        if (walk.plan.intent.asks.some((a) => /^(airkorea|kma)_/.test(a.tool))) expect(request).not.toMatch(/산업재해|아파서|입원|검진|처방|진료를 받/);
      }
      expect(timeProblem(walk, example), request).toBeNull();
      // A conditional states both radii, however it spells them (300m, 300미터, 1킬로).
      if (walk.plan.shape === "conditional") expect(shapeProblem(walk, example) ?? "", request).not.toMatch(/does not state the condition/);
      for (const slot of Object.keys(walk.plan.intent?.entities ?? {})) {
        const stepId = walk.plan.intent?.entities[slot];
        const find = TOOL_INTENTS.get(walk.plan.intent?.entry ?? "")?.find;
        const named = walk.steps.find((s) => s.id === stepId)?.args[find?.param ?? ""];
        expect(request, walk.plan.id).toContain(String(named));
      }
    }
    // Wordings vary: no two of the plans' requests are the same.
    expect(texts.size).toBe(walks.length);
  });

  it("speak as a person does at the walk's own instant: no walk in the park at 23:23, no commute on a Sunday, no picnic in January", () => {
    const instants = ["2026-11-25T23:23:00+09:00", "2026-11-26T03:10:00+09:00", "2026-11-29T08:10:00+09:00", "2026-01-17T14:00:00+09:00", "2026-05-13T12:20:00+09:00"].map(Date.parse);
    let contexts = 0;
    for (const at of instants) {
      for (const walk of walks) {
        const moved = { ...walk, now: at };
        const example = buildExample(moved, walk.plan.id);
        expect(timeProblem(moved, example), `${new Date(at).toISOString()} ${example.request.text}`).toBeNull();
        if (/,|요\. |다\. /.test(example.request.text)) contexts++;
      }
    }
    // Contexts are still given where one fits the hour.
    expect(contexts).toBeGreaterThan(100);
  });

  it("read a later day from the words for one, not from inside a name (자연휴양림 is no 연휴)", () => {
    const walk = walks.find((w) => w.plan.intent?.asks.some((a) => a.kind === "ask" && TOOL_INTENTS.get(a.tool)?.asks.find((x) => x.id === a.id)?.when === "now"));
    if (!walk) throw new Error("no plan asks for this hour's reading");
    const example = buildExample(walk, walk.plan.id);
    const saying = (text: string) => ({ ...example, request: { ...example.request, text } });
    expect(timeProblem(walk, saying("장태산자연휴양림의 지금 기온을 알려 주세요."))).toBeNull();
    expect(timeProblem(walk, saying("연휴에 장태산자연휴양림에 가려는데, 지금 기온을 알려 주세요."))).toMatch(/연휴/);
  });
});
