/**
 * From a finished walk to a training example: the user request and the final answer (written by
 * Korean templates here, or by a model elsewhere), the structured answer facts, the reference plan
 * in KOPA-Bench's plan format (for rewards), and the filters that decide whether it is kept:
 * data flow, no leaked intermediate identifier, facts grounded in outputs, non-trivial results.
 */
import { z } from "zod";
import { factSchema, stepSchema, type Fact, type PlanStep } from "../bench/task";
import { findTool } from "../catalog";
import { outputFields, type OutputField } from "../catalog/spec";
import { paramTypeOf } from "../graph/io";
import type { Item } from "../upstream/result";
import { josa, sayValue, statedForms, TIME_PHRASES } from "./language";
import type { ArgSource, WalkStep } from "./plan";
import type { StepRecord, WalkState } from "./walk";

/** Tags of values that are identifiers or machine codes: never in a request, never an answer fact. */
const IDENTIFIER_TAG = /(^|\.)(content_id|content_type_id|route_id|node_id|node_no|city_code|ykiho|kapt_code|item_seq|seq|b_no6|b_no10|station_id|line_id|area_code|sigungu_code|stn_id|reg_id_land|reg_id_temp|apt\.seq)$|_cd\d*$|_code\d*$|grid|\.x$|\.y$|utmk|\.tm\.|road_code|building_no|lawd|bjd|emd_cd|sido_cd|sggu_cd|bjdong|time\.instant|kma\.base_(date|time)|kma\.tmfc|bld\.|juso\./;

export function isIdentifierField(field: OutputField): boolean {
  return field.tags.some((t) => IDENTIFIER_TAG.test(t)) || /(^|_)(id|cd|code)$|Id$|Cd$|Code$|Seq$|ykiho|Pk$/.test(field.name);
}

/** Nicer requests for what the most common final tools answer; the tool title otherwise. */
const ASK: Record<string, string> = {
  kma_ultra_srt_ncst: "지금 기온과 비 소식",
  kma_ultra_srt_fcst: "몇 시간 뒤 날씨",
  kma_vilage_fcst: "단기 일기예보",
  airkorea_station_realtime: "실시간 미세먼지 농도",
  airkorea_nearby_stations: "가까운 대기 측정소",
  tour_detail_intro: "이용 시간과 쉬는 날",
  tour_detail_common: "소개와 연락처",
  tour_location_based_list: "근처 관광 정보",
  tago_stop_arrivals: "버스 도착 예정 정보",
  tago_nearby_stops: "근처 버스 정류소",
  seoul_subway_arrivals: "지하철 실시간 도착 정보",
  hira_hospital_detail: "진료 시간과 주차 정보",
  hira_hospital_departments: "진료과목",
  rtms_apt_trades: "아파트 매매 실거래가",
  rtms_apt_rents: "아파트 전월세 실거래가",
  apt_complex_info: "단지 기본정보",
  mfds_pill_identification: "낱알 모양과 색",
  nps_workplace_detail: "국민연금 가입자 수",
  nts_business_status: "사업자 상태",
};

export function askOf(tool: string): string {
  return ASK[tool] ?? (findTool(tool)?.title.ko ?? tool).replace(/\s*(조회|검색)$/, "");
}

function fieldsOf(tool: string): OutputField[] {
  const spec = findTool(tool);
  return spec ? outputFields(spec) : [];
}

export const synthFactSchema = z.object({
  name: z.string(),
  value: z.union([z.string(), z.number()]),
  /** The fact as KOPA-Bench computes it from the reference plan's outputs. */
  spec: factSchema,
  /** Derived from outputs (an aggregate or a comparison) rather than copied from one. */
  derived: z.boolean(),
});
export type SynthFact = z.infer<typeof synthFactSchema>;

export const filterReportSchema = z.object({
  dataflow: z.string().nullable(),
  identifiers: z.string().nullable(),
  grounded: z.string().nullable(),
  nontrivial: z.string().nullable(),
  /** Only with a model writer asked to check: whether the model solved the request with the tools. */
  solvable: z.string().nullable().optional(),
});
export type FilterReport = z.infer<typeof filterReportSchema>;

