/**
 * Walk plans over the verified EDGE graph, in six shapes, sampled for coverage: edges least
 * covered by kept examples so far are preferred, the same tool sequence with the same user inputs is never
 * planned twice, and a seed makes a run repeatable. Pure code over plain data.
 */
import { z } from "zod";
import { shapeSchema, type Shape } from "../bench/task";
import { timeTokenSchema } from "../catalog/spec";
import { seededRandom } from "../util/random";

export const argSourceSchema = z.discriminatedUnion("from", [
  /** A value the user states in the request (taken from the tool's examples). */
  z.object({ from: z.literal("user"), value: z.unknown() }),
  /** A time-relative value ("지금", "오늘"), resolved when the step runs. */
  z.object({ from: z.literal("time"), token: timeTokenSchema.shape.$time }),
  /** A field of the item picked in an earlier step's answer; `slot` tells entities apart. */
  z.object({ from: z.literal("step"), step: z.string(), field: z.string(), slot: z.number().int().min(0).default(0) }),
  /** The same argument an earlier step was called with (a city code carried along a chain). */
  z.object({ from: z.literal("arg"), step: z.string(), param: z.string() }),
]);
export type ArgSource = z.infer<typeof argSourceSchema>;

export const conditionSchema = z.object({
  step: z.string(),
  /** `empty`: the step answered no items; `gt`/`le`: a numeric field of its picked item against a threshold. */
  test: z.enum(["empty", "nonempty", "gt", "le"]),
  field: z.string().optional(),
  threshold: z.number().optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

export const walkStepSchema = z.object({
  id: z.string(),
  tool: z.string(),
  args: z.record(z.string(), argSourceSchema),
  /** Which entity of the walk the step is about (parallel, comparison). */
  slot: z.number().int().min(0).default(0),
  when: conditionSchema.optional(),
});
export type WalkStep = z.infer<typeof walkStepSchema>;

export const aggregateSchema = z.object({
  step: z.string(),
  field: z.string(),
  op: z.enum(["max", "min", "count", "avg"]),
  /** A text field of the same items naming the winner of max/min. */
  label: z.string().optional(),
});

export const walkPlanSchema = z.object({
  id: z.string(),
  shape: shapeSchema,
  seed: z.string(),
  steps: z.array(walkStepSchema).min(1),
  /** Verified edges the plan walks (for coverage). */
  edges: z.array(z.string()),
  reduce: aggregateSchema.optional(),
  /** comparison: the same numeric field of two steps' picked items. */
  compare: z.object({ left: z.string(), right: z.string(), field: z.string(), label: z.string().optional() }).optional(),
});
export type WalkPlan = z.infer<typeof walkPlanSchema>;

/** What the sampler knows of the graph and the catalog. */
export interface GraphEdge {
  id: string;
  from: string;
  to: string;
  bindings: { field: string; param: string }[];
}

export interface ToolFacts {
  name: string;
  kind: "upstream" | "local";
  /** Required parameters, and the tool's examples (the user inputs a plan may state). */
  required: string[];
  examples: Record<string, unknown>[];
  /** Numeric output fields that make sense to aggregate (not ids, codes or coordinates). */
  measures: string[];
  /** Text output fields that name an item (a title, a station, a complex). */
  labels: string[];
  /** Whether a person can state the tool's inputs (a name, an address, a keyword — not codes or coordinates). */
  naturalInputs: boolean;
  /** Whether an answer usually has several items (a list), so several entities can be picked. */
  lists: boolean;
}

export interface Usage {
  /** How often each edge was planned, and how often it is in a kept example. */
  edges: Map<string, number>;
  kept: Map<string, number>;
  tools: Map<string, number>;
  /** How often each plan (shape, tools, user inputs) was made. */
  seen: Map<string, number>;
}

/**
 * The same plan may be walked a few times: each walk picks other items, so its calls and answer
 * differ; examples that still come out the same are dropped as duplicates when they finish.
 */
export const WALKS_PER_PLAN = 4;

type Random = () => number;

/** Picks one option, weighting those used least (1 / (1 + uses)²). */
function pickLeastUsed<T>(options: readonly T[], uses: (o: T) => number, random: Random): T | undefined {
  if (options.length === 0) return undefined;
  const weights = options.map((o) => 1 / (1 + uses(o)) ** 2);
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (const [i, o] of options.entries()) {
    r -= weights[i] ?? 0;
    if (r <= 0) return o;
  }
  return options[options.length - 1];
}

/** The user inputs of a step: the required parameters of one of the tool's examples. */
function userArgs(tool: ToolFacts, skip: ReadonlySet<string>, random: Random): Record<string, ArgSource> {
  const example = tool.examples[Math.floor(random() * tool.examples.length)] ?? {};
  const args: Record<string, ArgSource> = {};
  for (const name of tool.required) {
    if (skip.has(name)) continue;
    const value = example[name];
    const token = timeTokenSchema.safeParse(value);
    args[name] = token.success ? { from: "time", token: token.data.$time } : { from: "user", value };
  }
  return args;
}

function linkArgs(edge: GraphEdge, fromStep: string, slot: number): Record<string, ArgSource> {
  return Object.fromEntries(edge.bindings.map((b) => [b.param, { from: "step" as const, step: fromStep, field: b.field, slot }]));
}

/**
 * A step fed by an edge: bound parameters from the source step; the other required ones carried
 * from an earlier step called with the same parameter (context, as an agent would), else stated
 * by the user.
 */
function stepAfter(id: string, edge: GraphEdge, to: ToolFacts, fromStep: string, slot: number, random: Random, prior: readonly WalkStep[]): WalkStep {
  const bound = new Set(edge.bindings.map((b) => b.param));
  const carried: Record<string, ArgSource> = {};
  for (const name of to.required) {
    if (bound.has(name)) continue;
    const earlier = [...prior].reverse().find((s) => s.args[name] !== undefined);
    if (earlier) carried[name] = { from: "arg", step: earlier.id, param: name };
  }
  const own = userArgs(to, new Set([...bound, ...Object.keys(carried)]), random);
  return { id, tool: to.name, args: { ...own, ...carried, ...linkArgs(edge, fromStep, slot) }, slot };
}

export interface SamplerInput {
  edges: readonly GraphEdge[];
  tools: ReadonlyMap<string, ToolFacts>;
  usage: Usage;
  seed: string;
}

export class PlanSampler {
  private readonly out: Map<string, GraphEdge[]>;
  private readonly random: Random;
  private counter = 0;

  constructor(private readonly input: SamplerInput) {
    this.out = new Map();
    for (const e of input.edges) {
      if (!input.tools.has(e.from) || !input.tools.has(e.to)) continue;
      const list = this.out.get(e.from) ?? [];
      list.push(e);
      this.out.set(e.from, list);
    }
    this.random = seededRandom(input.seed);
  }

  /**
   * An edge's claim to be walked again: its kept examples count fully, its plans a quarter, so an
   * edge whose walks keep failing (a list too short, a condition never met) is tried a few more
   * times than one already covered, but not without end.
   */
  /** Edges that feed a step from an earlier step besides its own edge, in the plan being made. */
  private linked: GraphEdge[] = [];

  /**
   * A step fed by `edge`, whose other inputs come, where a verified edge allows, from the answers
   * of earlier steps rather than from the user: a building register needs two codes, and an agent
   * takes the second from the address it already looked up, not from the person asking.
   */
  private after(id: string, edge: GraphEdge, to: ToolFacts, fromStep: string, slot: number, random: Random, prior: readonly WalkStep[]): WalkStep {
    const step = stepAfter(id, edge, to, fromStep, slot, random, prior);
    for (const [param, source] of Object.entries(step.args)) {
      if (source.from !== "user") continue;
      for (const earlier of [...prior].reverse()) {
        // A conditional step may not run, and a step of the same tool is another entity's.
        if (earlier.when || earlier.tool === to.name) continue;
        const link = (this.out.get(earlier.tool) ?? []).find((e) => e.to === to.name && e.bindings.some((b) => b.param === param));
        const binding = link?.bindings.find((b) => b.param === param);
        if (!link || !binding) continue;
        step.args[param] = { from: "step", step: earlier.id, field: binding.field, slot: earlier.id === fromStep ? slot : 0 };
        if (!this.linked.includes(link)) this.linked.push(link);
        break;
      }
    }
    return step;
  }

  private edgeUses = (e: GraphEdge) => (this.input.usage.kept.get(e.id) ?? 0) + (this.input.usage.edges.get(e.id) ?? 0) / 4;

  private tool(name: string): ToolFacts {
    const facts = this.input.tools.get(name);
    if (!facts) throw new Error(`no facts for tool ${name}`);
    return facts;
  }

  /** A start edge, least used first; its source (whose inputs a person can state) becomes the first step. */
  private startEdge(filter: (e: GraphEdge) => boolean = () => true): GraphEdge | undefined {
    const all = [...this.out.values()].flat().filter((e) => this.tool(e.from).naturalInputs && filter(e));
    return pickLeastUsed(all, this.edgeUses, this.random);
  }

  private nextId(shape: Shape): string {
    this.counter++;
    return `${this.input.seed}-${shape}-${this.counter}`;
  }

  /**
   * Chains the least-used edges after `edges`, never revisiting a tool except through one
   * self-edge (a tool refining its own answer: areas → the districts of one area).
   */
  private extend(edges: GraphEdge[], length: number): GraphEdge[] {
    const visited = new Set(edges.flatMap((e) => [e.from, e.to]));
    while (edges.length < length - 1) {
      const last = edges[edges.length - 1];
      if (!last) break;
      const options = (this.out.get(last.to) ?? []).filter((e) => (e.from === e.to ? !edges.includes(e) : !visited.has(e.to)));
      const next = pickLeastUsed(options, this.edgeUses, this.random);
      if (!next) break;
      edges.push(next);
      visited.add(next.to);
    }
    return edges;
  }

  private planOf(shape: Shape, steps: WalkStep[], own: GraphEdge[], extra: Partial<WalkPlan> = {}): WalkPlan | null {
    const edges = [...own, ...this.linked.filter((e) => !own.includes(e))];
    const signature = JSON.stringify([shape, steps.map((s) => [s.tool, s.slot, Object.entries(s.args).filter(([, a]) => a.from === "user")])]);
    const made = this.input.usage.seen.get(signature) ?? 0;
    if (made >= WALKS_PER_PLAN) return null;
    this.input.usage.seen.set(signature, made + 1);
    for (const e of edges) this.input.usage.edges.set(e.id, (this.input.usage.edges.get(e.id) ?? 0) + 1);
    for (const s of steps) this.input.usage.tools.set(s.tool, (this.input.usage.tools.get(s.tool) ?? 0) + 1);
    return { id: this.nextId(shape), shape, seed: `${this.input.seed}|${this.counter}`, steps, edges: edges.map((e) => e.id), ...extra };
  }

  /**
   * The shortest chain of edges from a tool whose inputs a person can state to `target`'s source
   * (empty when the source itself is such a tool), so that edges deep in the graph get walked too.
   */
  private pathTo(target: GraphEdge): GraphEdge[] | null {
    if (this.tool(target.from).naturalInputs) return [];
    const back = new Map<string, GraphEdge>();
    const queue = [target.from];
    const seen = new Set(queue);
    while (queue.length > 0) {
      const tool = queue.shift() ?? "";
      for (const e of [...this.out.values()].flat()) {
        if (e.to !== tool || seen.has(e.from)) continue;
        seen.add(e.from);
        back.set(e.from, e);
        if (this.tool(e.from).naturalInputs) {
          const path: GraphEdge[] = [];
          let at: string = e.from;
          while (at !== target.from) {
            const step = back.get(at);
            if (!step) return null;
            path.push(step);
            at = step.to;
          }
          return path.length <= 3 ? path : null;
        }
        queue.push(e.from);
      }
    }
    return null;
  }

  private sequential(): WalkPlan | null {
    // Three to five calls: two-call chains are what models already do well.
    const length = 3 + Math.floor(this.random() * 3);
    let edges: GraphEdge[] | null = null;
    if (this.random() < 0.6) {
      // Aim at the least-walked edge anywhere and find a way to it.
      const target = pickLeastUsed([...this.out.values()].flat(), this.edgeUses, this.random);
      const path = target ? this.pathTo(target) : null;
      if (target && path) edges = this.extend([...path, target], length);
    }
    if (!edges) {
      const first = this.startEdge();
      if (!first) return null;
      edges = this.extend([first], length);
    }
    const first = edges[0];
    if (!first) return null;
    const steps: WalkStep[] = [{ id: "s1", tool: first.from, args: userArgs(this.tool(first.from), new Set(), this.random), slot: 0 }];
    for (const [i, e] of edges.entries()) steps.push(this.after(`s${i + 2}`, e, this.tool(e.to), `s${i + 1}`, 0, this.random, steps));
    return this.planOf("sequential", steps, edges);
  }

  private fanOut(): WalkPlan | null {
    const sources = [...this.out.entries()].filter(([from, list]) => this.tool(from).naturalInputs && new Set(list.map((e) => e.to)).size >= 2);
    const source = pickLeastUsed(sources, ([, list]) => Math.min(...list.map(this.edgeUses)), this.random);
    if (!source) return null;
    const [from, list] = source;
    const a = pickLeastUsed(list, this.edgeUses, this.random);
    const b = pickLeastUsed(
      list.filter((e) => e.to !== a?.to),
      this.edgeUses,
      this.random,
    );
    if (!a || !b) return null;
    const steps: WalkStep[] = [{ id: "s1", tool: from, args: userArgs(this.tool(from), new Set(), this.random), slot: 0 }];
    steps.push(this.after("s2", a, this.tool(a.to), "s1", 0, this.random, steps));
    steps.push(this.after("s3", b, this.tool(b.to), "s1", 0, this.random, steps));
    return this.planOf("fan_out", steps, [a, b]);
  }

  /** Aggregates a measure over all items of a list reached by a chain of one or two edges. */
  private reduction(): WalkPlan | null {
    const measured = (name: string) => this.tool(name).measures.length > 0 && this.tool(name).lists;
    const first = this.startEdge((e) => measured(e.to) || (this.out.get(e.to) ?? []).some((n) => measured(n.to) && n.to !== e.from));
    if (!first) return null;
    const edges = [first];
    if (!measured(first.to) || this.random() < 0.4) {
      const onward = pickLeastUsed((this.out.get(first.to) ?? []).filter((n) => measured(n.to) && n.to !== first.from), this.edgeUses, this.random);
      if (onward) edges.push(onward);
    }
    const last = edges[edges.length - 1];
    if (!last || !measured(last.to)) return null;
    const steps: WalkStep[] = [{ id: "s1", tool: first.from, args: userArgs(this.tool(first.from), new Set(), this.random), slot: 0 }];
    for (const [i, e] of edges.entries()) steps.push(this.after(`s${i + 2}`, e, this.tool(e.to), `s${i + 1}`, 0, this.random, steps));
    const facts = this.tool(last.to);
    const ops = ["max", "min", "count", "avg"] as const;
    const op = ops[Math.floor(this.random() * ops.length)] ?? "max";
    const field = facts.measures[Math.floor(this.random() * facts.measures.length)] ?? "";
    const reduced = steps[steps.length - 1];
    if (!reduced) return null;
    return this.planOf("reduction", steps, edges, { reduce: { step: reduced.id, field, op, ...(facts.labels[0] ? { label: facts.labels[0] } : {}) } });
  }

  /** The same next call for two or three entities of one answer. */
  private fanOverEntities(shape: "parallel" | "comparison"): WalkPlan | null {
    const first = this.startEdge((e) => this.tool(e.from).lists && (shape === "parallel" || this.tool(e.to).measures.length > 0));
    if (!first) return null;
    const to = this.tool(first.to);
    const slots = shape === "comparison" ? 2 : 2 + Math.floor(this.random() * 2);
    const steps: WalkStep[] = [{ id: "s1", tool: first.from, args: userArgs(this.tool(first.from), new Set(), this.random), slot: 0 }];
    for (let slot = 0; slot < slots; slot++) steps.push(this.after(`s${slot + 2}`, first, to, "s1", slot, this.random, steps));
    if (shape === "parallel") return this.planOf(shape, steps, [first]);
    const field = to.measures[Math.floor(this.random() * to.measures.length)] ?? "";
    return this.planOf(shape, steps, [first], { compare: { left: "s2", right: "s3", field, ...(to.labels[0] ? { label: to.labels[0] } : {}) } });
  }

  /**
   * The next call depends on the previous answer: when a call for the first entity answers
   * nothing, the same call is made for the next one (no bus at this stop → the other stop; no
   * deal in this complex → the next one).
   */
  private conditional(): WalkPlan | null {
    const first = this.startEdge((e) => this.tool(e.from).lists);
    if (!first) return null;
    const to = this.tool(first.to);
    const steps: WalkStep[] = [{ id: "s1", tool: first.from, args: userArgs(this.tool(first.from), new Set(), this.random), slot: 0 }];
    steps.push(this.after("s2", first, to, "s1", 0, this.random, steps));
    steps.push({ ...this.after("s3", first, to, "s1", 1, this.random, steps), when: { step: "s2", test: "empty" } });
    const onward = pickLeastUsed(
      (this.out.get(first.to) ?? []).filter((e) => e.to !== first.from),
      this.edgeUses,
      this.random,
    );
    const edges = [first];
    if (onward) {
      // Whichever of s2/s3 answered feeds the next call.
      steps.push({ ...this.after("s4", onward, this.tool(onward.to), "s2", 0, this.random, steps), when: { step: "s2", test: "nonempty" } });
      steps.push({ ...this.after("s5", onward, this.tool(onward.to), "s3", 1, this.random, steps), when: { step: "s2", test: "empty" } });
      edges.push(onward);
    }
    return this.planOf("conditional", steps, edges);
  }

  /** One plan of a shape, or null when the graph offers none that was not made already. */
  sample(shape: Shape): WalkPlan | null {
    for (let attempt = 0; attempt < 8; attempt++) {
      this.linked = [];
      const plan =
        shape === "sequential"
          ? this.sequential()
          : shape === "fan_out"
            ? this.fanOut()
            : shape === "reduction"
              ? this.reduction()
              : shape === "parallel" || shape === "comparison"
                ? this.fanOverEntities(shape)
                : this.conditional();
      if (plan) return plan;
    }
    return null;
  }
}
