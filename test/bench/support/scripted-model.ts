/**
 * TEST DOUBLE — a scripted "model" for an OpenAI-compatible chat completions server. It is not a
 * language model: it reads the request, finds the KOPA-Bench task (by the user's request text) or
 * the BFCL entry (by the question), and replies from the gold plan or the possible answer. Its
 * model name picks a behaviour, so each test asks for exactly the reply it needs:
 *
 *   scripted:gold                      follows the gold plan with native tool_calls, then answers
 *   scripted:gold-hermes|-llama|-mistral  the same, calls written in the text in that dialect
 *   scripted:wrong-tool:<tool>=<other>    calls <other> (same arguments) wherever the plan calls <tool>
 *   scripted:wrong-arg:<tool>.<p>=<json>  sets argument <p> of every <tool> call to <json>
 *   scripted:broken-link:<tool>.<p>=<json>  the same, for an argument the plan carries from an earlier output
 *   scripted:missing-fact              leaves the first expected fact out of the answer
 *   scripted:coin:<p>                  follows the plan; answers right for about p % of (task, seed)
 *                                      pairs, else leaves a fact out (samples that differ by seed)
 *   scripted:extra-calls               repeats its first call and adds an unrelated one before answering
 *   scripted:malformed                 first writes a <tool_call> with broken JSON, then follows the plan
 *   scripted:unknown-tool              first calls a tool that does not exist, then follows the plan
 *   scripted:http-500[:<tag>]          answers every request with HTTP 500 (the tag keeps logs apart)
 *   scripted:flaky                     answers each distinct request once with HTTP 500, then normally
 *   scripted:slow:<ms>                 follows the plan, each reply <ms> late
 *   scripted:bfcl-gold[-hermes]        answers a BFCL question with its first possible answer
 *   scripted:bfcl-text                 answers a BFCL question in words, without a call
 *   scripted:writer[-leaky]            the synthesis writer: turns its JSON task into a request that
 *                                      states the given values (-leaky: and mentions an identifier),
 *                                      or into an answer that lists the facts; other prompts get 400
 *
 * Following the plan: the conversation so far is replayed through the real plan executor, whose
 * tool calls are answered from the tool messages already in the conversation; the calls it still
 * waits for are the next turn's calls (so independent calls go out together, as the gold depth).
 * Used by the workers tests (through test/bench/support/model-server.ts) and by `npm run bench:kopa`
 * without `--model-url`, where it measures the runner with a model that costs nothing.
 */
import { astCheck, goldCalls } from "../../../src/bench/bfcl/checker";
import { convertFunctions } from "../../../src/bench/bfcl/convert";
import { BFCL_CATEGORIES, bfclEntries, type BfclEntry } from "../../../src/bench/bfcl/data";
import { toJsonText } from "../../../src/bench/json";
import { executePlan, type CallTool, type FactValue, type PlanRun } from "../../../src/bench/plan";
import { canonical } from "../../../src/bench/score";
import type { BenchTask, Fact } from "../../../src/bench/task";
import { ABSTENTION_TASKS } from "../../../src/bench/abstention";
import { BENCH_TASKS } from "../../../src/bench/tasks";
import { parseToolCalls, type RawToolCall } from "../../../src/bench/tool-calls";
import { failure, type NormalisedResult } from "../../../src/upstream/result";

export interface ChatRequestMessage {
  role: string;
  content?: string | null;
  tool_calls?: RawToolCall[] | null;
  tool_call_id?: string;
}

export interface ChatRequest {
  model?: string;
  messages?: ChatRequestMessage[];
  tools?: { function?: { name?: string } }[];
  seed?: number;
}

export interface ScriptedReply {
  status: number;
  body: unknown;
  delayMs: number;
  entry?: LogEntry;
}

