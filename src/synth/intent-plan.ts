/**
 * Plans that start from what a person asks (src/catalog/intents): a subject they name (a place, a
 * hospital, an address, a workplace, a drug, a district), found by the tool's own search
 * parameter, then the shortest route of meaningful hops over verified edges to the tool that holds
 * the facts they want. The six shapes are built from such routes: one route (sequential), two
 * routes from one subject (fan_out), one route for several named subjects (parallel, comparison),
 * an aggregate over a whole list (reduction), a near search retried wider only when it found
 * nothing (conditional). Pure code over plain data.
 */
import type { Shape } from "../bench/task";
import { findTool, toolProvider } from "../catalog";
import { HOP_INTENTS, hopIntentsOver, saidAsIs, statedField, TOOL_INTENTS, toolIntent, type HopIntent, type Seed, type ToolIntent } from "../catalog/intents";
import { outputFields, timeTokenSchema } from "../catalog/spec";
import { toolIO } from "../graph/io";
import { seededRandom } from "../util/random";
import type { ArgSource, GraphEdge, PlanAsk, Usage, WalkPlan, WalkStep } from "./plan";

type Random = () => number;

const WRITTEN_HOPS = new Set(HOP_INTENTS);

/**
 * Whether a derived hop makes sense where the route stands. After a nearby thing the request does
 * not name (the air station standing for a 동네), the subject is still the 동네: a derived hop would
 * ask about the station's own address as if it were the 동네's. From a hospital or a pharmacy, what
 * is near is asked of the same service (the pharmacy by the clinic), not restaurants by a clinic.
 */
function sensibleAfter(entry: ToolIntent, path: Route["hops"], hop: HopIntent): boolean {
  if (WRITTEN_HOPS.has(hop)) return true;
  if (path.some((p) => p.hop.means === "near" && p.hop.say.length === 0)) return false;
  if (hop.means === "near" && CARE_SUBJECTS.has(entry.subject)) return toolProvider(hop.to) === toolProvider(path[0]?.hop.from ?? hop.from);
  return true;
}

/**
 * The target's fields that a call before it already showed: the same field, or one with the
 * same meaning (an address is an address whatever the field is called).
 */
function shownBefore(entry: string, hops: Route["hops"]): Set<string> {
  const target = hops[hops.length - 1]?.hop.to;
  const before = [entry, ...hops.slice(0, -1).map((h) => h.hop.to)].flatMap(outputFieldsOf);
  const shown = new Set<string>();
  for (const f of target ? outputFieldsOf(target) : []) {
    if (before.some((b) => b.name === f.name || f.tags.some((t) => b.tags.includes(t)))) shown.add(f.name);
  }
  return shown;
}

function outputFieldsOf(tool: string) {
  const spec = findTool(tool);
  return spec ? outputFields(spec) : [];
}

/** Subjects of care: what is near them is asked of the same service only. */
const CARE_SUBJECTS = new Set(["hospital", "pharmacy", "drug"]);

/** Subjects that are a place one goes to or lives at: the anchors weather and air are asked of. */
const PLACE_SUBJECTS = new Set(["place", "dong", "address", "point"]);
/** A festival named is one running today: this hour's weather fits it, a forecast for three days on may outlast it. */
const TODAY_SUBJECTS = new Set(["festival"]);

/** A path from a tool that finds a named subject to a tool that answers about it. */
export interface Route {
  entry: string;
  hops: { hop: HopIntent; edge: GraphEdge }[];
  target: string;
  kind: "ask" | "aggregate";
  id: string;
  /** The tools of the routes this one goes on from ("a>b"): walked only beside one of them, in a fan-out. */
  after?: string;
}

export function routeKey(route: Route): string {
  return `${routeTools(route).join(">")}:${route.id}`;
}

function routeTools(route: Route): string[] {
  return [route.entry, ...route.hops.map((h) => h.hop.to)];
}

function intentOf(tool: string): ToolIntent {
  const intent = toolIntent(tool);
  if (!intent) throw new Error(`no intent for tool ${tool}`);
  return intent;
}

