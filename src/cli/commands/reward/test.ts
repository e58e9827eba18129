/**
 * `kopa reward test <completion-file>`: scores one completion with `POST /v1/reward` and prints
 * its components — the quickest check of what a policy's output would earn before a GRPO run.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { UserError } from "../../errors";
import { printJson } from "../../output";
import { renderPairs, renderTable } from "../../table";

const COMPONENTS = ["format", "tool", "args", "links", "execution", "facts"] as const;

/** The answer of POST /v1/reward as printed (the wire contract; the Worker's schema is not imported). */
const factValueSchema = z.union([z.number(), z.string(), z.array(z.string())]);
const rewardAnswerSchema = z.object({
  reward: z.number(),
  weighted: z.number(),
  binary: z.number(),
  components: z.object(Object.fromEntries(COMPONENTS.map((c) => [c, z.number()])) as Record<(typeof COMPONENTS)[number], z.ZodNumber>),
  bonus: z.number(),
  penalty: z.number(),
  reasons: z.array(z.string()),
  details: z.object({
    dialect: z.string().nullable(),
    calls: z.number(),
    wellFormedCalls: z.number(),
    executedByReward: z.number(),
    resultsFromRollout: z.number(),
    facts: z.array(z.object({ name: z.string(), expected: factValueSchema, found: z.boolean(), backed: z.boolean() })),
  }),
  reference: z.object({
    exampleId: z.string().nullable(),
    snapshot: z.string().nullable(),
    now: z.string(),
    drift: z.array(z.object({ name: z.string() })),
  }),
  stats: z.object({ gatewayCalls: z.number(), upstreamCalls: z.number(), ms: z.number() }),
});
type RewardAnswer = z.infer<typeof rewardAnswerSchema>;

/** Weights as the service applies them when none are given (shown beside each component). */
const DEFAULT_WEIGHTS: Record<(typeof COMPONENTS)[number], number> = { format: 0.1, tool: 0.2, args: 0.2, links: 0.15, execution: 0.1, facts: 0.25 };

async function readJson(file: string, cwd: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), "utf8");
  } catch (error) {
    throw new UserError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  const lines = text.trim().split("\n");
  // A JSONL export: its first line (cut the line you want with sed -n 'Np').
  const body = lines.length > 1 && lines.every((l) => l.trim().startsWith("{")) ? (lines[0] ?? "") : text;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new UserError(`${file} is not JSON (${what})`);
  }
}

const messagesSchema = z.array(z.looseObject({ role: z.string() })).min(1);

/**
 * A completion file: OpenAI messages, raw generated text (a JSON string), `{"completion": …}`, or an
 * `openai` export line (`{"messages": …}`: its own dialogue scored against its own reference).
 */
const completionFileSchema = z.union([
  z.string().transform((completion) => ({ completion })),
  messagesSchema.transform((completion) => ({ completion })),
  z.object({ completion: z.union([z.string(), messagesSchema]) }).transform(({ completion }) => ({ completion })),
  z.object({ messages: messagesSchema, metadata: z.object({ example_id: z.string() }).partial().optional() }).transform(({ messages, metadata }) => ({ completion: messages, exampleId: metadata?.example_id })),
]);

/** A reference file: a `grpo` export line (sent as it is), or `{reference, answer_facts?, snapshot?, now?}`. */
const referenceFileSchema = z.looseObject({ reference: z.object({ plan: z.array(z.unknown()), facts: z.array(z.unknown()) }) });

const input = z.object({
    completion: z.string().min(1),
    example: z.string().min(1).optional(),
    reference: z.string().min(1).optional(),
    snapshot: z.string().min(1).optional(),
    mode: z.enum(["weighted", "binary"]).optional(),
    execute: z.enum(["missing", "all"]).optional(),
    json: z.boolean().default(false),
    ...teamInput,
  });

