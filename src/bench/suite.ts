/**
 * The items of a suite: KOPA-Bench tasks (from D1, filtered by id, shape, level, provider) or the
 * entries of BFCL categories, with the groups each item is reported under.
 */
import type { Db } from "../db/client";
import { ABSTENTION_TASKS, abstentionTask } from "./abstention";
import { bfclEntries, bfclEntry } from "./bfcl/data";
import { bfclCategoriesOf, type ItemFilter, type Suite } from "./params";
import type { ItemGroups } from "./stats";
import { loadTasks, type StoredTask } from "./store";

/** An abstention request is reported under its own category, apart from the tasks. */
const abstentionGroups = (id: string): ItemGroups => ({ id, groups: { category: ["abstention"] } });

function kopaGroups(stored: StoredTask): ItemGroups {
  return { id: stored.task.id, groups: { shape: [stored.task.shape], level: [String(stored.task.level)], provider: stored.providers } };
}

export async function selectItems(db: Db, suite: Suite, filter: ItemFilter): Promise<ItemGroups[]> {
  const ids = filter.ids ? new Set(filter.ids) : null;
  let items: ItemGroups[];
  if (suite === "kopa") {
    items = (await loadTasks(db))
      .filter(({ task, providers }) => {
        if (ids && !ids.has(task.id)) return false;
        if (filter.shapes && !filter.shapes.includes(task.shape)) return false;
        if (filter.levels && !filter.levels.includes(task.level)) return false;
        return !filter.providers || filter.providers.some((p) => providers.includes(p));
      })
      .map(kopaGroups);
    // The abstention set rides along unless the filter asks for tasks by shape, level or provider.
    const byTaskFields = filter.shapes !== undefined || filter.levels !== undefined || filter.providers !== undefined;
    if (!byTaskFields && filter.abstention !== false) items.push(...ABSTENTION_TASKS.filter((t) => !ids || ids.has(t.id)).map((t) => abstentionGroups(t.id)));
  } else {
    items = bfclCategoriesOf(suite)
      .flatMap((category) => bfclEntries(category))
      .filter((entry) => !ids || ids.has(entry.id))
      .map((entry) => ({ id: entry.id, groups: { category: [entry.category] } }));
  }
  return filter.limit ? items.slice(0, filter.limit) : items;
}

/** The groups of a run's items, for its summary. */
export async function itemGroups(db: Db, suite: Suite, itemIds: readonly string[]): Promise<ItemGroups[]> {
  if (suite === "kopa") {
    const byId = new Map((await loadTasks(db)).map((t) => [t.task.id, t]));
    return itemIds.flatMap((id) => {
      const stored = byId.get(id);
      if (stored) return [kopaGroups(stored)];
      return abstentionTask(id) ? [abstentionGroups(id)] : [];
    });
  }
  return itemIds.flatMap((id) => {
    const entry = bfclEntry(id);
    return entry ? [{ id, groups: { category: [entry.category] } }] : [];
  });
}
