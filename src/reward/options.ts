/**
 * How a completion is turned into one number: the weights of the six components, which variant is
 * the reward (weighted or binary), the guards' sizes and how uncalled tools are executed. Every
 * field has a default, so `{}` is a complete configuration.
 */
import { z } from "zod";

export const COMPONENTS = ["format", "tool", "args", "links", "execution", "facts"] as const;
export type Component = (typeof COMPONENTS)[number];
export type Components = Record<Component, number>;

/** Default weights: the answer counts most, then choosing and filling the calls, then their links. */
export const DEFAULT_WEIGHTS: Components = { format: 0.1, tool: 0.2, args: 0.2, links: 0.15, execution: 0.1, facts: 0.25 };

const weight = z.number().min(0).max(100);

export const weightsSchema = z
  .object({ format: weight, tool: weight, args: weight, links: weight, execution: weight, facts: weight })
  .partial()
  .strict()
  .refine((w) => Object.values({ ...DEFAULT_WEIGHTS, ...w }).some((v) => v > 0), "at least one weight must be above 0")
  .describe("component weights (missing ones take their default); the weighted reward is their weighted mean");

export const rewardOptionsSchema = z
  .object({
    /** Which variant `reward` carries: the weighted mean of the components, or 1 when all of them are perfect. */
    mode: z.enum(["weighted", "binary"]).default("weighted"),
    weights: weightsSchema.default({}),
    /** Added when the completion's first call parses, names an offered tool and passes its schema. */
    firstCallBonus: z.number().min(0).max(1).default(0.05),
    /**
     * The answer gates the rest: the share of the process components' weight (format, tool, args,
     * links, execution) a completion earns unless its answer states every fact (backed by its
     * calls). 1 turns the gate off.
     */
    processWithoutAnswer: z.number().min(0).max(1).default(0.3),
    /** Cost of an invalid call, times its position in its run of consecutive invalid calls. */
    invalidCallPenalty: z.number().min(0).max(1).default(0.05),
    /** The most the invalid calls of one completion can cost together. */
    invalidPenaltyCap: z.number().min(0).max(1).default(0.25),
    /**
     * `missing`: only calls without a tool result in the completion are executed by the reward
     * service; `all`: every call is executed and the completion's own tool results are ignored
     * (use it when the rollout's tool results cannot be trusted, e.g. written by the policy itself).
     */
    execute: z.enum(["missing", "all"]).default("missing"),
    /** Without a snapshot: `only-if-cached` never goes upstream (a miss is a failed call). */
    cache: z.enum(["default", "only-if-cached"]).default("default"),
  })
  .strict();
export type RewardOptions = z.infer<typeof rewardOptionsSchema>;

export function weightsOf(options: RewardOptions): Components {
  return { ...DEFAULT_WEIGHTS, ...options.weights };
}
