/**
 * A synthesised training example as it is stored, judged and exported: the request and the
 * answer, the answer facts, the dialogue's calls, the reference plan in KOPA-Bench's plan format
 * (for rewards) and the filters' verdicts. The gate judges it, src/synth/example.ts builds it,
 * the export and the store read it.
 */
import { z } from "zod";
import { factSchema, stepSchema } from "../bench/task";

export const synthFactSchema = z.object({
  name: z.string(),
  value: z.union([z.string(), z.number()]),
  /** The value as the answer writes it (rounded, with its unit). */
  text: z.string().optional(),
  /** The fact as KOPA-Bench computes it from the reference plan's outputs. */
  spec: factSchema,
  /** Derived from outputs (an aggregate, a rounding, a label) rather than copied from one. */
  derived: z.boolean(),
});
export type SynthFact = z.infer<typeof synthFactSchema>;

export const filterReportSchema = z.object({
  /** The quality gate: null when the example passes, else `<rule>: <reason>` (src/synth/gate.ts). */
  gate: z.string().nullable().optional(),
  dataflow: z.string().nullable().optional(),
  identifiers: z.string().nullable().optional(),
  grounded: z.string().nullable().optional(),
  nontrivial: z.string().nullable().optional(),
  /** Only with a model writer asked to check: whether the model solved the request with the tools. */
  solvable: z.string().nullable().optional(),
});
export type FilterReport = z.infer<typeof filterReportSchema>;

export const exampleSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  shape: z.string(),
  request: z.object({ text: z.string(), madeBy: z.enum(["template", "model"]) }),
  answer: z.object({ text: z.string(), madeBy: z.enum(["template", "model"]) }),
  facts: z.array(synthFactSchema),
  /** The executed calls of the dialogue, in order (seed calls and skipped branches left out). */
  calls: z.array(z.object({ id: z.string(), tool: z.string(), args: z.record(z.string(), z.unknown()), items: z.array(z.record(z.string(), z.unknown())), totalCount: z.number() })),
  reference: z.object({ plan: z.array(stepSchema), facts: z.array(factSchema) }),
  signature: z.string(),
  filters: filterReportSchema,
  edges: z.array(z.string()),
  now: z.number(),
  /** The register of the request (the answer keeps it). */
  register: z.enum(["haeyo", "hamnida"]).optional(),
});
export type SynthExample = z.infer<typeof exampleSchema>;

/** One call of an example's dialogue, with the items its answer kept. */
export type SynthCall = SynthExample["calls"][number];
