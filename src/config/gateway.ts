/** Gateway tuning read from `[vars]` (strings), parsed once per isolate with zod. */
import { z } from "zod";

const intVar = (fallback: number) => z.coerce.number().int().positive().catch(fallback);

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
  QUOTA_OVERRIDES: z
    .string()
    .default("{}")
    .transform((text, ctx) => {
      const parsed = z.record(z.string(), z.number().int().positive()).safeParse(JSON.parse(text || "{}"));
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "QUOTA_OVERRIDES must map provider ids to positive integers" });
        return {};
      }
      return parsed.data;
    })
    .catch({}),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function gatewayConfig(env: Env): GatewayConfig {
  return gatewayConfigSchema.parse(env);
}