export const exampleSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  shape: z.string(),
  request: z.object({ text: z.string(), madeBy: z.enum(["template", "model"]) }),
  answer: z.object({ text: z.string(), madeBy: z.enum(["template", "model"]) }),
  facts: z.array(synthFactSchema),
  /** The executed calls, in order (skipped branches left out). */
  calls: z.array(z.object({ id: z.string(), tool: z.string(), args: z.record(z.string(), z.unknown()), items: z.array(z.record(z.string(), z.unknown())), totalCount: z.number() })),
  reference: z.object({ plan: z.array(stepSchema), facts: z.array(factSchema) }),
  signature: z.string(),
  filters: filterReportSchema,
  edges: z.array(z.string()),
  now: z.number(),
});
export type SynthExample = z.infer<typeof exampleSchema>;

function executed(state: WalkState): StepRecord[] {
  return state.steps.filter((s) => !s.skipped && s.result !== null);
}

function planStep(state: WalkState, id: string): WalkStep | undefined {
  return state.plan.steps.find((s) => s.id === id);
}

function pickedItem(record: StepRecord, slot = 0): Item | undefined {
  const index = record.picks[String(slot)] ?? 0;
  return record.result?.items[index];
}

/** A label of an item: its first non-identifier text field that has a value. */
function labelOf(tool: string, item: Item | undefined): string | null {
  if (!item) return null;
  for (const f of fieldsOf(tool)) {
    if (f.type !== "string" || isIdentifierField(f)) continue;
    const v = item[f.name];
    if (typeof v === "string" && v.trim() !== "" && v.length <= 40 && !/^[\d\s.:-]+$/.test(v)) return v;
  }
  return null;
}

const UNIT_OF_DESCRIPTION: [RegExp, Fact["unit"]][] = [
  [/만원/, "만원"],
  [/㎍\/㎥|μg|마이크로그램/, "㎍/㎥"],
  [/℃|기온|온도/, "℃"],
  [/\(m\)|미터|거리/, "m"],
];

function unitOf(field: OutputField): Fact["unit"] | undefined {
  if (field.type !== "number" && field.type !== "integer") return undefined;
  for (const [pattern, unit] of UNIT_OF_DESCRIPTION) if (pattern.test(field.description)) return unit;
  return undefined;
}

/** KMA answers one item per category: the fact is named after the category, not the value field. */
const KMA_CATEGORIES: Record<string, [name: string, unit?: Fact["unit"]]> = {
  T1H: ["기온", "℃"],
  TMP: ["기온", "℃"],
  TMN: ["최저기온", "℃"],
  TMX: ["최고기온", "℃"],
  RN1: ["1시간 강수량"],
  PCP: ["1시간 강수량"],
  REH: ["습도", "%"],
  POP: ["강수확률", "%"],
  PTY: ["강수형태"],
  SKY: ["하늘상태"],
  WSD: ["풍속", "m/s"],
  VEC: ["풍향"],
  UUU: ["동서바람성분", "m/s"],
  VVV: ["남북바람성분", "m/s"],
  LGT: ["낙뢰"],
  SNO: ["1시간 신적설"],
  WAV: ["파고", "m"],
};

function kmaFact(record: StepRecord, item: Item, index: number, when?: PlanStep["when"]): SynthFact | null {
  const category = item["category"];
  const valueField = "obsrValue" in item ? "obsrValue" : "fcstValue" in item ? "fcstValue" : null;
  if (typeof category !== "string" || !valueField) return null;
  const value = item[valueField];
  if (typeof value !== "string" && typeof value !== "number") return null;
  const [name, unit] = KMA_CATEGORIES[category] ?? [category];
  const numeric = typeof value === "number" || /^-?\d+(\.\d+)?$/.test(value);
  const spec: Fact = { name, kind: numeric ? "number" : "text", value: `$${record.id}.items[${index}].${valueField}`, ...(unit && numeric ? { unit } : {}), ...(when ? { when } : {}) };
  return { name, value, spec, derived: false };
}