/** The time token an example of the tool gives a parameter ("지금", "지난달"), if any. */
function timeTokenFor(tool: string, param: string): ArgSource | null {
  for (const example of findTool(tool)?.examples ?? []) {
    const token = timeTokenSchema.safeParse(example.args[param]);
    if (token.success) return { from: "time", token: token.data.$time };
  }
  return null;
}

/** Whether every required parameter of the hop's target is bound, defaulted or a time token. */
function hopComplete(hop: HopIntent, edge: GraphEdge): boolean {
  const spec = findTool(hop.to);
  if (!spec) return false;
  const bound = new Set([...edge.bindings.map((b) => b.param), ...Object.keys(hop.args)]);
  return toolIO(spec)
    .params.filter((p) => p.required)
    .every((p) => bound.has(p.name) || timeTokenFor(hop.to, p.name) !== null);
}

/**
 * Every route the intents and the verified edges allow: from each tool that finds a named subject,
 * the shortest way (breadth first, at most one `near` hop, no tool twice) to each tool with asks or
 * aggregates, including the finding tool itself. Beside them, routes that go on from a tool some
 * route asks about the subject (`after`): a fan-out that asks a place's overview and its weather
 * reads the weather at the overview's own coordinates, so the link out of the overview is walked
 * and its call is no detour.
 */
export function routesOver(edges: readonly GraphEdge[]): Route[] {
  const edgeOf = new Map<string, GraphEdge>();
  for (const e of edges) if (!edgeOf.has(`${e.from}>${e.to}`)) edgeOf.set(`${e.from}>${e.to}`, e);
  const usable = hopIntentsOver([...edgeOf.values()]).flatMap((hop) => {
    const edge = edgeOf.get(`${hop.from}>${hop.to}`);
    return edge && hopComplete(hop, edge) ? [{ hop, edge }] : [];
  });
  const routes: Route[] = [];
  // Hand-written entries, and every linked tool whose definition says how a person finds one.
  const entries = new Set([...TOOL_INTENTS.keys(), ...[...edgeOf.values()].flatMap((e) => [e.from, e.to])]);
  for (const entry of entries) {
    const intent = toolIntent(entry);
    if (!intent?.find) continue;
    const shortest = [...reachedFrom(entry, intent, [], usable)];
    const shortestTo = new Map(shortest.map(([target, hops]) => [target, hops.length]));
    const own = shortest.flatMap(([target, hops]) => routesAt(entry, intent, target, hops));
    routes.push(...own);
    const walked = new Set(own.flatMap((r) => r.hops.map((h) => h.edge.id)));
    const keys = new Set(own.map(routeKey));
    for (const first of own) {
      if (first.kind !== "ask" || first.hops.length === 0 || first.hops.some((h) => h.hop.means === "near" || h.hop.rows === "many")) continue;
      for (const [target, hops] of reachedFrom(entry, intent, first.hops, usable)) {
        // Only routes that walk a link the shortest ones do not (the rest say nothing new), and call
        // no more after the shared part than the shortest way would from the subject: more calls
        // rebuild what was in hand (the place's coordinates, through its address).
        const on = hops.slice(first.hops.length);
        if (on.length === 0 || on.every((h) => walked.has(h.edge.id)) || on.length > (shortestTo.get(target) ?? 0)) continue;
        for (const r of routesAt(entry, intent, target, hops)) {
          if (r.kind !== "ask" || keys.has(routeKey(r))) continue;
          keys.add(routeKey(r));
          routes.push({ ...r, after: routeTools(first).join(">") });
        }
      }
    }
  }
  return routes;
}

type Hop = Route["hops"][number];

/**
 * The tools reachable from the end of `start` (the entry itself when it is empty), each by its
 * shortest way on: at most five hops in all, one `near` hop, no tool twice.
 */
