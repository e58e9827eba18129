/**
 * The same candidate edges as `candidateEdges`, found without comparing every tool with every
 * other: a link needs an anchor (a related tag or a similar name, as `scoreBinding` requires), so
 * anchors are computed once between the distinct tags and names of the catalog, and each target is
 * scored only against the sources that hold an anchored field. With 10,000 tools this is the
 * difference between 10^8 pairs and the few that can link. Each pair is the graph's own
 * (`candidateEdge`); this only chooses which pairs to score.
 */
import { candidateEdge, nameRelation, tagRelation, type CandidateEdge, type Observed, type ParamCheck } from "./candidates";
import type { ToolIO } from "./io";

/** Below these `scoreBinding` finds no anchor, whatever else matches. */
const TAG_ANCHOR = 0.5;
const NAME_ANCHOR = 0.75;

function addTo(map: Map<string, Set<number>>, key: string, index: number): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(index);
}

export interface IndexOptions {
  /**
   * At most this many sources per target parameter: the best anchored (a shared tag before a
   * related one before a similar name, built-in tools first, then a stable order). Unset, every
   * anchored source is scored and the result equals `candidateEdges`. A catalog of thousands of
   * imported operations needs a bound: a thousand address producers need not all feed juso_search.
   */
  sourcesPerParam?: number;
}

function stableOrder(a: string, b: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function indexedCandidateEdges(tools: readonly ToolIO[], observed: Observed, check: ParamCheck, options: IndexOptions = {}): CandidateEdge[] {
  const builtin = new Set(tools.flatMap((t, i) => (t.provider === null || !t.provider.startsWith("x_") ? [i] : [])));
  const byFieldTag = new Map<string, Set<number>>();
  const byFieldName = new Map<string, Set<number>>();
  tools.forEach((tool, i) => {
    for (const field of tool.outputs) {
      addTo(byFieldName, field.name, i);
      for (const tag of field.tags) addTo(byFieldTag, tag, i);
    }
  });
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

  const edges: { from: number; to: number; edge: CandidateEdge }[] = [];
  const limit = options.sourcesPerParam;
  tools.forEach((to, toIndex) => {
    const sources = new Set<number>();
    for (const param of to.params) {
      const anchored = new Map<number, number>();
      const offer = (i: number, strength: number) => anchored.set(i, Math.max(anchored.get(i) ?? 0, strength));
      for (const tag of param.tags) for (const fieldTag of anchoredTags(tag)) for (const i of byFieldTag.get(fieldTag) ?? []) offer(i, fieldTag === tag ? 3 : 2);
      for (const fieldName of anchoredNames(param.name)) for (const i of byFieldName.get(fieldName) ?? []) offer(i, 1);
      let chosen = [...anchored.keys()];
      if (limit !== undefined && chosen.length > limit) {
        const rank = (i: number) => (anchored.get(i) ?? 0) * 2 + (tools[i]?.kind === "local" || builtin.has(i) ? 1 : 0);
        chosen = chosen
          .map((i) => ({ i, rank: rank(i), order: stableOrder(tools[i]?.name ?? "", to.name) }))
          .sort((a, b) => b.rank - a.rank || a.order - b.order)
          .slice(0, limit)
          .map((c) => c.i);
      }
      for (const i of chosen) sources.add(i);
    }
    for (const fromIndex of sources) {
      const from = tools[fromIndex];
      const edge = from ? candidateEdge(from, to, observed, check) : null;
      if (edge) edges.push({ from: fromIndex, to: toIndex, edge });
    }
  });
  // candidateEdges' order: by source, then by target.
  return edges.sort((a, b) => a.from - b.from || a.to - b.to).map((e) => e.edge);
}
