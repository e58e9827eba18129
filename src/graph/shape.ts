/**
 * The response shape of a tool: the names of the fields its items really carry, with the types of
 * their values. A change between two real answers is drift.
 */
export type Shape = Record<string, string>;

export interface ShapeDiff {
  added: string[];
  removed: string[];
  retyped: string[];
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * Every field of the first items with the types of its values; "null" for a field that never has
 * a value (a declared field the upstream stopped sending comes back as null from the normaliser).
 */
export function shapeOf(items: readonly Record<string, unknown>[]): Shape {
  const types = new Map<string, Set<string>>();
  for (const item of items.slice(0, 25)) {
    for (const [key, value] of Object.entries(item)) {
      const set = types.get(key) ?? new Set<string>();
      if (value !== null && value !== undefined) set.add(typeOf(value));
      types.set(key, set);
    }
  }
  return Object.fromEntries([...types.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, v.size === 0 ? "null" : [...v].sort().join("|")]));
}

/** A field that is absent, or present but never with a value, is not in the shape. */
function present(shape: Shape, key: string): boolean {
  return key in shape && shape[key] !== "null";
}

export function diffShapes(before: Shape, after: Shape): ShapeDiff {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return {
    added: keys.filter((k) => present(after, k) && !present(before, k)),
    removed: keys.filter((k) => present(before, k) && !present(after, k)),
    retyped: keys.filter((k) => present(before, k) && present(after, k) && before[k] !== after[k]),
  };
}

export function isDrift(diff: ShapeDiff): boolean {
  return diff.added.length + diff.removed.length + diff.retyped.length > 0;
}
