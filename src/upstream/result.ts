/** The uniform result every upstream answer is normalised into. */
import { z } from "zod";

export const upstreamErrorCodeSchema = z.enum([
  "UPSTREAM_INVALID_PARAM", // 10, 11, ERROR-300.., E0005.., BAD_JSON_REQUEST
  "UPSTREAM_KEY_REJECTED", // 20, 21, 30, 31, 32, 33, INFO-100, E0001
  "UPSTREAM_QUOTA_EXCEEDED", // 22, ERROR-337, E0014
  "UPSTREAM_SERVICE_MISSING", // 12 (NO_OPENAPI_SERVICE_ERROR), ERROR-310
  "UPSTREAM_TIMEOUT", // 05 and client-side timeouts
  "UPSTREAM_FAILURE", // 01, 02, 04, 99, ERROR-500.., HTTP 5xx, the gateway's plain "Unexpected errors"
  "UPSTREAM_GARBLED", // a body that is neither the documented envelope nor an error we know
]);
export type UpstreamErrorCode = z.infer<typeof upstreamErrorCodeSchema>;

/**
 * Failures of the upstream or of the way to it, not of the request: the gateway retries them, and
 * one that lasts is drift of the operation (a failing backend or a moved endpoint).
 */
export const TRANSIENT_ERROR_CODES: ReadonlySet<string> = new Set<UpstreamErrorCode>(["UPSTREAM_TIMEOUT", "UPSTREAM_FAILURE", "UPSTREAM_GARBLED"]);

export const itemSchema = z.record(z.string(), z.unknown());
export type Item = z.infer<typeof itemSchema>;

export const upstreamErrorSchema = z.object({
  code: upstreamErrorCodeSchema,
  /** The provider's own code (e.g. "30", "INFO-100", "E0001"), when it gave one. */
  upstreamCode: z.string().nullable(),
  message: z.string(),
});
export type UpstreamError = z.infer<typeof upstreamErrorSchema>;

export const normalisedResultSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), items: z.array(itemSchema), totalCount: z.number().int().nonnegative(), page: z.number().int().positive() }),
  z.object({ ok: z.literal(false), items: z.array(itemSchema).length(0), totalCount: z.literal(0), page: z.number().int().positive(), error: upstreamErrorSchema }),
]);
export type NormalisedResult = z.infer<typeof normalisedResultSchema>;

export function success(items: Item[], totalCount: number, page: number): NormalisedResult {
  return { ok: true, items, totalCount: Math.max(totalCount, items.length), page };
}

export function failure(code: UpstreamErrorCode, upstreamCode: string | null, message: string, page = 1): NormalisedResult {
  return { ok: false, items: [], totalCount: 0, page, error: { code, upstreamCode, message } };
}