function reachedFrom(entry: string, intent: ToolIntent, start: Route["hops"], usable: readonly Hop[]): Map<string, Route["hops"]> {
  const from = start[start.length - 1]?.hop.to ?? entry;
  const reached = new Map<string, Route["hops"]>([[entry, []], ...start.map((h, i) => [h.hop.to, start.slice(0, i + 1)] as const)]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift() ?? "";
    const path = reached.get(at) ?? [];
    if (path.length >= 5) continue;
    for (const next of usable) {
      if (next.hop.from !== at || reached.has(next.hop.to)) continue;
      if (next.hop.means === "near" && path.some((p) => p.hop.means === "near")) continue;
      if (!sensibleAfter(intent, path, next.hop)) continue;
      // The stated name passed on as it was stated: the first call was not needed.
      if (path.length === 0 && !WRITTEN_HOPS.has(next.hop) && next.edge.bindings.every((b) => b.field === statedField(intent))) continue;
      // Past a list of the subject's parts there is no one thing to go on from.
      if (path.some((p) => p.hop.rows === "many")) continue;
      reached.set(next.hop.to, [...path, next]);
      queue.push(next.hop.to);
    }
  }
  if (start.length > 0) for (const h of [entry, ...start.map((s) => s.hop.to)]) reached.delete(h);
  return reached;
}

/** The routes that end at `target` along `hops`: one per ask the route can answer, one per aggregate it can count. */
function routesAt(entry: string, intent: ToolIntent, target: string, hops: Route["hops"]): Route[] {
  const routes: Route[] = [];
  const t = intentOf(target);
  // An ask whose every fact is said otherwise than the tool gave it (야간 응급실 Y as 운영해요,
  // 0900 as 09:00) gives the reward service nothing it can recompute: never kept, never planned.
  // A search that lists the nearest first answers about what is near a point: found by name,
  // nothing is near anything, and its asks ("가장 가까운 약국") mean nothing.
  if (t.distance && hops[hops.length - 1]?.hop.means !== "near") return routes;
  const parts = hops.some((h) => h.hop.rows === "many");
  const earlier = shownBefore(entry, hops);
  for (const ask of parts ? [] : t.asks) {
    // A fact an earlier call of the route already gave (the address a search returned) needs no further call.
    if (hops.length > 0 && !WRITTEN_HOPS.has(hops[hops.length - 1]?.hop as HopIntent) && ask.facts.every((f) => f.fields.some((field) => earlier.has(field)))) continue;
    // What holds at this hour (weather, air) is asked of a place one goes to, not of a clinic.
    if (ask.of !== undefined && !ask.of.includes(intent.subject)) continue;
    if ((ask.when === "now" || ask.when === "day3") && !PLACE_SUBJECTS.has(intent.subject) && !(ask.when === "now" && TODAY_SUBJECTS.has(intent.subject))) continue;
    if (ask.facts.some(saidAsIs)) routes.push({ entry, hops, target, kind: "ask", id: ask.id });
  }
  // An aggregate counts the nearby things themselves: a near hop, if any, is its last. It counts
  // many rows: what is near, a subject's parts, or what a written intent lists (a hospital's
  // departments); the named subject itself, or its record looked up again in another register,
  // is one row, and "how many" of it is no question.
  const nearInside = hops.slice(0, -1).some((h) => h.hop.means === "near");
  const last = hops[hops.length - 1]?.hop;
  const many = last !== undefined && (last.means === "near" || last.rows === "many" || WRITTEN_HOPS.has(last) || TOOL_INTENTS.has(target));
  if (!nearInside && many) for (const agg of t.aggregates) routes.push({ entry, hops, target, kind: "aggregate", id: agg.id });
  return routes;
}

/**
 * Why each verified edge that no route walks yields nothing, for the dataset card: a tool at either
 * end whose definition names nothing a person asks about, a link whose meaning cannot be derived
 * from what it carries (a region code, another register's namesake), a target the link cannot call
 * on its own, a number the request states carried on, or no route from a named subject that goes
 * through it.
 */
