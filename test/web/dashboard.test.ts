/**
 * The dashboard rendered by the Worker (no browser): the session cookie, each page, a tool call
 * from the catalog form, errors as pages. The browser tests (browser.test.ts) click through the
 * same pages in Chromium against the local stack.
 */
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { APP, createTeam, useTenantKeys } from "../support/app";
import { SandboxTenant } from "../support/sandbox";

let token: string;
let cookie: string;

async function page(path: string, init: RequestInit & { cookie?: string } = {}): Promise<{ status: number; html: string; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const res = await exports.default.fetch(new Request(`${APP}${path}`, { ...init, headers, redirect: "manual" }));
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

beforeAll(async () => {
  token = (await createTeam("dashboard")).token;
  const tenant = await SandboxTenant.create("dashboard");
  await useTenantKeys(token, tenant.keys);
  const login = await page("/ui/login", form({ token, next: "/ui/catalog" }));
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
});

describe("session", () => {
  it("sends a visitor without a session to the login form and back", async () => {
    const res = await page("/ui/graph?x=1");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ui/login?next=%2Fui%2Fgraph%3Fx%3D1");
    const login = await page("/ui/login?next=%2Fui%2Fgraph");
    expect(login.html).toContain('name="next" value="/ui/graph"');
  });

  it("keeps a valid token in an HttpOnly, SameSite=Strict cookie scoped to /ui", async () => {
    const res = await page("/ui/login", form({ token, next: "/ui/usage" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ui/usage");
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^kopa_token=kopa_/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/ui/);
  });

  it("refuses a wrong token and follows no foreign address after login", async () => {
    const bad = await page("/ui/login", form({ token: "kopa_wrong", next: "/ui/catalog" }));
    expect(bad.status).toBe(401);
    expect(bad.html).toContain('id="login-error"');
    expect(bad.headers.get("set-cookie")).toBeNull();
    const away = await page("/ui/login", form({ token, next: "https://example.com/" }));
    expect(away.headers.get("location")).toBe("/ui/catalog");
    const slashes = await page("/ui/login", form({ token, next: "//example.com/ui/" }));
    expect(slashes.headers.get("location")).toBe("/ui/catalog");
  });

  it("ends the session on logout; a forged cookie is cleared", async () => {
    const out = await page("/ui/logout", { method: "POST", cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(/^kopa_token=;.*Max-Age=0/);
    const forged = await page("/ui/catalog", { cookie: "kopa_token=kopa_forged" });
    expect(forged.status).toBe(303);
    expect(forged.headers.get("set-cookie")).toMatch(/^kopa_token=;/);
  });
});

describe("pages", () => {
  it("lists and searches the catalog", async () => {
    const all = await page("/ui/catalog", { cookie });
    expect(all.status).toBe(200);
    expect(all.html).toMatch(/^<!DOCTYPE html>/);
    expect(all.html.match(/<tr data-search=/g)).toHaveLength(57);
    expect(all.html).toContain('aria-current="page"');
    expect(all.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(all.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const found = await page("/ui/catalog?q=kma.grid", { cookie });
    const rows = found.html.match(/<tr data-search=/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(57);
    expect(found.html).toContain("kma_grid_from_wgs84");
  });

  it("shows a tool's parameters, outputs, tags and examples", async () => {
    const res = await page("/ui/catalog/kasi_public_holidays", { cookie });
    expect(res.status).toBe(200);
    expect(res.html).toContain("<code>solYear</code>");
    expect(res.html).toContain('<span class="tag">date.yyyymmdd</span>');
    expect(res.html).toContain('value="2026"');
    expect(res.html).toContain("공휴일 정보 조회");
  });

  it("calls a tool from the form and shows the result", async () => {
    const res = await page("/ui/catalog/kasi_public_holidays", { ...form({ "arg.solYear": "2026", "arg.solMonth": "05", "arg.numOfRows": "10", cache: "default" }), cookie });
    expect(res.status).toBe(200);
    expect(res.html).toContain('data-outcome="ok"');
    expect(res.html).toContain("어린이날");
    expect(res.html).toContain("20260505");
    const local = await page("/ui/catalog/kma_grid_from_wgs84", { ...form({ "arg.lat": "37.5665", "arg.lon": "126.978" }), cookie });
    expect(local.html).toMatch(/<td>60<\/td><td>127<\/td>/);
  });

  it("shows a bad argument as the gateway's error, naming the field", async () => {
    const res = await page("/ui/catalog/kasi_public_holidays", { ...form({ "arg.solYear": "26" }), cookie });
    expect(res.status).toBe(400);
    expect(res.html).toContain('data-outcome="error"');
    expect(res.html).toContain("INVALID_ARGUMENT");
    expect(res.html).toContain("args.solYear");
  });

  it("renders the graph page with its data, and an empty drift list", async () => {
    const graph = await page("/ui/graph", { cookie });
    expect(graph.status).toBe(200);
    const json = /<script type="application\/json" id="graph-data">(.*?)<\/script>/s.exec(graph.html)?.[1] ?? "";
    const data = JSON.parse(json) as { nodes: { name: string }[]; edges: unknown[] };
    expect(data.nodes.length).toBeGreaterThanOrEqual(57);
    expect(graph.html).toContain('src="/ui/assets/graph.js"');
    const drift = await page("/ui/drift", { cookie });
    expect(drift.status).toBe(200);
    expect(drift.html).toContain('id="no-drift"');
  });

  it("shows usage with cache answers against upstream calls", async () => {
    await page("/ui/catalog/kasi_public_holidays", { ...form({ "arg.solYear": "2026", "arg.solMonth": "05", "arg.numOfRows": "10" }), cookie });
    // The call log is written in batches a few milliseconds after each call.
    const stat = (html: string, id: string) => new RegExp(`id="stat-${id}"><b>(\\d+)</b>`).exec(html)?.[1];
    let res = await page("/ui/usage?hours=168", { cookie });
    for (let i = 0; i < 40 && stat(res.html, "hits") !== "1"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await page("/ui/usage?hours=168", { cookie });
    }
    expect(res.status).toBe(200);
    expect(res.html).toContain('data-tool="kasi_public_holidays"');
    expect(stat(res.html, "hits")).toBe("1");
    expect(stat(res.html, "upstream")).toBe("1");
  });

  it("answers an unknown page or tool with an error page, and serves the assets", async () => {
    const missing = await page("/ui/catalog/no_such_tool", { cookie });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('id="page-error"');
    expect((await page("/ui/nowhere", { cookie })).status).toBe(404);
    const script = await page("/ui/assets/graph.js");
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(() => new Function(script.html)).not.toThrow();
  });

  it("switches the language by cookie", async () => {
    const res = await page("/ui/lang/en?next=%2Fui%2Fdrift");
    expect(res.headers.get("location")).toBe("/ui/drift");
    const en = await page("/ui/drift", { cookie: `${cookie}; kopa_lang=en` });
    expect(en.html).toContain('data-lang="en"');
  });
});
