/**
 * The facts and answer of an intent plan's walk (src/synth/intent-plan.ts): the facts the person
 * asked for, read from the rows that answer them (the search hit, the nearest place, the KMA row
 * of the asked category, every row of an aggregate), with their units and rounding; the answer
 * stating each fact with its subject, opening with the answer itself. The request is written in
 * src/synth/request.ts. Pure code.
 */
import { UNITS, type Fact } from "../bench/task";
import { toolIntent, type AggregateIntent, type AskIntent, type FactIntent, type ToolIntent } from "../catalog/intents";
import { copula, josa, metresText, topic } from "../util/korean";
import type { IntentMeta, PlanAsk } from "./plan";
import { statedName, type StepRecord, type WalkState } from "./walk";
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
  /** How many values a list fact joins (the departments of a hospital). */
  count?: number;
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
  return toolIntent(tool);
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
  // 원 goes with its number (435,600원); 만 원 is spaced as the magnitude it is (2,800만 원).
  return unit ? `${text}${unit === "만원" ? "만 원" : unit}` : text;
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
    return { name, value: text, text, count: values.length, spec: { name, kind: "text", value: `$${r.id}.items[*].${field}` }, derived: true, referable: true };
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

/** The value the request states for an entity: the argument its finding call was made with, or the name that picked its listed row. */
export function statedEntity(state: WalkState, slot: number): string | null {
  const id = state.plan.intent?.entities[String(slot)];
  const r = record(state, id);
  const find = intentOf(r?.tool ?? "")?.find;
  return (find ? statedName(r, find.param) : undefined) ?? null;
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

/** Whether the request asks for the nearest thing in words ("가장 가까운 약국"), or as a conditional's widening search. */
export function claimsNearest(ask: PlanAsk, intent: IntentMeta): boolean {
  return ask.near !== undefined || (intent.fallback !== undefined && Object.values(ask.steps).includes(intent.fallback.then));
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
      // A request that asks for the nearest one gets its distance too: the number that makes it the nearest.
      const distance = nearTool?.distance;
      if (nearRecord && distance && claimsNearest(ask, intent) && !wanted.some((f) => f.fields.includes(distance.field))) {
        facts.push(factOf(nearRecord, { fields: [distance.field], name: "거리", unit: distance.unit, digits: distance.unit === "km" ? 1 : 0, all: false }, prefix, register));
      }
      if (facts.some((f) => f === null)) {
        out.push(null);
        continue;
      }
      out.push({ ask, slot, stated, found, near, facts: facts.filter((f): f is ComposedFact => f !== null), askIntent });
    }
  }
  return out;
}

function choose<T>(random: Random, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error("nothing to choose from");
  return item;
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
  // A list of many values is a sentence that counts them ("진료과목은 모두 22개로, 내과, …예요").
  const lists = facts.filter((f) => !f.predicate && (f.count ?? 0) > 3);
  const prose = facts.filter((f) => !f.predicate && !lists.includes(f) && (f.text.length > 40 || /[.다]$/.test(f.text)));
  const short = facts.filter((f) => !prose.includes(f) && !said.includes(f) && !lists.includes(f));
  const out: string[] = [];
  for (const f of said) out.push(`${josa(nameOf(f), "을/를")} ${f.text}.`);
  for (const f of lists) out.push(`${topic(nameOf(f))} 모두 ${f.count ?? 0}개로, ${end(f.text, register)}.`);
  if (short.length > 0) {
    const parts = short.map((f) => `${topic(nameOf(f))} ${f.text}`);
    const last = parts.pop() ?? "";
    out.push(`${[...parts, end(last, register)].join(", ")}.`);
  }
  for (const f of prose) out.push(register === "haeyo" ? `${topic(nameOf(f))} 이렇게 안내되어 있어요. "${f.text}"` : `${topic(nameOf(f))} 다음과 같이 안내되어 있습니다. "${f.text}"`);
  return out.join(" ");
}

function radiusOf(args: Record<string, unknown> | undefined): string {
  const r = Number(args?.["radius"]);
  return Number.isFinite(r) && r > 0 ? metresText(r) : "";
}

