/**
 * A GRPO group of mixed quality for one prompt, built from the prompt's own exported dialogue (the
 * `openai` line of the same example): what a policy early in training writes.
 *
 *   gold             the dialogue's calls with the gateway's answers to them (as a rollout that ran
 *                    its calls through the gateway has them) and the answer. The export's own tool
 *                    messages are trimmed to 5 items, which may not show the item a later call used.
 *   gold-unexecuted  the same calls without results: the reward service executes them
 *   wrong-args       the last call with one argument changed (no results, the answer copied)
 *   wrong-tool       the last call replaced by a repeat of the first one (no results, the answer copied)
 *   broken-link      every call in the first turn, values typed before any result came back
 *   hallucinated     the right answer without a single call
 *   malformed        three calls whose JSON does not parse, then the answer
 */
export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export interface Message {
  role: "system" | "user" | "assistant" | "tool";
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
}

export interface OpenAiLine {
  messages: Message[];
  metadata: { example_id: string };
}

export interface GrpoLine {
  prompt: { role: string; content: string }[];
  tools: { type: "function"; function: { name: string } }[];
  reference: { plan: { id: string; tool: string; args: Record<string, unknown> }[]; facts: unknown[] };
  answer_facts: { name: string; value: string | number; unit: string | null }[];
  snapshot: string | null;
  now: string;
  metadata: { example_id: string; shape: string };
}

export type Kind = "gold" | "gold-unexecuted" | "wrong-args" | "wrong-tool" | "broken-link" | "hallucinated" | "malformed";

/** One argument changed so that it still looks plausible: a digit, a syllable or a number off by one. */
function changed(args: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(args);
  const [key, value] = entries.find(([, v]) => typeof v === "string" && /\d$/.test(v)) ?? entries.find(([, v]) => typeof v === "string") ?? entries.find(([, v]) => typeof v === "number") ?? [];
  if (key === undefined) return { ...args, page: 2 };
  if (typeof value === "number") return { ...args, [key]: value + 1 };
  const text = String(value);
  return { ...args, [key]: /\d$/.test(text) ? `${text.slice(0, -1)}${(Number(text.slice(-1)) + 3) % 10}` : `${text}가` };
}

/** `results`: the tool message content of each call id of the dialogue. */
export function completions(dialogue: readonly Message[], results: ReadonlyMap<string, string>): { kind: Kind; completion: Message[] | string }[] {
  const turns = dialogue.filter((m) => m.role === "assistant" && m.tool_calls);
  const answer = dialogue.filter((m) => m.role === "assistant" && !m.tool_calls).at(-1)?.content ?? "";
  const final: Message = { role: "assistant", content: answer };
  const calls = turns.flatMap((t) => t.tool_calls ?? []);
  const first = calls[0];
  const last = calls.at(-1);
  if (!first || !last) throw new Error("a dialogue without calls");
  const replaceLast = (call: ToolCall): Message[] => [
    ...turns.slice(0, -1),
    { role: "assistant", content: null, tool_calls: [...(turns.at(-1)?.tool_calls ?? []).slice(0, -1), call] },
    final,
  ];
  const group: { kind: Kind; completion: Message[] | string }[] = [
    { kind: "gold", completion: [...turns.flatMap((t): Message[] => [t, ...(t.tool_calls ?? []).map((c): Message => ({ role: "tool", tool_call_id: c.id, name: c.function.name, content: results.get(c.id) ?? "" }))]), final] },
    { kind: "gold-unexecuted", completion: [...turns, final] },
    { kind: "wrong-args", completion: replaceLast({ ...last, function: { ...last.function, arguments: JSON.stringify(changed(JSON.parse(last.function.arguments) as Record<string, unknown>)) } }) },
    { kind: "wrong-tool", completion: replaceLast({ ...first, id: `${last.id}_again` }) },
    { kind: "hallucinated", completion: [final] },
    { kind: "malformed", completion: `${`<tool_call>\n{"name": "${first.function.name}", "arguments": {\n</tool_call>\n`.repeat(3)}${answer}` },
  ];
  // A dialogue whose calls are all independent has no link to break.
  if (turns.length > 1) group.push({ kind: "broken-link", completion: [{ role: "assistant", content: null, tool_calls: calls }, final] });
  return group;
}
