/**
 * How an edge's bindings are tried: in units, one at a time. A unit is what must travel together
 * (a latitude with its longitude, a building number with its road code); the core is the unit of
 * the target's required key parameters, which every try carries; the other units are tried one by
 * one on top of the core, or, when the target has no required key, each on its own as an
 * alternative link. Pure code over plain data.
 */
import { tagInfo, type TagKind } from "../catalog/tags";
import type { Binding, ParamInfo, ToolIO } from "./io";

export interface Unit {
  bindings: Binding[];
  /** The lowest score of its bindings. */
  score: number;
}

export interface EdgePlan {
  /** The required key parameters the source binds, tried first; null when the target has none bound. */
  core: Unit | null;
  /** With a core: extras tried on top of it; without: alternatives, best first, the first verified one wins. */
  units: Unit[];
}

const kindsOf = (tags: readonly string[]): TagKind[] => tags.map((t) => tagInfo(t)?.kind ?? "entity");

/** A parameter whose tags are all roles of a date or time, or formats: it may come from the target's example. */
export function isTimeParam(param: ParamInfo): boolean {
  const kinds = kindsOf(param.tags);
  return kinds.length > 0 && kinds.every((k) => k === "time" || k === "format");
}

function isEnumParam(param: ParamInfo): boolean {
  return Array.isArray(param.schema["enum"]) || param.schema["const"] !== undefined;
}

function isCategoryParam(param: ParamInfo): boolean {
  const kinds = kindsOf(param.tags);
  return kinds.length > 0 && kinds.every((k) => k === "category");
}

/** The binding group of a parameter (latitude and longitude share one); its own name when it has none. */
export function groupOf(param: ParamInfo): string {
  for (const tag of param.tags) {
    const group = tagInfo(tag)?.group;
    if (group) return group;
  }
  return `param:${param.name}`;
}

/** A parameter that may be left to the target's own example: a time, or a plain option (a product name), never a key. */
export function fillableFromExample(param: ParamInfo): boolean {
  return isTimeParam(param) || (isEnumParam(param) && param.tags.length === 0);
}

/**
 * Whether a parameter of the target is carried from the arguments of the source's own call (the
 * city code a TAGO chain goes on with): the source takes a parameter of that name meaning the same
 * thing (a shared entity tag). A time is never carried: it comes from the target's own example.
 */
export function carriedFromSource(from: ToolIO, param: ParamInfo): boolean {
  return from.params.some((p) => p.name === param.name && p.tags.some((t) => param.tags.includes(t) && tagInfo(t)?.kind === "entity"));
}

function unitOf(bindings: Binding[]): Unit {
  return { bindings, score: Math.min(...bindings.map((b) => b.score)) };
}

/** Bindings of one group that read the same field twice are alternatives (a tour area list's `code`), not one unit. */
function splitGroup(bindings: Binding[]): Binding[][] {
  const fields = new Set(bindings.map((b) => b.field));
  return fields.size === bindings.length ? [bindings] : bindings.map((b) => [b]);
}

/** The core and the units of an edge's bindings into `to`; null when the edge cannot be a link. */
export function planEdge(from: ToolIO, to: ToolIO, bindings: readonly Binding[]): EdgePlan | null {
  const params = new Map(to.params.map((p) => [p.name, p]));
  const paramOf = (b: Binding): ParamInfo | undefined => params.get(b.param);
  // Every required parameter must come from the source (bound, or carried from its call) unless it is a time or an enumeration.
  const bound = new Set(bindings.map((b) => b.param));
  for (const p of to.params) {
    if (p.required && !bound.has(p.name) && !carriedFromSource(from, p) && !fillableFromExample(p)) return null;
  }
  const keyParam = (p: ParamInfo | undefined) => p !== undefined && p.required && !isTimeParam(p);
  const coreGroups = new Set(bindings.filter((b) => keyParam(paramOf(b))).map((b) => groupOf(paramOf(b) as ParamInfo)));
  const core = bindings.filter((b) => {
    const p = paramOf(b);
    return p !== undefined && (coreGroups.has(groupOf(p)) || (p.required && isCategoryParam(p) && coreGroups.size > 0));
  });
  const rest = bindings.filter((b) => !core.includes(b));
  const byGroup = new Map<string, Binding[]>();
  for (const b of rest) {
    const p = paramOf(b);
    if (!p) continue;
    const list = byGroup.get(groupOf(p)) ?? [];
    list.push(b);
    byGroup.set(groupOf(p), list);
  }
  // A category (a content type, a department) narrows a link but never makes one on its own; nor
  // does an optional date bound (a festival search's latest start date) without the date it bounds.
  const alone = (b: Binding) => {
    const p = paramOf(b) as ParamInfo;
    return isCategoryParam(p) || (isTimeParam(p) && !p.required);
  };
  // With a core the target's times come from its own example (now), not from the source's times.
  const units = [...byGroup.values()]
    .flatMap(splitGroup)
    .filter((group) => (core.length > 0 ? !group.every((b) => isTimeParam(paramOf(b) as ParamInfo)) : !group.every(alone)))
    .filter((group) => !group.every((b) => isCategoryParam(paramOf(b) as ParamInfo)))
    .map(unitOf)
    .sort((a, b) => rank(b, params) - rank(a, params) || b.score - a.score || b.bindings.length - a.bindings.length || unitName(a).localeCompare(unitName(b)));
  if (core.length === 0 && units.length === 0) return null;
  return { core: core.length > 0 ? unitOf(core) : null, units };
}

/** Alternatives, most specific first: a record's own id, then a position, then the rest. */
function rank(unit: Unit, params: ReadonlyMap<string, ParamInfo>): number {
  const tags = unit.bindings.flatMap((b) => params.get(b.param)?.tags ?? []);
  if (tags.some((t) => tagInfo(t)?.lookup)) return 2;
  return tags.some((t) => tagInfo(t)?.group === "geo.wgs84") ? 1 : 0;
}

export function unitName(unit: Unit): string {
  return unit.bindings.map((b) => `${b.field}→${b.param}`).join(", ");
}
