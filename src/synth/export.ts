/**
 * Training exports of kept examples: `openai` (messages + tools, for TRL's SFTTrainer and
 * LLaMA-Factory), `hermes` (the same dialogue with <tool_call>/<tool_response> text), `grpo` (one
 * prompt per line with what the reward service needs), `bfcl` (the first call as a BFCL entry),
 * and a Markdown dataset card. Tool answers are trimmed to the fields the walk and the answer used
 * (src/synth/trim.ts). Pure code.
 */
import { findTool } from "../catalog";
import type { OpenAiTool } from "../catalog/tools";
import type { SynthCall, SynthExample } from "./example-schema";
import { instantSpread } from "./instants";
import { toolsFor } from "./offered";
import { trimmedAnswer, type Trim } from "./trim";

export const EXPORT_FORMATS = ["openai", "hermes", "grpo", "bfcl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

function kst(ms: number): string {
  return new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
}

export function systemPrompt(now: number): string {
  return `당신은 한국 공공데이터 API 도구를 쓰는 도우미입니다. 필요한 도구를 차례로 호출하고, 도구가 돌려준 값에만 근거해 한국어로 답하세요. 중간 식별자(콘텐츠 ID, 정류소 ID 등)는 사용자에게 묻지 말고 도구로 찾으세요. 현재 시각(한국): ${kst(now)}`;
}

/** Calls grouped into assistant turns: a call waits for the calls it reads; independent ones go together. */
export function turns(example: SynthExample): SynthCall[][] {
  const byId = new Map(example.reference.plan.map((s) => [s.id, s]));
  const wave = new Map<string, number>();
  for (const call of example.calls) {
    const step = byId.get(call.id);
    const reads = JSON.stringify(step?.args ?? {}).match(/\$s\d+/g) ?? [];
    const conditionOn = step?.when ? [step.when.left.match(/\$s\d+/)?.[0] ?? ""] : [];
    const depth = Math.max(0, ...[...reads, ...conditionOn].map((r) => (wave.get(r.slice(1)) ?? -1) + 1));
    wave.set(call.id, depth);
  }
  const groups: SynthCall[][] = [];
  for (const call of example.calls) {
    const w = wave.get(call.id) ?? 0;
    (groups[w] ??= []).push(call);
  }
  return groups.filter((g) => g.length > 0);
}

interface OpenAiMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | null;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  name?: string;
}

export function openAiDialogue(example: SynthExample): { messages: OpenAiMessage[]; trims: Trim[] } {
  const messages: OpenAiMessage[] = [
    { role: "system", content: systemPrompt(example.now) },
    { role: "user", content: example.request.text },
  ];
  const trims: Trim[] = [];
  for (const group of turns(example)) {
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: group.map((c) => ({ id: `call_${c.id}`, type: "function" as const, function: { name: c.tool, arguments: JSON.stringify(c.args) } })),
    });
    for (const call of group) {
      const { content, trim } = trimmedAnswer(example, call);
      trims.push(trim);
      messages.push({ role: "tool", tool_call_id: `call_${call.id}`, name: call.tool, content });
    }
  }
  messages.push({ role: "assistant", content: example.answer.text });
  return { messages, trims };
}

export function hermesDialogue(example: SynthExample): { role: string; content: string }[] {
  const { messages } = openAiDialogue(example);
  return messages.map((m) => {
    if (m.role === "assistant" && m.tool_calls) {
      return { role: "assistant", content: m.tool_calls.map((c) => `<tool_call>\n${JSON.stringify({ name: c.function.name, arguments: JSON.parse(c.function.arguments) as unknown })}\n</tool_call>`).join("\n") };
    }
    if (m.role === "tool") return { role: "tool", content: `<tool_response>\n${m.content ?? ""}\n</tool_response>` };
    return { role: m.role, content: m.content ?? "" };
  });
}

/** BFCL-style function definitions: "dict" for objects, like the benchmark's own data. */
function bfclFunction(tool: OpenAiTool): Record<string, unknown> {
  return { name: tool.function.name, description: tool.function.description, parameters: { ...tool.function.parameters, type: "dict" } };
}

export interface ExportContext {
  graphVersion: number;
  snapshot: string | null;
}

