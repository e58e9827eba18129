/**
 * `kopa`: the registry of commands and the dispatcher. A command is `kopa <noun> <verb>` (or a
 * bare noun such as `kopa dev`), one file under commands/. New capabilities add their files and
 * a line to COMMANDS; help, parsing, errors and exit codes come from here and command.ts.
 */
import { readFileSync } from "node:fs";
import { commandHelp, commandName, runCommand, type Command } from "./command";
import { DEFAULT_URL, DEV_ADMIN_TOKEN } from "./connection";
import { describeError, EXIT, UserError, type ExitCode } from "./errors";
import { processIo, type Io } from "./io";
import benchLeaderboard from "./commands/bench/leaderboard";
import benchReport from "./commands/bench/report";
import benchRun from "./commands/bench/run";
import benchStatus from "./commands/bench/status";
import catalogImport from "./commands/catalog/import";
import dev from "./commands/dev";
import graphBuild from "./commands/graph/build";
import graphDrift from "./commands/graph/drift";
import graphExport from "./commands/graph/export";
import graphShow from "./commands/graph/show";
import graphVerify from "./commands/graph/verify";
import keysDelete from "./commands/keys/delete";
import keysList from "./commands/keys/list";
import keysSet from "./commands/keys/set";
import snapshotCreate from "./commands/snapshot/create";
import snapshotExport from "./commands/snapshot/export";
import snapshotImport from "./commands/snapshot/import";
import snapshotList from "./commands/snapshot/list";
import start from "./commands/start";
import synthExport from "./commands/synth/export";
import synthRun from "./commands/synth/run";
import synthStatus from "./commands/synth/status";
import teamCreate from "./commands/team/create";
import teamList from "./commands/team/list";
import teamRevoke from "./commands/team/revoke";
import toolsCall from "./commands/tools/call";
import toolsList from "./commands/tools/list";
import toolsShow from "./commands/tools/show";
import usage from "./commands/usage";
import rewardTest from "./commands/reward/test";
import { closest } from "./suggest";

export const COMMANDS: readonly Command[] = [
  start,
  dev,
  toolsList,
  toolsShow,
  toolsCall,
  catalogImport,
  graphBuild,
  graphVerify,
  graphShow,
  graphDrift,
  graphExport,
  synthRun,
  synthStatus,
  synthExport,
  benchRun,
  benchStatus,
  benchReport,
  benchLeaderboard,
  teamCreate,
  teamList,
  teamRevoke,
  keysSet,
  keysList,
  keysDelete,
  snapshotCreate,
  snapshotList,
  snapshotExport,
  snapshotImport,
  usage,
  rewardTest,
];

const NOUNS: Readonly<Record<string, string>> = {
  start: "the main job: graph, synthesis and export on a throwaway local stack",
  dev: "the local stack",
  tools: "the catalog: list, show and call tools",
  catalog: "import API definitions as tools (admin)",
  team: "teams and their tokens (admin)",
  keys: "the team's own service keys",
  snapshot: "frozen responses for reproducible runs",
  usage: "what the team used",
  graph: "the EDGE graph: build, verify, inspect, drift, export",
  synth: "trajectory synthesis over the verified graph, and its datasets",
  bench: "KOPA-Bench and BFCL runs against a model server, reports and the leaderboard",
  reward: "the execution-grounded reward of completions (GRPO)",
};

const EXIT_CODES = `Exit codes:
  0  ok
  1  failure: the API answered 5xx, could not be reached, or answered something unexpected
  2  user error: a bad command, flag or argument, a missing token or URL, or a 4xx answer
`;

const ENVIRONMENT = `Environment (flags override it):
  KOPA_URL          the app's URL (default ${DEFAULT_URL}, the local stack of kopa dev)
  KOPA_TOKEN        team token for tools, keys, snapshot, usage, graph, synth and bench commands
  KOPA_ADMIN_TOKEN  the operator's ADMIN_TOKEN for team commands (default ${DEV_ADMIN_TOKEN} on a local URL)
  KOPA_MODEL_URL, KOPA_MODEL, KOPA_MODEL_API_KEY, KOPA_ACCESS_CLIENT_ID, KOPA_ACCESS_CLIENT_SECRET
                    the model server of kopa bench run
  KOPA_DEBUG=1      print stack traces of unexpected errors
`;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
  return typeof pkg.version === "string" ? pkg.version : "unknown";
}

