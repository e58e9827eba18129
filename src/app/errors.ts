/**
 * The one error type of the app and the one table from error code to HTTP status. Every error
 * body is `{ error: { code, message, field?, requestId } }`.
 */
import { z } from "zod";

export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  INVALID_ARGUMENT: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  TOOL_NOT_FOUND: 404,
  TEAM_NOT_FOUND: 404,
  SNAPSHOT_NOT_FOUND: 404,
  SNAPSHOT_MISS: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  QUOTA_EXCEEDED: 429,
  RATE_LIMITED: 429,
  UPSTREAM_INVALID_PARAM: 422,
  UPSTREAM_KEY_REJECTED: 502,
  UPSTREAM_QUOTA_EXCEEDED: 429,
  UPSTREAM_SERVICE_MISSING: 502,
  UPSTREAM_FAILURE: 502,
  UPSTREAM_GARBLED: 502,
  UPSTREAM_UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
  NOT_CACHED: 504,
  PROVIDER_NOT_CONFIGURED: 503,
  /** A secret the app cannot run without (MASTER_KEY) is missing or unusable. */
  SERVER_MISCONFIGURED: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    field: z.string().optional(),
    requestId: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }
}

/** A zod issue path as a dotted field name: `args.nx`, `items[2].name`. */
export function fieldOf(path: readonly PropertyKey[]): string | undefined {
  if (path.length === 0) return undefined;
  return path.reduce<string>((acc, part) => {
    if (typeof part === "number") return `${acc}[${part}]`;
    return acc === "" ? String(part) : `${acc}.${String(part)}`;
  }, "");
}

/**
 * Turns a zod issue into an INVALID_ARGUMENT error naming the field and the rule. An unknown field
 * (a strict schema's `unrecognized_keys`) comes first and is named itself — `snapshop`, not the
 * body —, since a misspelt name usually explains the other issues.
 */
export function fromZodError(error: z.ZodError, prefix?: string): ApiError {
  const issue = error.issues.find((i) => i.code === "unrecognized_keys") ?? error.issues[0];
  const unknown = issue?.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  const path = [...(prefix ? [prefix] : []), ...(issue?.path ?? []), ...(unknown !== undefined ? [unknown] : [])];
  const field = fieldOf(path);
  if (unknown !== undefined) return new ApiError("INVALID_ARGUMENT", `${field ?? unknown}: unknown field`, field);
  const message = issue ? `${field ?? "body"}: ${issue.message}` : "invalid input";
  return new ApiError("INVALID_ARGUMENT", message, field);
}
