/**
 * The model writer: with a model endpoint configured, the model writes the user request from the
 * walk (back-instruction: told which values to state and which identifiers never to mention) and
 * the final answer from the answer facts; optionally it then solves its own request with the tools
 * and the example is kept only if that answer has the facts. Any model failure falls back to the
 * Korean templates, and every example records which way its request and answer were made.
 */
import { checkFact } from "../bench/facts";
import { runAgent } from "../bench/agent";
import type { ModelClient } from "../bench/model";
import type { FactValue } from "../bench/plan";
import { findTool } from "../catalog";
import type { CallOutcome } from "../bench/trajectory";
import type { GraphCaller } from "../graph/engine";
import { toolIntent } from "../catalog/intents";
import { kstParts } from "../time/kst";
import { statedEntity } from "./compose";
import { fill } from "./request";
import { identifierValues, statedValues } from "./example";
import type { SynthExample } from "./example-schema";
import { conditionRadii } from "./gate";
import { systemPrompt } from "./export";
import { toolsFor } from "./offered";
import type { WalkState } from "./walk";

const WRITER_SYSTEM = [
  "당신은 한국 공공데이터 도구 호출 학습 데이터를 만드는 작가입니다.",
  "JSON으로 주어진 작업에 맞춰 한국어 문장만 출력하세요. 설명, 따옴표, 머리말은 쓰지 마세요.",
].join("\n");

/** One writing task as JSON to the model; its sentence without quotes, or null when it failed or said nothing. */
async function write(model: ModelClient, task: Record<string, unknown>): Promise<string | null> {
  const answer = await model.chat(
    [
      { role: "system", content: WRITER_SYSTEM },
      { role: "user", content: JSON.stringify(task) },
    ],
    [],
  );
  if (!answer.ok) return null;
  const text = (answer.message.content ?? "").trim().replace(/^["'“”]+|["'“”]+$/g, "").trim();
  return text.length >= 4 ? text : null;
}

/** Asks the model for the request; null when it failed or broke a rule (the template is used then). */
export async function writeRequest(model: ModelClient, state: WalkState, example: SynthExample): Promise<string | null> {
  const task = {
    task: "request",
    instructions: "시민이나 공무원이 실제로 물어볼 법한 자연스러운 질문을 한두 문장으로 쓰세요. stated의 값은 글자 그대로 모두 넣고, condition이 있으면 그 조건을 두 거리 그대로 넣고, avoid의 값(코드, ID)은 절대 쓰지 마세요. 도구 이름은 쓰지 마세요. 질문은 now의 시각에 쓰는 것이니, 그 시각과 맞지 않는 말(밤늦게 '지금 산책하려는데', 주말에 '퇴근하고')은 쓰지 마세요.",
    // The walk's own instant (src/synth/instants.ts): the gate holds the request to it.
    now: nowText(state.now),
    shape: state.plan.shape,
    stated: statedValues(state),
    ...conditionOf(state),
    // What is asked, as the intents phrase it, with the subject in its place.
    asks: (state.plan.intent?.asks ?? []).map((a) => {
      const tool = toolIntent(a.tool);
      const say = (a.kind === "ask" ? tool?.asks.find((x) => x.id === a.id)?.say[0] : tool?.aggregates.find((x) => x.id === a.id)?.say[0]) ?? a.id;
      return fill(say, statedEntity(state, 0) ?? "");
    }),
    wanted: example.facts.map((f) => f.name),
    avoid: identifierValues(state),
    template: example.request.text,
  };
  const text = await write(model, task);
  if (!text) return null;
  // The model's request must state what the template states and leak no identifier; the whole
  // example then goes through the same gate as a template's (src/synth/walk-object.ts).
  return requestProblem(state, text) ? null : text;
}

const WEEKDAYS = ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"];

/** The instant as the writer reads it: "2026-03-14 23:23 (토요일)", in KST. */
function nowText(ms: number): string {
  const p = kstParts(new Date(ms));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)} (${WEEKDAYS[p.weekday] ?? ""})`;
}

/**
 * A conditional's condition, which its request must state like the templates do: the narrow search
 * radius and the wider one it falls back to (the gate holds the model's request to both).
 */
function conditionOf(state: WalkState): { condition?: string } {
  const [first, then] = (conditionRadii(state) ?? []).map((words) => words?.[0]);
  return first && then ? { condition: `${first} 안에 없으면 ${then} 안에서` } : {};
}

/** A request that leaves out a stated value or gives away an identifier an earlier call produced. */
export function requestProblem(state: WalkState, text: string): string | null {
  const missing = statedValues(state).find((v) => !text.includes(v));
  if (missing !== undefined) return `${missing} is not stated`;
  const leaked = identifierValues(state).find((v) => text.includes(v));
  return leaked === undefined ? null : `identifier ${leaked} leaks into the request`;
}

/** Asks the model for the final answer; null unless it states every fact. */
export async function writeAnswer(model: ModelClient, example: SynthExample, request: string): Promise<string | null> {
  const task = {
    task: "answer",
    instructions: "request에 대한 최종 답변을 한국어로 쓰세요. 질문에 대한 답부터 말하고, facts의 text를 그대로 빠짐없이 넣고(단위와 반올림 포함), 각 값이 어느 대상의 값인지 밝히고, 없는 값은 지어내지 마세요.",
    request,
    facts: example.facts.map((f) => ({ name: f.name, value: f.value, unit: f.spec.unit ?? null, text: f.text ?? String(f.value) })),
  };
  const text = await write(model, task);
  if (!text) return null;
  return example.facts.every((f) => checkFact(f.spec, f.value as FactValue, text).found) ? text : null;
}

/** Whether the model, with the request and the tools, answers with every fact. */
export async function solvable(model: ModelClient, example: SynthExample, caller: GraphCaller, snapshot: string | null): Promise<boolean> {
  const tools = toolsFor(example);
  const execute = async (tool: string, args: Record<string, unknown>): Promise<CallOutcome> => {
    const started = Date.now();
    const attempt = await caller.call(tool, args, "default", snapshot ?? undefined);
    const ms = Date.now() - started;
    return attempt.ok ? { status: "ok", result: attempt.result, ms } : { status: "error", error: { code: attempt.code, message: attempt.message }, ms };
  };
  const trajectory = await runAgent({
    model,
    system: systemPrompt(example.now),
    user: example.request.text,
    tools,
    resolve: (name) => (findTool(name) ? name : undefined),
    execute,
    maxSteps: 8,
    toolResultMaxChars: 6000,
  });
  const final = trajectory.final;
  return final !== null && example.facts.every((f) => checkFact(f.spec, f.value as FactValue, final).found);
}