export function exportLine(example: SynthExample, format: ExportFormat, context: ExportContext): Record<string, unknown> {
  const tools = toolsFor(example);
  const meta = { example_id: example.id, shape: example.shape, graph_version: context.graphVersion, request_made_by: example.request.madeBy };
  switch (format) {
    case "openai": {
      const { messages, trims } = openAiDialogue(example);
      return { messages, tools, metadata: { ...meta, trimmed: trims } };
    }
    case "hermes":
      return { messages: hermesDialogue(example), tools, metadata: meta };
    case "grpo":
      return {
        prompt: [
          { role: "system", content: systemPrompt(example.now) },
          { role: "user", content: example.request.text },
        ],
        tools,
        reference: example.reference,
        answer_facts: example.facts.map((f) => ({ name: f.name, value: f.value, unit: f.spec.unit ?? null })),
        snapshot: context.snapshot,
        now: new Date(example.now).toISOString(),
        metadata: meta,
      };
    case "bfcl": {
      const first = example.calls[0];
      return {
        id: example.id,
        question: [[{ role: "user", content: example.request.text }]],
        function: tools.map(bfclFunction),
        ground_truth: first ? [{ [first.tool]: Object.fromEntries(Object.entries(first.args).map(([k, v]) => [k, [v]])) }] : [],
      };
    }
  }
}

export function exportJsonl(examples: readonly SynthExample[], format: ExportFormat, context: ExportContext): string {
  return examples.map((e) => JSON.stringify(exportLine(e, format, context))).join("\n") + (examples.length > 0 ? "\n" : "");
}

/**
 * A rejection as a kind of reason: step ids, quoted names and parenthesised values left out, so
 * that "s3 hira_pharmacies …" of two walks counts as one reason.
 */
export function reasonKind(rejection: string): string {
  return rejection
    .replace(/\bs\d+\b/g, "sN")
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\(\d[^)]*\)/g, "(…)")
    .replace(/\b\d+\b/g, "N")
    .slice(0, 140);
}

/** Why a route's edge is in no kept example: never planned, or every walk through it rejected (most often for what). */
function whyNotKept(edge: string, rejections: readonly { rejection: string; edges: readonly string[] }[]): string {
  const through = rejections.filter((r) => r.edges.includes(edge));
  if (through.length === 0) return "on a route, but never planned, or every walk through it failed";
  const [top] = [...countBy(through, (r) => reasonKind(r.rejection))].sort((a, b) => b[1] - a[1]);
  return `every walk through it was rejected (${through.length}; most often ${top?.[0] ?? "?"})`;
}

interface CardInput {
  jobId: string;
  params: Record<string, unknown>;
  graphVersion: number;
  catalogTools: number;
  kept: readonly SynthExample[];
  rejected: Record<string, number>;
  failed: Record<string, number>;
  planned: number;
  /** Walks that finished (kept, rejected or failed): the yield is kept / walks. */
  walks?: number;
  /** The rejection of every example not kept (`<rule>: <reason>`), with the edges its walk went through. */
  rejections?: readonly { rejection: string; edges: readonly string[] }[];
  /** The verified edges, each with why no route walks it when none does (its meaning is not derivable, …). */
  verified?: readonly { id: string; name: string; unmeant?: string }[];
}

function share(part: number, whole: number): string {
  return `${part} of ${whole} (${whole > 0 ? ((100 * part) / whole).toFixed(1) : "0.0"}%)`;
}

function table(counts: Map<string, number>): string {
  return ["| | count |", "| --- | ---: |", ...[...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, v]) => `| ${k} | ${v} |`)].join("\n");
}

function countBy<T>(items: readonly T[], key: (item: T) => string | string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) for (const k of [key(item)].flat()) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

