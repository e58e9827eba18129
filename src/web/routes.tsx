/**
 * The dashboard under /ui: login and logout, the language switch, static assets, and the pages
 * (pages/index.ts) behind the session. Pages render server-side by calling the same modules as
 * the API routes; errors render as a page, not as JSON.
 */
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { jsxRenderer, useRequestContext } from "hono/jsx-renderer";
import { secureHeaders } from "hono/secure-headers";
import { ApiError } from "../app/errors";
import { newApp, type AppEnv } from "../app/new-app";
import { ASSETS } from "./assets";
import { L, LANG_COOKIE, langOf, LANG_VALUES, type Label } from "./i18n";
import { Layout } from "./layout";
import { PAGES } from "./pages";
import { endSession, safeNext, startSession, teamOfToken, webAuth } from "./session";

const NAV = PAGES.map((p) => p.nav);

function hereOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

const renderer = jsxRenderer(({ children, title, page, scripts }) => {
  const c = useRequestContext<AppEnv>();
  const team = c.get("team") as AppEnv["Variables"]["team"] | undefined;
  return (
    <Layout title={title} {...(page ? { page } : {})} {...(scripts ? { scripts } : {})} nav={NAV} lang={langOf(c)} here={hereOf(c.req.url)} {...(team ? { team: team.name } : {})}>
      {children}
    </Layout>
  );
});

const LoginForm = ({ next, failed }: { next: string; failed: boolean }) => (
  <form class="card form-grid" method="post" action="/ui/login" id="login" style="max-width:640px">
    <p style="grid-column:1/3;margin:0">
      <L ko="팀 토큰으로 로그인합니다 (운영자가 POST /admin/teams 로 발급, kopa team create)." en="Log in with your team token (issued by the operator: POST /admin/teams, kopa team create)." />
    </p>
    {failed ? (
      <p class="error" style="grid-column:1/3;margin:0" id="login-error">
        <strong>
          <L ko="토큰이 올바르지 않습니다." en="That token is not valid." />
        </strong>
      </p>
    ) : null}
    <label for="token">
      <L ko="팀 토큰" en="Team token" />
    </label>
    <input id="token" name="token" type="password" autocomplete="current-password" placeholder="kopa_…" required />
    <input type="hidden" name="next" value={next} />
    <span />
    <div>
      <button class="primary" type="submit">
        <L ko="로그인" en="Log in" />
      </button>
    </div>
  </form>
);

const LOGIN_TITLE: Label = { ko: "로그인", en: "Log in" };

const pages = new Hono<AppEnv>();
pages.use("*", webAuth);
for (const page of PAGES) pages.route("/", page.routes);

export const webRoutes = newApp()
  .onError((error, c) => {
    const known = error instanceof ApiError ? error : new ApiError("INTERNAL", "internal error");
    if (!(error instanceof ApiError)) console.error(`internal error ${error.name} in ${c.req.method} ${c.req.routePath} request ${c.get("requestId")}`);
    c.status(known.status);
    return c.render(
      <div class="card error" id="page-error">
        <strong>{known.code}</strong> {known.message} <span class="muted">(request {c.get("requestId")})</span>
      </div>,
      { title: { ko: "오류", en: "Error" } },
    );
  })
  // Scripts only from /ui/assets (the graph's data is an inert JSON block); inline style attributes are allowed.
  .use(
    "*",
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", "data:"], frameAncestors: ["'none'"], formAction: ["'self'"] },
      referrerPolicy: "same-origin",
    }),
  )
  .use("*", renderer)
  .get("/", (c) => c.redirect("/ui/catalog", 303))
  .get("/assets/:file", (c) => {
    const asset = ASSETS[c.req.param("file")];
    if (!asset) throw new ApiError("NOT_FOUND", "no such asset");
    return c.body(asset.body, 200, { "Content-Type": asset.type, "Cache-Control": "public, max-age=300" });
  })
  .get("/lang/:lang", (c) => {
    const lang = LANG_VALUES.find((l) => l === c.req.param("lang")) ?? "both";
    setCookie(c, LANG_COOKIE, lang, { path: "/ui", sameSite: "Lax", maxAge: 365 * 24 * 3600 });
    return c.redirect(safeNext(c.req.query("next")), 303);
  })
  .get("/login", (c) => c.render(<LoginForm next={safeNext(c.req.query("next"))} failed={false} />, { title: LOGIN_TITLE }))
  .post("/login", async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form["token"] === "string" ? form["token"] : "";
    const next = safeNext(typeof form["next"] === "string" ? form["next"] : undefined);
    const team = token.trim() ? await teamOfToken(c, token) : null;
    if (!team) {
      c.status(401);
      return c.render(<LoginForm next={next} failed={true} />, { title: LOGIN_TITLE });
    }
    await startSession(c, team);
    return c.redirect(next, 303);
  })
  .post("/logout", async (c) => {
    await endSession(c);
    return c.redirect("/ui/login", 303);
  })
  .route("/", pages)
  .all("*", () => {
    throw new ApiError("NOT_FOUND", "no such page");
  });
