/**
 * The same candidate edges as `candidateEdges`, found without comparing every tool with every
 * other: a link needs an anchor (a related tag or a similar name, as `scoreBinding` requires), so
 * anchors are computed once between the distinct tags and names of the catalog, and each target is
 * scored only against the sources that hold an anchored field, and within a pair only the anchored
 * fields. With 10,000 tools this is the difference between 10^8 pairs and the few that can link.
 * Each pair is the graph's own (`candidateEdge`); this only chooses which pairs and fields to score.
 *
 * A catalog of generated or imported operations repeats the same parameters (a region code, a
 * business number) thousands of times: what a parameter is anchored to is computed once per
 * parameter signature (its name and tags), not once per tool.
 */
import type { OutputField } from "../catalog/spec";
import { candidateEdge, nameRelation, tagRelation, type CandidateEdge, type Observed, type ParamCheck } from "./candidates";
import type { ParamInfo, ToolIO } from "./io";

/** Below these `scoreBinding` finds no anchor, whatever else matches. */
const TAG_ANCHOR = 0.5;
const NAME_ANCHOR = 0.75;

export interface IndexOptions {
  /**
   * At most this many sources per target parameter: the best anchored (a shared tag before a
   * related one before a similar name, built-in tools first), and among equals a window of
   * sources chosen by the target (sources ordered by a hash of their names, from the target's own
   * hash on), so that different targets draw on different sources. Unset, every anchored source
   * is scored and the result equals `candidateEdges`. A catalog of thousands of imported
   * operations needs a bound: a thousand address producers need not all feed juso_search.
   */
  sourcesPerParam?: number;
}

/** FNV-1a of a name: a stable order of sources, and where each target's window of them starts. */
function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Index of the tools that hold each key (in tool order, each once). */
function indexBy(tools: readonly ToolIO[], keys: (field: OutputField) => readonly string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  tools.forEach((tool, i) => {
    for (const field of tool.outputs) {
      for (const key of keys(field)) {
        let list = out.get(key);
        if (!list) out.set(key, (list = []));
        if (list.at(-1) !== i) list.push(i);
      }
    }
  });
  return out;
}

/** What one parameter signature is anchored to: the field tags and names that may bind it, and the sources holding them. */
interface Anchors {
  fieldTags: ReadonlySet<string>;
  fieldNames: ReadonlySet<string>;
  /** Every anchored source (no bound). */
  sources: readonly number[];
  /** With a bound: the anchored sources by rank, best first, each rank ordered by source hash. */
  ranks: readonly (readonly number[])[];
}

/** The first position in `list` (ordered by hash) whose hash is at least `hash`. */
function lowerBound(list: readonly number[], hashes: readonly number[], hash: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((hashes[list[mid] ?? 0] ?? 0) < hash) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function indexedCandidateEdges(tools: readonly ToolIO[], observed: Observed, check: ParamCheck, options: IndexOptions = {}): CandidateEdge[] {
  const limit = options.sourcesPerParam;
  // Local tools and built-in upstream ones come first among equally anchored sources.
  const preferred = tools.map((t) => t.kind === "local" || t.provider === null || !t.provider.startsWith("x_"));
  const hashes = tools.map((t) => nameHash(t.name));
  const byFieldTag = indexBy(tools, (field) => field.tags);
  const byFieldName = indexBy(tools, (field) => [field.name]);
  const fieldTags = [...byFieldTag.keys()];
  const fieldNames = [...byFieldName.keys()];
  const tagAnchors = new Map<string, string[]>();
  const nameAnchors = new Map<string, string[]>();
  const anchoredTags = (tag: string) => {
    let found = tagAnchors.get(tag);
    if (!found) tagAnchors.set(tag, (found = fieldTags.filter((f) => tagRelation([f], [tag]).score >= TAG_ANCHOR)));
    return found;
  };
  const anchoredNames = (name: string) => {
    let found = nameAnchors.get(name);
    if (!found) nameAnchors.set(name, (found = fieldNames.filter((f) => nameRelation(f, name).score >= NAME_ANCHOR)));
    return found;
  };

  const signatures = new Map<string, Anchors>();
  const anchorsOf = (param: ParamInfo): Anchors => {
    const key = `${param.name}\u0000${param.tags.join("\u0000")}`;
    let anchors = signatures.get(key);
    if (anchors) return anchors;
    // Strength of each anchored source: 3 a shared tag, 2 a related tag, 1 a similar name.
    const strength = new Map<number, number>();
    const offer = (i: number, s: number) => strength.set(i, Math.max(strength.get(i) ?? 0, s));
    const tags = new Set<string>();
    for (const tag of param.tags) {
      for (const fieldTag of anchoredTags(tag)) {
        tags.add(fieldTag);
        for (const i of byFieldTag.get(fieldTag) ?? []) offer(i, fieldTag === tag ? 3 : 2);
      }
    }
    const names = new Set(anchoredNames(param.name));
    for (const name of names) for (const i of byFieldName.get(name) ?? []) offer(i, 1);
    const sources = [...strength.keys()];
    let ranks: number[][] = [];
    if (limit !== undefined && sources.length > limit) {
      const byRank = new Map<number, number[]>();
      for (const [i, s] of strength) {
        const rank = s * 2 + (preferred[i] ? 1 : 0);
        let list = byRank.get(rank);
        if (!list) byRank.set(rank, (list = []));
        list.push(i);
      }
      ranks = [...byRank.entries()].sort((a, b) => b[0] - a[0]).map(([, list]) => list.sort((a, b) => (hashes[a] ?? 0) - (hashes[b] ?? 0) || a - b));
    }
    anchors = { fieldTags: tags, fieldNames: names, sources, ranks };
    signatures.set(key, anchors);
    return anchors;
  };

  /** The sources of one target parameter: all of them, or the best `limit` as IndexOptions says. */
  const chosen = (anchors: Anchors, toHash: number): readonly number[] => {
    if (limit === undefined || anchors.sources.length <= limit) return anchors.sources;
    const out: number[] = [];
    for (const rank of anchors.ranks) {
      const room = limit - out.length;
      if (rank.length <= room) {
        out.push(...rank);
        continue;
      }
      const start = lowerBound(rank, hashes, toHash);
      for (let k = 0; k < room; k++) out.push(rank[(start + k) % rank.length] ?? 0);
      break;
    }
    return out;
  };

  const edges: { from: number; to: number; edge: CandidateEdge }[] = [];
  tools.forEach((to, toIndex) => {
    const sources = new Set<number>();
    const anchorsByParam = new Map<string, Anchors>();
    for (const param of to.params) {
      const anchors = anchorsOf(param);
      anchorsByParam.set(param.name, anchors);
      for (const i of chosen(anchors, hashes[toIndex] ?? 0)) sources.add(i);
    }
    const mayBind = (field: OutputField, param: ParamInfo): boolean => {
      const anchors = anchorsByParam.get(param.name);
      return anchors !== undefined && (anchors.fieldNames.has(field.name) || field.tags.some((t) => anchors.fieldTags.has(t)));
    };
    for (const fromIndex of sources) {
      const from = tools[fromIndex];
      const edge = from ? candidateEdge(from, to, observed, check, mayBind) : null;
      if (edge) edges.push({ from: fromIndex, to: toIndex, edge });
    }
  });
  // candidateEdges' order: by source, then by target.
  return edges.sort((a, b) => a.from - b.from || a.to - b.to).map((e) => e.edge);
}
