/**
 * A tool answer as the dialogue shows it: trimmed to the fields the walk and the answer use, and
 * to the items they need. The gate checks what a dialogue shows (src/synth/gate.ts); the exports
 * show it (src/synth/export.ts). Pure code.
 */
import { toolIntent } from "../catalog/intents";
import type { SynthCall, SynthExample } from "./example-schema";

/** Items shown per tool answer; the rest are counted, not shown. */
const ITEMS_SHOWN = 5;

/** Fields of a call's items that the walk used: read by a later step or named by a fact, plus names. */
function usedFields(example: SynthExample, call: SynthCall): Set<string> {
  const used = new Set<string>();
  const pattern = new RegExp(`^\\$${call.id}\\.items\\[[^\\]]*\\]\\.([A-Za-z0-9_]+)`);
  const filter = new RegExp(`^\\$${call.id}\\.items\\[\\?([A-Za-z0-9_]+)=`);
  const visit = (value: unknown): void => {
    if (typeof value === "string") {
      const match = pattern.exec(value);
      if (match?.[1]) used.add(match[1]);
      const by = filter.exec(value);
      if (by?.[1]) used.add(by[1]);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(example.reference.plan.map((s) => s.args));
  visit(example.reference.facts);
  // Facts the reward service cannot recompute (a grade said as 보통, 0900 said as 09:00) are still
  // asked and answered: the dialogue shows the fields they read.
  visit(example.facts.map((f) => f.spec));
  return used;
}

export interface Trim {
  call: string;
  itemsShown: number;
  itemsOmitted: number;
  fieldsShown: string[];
  fieldsOmitted: number;
}

/**
 * Items of a call the dialogue must show: every item when a fact aggregates over them (a model
 * cannot name a maximum it never saw), else the first few plus any item a later step or a fact
 * reads by position.
 */
function shownItems(example: SynthExample, call: SynthCall): number[] {
  const refs = JSON.stringify([example.reference.plan.map((s) => s.args), example.reference.facts, example.facts.map((f) => f.spec)]);
  const pattern = new RegExp(`\\$${call.id}\\.items\\[(\\d+|\\*)\\]`, "g");
  const read = [...refs.matchAll(pattern)].map((m) => m[1] ?? "");
  if (read.includes("*")) return call.items.map((_, i) => i);
  const wanted = new Set(call.items.slice(0, ITEMS_SHOWN).map((_, i) => i));
  for (const index of read) if (Number(index) < call.items.length) wanted.add(Number(index));
  // A row read by a filter (the KMA row of category T1H) is shown wherever it is.
  for (const m of refs.matchAll(new RegExp(`\\$${call.id}\\.items\\[\\?([A-Za-z0-9_]+)=([^\\]&]+)\\]`, "g"))) {
    const at = call.items.findIndex((item) => String(item[m[1] ?? ""]) === m[2]);
    if (at >= 0) wanted.add(at);
  }
  return [...wanted].sort((a, b) => a - b);
}

/** A tool answer as the model sees it in the dialogue: the used fields of the items it needs. */
export function trimmedAnswer(example: SynthExample, call: SynthCall): { content: string; trim: Trim } {
  const used = usedFields(example, call);
  // A row's name, and a near search's distance, always show: they are why the row taken is the one
  // asked for (the exact name among similar ones, the nearest one).
  const intent = toolIntent(call.tool);
  for (const field of [intent?.label, intent?.distance?.field]) if (field) used.add(field);
  const allFields = new Set(call.items.flatMap((i) => Object.keys(i)));
  // Keep a few descriptive fields too, so the answer reads like one (not a name empty in every
  // row, such as a second address line: it tells the reader nothing).
  for (const f of allFields) if (used.size < 6 && /name|nm|title|addr/i.test(f) && call.items.some((i) => i[f] !== null && i[f] !== undefined && i[f] !== "")) used.add(f);
  const fields = [...allFields].filter((f) => used.has(f));
  const items = shownItems(example, call).map((index) => Object.fromEntries(fields.map((f) => [f, call.items[index]?.[f] ?? null])));
  const omitted = call.items.length - items.length;
  const body = { totalCount: call.totalCount, items, ...(omitted > 0 ? { more: `외 ${omitted}건 생략` } : {}) };
  return { content: JSON.stringify(body), trim: { call: call.id, itemsShown: items.length, itemsOmitted: omitted, fieldsShown: fields, fieldsOmitted: allFields.size - fields.length } };
}

