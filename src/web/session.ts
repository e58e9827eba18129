/**
 * Dashboard sessions: the team token from the login form is kept in an HttpOnly, SameSite=Strict
 * cookie scoped to /ui (scripts cannot read it; other sites cannot send it), and checked on every
 * page with the same `authenticate` the bearer middleware uses.
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app/new-app";
import { dbOf } from "../db/client";
import { authenticate, type Team } from "../gateway/teams";

export const SESSION_COOKIE = "kopa_token";
const SESSION_SECONDS = 12 * 3600;

export async function teamOfToken(c: Context<AppEnv>, token: string): Promise<Team | null> {
  return authenticate(dbOf(c.env.DB), token.trim());
}

export function startSession(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token.trim(), {
    path: "/ui",
    httpOnly: true,
    sameSite: "Strict",
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: SESSION_SECONDS,
  });
}

export function endSession(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/ui" });
}

/** Only paths of the dashboard itself are followed after login (no open redirect). */
export function safeNext(next: string | undefined): string {
  return next && /^\/ui\/[\w./%?=&-]*$/.test(next) && !next.startsWith("/ui//") ? next : "/ui/catalog";
}

/** Pages behind the session: no or a stale cookie goes to the login form, which comes back here. */
export const webAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const team = token ? await teamOfToken(c, token) : null;
  if (!team) {
    if (token) endSession(c);
    const url = new URL(c.req.url);
    return c.redirect(`/ui/login?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  c.set("team", team);
  await next();
};
