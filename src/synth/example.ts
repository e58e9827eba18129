/**
 * From a finished walk to a training example: the request and the answer (composed from the tool
 * intents here, or by a model elsewhere), the answer facts, the reference plan in KOPA-Bench's plan
 * format (for rewards), and the quality gate's verdict (src/synth/gate.ts), which decides whether
 * it is kept.
 */
import { stepSchema, type PlanStep } from "../bench/task";
import { outputFields, type OutputField } from "../catalog/spec";
import { findTool } from "../catalog";
import { paramTypeOf } from "../graph/io";
import { answered, composeAnswer } from "./compose";
import { composeRequest } from "./request";
import type { SynthExample, SynthFact } from "./example-schema";
import { coherenceProblem, derivableProblem, gateOf } from "./gate";
import type { ArgSource, WalkStep } from "./plan";
import { executed, isStated, type WalkState } from "./walk";

/** Tags of values that are identifiers or machine codes: never in a request, never an answer fact. */
const IDENTIFIER_TAG = /(^|\.)(content_id|content_type_id|route_id|node_id|node_no|city_code|ykiho|kapt_code|item_seq|seq|b_no6|b_no10|station_id|line_id|area_code|sigungu_code|stn_id|reg_id_land|reg_id_temp|apt\.seq)$|_cd\d*$|_code\d*$|grid|\.x$|\.y$|utmk|\.tm\.|road_code|building_no|lawd|bjd|emd_cd|sido_cd|sggu_cd|bjdong|time\.instant|kma\.base_(date|time)|kma\.tmfc|bld\.|juso\./;

export function isIdentifierField(field: OutputField): boolean {
  return field.tags.some((t) => IDENTIFIER_TAG.test(t)) || /(^|_)(id|cd|code)$|Id$|Cd$|Code$|Seq$|ykiho|Pk$/.test(field.name);
}

function planStep(state: WalkState, id: string): WalkStep | undefined {
  return state.plan.steps.find((s) => s.id === id);
}

export function fieldsOf(tool: string): OutputField[] {
  const spec = findTool(tool);
  return spec ? outputFields(spec) : [];
}

function conditionOf(step: WalkStep | undefined): PlanStep["when"] {
  if (!step?.when) return undefined;
  if (step.when.test === "empty") return { left: `$${step.when.step}.totalCount`, op: "==", right: 0 };
  if (step.when.test === "nonempty") return { left: `$${step.when.step}.totalCount`, op: ">", right: 0 };
  return undefined;
}

/**
 * The walk as a KOPA-Bench plan: stated values and defaults as literals, time tokens as tokens,
 * earlier answers as item references (the first row, as the walk took it).
 */
export function referencePlan(state: WalkState): PlanStep[] {
  const render = (step: WalkStep, param: string, source: ArgSource, depth = 0): unknown => {
    if (source.from === "user" || source.from === "default") return source.value;
    if (source.from === "time") return { $time: source.token };
    if (isStated(state, source)) return state.steps.find((s) => s.id === step.id)?.args[param] ?? null;
    if (source.from === "arg") {
      const earlier = planStep(state, source.step);
      const carried = earlier?.args[source.param];
      return earlier && carried && depth < 8 ? render(earlier, source.param, carried, depth + 1) : null;
    }
    const from = state.steps.find((s) => s.id === source.step);
    const index = from?.picks[String(source.slot)] ?? 0;
    const value = from?.result?.items[index]?.[source.field];
    const type = paramTypeOf(step.tool, param);
    const pipe = type === "string" && typeof value === "number" ? "|string" : (type === "integer" || type === "number") && typeof value === "string" ? "|number" : "";
    const ref = `$${source.step}.items[${index}].${source.field}${pipe}`;
    return type === "array" && !Array.isArray(value) ? [ref] : ref;
  };
  return state.plan.steps
    .filter((step) => !step.seed)
    .map((step) => {
      const args: Record<string, unknown> = {};
      for (const [name, source] of Object.entries(step.args)) args[name] = render(step, name, source);
      const when = conditionOf(step);
      return stepSchema.parse({ id: step.id, tool: step.tool, args, ...(when ? { when } : {}) });
    });
}

