/**
 * The app does not run without its secrets: with MASTER_KEY missing (or too short to be one) every
 * request is answered 503 SERVER_MISCONFIGURED and the log says why, instead of sealing teams' keys
 * under a key anyone could derive.
 */
import type { MiddlewareHandler } from "hono";
import { masterKeyProblem } from "../gateway/secrets";
import { ApiError } from "./errors";
import type { AppEnv } from "./new-app";

export function secretsProblem(env: Env): string | null {
  return masterKeyProblem(env.MASTER_KEY);
}

export function misconfigured(problem: string): ApiError {
  console.error(`kopa-edge cannot run: ${problem} (set it with \`wrangler secret put MASTER_KEY\`, or in .dev.vars)`);
  return new ApiError("SERVER_MISCONFIGURED", `${problem}: the operator must set it before the app can run`);
}

export const requireSecrets: MiddlewareHandler<AppEnv> = async (c, next) => {
  const problem = secretsProblem(c.env);
  if (problem) throw misconfigured(problem);
  await next();
};
