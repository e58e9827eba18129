/**
 * The quality gate every kept example passes, one rule per criterion of the review rubric
 * (/work/shared/synth-rubric.md): `language` (a request a person would type, whose context speaks
 * of the time its facts answer for; an answer without residue, float noise or a unit set apart), `derivable` (the first call finds the named subject with the tool's own
 * search parameter; every argument is stated, a default, the clock or an earlier result),
 * `coherent` (one entity per chain, no repeated call, no round trip, every result used), `answer`
 * (each asked fact is in the results the dialogue keeps and in the answer), `shape` (the shape
 * means what it says). Pure functions returning the first failure, typed by rule.
 */
import { kstYmd } from "../time/kst";
import { metresText } from "../util/korean";
import { checkFact } from "../bench/facts";
import type { FactValue } from "../bench/plan";
import { findTool } from "../catalog";
import { statedField, toolIntent } from "../catalog/intents";
import { toolIO } from "../graph/io";
import { claimsNearest } from "./compose";
import { saidAtProblem } from "./contexts";
import type { SynthExample } from "./example-schema";
import type { ArgSource } from "./plan";
import { trimmedAnswer } from "./trim";
import { executed, isStated, namedAs, statedName, type StepRecord, type WalkState } from "./walk";

export const GATE_RULES = ["language", "derivable", "coherent", "answer", "shape"] as const;
export type GateRule = (typeof GATE_RULES)[number];
export interface GateFailure {
  rule: GateRule;
  reason: string;
}

/** Template residue and machine text no person writes. */
const RESIDUE = /undefined|null|NaN|\[object Object\]|→|->|\(지금\)|\{s\}|^\s*\d+\.\s/;
/** A number with more than four decimals (float noise such as 0.021300042520379266). */
const LONG_DECIMAL = /\d\.\d{5,}/;

/** A tool's title as the catalog writes it, without 조회/검색 (requests built from titles repeat them). */
function titleOf(tool: string): string | null {
  const title = findTool(tool)?.title.ko.replace(/\s*(조회|검색)$/, "").trim();
  return title && title.length >= 4 ? title : null;
}

/** A number whose unit stands apart from it ("435,600 원"): Korean writes 435,600원, 3.4℃, 120m. */
// The unit ends the word or a particle or copula follows it ("1,350 대예요"); "3 대학교" is no unit.
const SPACED_UNIT = /\d[\d,.]*\s(원|℃|%|mm|m\/s|㎍\/㎥|km|m|건|곳|명|개|대)(?=[이예입으로의은는가보까에씩과와,.)\s]|$)/;

/** Words for a later day than today, and for this very hour. */
const LATER_DAY = /내일|모레|다음 ?주|다음 ?달|주말|(?<![가-힣])연휴/;

/**
 * A request whose context speaks of another time than its facts answer for: "내일 가려는데"
 * before this hour's temperature, "내일"/"모레" before a forecast for three days ahead (the
 * observation would be answered for the wrong day); or of a time its own instant is not: "지금
 * 산책하려는데" at 23:23, "퇴근하고" on a Sunday (src/synth/contexts.ts SAID_AT).
 */
export function timeProblem(state: WalkState, example: SynthExample): string | null {
  const request = example.request.text;
  const unsaid = saidAtProblem(request, new Date(example.now));
  if (unsaid) return `the request contradicts its instant: ${unsaid}`;
  const stale = staleIssueProblem(state, example);
  if (stale) return stale;
  const later = LATER_DAY.exec(request)?.[0];
  if (!later) return null;
  for (const ask of state.plan.intent?.asks ?? []) {
    const tool = toolIntent(ask.tool);
    const when = (ask.kind === "ask" ? tool?.asks.find((a) => a.id === ask.id) : tool?.aggregates.find((a) => a.id === ask.id))?.when;
    if (when === "now") return `the request speaks of "${later}" but asks for this hour's observation (${ask.tool})`;
    if (when === "day3") return `the request speaks of "${later}" but asks for the forecast three days ahead (${ask.tool})`;
    if (when === "last_month") return `the request speaks of "${later}" but asks about last month (${ask.tool})`;
  }
  return null;
}

