/**
 * The facts, request and answer of an intent plan's walk (src/synth/intent-plan.ts): the facts the
 * person asked for, read from the rows that answer them (the search hit, the nearest place, the
 * KMA row of the asked category, every row of an aggregate), with their units and rounding; the
 * request in natural Korean (several phrasings, 해요체 or 합니다체, sometimes a little context);
 * the answer stating each fact with its subject, opening with the answer itself. Pure code.
 */
import { UNITS, type Fact } from "../bench/task";
import { TOOL_INTENTS, type AggregateIntent, type AskIntent, type FactIntent, type ToolIntent } from "../catalog/intents";
import { copula, josa, topic } from "./language";
import type { PlanAsk } from "./plan";
import type { StepRecord, WalkState } from "./walk";
import { seededRandom } from "../util/random";

type Random = () => number;
export type Register = "haeyo" | "hamnida";
type Item = Record<string, unknown>;

/** One fact as the answer states it and the reward service checks it. */
export interface ComposedFact {
  name: string;
  value: string | number;
  /** The value as written in the answer (rounded, with its unit, a code read as its label). */
  text: string;
  spec: Fact;
  derived: boolean;
  /**
   * Whether the reward service can compute it from the reference plan: a code said as its label
   * ("2" as 보통) or a time said as 08:30 is checked here, against the answer, but not there.
   */
  referable: boolean;
  /** A verb said after the fact's name ("야간 응급실을 운영해요"), not a value joined by a copula. */
  predicate?: boolean;
}

/** What one ask of the walk found, for one entity. */
interface Answered {
  ask: PlanAsk;
  slot: number;
  /** The entity as the request names it, and as the search found it. */
  stated: string;
  found: string;
  /** The nearby thing the route picked (the nearest station, pharmacy), if any. */
  near: { noun: string; label: string } | null;
  facts: ComposedFact[];
  /** The aggregate's scope (rows it ran over). */
  scope?: number;
  aggregate?: AggregateIntent;
  askIntent?: AskIntent;
}

function intentOf(tool: string): ToolIntent | undefined {
  return TOOL_INTENTS.get(tool);
}

function record(state: WalkState, id: string | undefined): StepRecord | undefined {
  return id === undefined ? undefined : state.steps.find((s) => s.id === id && !s.skipped && s.result !== null);
}

const unitOf = (unit: string | undefined): Fact["unit"] | undefined => (UNITS as readonly string[]).includes(unit ?? "") ? (unit as Fact["unit"]) : undefined;

/** A number as an answer writes it: rounded, grouped, 만원 with 억. */
export function sayNumber(value: number, digits: number, unit?: string): string {
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  if (unit === "만원" && Math.abs(rounded) >= 10_000) {
    const eok = Math.floor(rounded / 10_000);
    const rest = rounded % 10_000;
    return rest === 0 ? `${eok}억 원` : `${eok}억 ${rest.toLocaleString("en-US")}만 원`;
  }
  const text = rounded.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: digits });
  return unit ? `${text}${unit === "원" || unit === "만원" ? ` ${unit === "만원" ? "만 원" : "원"}` : unit}` : text;
}

