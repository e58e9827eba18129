import { describe, expect, it } from "vitest";
import { commandName } from "../../src/cli/command";
import { COMMANDS } from "../../src/cli/main";
import { kopa } from "./support/run";

describe("kopa --help", () => {
  it("lists every command, the environment and the exit codes", async () => {
    const { code, stdout, stderr } = await kopa(["--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    for (const command of COMMANDS) expect(stdout).toContain(`  ${command.path.join(" ")}`);
    for (const name of ["KOPA_URL", "KOPA_TOKEN", "KOPA_ADMIN_TOKEN"]) expect(stdout).toContain(name);
    expect(stdout).toMatch(/Exit codes:\n {2}0 {2}ok\n {2}1 {2}failure: .*5xx.*\n {2}2 {2}user error: .*4xx/);
  });

  it("is what a bare `kopa` and `kopa help` print", async () => {
    const help = (await kopa(["--help"])).stdout;
    expect((await kopa([])).stdout).toBe(help);
    expect((await kopa(["help"])).stdout).toBe(help);
  });

  it("prints the version", async () => {
    const { code, stdout } = await kopa(["--version"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^kopa \d+\.\d+\.\d+\n$/);
  });
});

describe("kopa <noun> --help", () => {
  it("lists the noun's commands only", async () => {
    const { code, stdout } = await kopa(["tools", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: kopa tools <command>");
    expect(stdout).toMatch(/tools list[\s\S]*tools show <name>[\s\S]*tools call <name>/);
    expect(stdout).not.toContain("team create");
  });

  it("is also what `kopa tools` alone prints", async () => {
    expect((await kopa(["tools"])).stdout).toBe((await kopa(["tools", "--help"])).stdout);
  });
});

describe("kopa <noun> <verb> --help", () => {
  it.each(COMMANDS.map((c) => [commandName(c), c] as const))("%s documents its usage, arguments and every flag", async (_, command) => {
    const { code, stdout, stderr } = await kopa([...command.path, "--help"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain(`Usage: ${commandName(command)}`);
    for (const positional of command.positionals) expect(stdout).toContain(`<${positional.name}>`);
    for (const flag of Object.keys(command.flags)) expect(stdout).toContain(`--${flag}`);
    expect(stdout).toContain("-h, --help");
  });

  it("`kopa help tools call` is `kopa tools call --help`", async () => {
    expect((await kopa(["help", "tools", "call"])).stdout).toBe((await kopa(["tools", "call", "--help"])).stdout);
  });

  it("shows environment variables and defaults of flags", async () => {
    const { stdout } = await kopa(["usage", "--help"]);
    expect(stdout).toMatch(/--url <url> +the app's URL \(env KOPA_URL; default: http:\/\/127\.0\.0\.1:8787\)/);
    expect(stdout).toMatch(/--hours <n> +.*\(default: 24\)/);
  });
});

describe("the registry", () => {
  it("has one command per path", () => {
    const paths = COMMANDS.map((c) => c.path.join(" "));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(COMMANDS.map((c) => [commandName(c), c] as const))("%s validates every flag and positional it declares, and nothing else", (_, command) => {
    const declared = [...Object.keys(command.flags), ...command.positionals.map((p) => p.name)].sort();
    expect(Object.keys(command.input.shape).sort()).toEqual(declared);
  });
});
