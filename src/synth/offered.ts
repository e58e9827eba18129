/**
 * The tools offered with an example: the ones it calls (built-in or imported, as `findTool` sees
 * them once the imported specs are read), and three to five it does not call that a model could
 * take for them: of the same provider or agency, taking or giving the same kind of thing (an
 * address, a point, a business number), or with a title that says much the same ("약국 목록" beside
 * "약국 정보"), imported tools included. Chosen per example from its id, the same every time: the
 * export lists them and the reward service (src/reward/reference.ts) knows the offered tools by the
 * same function. Pure code over the catalog as this isolate holds it.
 */
import { catalogTools, findTool } from "../catalog";
import { providerOf } from "../catalog/providers";
import { outputFields, type ToolSpec } from "../catalog/spec";
import { tagInfo } from "../catalog/tags";
import { openAiTool, type OpenAiTool } from "../catalog/tools";
import { toolIO } from "../graph/io";
import { hash32, seededRandom } from "../util/random";

/** Distractors per example: at least, at most. */
const FEWEST = 3;
const MOST = 5;
/** A tool scored this high could be taken for one the example calls... */
const MISTAKABLE = 1.5;
/** ...unless others are far likelier: the pool keeps those within this share of the best score. */
const NEAR_BEST = 0.35;
/** The best-scored candidates the distractors are drawn from. */
const POOL = 12;

interface Features {
  provider: string | null;
  agency: string | null;
  takes: ReadonlySet<string>;
  gives: ReadonlySet<string>;
  /** Two-syllable pieces of the Korean title, without the words every title has. */
  title: ReadonlySet<string>;
}

/** Title words that say nothing of what a tool is about. */
const GENERIC = /조회|검색|목록|정보|서비스|현황|상세|기본|오퍼레이션|데이터|API|제공|내역|자료|리스트/g;

function bigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.replace(GENERIC, " ").split(/[^0-9A-Za-z가-힣]+/)) {
    if (word.length === 1) continue;
    for (let i = 0; i + 2 <= word.length; i++) out.add(word.slice(i, i + 2));
  }
  return out;
}

/** The agency behind a provider, as its name starts: "국토교통부 TAGO 버스정보" → 국토교통부; 서울특별시, 서울시 → 서울. */
function agencyOf(provider: string): string | null {
  try {
    const first = providerOf(provider).name.ko.trim().split(/\s+/)[0] ?? "";
    const agency = first.replace(/_.*$/, "").replace(/(특별자치시|특별자치도|특별시|광역시|시)$/, "");
    return agency.length >= 2 ? agency : null;
  } catch {
    // An imported provider this isolate has not registered: no agency to share.
    return null;
  }
}

const entity = (tags: readonly string[]) => new Set(tags.filter((t) => tagInfo(t)?.kind === "entity"));

const memo = new WeakMap<ToolSpec, Features>();

function featuresOf(tool: ToolSpec): Features {
  const known = memo.get(tool);
  if (known) return known;
  const features: Features = {
    provider: tool.kind === "upstream" ? tool.provider : null,
    agency: tool.kind === "upstream" ? agencyOf(tool.provider) : null,
    takes: entity(toolIO(tool).params.flatMap((p) => p.tags)),
    gives: entity(outputFields(tool).flatMap((f) => f.tags)),
    title: bigrams(tool.title.ko),
  };
  memo.set(tool, features);
  return features;
}

function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

/** How easily a model could take `candidate` for `used`: 0 when nothing ties them. */
export function confusability(candidate: ToolSpec, used: ToolSpec): number {
  const c = featuresOf(candidate);
  const u = featuresOf(used);
  const family = c.provider !== null && c.provider === u.provider ? 3 : c.agency !== null && c.agency === u.agency ? 2 : 0;
  const gives = 1.5 * Math.min(2, shared(c.gives, u.gives));
  const takes = Math.min(2, shared(c.takes, u.takes));
  // The next or the previous hop (a detail that takes the id a list gives) is called in its place too.
  const hops = 0.75 * Math.min(2, shared(c.takes, u.gives) + shared(c.gives, u.takes));
  const smaller = Math.min(c.title.size, u.title.size);
  const title = smaller === 0 ? 0 : (2 * shared(c.title, u.title)) / smaller;
  return family + gives + takes + hops + title;
}

/** The index `r` (in [0, 1)) falls on when each index takes its weight's share. */
function weightedIndex(r: number, weights: readonly number[]): number {
  let left = r * weights.reduce((a, w) => a + w, 0);
  for (const [i, w] of weights.entries()) {
    left -= w;
    if (left < 0) return i;
  }
  return weights.length - 1;
}

/**
 * The distractors of an example: 3 to 5 tools it does not call, drawn (seeded by its id, the
 * likelier the more mistakable, by the square of the score) from the best-scored dozen near the
 * best; others only to make up the three.
 */
export function distractorsFor(example: { id: string; calls: readonly { tool: string }[] }, used: readonly ToolSpec[]): ToolSpec[] {
  const names = new Set(example.calls.map((c) => c.tool));
  const tie = (t: ToolSpec) => hash32(`${example.id}|${t.name}`);
  const scored = [...catalogTools()]
    .filter((t) => !names.has(t.name))
    .map((tool) => ({ tool, score: Math.max(0, ...used.map((u) => confusability(tool, u))), tie: tie(tool) }))
    .sort((a, b) => b.score - a.score || a.tie - b.tie);
  const random = seededRandom(`${example.id}|offered`);
  const want = FEWEST + Math.floor(random() * (MOST - FEWEST + 1));
  const best = scored[0]?.score ?? 0;
  const pool = scored.filter((s) => s.score >= Math.max(MISTAKABLE, NEAR_BEST * best)).slice(0, POOL);
  const chosen: ToolSpec[] = [];
  while (chosen.length < want && pool.length > 0) {
    const [next] = pool.splice(weightedIndex(random(), pool.map((s) => s.score * s.score)), 1);
    if (next) chosen.push(next.tool);
  }
  for (const s of scored) {
    if (chosen.length >= FEWEST) break;
    if (!chosen.includes(s.tool)) chosen.push(s.tool);
  }
  return chosen;
}

/** The tools offered with an example: those it calls, in order of first use, then its distractors. */
export function toolsFor(example: { id: string; calls: readonly { tool: string }[] }): OpenAiTool[] {
  const used = [...new Set(example.calls.map((c) => c.tool))].flatMap((name) => findTool(name) ?? []);
  return [...used, ...distractorsFor(example, used)].map((t) => openAiTool(t, "ko"));
}
