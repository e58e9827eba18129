/** "Did you mean": the nearest of some known words to one the user typed. */
import { editDistance } from "../util/edit-distance";

/** The closest candidate within two edits (ignoring case), if any. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const best = candidates.map((c) => ({ c, d: editDistance(word.toLowerCase(), c.toLowerCase()) })).sort((x, y) => x.d - y.d)[0];
  return best && best.d <= 2 ? best.c : undefined;
}