/** Up to two informative fields of an item: values people ask for, not identifiers. */
function factsOfItem(record: StepRecord, slot: number, when?: PlanStep["when"]): SynthFact[] {
  const item = pickedItem(record, slot);
  if (!item) return [];
  const index = record.picks[String(slot)] ?? 0;
  const kma = kmaFact(record, item, index, when);
  if (kma) return [kma];
  const facts: SynthFact[] = [];
  for (const field of fieldsOf(record.tool)) {
    if (facts.length >= 2 || isIdentifierField(field)) continue;
    const value = item[field.name];
    if (value === null || value === undefined || (typeof value === "string" && (value.trim() === "" || value.length > 60))) continue;
    if (typeof value !== "string" && typeof value !== "number") continue;
    const name = field.description.split(/[(,.]/)[0]?.trim() || field.name;
    const unit = unitOf(field);
    const spec: Fact = { name, kind: typeof value === "number" ? "number" : "text", value: `$${record.id}.items[${index}].${field.name}`, ...(unit ? { unit } : {}), ...(when ? { when } : {}) };
    facts.push({ name, value, spec, derived: false });
  }
  return facts;
}

function numbers(record: StepRecord, field: string): { value: number; index: number }[] {
  return (record.result?.items ?? []).flatMap((item, index) => {
    const v = item[field];
    return typeof v === "number" && Number.isFinite(v) ? [{ value: v, index }] : [];
  });
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The answer facts of a walk, by shape. */
export function factsOf(state: WalkState): SynthFact[] {
  const plan = state.plan;
  const records = executed(state);
  const byId = new Map(records.map((r) => [r.id, r]));
  if (plan.reduce) {
    const r = byId.get(plan.reduce.step);
    if (!r) return [];
    const values = numbers(r, plan.reduce.field);
    if (values.length === 0) return [];
    const field = fieldsOf(r.tool).find((f) => f.name === plan.reduce?.field);
    const name = `${field?.description.split(/[(,.]/)[0]?.trim() ?? plan.reduce.field} ${{ max: "최댓값", min: "최솟값", count: "개수", avg: "평균" }[plan.reduce.op]}`;
    const of = `$${r.id}.items[*].${plan.reduce.field}`;
    const op = plan.reduce.op;
    const value = op === "count" ? values.length : op === "avg" ? round(values.reduce((a, b) => a + b.value, 0) / values.length) : (op === "max" ? Math.max : Math.min)(...values.map((v) => v.value));
    const facts: SynthFact[] = [{ name, value, spec: { name, kind: "number", value: { aggregate: op, of } }, derived: op === "count" || op === "avg" }];
    if ((op === "max" || op === "min") && plan.reduce.label) {
      const winner = values.find((v) => v.value === value);
      const label = winner ? r.result?.items[winner.index]?.[plan.reduce.label] : undefined;
      if (typeof label === "string" && label !== "") {
        const labelName = `${name} 항목`;
        facts.push({ name: labelName, value: label, spec: { name: labelName, kind: "text", value: { aggregate: op === "max" ? "argmax" : "argmin", of, label: `$${r.id}.items[*].${plan.reduce.label}` } }, derived: true });
      }
    }
    return facts;
  }
  if (plan.compare) {
    const left = byId.get(plan.compare.left);
    const right = byId.get(plan.compare.right);
    if (!left || !right) return [];
    const li = left.picks["0"] ?? 0;
    const ri = right.picks["0"] ?? 0;
    const litem = left.result?.items[li];
    const ritem = right.result?.items[ri];
    // The planned measure first; another one when it has no two different numbers to compare.
    const measures = [plan.compare.field, ...fieldsOf(left.tool).filter((f) => (f.type === "integer" || f.type === "number") && !isIdentifierField(f)).map((f) => f.name)];
    const field = measures.find((m) => typeof litem?.[m] === "number" && typeof ritem?.[m] === "number" && litem[m] !== ritem[m]);
    if (!field) return [];
    const lv = Number(litem?.[field]);
    const rv = Number(ritem?.[field]);
    const leftLabel = labelOf(left.tool, litem) ?? "첫째";
    const rightLabel = labelOf(right.tool, ritem) ?? "둘째";
    if (leftLabel === rightLabel) return [];
    const what = fieldsOf(left.tool).find((f) => f.name === field)?.description.split(/[(,.]/)[0]?.trim() ?? field;
    const lref = `$${left.id}.items[${li}].${field}`;
    const rref = `$${right.id}.items[${ri}].${field}`;
    const winner = `${josa(what, "이/가")} 더 큰 곳`;
    return [
      { name: `${leftLabel} ${what}`, value: lv, spec: { name: `${leftLabel} ${what}`, kind: "number", value: lref }, derived: false },
      { name: `${rightLabel} ${what}`, value: rv, spec: { name: `${rightLabel} ${what}`, kind: "number", value: rref }, derived: false },
      { name: winner, value: lv > rv ? leftLabel : rightLabel, spec: { name: winner, kind: "text", value: { compare: ">", left: lref, right: rref, labels: [leftLabel, rightLabel] } }, derived: true },
    ];
  }
  // Terminal steps (no later step reads them) carry the answer.
  const read = new Set(plan.steps.flatMap((s) => Object.values(s.args).flatMap((a) => (a.from === "step" ? [a.step] : []))));
  return records
    .filter((r) => !read.has(r.id) || records.length === 1)
    .flatMap((r) => factsOfItem(r, Number(Object.keys(r.picks)[0] ?? 0), conditionOf(planStep(state, r.id))));
}

function conditionOf(step: WalkStep | undefined): PlanStep["when"] {
  if (!step?.when) return undefined;
  if (step.when.test === "empty") return { left: `$${step.when.step}.totalCount`, op: "==", right: 0 };
  if (step.when.test === "nonempty") return { left: `$${step.when.step}.totalCount`, op: ">", right: 0 };
  return undefined;
}

/** The walk as a KOPA-Bench plan: user inputs and time tokens as literals, picks as item indices. */
export function referencePlan(state: WalkState): PlanStep[] {
  const render = (tool: string, param: string, source: ArgSource, depth = 0): unknown => {
    if (source.from === "user") return source.value;
    if (source.from === "time") return { $time: source.token };
    if (source.from === "arg") {
      // A carried argument is written as the earlier step wrote it.
      const earlier = planStep(state, source.step);
      const carried = earlier?.args[source.param];
      return earlier && carried && depth < 8 ? render(earlier.tool, source.param, carried, depth + 1) : null;
    }
    const from = state.steps.find((s) => s.id === source.step);
    const index = from?.picks[String(source.slot)] ?? 0;
    // The reference converts as the walk's call did (resolveArgs): text ↔ number, one value → a list.
    const value = from?.result?.items[index]?.[source.field];
    const type = paramTypeOf(tool, param);
    const pipe = type === "string" && typeof value === "number" ? "|string" : (type === "integer" || type === "number") && typeof value === "string" ? "|number" : "";
    const ref = `$${source.step}.items[${index}].${source.field}${pipe}`;
    return type === "array" && !Array.isArray(value) ? [ref] : ref;
  };
  return state.plan.steps.map((step) => {
    const args: Record<string, unknown> = {};
    for (const [name, source] of Object.entries(step.args)) args[name] = render(step.tool, name, source);
    const when = conditionOf(step);
    return stepSchema.parse({ id: step.id, tool: step.tool, args, ...(when ? { when } : {}) });
  });
}

// ---------------------------------------------------------------- the template writer

interface Statement {
  text: string;
  /** Forms that count as stating the argument. */
  forms: string[];
}

function userStatements(state: WalkState, stepIds: readonly string[]): Statement[] {
  const out: Statement[] = [];
  for (const id of stepIds) {
    const step = planStep(state, id);
    if (!step) continue;
    for (const source of Object.values(step.args)) {
      if (source.from === "user") out.push({ text: sayValue(source.value), forms: statedForms(source.value) });
      if (source.from === "time") out.push({ text: TIME_PHRASES[source.token], forms: [TIME_PHRASES[source.token]] });
    }
  }
  return out;
}

/** What the request is about: the first step's inputs, or the entity the walk picked from a list. */
function subjectOf(state: WalkState): string {
  const first = executed(state)[0];
  const stated = [...new Set(userStatements(state, [state.plan.steps[0]?.id ?? ""]).map((s) => s.text))];
  if (stated.length > 0) return stated.join(" ");
  return (first && labelOf(first.tool, pickedItem(first))) ?? "전국";
}

export function templateRequest(state: WalkState): string {
  const plan = state.plan;
  const subject = subjectOf(state);
  const later = [...new Set(userStatements(state, plan.steps.slice(1).map((s) => s.id)).map((s) => s.text))].filter((t) => !subject.includes(t));
  const extra = later.length > 0 ? ` (${later.join(", ")})` : "";
  const last = plan.steps[plan.steps.length - 1];
  const ask = askOf(last?.tool ?? "");
  switch (plan.shape) {
    case "sequential":
      return `${subject}${extra} 기준으로 ${josa(ask, "을/를")} 알려 주세요.`;
    case "fan_out": {
      const [, b, c] = plan.steps;
      return `${subject}${extra}에 대해 ${josa(askOf(b?.tool ?? ""), "과/와")} ${josa(askOf(c?.tool ?? ""), "을/를")} 함께 알려 주세요.`;
    }
    case "reduction": {
      const reduce = plan.reduce;
      const field = fieldsOf(plan.steps.find((s) => s.id === reduce?.step)?.tool ?? "").find((f) => f.name === reduce?.field);
      const what = field?.description.split(/[(,.]/)[0]?.trim() ?? reduce?.field ?? "";
      if (reduce?.op === "count") return `${subject}${extra}의 ${ask}에 나오는 곳이 모두 몇 건인지 알려 주세요.`;
      const how = { max: "가장 큰 값과 그 항목을", min: "가장 작은 값과 그 항목을", avg: "평균을", count: "" }[reduce?.op ?? "max"];
      return `${subject}${extra}의 ${ask} 가운데 ${what}의 ${how} 알려 주세요.`;
    }
    case "parallel":
      return `${subject}${extra}에서 나오는 곳 여러 군데의 ${josa(ask, "을/를")} 각각 알려 주세요.`;
    case "comparison": {
      const field = fieldsOf(last?.tool ?? "").find((f) => f.name === plan.compare?.field);
      const what = field?.description.split(/[(,.]/)[0]?.trim() ?? "";
      return `${subject}${extra}에서 두 곳을 골라 ${josa(what, "을/를")} 비교해 주세요. 어느 쪽이 더 큰가요?`;
    }
    case "conditional":
      return `${subject}${extra}에서 한 곳의 ${josa(askOf(plan.steps[1]?.tool ?? ""), "을/를")} 알려 주시고, 결과가 없으면 다른 곳으로 알려 주세요.`;
  }
}

export function templateAnswer(state: WalkState, facts: readonly SynthFact[]): string {
  const lines = facts.map((f) => `- ${f.name}: ${f.value}${f.spec.unit ?? ""}`);
  return `조회한 결과를 정리하면 다음과 같습니다.\n${lines.join("\n")}`;
}

// ---------------------------------------------------------------- filters

/** The values a request must state (the user inputs and time phrases of the steps that ran). */
export function statedValues(state: WalkState): string[] {
  const ran = new Set(executed(state).map((r) => r.id));
  return [...new Set(userStatements(state, state.plan.steps.filter((s) => ran.has(s.id)).map((s) => s.id)).map((s) => s.text))];
}

/**
 * The identifiers the walk's picked items carry: a request must not mention them. A number inside
 * what the user says anyway ("테헤란로 152" and building number 152) is the user's, not a leak.
 */
export function identifierValues(state: WalkState): string[] {
  const stated = statedValues(state);
  const values = new Set<string>();
  for (const record of executed(state)) {
    const idFields = fieldsOf(record.tool).filter(isIdentifierField);
    for (const index of Object.values(record.picks)) {
      const item = record.result?.items[index];
      for (const f of idFields) {
        const v = item?.[f.name];
        if ((typeof v === "string" || typeof v === "number") && String(v).length >= 3) values.add(String(v));
      }
    }
  }
  return [...values].filter((v) => !stated.some((text) => text !== v && text.includes(v)));
}

/** Every argument is stated in the request or produced by an earlier step. */
export function dataflowProblem(state: WalkState, request: string): string | null {
  const executedIds = new Set(executed(state).map((r) => r.id));
  for (const step of state.plan.steps) {
    if (!executedIds.has(step.id)) continue;
    for (const [name, source] of Object.entries(step.args)) {
      if (source.from === "step" || source.from === "arg") {
        if (!executedIds.has(source.step)) return `${step.id}.${name} reads ${source.step}, which did not run`;
        continue;
      }
      const forms = source.from === "time" ? [TIME_PHRASES[source.token]] : statedForms(source.value);
      if (!forms.some((f) => request.includes(f))) return `${step.id}.${name}=${forms[0] ?? ""} is not stated in the request`;
    }
  }
  return null;
}

/** No identifier an earlier step produced appears in the request. */
export function identifierProblem(state: WalkState, request: string): string | null {
  const leaked = identifierValues(state).find((v) => request.includes(v));
  return leaked === undefined ? null : `identifier ${leaked} leaks into the request`;
}

function flatValues(state: WalkState): Set<string> {
  const values = new Set<string>();
  for (const r of executed(state)) for (const item of r.result?.items ?? []) for (const v of Object.values(item)) if (v !== null && v !== undefined) values.add(String(v));
  return values;
}

/** Every fact is in the outputs (derived facts are computed from them). */
export function groundingProblem(state: WalkState, facts: readonly SynthFact[]): string | null {
  if (facts.length === 0) return "no answer facts";
  const values = flatValues(state);
  const missing = facts.find((f) => !f.derived && !values.has(String(f.value)));
  return missing ? `fact ${missing.name}=${missing.value} is not in the outputs` : null;
}

/** Results that make a real question: data everywhere it was needed, several items to aggregate. */
export function trivialityProblem(state: WalkState): string | null {
  const plan = state.plan;
  for (const r of executed(state)) {
    const step = planStep(state, r.id);
    const gatedOnEmpty = plan.steps.some((s) => s.when?.step === r.id && s.when.test === "empty");
    if (!gatedOnEmpty && (r.result?.items.length ?? 0) === 0) return `${r.id} (${r.tool}) answered no items`;
    if (step?.when === undefined && r.result === null) return `${r.id} has no result`;
  }
  if (plan.reduce) {
    const r = state.steps.find((s) => s.id === plan.reduce?.step);
    if ((r?.result?.items.length ?? 0) < 2) return "a reduction over fewer than two items";
  }
  return null;
}

export function signatureOf(state: WalkState): string {
  return JSON.stringify([state.plan.shape, executed(state).map((r) => [r.tool, r.args])]);
}

/** The example and its filter report, written by templates. */
export function buildExample(state: WalkState, id: string): SynthExample {
  const facts = factsOf(state);
  const request = templateRequest(state);
  const calls = executed(state).map((r) => ({ id: r.id, tool: r.tool, args: r.args, items: r.result?.items ?? [], totalCount: r.result?.totalCount ?? 0 }));
  return {
    id,
    jobId: state.jobId,
    shape: state.plan.shape,
    request: { text: request, madeBy: "template" },
    answer: { text: templateAnswer(state, facts), madeBy: "template" },
    facts,
    calls,
    reference: { plan: referencePlan(state), facts: facts.map((f) => f.spec) },
    signature: signatureOf(state),
    filters: {
      dataflow: dataflowProblem(state, request),
      identifiers: identifierProblem(state, request),
      grounded: groundingProblem(state, facts),
      nontrivial: trivialityProblem(state),
    },
    edges: state.plan.edges,
    now: state.now,
  };
}

export function rejectionOf(example: SynthExample): string | null {
  const f = example.filters;
  if (f.nontrivial) return `nontrivial: ${f.nontrivial}`;
  if (f.dataflow) return `dataflow: ${f.dataflow}`;
  if (f.identifiers) return `identifiers: ${f.identifiers}`;
  if (f.grounded) return `grounded: ${f.grounded}`;
  return f.solvable ? `unsolvable: ${f.solvable}` : null;
}