/**
 * A forecast for three days ahead read from yesterday's 18:00 issue (before today's 06:00 one):
 * its 3-day fields count from the issue day, so they answer for two days from today.
 */
function staleIssueProblem(state: WalkState, example: SynthExample): string | null {
  const today = kstYmd(new Date(example.now));
  for (const ask of state.plan.intent?.asks ?? []) {
    if (ask.kind !== "ask" || toolIntent(ask.tool)?.asks.find((a) => a.id === ask.id)?.when !== "day3") continue;
    for (const call of executed(state).filter((r) => r.tool === ask.tool)) {
      const issued = call.args["tmFc"];
      if (typeof issued === "string" && /^\d{12}$/.test(issued) && issued.slice(0, 8) !== today) return `${call.id} ${call.tool}: the forecast three days ahead is read from an issue of ${issued.slice(0, 8)}, not of the request's day`;
    }
  }
  return null;
}

export function languageProblem(example: SynthExample): string | null {
  const request = example.request.text;
  const answer = example.answer.text;
  if (request.trim().length < 8) return "the request is empty";
  if (answer.trim().length < 4) return "the answer is empty";
  if (RESIDUE.test(request)) return `template residue in the request: ${request}`;
  if (RESIDUE.test(answer)) return `template residue in the answer: ${answer}`;
  if (LONG_DECIMAL.test(answer)) return "a number with more than four decimals in the answer";
  const spaced = SPACED_UNIT.exec(answer)?.[0];
  if (spaced) return `a unit set apart from its number in the answer: "${spaced}"`;
  const title = example.calls.map((c) => titleOf(c.tool)).find((t) => t !== null && request.includes(t));
  if (title) return `the request repeats the tool title "${title}"`;
  return null;
}

/** Filter parameters of a tool: the optional ones a search narrows by (not paging or format). */
function filters(tool: string): string[] {
  const spec = findTool(tool);
  return spec ? toolIO(spec).params.map((p) => p.name).filter((n) => !/^(numOfRows|pageNo|startIndex|endIndex|ver|dataTerm|_type|returnType|dataType|type)$/.test(n)) : [];
}

export function derivableProblem(state: WalkState, example: SynthExample): string | null {
  const intent = state.plan.intent;
  if (!intent) return "the plan has no intent";
  const request = example.request.text;
  for (const [slot, stepId] of Object.entries(intent.entities)) {
    const call = example.calls.find((c) => c.id === stepId);
    const find = toolIntent(call?.tool ?? "")?.find;
    if (!call || !find) return `entity ${slot} is found by no call`;
    if (Object.keys(call.args).length === 0 && filters(call.tool).length > 0) return `${call.id} ${call.tool} lists everything with {} for a named subject`;
    const found = state.steps.find((r) => r.id === stepId);
    const named = statedName(found, find.param);
    if (named === undefined) return find.param !== undefined ? `${call.id} ${call.tool} does not search by ${find.param}` : `${call.id} ${call.tool} lists, and no name picks its row`;
    // A register read whole must be read whole: on a first page of many the named row is there by chance.
    const listed = found?.result;
    if (find.param === undefined && listed && listed.totalCount > listed.items.length) return `${call.id} ${call.tool} reads ${listed.items.length} of ${listed.totalCount} rows of a register no parameter searches`;
    if (!request.includes(named)) return `the request does not state "${named}"`;
    // Several rows of that very name (four clinics called 박치과의원 in four cities): which one the
    // user means is not derivable, and an answer about one of them would pass it off as the only one.
    const label = statedField(toolIntent(call.tool));
    const rows = state.steps.find((r) => r.id === stepId)?.result?.items ?? [];
    const same = label ? rows.filter((row) => namedAs(row[label], named)).length : 0;
    if (same > 1) return `${same} rows of ${call.tool} are named "${named}": the subject is ambiguous`;
  }
  const picked = pickProblem(state, example);
  if (picked) return picked;
  const ran = new Set(example.calls.map((c) => c.id));
  for (const r of executed(state)) {
    const step = state.plan.steps.find((s) => s.id === r.id);
    for (const [name, source] of Object.entries(step?.args ?? {})) {
      if (isStated(state, source)) {
        if (!request.includes(String(r.args[name]))) return `${r.id}.${name}=${String(r.args[name])} is not stated in the request`;
      } else if ((source.from === "step" || source.from === "arg") && !ran.has(source.step)) return `${r.id}.${name} reads ${source.step}, which did not run`;
    }
  }
  return null;
}