/** Whether the coin of a (task, seed) pair lands right, for about `percent` % of pairs: FNV-1a of both. */
function coinPasses(taskId: string, seed: number | undefined, percent: number): boolean {
  let hash = 0x811c9dc5;
  for (const ch of `${taskId}#${seed ?? 0}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash % 100 < percent;
}

export interface LogEntry {
  model: string;
  item: string | null;
  /** Assistant turns already in the conversation (0 for the first request of an attempt). */
  turn: number;
  status: number;
  /** Whether the request carried an API key / Access headers. */
  authorization: boolean;
  access: boolean;
  /** The conversation: its user request and model (one attempt when each request is asked once). */
  conversation: string;
  /** When the request arrived and when its reply left (ms, set by the server). */
  receivedAt: number;
  sentAt: number;
  /** The sampling seed the request asked for (null when none). */
  seed: number | null;
}

type Dialect = "native" | "hermes" | "llama" | "mistral";
interface Call {
  tool: string;
  args: Record<string, unknown>;
}
interface Mutation {
  tool: string;
  apply(call: Call): Call;
}

const TASKS_BY_REQUEST = new Map(BENCH_TASKS.map((t) => [t.request.ko, t]));
const ABSTENTION_REQUESTS = new Set(ABSTENTION_TASKS.map((t) => t.request.ko));
/** What the gold double says to a request no catalogued tool answers. */
export const ABSTAINING_ANSWER = "죄송하지만 요청하신 정보는 제가 쓸 수 있는 공공데이터 API로는 확인할 수 없습니다.";
let bfclByQuestion: Map<string, BfclEntry> | null = null;

/** A BFCL entry by its question and the functions offered (some questions recur across categories). */
function bfclFor(question: string, toolNames: readonly string[]): BfclEntry | undefined {
  const keyOf = (q: string, names: readonly string[]) => `${q}\u0000${[...names].sort().join(",")}`;
  bfclByQuestion ??= new Map(
    BFCL_CATEGORIES.flatMap((c) => bfclEntries(c)).map((e) => [
      keyOf(
        e.messages.map((m) => m.content).join("\n"),
        convertFunctions(e.functions).tools.map((t) => t.function.name),
      ),
      e,
    ]),
  );
  return bfclByQuestion.get(keyOf(question, toolNames));
}

/** The run's moment, as the system prompt states it (`… KST (2026-12-23T09:10:00+09:00)`). */
function nowOf(system: string): Date {
  const m = /\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00)\)/.exec(system);
  return m?.[1] ? new Date(m[1]) : new Date();
}

const key = (call: Call) => `${call.tool}\u0000${canonical(call.args)}`;

function resultOf(content: string): NormalisedResult {
  const parsed = JSON.parse(content) as { ok: boolean; totalCount?: number; items?: Record<string, unknown>[]; error?: { code?: string; message?: string } };
  if (!parsed.ok) return failure("UPSTREAM_FAILURE", parsed.error?.code ?? null, parsed.error?.message ?? "error");
  return { ok: true, items: parsed.items ?? [], totalCount: parsed.totalCount ?? 0, page: 1 };
}

/** The calls made so far and what each returned, from the conversation. */
function transcript(messages: readonly ChatRequestMessage[]): { calls: Call[]; results: Map<string, NormalisedResult>; turns: number } {
  const calls: Call[] = [];
  const results = new Map<string, NormalisedResult>();
  let turns = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message?.role !== "assistant") continue;
    turns++;
    const parsed = parseToolCalls({ content: message.content ?? null, tool_calls: message.tool_calls ?? null }, (name) => name);
    const made = parsed.entries.flatMap((e): Call[] => (e.kind === "call" ? [{ tool: e.name, args: e.args }] : []));
    // Tool messages follow their assistant message, one per entry, in order.
    const answers = messages.slice(i + 1).filter((m, j, rest) => m.role === "tool" && rest.slice(0, j).every((p) => p.role === "tool"));
    parsed.entries.forEach((entry, j) => {
      const content = answers[j]?.content;
      if (entry.kind !== "call" || typeof content !== "string") return;
      const call = { tool: entry.name, args: entry.args };
      results.set(key(call), resultOf(content));
    });
    calls.push(...made);
  }
  return { calls, results, turns };
}

/**
 * The gold plan replayed over the conversation: either the calls it waits for next, or (when
 * every call it makes is answered) the finished run with its facts.
 */
async function follow(task: BenchTask, results: ReadonlyMap<string, NormalisedResult>, now: Date, mutation: Mutation | null): Promise<{ next: Call[] } | { done: PlanRun }> {
  const wanted: Call[] = [];
  const call: CallTool = (tool, args) => {
    const planned = { tool, args };
    const made = mutation && mutation.tool === tool ? mutation.apply(planned) : planned;
    const hit = results.get(key(made));
    if (hit) return Promise.resolve(hit);
    wanted.push(made);
    // Never settles: the executor waits here, and what it waits for is the next turn.
    return new Promise<NormalisedResult>(() => undefined);
  };
  const settled = await Promise.race([executePlan(task, call, now).then((run) => ({ run })), new Promise<null>((resolve) => setTimeout(() => resolve(null), 0))]);
  if (settled) return { done: settled.run };
  return { next: wanted };
}

function grouped(n: number, digits = 2): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits });
}

/** 422000 (만원) → "42억 2,000만 원". */
function manwon(value: number): string {
  const total = Math.round(value);
  const eok = Math.floor(total / 10000);
  const man = total % 10000;
  if (eok === 0) return `${grouped(man)}만 원`;
  return man === 0 ? `${grouped(eok)}억 원` : `${grouped(eok)}억 ${grouped(man)}만 원`;
}

function render(fact: Fact, value: FactValue): string {
  if (Array.isArray(value)) return value.join(", ");
  if (fact.kind === "number" && typeof value === "number") {
    if (fact.unit === "만원") return manwon(value);
    return `${grouped(value)}${fact.unit ?? ""}`;
  }
  const text = String(value);
  if (fact.kind === "date" && /^\d{8}$/.test(text)) return `${text.slice(0, 4)}년 ${Number(text.slice(4, 6))}월 ${Number(text.slice(6, 8))}일`;
  if (/^([01]\d|2[0-3])[0-5]\d$/.test(text)) return `${text.slice(0, 2)}:${text.slice(2)}`;
  return text;
}

function answerText(task: BenchTask, run: PlanRun, skipFirst: boolean): string {
  if (!run.ok) return "죄송합니다. 필요한 정보를 찾지 못했습니다.";
  const facts = task.answer.facts.filter((f) => f.name in run.facts).slice(skipFirst ? 1 : 0);
  return ["조회한 결과를 알려드립니다.", ...facts.map((f) => `- ${f.name}: ${render(f, run.facts[f.name] ?? "")}`)].join("\n");
}

function toolCallsReply(calls: readonly Call[], dialect: Dialect, turn: number): { content: string | null; tool_calls?: RawToolCall[] } {
  const json = (c: Call, argsKey: string) => JSON.stringify({ name: c.tool, [argsKey]: c.args });
  switch (dialect) {
    case "native":
      return { content: null, tool_calls: calls.map((c, i) => ({ id: `call_${turn}_${i}`, type: "function", function: { name: c.tool, arguments: JSON.stringify(c.args) } })) };
    case "hermes":
      return { content: calls.map((c) => `<tool_call>\n${json(c, "arguments")}\n</tool_call>`).join("\n") };
    case "llama":
      return { content: `<|python_tag|>${calls.map((c) => json(c, "parameters")).join("; ")}` };
    case "mistral":
      return { content: `[TOOL_CALLS][${calls.map((c) => json(c, "arguments")).join(", ")}]` };
  }
}

function completion(model: string, message: { content: string | null; tool_calls?: RawToolCall[] }): unknown {
  const calls = message.tool_calls !== undefined;
  return {
    id: `chatcmpl-scripted`,
    object: "chat.completion",
    created: 0,
    model,
    choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: calls ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

function mutationOf(behaviour: string, argument: string): Mutation | null {
  if (behaviour === "wrong-tool") {
    const [tool = "", other = ""] = argument.split("=");
    return { tool, apply: (c) => ({ tool: other, args: c.args }) };
  }
  if (behaviour === "wrong-arg" || behaviour === "broken-link") {
    const m = /^([^.]+)\.([^=]+)=(.*)$/.exec(argument);
    if (!m) return null;
    const [, tool = "", param = "", value = "null"] = m;
    return { tool, apply: (c) => ({ tool: c.tool, args: { ...c.args, [param]: JSON.parse(value) as unknown } }) };
  }
  return null;
}

export class ScriptedModel {
  readonly log: LogEntry[] = [];
  private readonly failedOnce = new Set<string>();

  async reply(request: ChatRequest, headers: { authorization: boolean; access: boolean }): Promise<ScriptedReply> {
    const model = request.model ?? "";
    const messages = request.messages ?? [];
    const [, behaviour = "gold", ...rest] = model.split(":");
    const argument = rest.join(":");
    const user = messages.find((m) => m.role === "user")?.content ?? "";
    const system = messages.find((m) => m.role === "system")?.content ?? "";
    const task = TASKS_BY_REQUEST.get(user);
    const entry = task ? undefined : bfclFor(user, (request.tools ?? []).map((t) => t.function?.name ?? ""));
    const turns = messages.filter((m) => m.role === "assistant").length;
    const out = (status: number, body: unknown, delayMs = 0): ScriptedReply => {
      const logged: LogEntry = { model, item: task?.id ?? entry?.id ?? null, turn: turns, status, ...headers, conversation: `${model}\u0000${user}`, receivedAt: 0, sentAt: 0, seed: typeof request.seed === "number" ? request.seed : null };
      this.log.push(logged);
      return { status, body, delayMs, entry: logged };
    };

    if (behaviour === "http-500") return out(500, { error: { message: "scripted failure" } });
    if (behaviour === "writer" || behaviour === "writer-leaky") {
      const text = writerReply(user, behaviour === "writer-leaky");
      return text === null ? out(400, { error: { message: "scripted writer: not a writing task" } }) : out(200, completion(model, { content: text }));
    }
    if (behaviour === "flaky") {
      const id = `${user}\u0000${messages.length}`;
      if (!this.failedOnce.has(id)) {
        this.failedOnce.add(id);
        return out(503, { error: { message: "scripted: busy, try again" } });
      }
    }

    if (entry) {
      const { tools, resolve } = convertFunctions(entry.functions);
      const sent = (name: string) => tools.find((t) => resolve(t.function.name) === name)?.function.name ?? name;
      const gold = goldCalls(entry.groundTruth, entry.functions);
      // The reply's own check: a double whose gold does not pass would make the test meaningless.
      if (!astCheck(entry.category, entry.functions, gold, entry.groundTruth).valid) return out(500, { error: { message: `no valid gold for ${entry.id}` } });
      if (behaviour === "bfcl-text") return out(200, completion(model, { content: "I would call a function for that." }));
      if (behaviour === "bfcl-gold-hermes") return out(200, completion(model, { content: gold.map((c) => `<tool_call>\n{"name": ${JSON.stringify(sent(c.name))}, "arguments": ${toJsonText(c.args)}}\n</tool_call>`).join("\n") }));
      return out(200, completion(model, { content: null, tool_calls: gold.map((c, i) => ({ id: `call_${i}`, type: "function", function: { name: sent(c.name), arguments: toJsonText(c.args) } })) }));
    }
    if (!task && ABSTENTION_REQUESTS.has(user)) return out(200, completion(model, { content: ABSTAINING_ANSWER }));
    if (!task) return out(400, { error: { message: "scripted: unknown request" } });

    const delay = behaviour === "slow" ? Number(argument) || 0 : 0;
    const dialect: Dialect = behaviour.startsWith("gold-") ? (behaviour.slice(5) as Dialect) : "native";
    const { calls, results } = transcript(messages);
    const firstTool = task.plan[0]?.tool ?? "juso_search";
    if (behaviour === "malformed" && turns === 0) return out(200, completion(model, { content: `<tool_call>\n{"name": "${firstTool}", "arguments": {"keyword": }\n</tool_call>` }));
    if (behaviour === "unknown-tool" && turns === 0) return out(200, completion(model, toolCallsReply([{ tool: "no_such_tool", args: {} }], "native", turns)));

    const now = nowOf(system);
    const state = await follow(task, results, now, mutationOf(behaviour, argument));
    if ("next" in state && state.next.length > 0) return out(200, completion(model, toolCallsReply(state.next, dialect, turns)), delay);
    if ("done" in state) {
      if (behaviour === "extra-calls" && new Set(calls.map(key)).size === calls.length && calls[0]) {
        const year = String(now.getUTCFullYear());
        return out(200, completion(model, toolCallsReply([calls[0], { tool: "kasi_public_holidays", args: { solYear: year } }], dialect, turns)), delay);
      }
      const dropFact = behaviour === "missing-fact" || (behaviour === "coin" && !coinPasses(task.id, request.seed, Number(argument)));
      return out(200, completion(model, { content: answerText(task, state.done, dropFact) }), delay);
    }
    return out(200, completion(model, { content: "더 이상 진행할 수 없습니다." }), delay);
  }
}

/** The writer double: a request from the values it must state, or an answer listing the facts. */
function writerReply(user: string, leaky: boolean): string | null {
  let task: unknown;
  try {
    task = JSON.parse(user);
  } catch {
    return null;
  }
  if (typeof task !== "object" || task === null) return null;
  const t = task as { task?: string; stated?: string[]; condition?: string; asks?: string[]; avoid?: string[]; facts?: { name: string; value: unknown; unit: string | null }[] };
  if (t.task === "request") {
    const leak = leaky && t.avoid?.[0] ? `${t.avoid[0]} ` : "";
    const condition = t.condition ? `${t.condition} ` : "";
    return `${(t.stated ?? []).join(" ")} ${leak}관련해서 ${condition}${(t.asks ?? []).at(-1) ?? "정보"} 좀 알려 줄래요?`;
  }
  if (t.task === "answer") return `${(t.facts ?? []).map((f) => `${f.name}: ${String(f.value)}${f.unit ?? ""}`).join(", ")} 입니다.`;
  return null;
}
