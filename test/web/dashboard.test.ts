/// <reference types="vite/client" />
/**
 * The dashboard rendered by the Worker (no browser): the session cookie, each page, a tool call
 * from the catalog form, errors as pages. The browser tests (browser.test.ts) click through the
 * same pages in Chromium against the local stack. The synthesis and bench pages are checked against
 * a job and runs made here (runs against the scripted model, a test double).
 */
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BFCL_CATEGORIES, bfclEntries } from "../../src/bench/bfcl/data";
import { BENCH_TASKS } from "../../src/bench/tasks";
import { CATALOG } from "../../src/catalog";
import type { SynthExample } from "../../src/synth/example-schema";
import { scripted, startRun, waitRun, type RunView } from "../bench/support/runs";
import { APP, createTeam, request, useTenantKeys } from "../support/app";
import { seedVerifiedGraph } from "../support/graph";
import { SandboxTenant } from "../support/sandbox";

let token: string;
let cookie: string;

async function page(path: string, init: RequestInit & { cookie?: string } = {}): Promise<{ status: number; html: string; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const res = await exports.default.fetch(new Request(`${APP}${path}`, { ...init, headers, redirect: "manual" }));
  // Decoded by hand: dataset exports are NDJSON, which the runtime warns about reading as text.
  return { status: res.status, html: new TextDecoder().decode(await res.arrayBuffer()), headers: res.headers };
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

  it("keeps a session id, never the token, in a Secure, HttpOnly, SameSite=Strict cookie scoped to /ui", async () => {
    // Plain http here, as behind a TLS-terminating proxy: the cookie is Secure all the same.
    const res = await page("/ui/login", form({ token, next: "/ui/usage" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ui/usage");
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^kopa_session=ses_/);
    expect(setCookie).not.toContain(token);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/ui/);
    expect(setCookie).toMatch(/Secure/);
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

  it("ends the session on the server at logout, so the old cookie no longer works; a forged cookie is cleared", async () => {
    const login = await page("/ui/login", form({ token, next: "/ui/catalog" }));
    const own = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await page("/ui/catalog", { cookie: own })).status).toBe(200);
    const out = await page("/ui/logout", { method: "POST", cookie: own });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(/^kopa_session=;.*Max-Age=0/);
    // A copy of the cookie kept from before the logout is worth nothing now.
    expect((await page("/ui/catalog", { cookie: own })).status).toBe(303);
    const forged = await page("/ui/catalog", { cookie: `kopa_session=ses_forged; kopa_token=${token}` });
    expect(forged.status).toBe(303);
    expect(forged.headers.get("set-cookie")).toMatch(/^kopa_session=;/);
    expect((await page("/ui/catalog", { cookie })).status).toBe(200);
  });
});