/**
 * A call whose answer is taken from a row other than the first: allowed only for the row named
 * exactly as the request names it, the only row so named, with the names shown in the dialogue.
 * Otherwise the model takes the Nth row for no reason it can see (the review's "서울내과의원":
 * six rows, the names trimmed away, row 2 taken).
 */
export function pickProblem(state: WalkState, example: SynthExample): string | null {
  for (const call of example.calls) {
    const rows = [...new Set(Object.values(state.steps.find((r) => r.id === call.id)?.picks ?? {}))].filter((i) => i !== 0);
    if (rows.length === 0) continue;
    const pick = state.plan.steps.find((s) => s.id === call.id)?.pick;
    const label = statedField(toolIntent(call.tool));
    if (!pick || !label) return `${call.id} ${call.tool} takes row ${rows[0]} for no stated reason`;
    const named = String(statedName(state.steps.find((r) => r.id === call.id), pick.param) ?? "").trim();
    if (!example.request.text.includes(named)) return `${call.id} ${call.tool} takes row ${rows[0]} by a name the request does not state`;
    for (const index of rows) {
      const found = call.items[index]?.[label];
      if (!namedAs(found, named)) return `${call.id} ${call.tool} takes row ${index} ("${String(found ?? "")}"), which is not named "${named}"`;
    }
    const same = call.items.filter((i) => namedAs(i[label], named)).length;
    if (same > 1) return `${same} rows of ${call.tool} are named "${named}": the subject is ambiguous`;
    const shown = (JSON.parse(trimmedAnswer(example, call).content) as { items: Record<string, unknown>[] }).items;
    if (!shown.some((i) => namedAs(i[label], named)) || shown.some((i) => i[label] === undefined)) return `the dialogue's ${call.tool} result does not show ${label}, so row ${rows[0]} is taken for no visible reason`;
  }
  return null;
}

/** Words that call a row the nearest one. */
const NEAREST = /(가장|제일)\s*가까/;

/**
 * "The nearest pharmacy" is an answer only with its distance: the near search that answers it
 * shows each row's distance, the row taken is the nearest shown, and a fact states its distance
 * (answerProblem then checks the answer says it and the dialogue shows it). A request or answer
 * that calls something the nearest with no such search fails.
 */