export function unwalkedReasons(edges: readonly GraphEdge[], routes: readonly Route[]): Map<string, string> {
  // A link out of a tool found by a stated number (a business number) that carries that number on:
  // a request states it, so every tool it keys is called with it, and the link is a detour.
  const stated = (edge: GraphEdge) => {
    const find = toolIntent(edge.from)?.find;
    return find?.field !== undefined && edge.bindings.every((b) => b.field === find.field);
  };
  const walked = new Set(routes.flatMap((r) => r.hops.map((h) => h.edge.id)));
  const hops = new Map(hopIntentsOver(edges).map((h) => [`${h.from}>${h.to}`, h]));
  const reasons = new Map<string, string>();
  for (const edge of edges) {
    if (walked.has(edge.id)) continue;
    const hop = hops.get(`${edge.from}>${edge.to}`);
    reasons.set(
      edge.id,
      !toolIntent(edge.from)
        ? "no intent: the source's rows name nothing a person asks about"
        : !toolIntent(edge.to)
          ? "no intent: the target's rows name nothing a person asks about"
          : edge.from === edge.to || !hop
            ? "no meaning derivable from what the link carries"
            : !hopComplete(hop, edge)
              ? "the target needs an argument the link does not give"
              : stated(edge)
                ? "it carries the value the request states, which goes to the target directly"
                : "no route from a named subject goes through it",
    );
  }
  return reasons;
}

/**
 * How far a route reaches into the sources kept examples have used least: a provider few examples
 * show (an operator's imported dataset beside the pharmacy search that many routes end in) is what
 * the catalog adds, so a route through it weighs more, by the square root of how much rarer than
 * the average provider of the routes it is. Weighed by provider, not tool, so that six operations
 * of one dataset do not crowd out the other datasets. `kept` counts kept examples by route key.
 */
export function providerRarity(routes: readonly Route[], kept: ReadonlyMap<string, number>): (route: Route) => number {
  // A local converter is a source of its own.
  const providersOf = (tools: readonly string[]) => [...new Set(tools.map((t) => toolProvider(t) ?? t))];
  const byProvider = new Map<string, number>();
  for (const [key, n] of kept) for (const p of providersOf(key.slice(0, key.lastIndexOf(":")).split(">"))) byProvider.set(p, (byProvider.get(p) ?? 0) + n);
  const providers = new Set(routes.flatMap((r) => providersOf(routeTools(r))));
  const mean = [...providers].reduce((sum, p) => sum + (byProvider.get(p) ?? 0), 0) / Math.max(1, providers.size);
  return (route) => Math.max(...providersOf(routeTools(route)).map((p) => Math.sqrt((1 + mean) / (1 + (byProvider.get(p) ?? 0)))));
}

/** Picks one option in proportion to its weight. */
function pickWeighted<T>(options: readonly T[], weight: (o: T) => number, random: Random): T | undefined {
  if (options.length === 0) return undefined;
  const weights = options.map(weight);
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (const [i, o] of options.entries()) {
    r -= weights[i] ?? 0;
    if (r <= 0) return o;
  }
  return options[options.length - 1];
}

/** Fixed arguments; a time token among them ("오늘") is read off the example's clock. */
function defaults(args: Record<string, unknown>): Record<string, ArgSource> {
  return Object.fromEntries(
    Object.entries(args).map(([k, v]): [string, ArgSource] => {
      const token = timeTokenSchema.safeParse(v);
      return [k, token.success ? { from: "time", token: token.data.$time } : { from: "default", value: v }];
    }),
  );
}

/** Builds a plan's steps; a step equal to one already planned (same tool, arguments, condition) is shared. */
class StepBuilder {
  readonly steps: WalkStep[] = [];
  private seeds = 0;
  private calls = 0;

  seed(tool: string, args: Record<string, unknown>): string {
    const id = `z${++this.seeds}`;
    this.steps.push({ id, tool, args: defaults(args), slot: 0, seed: true });
    return id;
  }

