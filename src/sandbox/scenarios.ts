/**
 * Drift and fault scenarios, off by default and switched per tenant and provider through the
 * admin routes. Each reproduces something real APIs do: rename a response field, rename or drop a
 * parameter, change a code's format, fail with 5xx, answer slowly, run out of quota, garble bodies.
 */
import { z } from "zod";

export const scenarioSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("outage"), status: z.union([z.literal(500), z.literal(502), z.literal(503)]).default(503) }),
  /**
   * data.go.kr's gateway in front of a backend that fails or has moved: the plain text "Unexpected
   * errors" at HTTP 500, for one operation (or all of the provider's).
   */
  z.object({ kind: z.literal("unexpected_errors"), op: z.string().optional() }),
  z.object({ kind: z.literal("slow"), delayMs: z.number().int().min(1).max(60_000) }),
  z.object({ kind: z.literal("quota") }),
  z.object({ kind: z.literal("garbled") }),
  /** A response field is now called `to`. */
  z.object({ kind: z.literal("rename_field"), op: z.string().optional(), from: z.string(), to: z.string() }),
  /** The operation now reads parameter `to`; `from` is ignored. */
  z.object({ kind: z.literal("rename_param"), op: z.string().optional(), from: z.string(), to: z.string() }),
  /** The operation no longer accepts `param`: sending it is an invalid-parameter error. */
  z.object({ kind: z.literal("remove_param"), op: z.string().optional(), param: z.string() }),
  /** A code field changes format: gains a prefix, or drops its first `strip` characters. */
  z.object({
    kind: z.literal("code_format"),
    op: z.string().optional(),
    field: z.string(),
    prefix: z.string().default(""),
    strip: z.number().int().min(0).default(0),
  }),
]);
export type Scenario = z.infer<typeof scenarioSchema>;

/** Scenarios switched on for a provider, in the order they apply. */
export const providerScenariosSchema = z.array(scenarioSchema).max(16);

export function appliesTo(scenario: Scenario, opId: string): boolean {
  return !("op" in scenario) || scenario.op === undefined || scenario.op === opId;
}

/** Rewrites incoming parameters as a drifted upstream would read them; returns a removed param if one was sent. */
export function driftParams(scenarios: readonly Scenario[], opId: string, query: Record<string, string>): { query: Record<string, string>; removed: string | null } {
  const out = { ...query };
  let removed: string | null = null;
  for (const s of scenarios) {
    if (!appliesTo(s, opId)) continue;
    if (s.kind === "rename_param") {
      const value = out[s.to];
      delete out[s.from];
      delete out[s.to];
      if (value !== undefined) out[s.from] = value;
    }
    if (s.kind === "remove_param" && out[s.param] !== undefined) removed = s.param;
  }
  return { query: out, removed };
}

/** Rewrites outgoing rows as a drifted upstream would send them. */
export function driftRows(scenarios: readonly Scenario[], opId: string, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const active = scenarios.filter((s) => appliesTo(s, opId) && (s.kind === "rename_field" || s.kind === "code_format"));
  if (active.length === 0) return rows;
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const s of active) {
      if (s.kind === "rename_field" && s.from in out) {
        out[s.to] = out[s.from];
        delete out[s.from];
      }
      if (s.kind === "code_format" && out[s.field] !== undefined && out[s.field] !== null) {
        out[s.field] = `${s.prefix}${String(out[s.field]).slice(s.strip)}`;
      }
    }
    return out;
  });
}