/** The values a request must state: every stated argument of the calls that ran. */
export function statedValues(state: WalkState): string[] {
  const values = new Set<string>();
  for (const r of executed(state)) {
    const step = planStep(state, r.id);
    for (const [name, source] of Object.entries(step?.args ?? {})) if (isStated(state, source) && r.args[name] !== undefined) values.add(String(r.args[name]));
  }
  return [...values];
}

/**
 * The identifiers the walk's calls carry (ids, codes, coordinates) that the request must not
 * mention; a number inside what the user says anyway is the user's, not a leak.
 */
export function identifierValues(state: WalkState): string[] {
  const stated = statedValues(state);
  const values = new Set<string>();
  for (const r of executed(state)) {
    const ids = fieldsOf(r.tool).filter(isIdentifierField);
    const item = r.result?.items[0];
    for (const f of ids) {
      const v = item?.[f.name];
      if ((typeof v === "string" || typeof v === "number") && String(v).length >= 3) values.add(String(v));
    }
  }
  return [...values].filter((v) => !stated.some((text) => text.includes(v)));
}

export function signatureOf(state: WalkState): string {
  return JSON.stringify([state.plan.shape, executed(state).map((r) => [r.tool, r.args])]);
}

/** The example, composed from the intents, with the gate's verdict. */
export function buildExample(state: WalkState, id: string): SynthExample {
  const request = composeRequest(state);
  // A yes/no fact is said as a verb in the request's register, so the answer's facts follow it.
  const found = answered(state, request?.register);
  const complete = found.length > 0 && found.every((a) => a !== null);
  const parts = found.filter((a) => a !== null);
  const composed = complete ? parts.flatMap((a) => a.facts) : [];
  const facts: SynthFact[] = composed.map((f) => ({ name: f.name, value: f.value, text: f.text, spec: f.spec, derived: f.derived }));
  const referable = composed.filter((f) => f.referable).map((f) => f.spec);
  const answer = complete && request ? composeAnswer(state, parts, request.register) : "";
  const calls = executed(state).map((r) => ({ id: r.id, tool: r.tool, args: r.args, items: r.result?.items ?? [], totalCount: r.result?.totalCount ?? 0 }));
  const example: SynthExample = {
    id,
    jobId: state.jobId,
    shape: state.plan.shape,
    request: { text: request?.text ?? "", madeBy: "template" },
    answer: { text: answer, madeBy: "template" },
    facts,
    calls,
    reference: { plan: referencePlan(state), facts: referable },
    signature: signatureOf(state),
    filters: {},
    edges: state.plan.edges,
    now: state.now,
    ...(request ? { register: request.register } : {}),
  };
  // Without its facts the example has no answer to judge; its calls still tell why, if they can.
  const structural = complete ? null : derivableProblem(state, example) ?? coherenceProblem(state, example);
  const unreferable = complete && referable.length === 0 ? { rule: "answer" as const, reason: "no fact the reward service can compute from the reference" } : null;
  // Which ask came back without its facts (answered() lists asks × entities in plan order), so the card can say.
  const asked = (state.plan.intent?.asks ?? []).flatMap((a) => Object.keys(a.steps).map(() => `${a.tool}.${a.id}`));
  const missing = found.length === 0 ? "the plan" : (asked[found.findIndex((a) => a === null)] ?? "an ask");
  const verdict = complete ? (gateOf(state, example) ?? unreferable) : structural ? { rule: derivableProblem(state, example) ? ("derivable" as const) : ("coherent" as const), reason: structural } : { rule: "answer" as const, reason: `an asked fact is missing from the results (${missing})` };
  example.filters = { gate: verdict ? `${verdict.rule}: ${verdict.reason}` : null };
  return example;
}

/** Why an example is not kept (`<rule>: <reason>`), or null. */
export function rejectionOf(example: SynthExample): string | null {
  const f = example.filters;
  if (f.gate) return f.gate;
  return f.solvable ? `unsolvable: ${f.solvable}` : null;
}