export function nearestProblem(state: WalkState, example: SynthExample): string | null {
  const intent = state.plan.intent;
  const claimed = NEAREST.test(example.request.text) || NEAREST.test(example.answer.text);
  let measured = false;
  for (const ask of intent?.asks ?? []) {
    if (!intent || !claimsNearest(ask, intent)) continue;
    for (const [slot, stepId] of Object.entries(ask.steps)) {
      const fallback = intent.fallback;
      const first = fallback && stepId === fallback.then ? state.steps.find((r) => r.id === fallback.first && !r.skipped) : undefined;
      const nearId = ask.nearSteps?.[slot] ?? ((first?.result?.items.length ?? 0) > 0 ? first?.id : stepId);
      const near = state.steps.find((r) => r.id === nearId && !r.skipped);
      const distance = toolIntent(near?.tool ?? "")?.distance;
      if (!near || !distance) continue;
      const index = near.picks["0"] ?? 0;
      const pattern = new RegExp(`^\\$${near.id}\\.items\\[${index}\\]\\.${distance.field}$`);
      if (!example.facts.some((f) => typeof f.spec.value === "string" && pattern.test(f.spec.value))) return `${near.id} ${near.tool} is called the nearest, but no fact states its ${distance.field}`;
      const values = (near.result?.items ?? []).map((i) => Number(i[distance.field]));
      const taken = values[index];
      if (taken === undefined || !Number.isFinite(taken) || values.some((v) => Number.isFinite(v) && v < taken)) return `${near.id} ${near.tool}: the row taken is not the nearest of its rows`;
      // The pharmacy nearest a pharmacy is itself, 0 m away (under a metre, said as 0 m): nothing was asked.
      if (taken < 1) return `${near.id} ${near.tool}: the nearest one is the subject itself`;
      measured = true;
    }
  }
  // A station 37 km off measures another town's air: what it says is not the place's.
  for (const step of state.steps) {
    const distance = toolIntent(step.tool)?.distance;
    if (step.skipped || distance?.unit !== "km") continue;
    for (const index of Object.values(step.picks).length > 0 ? Object.values(step.picks) : [0]) {
      const taken = Number(step.result?.items[index]?.[distance.field]);
      if (Number.isFinite(taken) && taken > FARTHEST_KM) return `${step.id} ${step.tool}: the nearest is ${taken} km away, too far to speak for the place`;
    }
  }
  return claimed && !measured ? "the request or answer speaks of the nearest one, but no search by distance answers it" : null;
}

/** How far the nearest measuring station may be and still speak for a place (km). */
const FARTHEST_KM = 10;

/** Tools that undo each other: a chain through both is a round trip. */
const INVERSES: [string, string][] = [
  ["wgs84_to_airkorea_tm", "airkorea_tm_to_wgs84"],
  ["wgs84_to_utmk", "utmk_to_wgs84"],
];

export function coherenceProblem(state: WalkState, example: SynthExample): string | null {
  const seen = new Set<string>();
  for (const c of example.calls) {
    const key = JSON.stringify([c.tool, c.args]);
    if (seen.has(key)) return `${c.tool} is called twice with the same arguments`;
    seen.add(key);
  }
  const steps = new Map(state.plan.steps.map((s) => [s.id, s]));
  const bySlot = new Map<number, string[]>();
  for (const c of example.calls) {
    const step = steps.get(c.id);
    if (!step) continue;
    bySlot.set(step.slot, [...(bySlot.get(step.slot) ?? []), c.tool]);
    // A step about one entity reads only that entity's steps (or the seed naming it).
    for (const source of Object.values(step.args)) {
      if (source.from !== "step") continue;
      const from = steps.get(source.step);
      if (from && !from.seed && from.slot !== step.slot) return `${c.id} of entity ${step.slot} reads ${from.id} of entity ${from.slot}`;
    }
  }
  for (const [slot, tools] of bySlot) {
    for (const [a, b] of INVERSES) if (tools.includes(a) && tools.includes(b)) return `entity ${slot} goes ${a} and back (${b})`;
  }
  const intent = state.plan.intent;
  // The search must have found what was named: the row taken carries that very name (as people
  // say it: a drug without its parenthesised ingredient), not one that merely contains it (평동
  // answered by 양평동's air).
  for (const [slot, stepId] of Object.entries(intent?.entities ?? {})) {
    const r = state.steps.find((s) => s.id === stepId);
    const tool = toolIntent(r?.tool ?? "");
    const named = tool?.find ? statedName(r, tool.find.param) : undefined;
    const field = statedField(tool);
    const label = field ? r?.result?.items[r.picks["0"] ?? 0]?.[field] : undefined;
    if (typeof named === "string" && typeof label === "string" && !namedAs(label, named)) return `entity ${slot}: the search for "${named}" found "${label}"`;
  }
  const names = Object.values(intent?.entities ?? {}).map((id) => {
    const r = state.steps.find((s) => s.id === id);
    const tool = toolIntent(r?.tool ?? "");
    return String((tool?.find ? statedName(r, tool.find.param) : undefined) ?? id);
  });
  if (new Set(names).size !== names.length) return "two entities have the same name";
  // "우루사정" beside "우루사정100밀리그램": an answer's sentence about one is also about the other.
  if (names.some((a, i) => names.some((b, j) => i !== j && b.includes(a)))) return "one entity's name is inside another's";
  const found = Object.values(intent?.entities ?? {}).map((id) => {
    const r = state.steps.find((s) => s.id === id);
    const label = toolIntent(r?.tool ?? "")?.label;
    return JSON.stringify(label ? r?.result?.items[r.picks["0"] ?? 0]?.[label] : id);
  });
  if (new Set(found).size !== found.length) return "two named entities are the same row";
  // Every call's result is used: read by a later call, or holding an asked fact.
  const read = new Set<string>();
  for (const c of example.calls) for (const source of Object.values(steps.get(c.id)?.args ?? {})) if (source.from === "step" || source.from === "arg") read.add(source.step);
  const answering = new Set((intent?.asks ?? []).flatMap((a) => Object.values(a.steps)));
  if (intent?.fallback) answering.add(intent.fallback.first);
  const unused = example.calls.find((c) => !read.has(c.id) && !answering.has(c.id));
  return unused ? `the result of ${unused.id} ${unused.tool} is never used` : null;
}