  add(step: Omit<WalkStep, "id">): string {
    const same = this.steps.find((s) => !s.seed && s.tool === step.tool && JSON.stringify([s.args, s.when ?? null, s.slot]) === JSON.stringify([step.args, step.when ?? null, step.slot]));
    if (same) {
      if (step.keepAll) same.keepAll = true;
      return same.id;
    }
    const id = `s${++this.calls}`;
    this.steps.push({ id, ...step });
    return id;
  }
}

function hopArgs(from: string, hop: HopIntent, edge: GraphEdge, extra: Record<string, unknown> = {}): Record<string, ArgSource> {
  const fixed = { ...hop.args, ...extra };
  const args: Record<string, ArgSource> = { ...defaults(fixed) };
  // What the hop states is its meaning: restaurants near a museum search restaurants, even when the
  // edge could also carry the museum's own content type into the same parameter.
  for (const b of edge.bindings) if (!(b.param in fixed)) args[b.param] = { from: "step", step: from, field: b.field, slot: 0 };
  const spec = findTool(hop.to);
  for (const p of spec ? toolIO(spec).params : []) {
    if (!p.required || args[p.name]) continue;
    const token = timeTokenFor(hop.to, p.name);
    if (token) args[p.name] = token;
  }
  return args;
}

interface Chain {
  target: string;
  /** The near hop's step (its first row is the nearby thing), if the route has one. */
  near?: string;
}

/**
 * The steps of one route for one entity. With `conditional`, the near hop runs first with its
 * narrower arguments and again with its own only when that found nothing.
 */
function chain(builder: StepBuilder, route: Route, slot: number, entity: ArgSource, conditional = false): Chain & { first?: string } {
  const find = intentOf(route.entry).find;
  if (!find) throw new Error(`${route.entry} finds nothing`);
  const stated = statedField(intentOf(route.entry));
  // A tool that only lists is called as it lists; the stated name picks the row.
  const param = find.param;
  const args = param !== undefined ? { ...defaults(find.args), [param]: entity } : defaults(find.args);
  let at = builder.add({ tool: route.entry, args, slot, ...(param === undefined ? { named: entity, keepAll: true } : {}), ...(stated ? { pick: { field: stated, ...(param !== undefined ? { param } : {}) } } : {}) });
  let near: string | undefined;
  let first: string | undefined;
  for (const [i, { hop, edge }] of route.hops.entries()) {
    const last = i === route.hops.length - 1;
    const keepAll = last && route.kind === "aggregate";
    if (conditional && hop.fallback) {
      first = builder.add({ tool: hop.to, args: hopArgs(at, hop, edge, hop.fallback.first), slot, ...(keepAll ? { keepAll } : {}) });
      at = builder.add({ tool: hop.to, args: hopArgs(at, hop, edge), slot, when: { step: first, test: "empty" } });
    } else {
      at = builder.add({ tool: hop.to, args: hopArgs(at, hop, edge), slot, ...(keepAll ? { keepAll } : {}) });
    }
    if (hop.means === "near") near = at;
  }
  return { target: at, ...(near ? { near } : {}), ...(first ? { first } : {}) };
}

/**
 * Where the named subjects come from: stated values, or rows of one seed call. Several subjects
 * are rows of the same listing (sights of one city, clinics of one district): what a person
 * weighs together for one errand, not two places a flight apart.
 */
function entitySources(builder: StepBuilder, seed: Seed, count: number, random: Random): ArgSource[] {
  if (seed.from === "values") {
    const pool = [...seed.values];
    const out: ArgSource[] = [];
    for (let i = 0; i < count && pool.length > 0; i++) out.push({ from: "user", value: pool.splice(Math.floor(random() * pool.length), 1)[0] });
    return out;
  }
  const id = builder.seed(seed.tool, seed.args);
  return Array.from({ length: count }, (_, slot) => ({ from: "step" as const, step: id, field: seed.field, slot, ...(seed.shorten ? { shorten: true } : {}) }));
}

export interface IntentSamplerInput {
  edges: readonly GraphEdge[];
  /** The routes over those edges, when the caller keeps them (a job samples many times over one graph). */
  routes?: readonly Route[];
  usage: Usage;
  seed: string;
  /** Tools the job draws on more (an operator's own definitions). */
  prefer?: ReadonlySet<string>;
}

