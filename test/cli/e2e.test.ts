/**
 * End to end against the real local stack: `kopa dev` starts the sandbox and app Workers through
 * scripts/stack.ts (startStack) on free ports with fresh state, and every other command runs
 * through the CLI's main function against it. KOPA-Bench runs against the scripted model server
 * of the workers tests (a test double speaking the chat completions protocol on a local port).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main";
import { startModelServer, type ModelServer } from "../bench/support/model-server";
import { captureIo } from "./support/io";
import { kopa } from "./support/run";

const ADMIN_TOKEN = "e2e-admin-token";
const state = mkdtempSync(join(tmpdir(), "kopa-cli-e2e-"));
let stop: () => void = () => undefined;
let dev: Promise<number> | undefined;
let env: Record<string, string> = {};
let model: ModelServer | undefined;

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const captured = captureIo({ untilStopped: () => stopped });
  dev = main(["dev", "--port", "0", "--sandbox-port", "0", "--persist-to", state, "--admin-token", ADMIN_TOKEN, "--tenant", "cli-e2e", "--json"], captured.io);
  let exited = false;
  void dev.then(() => (exited = true));
  const ready = await waitFor(
    "kopa dev to print its URLs",
    () => {
      if (exited) throw new Error(`kopa dev exited early: ${captured.stderr()}`);
      const line = captured.stdout().split("\n")[0];
      return line ? (JSON.parse(line) as { appUrl: string; adminToken: string }) : undefined;
    },
    60_000,
  );
  expect(ready.adminToken).toBe(ADMIN_TOKEN);
  env = { KOPA_URL: ready.appUrl, KOPA_ADMIN_TOKEN: ADMIN_TOKEN };
  model = await startModelServer();
}, 90_000);

afterAll(async () => {
  await model?.close();
  stop();
  const code = await dev;
  rmSync(state, { recursive: true, force: true });
  expect(code).toBe(0);
}, 30_000);

describe("kopa against the local stack", () => {
  it("team create → tools list → tools call → snapshot create/export/import → replay from the import", async () => {
    const created = await kopa(["team", "create", "cli-e2e", "--json"], { env });
    expect(created.code, created.stderr).toBe(0);
    const { token } = JSON.parse(created.stdout) as { token: string };
    env = { ...env, KOPA_TOKEN: token };

    const list = await kopa(["tools", "list"], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^NAME +PROVIDER +KIND +CACHE +PARAMS\n/);
    expect(list.stdout).toMatch(/\nkasi_public_holidays +kasi +upstream +static +4\n/);
    expect(list.stdout).toMatch(/\nkma_grid_from_wgs84 +- +local /);

    const call = await kopa(["tools", "call", "kasi_public_holidays", "--arg", "solYear=2026", "--arg", "solMonth=05"], { env });
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toMatch(/^dateKind +dateName +isHoliday +locdate +seq\n/);
    expect(call.stdout).toMatch(/어린이날 +true +20260505/);
    expect(call.stdout).toMatch(/\n3 items of 3 \(page 1\) · cache miss · /);

    const bad = await kopa(["tools", "call", "kasi_public_holidays", "--arg", "solYear=26"], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: INVALID_ARGUMENT args\.solYear: YYYY \(HTTP 400, request [\w-]+\)\n$/);

    const snapshot = await kopa(["snapshot", "create", "cli-e2e", "--tools", "kasi_public_holidays", "--description", "from the CLI test"], { env });
    expect(snapshot.code, snapshot.stderr).toBe(0);
    expect(snapshot.stdout).toMatch(/^created snapshot cli-e2e: 1 entry \(id [\w-]+\)\n$/);

    const file = join(state, "cli-e2e.jsonl");
    const exported = await kopa(["snapshot", "export", "cli-e2e", "--out", file], { env });
    expect(exported.code, exported.stderr).toBe(0);
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? "")).toEqual({ snapshot: { name: "cli-e2e", description: "from the CLI test", entryCount: 1 } });

    const imported = await kopa(["snapshot", "import", file, "--name", "cli-e2e-copy"], { env });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^imported snapshot cli-e2e-copy: 1 entry/);
    expect(imported.stderr).toMatch(/^import .*cli-e2e\.jsonl: 2\/2 lines \(100%\)/);

    const listed = await kopa(["snapshot", "list", "--json"], { env });
    expect((JSON.parse(listed.stdout) as { snapshots: { name: string }[] }).snapshots.map((s) => s.name)).toEqual(["cli-e2e", "cli-e2e-copy"]);

    const replay = await kopa(["tools", "call", "kasi_public_holidays", "--arg", "solYear=2026", "--arg", "solMonth=05", "--snapshot", "cli-e2e-copy", "--json"], { env });
    expect(replay.code, replay.stderr).toBe(0);
    const answer = JSON.parse(replay.stdout) as { result: { items: unknown[] }; meta: { cache: string } };
    expect(answer.meta.cache).toBe("snapshot");
    expect(answer.result.items).toHaveLength(3);

    const miss = await kopa(["tools", "call", "kasi_public_holidays", "--arg", "solYear=2027", "--snapshot", "cli-e2e-copy"], { env });
    expect(miss.code).toBe(2);
    expect(miss.stderr).toMatch(/^error: SNAPSHOT_MISS /);
  }, 30_000);

  it("graph build → graph verify → graph show → synth run → synth export to files → bench run → leaderboard", async () => {
    const build = await kopa(["graph", "build"], { env });
    expect(build.code, build.stderr).toBe(0);
    expect(build.stdout).toMatch(/\nstatus +done\n/);
    expect(build.stderr).toMatch(/\ngraph build: (\d+)\/\1 tools \(100%\) in /);

    // A small budget verifies enough edges to walk, quickly; what it leaves stays a candidate.
    const verify = await kopa(["graph", "verify", "--budget", "80"], { env });
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/\nstatus +(done|budget_exhausted)\n/);

    const show = await kopa(["graph", "show", "--status", "verified", "--limit", "3"], { env });
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/^EDGE graph version 1 · \d+ tools\n\nCANDIDATE +VERIFIED +REJECTED +STALE +INCONCLUSIVE +UNTESTED +TOTAL\n/);
    expect(show.stdout).toMatch(/\n\d+ edges \(status verified\), the first 3 shown \(--limit\):\nEDGE +STATUS +SCORE +BINDINGS +REASON\n\S+ → \S+ +verified /);

    const run = await kopa(["synth", "run", "--target", "4", "--json"], { env });
    expect(run.code, run.stderr).toBe(0);
    // Off a terminal, progress is a line every second until the final one.
    expect(run.stderr).toMatch(/(^|\n)synth: 4\/4 kept \(100%\) in .* · done · [^\n]*\n$/);
    const job = JSON.parse(run.stdout) as { id: string; status: string; progress: { kept: number } };
    expect(job).toMatchObject({ status: "done", progress: { kept: 4 } });

    const out = join(state, "dataset");
    const exported = await kopa(["synth", "export", job.id, "--out", out, "--name", "e2e"], { env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["e2e.bfcl.jsonl", "e2e.card.md", "e2e.grpo.jsonl", "e2e.hermes.jsonl", "e2e.openai.jsonl"]);
    for (const format of ["openai", "hermes", "grpo"]) {
      const lines = readFileSync(join(out, `e2e.${format}.jsonl`), "utf8").trimEnd().split("\n");
      expect(lines, format).toHaveLength(4);
      for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
    expect(readFileSync(join(out, "e2e.card.md"), "utf8")).toMatch(/^#/);
    expect(exported.stdout).toMatch(/\n4 kept examples of job [\w-]+ \(done\)\n$/);

    const bench = await kopa(["bench", "run", "--model-url", model?.url ?? "", "--model", "scripted:gold", "--limit", "3", "--label", "e2e-gold"], { env });
    expect(bench.code, bench.stderr).toBe(0);
    expect(bench.stderr).toMatch(/\nbench kopa: 3\/3 attempts \(100%\) in .* · done · pass@1 /);
    expect(bench.stdout).toMatch(/^run +[\w-]+ \(e2e-gold\)\nmodel +scripted:gold at http:\/\/127\.0\.0\.1:\d+\n/);
    expect(bench.stdout).toMatch(/\nSHAPE +ITEMS +PASS@1 /);

    const leaderboard = await kopa(["bench", "leaderboard", "--json"], { env });
    const board = JSON.parse(leaderboard.stdout) as { suites: Record<string, { label: string }[]> };
    expect(board.suites["kopa"]?.map((e) => e.label)).toEqual(["e2e-gold"]);
  }, 60_000);
});
