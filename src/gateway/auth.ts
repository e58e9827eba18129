/** Bearer-token middlewares: team tokens on /v1, the admin secret on /admin. */
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../app/errors";
import type { AppEnv } from "../app/new-app";
import { dbOf } from "../db/client";
import { sha256Hex } from "./fingerprint";
import { authenticate } from "./teams";

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/** Missing, unknown and revoked tokens get the same 401: nothing tells whether a team exists. */
export const teamAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearer(c.req.header("authorization"));
  const team = token ? await authenticate(dbOf(c.env.DB), token) : null;
  if (!team) throw new ApiError("UNAUTHORIZED", "a valid team token is required (Authorization: Bearer <token>)");
  c.set("team", team);
  await next();
};

/** Compares digests so the comparison time does not depend on how much of the secret matched. */
export const adminAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearer(c.req.header("authorization"));
  const expected = c.env.ADMIN_TOKEN;
  if (!token || !expected || (await sha256Hex(token)) !== (await sha256Hex(expected))) {
    throw new ApiError("UNAUTHORIZED", "the admin token is required (Authorization: Bearer <ADMIN_TOKEN>)");
  }
  await next();
};
