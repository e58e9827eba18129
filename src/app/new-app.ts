/**
 * `newApp()` gives every router the same conventions: a request id on every response, one error
 * handler that renders ApiError (and anything unexpected as INTERNAL without details), and one
 * validation helper over zod.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { Team } from "../gateway/teams";
import { ApiError, fromZodError, type ErrorBody } from "./errors";

/** `team` is set by the bearer-token middleware on /v1 routes and read only behind it. */
export type AppEnv = { Bindings: Env; Variables: { requestId: string; team: Team } };

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  const body: ErrorBody = {
    error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}), requestId: c.get("requestId") },
  };
  // RFC 9110 asks a 401 to name its scheme; MCP clients read it to learn they need a bearer token.
  if (error.status === 401) c.header("WWW-Authenticate", 'Bearer realm="kopa-edge"');
  return c.json(body, error.status);
}

/** A caller's request id is kept only when it is plainly an id: it goes into logs and answers. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(header: string | undefined): string {
  return header !== undefined && SAFE_REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

// Idempotent: a mounted sub-app runs it again on the same context.
const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = c.get("requestId") ?? requestIdOf(c.req.header("x-request-id"));
  c.set("requestId", id);
  await next();
  c.header("X-Request-Id", id);
};

export function newApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", requestId);
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    // Unexpected: log the class and request id only; messages may quote inputs.
    console.error(`internal error ${err.name} in ${c.req.method} ${c.req.routePath} request ${c.get("requestId")}`);
    return errorResponse(c, new ApiError("INTERNAL", "internal error"));
  });
  app.notFound((c) => errorResponse(c, new ApiError("NOT_FOUND", `no route ${c.req.method} ${c.req.path}`)));
  return app;
}

/** Parses a value with a schema or throws INVALID_ARGUMENT naming the offending field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, prefix);
  return parsed.data;
}

/** Reads a JSON body; a body that is not JSON is INVALID_REQUEST. */
export async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError("INVALID_REQUEST", "the request body must be JSON");
  }
}

/** Reads a JSON body that may be left out (then `{}`); a body that is there but not JSON is INVALID_REQUEST. */
export async function optionalJsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("INVALID_REQUEST", "the request body must be JSON (or empty)");
  }
}
