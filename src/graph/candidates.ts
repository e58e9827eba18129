/**
 * Candidate links between tool outputs and tool inputs, scored from semantic tags, names and the
 * formats of real values seen. One edge per (A, B) carries every binding of B's parameters that A
 * can provide. Pure code over plain data.
 */
import { tagInfo, type TagKind } from "../catalog/tags";
import type { OutputField } from "../catalog/spec";
import type { Binding, ParamInfo, ToolIO } from "./io";
import { planEdge } from "./units";
import { editDistance } from "../util/edit-distance";

export interface CandidateEdge {
  id: string;
  from: string;
  to: string;
  bindings: Binding[];
  score: number;
  reasons: string[];
}

/** Values seen per tool and output field, from real calls. */
export type Observed = Record<string, Record<string, unknown[]>>;

/** Whether a value satisfies a tool's parameter (its zod schema in the real caller). */
export type ParamCheck = (tool: string, param: string, value: unknown) => boolean;

export const SCORE_WEIGHTS = { tag: 0.5, name: 0.3, format: 0.2 } as const;
/** Low on purpose: a related-tag pair whose values do not fit still goes to verification, which rejects it. */
export const MIN_BINDING_SCORE = 0.25;

const normName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

export function edgeId(from: string, to: string): string {
  return `${from}->${to}`;
}


/** Tags that may anchor a link: entities and roles of dates and times, not formats, measures or companions. */
function linkable(tags: readonly string[]): { tag: string; kind: TagKind }[] {
  return tags.map((tag) => ({ tag, kind: tagInfo(tag)?.kind ?? "entity" })).filter((t) => t.kind === "entity" || t.kind === "time" || t.kind === "category");
}

/**
 * 1 for a shared entity, category or time-role tag; partial for entity tags of one family (biz.b_no6 ~
 * biz.b_no10; geo.utmk.x ~ geo.tm.x). A shared format tag (two dates written YYYYMMDD) relates nothing.
 */
export function tagRelation(fieldTags: readonly string[], paramTags: readonly string[]): { score: number; reason: string | null } {
  let best: { score: number; reason: string | null } = { score: 0, reason: null };
  const params = linkable(paramTags);
  for (const a of linkable(fieldTags)) {
    for (const b of params) {
      if (a.tag === b.tag) return { score: 1, reason: `shared tag ${a.tag}` };
      if (a.kind !== "entity" || b.kind !== "entity") continue;
      if (a.tag.replace(/\d+$/, "") === b.tag.replace(/\d+$/, "") && best.score < 0.6) best = { score: 0.6, reason: `related tags ${a.tag} ~ ${b.tag}` };
      const sa = a.tag.split(".");
      const sb = b.tag.split(".");
      if (sa.length === 3 && sb.length === 3 && sa[0] === sb[0] && sa[2] === sb[2] && best.score < 0.5) best = { score: 0.5, reason: `related tags ${a.tag} ~ ${b.tag}` };
    }
  }
  return best;
}

/**
 * Name relations already computed: a catalog of thousands of imported operations repeats the same
 * field and parameter names, and the edit distance was most of the candidate scoring's time.
 * Bounded: emptied when full.
 */
const nameRelations = new Map<string, { score: number; reason: string | null }>();
const NAME_RELATIONS_MAX = 200_000;

/** 1 for the same name up to case and separators (contentid ~ contentId, gpslati ~ gpsLati). */
export function nameRelation(field: string, param: string): { score: number; reason: string | null } {
  const key = `${field}\u0000${param}`;
  let relation = nameRelations.get(key);
  if (!relation) {
    if (nameRelations.size >= NAME_RELATIONS_MAX) nameRelations.clear();
    nameRelations.set(key, (relation = computeNameRelation(field, param)));
  }
  return relation;
}

function computeNameRelation(field: string, param: string): { score: number; reason: string | null } {
  const a = normName(field);
  const b = normName(param);
  if (a === b) return { score: 1, reason: `same name ${field} ~ ${param}` };
  const ratio = 1 - editDistance(a, b) / Math.max(a.length, b.length, 1);
  if (ratio >= 0.75) return { score: ratio, reason: `similar names ${field} ~ ${param}` };
  if (Math.min(a.length, b.length) >= 4 && (a.includes(b) || b.includes(a))) return { score: 0.6, reason: `name ${field} contains ${param}` };
  return { score: 0, reason: null };
}

