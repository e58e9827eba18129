/**
 * Every tool intent and hop meaning, validated once at load: a tool named here must be catalogued,
 * a fact must read one of its output fields, a hop must join two tools that have intents.
 */
import { z } from "zod";
import { CATALOG, findTool, toolProvider } from "..";
import { importedSpec } from "../import/layer";
import { outputFields, type ToolSpec } from "../spec";
import { metresText } from "../../util/korean";
import { tagInfo } from "../tags";
import { toolIO } from "../../graph/io";
import { ADDRESS_HOPS, ADDRESS_INTENTS } from "./address";
import { AIR_HOPS, AIR_INTENTS } from "./air";
import { BUSINESS_HOPS, BUSINESS_INTENTS } from "./business";
import { deriveHopIntent, deriveToolIntent, fieldTitle } from "./derive";
import { DRUG_HOPS, DRUG_INTENTS } from "./drug";
import { HEALTH_HOPS, HEALTH_INTENTS } from "./health";
import { REALESTATE_HOPS, REALESTATE_INTENTS } from "./realestate";
import { hopIntentSchema, toolIntentSchema, type HopIntent, type ToolIntent } from "./schema";
import { TOUR_HOPS, TOUR_INTENTS } from "./tour";
import { TRANSIT_HOPS, TRANSIT_INTENTS } from "./transit";
import { WEATHER_HOPS, WEATHER_INTENTS } from "./weather";

export * from "./schema";

/** Problems of the intent data against the catalog (empty when it is sound). */
export function intentProblems(tools: Record<string, ToolIntent>, hops: readonly HopIntent[]): string[] {
  const problems: string[] = [];
  for (const [name, intent] of Object.entries(tools)) {
    const spec = CATALOG.get(name);
    if (!spec) {
      problems.push(`${name}: not in the catalog`);
      continue;
    }
    const fields = new Set(outputFields(spec).map((f) => f.name));
    const params = new Set(toolIO(spec).params.map((p) => p.name));
    if (intent.label && !fields.has(intent.label)) problems.push(`${name}: label ${intent.label} is not an output field`);
    if (intent.distance && !fields.has(intent.distance.field)) problems.push(`${name}: distance ${intent.distance.field} is not an output field`);
    if (intent.find?.param !== undefined && !params.has(intent.find.param)) problems.push(`${name}: find.param ${intent.find.param} is not a parameter`);
    for (const seed of intent.find?.seeds ?? []) {
      if (seed.from === "call" && !CATALOG.has(seed.tool)) problems.push(`${name}: seed tool ${seed.tool} is not catalogued`);
    }
    for (const ask of intent.asks) for (const fact of ask.facts) for (const f of [...fact.fields, ...(fact.row ? [fact.row.field] : [])]) if (!fields.has(f)) problems.push(`${name}.${ask.id}: ${f} is not an output field`);
    for (const agg of intent.aggregates) for (const f of [agg.field, agg.label]) if (f && !fields.has(f)) problems.push(`${name}.${agg.id}: ${f} is not an output field`);
    // A question places the subject (a request that named it already leaves it out there).
    for (const q of [...intent.asks, ...intent.aggregates].flatMap((a) => a.ask.map((pair) => [a.id, pair] as const))) {
      for (const text of q[1]) if (!text.includes("{s")) problems.push(`${name}.${q[0]}: the question "${text}" does not place the subject`);
    }
  }
  for (const hop of hops) {
    if (!tools[hop.from] || !tools[hop.to]) problems.push(`hop ${hop.from}>${hop.to}: both ends need intents`);
    if (hop.means === "near" && hop.fallback && hop.say.length === 0) problems.push(`hop ${hop.from}>${hop.to}: a fallback needs words for the first try`);
  }
  return problems;
}

function load(): { tools: ReadonlyMap<string, ToolIntent>; hops: readonly HopIntent[] } {
  const raw = { ...WEATHER_INTENTS, ...AIR_INTENTS, ...TOUR_INTENTS, ...HEALTH_INTENTS, ...ADDRESS_INTENTS, ...BUSINESS_INTENTS, ...DRUG_INTENTS, ...REALESTATE_INTENTS, ...TRANSIT_INTENTS };
  const tools = z.record(z.string(), toolIntentSchema).parse(raw);
  const hops = z.array(hopIntentSchema).parse([...WEATHER_HOPS, ...AIR_HOPS, ...TOUR_HOPS, ...HEALTH_HOPS, ...ADDRESS_HOPS, ...BUSINESS_HOPS, ...DRUG_HOPS, ...REALESTATE_HOPS, ...TRANSIT_HOPS]);
  const problems = intentProblems(tools, hops);
  if (problems.length > 0) throw new Error(`tool intents: ${problems.join("; ")}`);
  return { tools: new Map(Object.entries(tools)), hops };
}