/** How much more a route through a preferred tool weighs. */
export const PREFERRED_WEIGHT = 3;

export class IntentSampler {
  readonly routes: Route[];
  private readonly random: Random;
  private counter = 0;
  private readonly partnersOf = new Map<Route, Route[]>();

  constructor(private readonly input: IntentSamplerInput) {
    // A route of one call teaches no tool chaining: every plan has two calls per entity or more.
    this.routes = (input.routes ?? routesOver(input.edges)).filter((r) => r.hops.length >= 1);
    this.random = seededRandom(input.seed);
  }

  /** Verified edges with a meaning that some route walks (for the card: the rest have no intent). */
  edgesWithIntent(): Set<string> {
    return new Set(this.routes.flatMap((r) => r.hops.map((h) => h.edge.id)));
  }

  /**
   * A route's claim to be walked again: the fewer examples it has given, the more, times the share
   * of its walks that were kept (a route whose facts are often missing, or whose few subjects are
   * used up, wastes walks). Shares start at one half and settle as walks come back.
   */
  private routeWeight = (route: Route): number => {
    const key = routeKey(route);
    const kept = this.input.usage.kept.get(key) ?? 0;
    const planned = this.input.usage.edges.get(key) ?? 0;
    const share = (kept + 1) / (planned + 2);
    return share / (1 + kept + planned / 4) ** 2;
  };

  /**
   * The share of walks kept for each question asked at a tool (its count, its hours), over every
   * route that asks it: a question whose answer is rarely there (a count of one business's
   * records, a homepage few places list) is asked less by routes not walked yet, too.
   */
  private askShares(): Map<string, number> {
    const totals = new Map<string, { kept: number; planned: number }>();
    for (const [map, key] of [[this.input.usage.kept, "kept"], [this.input.usage.edges, "planned"]] as const) {
      for (const [route, n] of map) {
        const ask = route.slice(route.lastIndexOf(">") + 1);
        const total = totals.get(ask) ?? { kept: 0, planned: 0 };
        total[key] += n;
        totals.set(ask, total);
      }
    }
    return new Map([...totals].map(([ask, t]) => [ask, (t.kept + 1) / (t.planned + 2)]));
  }

  private pick(routes: Route[]): Route | undefined {
    const asks = this.askShares();
    const rarity = providerRarity(this.routes, this.input.usage.kept);
    const prefer = this.input.prefer;
    const preferred = (r: Route) => (prefer !== undefined && routeTools(r).some((t) => prefer.has(t)) ? PREFERRED_WEIGHT : 1);
    return pickWeighted(routes, (r) => this.routeWeight(r) * (asks.get(`${r.target}:${r.id}`) ?? 0.5) * rarity(r) * preferred(r), this.random);
  }

  private seedOf(route: Route): Seed {
    const seeds = intentOf(route.entry).find?.seeds ?? [];
    const seed = seeds[Math.floor(this.random() * seeds.length)];
    if (!seed) throw new Error(`${route.entry} has no seeds`);
    return seed;
  }

  private calls(route: Route): number {
    return 1 + route.hops.length;
  }

  private plan(shape: Shape, builder: StepBuilder, routes: Route[], meta: Omit<NonNullable<WalkPlan["intent"]>, "subject" | "entry">): WalkPlan {
    const first = routes[0];
    if (!first) throw new Error("a plan needs a route");
    this.counter++;
    for (const r of routes) {
      const key = routeKey(r);
      this.input.usage.edges.set(key, (this.input.usage.edges.get(key) ?? 0) + 1);
    }
    const edges = [...new Set(routes.flatMap((r) => r.hops.map((h) => h.edge.id)))];
    return {
      id: `${this.input.seed}-${shape}-${this.counter}`,
      shape,
      seed: `${this.input.seed}|${this.counter}`,
      steps: builder.steps,
      edges,
      routes: routes.map(routeKey),
      intent: { subject: intentOf(first.entry).subject, entry: first.entry, ...meta },
    };
  }

