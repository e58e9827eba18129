/**
 * Deterministic randomness for the sandbox world: every generated value is a function of a
 * string seed (an id, a date, a parameter), so the same question always gets the same answer.
 */

/** 32-bit FNV-1a hash of a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32 generator seeded from a string: numbers in [0, 1). */
export function seededRandom(seed: string): () => number {
  let a = hash32(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max] from a seed. */
export function seededInt(seed: string, min: number, max: number): number {
  return min + Math.floor(seededRandom(seed)() * (max - min + 1));
}

/** One element of a non-empty list, chosen by a seed. */
export function pick<T>(seed: string, list: readonly T[]): T {
  const value = list[Math.floor(seededRandom(seed)() * list.length)];
  if (value === undefined) throw new Error("pick from an empty list");
  return value;
}