describe("pages", () => {
  it("lists and searches the catalog", async () => {
    const all = await page("/ui/catalog", { cookie });
    expect(all.status).toBe(200);
    expect(all.html).toMatch(/^<!DOCTYPE html>/);
    expect(all.html.match(/<tr data-search=/g)).toHaveLength(CATALOG.size);
    expect(all.html).toContain('aria-current="page"');
    expect(all.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(all.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const found = await page("/ui/catalog?q=kma.grid", { cookie });
    const rows = found.html.match(/<tr data-search=/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(CATALOG.size);
    expect(found.html).toContain("kma_grid_from_wgs84");
  });

  it("searches what the tools are about: 날씨 finds the KMA tools, 미세먼지 the AirKorea ones, nonsense nothing", async () => {
    const names = (html: string) => [...html.matchAll(/<a href="\/ui\/catalog\/([a-z0-9_]+)">/g)].map((m) => m[1] ?? "");
    const weather = names((await page(`/ui/catalog?q=${encodeURIComponent("날씨")}`, { cookie })).html);
    const kma = [...CATALOG.values()].filter((t) => t.kind === "upstream" && t.provider === "kma").map((t) => t.name);
    expect(kma.length).toBeGreaterThan(3);
    expect(weather).toEqual(expect.arrayContaining(kma));
    const dust = names((await page(`/ui/catalog?q=${encodeURIComponent("미세먼지")}`, { cookie })).html);
    expect(dust.length).toBeGreaterThan(0);
    expect(dust.every((n) => n.startsWith("airkorea_"))).toBe(true);
    const none = await page("/ui/catalog?q=zzqqxx", { cookie });
    expect(none.html.match(/<tr data-search=/g)).toBeNull();
    expect(none.html).toMatch(/<p id="no-tools" class="muted">/);
    expect((await page("/ui/catalog", { cookie })).html).toMatch(/<p id="no-tools" class="muted" hidden/);
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
    expect(data.nodes.length).toBeGreaterThanOrEqual(CATALOG.size);
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

/** The numbers a page shows, read from the data attributes its figures carry. */
const attrsOf = (html: string, tag: string, marker: string) =>
  [...html.matchAll(new RegExp(`<${tag} ${marker}[^>]*>`, "g"))].map((m) => Object.fromEntries([...m[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1] ?? "", a[2] ?? ""])));

const tableOf = (html: string, id: string) => new RegExp(`<table class="chart" id="${id}"[\\s\\S]*?</table>`).exec(html)?.[0] ?? "";

// A weekday morning at which every gold plan and walk runs, as in the synthesis and bench tests.
const MORNING = "2026-11-25T09:10:00+09:00";

describe("synthesis and bench pages", { timeout: 180_000 }, () => {
  let teamToken: string;
  let teamCookie: string;
  let otherCookie: string;
  let jobId: string;
  let gold: RunView;
  let wrong: RunView;
  let bfcl: RunView;
  let outage: RunView;

  interface Job {
    id: string;
    status: string;
    params: { target: number };
    progress: { planned: number; done: number; kept: number; rejected: Record<string, number>; failed: Record<string, number>; upstreamCalls: number };
  }

  async function loginCookie(t: string): Promise<string> {
    const login = await page("/ui/login", form({ token: t, next: "/ui/synth" }));
    return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  }

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(MORNING));
    teamToken = (await createTeam("dashboard-runs")).token;
    const tenant = await SandboxTenant.create("dashboard-runs");
    await tenant.configure({ clock: { mode: "fixed", at: MORNING } });
    await useTenantKeys(teamToken, tenant.keys);
    teamCookie = await loginCookie(teamToken);
    otherCookie = cookie;
    await seedVerifiedGraph();

    // Two tasks of every shape, so each breakdown has several groups.
    const ids = [...new Set(BENCH_TASKS.map((t) => t.shape))].flatMap((shape) => BENCH_TASKS.filter((t) => t.shape === shape).slice(0, 2).map((t) => t.id));
    const settings = { now: MORNING, filter: { ids }, concurrency: 6, retries: 1, backoffMs: 10, timeoutMs: 10_000 };
    const bfclIds = BFCL_CATEGORIES.flatMap((c) => bfclEntries(c).slice(0, 3).map((e) => e.id));
    const started = await request<Job>("/v1/synth/jobs", { method: "POST", token: teamToken, body: JSON.stringify({ target: 8, concurrency: 4, seed: "dashboard" }) });
    expect(started.status, started.text).toBe(202);
    jobId = started.body.id;
    const [g, w, b] = await Promise.all([
      startRun(teamToken, { ...settings, endpoint: scripted("gold"), label: "gold" }),
      startRun(teamToken, { ...settings, endpoint: scripted("missing-fact"), label: "missing-fact" }),
      startRun(teamToken, { suite: "bfcl:all", filter: { ids: bfclIds }, endpoint: scripted("bfcl-gold"), concurrency: 6, retries: 1, backoffMs: 10 }),
    ]);
    [gold, wrong, bfcl] = await Promise.all([waitRun(teamToken, g.id, undefined, 120_000), waitRun(teamToken, w.id, undefined, 120_000), waitRun(teamToken, b.id, undefined, 120_000)]);
    // With the tax service down, the gold of its tasks fails: those items are unscorable.
    await tenant.configure({ scenarios: { nts: [{ kind: "outage", status: 503 }] } });
    const o = await startRun(teamToken, { ...settings, filter: { ids: ["kb-001", "kb-067", "kb-127"] }, endpoint: scripted("gold"), label: "nts outage" });
    outage = await waitRun(teamToken, o.id, undefined, 60_000);
    await tenant.configure({ scenarios: { nts: [] } });
  }, 180_000);

  afterAll(() => {
    vi.useRealTimers();
  });

  async function finishedJob(): Promise<Job> {
    let job = (await request<Job>(`/v1/synth/jobs/${jobId}`, { token: teamToken })).body;
    for (let i = 0; i < 900 && (job.status === "queued" || job.status === "running"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await request<Job>(`/v1/synth/jobs/${jobId}`, { token: teamToken })).body;
    }
    return job;
  }

  it("lists the team's synthesis jobs with their progress", async () => {
    const job = await finishedJob();
    expect(job.status).toBe("done");
    const list = await page("/ui/synth", { cookie: teamCookie });
    expect(list.status).toBe(200);
    expect(list.html).toContain(`data-job="${jobId}"`);
    const row = new RegExp(`<tr data-live="true" data-job="${jobId}">[\\s\\S]*?</tr>`).exec(list.html)?.[0] ?? "";
    expect(row).toContain('data-status="done"');
    expect(row).toContain(`<b data-field="done">${job.progress.kept}</b> / <b data-field="total">${job.params.target}</b>`);
    // A finished job needs no polling script; another team sees none of it.
    expect(list.html).not.toContain("progress.js");
    expect((await page("/ui/synth", { cookie: otherCookie })).html).not.toContain(jobId);
  });

  it("shows a job's counts per shape, rejections, samples and exports", async () => {
    const job = await finishedJob();
    const kept = (await request<{ examples: SynthExample[] }>(`/v1/synth/jobs/${jobId}/examples?kept=true&limit=1000`, { token: teamToken })).body.examples;
    const all = (await request<{ examples: SynthExample[] }>(`/v1/synth/jobs/${jobId}/examples?limit=1000`, { token: teamToken })).body.examples;
    const res = await page(`/ui/synth/${jobId}`, { cookie: teamCookie });
    expect(res.status).toBe(200);
    const shapes = attrsOf(tableOf(res.html, "shapes"), "tr", "data-key");
    expect(shapes).toHaveLength(6);
    for (const shape of shapes) {
      expect(Number(shape["data-kept"]), shape["data-key"]).toBe(kept.filter((e) => e.shape === shape["data-key"]).length);
      expect(Number(shape["data-rejected"]), shape["data-key"]).toBe(all.filter((e) => e.shape === shape["data-key"]).length - Number(shape["data-kept"]));
    }
    const rejections = attrsOf(tableOf(res.html, "rejections"), "tr", "data-key");
    expect(Object.fromEntries(rejections.map((r) => [r["data-key"], Number(r["data-rejected"])]))).toEqual(job.progress.rejected);
    expect(res.html).toContain(`<b data-field="planned">${job.progress.planned}</b>`);
    const samples = attrsOf(res.html, "article", 'class="card sample"');
    expect(samples.map((s) => s["data-example"])).toEqual(kept.slice(0, 5).map((e) => e.id));
    const first = kept[0];
    expect(res.html).toContain(first?.calls[0]?.tool ?? "missing");
    expect(res.html).toContain(`/ui/synth/${jobId}/export?format=openai`);
    expect(res.html).toContain(`/ui/synth/${jobId}/export?format=card`);
    const rejected = await page(`/ui/synth/${jobId}?sample=rejected`, { cookie: teamCookie });
    expect(rejected.status).toBe(200);
    expect(rejected.html).toContain('data-sample="rejected"');
  });

  it("exports the dataset from the session and answers the progress route", async () => {
    const job = await finishedJob();
    const jsonl = await page(`/ui/synth/${jobId}/export?format=openai`, { cookie: teamCookie });
    expect(jsonl.status).toBe(200);
    expect(jsonl.html.trim().split("\n")).toHaveLength(job.progress.kept);
    const card = await page(`/ui/synth/${jobId}/export?format=card`, { cookie: teamCookie });
    expect(card.headers.get("content-type")).toMatch(/markdown/);
    expect(card.html).toContain("## Quality gate: rejections by rule");
    const progress = await page(`/ui/synth/${jobId}/progress`, { cookie: teamCookie });
    expect(JSON.parse(progress.html)).toMatchObject({ status: "done", done: job.progress.kept, total: job.params.target, label: { ko: "완료", en: "done" } });
  });

  it("answers bad input with typed errors as pages", async () => {
    const badFormat = await page(`/ui/synth/${jobId}/export?format=xml`, { cookie: teamCookie });
    expect(badFormat.status).toBe(400);
    expect(badFormat.html).toContain("INVALID_ARGUMENT");
    const badOffset = await page(`/ui/synth/${jobId}?offset=-1`, { cookie: teamCookie });
    expect(badOffset.status).toBe(400);
    expect(badOffset.html).toContain("query.offset");
    for (const path of ["/ui/synth/no-such-job", `/ui/synth/${crypto.randomUUID()}/progress`, "/ui/bench/runs/no-such-run", `/ui/bench/runs/${crypto.randomUUID()}/progress`]) {
      const missing = await page(path, { cookie: teamCookie });
      expect(missing.status, path).toBe(404);
      expect(missing.html, path).toContain('id="page-error"');
    }
    // Another team's job and run are as unknown as missing ones.
    expect((await page(`/ui/synth/${jobId}`, { cookie: otherCookie })).status).toBe(404);
    expect((await page(`/ui/bench/runs/${gold.id}`, { cookie: otherCookie })).status).toBe(404);
    const badSuite = await page("/ui/bench?suite=nope", { cookie: teamCookie });
    expect(badSuite.status).toBe(400);
    expect(badSuite.html).toContain("query.suite");
    expect((await page("/ui/leaderboard?suite=bfcl:nope", { cookie: teamCookie })).status).toBe(400);
  });

  it("lists the runs and draws a run's breakdowns with their intervals", async () => {
    const list = await page("/ui/bench", { cookie: teamCookie });
    expect(list.status).toBe(200);
    for (const run of [gold, wrong, bfcl]) expect(list.html).toContain(`data-run="${run.id}"`);
    const kopaOnly = await page("/ui/bench?suite=kopa", { cookie: teamCookie });
    expect(kopaOnly.html).not.toContain(`data-run="${bfcl.id}"`);

    for (const run of [gold, wrong]) {
      const res = await page(`/ui/bench/runs/${run.id}`, { cookie: teamCookie });
      expect(res.status).toBe(200);
      expect(res.html).toContain(`id="stat-pass1" data-value="${run.summary.pass1.value}"`);
      for (const group of ["shape", "level", "provider"]) {
        const rows = attrsOf(tableOf(res.html, `by-${group}`), "tr", "data-group");
        const expected = run.summary.breakdowns[group] ?? {};
        expect(rows.map((r) => r["data-group"]), group).toEqual(Object.keys(expected));
        for (const r of rows) {
          const figures = expected[r["data-group"] ?? ""];
          expect(Number(r["data-pass1"])).toBe(figures?.pass1.value);
          expect([Number(r["data-ci-low"]), Number(r["data-ci-high"])]).toEqual(figures?.pass1.ci);
          expect(Number(r["data-items"])).toBe(figures?.items);
        }
        // One bar and one whisker per group, drawn to the value.
        const bars = attrsOf(tableOf(res.html, `by-${group}`), "rect", 'class="est-value"');
        expect(bars.map((b) => Number(b["data-value"]))).toEqual(rows.map((r) => Number(r["data-pass1"])));
      }
      const measures = attrsOf(res.html, "tr", "data-measure");
      expect(Object.fromEntries(measures.map((m) => [m["data-measure"], Number(m["data-value"])]))).toEqual(run.summary.measures);
      expect(res.html).toContain('id="unscorable"');
    }
    expect(gold.summary.pass1.value).toBe(1);
    expect(wrong.summary.pass1.value).toBeLessThan(1);
    const wrongPage = await page(`/ui/bench/runs/${wrong.id}`, { cookie: teamCookie });
    const errorTypes = attrsOf(tableOf(wrongPage.html, "error-types"), "tr", "data-key");
    expect(Object.fromEntries(errorTypes.map((e) => [e["data-key"], Number(e["data-rejected"])]))).toEqual(wrong.summary.errorTypes);
  });

  it("lists the items whose gold failed as unscorable", async () => {
    expect(outage.summary.unscorable.map((u) => u.itemId).sort()).toEqual(["kb-067", "kb-127"]);
    const res = await page(`/ui/bench/runs/${outage.id}`, { cookie: teamCookie });
    const rows = attrsOf(/<table id="unscorable">[\s\S]*?<\/table>/.exec(res.html)?.[0] ?? "", "tr", "data-item");
    expect(rows.map((r) => r["data-item"])).toEqual(outage.summary.unscorable.map((u) => u.itemId));
    expect(res.html).toContain(outage.summary.unscorable[0]?.reason ?? "missing");
    expect(res.html).toContain('<b>1 / 3</b>');
  });

  it("draws a BFCL run per category and ranks the runs per suite", async () => {
    const res = await page(`/ui/bench/runs/${bfcl.id}`, { cookie: teamCookie });
    const rows = attrsOf(tableOf(res.html, "by-category"), "tr", "data-group");
    expect(rows.map((r) => r["data-group"])).toEqual([...BFCL_CATEGORIES].sort());
    expect(rows.every((r) => r["data-items"] === "3")).toBe(true);
    expect(res.html).not.toContain('id="by-shape"');

    const board = await page("/ui/leaderboard", { cookie: teamCookie });
    expect(board.status).toBe(200);
    const kopa = attrsOf(/<section class="board" data-suite="kopa">[\s\S]*?<\/section>/.exec(board.html)?.[0] ?? "", "tr", "data-run");
    expect(new Set(kopa.map((r) => r["data-run"]))).toEqual(new Set([gold.id, wrong.id, outage.id]));
    const ranked = kopa.map((r) => Number(r["data-pass1"]));
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
    expect(kopa.at(-1)?.["data-run"]).toBe(wrong.id);
    expect(board.html).toContain('data-suite="bfcl:all"');
    const onlyBfcl = await page("/ui/leaderboard?suite=bfcl:all", { cookie: teamCookie });
    expect(onlyBfcl.html).not.toContain('data-suite="kopa"');
    expect(onlyBfcl.html).toContain(`data-run="${bfcl.id}"`);
  });

  it("serves the progress script and links the new pages in the nav", async () => {
    const script = await page("/ui/assets/progress.js");
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(() => new Function(script.html)).not.toThrow();
    const res = await page("/ui/bench", { cookie: teamCookie });
    for (const href of ["/ui/synth", "/ui/bench", "/ui/leaderboard"]) expect(res.html).toContain(`href="${href}"`);
    const progress = await page(`/ui/bench/runs/${gold.id}/progress`, { cookie: teamCookie });
    expect(JSON.parse(progress.html)).toMatchObject({ status: "done", done: gold.progress.planned, total: gold.progress.planned });
  });

  it("renders a run still going with its polled progress bar", async () => {
    // Each model reply comes 400 ms late, so the run is still going when its page is asked for.
    const slow = await startRun(teamToken, { now: MORNING, filter: { ids: ["kb-001", "kb-002"] }, concurrency: 1, endpoint: scripted("slow:400"), label: "slow" });
    const res = await page(`/ui/bench/runs/${slow.id}`, { cookie: teamCookie });
    expect(res.html).toContain(`data-progress-url="/ui/bench/runs/${slow.id}/progress"`);
    expect(res.html).toContain('src="/ui/assets/progress.js"');
    const list = await page("/ui/bench", { cookie: teamCookie });
    expect(list.html).toContain('src="/ui/assets/progress.js"');
    const progress = JSON.parse((await page(`/ui/bench/runs/${slow.id}/progress`, { cookie: teamCookie })).html) as { status: string; total: number };
    expect(["queued", "running"]).toContain(progress.status);
    expect(progress.total).toBe(2);
    // Once it has ended the page no longer polls (the run is awaited, not cancelled, so no model call is cut off).
    expect((await waitRun(teamToken, slow.id)).status).toBe("done");
    expect((await page(`/ui/bench/runs/${slow.id}`, { cookie: teamCookie })).html).not.toContain("data-progress-url");
  });
});

/** One data.go.kr dataset definition (5 operations), imported as the operator would. */
const DATASET = import.meta.glob("../fixtures/datagokr/재난안전/15125655.yaml", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

describe("imported tools", () => {
  let imported: string[] = [];

  beforeAll(async () => {
    const documents = Object.entries(DATASET).map(([path, content]) => ({ name: path.replace(/^.*fixtures\//, ""), content }));
    expect(documents).toHaveLength(1);
    const res = await request<{ imported: { name: string }[] }>("/admin/catalog/import", { method: "POST", token: env.ADMIN_TOKEN, body: JSON.stringify({ documents }) });
    expect(res.status, res.text).toBe(201);
    imported = res.body.imported.map((t) => t.name).sort();
    expect(imported.length).toBeGreaterThan(1);
  });

  const listed = (html: string) => [...html.matchAll(/<tr data-search="[^"]*" data-source="(\w+)"><td><a href="\/ui\/catalog\/([a-z0-9_]+)">/g)].map((m) => ({ source: m[1] ?? "", name: m[2] ?? "" }));

  it("lists the imported tools after the built-in ones, marked as imported, and finds them by search", async () => {
    const all = listed((await page("/ui/catalog", { cookie })).html);
    expect(all).toHaveLength(CATALOG.size + imported.length);
    expect(all.filter((t) => t.source === "builtin").map((t) => t.name)).toEqual([...CATALOG.keys()]);
    expect(all.filter((t) => t.source === "imported").map((t) => t.name).sort()).toEqual(imported);
    const html = (await page("/ui/catalog", { cookie })).html;
    expect(html).toContain(`<span id="tool-count">${CATALOG.size + imported.length}</span> / ${CATALOG.size + imported.length}`);
    // The dataset's Korean title and description are searched, as the built-in tools' are.
    const insurance = listed((await page(`/ui/catalog?q=${encodeURIComponent("재난배상책임보험")}`, { cookie })).html);
    expect(insurance.map((t) => t.name).sort()).toEqual(imported);
    const bySource = listed((await page("/ui/catalog?q=imported", { cookie })).html);
    expect(bySource.map((t) => t.name).sort()).toEqual(imported);
    expect(listed((await page("/ui/catalog?q=kma.grid", { cookie })).html).some((t) => t.source === "imported")).toBe(false);
  });

  it("shows an imported tool's page with where it came from", async () => {
    const res = await page("/ui/catalog/dg_15125655_facil_info", { cookie });
    expect(res.status).toBe(200);
    const provenance = /<div class="card" id="provenance" data-format="datagokr-dataset">([\s\S]*?)<\/div>/.exec(res.html)?.[1] ?? "";
    expect(provenance).toContain("datagokr/재난안전/15125655.yaml");
    expect(provenance).toContain("<code>/facilInfo</code>");
    expect(provenance).toContain("2026-10-07");
    expect(res.html).toContain("<code>brno</code>");
    expect(res.html).toContain('<span class="tag">biz.b_no10</span>');
    // A built-in tool's page has no provenance.
    expect((await page("/ui/catalog/kasi_public_holidays", { cookie })).html).not.toContain('id="provenance"');
  });

  it("calls an imported tool from its form and counts the call in usage", async () => {
    const tool = await request<{ examples: { resolvedArgs: Record<string, unknown> }[] }>("/v1/tools/dg_15125655_facil_info", { token });
    const args = Object.fromEntries(Object.entries(tool.body.examples[0]?.resolvedArgs ?? {}).map(([k, v]) => [`arg.${k}`, String(v)]));
    const called = await page("/ui/catalog/dg_15125655_facil_info", { ...form({ ...args, cache: "no-cache" }), cookie });
    expect(called.status, called.html.slice(0, 2000)).toBe(200);
    expect(called.html).toContain('data-outcome="ok"');
    const row = (html: string) => /<tr data-tool="dg_15125655_facil_info">([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? "";
    // The call log is written in batches a few milliseconds after each call.
    let res = await page("/ui/usage?hours=168", { cookie });
    for (let i = 0; i < 40 && row(res.html) === ""; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      res = await page("/ui/usage?hours=168", { cookie });
    }
    expect(res.status).toBe(200);
    const cells = [...row(res.html).matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) => m[1]);
    // calls, cache answers, upstream calls; then errors, p50, p95 and the quota left on the dataset's key
    expect(cells.slice(0, 3)).toEqual(["1", "0", "1"]);
    expect(cells[3]).toBe("0");
    expect(cells[6]).toMatch(/^\d+$/);
  });
});
