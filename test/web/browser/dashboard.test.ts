/**
 * The dashboard in headless Chromium (Debian's, driven by playwright-core) against the local
 * stack: log in, search the catalog, call a tool from its form, see the graph drawn and an edge's
 * evidence, the drift event, usage, a synthesis job and a benchmark run followed live to their
 * counts and charts, the leaderboard. Screenshots go to test-artifacts/web/, and the weight of each
 * page (HTML, stylesheet and scripts) to test-artifacts/web/page-weights.json.
 *
 * Without a Chromium the suite is skipped with a warning; in CI (CI=true) that is an error, since
 * .ci/run installs it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RunSummary } from "../../../src/bench/stats";
import { CATALOG } from "../../../src/catalog";
import { startModelServer, type ModelServer } from "../../bench/support/model-server";
import { api, CHROMIUM_ARGS, chromiumPath } from "./support";

const executablePath = chromiumPath();
const ARTIFACTS = join(process.cwd(), "test-artifacts", "web");

if (!executablePath) {
  const message = "browser tests SKIPPED: no Chromium found (set CHROMIUM_PATH or `apt-get install chromium`)";
  if (process.env["CI"] === "true") throw new Error(message.replace("SKIPPED", "cannot run in CI"));
  console.warn(`\n*** ${message} ***\n`);
}

describe.skipIf(!executablePath)("dashboard in Chromium", () => {
  // The stack and its fixture come from the web project's global setup (global-setup.ts).
  const fixture = inject("webStack");
  let model: ModelServer;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let url: (path: string) => string;
  let jobId = "";
  let runId = "";

  /** How wide the page laid itself out against the window it has (wider means a sideways scroll). */
  const widths = () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
  /** Every page visited is photographed here, so each is also held to the window's width. */
  const shot = async (name: string) => {
    const { scroll, window } = await widths();
    expect(scroll, `${name}: laid out ${scroll} px wide in a ${window}-px window`).toBeLessThanOrEqual(window);
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    model = await startModelServer();
    url = (path) => `${fixture.appUrl}${path}`;
    profile = mkdtempSync(join(tmpdir(), "kopa-chromium-"));
    context = await chromium.launchPersistentContext(profile, { executablePath: executablePath ?? "", headless: true, args: CHROMIUM_ARGS, viewport: { width: 1400, height: 900 } });
    page = context.pages()[0] ?? (await context.newPage());
    // Fail at the step that waits, well within the test timeout.
    page.setDefaultTimeout(10_000);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await model?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }, 30_000);

  it("logs in with the team token and lands on the catalog", async () => {
    await page.goto(url("/ui/graph"));
    expect(new URL(page.url()).pathname).toBe("/ui/login");
    await page.fill("#token", "kopa_wrong");
    await page.click("#login button[type=submit]");
    await expect(page.locator("#login-error").count()).resolves.toBe(1);
    await page.fill("#token", fixture.token);
    await page.click("#login button[type=submit]");
    await page.waitForURL(/\/ui\/graph$/);
    await page.goto(url("/ui/catalog"));
    expect(await page.locator("#tools tbody tr").count()).toBe(CATALOG.size);
    await page.fill("#tool-search", "kma.grid");
    const visible = await page.locator("#tools tbody tr:visible").count();
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(CATALOG.size);
    expect(await page.textContent("#tool-count")).toBe(String(visible));
    await shot("catalog");
  });

  it("calls a tool from its catalog page and shows the result", async () => {
    await page.goto(url("/ui/catalog/kasi_public_holidays"));
    await page.fill("#arg-solYear", "2026");
    await page.fill("#arg-solMonth", "05");
    // The drift probe stored the renamed answer; ask the (restored) sandbox again.
    await page.selectOption("#cache", "no-cache");
    await page.click("#call-submit");
    const result = page.locator("#call-result[data-outcome=ok]");
    await result.waitFor();
    const text = (await result.textContent()) ?? "";
    expect(text).toContain("어린이날");
    expect(text).toContain("20260505");
    expect(await result.locator("[data-cache]").getAttribute("data-cache")).toBe("miss");
    await shot("catalog-call");
  });

  it("draws the graph coloured by status and shows an edge's evidence on click", async () => {
    await page.goto(url("/ui/graph"));
    await page.waitForSelector("#graph[data-rendered]");
    expect(await page.locator("#graph .node").count()).toBeGreaterThanOrEqual(CATALOG.size);
    const verified = page.locator('#graph path.edge[data-status="verified"]');
    expect(await verified.count()).toBeGreaterThan(0);
    const stroke = await verified.first().evaluate((el) => getComputedStyle(el).stroke);
    expect(stroke).toBe("rgb(31, 157, 85)");
    const id = (await verified.first().getAttribute("data-id")) ?? "";
    await verified.first().dispatchEvent("click");
    await page.waitForSelector(`#evidence .edge-detail[data-edge="${id}"]`);
    expect(await page.locator("#evidence .evidence").count()).toBeGreaterThan(0);
    // The bindings' reasons are read as sentences: the panel does not squeeze them to a word a line.
    const reasons = await page.locator("#evidence td.reasons").first().boundingBox();
    expect(reasons?.width ?? 0).toBeGreaterThanOrEqual(150);
    await page.uncheck('input[data-status-filter="candidate"]');
    expect(await page.locator('#graph path.edge[data-status="candidate"]:visible').count()).toBe(0);
    await shot("graph");
  });

  it("lists the drift event and its stale edges", async () => {
    await page.goto(url("/ui/drift"));
    const row = page.locator('#drift tr[data-tool="kasi_public_holidays"]').first();
    await row.waitFor();
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("dateName");
    expect(text).toContain("holidayName");
    await shot("drift");
  });

  it("shows usage and cache savings, and switches to English", async () => {
    await page.goto(url("/ui/catalog/kasi_public_holidays"));
    await page.fill("#arg-solYear", "2026");
    await page.fill("#arg-solMonth", "05");
    await page.click("#call-submit");
    // The previous test's call stored this answer: this one comes from the shared cache.
    expect(await page.getAttribute("#call-result [data-cache]", "data-cache")).toBe("hit");
    await page.goto(url("/ui/usage"));
    expect(Number(await page.textContent("#stat-hits b"))).toBeGreaterThanOrEqual(1);
    expect(await page.locator('#usage tr[data-tool="kasi_public_holidays"]').count()).toBe(1);
    await page.click('.langs a[href^="/ui/lang/en"]');
    await page.waitForSelector("html[data-lang=en]");
    expect(await page.locator("h1 .ko").isVisible()).toBe(false);
    await shot("usage");
  });

  // Followed for up to a minute (the waits below): on a loaded machine more than the 30-s default.
  it("follows a synthesis job to its counts per shape", async () => {
    interface Job {
      id: string;
      status: string;
      params: { target: number };
      progress: { planned: number; done: number; kept: number; rejected: Record<string, number> };
    }
    const started = await api<Job>(fixture, "/v1/synth/jobs", { method: "POST", token: fixture.token, body: JSON.stringify({ target: 4, concurrency: 2, seed: "web" }) });
    jobId = started.id;
    // Opened at once (with labels in both languages): a job still going is followed by the progress script until the page reloads finished.
    await page.goto(url(`/ui/lang/both?next=${encodeURIComponent(`/ui/synth/${jobId}`)}`));
    await page.waitForSelector('#job-progress .pill:not([data-status="queued"]):not([data-status="running"])', { timeout: 60_000 });
    const job = await api<Job>(fixture, `/v1/synth/jobs/${jobId}`, { token: fixture.token });
    expect(["queued", "running"]).not.toContain(job.status);
    expect(await page.getAttribute("#job-progress .pill", "data-status")).toBe(job.status);
    expect(await page.textContent('#job-progress b[data-field="done"]')).toBe(String(job.progress.kept));
    expect(await page.textContent('#job-progress b[data-field="planned"]')).toBe(String(job.progress.planned));
    const shapes = await page.locator("#shapes tbody tr").evaluateAll((rows) => rows.map((r) => ({ kept: Number(r.getAttribute("data-kept")), rejected: Number(r.getAttribute("data-rejected")) })));
    expect(shapes).toHaveLength(6);
    expect(shapes.reduce((a, s) => a + s.kept, 0)).toBe(job.progress.kept);
    expect(await page.locator("article.sample").count()).toBe(Math.min(5, job.progress.kept));
    expect(await page.locator('#exports a[href$="format=openai"]').count()).toBe(1);
    await shot("synth-job");
    await page.goto(url("/ui/synth"));
    expect(await page.locator(`#jobs tr[data-job="${jobId}"]`).count()).toBe(1);
    await shot("synth");
  }, 90_000);

  // Followed for up to a minute (the waits below): on a loaded machine more than the 30-s default.
  it("follows a benchmark run live and draws its charts with the run's numbers", async () => {
    // Tasks of every shape whose tools this fixture's sandbox tenant answers; the model replies late, so the run is seen going.
    const ids = ["kb-001", "kb-017", "kb-039", "kb-064", "kb-088", "kb-100", "kb-111", "kb-135"];
    const run = await api<{ id: string }>(fixture, "/v1/bench/runs", {
      method: "POST",
      token: fixture.token,
      body: JSON.stringify({ endpoint: { baseUrl: model.url, model: "scripted:slow:250" }, label: "scripted slow gold", filter: { ids }, concurrency: 2, retries: 1, backoffMs: 10 }),
    });
    runId = run.id;
    await page.goto(url(`/ui/bench/runs/${runId}`));
    expect(await page.locator("#run-bar[data-progress-url]").count()).toBe(1);
    expect(await page.locator('script[src="/ui/assets/progress.js"]').count()).toBe(1);
    const before = Number(await page.textContent('#run-bar b[data-field="done"]'));
    // The bar moves without a reload, then the finished page replaces it. A run that ended otherwise
    // (failed, cancelled) ends the waits too, and the status check below says why.
    const ended = ["done", "failed", "cancelled"].map((s) => `#run-progress .pill[data-status="${s}"]`).join(", ");
    await page.waitForFunction(({ n, ended }) => Number(document.querySelector('#run-bar b[data-field="done"]')?.textContent) > n || document.querySelector(ended) !== null, { n: before, ended }, { timeout: 60_000 });
    await page.waitForSelector(ended, { timeout: 60_000 });
    const { status, error, summary } = await api<{ status: string; error: string | null; summary: RunSummary }>(fixture, `/v1/bench/runs/${runId}`, { token: fixture.token });
    expect(status, error ?? "").toBe("done");
    expect(await page.getAttribute("#run-progress .pill", "data-status")).toBe("done");
    expect(await page.locator("#run-bar[data-progress-url]").count()).toBe(0);

    expect(Number(await page.getAttribute("#stat-pass1", "data-value"))).toBe(summary.pass1.value);
    for (const group of ["shape", "level", "provider"]) {
      const expected = summary.breakdowns[group] ?? {};
      const rows = page.locator(`#by-${group} tbody tr`);
      expect(await rows.count(), group).toBe(Object.keys(expected).length);
      const drawn = await rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const svg = tr.querySelector("svg.est");
          const value = svg?.querySelector(".est-value");
          const ci = svg?.querySelector("line.est-ci");
          const track = svg?.getBoundingClientRect().width ?? 0;
          return {
            group: tr.getAttribute("data-group") ?? "",
            width: Number(value?.getAttribute("width")),
            shown: track === 0 ? -1 : (value?.getBoundingClientRect().width ?? 0) / track,
            ci: [Number(ci?.getAttribute("x1")), Number(ci?.getAttribute("x2"))],
            text: tr.querySelectorAll("td.num")[1]?.textContent ?? "",
          };
        }),
      );
      for (const bar of drawn) {
        const figures = expected[bar.group];
        expect(figures, `${group} ${bar.group}`).toBeDefined();
        const value = figures?.pass1.value ?? -1;
        expect(bar.width).toBe(Math.round(value * 1000) / 10);
        expect(bar.shown).toBeCloseTo(value, 2);
        expect(bar.ci).toEqual((figures?.pass1.ci ?? [0, 0]).map((x) => Math.round(x * 1000) / 10));
        expect(bar.text).toBe(`${Math.round(value * 1000) / 10}%`);
      }
    }
    await shot("bench-run");
    await page.goto(url("/ui/bench"));
    expect(await page.locator(`#runs tr[data-run="${runId}"] .pill`).getAttribute("data-status")).toBe("done");
    await shot("bench");
  }, 90_000);

  it("ranks the finished run on the leaderboard", async () => {
    await page.goto(url("/ui/leaderboard"));
    const row = page.locator(`section[data-suite="kopa"] tr[data-run="${runId}"]`);
    expect(await row.getAttribute("data-rank")).toBe("1");
    expect(await row.locator("svg.est").count()).toBe(1);
    await shot("leaderboard");
    // A laptop's window: the board's columns fit or scroll inside the board, not the page.
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot("leaderboard-1280");
    // At this width the board fits whole: its headings wrap by word instead of scrolling it sideways.
    const board = await page.locator('section[data-suite="kopa"] .scroll').evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
    expect(board.scroll).toBeLessThanOrEqual(board.client);
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it("fits every page on a 390-px phone screen, nav and log-out button included", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const laidOut: Record<string, number> = {};
    const visit = async (name: string, path: string) => {
      await page.goto(url(path));
      laidOut[name] = (await widths()).scroll;
    };
    const pages: [string, string][] = [
      ["/ui/catalog", "/ui/catalog"],
      ["/ui/catalog/kasi_public_holidays", "/ui/catalog/kasi_public_holidays"],
      ["/ui/drift", "/ui/drift"],
      ["/ui/usage", "/ui/usage"],
      ["/ui/synth", "/ui/synth"],
      ["/ui/synth/:id", `/ui/synth/${jobId}`],
      ["/ui/bench", "/ui/bench"],
      ["/ui/bench/runs/:id", `/ui/bench/runs/${runId}`],
      ["/ui/leaderboard", "/ui/leaderboard"],
    ];
    for (const [name, path] of pages) await visit(name, path);
    // A call's result table and an edge's evidence are the widest things a page grows to.
    await page.goto(url("/ui/catalog/kasi_public_holidays"));
    await page.click("#call-submit");
    await page.locator("#call-result[data-outcome=ok]").waitFor();
    laidOut["/ui/catalog/kasi_public_holidays (result)"] = (await widths()).scroll;
    await page.goto(url("/ui/graph"));
    await page.waitForSelector("#graph[data-rendered]");
    const edge = page.locator('#graph path.edge[data-status="verified"]').first();
    const id = (await edge.getAttribute("data-id")) ?? "";
    await edge.dispatchEvent("click");
    await page.waitForSelector(`#evidence .edge-detail[data-edge="${id}"]`);
    laidOut["/ui/graph (evidence)"] = (await widths()).scroll;
    writeFileSync(join(ARTIFACTS, "page-widths-390.json"), `${JSON.stringify(laidOut, null, 2)}\n`);
    await shot("graph-390");
    expect(Object.entries(laidOut).filter(([, width]) => width > 390)).toEqual([]);
    const logout = await page.locator("header form button[type=submit]").boundingBox();
    expect(logout && logout.x + logout.width).toBeLessThanOrEqual(390);
    // Nav labels break between words, never inside one.
    expect(await page.locator("header nav").evaluate((nav) => getComputedStyle(nav).wordBreak)).toBe("keep-all");
    await page.goto(url("/ui/leaderboard"));
    await shot("leaderboard-390");
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it("records the weight of every page with its stylesheet and scripts", async () => {
    const session = (await context.cookies()).find((c) => c.name === "kopa_session");
    const headers = { Cookie: `kopa_session=${session?.value ?? ""}` };
    const bytes = async (path: string) => {
      const res = await fetch(url(path), { headers });
      expect(res.status, path).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      return { raw: body.length, gzip: gzipSync(body).length, text: body.toString("utf8") };
    };
    const weights: Record<string, { html: number; assets: Record<string, number>; total: number; totalGzip: number }> = {};
    const fixed = ["/ui/login", "/ui/catalog", "/ui/catalog/kasi_public_holidays", "/ui/graph", "/ui/drift", "/ui/usage", "/ui/synth", "/ui/bench", "/ui/leaderboard", "/docs"];
    // Recorded under their route, so the file compares across runs; the job and run are finished (no progress script).
    const pages: [string, string][] = [...fixed.map((p): [string, string] => [p, p]), ["/ui/synth/:id", `/ui/synth/${jobId}`], ["/ui/bench/runs/:id", `/ui/bench/runs/${runId}`]];
    for (const [name, path] of pages) {
      const html = await bytes(path);
      const linked = [...html.text.matchAll(/<(?:link rel="stylesheet" href|script src)="([^"]+)"/g)].map((m) => m[1] ?? "");
      const assets: Record<string, number> = {};
      let total = html.raw;
      let totalGzip = html.gzip;
      for (const asset of linked) {
        const got = await bytes(asset);
        assets[asset] = got.raw;
        total += got.raw;
        totalGzip += got.gzip;
      }
      weights[name] = { html: html.raw, assets, total, totalGzip };
    }
    writeFileSync(join(ARTIFACTS, "page-weights.json"), `${JSON.stringify(weights, null, 2)}\n`);
    expect(Object.keys(weights["/ui/graph"]?.assets ?? {})).toEqual(["/ui/assets/style.css", "/ui/assets/graph.js"]);
    for (const [path, w] of Object.entries(weights)) expect(w.total, path).toBeLessThan(150_000);
  });
});
