/** The page frame: header with nav, language switch and the team's session; content; scripts. */
import type { Child } from "hono/jsx";
import { L, type Lang } from "./i18n";
import type { NavEntry, RenderProps } from "./page";

export interface LayoutProps extends RenderProps {
  nav: readonly NavEntry[];
  lang: Lang;
  /** The logged-in team; absent on the login page. */
  team?: string;
  /** Where the language switch returns to. */
  here: string;
  children?: Child;
}

const LANGS: { lang: Lang; text: string }[] = [
  { lang: "both", text: "한/EN" },
  { lang: "ko", text: "한국어" },
  { lang: "en", text: "EN" },
];

export const Layout = ({ title, page, scripts = [], nav, lang, team, here, children }: LayoutProps) => (
  <html lang={lang === "en" ? "en" : "ko"} data-lang={lang}>
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${lang === "en" ? title.en : title.ko} · kopa-edge`}</title>
      <link rel="stylesheet" href="/ui/assets/style.css" />
    </head>
    <body>
      <header class="top">
        <a class="brand" href="/ui/catalog">
          kopa-edge
        </a>
        {team ? (
          <nav>
            {nav.map((entry) => (
              <a href={entry.path} class={entry.path === page ? "active" : undefined} aria-current={entry.path === page ? "page" : undefined}>
                <L {...entry.label} />
              </a>
            ))}
          </nav>
        ) : null}
        <div class="session">
          <span class="langs">
            {LANGS.map((l) => (
              <a href={`/ui/lang/${l.lang}?next=${encodeURIComponent(here)}`} class={l.lang === lang ? "active" : undefined}>
                {l.text}
              </a>
            ))}
          </span>
          {team ? (
            <form method="post" action="/ui/logout">
              <span class="team" title="team">
                {team}
              </span>
              <button type="submit">
                <L ko="로그아웃" en="Log out" />
              </button>
            </form>
          ) : null}
        </div>
      </header>
      <main>
        <h1>
          <L {...title} />
        </h1>
        {children}
      </main>
      {scripts.map((src) => (
        <script src={`/ui/assets/${src}`} defer />
      ))}
    </body>
  </html>
);
