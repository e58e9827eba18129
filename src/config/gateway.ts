/** Gateway tuning read from `[vars]` (strings), parsed once per isolate with zod. */
import { z } from "zod";

const intVar = (fallback: number) => z.coerce.number().int().positive().catch(fallback);
const shareSchema = z.number().gt(0).max(1);

/** A JSON object var parsed with `schema`; unreadable text falls back to `{}`. */
const jsonVar = <S extends z.ZodType<Record<string, unknown>>>(schema: S, message: string) =>
  z
    .string()
    .default("{}")
    .transform((text, ctx): z.output<S> | Record<string, never> => {
      let value: unknown;
      try {
        value = JSON.parse(text || "{}");
      } catch {
        value = null;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message });
        return {};
      }
      return parsed.data;
    })
    .catch({});

const gatewayConfigSchema = z.object({
  UPSTREAM_TIMEOUT_MS: intVar(8000),
  UPSTREAM_MAX_ATTEMPTS: intVar(3),
  RETRY_BASE_MS: intVar(200),
  BREAKER_THRESHOLD: intVar(5),
  BREAKER_COOLDOWN_MS: intVar(30_000),
  RATE_PER_SECOND: intVar(30),
  BATCH_MAX_CALLS: intVar(50),
  BATCH_CONCURRENCY: intVar(8),
  /** JSON object of daily quotas per provider id overriding the documented ones, e.g. {"airkorea": 1000}. */
  QUOTA_OVERRIDES: jsonVar(z.record(z.string(), z.number().int().positive()), "QUOTA_OVERRIDES must map provider ids to positive integers"),
  /**
   * The part of a shared (operator's) key's daily quota and per-second rate one team may spend:
   * one team's flood then leaves the others the rest. A team's own keys are not shared.
   */
  QUOTA_TEAM_SHARE: z.coerce.number().pipe(shareSchema).catch(0.5),
  /** JSON object of shares per team id overriding QUOTA_TEAM_SHARE, e.g. {"<team id>": 1}. */
  QUOTA_TEAM_SHARES: jsonVar(z.record(z.string(), shareSchema), "QUOTA_TEAM_SHARES must map team ids to shares in (0, 1]"),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function gatewayConfig(env: Env): GatewayConfig {
  return gatewayConfigSchema.parse(env);
}

/** A team's share of a shared key's quota and rate. */
export function teamShare(config: GatewayConfig, teamId: string): number {
  return config.QUOTA_TEAM_SHARES[teamId] ?? config.QUOTA_TEAM_SHARE;
}