function oneAnswer(a: Answered, register: Register, state: WalkState, random: Random): string {
  const subject = a.found;
  if (a.aggregate) {
    const agg = a.aggregate;
    const [label, value] = a.facts.length === 2 ? a.facts : [undefined, a.facts[0]];
    if (!value) return "";
    const haeyo = register === "haeyo";
    // The scope in a sentence of its own: how many rows the maximum or the mean ran over.
    const scope =
      agg.op === "count"
        ? ""
        : ` ${choose(random, haeyo ? [`조회된 ${a.scope}건을 모두 비교한 결과예요.`, `${a.scope}건 전체를 기준으로 했어요.`, `모두 ${a.scope}건을 살펴봤어요.`] : [`조회된 ${a.scope}건을 모두 비교한 결과입니다.`, `${a.scope}건 전체를 기준으로 했습니다.`, `모두 ${a.scope}건을 살펴본 결과입니다.`])}`;
    if (label) {
      return `${choose(random, [
        `${subject}에서 ${topic(agg.name)} ${label.text}${haeyo ? "이고" : "이며"}, ${end(value.text, register)}.`,
        `${subject}에서 ${topic(agg.name)} ${label.text}의 ${end(value.text, register)}.`,
        `${josa(label.text, "이/가")} ${josa(value.text, "으로/로")} ${subject}에서 ${end(agg.name, register)}.`,
      ])}${scope}`;
    }
    const r = state.steps.find((s) => s.id === a.ask.steps[String(a.slot)]);
    const radius = radiusOf(r?.args);
    // None at all is said as none, with the count the answer states.
    if (agg.op === "count" && value.value === 0) return `${subject}${radius ? ` 반경 ${radius} 안` : ""}의 ${topic(agg.name)} ${value.text}${register === "haeyo" ? "으로, 하나도 없어요" : "으로, 하나도 없습니다"}.`;
    if (agg.op === "count" && radius) return choose(random, [`${subject} 반경 ${radius} 안의 ${topic(agg.name)} 모두 ${end(value.text, register)}.`, `${subject}에서 ${radius} 안에 있는 ${topic(agg.name)} ${end(value.text, register)}.`]);
    if (agg.op === "count") return choose(random, [`${subject}의 ${topic(agg.name)} 모두 ${end(value.text, register)}.`, `${subject}에서는 ${josa(agg.name, "이/가")} ${end(value.text, register)}.`]);
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
    // Only a request that asked for the nearest one hears "가장 가까운" (with the distance it states).
    const nearby = a.near.noun === "측정소" ? [`${subject} 근처 ${a.near.label} ${a.near.noun} 기준으로`, `${subject} 근처 ${a.near.label} ${a.near.noun}에서 잰`] : [`${subject} 근처 ${a.near.label} ${a.near.noun} 기준으로`];
    const lead = a.ask.near !== undefined ? `${subject}에서 가장 가까운 ${a.near.noun}인 ${a.near.label} 기준으로` : choose(random, nearby);
    return `${lead} ${factsSentence(a.facts, register, strip)}`;
  }
  // "○○병원은 야간 응급실을 운영해요": a verb fact takes its subject as the topic.
  // The answer itself comes first: no "조회해 보니" before it.
  if (a.facts.every((f) => f.predicate)) return `${topic(subject)} ${factsSentence(a.facts, register, strip)}`;
  const now = a.askIntent?.when === "now" ? [`지금 ${subject}의`, `현재 ${subject}의`] : [];
  const lead = choose(random, [`${subject}의`, `${subject}의`, `${subject}의 경우`, ...now]);
  return `${lead} ${factsSentence(a.facts, register, strip)}`;
}

export function composeAnswer(state: WalkState, found: readonly Answered[], register: Register): string {
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
    case "parallel": {
      // One short value per subject reads as one sentence: "당월 고지금액은 A가 120만 원, B가 …예요."
      const one = found.map((a) => (a.facts.length === 1 && !a.near && !a.aggregate ? a.facts[0] : undefined));
      const [head] = found;
      const base = head?.askIntent?.facts[0]?.name;
      if (base && one.every((f) => f !== undefined && !f.predicate && f.count === undefined && f.text.length <= 30 && !/[.다]$/.test(f.text)) && random() < 0.5) {
        const parts = found.map((a, i) => `${josa(a.found, "이/가")} ${one[i]?.text ?? ""}`);
        const last = parts.pop() ?? "";
        return `${topic(base)} ${[...parts, end(last, register)].join(", ")}.`;
      }
      return found.map((a) => oneAnswer(a, register, state, random)).join(" ");
    }
    default:
      return found.map((a) => oneAnswer(a, register, state, random)).join(" ");
  }
}