export function datasetCard(input: CardInput): string {
  const lengths = countBy(input.kept, (e) => `${e.calls.length} calls`);
  const providers = countBy(input.kept, (e) => [...new Set(e.calls.map((c) => findTool(c.tool)).map((t) => (t?.kind === "upstream" ? t.provider : "local")))]);
  const tools = countBy(input.kept, (e) => [...new Set(e.calls.map((c) => c.tool))]);
  const made = countBy(input.kept, (e) => e.request.madeBy);
  const meanCalls = input.kept.reduce((a, e) => a + e.calls.length, 0) / Math.max(1, input.kept.length);
  const walked = new Set(input.kept.flatMap((e) => e.edges));
  const verified = input.verified ?? [];
  const meant = verified.filter((e) => e.unmeant === undefined);
  const coverage = input.verified
    ? [`- verified edges walked by kept examples: ${share(verified.filter((e) => walked.has(e.id)).length, verified.length)}; of the ${meant.length} a route walks: ${share(meant.filter((e) => walked.has(e.id)).length, meant.length)}`]
    : [];
  const walks = input.walks ?? 0;
  const reasons = countBy(input.rejections ?? [], (r) => reasonKind(r.rejection));
  const unwalked = verified.filter((e) => !walked.has(e.id)).map((e) => ({ name: e.name, why: e.unmeant ?? whyNotKept(e.id, input.rejections ?? []) }));
  const instants = instantSpread(input.kept.map((e) => e.now));
  return [
    `# kopa-edge synthetic dataset ${input.jobId}`,
    "",
    "Multi-step tool-calling dialogues over Korean open public APIs, synthesised from intent: each plan starts from a subject the request names (a place, a hospital, an address, a workplace, a drug, a district), finds it with the tool's own search parameter, and follows the verified EDGE graph only through hops whose meaning the tool intents state (src/catalog/intents). Every call really ran; the request asks for exactly the facts the answer states, with units and rounding.",
    "",
    "Every kept example passed the quality gate (src/synth/gate.ts), one rule per review criterion: `language` (no tool titles, template residue or float noise), `derivable` (a search by the stated name first; every argument stated, a default, the clock or an earlier result), `coherent` (one entity per chain, no repeated call, no round trip, every result used), `answer` (each asked fact in the kept tool results and in the answer), `shape` (comparison names a winner, a conditional's fallback runs only after an empty first try, a reduction covers every row).",
    "",
    `- kept examples: ${input.kept.length} of ${input.planned} walks planned; mean ${meanCalls.toFixed(2)} calls per example`,
    ...(input.walks !== undefined ? [`- yield: ${input.kept.length} kept of ${walks} walks that finished (${(input.kept.length / Math.max(1, walks)).toFixed(3)}); the rest were rejected by the gate or a filter, or failed (below)`] : []),
    ...coverage,
    `- instants (${String(input.params["instants"] ?? "now")}): distinct instants ${instants.distinct} of ${instants.examples} examples, at most ${instants.mostShared} sharing one; ${instants.hours} hours of the day, ${instants.weekdays} weekdays, ${instants.months} months; ${instants.night} at night (23:00 to 06:00 KST)`,
    `- catalog: ${input.catalogTools} tools; graph version ${input.graphVersion}; snapshot ${String(input.params["snapshot"] ?? "none (live)")}`,
    `- parameters: \`${JSON.stringify(input.params)}\``,
    "",
    "## Shapes",
    table(countBy(input.kept, (e) => e.shape)),
    "",
    "## Lengths",
    table(lengths),
    "",
    "## Providers",
    table(providers),
    "",
    "## Tools",
    table(tools),
    "",
    "## How requests were written",
    table(made),
    "",
    "## Quality gate: rejections by rule",
    table(new Map(Object.entries(input.rejected))),
    ...(input.rejections ? ["", "## Rejection reasons (most common first; names and step ids left out)", table(new Map([...reasons].sort((a, b) => b[1] - a[1]).slice(0, 20)))] : []),
    "",
    "## Answer registers",
    table(countBy(input.kept, (e) => e.register ?? "unknown")),
    ...(input.verified
      ? [
          "",
          `## Verified edges no kept example walks, and why (${unwalked.length} of ${verified.length})`,
          table(countBy(unwalked, (e) => e.why.replace(/ \(.*$/, ""))),
          "",
          "| edge | why |",
          "| --- | --- |",
          ...unwalked.sort((a, b) => a.why.localeCompare(b.why) || a.name.localeCompare(b.name)).map((e) => `| ${e.name} | ${e.why} |`),
        ]
      : []),
    "",
    "## Walks that did not finish",
    table(new Map(Object.entries(input.failed))),
    "",
    "## Reproduce",
    "```sh",
    `curl -X POST -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '${JSON.stringify(input.params)}' "$KOPA_URL/v1/synth/jobs"`,
    `curl -H "Authorization: Bearer $TOKEN" "$KOPA_URL/v1/datasets/${input.jobId}/export?format=openai"`,
    "```",
    "",
    "Tool answers in the dialogues are trimmed to the fields the walk used, and to the first 5 items plus any item read by position (all items when an answer aggregates over them); each line's `metadata.trimmed` records what was left out.",
  ].join("\n");
}