const loaded = load();

/** What a person asks each tool for, by tool name. */
export const TOOL_INTENTS: ReadonlyMap<string, ToolIntent> = loaded.tools;
/** What each hop means. */
export const HOP_INTENTS: readonly HopIntent[] = loaded.hops;

const derived = new Map<string, ToolIntent | null>();

/**
 * What a person asks a tool for: its hand-written intent, else the one its definition implies
 * (derived once per tool version), else nothing.
 */
export function toolIntent(name: string): ToolIntent | undefined {
  const hand = TOOL_INTENTS.get(name);
  if (hand) return hand;
  const tool = findTool(name);
  if (!tool) return undefined;
  const key = `${name}@${tool.version}`;
  if (!derived.has(key)) derived.set(key, deriveToolIntent(tool, importedSpec(name)));
  return derived.get(key) ?? undefined;
}

/** A verified link as the planner sees it: which output field fills which parameter. */
export interface LinkedEdge {
  from: string;
  to: string;
  bindings: readonly { field: string; param: string }[];
}

/**
 * What a link carries: the thing itself (a record's code, its name or address), the key its parts
 * are listed by (an institution's branches), a point, or none of these.
 */
type LinkKind = "identity" | "parts" | "point" | "other";

function fieldTags(tool: string, field: string): readonly string[] {
  const spec = findTool(tool);
  return (spec ? outputFields(spec) : []).find((f) => f.name === field)?.tags ?? [];
}

/**
 * A value naming one record (a content id, a business number), a name or an address is the thing
 * itself; coordinates are a point; a region code leads to what lies in the region, which is not the
 * same thing and is written by hand.
 */
function linkKind(edge: LinkedEdge): LinkKind {
  const tags = edge.bindings.map((b) => fieldTags(edge.from, b.field));
  if (tags.length > 0 && tags.every((t) => t.some((tag) => tag.startsWith("geo.") && tagInfo(tag)?.kind === "entity"))) return "point";
  // A name is the subject's only when it is the one naming the row (a DMF row's 업체명 is another thing's),
  // and only within one register: a workplace's name looked up in an imported register of one
  // kind (cosmetics makers) finds a namesake, since nothing says the workplace is of that kind, and
  // a facility's name looked up in the pension register finds a workplace of that name in another
  // city. Between built-in tools, whose shared world is written by hand, a name is the thing.
  const label = toolIntent(edge.from)?.label;
  const sameName = (!importedSpec(edge.to) && !importedSpec(edge.from)) || toolProvider(edge.from) === toolProvider(edge.to);
  const own = (b: { field: string }, t: readonly string[]) => t.some((tag) => tagInfo(tag)?.lookup === true || tag === "region.address_road" || tag === "region.address_jibun" || (tag.endsWith(".name") && sameName && (label === undefined || b.field === label)));
  // A category passed beside the thing's own key (a content type beside its content id) only says
  // which kind of record the key names: the link still carries the thing itself.
  const category = (t: readonly string[]) => t.length > 0 && t.every((tag) => tagInfo(tag)?.kind === "category");
  if (tags.length > 0 && edge.bindings.some((b, i) => own(b, tags[i] ?? [])) && edge.bindings.every((b, i) => own(b, tags[i] ?? []) || category(tags[i] ?? []))) return "identity";
  if (edge.bindings.length > 0 && edge.bindings.every((b, i) => (tags[i] ?? []).length === 0 && isKey(edge.from, b.field) && b.field.toLowerCase() === b.param.toLowerCase())) {
    // A key the target's rows carry beside keys of their own is their parent's (an institution's
    // code on each of its branches): the rows are the subject's parts.
    const target = findTool(edge.to);
    const bound = new Set(edge.bindings.map((b) => b.param.toLowerCase()));
    const ownKeys = (target ? outputFields(target) : []).filter((f) => !bound.has(f.name.toLowerCase()) && isKey(edge.to, f.name));
    const carried = (target ? outputFields(target) : []).some((f) => bound.has(f.name.toLowerCase()));
    return carried && ownKeys.length > 0 ? "parts" : "identity";
  }
  return "other";
}

/**
 * An untagged key of the definition (기관코드 instCd, 사건번호 eventNo) passed to a parameter of the
 * same name: one system's record key, read back by it. Region codes lead to what lies in a region.
 */
function isKey(tool: string, field: string): boolean {
  const spec = findTool(tool);
  const f = (spec ? outputFields(spec) : []).find((o) => o.name === field);
  const title = f ? (fieldTitle(f) ?? "") : "";
  if (/(시도|시군구|지역|행정|법정동|읍면동|분야|부문|업종|분류|구분)/.test(title)) return false;
  return /(코드|번호|ID|일련번호)$/.test(title) || /(Cd|No|Id|Sn|_id|_no|code|seq)$/i.test(field);
}

