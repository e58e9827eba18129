/**
 * The bodies of `POST /v1/reward` and `POST /v1/reward:batch`, and their answers. A body names the
 * prompt's reference the way a `grpo` export line carries it — `example_id` (the line's
 * `metadata.example_id`), or the line's own fields inline (`reference`, `answer_facts`, `snapshot`,
 * `now`, `prompt`, `tools`) — so a trainer can send a line as it read it, plus the completion(s).
 */
import { z } from "zod";
import { factSchema, stepSchema } from "../bench/task";
import { snapshotRefSchema } from "../gateway/snapshots";
import { COMPONENTS, rewardOptionsSchema } from "./options";
import { DIALECTS } from "../bench/tool-calls";

const MAX_TEXT = 1_000_000;

const contentPartSchema = z.object({ type: z.string(), text: z.string().max(MAX_TEXT).optional() });
export const messageContentSchema = z.union([z.string().max(MAX_TEXT), z.null(), z.array(contentPartSchema).max(200)]).optional();
export type MessageContent = z.infer<typeof messageContentSchema>;

const toolCallSchema = z.object({
  id: z.string().max(200).nullish(),
  type: z.string().max(40).optional(),
  function: z.object({
    name: z.string().max(200).nullish(),
    /** A JSON string (OpenAI) or an object (TRL, some servers). */
    arguments: z.union([z.string().max(MAX_TEXT), z.record(z.string(), z.unknown()), z.null()]).optional(),
  }),
});

/** OpenAI chat messages; unknown members (`refusal`, `reasoning_content` …) are ignored. */
export const completionMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: messageContentSchema }),
  z.object({ role: z.literal("user"), content: messageContentSchema }),
  z.object({ role: z.literal("assistant"), content: messageContentSchema, tool_calls: z.array(toolCallSchema).max(64).nullish() }),
  z.object({ role: z.literal("tool"), content: messageContentSchema, tool_call_id: z.string().max(200).nullish(), name: z.string().max(200).nullish() }),
]);
export type CompletionMessage = z.infer<typeof completionMessageSchema>;

/** The `id`s name the schemas the OpenAPI document lists once, under components. */
export const completionSchema = z.union([z.string().max(MAX_TEXT), z.array(completionMessageSchema).min(1).max(400)]).meta({
  id: "RewardCompletion",
  description: "the completion: OpenAI messages (assistant `tool_calls` and `tool` results), or raw generated text with calls (and tool results) in the model's chat-template dialect",
});
export type CompletionInput = z.infer<typeof completionSchema>;

export const inlineReferenceSchema = z
  .object({ plan: z.array(stepSchema).min(1).max(40), facts: z.array(factSchema).min(1).max(40) })
  .strict()
  .describe("the reference plan and answer facts in KOPA-Bench's plan format (a grpo line's `reference`)");

export const answerFactSchema = z.object({ name: z.string(), value: z.union([z.string(), z.number()]), unit: z.string().nullable().optional() });

const promptMessageSchema = z.object({ role: z.string().max(40), content: messageContentSchema });
const offeredToolSchema = z.object({ type: z.string().optional(), function: z.object({ name: z.string().min(1).max(200) }) });

const referenceShape = {
  example_id: z.string().min(1).max(100).optional().describe("a `grpo` export line's `metadata.example_id` (a kept synthesis example of the team); KOPA-Bench abstention ids (ka-…) are refused: they have no plan or facts"),
  reference: inlineReferenceSchema.optional(),
  answer_facts: z.array(answerFactSchema).max(40).optional().describe("the facts' values when the line was exported; the answer is scored against the reference re-executed now, and differences are reported as drift"),
  snapshot: snapshotRefSchema
    .nullable()
    .optional()
    .describe("the snapshot uncalled tools and the reference run against; null: the shared cache; absent: the prompt's own (the synthesis job's)"),
  now: z.iso.datetime({ offset: true }).optional().describe("the moment time tokens resolve at; an example's own by default, else the request's"),
  prompt: z.array(promptMessageSchema).max(20).optional().describe("the prompt messages; the last user message is the request"),
  tools: z.array(offeredToolSchema).max(200).optional().describe("the tools offered to the model; calls to others are unknown tools (every catalogued tool when absent)"),
  metadata: z.record(z.string(), z.unknown()).optional(),
  options: rewardOptionsSchema.prefault({}),
};

type ReferenceFields = { example_id?: string | undefined; reference?: unknown; metadata?: Record<string, unknown> | undefined };