function print(answer: RewardAnswer): string {
  const table = renderTable(
    [{ header: "component" }, { header: "score", align: "right" }, { header: "default weight", align: "right" }],
    COMPONENTS.map((c) => [c, answer.components[c].toFixed(3), DEFAULT_WEIGHTS[c]]),
  );
  const facts =
    answer.details.facts.length === 0
      ? ""
      : renderTable(
          [{ header: "fact", max: 30 }, { header: "expected", max: 40 }, { header: "found" }, { header: "backed" }],
          answer.details.facts.map((f) => [f.name, Array.isArray(f.expected) ? f.expected.join(", ") : f.expected, f.found ? "yes" : "no", f.backed ? "yes" : "no"]),
        );
  const pairs = renderPairs([
    ["reward", answer.reward],
    ["weighted", answer.weighted],
    ["binary", answer.binary],
    ["first-call bonus", answer.bonus],
    ["invalid-call penalty", answer.penalty],
    ["reasons", answer.reasons.join(", ") || "-"],
    ["calls", `${answer.details.wellFormedCalls}/${answer.details.calls} well-formed (${answer.details.dialect ?? "no calls"}); ${answer.details.resultsFromRollout} answered in the completion, ${answer.details.executedByReward} executed by the service`],
    ["reference", `${answer.reference.exampleId ?? "inline"} at ${answer.reference.now}, snapshot ${answer.reference.snapshot ?? "none (shared cache)"}${answer.reference.drift.length > 0 ? `; drifted: ${answer.reference.drift.map((d) => d.name).join(", ")}` : ""}`],
    ["cost", `${answer.stats.gatewayCalls} gateway calls, ${answer.stats.upstreamCalls} upstream, ${answer.stats.ms} ms`],
  ]);
  return `${table}${facts}${pairs}`;
}

export default defineCommand({
  path: ["reward", "test"],
  summary: "score a completion against a grpo prompt's reference and print the reward's components",
  description: `
The completion file is JSON: OpenAI messages (assistant tool_calls and tool results), raw generated
text as a JSON string, {"completion": …}, or an openai export line (scored against its own example).
The reference is a grpo line's example id (--example) or a file (--reference): a grpo export line
or {"reference": {"plan", "facts"}, "answer_facts", "snapshot", "now"}. A JSONL file's first line
is read. Calls the completion did not execute run through the gateway, against the prompt's snapshot
unless --snapshot names another.`,
  positionals: [{ name: "completion", description: "the completion file (JSON)" }],
  flags: {
    example: { type: "string", value: "<id>", description: "the grpo line's metadata.example_id (a kept example of the team)" },
    reference: { type: "string", value: "<file>", description: "a grpo export line, or an inline reference, as JSON" },
    snapshot: { type: "string", value: "<name>", description: "run the calls against this snapshot" },
    mode: { type: "string", value: "<mode>", description: "which variant is the reward: weighted or binary", default: "weighted" },
    execute: { type: "string", value: "<which>", description: "missing: run calls without a result in the completion; all: run every call", default: "missing" },
    ...jsonFlag,
    ...teamFlags,
  },
  input,
  examples: [
    "kopa reward test completion.json --example 6f1c…-3",
    "kopa reward test completion.json --reference line.grpo.json --execute all --json",
    "sed -n 3p dataset.openai.jsonl > line.json && kopa reward test line.json",
  ],
  async run(input, { io, teamApi }) {
    const parsed = completionFileSchema.safeParse(await readJson(input.completion, io.cwd, "the completion"));
    if (!parsed.success) throw new UserError(`${input.completion} is not a completion: expected OpenAI messages, a JSON string, {"completion": …} or an openai export line`);
    const { completion } = parsed.data;
    const exampleId = input.example ?? ("exampleId" in parsed.data ? parsed.data.exampleId : undefined);
    let reference: Record<string, unknown> = {};
    if (input.reference) {
      const file = referenceFileSchema.safeParse(await readJson(input.reference, io.cwd, "the reference"));
      if (!file.success) throw new UserError(`${input.reference} holds no reference: expected a grpo export line or {"reference": {"plan", "facts"}}`);
      reference = file.data;
    }
    if (exampleId === undefined && input.reference === undefined) throw new UserError("give the reference: --example <id> or --reference <file>");
    const options = { ...(input.mode ? { mode: input.mode } : {}), ...(input.execute ? { execute: input.execute } : {}) };
    const body = {
      ...reference,
      ...(exampleId !== undefined ? { example_id: exampleId } : {}),
      ...(input.snapshot ? { snapshot: input.snapshot } : {}),
      ...(Object.keys(options).length > 0 ? { options: { ...(typeof reference["options"] === "object" ? reference["options"] : {}), ...options } } : {}),
      completion,
    };
    const answer = await teamApi(input).json(rewardAnswerSchema, "POST", "/v1/reward", { body });
    if (input.json) return printJson(io, answer.raw);
    io.stdout.write(print(answer.value));
  },
});
