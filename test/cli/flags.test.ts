/**
 * Mistakes on the command line: each exits 2 with one `error:` line naming the flag, and none of
 * them reaches the API (the fake API records nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApi, type FakeApi } from "./support/fake-api";
import { isOneErrorLine, kopa } from "./support/run";

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi(() => ({ status: 500, json: { unexpected: true } }));
});
afterAll(() => api.close());

const cases: [argv: string[], error: RegExp][] = [
  [["toools"], /^error: unknown command "toools" — did you mean "kopa tools"\? \(see kopa --help\)$/],
  [["--json", "tools", "list"], /^error: unknown option --json: options go after the command, as in kopa tools list --json \(see kopa --help\)$/],
  [["tools", "lst"], /^error: unknown command "kopa tools lst" — did you mean "kopa tools list"\? \(kopa tools has: list, show, call\)$/],
  [["tools", "list", "--bogus"], /^error: unknown option --bogus \(see kopa tools list --help\)$/],
  [["tools", "list", "--json=yes"], /^error: Option --json does not take an argument/],
  [["tools", "list", "--provider", "nope"], /^error: --provider: Invalid option: expected one of "kma"\|/],
  [["tools", "list", "--kind", "remote"], /^error: --kind: Invalid option: expected one of "upstream"\|"local"/],
  [["tools", "show"], /^error: missing <name> \(usage: kopa tools show <name> \[options\]\)$/],
  [["tools", "show", "a", "b"], /^error: unexpected argument "b" \(see kopa tools show --help\)$/],
  [["tools", "call", "x", "--arg", "solYear"], /^error: --arg #1: expected key=value such as solYear=2026, got "solYear"/],
  [["tools", "call", "x", "--arg", "a=1", "--arg", "=2"], /^error: --arg #2: expected key=value/],
  [["tools", "call", "x", "--args-json", "{nope"], /^error: --args-json: not valid JSON/],
  [["tools", "call", "x", "--args-json", "[1,2]"], /^error: --args-json: expected a JSON object/],
  [["tools", "call", "x", "--cache", "sometimes"], /^error: --cache: Invalid option: expected one of "default"\|"no-cache"\|"only-if-cached"/],
  [["tools", "call", "x", "--repeat", "0"], /^error: --repeat: must be at least 1/],
  [["usage", "--hours", "abc"], /^error: --hours: expected a whole number/],
  [["usage", "--hours", "99999"], /^error: --hours: must be at most 2160/],
  [["usage", "--hours"], /^error: Option --hours <value> argument missing/],
  [["keys", "set", "MY_KEY", "--key", "12345678"], /^error: <secret>: Invalid option: expected one of "DATA_GO_KR_SERVICE_KEY"/],
  [["snapshot", "create", "s", "--tools", " , "], /^error: --tools: expected a comma-separated list/],
  [["dev", "--port", "70000"], /^error: --port: must be at most 65535/],
  [["dev", "--tenant", "Not Valid"], /^error: --tenant: lower-case letters, digits and -/],
  [["graph", "build", "--seed", ""], /^error: --seed: Too small/],
  [["graph", "verify", "--share", "2"], /^error: --share: must be at most 1 \(see kopa graph verify --help\)$/],
  [["graph", "verify", "--share", "half"], /^error: --share: expected a number such as 0\.5/],
  [["graph", "verify", "--budget", "0"], /^error: --budget: must be at least 1/],
  [["graph", "verify", "--statuses", "verified,bogus"], /^error: --statuses #2: unknown value "bogus": expected candidate, verified, rejected, stale, inconclusive/],
  [["graph", "show", "--status", "done"], /^error: --status #1: unknown value "done"/],
  [["graph", "show", "--provider", "KMA!"], /^error: --provider: a provider id such as kma/],
  [["graph", "show", "a", "b"], /^error: unexpected argument "b" \(see kopa graph show --help\)$/],
  [["graph", "drift", "--limit", "0"], /^error: --limit: must be at least 1/],
  [["graph", "export", "--format", "svg"], /^error: --format: Invalid option: expected one of "json"\|"dot"\|"graphml"/],
  [["synth", "run", "--target", "0"], /^error: --target: must be at least 1/],
  [["synth", "run", "--shapes", "sequential,loop"], /^error: --shapes #2: unknown value "loop": expected sequential, fan_out/],
  [["synth", "run", "--concurrency", "65"], /^error: --concurrency: must be at most 64/],
  [["synth", "status"], /^error: missing <job> \(usage: kopa synth status <job> \[options\]\)$/],
  [["synth", "status", "j", "--examples", "many"], /^error: --examples: expected a whole number/],
  [["synth", "export", "j", "--format", "csv"], /^error: --format: Invalid option: expected one of "all"\|"openai"\|"hermes"\|"grpo"\|"bfcl"\|"card"/],
  [["synth", "export", "j", "--name", "my data"], /^error: --name: letters, digits, \. _ and - only/],
  [["bench", "run"], /^error: no model server: pass --model-url or set KOPA_MODEL_URL$/],
  [["bench", "run", "--model-url", "ftp://gpu"], /^error: --model-url: expected an http\(s\) URL/],
  [["bench", "run", "--model-url", "http://127.0.0.1:8000/v1"], /^error: no model name: pass --model or set KOPA_MODEL$/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--suite", "bfcl:nope"], /^error: --suite: Invalid option: expected one of "kopa"\|"bfcl:simple_python"/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--levels", "1,4"], /^error: --levels #2: unknown value "4": expected 1, 2, 3/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--mode", "replay"], /^error: --mode replay needs --snapshot <name>/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--mode", "live", "--snapshot", "s"], /^error: --snapshot is for --mode replay$/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--live", "--snapshot", "s"], /^error: --live records a fresh world; --snapshot replays one$/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--n", "2", "--k", "1,3"], /^error: --k: every k must be at most --n \(2\)$/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--access-id", "a"], /^error: a Cloudflare Access service token needs both --access-id and --access-secret$/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--now", "tomorrow"], /^error: --now: expected an ISO time with offset/],
  [["bench", "run", "--model-url", "http://gpu/v1", "--model", "m", "--temperature", "3"], /^error: --temperature: must be at most 2/],
  [["bench", "report"], /^error: missing <run> \(usage: kopa bench report <run> \[options\]\)$/],
  [["bench", "status", "--suite", "mmlu"], /^error: --suite: Invalid option/],
  [["bench", "leaderboard", "--suite", "bfcl"], /^error: --suite: Invalid option/],
  [["start", "--target", "0"], /^error: --target: must be at least 1 \(see kopa start --help\)$/],
  [["start", "--model-url", "gpu.local"], /^error: --model-url: expected an http\(s\) URL/],
  [["start", "--model-url", "http://127.0.0.1:8000/v1"], /^error: a model server needs its model name: pass --model or set MODEL$/],
  [["start", "--specs", "/nonexistent-kopa-specs"], /^error: --specs \/nonexistent-kopa-specs: cannot read \/nonexistent-kopa-specs$/],
  [["start", "--specs", "src/util"], /^error: --specs src\/util: no \.yaml, \.yml or \.json documents found$/],
  // Repeatable: every --specs is read (the first holds definitions, the second is missing), before anything starts.
  [["start", "--no-vendored-specs", "--specs", "test/fixtures/datagokr", "--specs", "/nonexistent-kopa-specs-2"], /^error: --specs \/nonexistent-kopa-specs-2: cannot read \/nonexistent-kopa-specs-2$/],
];

describe("bad command lines", () => {
  it.each(cases)("kopa %j", async (argv, error) => {
    const { code, stdout, stderr } = await kopa(argv, { env: { KOPA_URL: api.url, KOPA_TOKEN: "t" } });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(isOneErrorLine(stderr)).toBe(true);
    expect(stderr.trimEnd()).toMatch(error);
    expect(api.requests).toEqual([]);
  });
});

describe("missing or bad connection settings", () => {
  it("needs a team token for /v1 commands", async () => {
    const { code, stderr } = await kopa(["tools", "list"], { env: { KOPA_URL: api.url } });
    expect(code).toBe(2);
    expect(stderr).toBe("error: no team token: pass --token or set KOPA_TOKEN (create a team with: kopa team create <name>)\n");
  });

  it("needs an admin token for team commands on a remote URL", async () => {
    const { code, stderr } = await kopa(["team", "list", "--url", "https://kopa.example.org"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: no admin token: pass --admin-token or set KOPA_ADMIN_TOKEN/);
  });

  it("validates KOPA_URL like a flag and says where the bad value came from", async () => {
    const fromEnv = await kopa(["tools", "list"], { env: { KOPA_URL: "ftp://example.org", KOPA_TOKEN: "t" } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toBe('error: KOPA_URL: expected an http(s) URL such as http://127.0.0.1:8787 (got "ftp://example.org")\n');
    const fromFlag = await kopa(["tools", "list", "--url", "not a url", "--token", "t"]);
    expect(fromFlag.code).toBe(2);
    expect(fromFlag.stderr).toMatch(/^error: --url: expected an http\(s\) URL/);
  });

  it("lets flags override the environment", async () => {
    const { code, stderr } = await kopa(["tools", "list", "--url", "ftp://flag.example"], { env: { KOPA_URL: api.url, KOPA_TOKEN: "t" } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: --url:/);
  });

  it("refuses an empty token", async () => {
    const { code, stderr } = await kopa(["tools", "list", "--token", " "], { env: { KOPA_URL: api.url } });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: --token: must not be empty/);
  });

  it("refuses to read a service key from a terminal, where it would echo", async () => {
    const { code, stderr } = await kopa(["keys", "set", "DATA_GO_KR_SERVICE_KEY"], { env: { KOPA_URL: api.url, KOPA_TOKEN: "t" }, stdinIsTTY: true });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: no key: pipe it on stdin/);
    expect(api.requests).toEqual([]);
  });

  it("reads the model server of kopa bench run and npm start from the environment, checked like a flag", async () => {
    const bench = await kopa(["bench", "run", "--model", "m"], { env: { KOPA_URL: api.url, KOPA_TOKEN: "t", KOPA_MODEL_URL: "gpu:8000" } });
    expect(bench.code).toBe(2);
    expect(bench.stderr).toBe('error: KOPA_MODEL_URL: expected an http(s) URL (got "gpu:8000")\n');
    const start = await kopa(["start"], { env: { MODEL_URL: "gpu:8000", MODEL: "m" } });
    expect(start.code).toBe(2);
    expect(start.stderr).toBe('error: MODEL_URL: expected an http(s) URL (got "gpu:8000")\n');
    const target = await kopa(["start"], { env: { KOPA_START_TARGET: "lots" } });
    expect(target.code).toBe(2);
    expect(target.stderr).toBe('error: KOPA_START_TARGET: expected a whole number from 1 to 20000 (got "lots")\n');
    expect(api.requests).toEqual([]);
  });

  it("says where kopa dev must run", async () => {
    const { code, stderr } = await kopa(["dev"], { cwd: "/" });
    expect(code).toBe(2);
    expect(stderr).toBe("error: kopa dev runs in the kopa-edge checkout: no wrangler.toml in /\n");
  });
});