/** The example id of a body: `example_id`, else a grpo line's `metadata.example_id`. */
export function exampleIdOf(body: ReferenceFields): string | undefined {
  const fromMeta = body.metadata?.["example_id"];
  return body.example_id ?? (typeof fromMeta === "string" && fromMeta !== "" ? fromMeta : undefined);
}

function requireReference(body: ReferenceFields, ctx: z.RefinementCtx): void {
  if (body.reference === undefined && exampleIdOf(body) === undefined) {
    ctx.addIssue({ code: "custom", path: ["example_id"], message: "give example_id (a grpo line's metadata.example_id) or an inline reference" });
  }
}

export const rewardBodySchema = z
  .object({ ...referenceShape, completion: completionSchema })
  .strict()
  .superRefine(requireReference);
export type RewardBody = z.infer<typeof rewardBodySchema>;

export const REWARD_BATCH_MAX = 64;

export const rewardBatchBodySchema = z
  .object({ ...referenceShape, completions: z.array(completionSchema).min(1).max(REWARD_BATCH_MAX).describe("the group: N completions of the same prompt") })
  .strict()
  .superRefine(requireReference);
export type RewardBatchBody = z.infer<typeof rewardBatchBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers (for the OpenAPI document and the tests that parse real answers with them)

const unit = z.number().min(0).max(1);
export const componentsSchema = z.object(Object.fromEntries(COMPONENTS.map((c) => [c, unit])) as Record<(typeof COMPONENTS)[number], typeof unit>);

const factValueSchema = z.union([z.number(), z.string(), z.array(z.string())]);

export const rewardResultSchema = z.object({
  reward: z.number().describe("the variant `options.mode` asks for, plus the first-call bonus, minus the invalid-call penalty"),
  weighted: unit.describe("the weighted mean of the components"),
  binary: z.union([z.literal(0), z.literal(1)]).describe("1 when every component with a weight above 0 is perfect"),
  components: componentsSchema,
  bonus: z.number().min(0),
  penalty: z.number().min(0),
  reasons: z.array(z.string()).describe("typed reasons of what is not perfect: wrong_tool:…, wrong_args:s2.x, broken_link:s1->s2.x, missing_fact:…, unbacked_fact:…, invalid_calls:n …"),
  details: z.object({
    dialect: z.enum(DIALECTS).nullable(),
    turns: z.number().int(),
    calls: z.number().int(),
    wellFormedCalls: z.number().int(),
    invalidCalls: z.object({ malformed: z.number().int(), unknownTool: z.number().int(), invalidArgs: z.number().int() }),
    longestInvalidRun: z.number().int(),
    failedCalls: z.number().int(),
    resultsFromRollout: z.number().int(),
    executedByReward: z.number().int(),
    goldCalls: z.number().int(),
    matchedCalls: z.number().int(),
    links: z.object({ gold: z.number().int(), used: z.number().int() }),
    finalAnswer: z.boolean(),
    facts: z.array(
      z.object({
        name: z.string(),
        expected: factValueSchema,
        found: z.boolean(),
        backed: z.boolean(),
        failure: z.enum(["missing", "hedge", "wrong_winner", "other_subject", "dump"]).optional().describe("why the answer does not state it: missing, hedge (other values offered for it), wrong_winner, other_subject (the value given for another fact), dump (tool output instead of an answer)"),
      }),
    ),
  }),
}).meta({ id: "RewardResult" });
export type RewardResult = z.infer<typeof rewardResultSchema>;

export const referenceInfoSchema = z.object({
  exampleId: z.string().nullable(),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  snapshot: z.string().nullable(),
  now: z.iso.datetime({ offset: true }),
  goldCalls: z.number().int(),
  facts: z.record(z.string(), factValueSchema),
  drift: z.array(z.object({ name: z.string(), exported: z.union([z.string(), z.number()]), now: factValueSchema.nullable() })),
});

export const rewardStatsSchema = z.object({
  completions: z.number().int(),
  calls: z.number().int(),
  executedByReward: z.number().int(),
  /** Distinct calls that reached the gateway (the rest were answered by the service's memo). */
  gatewayCalls: z.number().int(),
  upstreamCalls: z.number().int(),
  goldMemo: z.boolean().describe("the reference run was reused from an earlier request"),
  ms: z.number(),
});

export const rewardResponseSchema = rewardResultSchema.extend({ reference: referenceInfoSchema, stats: rewardStatsSchema });
export const rewardBatchResponseSchema = z.object({
  reference: referenceInfoSchema,
  rewards: z.array(z.number()),
  results: z.array(rewardResultSchema),
  stats: rewardStatsSchema,
});