/**
 * Whether the target's rows only refer to the subject: the link fills a parameter that filters
 * another field than the one naming the rows (a manufacturer's name into a list of drug items,
 * an address into the pharmacies at it). Those rows are the subject's things, not the subject.
 */
function refersToSubject(edge: LinkedEdge, target: ToolIntent): boolean {
  const spec = importedSpec(edge.to);
  if (!spec || target.label === undefined) return false;
  const bound = new Set(edge.bindings.map((b) => b.param));
  return spec.params.some((p) => bound.has(p.name) && p.filters !== undefined && p.filters.field !== target.label);
}

/** The radius a search around a point is given, from its own example (metres). */
function radiusOf(tool: ToolSpec): { param: string; metres: number } | null {
  for (const p of toolIO(tool).params) {
    if (!p.tags.includes("geo.radius_m")) continue;
    const example = tool.examples.map((e) => e.args[p.name]).find((v): v is number => typeof v === "number");
    return { param: p.name, metres: example ?? 1000 };
  }
  return null;
}

/**
 * What a link from a point means. Into a converter (the point on a forecast grid, in TM): the same
 * point. Into a search around a point that lists the nearest first: the nearest such thing within
 * a stated radius ("반경 1km 안에서 가장 가까운 정류소"). A hand-written link into the same tool
 * says it best and is used from any point.
 */
function pointHop(edge: LinkedEdge, written: readonly HopIntent[]): HopIntent | null {
  const same = written.find((h) => h.to === edge.to);
  if (same) return { ...same, from: edge.from };
  const tool = findTool(edge.to);
  const target = toolIntent(edge.to);
  if (!tool || !target) return null;
  if (tool.kind === "local") return { from: edge.from, to: edge.to, means: "same", args: {}, say: [], rows: "one" };
  const radius = radiusOf(tool);
  const nearestFirst = outputFields(tool).some((f) => f.tags.includes("geo.distance"));
  if (!radius || !nearestFirst) return null;
  const r = metresText(radius.metres);
  const noun = target.noun;
  return { from: edge.from, to: edge.to, means: "near", args: { [radius.param]: radius.metres }, rows: "one", say: nearestSaid(r, noun) };
}

/** "The nearest such thing within r", as people put it: a dozen structures, so that requests do not all read alike. */
function nearestSaid(r: string, noun: string): string[] {
  return [
    `반경 ${r} 안에서 가장 가까운 ${noun}`,
    `${r} 안 가장 가까운 ${noun}`,
    `${r} 이내에서 제일 가까운 ${noun}`,
    `${r} 안에 있는 ${noun} 중 제일 가까운 곳`,
    `주변 ${r} 이내 ${noun} 가운데 가장 가까운 곳`,
    `${r} 안쪽 ${noun} 중 가장 가까이 있는 곳`,
    `근방 ${r} 안 ${noun} 가운데 거리가 제일 짧은 곳`,
    `${r} 반경에서 가장 가까운 ${noun} 한 곳`,
    `${r} 내에 있는 ${noun} 중 최단 거리에 있는 곳`,
    `인근 ${r} 안의 ${noun} 중 제일 가까운 곳`,
    `${r} 거리 안에서 제일 가까이 있는 ${noun}`,
    `주위 ${r} 안 ${noun} 가운데 가장 가까운 ${noun}`,
  ];
}

/**
 * What each link means: the hand-written meaning where there is one, else the one derived from
 * what the link carries, for links between tools that both have an intent.
 */
export function hopIntentsOver(edges: readonly LinkedEdge[]): HopIntent[] {
  const hand = new Map(HOP_INTENTS.map((h) => [`${h.from}>${h.to}`, h]));
  const out: HopIntent[] = [];
  const seen = new Set<string>();
  for (const edge of edges) {
    const key = `${edge.from}>${edge.to}`;
    if (seen.has(key) || edge.from === edge.to) continue;
    seen.add(key);
    const written = hand.get(key);
    if (written) {
      out.push(written);
      continue;
    }
    const target = toolIntent(edge.to);
    if (!target) continue;
    const kind = linkKind(edge);
    if (!toolIntent(edge.from)) continue;
    const many = kind === "parts" || (kind === "identity" && refersToSubject(edge, target));
    const hop = kind === "identity" || kind === "parts" ? deriveHopIntent(edge.from, edge.to, target, many ? "many" : "one") : kind === "point" ? pointHop(edge, HOP_INTENTS) : null;
    if (hop) out.push(hop);
  }
  return out;
}