  private ask(route: Route, steps: Record<string, string>, nearSteps: Record<string, string>): PlanAsk {
    const nearHop = route.hops.find((h) => h.hop.means === "near")?.hop;
    const say = nearHop?.say ?? [];
    // An aggregate counts the nearby things itself ("1km 안 약국이 몇 곳"): no "nearest one" words.
    const near = say.length > 0 && route.kind === "ask" ? say[Math.floor(this.random() * say.length)] : undefined;
    return { tool: route.target, id: route.id, kind: route.kind, steps, ...(near ? { near } : {}), ...(Object.keys(nearSteps).length > 0 ? { nearSteps } : {}) };
  }

  /** Routes walked on their own (not only beside another, in a fan-out). */
  private alone(): Route[] {
    return this.routes.filter((r) => r.after === undefined);
  }

  /** The routes a fan-out may walk beside `route`: other asks of the subject, one of them going on from the other. */
  private partners(route: Route): Route[] {
    const known = this.partnersOf.get(route);
    if (known) return known;
    const tools = routeTools(route).join(">");
    const near = route.hops.some((h) => h.hop.means === "near");
    const partners = this.routes.filter((o) => {
      if (o.entry !== route.entry || o.kind !== "ask" || o.target === route.target) return false;
      if (route.after !== undefined) return o.after === undefined && routeTools(o).join(">") === route.after;
      if (o.after !== undefined) return o.after === tools;
      return !(near && o.hops.some((h) => h.hop.means === "near"));
    });
    this.partnersOf.set(route, partners);
    return partners;
  }

  private single(shape: "sequential", filter: (r: Route) => boolean): WalkPlan | null {
    const route = this.pick(this.alone().filter((r) => r.kind === "ask" && filter(r)));
    if (!route) return null;
    const builder = new StepBuilder();
    const [entity] = entitySources(builder, this.seedOf(route), 1, this.random);
    if (!entity) return null;
    const c = chain(builder, route, 0, entity);
    return this.plan(shape, builder, [route], { entities: { "0": entityStep(builder, route) }, asks: [this.ask(route, { "0": c.target }, c.near ? { "0": c.near } : {})] });
  }

  private sequential(): WalkPlan | null {
    // Dependent chains of two calls or more, longer ones preferred: one-call answers teach little.
    const long = this.random() < 0.8;
    return this.single("sequential", (r) => (long ? this.calls(r) >= 3 : this.calls(r) >= 2));
  }

  private fanOut(): WalkPlan | null {
    const first = this.pick(this.routes.filter((r) => r.kind === "ask" && this.partners(r).length > 0));
    if (!first) return null;
    const second = this.pick(this.partners(first));
    if (!second) return null;
    // The ask about the subject itself goes first, the one about a nearby thing second, so the
    // request names the subject once and the nearby thing with its own words; a route that goes
    // on from the other comes after it.
    const later = (r: Route) => r.after !== undefined || (r.hops.some((h) => h.hop.means === "near") && second.after === undefined);
    const [one, two] = later(first) ? [second, first] : [first, second];
    const builder = new StepBuilder();
    const [entity] = entitySources(builder, this.seedOf(one), 1, this.random);
    if (!entity) return null;
    const a = chain(builder, one, 0, entity);
    const b = chain(builder, two, 0, entity);
    return this.plan("fan_out", builder, [one, two], {
      entities: { "0": entityStep(builder, one) },
      asks: [this.ask(one, { "0": a.target }, a.near ? { "0": a.near } : {}), this.ask(two, { "0": b.target }, b.near ? { "0": b.near } : {})],
    });
  }

