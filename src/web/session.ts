/**
 * Dashboard sessions. Logging in with the team token starts a server-side session: the cookie
 * holds only a random session id (HttpOnly, SameSite=Strict, scoped to /ui, and always Secure — a
 * TLS proxy in front must not make it travel in clear), D1 only the id's SHA-256. Every page checks
 * the session and that its team is still live; logging out deletes the session, so a copied cookie
 * is worth nothing afterwards. The token itself is never stored or sent back.
 */
import type { Context, MiddlewareHandler } from "hono";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app/new-app";
import { dbOf } from "../db/client";
import { teams, webSessions } from "../db/schema";
import { sha256Hex } from "../gateway/fingerprint";
import { randomToken } from "../gateway/secrets";
import { authenticate, type Team } from "../gateway/teams";

export const SESSION_COOKIE = "kopa_session";
const SESSION_SECONDS = 12 * 3600;
const COOKIE = { path: "/ui", httpOnly: true, sameSite: "Strict", secure: true } as const;

export async function teamOfToken(c: Context<AppEnv>, token: string): Promise<Team | null> {
  return authenticate(dbOf(c.env.DB), token.trim());
}

const sessionKey = (id: string) => sha256Hex(`kopa-web-session|${id}`);

export async function startSession(c: Context<AppEnv>, team: Team): Promise<void> {
  const db = dbOf(c.env.DB);
  const id = randomToken("ses");
  const now = Date.now();
  // Expired sessions go as new ones come, so the table stays small.
  await db.batch([
    db.delete(webSessions).where(lt(webSessions.expiresAt, now)),
    db.insert(webSessions).values({ idHash: await sessionKey(id), teamId: team.id, createdAt: now, expiresAt: now + SESSION_SECONDS * 1000 }),
  ]);
  setCookie(c, SESSION_COOKIE, id, { ...COOKIE, maxAge: SESSION_SECONDS });
}

/** The live team of a live session, or null. */
async function sessionTeam(c: Context<AppEnv>, id: string): Promise<Team | null> {
  const row = await dbOf(c.env.DB)
    .select({ id: teams.id, name: teams.name })
    .from(webSessions)
    .innerJoin(teams, eq(teams.id, webSessions.teamId))
    .where(and(eq(webSessions.idHash, await sessionKey(id)), gt(webSessions.expiresAt, Date.now()), isNull(teams.revokedAt)))
    .get();
  return row ?? null;
}

/** Ends the session on the server (the row goes) and in the browser (the cookie goes). */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const id = getCookie(c, SESSION_COOKIE);
  if (id) await dbOf(c.env.DB).delete(webSessions).where(eq(webSessions.idHash, await sessionKey(id)));
  deleteCookie(c, SESSION_COOKIE, COOKIE);
}

/** Only paths of the dashboard itself are followed after login (no open redirect). */
export function safeNext(next: string | undefined): string {
  return next && /^\/ui\/[\w./%?=&-]*$/.test(next) && !next.startsWith("/ui//") ? next : "/ui/catalog";
}

/** Pages behind the session: no or a stale cookie goes to the login form, which comes back here. */
export const webAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = getCookie(c, SESSION_COOKIE);
  const team = id ? await sessionTeam(c, id) : null;
  if (!team) {
    if (id) await endSession(c);
    const url = new URL(c.req.url);
    return c.redirect(`/ui/login?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  c.set("team", team);
  await next();
};