/** The call and field a fact's reference reads (`$s3.items[2].pm10Value`). */
function readOf(spec: unknown, calls: SynthExample["calls"]): { call: string; index: number; field: string } | null {
  if (typeof spec !== "string") return null;
  const m = /^\$(s\d+)\.items\[(\d+)\]\.([A-Za-z0-9_]+)/.exec(spec);
  if (m) return { call: m[1] ?? "", index: Number(m[2]), field: m[3] ?? "" };
  const f = /^\$(s\d+)\.items\[\?([A-Za-z0-9_]+)=([^\]]+)\]\.([A-Za-z0-9_]+)/.exec(spec);
  if (!f) return null;
  const items = calls.find((c) => c.id === f[1])?.items ?? [];
  return { call: f[1] ?? "", index: items.findIndex((i) => String(i[f[2] ?? ""]) === f[3]), field: f[4] ?? "" };
}

export function answerProblem(example: SynthExample): string | null {
  if (example.facts.length === 0) return "no answer facts";
  for (const fact of example.facts) {
    if (!checkFact(fact.spec, fact.value as FactValue, example.answer.text).found) return `the answer does not state ${fact.name} (${String(fact.value)})`;
    const read = readOf(fact.spec.value, example.calls);
    if (!read) continue;
    const call = example.calls.find((c) => c.id === read.call);
    if (!call) return `${fact.name} reads ${read.call}, which is not in the dialogue`;
    const shown = JSON.parse(trimmedAnswer(example, call).content) as { items: Record<string, unknown>[] };
    const raw = call.items[read.index]?.[read.field];
    const selector = /\[\?([A-Za-z0-9_]+)=/.exec(String(fact.spec.value))?.[1];
    const kept = shown.items.some((i) => i[read.field] !== undefined && String(i[read.field]) === String(raw) && (selector === undefined || i[selector] !== undefined));
    if (!kept) return `the dialogue's ${call.tool} result does not show ${read.field}, which ${fact.name} needs`;
  }
  return null;
}

/** A search radius as a request says it: 300m or 300미터, 1km or 1킬로(미터). */
function radiusWords(source: ArgSource | undefined): string[] | null {
  const value = source?.from === "default" || source?.from === "user" ? Number(source.value) : NaN;
  if (!Number.isFinite(value) || value <= 0) return null;
  return [metresText(value), value >= 1000 ? `${value / 1000}킬로` : `${value}미터`];
}

/**
 * A conditional's condition, which its request must state: the words of the narrow search radius
 * and of the wider one it falls back to (null for a step whose radius is not stated).
 */
export function conditionRadii(state: WalkState): [string[] | null, string[] | null] | null {
  const fallback = state.plan.intent?.fallback;
  if (state.plan.shape !== "conditional" || !fallback) return null;
  const radius = (id: string) => radiusWords(state.plan.steps.find((s) => s.id === id)?.args["radius"]);
  return [radius(fallback.first), radius(fallback.then)];
}

function items(r: StepRecord | undefined): number {
  return r?.result?.items.length ?? 0;
}

export function shapeProblem(state: WalkState, example: SynthExample): string | null {
  const intent = state.plan.intent;
  if (!intent) return "the plan has no intent";
  const entities = Object.keys(intent.entities).length;
  const record = (id: string) => state.steps.find((s) => s.id === id && !s.skipped);
  switch (state.plan.shape) {
    case "sequential":
      return example.calls.length >= 2 ? null : "a sequential example of one call";
    case "fan_out":
      return intent.asks.length >= 2 && new Set(intent.asks.map((a) => a.tool)).size >= 2 && entities === 1 ? null : "a fan-out needs two facts from different tools about one entity";
    case "parallel":
      return entities >= 2 ? null : "a parallel example needs two named entities";
    case "comparison": {
      if (entities !== 2) return "a comparison needs two entities";
      const [left, right] = example.facts;
      if (typeof left?.value !== "number" || typeof right?.value !== "number") return "a comparison of values that are not numbers";
      if (left.value === right.value) return "a tie has no winner";
      return null;
    }
    case "conditional": {
      const fallback = intent.fallback;
      if (!fallback) return "a conditional without its condition";
      // The condition is the request's: it says the narrow search and the wider one it falls back to.
      for (const radius of conditionRadii(state) ?? []) {
        if (radius && !radius.some((r) => example.request.text.includes(r))) return `the request does not state the condition (${radius[0] ?? ""})`;
      }
      const first = record(fallback.first);
      const then = record(fallback.then);
      if (!first) return "the first branch did not run";
      if (items(first) > 0 && then) return "the fallback ran although the first branch found something";
      if (items(first) === 0 && !then) return "the first branch found nothing and the fallback did not run";
      return null;
    }
    case "reduction": {
      const ask = intent.asks[0];
      const r = ask ? record(ask.steps["0"] ?? "") : undefined;
      if (!r?.result) return "the aggregated list is missing";
      const counts = example.facts.some((f) => typeof f.spec.value === "string" && f.spec.value.endsWith(".totalCount"));
      if (!counts && r.result.items.length < r.result.totalCount) return `an aggregate over ${r.result.items.length} of ${r.result.totalCount} rows`;
      // A maximum of two rows or a count of none or one asks nothing a list had to answer.
      if (!counts && r.result.items.length < 3) return "an aggregate over fewer than three rows";
      if (counts && r.result.totalCount < 2) return `a count of ${r.result.totalCount}`;
      // The pharmacies around a pharmacy list it first, 0 m away: "how many around it" would count it too.
      const distance = toolIntent(r.tool)?.distance;
      if (counts && distance && r.result.items.some((i) => Number(i[distance.field]) === 0)) return "a count around a subject that lists the subject itself (0 m away)";
      return null;
    }
  }
}

/** The first rule the example breaks, or null when it may be kept. */
export function gateOf(state: WalkState, example: SynthExample): GateFailure | null {
  const checks: [GateRule, () => string | null][] = [
    ["language", () => languageProblem(example) ?? timeProblem(state, example)],
    ["derivable", () => derivableProblem(state, example)],
    ["coherent", () => coherenceProblem(state, example)],
    ["answer", () => answerProblem(example) ?? nearestProblem(state, example)],
    ["shape", () => shapeProblem(state, example)],
  ];
  for (const [rule, check] of checks) {
    const reason = check();
    if (reason) return { rule, reason };
  }
  return null;
}