  private overEntities(shape: "parallel" | "comparison"): WalkPlan | null {
    const route = this.pick(
      this.alone().filter((r) => {
        // Several entities each walk the route: long ones (an address to its air station, six
        // calls) would make a dozen calls, so these shapes take routes of four calls at most.
        if (r.kind !== "ask" || this.calls(r) > 4) return false;
        // Subjects stated by a number are asked of one at a time: a list of bare numbers names nothing.
        // A register read whole is listed once for all its subjects, which one step cannot pick for several.
        const find = intentOf(r.entry).find;
        if (find?.field !== undefined || find?.param === undefined) return false;
        if (shape === "parallel") return true;
        return intentOf(r.target).asks.find((a) => a.id === r.id)?.facts.some((f) => f.more !== undefined) ?? false;
      }),
    );
    if (!route) return null;
    const count = shape === "comparison" ? 2 : 2 + Math.floor(this.random() * 2);
    const builder = new StepBuilder();
    const entities = entitySources(builder, this.seedOf(route), count, this.random);
    if (entities.length < 2) return null;
    const targets: Record<string, string> = {};
    const nears: Record<string, string> = {};
    const found: Record<string, string> = {};
    for (const [slot, entity] of entities.entries()) {
      const c = chain(builder, route, slot, entity);
      targets[String(slot)] = c.target;
      if (c.near) nears[String(slot)] = c.near;
      found[String(slot)] = entityStep(builder, route, slot);
    }
    const facts = intentOf(route.target).asks.find((a) => a.id === route.id)?.facts ?? [];
    const compareFact = facts.findIndex((f) => f.more !== undefined);
    return this.plan(shape, builder, [route], { entities: found, asks: [this.ask(route, targets, nears)], ...(shape === "comparison" ? { compareFact } : {}) });
  }

  private reduction(): WalkPlan | null {
    const route = this.pick(this.alone().filter((r) => r.kind === "aggregate"));
    if (!route) return null;
    const builder = new StepBuilder();
    const [entity] = entitySources(builder, this.seedOf(route), 1, this.random);
    if (!entity) return null;
    const c = chain(builder, route, 0, entity);
    // A route without hops aggregates the finding call itself.
    const target = builder.steps.find((s) => s.id === c.target);
    if (target) target.keepAll = true;
    return this.plan("reduction", builder, [route], { entities: { "0": entityStep(builder, route) }, asks: [this.ask(route, { "0": c.target }, {})] });
  }

  private conditional(): WalkPlan | null {
    // The condition names the subject plainly ("…에서 300m 안에"): not a bare registration number.
    const route = this.pick(this.alone().filter((r) => r.kind === "ask" && intentOf(r.entry).find?.field === undefined && r.hops[r.hops.length - 1]?.hop.fallback));
    if (!route) return null;
    const hop = route.hops[route.hops.length - 1]?.hop;
    const says = hop?.fallback?.say ?? [];
    const say = says[Math.floor(this.random() * says.length)];
    if (!say) return null;
    const builder = new StepBuilder();
    const [entity] = entitySources(builder, this.seedOf(route), 1, this.random);
    if (!entity) return null;
    const c = chain(builder, route, 0, entity, true);
    if (!c.first) return null;
    return this.plan("conditional", builder, [route], {
      entities: { "0": entityStep(builder, route) },
      asks: [{ tool: route.target, id: route.id, kind: "ask", steps: { "0": c.target } }],
      fallback: { first: c.first, then: c.target, say },
    });
  }

  /** One plan of a shape, or null when no route fits it. */
  sample(shape: Shape): WalkPlan | null {
    for (let attempt = 0; attempt < 8; attempt++) {
      const plan =
        shape === "sequential"
          ? this.sequential()
          : shape === "fan_out"
            ? this.fanOut()
            : shape === "reduction"
              ? this.reduction()
              : shape === "parallel" || shape === "comparison"
                ? this.overEntities(shape)
                : this.conditional();
      if (plan) return plan;
    }
    return null;
  }
}

/** The step that finds the entity of `slot` (the route's first call for that entity). */
function entityStep(builder: StepBuilder, route: Route, slot = 0): string {
  const step = builder.steps.find((s) => !s.seed && s.tool === route.entry && s.slot === slot);
  if (!step) throw new Error(`no step finds entity ${slot}`);
  return step.id;
}