function formatScore(tool: string, param: ParamInfo, values: readonly unknown[], check: ParamCheck): { score: number; reason: string } {
  const seen = values.filter((v) => v !== null && v !== undefined).slice(0, 12);
  if (seen.length === 0) return { score: 0.5, reason: "no values seen" };
  const valid = seen.filter((v) => check(tool, param.name, v)).length;
  return { score: valid / seen.length, reason: `format ${valid}/${seen.length} values fit ${param.name}` };
}

function scoreBinding(from: ToolIO, field: OutputField, to: ToolIO, param: ParamInfo, observed: Observed, check: ParamCheck): Binding | null {
  // A value read relative to the query (a distance) or a measure is never carried; a companion is never a link's value.
  if (field.tags.some((t) => ["relative", "measure"].includes(tagInfo(t)?.kind ?? ""))) return null;
  if (param.tags.length > 0 && param.tags.every((t) => tagInfo(t)?.kind === "companion")) return null;
  const tag = tagRelation(field.tags, param.tags);
  const name = nameRelation(field.name, param.name);
  // A link needs an anchor: a tag in common (or of one family), the same name, or a similar name
  // where the tags do not say the two are different things (dongNm of a building is not emdongNm).
  const contradict = linkable(field.tags).length > 0 && linkable(param.tags).length > 0 && tag.score === 0;
  const anchored = tag.score >= 0.5 || name.score === 1 || (name.score >= 0.75 && !contradict);
  if (!anchored) return null;
  const format = formatScore(to.name, param, observed[from.name]?.[field.name] ?? [], check);
  const score = SCORE_WEIGHTS.tag * tag.score + SCORE_WEIGHTS.name * name.score + SCORE_WEIGHTS.format * format.score;
  if (score < MIN_BINDING_SCORE) return null;
  const reasons = [tag.reason, name.reason, format.reason].filter((r): r is string => r !== null);
  return { field: field.name, param: param.name, score: Number(score.toFixed(3)), reasons };
}

/** A converter straight back into the kind of value its source converter took (WGS84 → UTM-K → WGS84) adds nothing. */
function roundTrip(from: ToolIO, to: ToolIO): boolean {
  if (from.kind !== "local" || to.kind !== "local") return false;
  const taken = new Set(from.params.flatMap((p) => p.tags));
  const given = to.outputs.flatMap((f) => f.tags);
  return given.length > 0 && given.every((t) => taken.has(t));
}

/**
 * Which fields may bind which parameter, known beforehand (an index of the anchors): a field it
 * rules out would find no anchor in `scoreBinding`, so skipping it changes nothing but the time.
 */
export type MayBind = (field: OutputField, param: ParamInfo) => boolean;

/**
 * The candidate edge from A to B, if any: for each parameter of B the best field of A binds it. An
 * edge is proposed only when it can be a link: B's required keys come from A (bound, or carried
 * from A's own call), and some binding is more than a category.
 */
export function candidateEdge(from: ToolIO, to: ToolIO, observed: Observed, check: ParamCheck, mayBind?: MayBind): CandidateEdge | null {
  if (roundTrip(from, to)) return null;
  const bindings: Binding[] = [];
  for (const param of to.params) {
    let best: Binding | null = null;
    for (const field of from.outputs) {
      if (mayBind && !mayBind(field, param)) continue;
      const binding = scoreBinding(from, field, to, param, observed, check);
      if (binding && (!best || binding.score > best.score)) best = binding;
    }
    if (best) bindings.push(best);
  }
  if (bindings.length === 0 || planEdge(from, to, bindings) === null) return null;
  const score = Math.max(...bindings.map((b) => b.score));
  const reasons = [...new Set(bindings.flatMap((b) => b.reasons.map((r) => `${b.field}→${b.param}: ${r}`)))];
  return { id: edgeId(from.name, to.name), from: from.name, to: to.name, bindings, score, reasons };
}

/** Every candidate edge of a set of tools, by source, then by target. */
export function candidateEdges(tools: readonly ToolIO[], observed: Observed, check: ParamCheck): CandidateEdge[] {
  return tools.flatMap((from) => tools.flatMap((to) => candidateEdge(from, to, observed, check) ?? []));
}
