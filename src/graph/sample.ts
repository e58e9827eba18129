/** Seeded choice of k source items with distinct bound values (not always the first item). */
import { seededRandom } from "../util/random";

export function sampleDistinct<T>(items: readonly T[], k: number, key: (item: T) => string, seed: string): T[] {
  const random = seededRandom(seed);
  const order = items.map((item, index) => ({ item, index, r: random() })).sort((a, b) => a.r - b.r || a.index - b.index);
  const seen = new Set<string>();
  const out: T[] = [];
  for (const { item } of order) {
    const k0 = key(item);
    if (seen.has(k0)) continue;
    seen.add(k0);
    out.push(item);
    if (out.length === k) break;
  }
  return out;
}
