/** The answers of /v1/synth and /v1/datasets as the CLI reads them (see src/synth/routes.ts). */
import { z } from "zod";

export const SHAPES = ["sequential", "fan_out", "reduction", "parallel", "comparison", "conditional"] as const;
export const DATASET_FORMATS = ["openai", "hermes", "grpo", "bfcl"] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

export const synthProgressSchema = z.object({
  planned: z.number(),
  running: z.number(),
  parked: z.number().default(0),
  done: z.number(),
  kept: z.number(),
  failed: z.record(z.string(), z.number()),
  rejected: z.record(z.string(), z.number()),
  upstreamCalls: z.number(),
  calls: z.number(),
});
export type SynthProgress = z.infer<typeof synthProgressSchema>;

export const synthJobSchema = z.object({
  id: z.string(),
  status: z.string(),
  params: z.object({
    target: z.number(),
    shapes: z.array(z.string()),
    providers: z.array(z.string()).optional(),
    budget: z.number(),
    seed: z.string(),
    snapshot: z.string().optional(),
    concurrency: z.number(),
  }),
  progress: synthProgressSchema,
  graphVersion: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SynthJob = z.infer<typeof synthJobSchema>;

export const synthExampleSchema = z.object({
  id: z.string(),
  shape: z.string(),
  request: z.object({ text: z.string(), madeBy: z.string() }),
  answer: z.object({ text: z.string(), madeBy: z.string() }),
  facts: z.array(z.object({ name: z.string(), value: z.union([z.string(), z.number()]) })),
  calls: z.array(z.object({ id: z.string(), tool: z.string(), args: z.record(z.string(), z.unknown()), totalCount: z.number() })),
});
export type SynthExample = z.infer<typeof synthExampleSchema>;

export const synthExamplesSchema = z.object({ examples: z.array(synthExampleSchema) });