function numeric(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** A text value as people read it: HHMM as 09:00, a code as its label, long text cut at a sentence. */
function sayText(value: unknown, fact: FactIntent, register: Register = "haeyo"): string | null {
  if (value === null || value === undefined) return null;
  const raw = String(value).trim();
  if (raw === "") return null;
  const state = fact.states?.[raw];
  if (state) return state[register === "haeyo" ? 0 : 1];
  if (fact.labels) return fact.labels[raw] ?? raw;
  if (/^\d{4}$/.test(raw) && /시작|종료/.test(fact.name)) return `${raw.slice(0, 2)}:${raw.slice(2)}`;
  return raw.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

/** The row a fact reads: the asked category's row, else the first. */
function rowOf(items: readonly Item[], fact: FactIntent, picked: number): number {
  if (!fact.row) return items.length > 0 ? picked : -1;
  const { field, equals } = fact.row;
  return items.findIndex((i) => String(i[field]) === equals);
}

function factOf(r: StepRecord, fact: FactIntent, prefix: string, register: Register): ComposedFact | null {
  const items = r.result?.items ?? [];
  const name = `${prefix}${fact.name}`;
  if (fact.all) {
    const field = fact.fields[0] ?? "";
    const values = [...new Set(items.map((i) => sayText(i[field], fact)).filter((v): v is string => v !== null))];
    if (values.length === 0) return null;
    const text = values.join(", ");
    return { name, value: text, text, spec: { name, kind: "text", value: `$${r.id}.items[*].${field}` }, derived: true, referable: true };
  }
  const index = rowOf(items, fact, r.picks["0"] ?? 0);
  const item = items[index];
  if (!item) return null;
  const field = fact.fields.find((f) => item[f] !== null && item[f] !== undefined && String(item[f]).trim() !== "");
  if (!field) return null;
  const raw = item[field];
  // A row chosen by its category is referenced by it, so the dialogue keeps the category too.
  const ref = fact.row ? `$${r.id}.items[?${fact.row.field}=${fact.row.equals}].${field}` : `$${r.id}.items[${index}].${field}`;
  // Only a measure is a number: a postal code or a phone number stays as written.
  const number = fact.labels || (fact.unit === undefined && fact.more === undefined) ? null : numeric(raw);
  const unit = unitOf(fact.unit);
  if (number !== null && !/시작|종료/.test(fact.name)) {
    const scaled = number * (fact.scale ?? 1);
    const value = Math.round(scaled * 10 ** fact.digits) / 10 ** fact.digits;
    return { name, value, text: sayNumber(value, fact.digits, fact.unit), spec: { name, kind: "number", value: ref, ...(unit ? { unit } : {}) }, derived: value !== number, referable: true };
  }
  const text = sayText(raw, fact, register);
  if (text === null) return null;
  return { name, value: text, text, ...(fact.states?.[String(raw).trim()] ? { predicate: true } : {}), spec: { name, kind: "text", value: ref }, derived: text !== String(raw), referable: text === String(raw) };
}

function aggregateFacts(r: StepRecord, agg: AggregateIntent): { facts: ComposedFact[]; scope: number } | null {
  const items = r.result?.items ?? [];
  const total = r.result?.totalCount ?? items.length;
  const unit = unitOf(agg.unit);
  if (agg.op === "count") {
    return { facts: [{ name: agg.name, value: total, text: sayNumber(total, 0, agg.unit), spec: { name: agg.name, kind: "number", value: `$${r.id}.totalCount`, ...(unit ? { unit } : {}) }, derived: true, referable: true }], scope: total };
  }
  const field = agg.field ?? "";
  const values = items.flatMap((item, index) => {
    const n = numeric(item[field]);
    return n === null ? [] : [{ n, index }];
  });
  if (values.length === 0) return null;
  const of = `$${r.id}.items[*].${field}`;
  if (agg.op === "avg") {
    const mean = values.reduce((a, v) => a + v.n, 0) / values.length;
    const value = Math.round(mean * 10 ** agg.digits) / 10 ** agg.digits;
    return { facts: [{ name: agg.name, value, text: sayNumber(value, agg.digits, agg.unit), spec: { name: agg.name, kind: "number", value: { aggregate: "avg", of }, ...(unit ? { unit } : {}) }, derived: true, referable: true }], scope: values.length };
  }
  const best = values.reduce((a, v) => ((agg.op === "max" ? v.n > a.n : v.n < a.n) ? v : a));
  const facts: ComposedFact[] = [{ name: agg.name, value: best.n, text: sayNumber(best.n, agg.digits, agg.unit), spec: { name: agg.name, kind: "number", value: { aggregate: agg.op, of }, ...(unit ? { unit } : {}) }, derived: false, referable: true }];
  const label = agg.label ? items[best.index]?.[agg.label] : undefined;
  if (agg.label && typeof label === "string" && label !== "") {
    const labelName = `${agg.name} 항목`;
    facts.unshift({ name: labelName, value: label, text: label, spec: { name: labelName, kind: "text", value: { aggregate: agg.op === "max" ? "argmax" : "argmin", of, label: `$${r.id}.items[*].${agg.label}` } }, derived: true, referable: true });
  }
  return { facts, scope: values.length };
}

/** The value the request states for an entity: the argument its finding call was made with. */
export function statedEntity(state: WalkState, slot: number): string | null {
  const id = state.plan.intent?.entities[String(slot)];
  const r = record(state, id);
  const param = intentOf(r?.tool ?? "")?.find?.param;
  const value = param ? r?.args[param] : undefined;
  return typeof value === "string" && value !== "" ? value : null;
}

/** The label of the row the finding call found for an entity (or the stated value). */
function foundEntity(state: WalkState, slot: number): string {
  const r = record(state, state.plan.intent?.entities[String(slot)]);
  const label = intentOf(r?.tool ?? "")?.label;
  const value = label ? r?.result?.items[r.picks["0"] ?? 0]?.[label] : undefined;
  return typeof value === "string" && value !== "" ? value : (statedEntity(state, slot) ?? "");
}

/** The step whose answer holds an ask's facts: a conditional's first try when it found something. */
function answeringStep(state: WalkState, ask: PlanAsk, slot: number): StepRecord | undefined {
  const fallback = state.plan.intent?.fallback;
  if (fallback && ask.steps[String(slot)] === fallback.then) {
    const first = record(state, fallback.first);
    if (first && (first.result?.items.length ?? 0) > 0) return first;
  }
  return record(state, ask.steps[String(slot)]);
}

/** Everything the walk answered, per ask and entity; null entries mark an asked fact that is missing. */
export function answered(state: WalkState, register: Register = "haeyo"): (Answered | null)[] {
  const intent = state.plan.intent;
  if (!intent) return [];
  const multi = Object.keys(intent.entities).length > 1;
  const out: (Answered | null)[] = [];
  for (const ask of intent.asks) {
    const tool = intentOf(ask.tool);
    for (const slotText of Object.keys(ask.steps)) {
      const slot = Number(slotText);
      const r = answeringStep(state, ask, slot);
      const stated = statedEntity(state, slot);
      if (!r || !tool || stated === null) {
        out.push(null);
        continue;
      }
      const found = foundEntity(state, slot);
      const nearId = ask.nearSteps?.[slotText] ?? (intent.fallback ? r.id : undefined);
      const nearRecord = nearId ? record(state, nearId) : undefined;
      const nearTool = nearRecord ? intentOf(nearRecord.tool) : undefined;
      const nearLabel = nearTool?.label ? nearRecord?.result?.items[0]?.[nearTool.label] : undefined;
      const near = nearTool && typeof nearLabel === "string" ? { noun: nearTool.noun, label: nearLabel } : null;
      const prefix = multi ? `${found} ` : "";
      if (ask.kind === "aggregate") {
        const agg = tool.aggregates.find((a) => a.id === ask.id);
        const result = agg ? aggregateFacts(r, agg) : null;
        out.push(result && agg ? { ask, slot, stated, found, near: null, facts: result.facts, scope: result.scope, aggregate: agg } : null);
        continue;
      }
      const askIntent = tool.asks.find((a) => a.id === ask.id);
      if (!askIntent) {
        out.push(null);
        continue;
      }
      const wanted = intent.compareFact === undefined ? askIntent.facts : askIntent.facts.filter((_, i) => i === intent.compareFact);
      const facts = wanted.map((f) => factOf(r, f, prefix, register));
      if (facts.some((f) => f === null)) {
        out.push(null);
        continue;
      }
      out.push({ ask, slot, stated, found, near, facts: facts.filter((f): f is ComposedFact => f !== null), askIntent });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- request


const ENDINGS: Record<Register, ((np: string) => string)[]> = {
  haeyo: [
    (np) => `${objectOf(np)} 알려 주세요.`,
    (np) => `${subjectOf(np)} 궁금해요.`,
    (np) => `${objectOf(np)} 알고 싶어요.`,
    (np) => `${np} 좀 알려 줄래요?`,
    (np) => `${objectOf(np)} 찾아봐 주세요.`,
    (np) => (/지$/.test(np) ? `${np} 궁금한데 알려 주세요.` : `${np} 어떻게 돼요?`),
    (np) => `${objectOf(np)} 확인해 줄 수 있어요?`,
    (np) => `${np} 좀 봐 주세요.`,
    (np) => `${objectOf(np)} 좀 찾아 주실래요?`,
    (np) => `${objectOf(np)} 알 수 있을까요?`,
    (np) => `${objectOf(np)} 확인 좀 해 주세요.`,
    (np) => `${objectOf(np)} 좀 알아봐 줄 수 있나요?`,
    (np) => `${objectOf(np)} 알려 주시면 고맙겠어요.`,
    (np) => `${objectOf(np)} 한번 봐 줄래요?`,
    (np) => `${objectOf(np)} 찾아 줄 수 있어요?`,
    (np) => `${objectOf(np)} 알려 줘요.`,
    (np) => `${objectOf(np)} 좀 확인해 줘요.`,
    (np) => `${objectOf(np)} 좀 찾아봐 줄래요?`,
    (np) => `${objectOf(np)} 알아봐 주실 수 있을까요?`,
    (np) => `${subjectOf(np)} 알고 싶은데요.`,
    (np) => `${subjectOf(np)} 궁금한데 좀 알려 줄래요?`,
  ],
  hamnida: [
    (np) => `${objectOf(np)} 알려 주십시오.`,
    (np) => `${subjectOf(np)} 궁금합니다.`,
    (np) => `${objectOf(np)} 알고 싶습니다.`,
    (np) => `${objectOf(np)} 확인해 주시겠습니까?`,
    (np) => `${objectOf(np)} 조회해 주시기 바랍니다.`,
    (np) => `${objectOf(np)} 안내해 주십시오.`,
    (np) => `${objectOf(np)} 파악하고 싶습니다.`,
    (np) => `${objectOf(np)} 확인 부탁드립니다.`,
    (np) => `${objectOf(np)} 알려 주시면 감사하겠습니다.`,
    (np) => `${objectOf(np)} 확인하고자 합니다.`,
    (np) => `${objectOf(np)} 조회 부탁드립니다.`,
    (np) => `${objectOf(np)} 알아봐 주시겠습니까?`,
    (np) => `${objectOf(np)} 여쭙고 싶습니다.`,
    (np) => `${objectOf(np)} 말씀해 주십시오.`,
    (np) => `${objectOf(np)} 확인해 주시면 감사하겠습니다.`,
    (np) => `${objectOf(np)} 찾아 주시기 바랍니다.`,
    (np) => `${objectOf(np)} 알 수 있겠습니까?`,
    (np) => `${objectOf(np)} 알려 주시기 바랍니다.`,
    (np) => `${subjectOf(np)} 알고 싶어 문의드립니다.`,
  ],
};

/** "…인지" clauses take no particle ("몇 곳인지 알려 주세요"). */
function objectOf(np: string): string {
  return /지$/.test(np) ? np : josa(np, "을/를");
}
function subjectOf(np: string): string {
  return /지$/.test(np) ? np : josa(np, "이/가");
}

/** Short openers people type before a question. */
const OPENERS: Record<Register, string[]> = {
  haeyo: ["혹시 ", "저기요, ", "하나만 물어볼게요. ", "급해서 그런데요, ", "궁금한 게 있어요. ", "안녕하세요. ", "잠깐만요, ", "부탁 하나만 할게요. ", "바쁘실 텐데 죄송해요. ", "물어볼 게 있는데요, ", "음, ", "좀 도와주세요. "],
  hamnida: ["안녕하십니까. ", "문의드립니다. ", "한 가지 여쭙겠습니다. ", "확인 요청드립니다. ", "실례합니다. ", "수고 많으십니다. ", "업무 관련 문의입니다. ", "간단히 여쭙겠습니다. ", "조회를 요청합니다. ", "바쁘신 중에 죄송합니다. "],
};

/** A little context people give, by subject, in either register. */
const CONTEXT: Record<string, [string, string][]> = {
  place: [
    ["주말에 나들이를 가려고 하는데요, ", "주말 나들이를 계획하고 있습니다. "],
    ["아이랑 놀러 갈 생각이에요. ", "가족과 방문할 예정입니다. "],
    ["친구랑 여행 일정을 짜는 중이에요. ", "여행 일정을 짜고 있습니다. "],
    ["내일 부모님 모시고 가 보려고요. ", "내일 부모님과 방문하려고 합니다. "],
    ["이번 연휴에 가 볼까 해서요. ", "연휴 중 방문을 검토하고 있습니다. "],
    ["데이트 코스로 생각 중이에요. ", "외부 손님 안내 일정을 잡고 있습니다. "],
    ["회사 워크숍 장소를 찾고 있어요. ", "부서 야유회 장소를 물색하고 있습니다. "],
    ["어르신들 모시고 견학 가려고요. ", "경로당 어르신 견학을 준비하고 있습니다. "],
    ["사진 찍으러 가 볼까 해요. ", "홍보 사진 촬영 장소를 검토하고 있습니다. "],
    ["퇴근하고 잠깐 들를까 해서요. ", "출장길에 들를 곳을 찾고 있습니다. "],
  ],
  hospital: [
    ["부모님 모시고 병원에 가야 해서요. ", "부모님을 모시고 병원에 가야 합니다. "],
    ["다음 주에 진료 예약이 있어요. ", "다음 주에 진료 예약이 있습니다. "],
    ["아이가 열이 나서 가 보려고요. ", "가족 진료 때문에 방문하려고 합니다. "],
    ["차를 가지고 갈 생각이에요. ", "직원 건강검진 장소로 검토 중입니다. "],
    ["할머니 진료 때문에 같이 가야 해요. ", "보호자로 동행할 예정입니다. "],
    ["허리가 아파서 가 보려고 해요. ", "산업재해 근로자 진료 기관을 안내하려고 합니다. "],
    ["동생이 다친 것 같아서요. ", "민원인에게 안내할 의료기관을 확인하고 있습니다. "],
  ],
  workplace: [
    ["이직할 회사를 알아보고 있어요. ", "이직을 검토하고 있습니다. "],
    ["거래처를 확인하는 중이에요. ", "거래처 확인이 필요합니다. "],
    ["면접 보기 전에 좀 알아보려고요. ", "협력업체 실사 자료를 정리하고 있습니다. "],
  ],
  drug: [
    ["집에 있는 상비약을 정리하고 있어요. ", "상비약을 점검하고 있습니다. "],
    ["약국에서 받아 온 약이 있는데요, ", "복약 안내 자료를 만들고 있습니다. "],
  ],
  address: [
    ["이사 갈 집을 알아보는 중이에요. ", "이사할 곳을 알아보고 있습니다. "],
    ["이번에 그 근처로 출근하게 됐어요. ", "신규 사무실 후보지를 검토하고 있습니다. "],
  ],
  region: [
    ["집을 알아보는 중이에요. ", "주택 구입을 검토하고 있습니다. "],
    ["전세 만기가 다가와서요. ", "지역별 시세를 정리하고 있습니다. "],
  ],
  dong: [
    ["밖에서 운동하려고 하는데요, ", "외출 전에 확인하려고 합니다. "],
    ["아이 등원시키기 전에 보려고요. ", "야외 작업 전에 확인이 필요합니다. "],
  ],
  sido: [
    ["오늘 야외 행사가 있어서요. ", "야외 행사를 앞두고 있습니다. "],
    ["주말에 자전거를 타려고요. ", "관내 대기질 현황을 보고해야 합니다. "],
  ],
};

/**
 * Context that names the subject itself (the main clause then says "그곳", "그 병원"), in either
 * register: people mention where they are going before they ask about it.
 */
const NAMED_CONTEXT: Record<string, { say: [string, string][]; pronoun: string }> = {
  place: {
    pronoun: "그곳",
    say: [
      ["이번 주말에 {s}에 가 보려고 하는데요, ", "이번 주말에 {s}에 방문할 예정입니다. "],
      ["내일 아이들이랑 {s}에 놀러 가요. ", "내일 가족과 {s}에 갑니다. "],
      ["{s} 쪽으로 산책 갈까 하는데, ", "{s} 답사를 계획하고 있습니다. "],
      ["오랜만에 {s} 구경 가려고요. ", "손님을 모시고 {s}에 갈 예정입니다. "],
      ["회사 동료들이랑 {s}에 들르기로 했어요. ", "다음 달 {s}에서 단체 견학이 있습니다. "],
      ["{s}에서 친구를 만나기로 했는데요, ", "{s} 현장 점검을 앞두고 있습니다. "],
      ["처음으로 {s}에 가 보는데요, ", "해외 바이어와 {s}을 방문할 계획입니다. "],
    ],
  },
  hospital: {
    pronoun: "그 병원",
    say: [
      ["어머니가 {s}에 다니시는데요, ", "부모님이 {s}에서 진료를 받고 계십니다. "],
      ["내일 {s}에 가야 하는데, ", "다음 주에 {s} 진료가 잡혀 있습니다. "],
      ["{s}로 병원을 옮길까 고민 중이에요. ", "{s} 이용을 검토하고 있습니다. "],
      ["아버지가 {s}에 입원하셨는데요, ", "{s}로 환자를 전원하려고 합니다. "],
      ["동네 분이 {s}를 추천해 줬어요. ", "{s} 관련 민원이 접수되었습니다. "],
    ],
  },
  workplace: {
    pronoun: "그 회사",
    say: [
      ["{s}에서 면접 보자는 연락이 왔어요. ", "{s}와 거래를 검토하고 있습니다. "],
      ["친구가 {s}에 다닌다고 해서요. ", "{s} 관련 자료를 정리하고 있습니다. "],
    ],
  },
  drug: {
    pronoun: "그 약",
    say: [
      ["집에 {s}이 있는데요, ", "{s}를 복용하려고 합니다. "],
      ["약국에서 {s}을 사 왔는데, ", "{s} 복약 안내가 필요합니다. "],
    ],
  },
  address: {
    pronoun: "그 주소",
    say: [
      ["{s}로 이사 가요. ", "{s}로 사무실을 옮길 예정입니다. "],
      ["다음 달부터 {s}에서 일하게 됐어요. ", "{s} 건물을 임차하려고 합니다. "],
    ],
  },
  region: {
    pronoun: "그 지역",
    say: [
      ["{s} 쪽으로 이사를 생각하고 있어요. ", "{s} 주택 구입을 검토하고 있습니다. "],
      ["{s}에 전세로 살고 있는데, ", "{s} 시세를 정리하고 있습니다. "],
    ],
  },
  dong: {
    pronoun: "거기",
    say: [
      ["{s}에 사는데요, ", "{s}에서 야외 작업이 있습니다. "],
      ["이따 {s}에서 약속이 있어요. ", "{s}에서 행사를 준비하고 있습니다. "],
    ],
  },
};

function choose<T>(random: Random, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error("nothing to choose from");
  return item;
}

function refer(tool: string, stated: string, random: Random): string {
  return choose(random, intentOf(tool)?.find?.refer ?? ["{s}"]).replace("{s}", stated);
}

/** A list of names: "A와 B", "A, B와 C". */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  const head = names.slice(0, -1);
  const last = head[head.length - 1] ?? "";
  return `${[...head.slice(0, -1), josa(last, "과/와")].join(", ")} ${names[names.length - 1] ?? ""}`;
}

/** A context sentence with the subject: its particles (이/가, 을/를, 로, 와) follow the subject's last sound. */
function fillPlace(template: string, subject: string): string {
  return template
    .replace("{s}이 ", `${josa(subject, "이/가")} `)
    .replace("{s}을 ", `${josa(subject, "을/를")} `)
    .replace("{s}를", josa(subject, "을/를"))
    .replace("{s}로", josa(subject, "으로/로"))
    .replace("{s}와", josa(subject, "과/와"))
    .replace("{s}", subject);
}

/** A phrase with the subject in its place: {s}, or {s:이/가} with the particle its last sound takes. */
export function fill(template: string, subject: string): string {
  return template.replace(/\{s(?::(을\/를|이\/가|은\/는|과\/와|으로\/로))?\}/g, (_, pair: "을/를" | "이/가" | "은/는" | "과/와" | "으로/로" | undefined) => (pair ? josa(subject, pair) : subject));
}

/** One phrasing of an ask; `plain`: one that does not place the subject itself (it is said elsewhere). */
function askPhrase(state: WalkState, ask: PlanAsk, random: Random, plain = false): string {
  const tool = intentOf(ask.tool);
  const says = (ask.kind === "aggregate" ? tool?.aggregates.find((a) => a.id === ask.id)?.say : tool?.asks.find((a) => a.id === ask.id)?.say) ?? [ask.id];
  const plainSays = says.filter((s) => !s.includes("{s"));
  return choose(random, plain && plainSays.length > 0 ? plainSays : says);
}

/** The noun phrase of one ask about a subject S ("경복궁 근처 1km 안에서 가장 가까운 약국의 이름과 전화번호"). */
function askAbout(subject: string, state: WalkState, ask: PlanAsk, random: Random): string {
  if (ask.kind === "aggregate") return fill(askPhrase(state, ask, random), subject);
  if (ask.near) return `${subject} ${ask.near}의 ${askPhrase(state, ask, random, true)}`;
  const say = askPhrase(state, ask, random);
  if (say.includes("{s")) return fill(say, subject);
  // "지금 기온", "3일 뒤 …" read after the name without 의.
  return /^(지금|현재|3일|사흘|최근|이번|당월|밤에|월요일|평일)/.test(say) && random() < 0.6 ? `${subject} ${say}` : `${subject}의 ${say}`;
}

/**
 * Interchangeable wordings of the frame's set phrases (same meaning, same particles after them):
 * each occurrence takes its own, so the frames do not repeat word for word across examples.
 */
const WORDINGS: [RegExp, string[]][] = [
  [/(가장|제일) 가까운/g, ["가장 가까운", "제일 가까운", "가장 가까이 있는", "제일 가까이 있는"]],
  [/300m (안에|이내에)/g, ["300m 안에", "300m 이내에", "300m 안쪽에"]],
  [/1km (안에서|이내에서)/g, ["1km 안에서", "1km 이내에서", "1km 안쪽에서"]],
  [/1km 안에 /g, ["1km 안에 ", "1km 이내에 ", "1km 범위 안에 "]],
  [/이름과 /g, ["이름과 ", "이름하고 ", "이름이랑 "]],
  [/비교해서 /g, ["비교해서 ", "비교해 보고 ", "견주어 보고 ", "서로 비교해서 "]],
  [/모두 몇 /g, ["모두 몇 ", "전부 몇 ", "다 합쳐 몇 ", "총 몇 "]],
  [/몇 곳인지/g, ["몇 곳인지", "몇 군데인지"]],
  [/(3일|사흘) (뒤|후) /g, ["3일 뒤 ", "3일 후 ", "사흘 뒤 ", "사흘 후 "]],
  [/없으면 /g, ["없으면 ", "없을 경우 ", "하나도 없으면 "]],
  [/ 각각의 /g, [" 각각의 ", " 각각 ", " 저마다의 "]],
  [/넓혀서 /g, ["넓혀서 ", "범위를 넓혀서 ", "넓혀 "]],
];

function reword(text: string, subjects: readonly string[], random: Random): string {
  let out = text;
  for (const [pattern, choices] of WORDINGS) {
    // A subject's own name is never reworded.
    if (subjects.some((s) => new RegExp(pattern.source).test(s))) continue;
    out = out.replace(pattern, () => choose(random, choices));
  }
  return out;
}

/** The ask for the difference a comparison answer states, in many wordings. */
const DIFFERENCE: Record<Register, string[]> = {
  haeyo: ["차이가 얼마나 나는지도 알려 주세요.", "얼마나 차이 나는지도 궁금해요.", "몇이나 차이 나요?", "차이도 같이 알려 주세요.", "둘 사이 차이는 얼마예요?", "차이가 얼마인지도 봐 주세요.", "얼마만큼 차이 나는지도요.", "그 차이도 알려 줄래요?", "차이는 어느 정도예요?", "값 차이도 함께 알고 싶어요."],
  hamnida: ["차이가 얼마인지도 알려 주십시오.", "차이도 함께 알려 주시기 바랍니다.", "두 값의 차이도 확인 부탁드립니다.", "차이가 어느 정도인지도 알고 싶습니다.", "그 차이도 함께 안내해 주십시오.", "값의 차이도 말씀해 주시기 바랍니다.", "얼마나 차이가 나는지도 확인해 주시겠습니까?", "두 곳의 차이도 함께 여쭙니다."],
};

const WHICH: Record<Register, string[]> = {
  haeyo: ["어디예요?", "어느 쪽이에요?", "어디인가요?", "어느 쪽일까요?", "어디일까요?", "어느 쪽인지 알려 주세요.", "어디인지 궁금해요."],
  hamnida: ["어디입니까?", "어느 쪽입니까?", "어느 곳입니까?", "어디인지 알려 주십시오.", "어느 쪽인지 확인 부탁드립니다.", "어디인지 알고 싶습니다."],
};

export interface ComposedRequest {
  text: string;
  register: Register;
}

export function composeRequest(state: WalkState): ComposedRequest | null {
  const intent = state.plan.intent;
  if (!intent) return null;
  const random = seededRandom(`${state.plan.seed}|request`);
  const register: Register = random() < 0.5 ? "haeyo" : "hamnida";
  const ending = choose(random, ENDINGS[register]);
  const slots = Object.keys(intent.entities).map(Number);
  const names = slots.map((slot) => statedEntity(state, slot));
  if (names.some((n) => n === null)) return null;
  // "우리 동네 역삼동" or "강남역" for one subject; several are named plainly.
  const subjects = names.map((n) => (names.length === 1 ? refer(intent.entry, n ?? "", random) : (n ?? "")));
  const [ask, second] = intent.asks;
  if (!ask) return null;
  const contexts = CONTEXT[intent.subject] ?? [];
  let context = contexts.length > 0 && random() < 0.2 ? choose(random, contexts)[register === "haeyo" ? 0 : 1] : "";
  let one = subjects[0] ?? "";
  // One named subject: often the context names it and the question says "그곳" (not for
  // conditionals, whose condition reads best with the name in it).
  const named = NAMED_CONTEXT[intent.subject];
  if (named && subjects.length === 1 && state.plan.shape !== "conditional" && context === "" && random() < 0.45) {
    context = fillPlace(choose(random, named.say)[register === "haeyo" ? 0 : 1], names[0] ?? one);
    one = named.pronoun;
  }
  let text: string;
  switch (state.plan.shape) {
    case "fan_out": {
      const a = askAbout(one, state, ask, random);
      const b = second ? (second.near ? `${one} ${second.near}의 ${askPhrase(state, second, random, true)}` : fill(askPhrase(state, second, random, true), "그곳")) : "";
      text = ending(`${a}${choose(random, [", 그리고 ", ", 또 ", ", 그와 함께 ", ", 덧붙여 ", ", 아울러 "])}${b}`);
      break;
    }
    case "parallel": {
      const all = listOf(subjects);
      const say = fill(askPhrase(state, ask, random, true), "각각");
      const how = choose(random, [
        () => ending(`${all} 각각${ask.near ? ` ${ask.near}의` : "의"} ${say}`),
        () => `${subjects.join(", ")}${ask.near ? ` ${ask.near}의` : "의"} ${objectOf(say)} ${register === "haeyo" ? "한 번에 알려 주세요." : "각각 알려 주십시오."}`,
        () => ending(`${all}, ${subjects.length === 2 ? "두" : "세"} 곳${ask.near ? ` ${ask.near}의` : "의"} ${say}`),
      ]);
      text = how();
      break;
    }
    case "comparison": {
      const fact = intentOf(ask.tool)?.asks.find((a) => a.id === ask.id)?.facts[intent.compareFact ?? 0];
      if (!fact?.more) return null;
      const noun = intentOf(intent.entry)?.noun ?? "곳";
      const more = fact.more;
      const which = choose(random, WHICH[register]);
      const diff = choose(random, DIFFERENCE[register]);
      const now = /기온|농도|지수|습도|풍속/.test(fact.name) && !/3일/.test(fact.name) ? choose(random, ["지금 ", "현재 ", ""]) : "";
      const among = choose(random, [`${listOf(subjects)} 중`, `${listOf(subjects)} 가운데`, `${subjects.join("하고 ")} 중에서`, `${subjects.join(", ")} 둘 중`, `${listOf(subjects)}, 두 곳 중`]);
      const place = noun === "곳" ? "곳" : noun;
      const tell = register === "haeyo" ? choose(random, ["알려 주세요.", "봐 주세요.", "알고 싶어요.", "확인해 줄래요?", "좀 알려 줄래요?"]) : choose(random, ["알려 주십시오.", "확인 부탁드립니다.", "알고 싶습니다.", "확인해 주시겠습니까?", "조회해 주시기 바랍니다."]);
      text = choose(random, [
        () => `${among} ${now}${josa(fact.name, "이/가")} 더 ${more} ${josa(place, "은/는")} ${which} ${diff}`,
        () => `${listOf(subjects)}의 ${now}${josa(fact.name, "을/를")} 비교해서 어느 쪽이 더 ${more}지 ${tell} ${diff}`,
        () => `${among} ${now}${josa(fact.name, "이/가")} 더 ${more} ${josa(place, "이/가")}${register === "haeyo" ? " 어딘지" : " 어디인지"} ${tell} ${diff}`,
        () => `${listOf(subjects)}, 어느 쪽 ${now}${josa(fact.name, "이/가")} 더 ${more}지 ${tell} ${diff}`,
        () => `${now}${fact.name} 기준으로 ${listOf(subjects)} 중 어디가 더 ${more}지 ${tell} ${diff}`,
      ])();
      break;
    }
    case "conditional": {
      const say = intent.fallback?.say.replaceAll("{s}", one) ?? one;
      text = ending(`${say}의 ${askPhrase(state, ask, random, true)}`);
      break;
    }
    default:
      text = ending(askAbout(one, state, ask, random));
  }
  text = reword(text, names.map((n) => n ?? ""), random);
  const opener = context === "" && random() < 0.3 ? choose(random, OPENERS[register]) : "";
  return { text: `${opener}${context}${text}`, register };
}

// ---------------------------------------------------------------------------------------------- answer

const MORE: Record<string, [string, string]> = { 높은: ["높아요", "높습니다"], 많은: ["많아요", "많습니다"], 강한: ["강해요", "강합니다"], 큰: ["커요", "큽니다"] };

function end(text: string, register: Register): string {
  return register === "haeyo" ? copula(text) : `${text}입니다`;
}

/** "기온은 3.4℃, 습도는 60%예요" */
function factsSentence(facts: readonly ComposedFact[], register: Register, strip = ""): string {
  const nameOf = (f: ComposedFact) => (strip && f.name.startsWith(strip) ? f.name.slice(strip.length) : f.name);
  // A sentence-long value (a drug's use, its storage) is quoted, not run into a copula.
  const said = facts.filter((f) => f.predicate);
  const prose = facts.filter((f) => !f.predicate && (f.text.length > 40 || /[.다]$/.test(f.text)));
  const short = facts.filter((f) => !prose.includes(f) && !said.includes(f));
  const out: string[] = [];
  for (const f of said) out.push(`${josa(nameOf(f), "을/를")} ${f.text}.`);
  if (short.length > 0) {
    const parts = short.map((f) => `${topic(nameOf(f))} ${f.text}`);
    const last = parts.pop() ?? "";
    out.push(`${[...parts, end(last, register)].join(", ")}.`);
  }
  for (const f of prose) out.push(`${nameOf(f)} 안내는 다음과 같${register === "haeyo" ? "아요" : "습니다"}: "${f.text}"`);
  return out.join(" ");
}

function radiusOf(args: Record<string, unknown> | undefined): string {
  const r = Number(args?.["radius"]);
  if (!Number.isFinite(r) || r <= 0) return "";
  return r >= 1000 ? `${r / 1000}km` : `${r}m`;
}

function oneAnswer(a: Answered, register: Register, state: WalkState, random: Random): string {
  const subject = a.found;
  if (a.aggregate) {
    const agg = a.aggregate;
    const [label, value] = a.facts.length === 2 ? a.facts : [undefined, a.facts[0]];
    if (!value) return "";
    const scope = agg.op === "count" ? "" : register === "haeyo" ? ` (조회된 ${a.scope}건 전체 기준이에요)` : ` (조회된 ${a.scope}건 전체 기준입니다)`;
    if (label) return `${subject}에서 ${topic(agg.name)} ${label.text}${register === "haeyo" ? "이고" : "이며"}, ${end(value.text, register)}.${scope}`;
    const r = state.steps.find((s) => s.id === a.ask.steps[String(a.slot)]);
    const radius = radiusOf(r?.args);
    if (agg.op === "count" && radius) return `${subject} 반경 ${radius} 안의 ${topic(agg.name)} 모두 ${end(value.text, register)}.`;
    return `${subject}의 ${topic(agg.name)} ${end(value.text, register)}.${scope}`;
  }
  const strip = state.plan.intent && Object.keys(state.plan.intent.entities).length > 1 ? `${a.found} ` : "";
  if (a.near) {
    const [first, ...rest] = a.facts;
    // The near thing's name is itself the first fact of a "nearest …" ask.
    if (first && first.text === a.near.label) {
      const head = `${subject}에서 가장 가까운 ${topic(a.near.noun)} ${a.near.label}`;
      return rest.length > 0 ? `${head}${register === "haeyo" ? "이고" : "이며"}, ${factsSentence(rest, register, strip)}` : `${end(head, register)}.`;
    }
    const lead = choose(random, [`${subject}에서 가장 가까운 ${a.near.noun}인 ${a.near.label} 기준으로`, `${subject} 근처 ${a.near.label} ${a.near.noun} 기준으로`]);
    return `${lead} ${factsSentence(a.facts, register, strip)}`;
  }
  // "○○병원은 야간 응급실을 운영해요": a verb fact takes its subject as the topic.
  if (a.facts.every((f) => f.predicate)) return `${choose(random, ["", "확인해 보니 ", "조회해 보니 "])}${topic(subject)} ${factsSentence(a.facts, register, strip)}`;
  const lead = choose(random, [`${subject}의`, `확인해 보니 ${subject}의`, `${subject} 기준으로`, `조회해 보니 ${subject}의`, `찾아보니 ${subject}의`, `${subject}의 경우`]);
  return `${lead} ${factsSentence(a.facts, register, strip)}`;
}

export function composeAnswer(state: WalkState, found: readonly Answered[], register: Register): string {
  const text = composeAnswerText(state, found, register);
  // A second sentence about the same subject does not start over with "확인해 보니".
  return text.replace(/(\. |\.\s)확인해 보니 /g, "$1또 ");
}

function composeAnswerText(state: WalkState, found: readonly Answered[], register: Register): string {
  const intent = state.plan.intent;
  const random = seededRandom(`${state.plan.seed}|answer`);
  if (!intent) return "";
  switch (state.plan.shape) {
    case "comparison": {
      const [left, right] = found;
      const lf = left?.facts[0];
      const rf = right?.facts[0];
      const fact = intentOf(left?.ask.tool ?? "")?.asks.find((a) => a.id === left?.ask.id)?.facts[intent.compareFact ?? 0];
      if (!left || !right || !lf || !rf || typeof lf.value !== "number" || typeof rf.value !== "number" || !fact?.more) return "";
      const [win, lose, wf, lf2] = lf.value >= rf.value ? [left, right, lf, rf] : [right, left, rf, lf];
      const diff = Math.abs(Number(wf.value) - Number(lf2.value));
      const verb = (MORE[fact.more] ?? ["커요", "큽니다"])[register === "haeyo" ? 0 : 1];
      const via = (a: Answered) => (a.near ? `(${a.near.label} ${a.near.noun} 기준)` : "");
      const winner = `${win.found}${via(win)}${josa(win.found, "이/가").slice(win.found.length)}`;
      // The gap between two percentages is in percentage points.
      const gap = fact.unit === "%" ? `${sayNumber(diff, fact.digits)}%p` : sayNumber(diff, fact.digits, fact.unit);
      return `${topic(fact.name)} ${winner} ${josa(wf.text, "으로/로")} ${lose.found}${via(lose)}의 ${lf2.text}보다 ${gap} 더 ${verb}.`;
    }
    case "conditional": {
      const [a] = found;
      if (!a) return "";
      const first = state.steps.find((s) => s.id === intent.fallback?.first);
      const then = state.steps.find((s) => s.id === intent.fallback?.then);
      const hadFirst = (first?.result?.items.length ?? 0) > 0;
      const noun = intentOf(a.ask.tool)?.noun ?? "곳";
      const lead = hadFirst
        ? register === "haeyo"
          ? `${a.found} 반경 ${radiusOf(first?.args)} 안에 ${josa(noun, "이/가")} 있어요.`
          : `${a.found} 반경 ${radiusOf(first?.args)} 안에 ${josa(noun, "이/가")} 있습니다.`
        : register === "haeyo"
          ? `${a.found} 반경 ${radiusOf(first?.args)} 안에는 ${josa(noun, "이/가")} 없어서 ${radiusOf(then?.args)}까지 넓혀 찾았어요.`
          : `${a.found} 반경 ${radiusOf(first?.args)} 안에는 ${josa(noun, "이/가")} 없어 ${radiusOf(then?.args)}까지 넓혀 찾았습니다.`;
      const [name, ...rest] = a.facts;
      const head = name ? `가장 가까운 ${topic(noun)} ${name.text}` : "";
      const body = rest.length > 0 ? `${head}${register === "haeyo" ? "이고" : "이며"}, ${factsSentence(rest, register)}` : `${end(head, register)}.`;
      return `${lead} ${body}`;
    }
    default:
      return found.map((a) => oneAnswer(a, register, state, random)).join(" ");
  }
}
