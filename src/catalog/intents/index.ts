/**
 * Every tool intent and hop meaning, validated once at load: a tool named here must be catalogued,
 * a fact must read one of its output fields, a hop must join two tools that have intents.
 */
import { z } from "zod";
import { CATALOG } from "..";
import { outputFields } from "../spec";
import { toolIO } from "../../graph/io";
import { ADDRESS_HOPS, ADDRESS_INTENTS } from "./address";
import { AIR_HOPS, AIR_INTENTS } from "./air";
import { BUSINESS_HOPS, BUSINESS_INTENTS } from "./business";
import { DRUG_HOPS, DRUG_INTENTS } from "./drug";
import { HEALTH_HOPS, HEALTH_INTENTS } from "./health";
import { REALESTATE_HOPS, REALESTATE_INTENTS } from "./realestate";
import { hopIntentSchema, toolIntentSchema, type HopIntent, type ToolIntent } from "./schema";
import { TOUR_HOPS, TOUR_INTENTS } from "./tour";
import { WEATHER_HOPS, WEATHER_INTENTS } from "./weather";

export * from "./schema";

/** Problems of the intent data against the catalog (empty when it is sound). */
export function intentProblems(tools: Record<string, ToolIntent>, hops: readonly HopIntent[]): string[] {
  const problems: string[] = [];
  for (const [name, intent] of Object.entries(tools)) {
    const spec = CATALOG.get(name);
    if (!spec) {
      problems.push(`${name}: not in the catalog`);
      continue;
    }
    const fields = new Set(outputFields(spec).map((f) => f.name));
    const params = new Set(toolIO(spec).params.map((p) => p.name));
    if (intent.label && !fields.has(intent.label)) problems.push(`${name}: label ${intent.label} is not an output field`);
    if (intent.distance && !fields.has(intent.distance.field)) problems.push(`${name}: distance ${intent.distance.field} is not an output field`);
    if (intent.find && !params.has(intent.find.param)) problems.push(`${name}: find.param ${intent.find.param} is not a parameter`);
    for (const seed of intent.find?.seeds ?? []) {
      if (seed.from === "call" && !CATALOG.has(seed.tool)) problems.push(`${name}: seed tool ${seed.tool} is not catalogued`);
    }
    for (const ask of intent.asks) for (const fact of ask.facts) for (const f of [...fact.fields, ...(fact.row ? [fact.row.field] : [])]) if (!fields.has(f)) problems.push(`${name}.${ask.id}: ${f} is not an output field`);
    for (const agg of intent.aggregates) for (const f of [agg.field, agg.label]) if (f && !fields.has(f)) problems.push(`${name}.${agg.id}: ${f} is not an output field`);
    // A question places the subject (a request that named it already leaves it out there).
    for (const q of [...intent.asks, ...intent.aggregates].flatMap((a) => a.ask.map((pair) => [a.id, pair] as const))) {
      for (const text of q[1]) if (!text.includes("{s")) problems.push(`${name}.${q[0]}: the question "${text}" does not place the subject`);
    }
  }
  for (const hop of hops) {
    if (!tools[hop.from] || !tools[hop.to]) problems.push(`hop ${hop.from}>${hop.to}: both ends need intents`);
    if (hop.means === "near" && hop.fallback && hop.say.length === 0) problems.push(`hop ${hop.from}>${hop.to}: a fallback needs words for the first try`);
  }
  return problems;
}

function load(): { tools: ReadonlyMap<string, ToolIntent>; hops: readonly HopIntent[] } {
  const raw = { ...WEATHER_INTENTS, ...AIR_INTENTS, ...TOUR_INTENTS, ...HEALTH_INTENTS, ...ADDRESS_INTENTS, ...BUSINESS_INTENTS, ...DRUG_INTENTS, ...REALESTATE_INTENTS };
  const tools = z.record(z.string(), toolIntentSchema).parse(raw);
  const hops = z.array(hopIntentSchema).parse([...WEATHER_HOPS, ...AIR_HOPS, ...TOUR_HOPS, ...HEALTH_HOPS, ...ADDRESS_HOPS, ...BUSINESS_HOPS, ...DRUG_HOPS, ...REALESTATE_HOPS]);
  const problems = intentProblems(tools, hops);
  if (problems.length > 0) throw new Error(`tool intents: ${problems.join("; ")}`);
  return { tools: new Map(Object.entries(tools)), hops };
}

const loaded = load();

/** What a person asks each tool for, by tool name. */
export const TOOL_INTENTS: ReadonlyMap<string, ToolIntent> = loaded.tools;
/** What each hop means. */
export const HOP_INTENTS: readonly HopIntent[] = loaded.hops;
