/**
 * The CLI against a fake API (support/fake-api.ts, a node:http test double of the Worker): what
 * it sends, how it prints answers, and the exit code of each kind of failure.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiError, fakeApiPerTest, type FakeHandler, tempDirs } from "./support/fake-api";
import { gridTool, holidaysAnswer, holidaysDetail, holidaysTool, snapshotExport } from "./support/fixtures";
import { isOneErrorLine, kopa } from "./support/run";

const tempDir = tempDirs("kopa-cli-");
const serve = fakeApiPerTest();

describe("tools list", () => {
  it("asks for the jsonschema format with the filters and the team token, and prints a table", async () => {
    const { api, env } = await serve(() => ({ json: { count: 2, tools: [holidaysTool, gridTool] } }));
    const { code, stdout, stderr } = await kopa(["tools", "list", "--provider", "kasi"], { env });
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(api.requests[0]?.path).toBe("/v1/tools");
    expect(Object.fromEntries(api.requests[0]?.query ?? [])).toEqual({ format: "jsonschema", provider: "kasi" });
    expect(api.requests[0]?.authorization).toBe("Bearer team-token");
    expect(stdout).toBe(
      [
        "NAME                  PROVIDER  KIND      CACHE   PARAMS",
        "kasi_public_holidays  kasi      upstream  static       4",
        "kma_grid_from_wgs84   -         local     static       2",
        "2 tools",
        "",
      ].join("\n"),
    );
  });

  it("--json prints the API's answer as it came", async () => {
    const body = { count: 1, tools: [holidaysTool] };
    const { env } = await serve(() => ({ json: body }));
    const { code, stdout } = await kopa(["tools", "list", "--json"], { env });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(body);
  });

  it("--url and --token override the environment", async () => {
    const { api } = await serve(() => ({ json: { count: 0, tools: [] } }));
    const { code } = await kopa(["tools", "list", "--url", `${api.url}/`, "--token", "flag-token"], { env: { KOPA_URL: "http://127.0.0.1:9", KOPA_TOKEN: "env-token" } });
    expect(code).toBe(0);
    expect(api.requests[0]?.authorization).toBe("Bearer flag-token");
  });
});

describe("tools show", () => {
  it("prints the tool, its parameters, outputs and examples as commands", async () => {
    const { env } = await serve(() => ({ json: holidaysDetail }));
    const { code, stdout } = await kopa(["tools", "show", "kasi_public_holidays"], { env });
    expect(code).toBe(0);
    expect(stdout).toContain("tool      kasi_public_holidays  공휴일 정보 조회 / Public holidays");
    expect(stdout).toContain("cache     static, 604800 s");
    expect(stdout).toMatch(/solYear +string +yes +date\.yyyy +연도 YYYY/);
    expect(stdout).toMatch(/numOfRows +integer +50/);
    expect(stdout).toMatch(/locdate +string +date\.yyyymmdd +날짜 YYYYMMDD/);
    expect(stdout).toContain("kopa tools call kasi_public_holidays --arg solYear=2026 --arg solMonth=05   # 어린이날");
  });
});

describe("tools call", () => {
  it("types --arg values by the tool's schema, prints items as a table and the call's facts", async () => {
    const { api, env } = await serve((req) => (req.method === "GET" ? { json: holidaysDetail } : { json: holidaysAnswer }));
    const { code, stdout } = await kopa(["tools", "call", "kasi_public_holidays", "--arg", "solYear=2026", "--arg", "solMonth=05", "--arg", "numOfRows=10", "--cache", "no-cache"], { env });
    expect(code).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/tools/kasi_public_holidays", "POST /v1/tools/kasi_public_holidays/call"]);
    expect(JSON.parse(api.requests[1]?.body ?? "")).toEqual({ args: { solYear: "2026", solMonth: "05", numOfRows: 10 }, cache: "no-cache" });
    expect(stdout).toBe(
      [
        "dateKind  dateName      isHoliday  locdate   seq",
        "01        어린이날      true       20260505    1",
        "01        부처님오신날  true       20260524    2",
        "01        대체공휴일    true       20260525   10",
        "3 items of 3 (page 1) · cache miss · upstream 7 ms · fetched 2026-11-29T15:35:35.612Z",
        "",
      ].join("\n"),
    );
  });

  it("sends --args-json as it is, with the snapshot, without looking up the schema", async () => {
    const { api, env } = await serve(() => ({ json: { ...holidaysAnswer, meta: { ...holidaysAnswer.meta, cache: "snapshot", snapshot: "bench" } } }));
    const { code, stdout } = await kopa(["tools", "call", "kasi_public_holidays", "--args-json", '{"solYear":"2026"}', "--snapshot", "bench", "--json"], { env });
    expect(code).toBe(0);
    expect(api.requests).toHaveLength(1);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ args: { solYear: "2026" }, cache: "default", snapshot: "bench" });
    expect(JSON.parse(stdout).meta.snapshot).toBe("bench");
  });

  it("--repeat makes n calls with a progress line per interval and prints a summary", async () => {
    let n = 0;
    const { api, env } = await serve((req) => {
      if (req.method === "GET") return { json: holidaysDetail };
      n++;
      if (n === 3) return apiError(429, "RATE_LIMITED", "too many calls to kasi this second; retry in 1 s");
      return { json: { ...holidaysAnswer, meta: { ...holidaysAnswer.meta, cache: n === 1 ? "miss" : "hit" } } };
    });
    const { code, stdout, stderr } = await kopa(["tools", "call", "kasi_public_holidays", "--arg", "solYear=2026", "--repeat", "5", "--json"], { env });
    expect(api.requests.filter((r) => r.method === "POST")).toHaveLength(5);
    expect(code).toBe(2);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ calls: 5, ok: 4, cache: { miss: 1, hit: 3 }, errors: { RATE_LIMITED: 1 } });
    expect(stderr).toMatch(/^kasi_public_holidays: 5\/5 calls \(100%\) in .* · 1 error\n$/);
  });
});

describe("API errors: one line, exit 2 for 4xx and 1 for 5xx", () => {
  const cases: [string, FakeHandler, number, RegExp][] = [
    ["400 INVALID_ARGUMENT", () => apiError(400, "INVALID_ARGUMENT", "args.solYear: YYYY", "args.solYear"), 2, /^error: INVALID_ARGUMENT args\.solYear: YYYY \(HTTP 400, request req-1\)$/],
    ["401 UNAUTHORIZED", () => apiError(401, "UNAUTHORIZED", "a valid team token is required"), 2, /^error: UNAUTHORIZED a valid team token is required \(HTTP 401, request req-1\) — check --token or KOPA_TOKEN$/],
    ["404 TOOL_NOT_FOUND", () => apiError(404, "TOOL_NOT_FOUND", "no tool named nope", "name"), 2, /^error: TOOL_NOT_FOUND no tool named nope .* — see kopa tools list$/],
    ["429 QUOTA_EXCEEDED", () => apiError(429, "QUOTA_EXCEEDED", "the daily quota of kasi is spent"), 2, /^error: QUOTA_EXCEEDED /],
    ["500 INTERNAL", () => apiError(500, "INTERNAL", "internal error"), 1, /^error: INTERNAL internal error \(HTTP 500, request req-1\)$/],
    ["503 UPSTREAM_UNAVAILABLE", () => apiError(503, "UPSTREAM_UNAVAILABLE", "kasi is failing"), 1, /^error: UPSTREAM_UNAVAILABLE kasi is failing/],
    ["502 from a proxy, not JSON", () => ({ status: 502, text: "<html><body>Bad Gateway</body></html>" }), 1, /^error: HTTP_502 Bad Gateway: <html><body>Bad Gateway<\/body><\/html> \(HTTP 502, request req-fake\)$/],
    ["200 with an unexpected body", () => ({ json: { tools: "nope" } }), 1, /^error: unexpected answer from GET \/v1\/tools: count: .* \(is the CLI as recent as the app\?\)$/],
    ["200 that is not JSON", () => ({ text: "hello" }), 1, /^error: the answer to \/v1\/tools is not JSON \(HTTP 200\)/],
  ];

  it.each(cases)("%s", async (_, handler, exitCode, line) => {
    const { env } = await serve(handler);
    const { code, stdout, stderr } = await kopa(["tools", "list"], { env });
    expect(code).toBe(exitCode);
    expect(stdout).toBe("");
    expect(isOneErrorLine(stderr)).toBe(true);
    expect(stderr.trimEnd()).toMatch(line);
  });

  it("an unreachable API is a failure (exit 1) naming the URL, with a hint for a local one", async () => {
    const { api, env } = await serve(() => ({ json: {} }));
    await api.close();
    const { code, stderr } = await kopa(["tools", "list"], { env });
    expect(code).toBe(1);
    expect(stderr).toBe(`error: cannot reach the app at ${api.url} (ECONNREFUSED) — is the local stack running? Start it with "kopa dev", or pass --url / set KOPA_URL\n`);
  });
});

describe("team", () => {
  it("create sends the admin token and prints the token once with how to use it", async () => {
    const { api, env } = await serve(() => ({ status: 201, json: { team: { id: "t-1", name: "weather" }, token: "kopa_abc", note: "…" } }));
    const { code, stdout } = await kopa(["team", "create", "weather"], { env });
    expect(code).toBe(0);
    expect(api.requests[0]).toMatchObject({ method: "POST", path: "/admin/teams", authorization: "Bearer admin-token", body: '{"name":"weather"}' });
    expect(stdout).toContain("token  kopa_abc\n");
    expect(stdout).toContain("export KOPA_TOKEN=kopa_abc");
  });

  it("list prints teams with times; revoke deletes by id", async () => {
    const { api, env } = await serve((req) =>
      req.method === "GET" ? { json: { teams: [{ id: "t-1", name: "weather", createdAt: Date.UTC(2026, 10, 29, 15, 41), revokedAt: null }] } } : { json: { revoked: "t-1" } },
    );
    const list = await kopa(["team", "list"], { env });
    expect(list.stdout).toBe("ID   NAME     CREATED               REVOKED\nt-1  weather  2026-11-30 00:41 KST\n");
    const revoke = await kopa(["team", "revoke", "t-1"], { env });
    expect(revoke.stdout).toBe("revoked team t-1\n");
    expect(api.requests[1]).toMatchObject({ method: "DELETE", path: "/admin/teams/t-1" });
  });

  it("a wrong admin token is a user error with a hint", async () => {
    const { env } = await serve(() => apiError(401, "UNAUTHORIZED", "the admin token is required"));
    const { code, stderr } = await kopa(["team", "list"], { env });
    expect(code).toBe(2);
    expect(stderr).toMatch(/— check --admin-token or KOPA_ADMIN_TOKEN\n$/);
  });
});

describe("keys", () => {
  it("set reads the key from stdin and never prints it", async () => {
    const { api, env } = await serve(() => ({ json: { registered: "DATA_GO_KR_SERVICE_KEY" } }));
    const { code, stdout } = await kopa(["keys", "set", "DATA_GO_KR_SERVICE_KEY"], { env, stdin: "secret-service-key\n" });
    expect(code).toBe(0);
    expect(api.requests[0]).toMatchObject({ method: "PUT", path: "/v1/keys/DATA_GO_KR_SERVICE_KEY", body: '{"key":"secret-service-key"}' });
    expect(stdout).toBe("registered the team's key for DATA_GO_KR_SERVICE_KEY\n");
  });

  it("list shows which secrets use the team's own key", async () => {
    const { env } = await serve(() => ({ json: { registered: ["SEOUL_OPENAPI_KEY"] } }));
    const { stdout } = await kopa(["keys", "list"], { env });
    expect(stdout).toMatch(/SEOUL_OPENAPI_KEY +the team's own\n/);
    expect(stdout).toMatch(/DATA_GO_KR_SERVICE_KEY +the operator's\n/);
  });
});

describe("snapshot", () => {
  it("create sends the tools list and description", async () => {
    const { api, env } = await serve(() => ({ status: 201, json: { id: "s-1", name: "bench", description: "d", entryCount: 2, createdAt: "2026-11-29T15:41:00.000Z" } }));
    const { code, stdout } = await kopa(["snapshot", "create", "bench", "--tools", "kasi_public_holidays, kasi_national_days", "--description", "d"], { env });
    expect(code).toBe(0);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ name: "bench", description: "d", tools: ["kasi_public_holidays", "kasi_national_days"] });
    expect(stdout).toBe("created snapshot bench: 2 entries (id s-1)\n");
  });

  it("export --out writes the JSONL, counting entries against the header's total", async () => {
    const { env } = await serve(() => ({ text: snapshotExport, headers: { "content-type": "application/x-ndjson" } }));
    const dir = tempDir();
    const { code, stdout, stderr } = await kopa(["snapshot", "export", "bench", "--out", "bench.jsonl"], { env, cwd: dir });
    expect(code).toBe(0);
    expect(readFileSync(join(dir, "bench.jsonl"), "utf8")).toBe(snapshotExport);
    expect(stdout).toBe(`wrote 2 entries of snapshot bench to ${join(dir, "bench.jsonl")}\n`);
    expect(stderr).toMatch(/^export bench: 2\/2 entries \(100%\) in /);
  });

  it("export without --out streams the JSONL to stdout untouched", async () => {
    const { env } = await serve(() => ({ text: snapshotExport }));
    const { code, stdout, stderr } = await kopa(["snapshot", "export", "bench"], { env });
    expect(code).toBe(0);
    expect(stdout).toBe(snapshotExport);
    expect(stderr).toBe("");
  });

  it("import uploads the file's lines with a progress bar and the new name", async () => {
    const { api, env } = await serve(() => ({ status: 201, json: { id: "s-2", name: "bench-copy", description: "", entryCount: 2, createdAt: "2026-11-29T15:41:00.000Z" } }));
    const dir = tempDir();
    writeFileSync(join(dir, "bench.jsonl"), snapshotExport);
    const { code, stdout, stderr } = await kopa(["snapshot", "import", "bench.jsonl", "--name", "bench-copy"], { env, cwd: dir });
    expect(code).toBe(0);
    expect(api.requests[0]).toMatchObject({ method: "POST", path: "/v1/snapshots/import", body: snapshotExport, contentType: "application/x-ndjson" });
    expect(api.requests[0]?.query.get("name")).toBe("bench-copy");
    expect(stdout).toBe("imported snapshot bench-copy: 2 entries (id s-2)\n");
    expect(stderr).toMatch(/^import bench\.jsonl: 3\/3 lines \(100%\) in /);
  });

  it("import streams a large file in chunks, and reads - from stdin", async () => {
    const { api, env } = await serve(() => ({ status: 201, json: { id: "s-3", name: "big", description: "", entryCount: 1500, createdAt: "2026-11-29T15:41:00.000Z" } }));
    const entries = Array.from({ length: 1500 }, (_, i) =>
      JSON.stringify({ fingerprint: i.toString(16).padStart(64, "0"), tool: "kasi_public_holidays", toolVersion: 1, fetchedAt: i, result: { ok: true, items: [], totalCount: 0, page: 1 } }),
    );
    const jsonl = `${[JSON.stringify({ snapshot: { name: "big", description: "", entryCount: 1500 } }), ...entries].join("\n")}\n`;
    const { code, stdout, stderr } = await kopa(["snapshot", "import", "-"], { env, stdin: jsonl });
    expect(code).toBe(0);
    expect(api.requests[0]?.body).toBe(jsonl);
    expect(stdout).toBe("imported snapshot big: 1500 entries (id s-3)\n");
    expect(stderr).toMatch(/^import stdin: 1501\/1501 lines \(100%\) in /);
  });

  it("import refuses a file that is not an export before sending anything", async () => {
    const { api, env } = await serve(() => ({ json: {} }));
    const dir = tempDir();
    writeFileSync(join(dir, "broken.jsonl"), `${snapshotExport}{not json\n`);
    const broken = await kopa(["snapshot", "import", "broken.jsonl"], { env, cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe("error: broken.jsonl line 4 is not JSON\n");
    const missing = await kopa(["snapshot", "import", "missing.jsonl"], { env, cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("error: cannot read missing.jsonl (ENOENT)\n");
    expect(api.requests).toEqual([]);
  });

  it("list prints name, entries, creation time and description", async () => {
    const { env } = await serve(() => ({ json: { snapshots: [{ id: "s-1", name: "bench", description: "KASI 2026", entryCount: 2, createdAt: "2026-11-29T15:41:00.000Z" }] } }));
    const { stdout } = await kopa(["snapshot", "list"], { env });
    expect(stdout).toBe("NAME   ENTRIES  CREATED               DESCRIPTION\nbench        2  2026-11-30 00:41 KST  KASI 2026\n");
  });
});

describe("usage", () => {
  const row = { teamId: "0123456789", tool: "kasi_public_holidays", provider: "kasi", calls: 4, cacheHits: 3, upstreamCalls: 1, upstreamErrors: 0, errors: 0, p50Ms: 2, p95Ms: 40, quotaLeft: 9999 };

  it("prints the team's usage per tool and the share served from cache", async () => {
    const { api, env } = await serve(() => ({ json: { team: "weather", since: "2026-11-28T15:00:00.000Z", tools: [row] } }));
    const { code, stdout } = await kopa(["usage", "--hours", "48"], { env });
    expect(code).toBe(0);
    expect(api.requests[0]?.query.get("hours")).toBe("48");
    expect(stdout).toContain("kasi_public_holidays  kasi          4       3         1       0       2      40        9999\n");
    expect(stdout).toContain("team weather · last 48 h (since 2026-11-29 00:00 KST) · 4 calls, 3 served from cache (75%)\n");
  });

  it("--all asks /admin/usage with the admin token", async () => {
    const { api, env } = await serve(() => ({ json: { tools: [row] } }));
    const { stdout } = await kopa(["usage", "--all"], { env });
    expect(api.requests[0]).toMatchObject({ path: "/admin/usage", authorization: "Bearer admin-token" });
    expect(stdout).toMatch(/^TEAM +TOOL/);
    expect(stdout).toContain("01234567  kasi_public_holidays");
  });
});