function commandRows(commands: readonly Command[]): string {
  const left = commands.map((c) => [commandName(c).slice("kopa ".length), ...c.positionals.map((p) => (p.optional ? `[<${p.name}>]` : `<${p.name}>`))].join(" "));
  const width = Math.max(...left.map((l) => l.length));
  return commands.map((c, i) => `  ${(left[i] ?? "").padEnd(width)}  ${c.summary}`).join("\n");
}

export function rootHelp(): string {
  return `kopa — drive kopa-edge from a terminal: the local stack, the tool catalog, teams, keys, snapshots,
the EDGE graph, trajectory synthesis and KOPA-Bench

Usage: kopa <command> [options]

Commands:
${commandRows(COMMANDS)}

Every command takes --help; API commands take --url, --token or --admin-token, and --json.

${ENVIRONMENT}
${EXIT_CODES}`;
}

export function nounHelp(noun: string): string {
  const commands = COMMANDS.filter((c) => c.path[0] === noun);
  return `kopa ${noun} — ${NOUNS[noun] ?? ""}

Usage: kopa ${noun} <command> [options]

Commands:
${commandRows(commands)}

Run kopa ${noun} <command> --help for its options.
`;
}

/** Finds the command for argv and the arguments left for it; help requests resolve to text. */
function resolve(argv: readonly string[]): { command: Command; rest: readonly string[] } | { help: string } {
  const [noun, verb, ...rest] = argv;
  if (noun === undefined || noun === "--help" || noun === "-h") return { help: rootHelp() };
  if (noun === "help") return verb === undefined ? { help: rootHelp() } : resolveHelp(argv.slice(1));
  if (noun.startsWith("-")) throw new UserError(`unknown option ${noun}: options go after the command, as in kopa tools list --json (see kopa --help)`);
  const commands = COMMANDS.filter((c) => c.path[0] === noun);
  if (commands.length === 0) {
    const nouns = [...new Set(COMMANDS.map((c) => c.path[0]))];
    const near = closest(noun, nouns);
    throw new UserError(`unknown command "${noun}"${near ? ` — did you mean "kopa ${near}"?` : ""} (see kopa --help)`);
  }
  const bare = commands.find((c) => c.path.length === 1);
  if (bare) return { command: bare, rest: argv.slice(1) };
  if (verb === undefined || verb === "--help" || verb === "-h") return { help: nounHelp(noun) };
  const command = commands.find((c) => c.path[1] === verb);
  if (!command) {
    const verbs = commands.map((c) => c.path[1] ?? "");
    const near = closest(verb, verbs);
    throw new UserError(`unknown command "kopa ${noun} ${verb}"${near ? ` — did you mean "kopa ${noun} ${near}"?` : ""} (kopa ${noun} has: ${verbs.join(", ")})`);
  }
  return { command, rest };
}

/** `kopa help tools call` is `kopa tools call --help`. */
function resolveHelp(path: readonly string[]): { help: string } {
  const found = resolve(path);
  return "help" in found ? found : { help: commandHelp(found.command) };
}

/** Runs the CLI on argv (without node and the script); never throws, returns the exit code. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<ExitCode> {
  try {
    if (argv[0] === "--version" || argv[0] === "-v") {
      io.stdout.write(`kopa ${version()}\n`);
      return EXIT.ok;
    }
    const found = resolve(argv);
    if ("help" in found) {
      io.stdout.write(found.help);
      return EXIT.ok;
    }
    return await runCommand(found.command, found.rest, io);
  } catch (error) {
    const { line, exitCode } = describeError(error);
    io.stderr.write(`error: ${line}\n`);
    if (io.env["KOPA_DEBUG"] === "1" && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    return exitCode;
  }
}
