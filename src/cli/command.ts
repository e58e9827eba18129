/**
 * A command is data: its path (`tools call`), positionals, flags with their help, a zod schema
 * over everything the user typed (every flag is a boundary), and `run`. `runCommand` parses the
 * argv with node:util parseArgs, validates it, prints `--help`, and turns every mistake into one
 * UserError line naming the flag.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { z } from "zod";
import { Api } from "./api";
import { adminConnection, teamConnection, type AdminConnectionInput, type TeamConnectionInput } from "./connection";
import { EXIT, UserError, type ExitCode } from "./errors";
import type { FlagSpec } from "./flag";
import type { Io } from "./io";

export interface PositionalSpec {
  name: string;
  description: string;
  optional?: boolean;
  /** The last positional may take every remaining argument (a list of files). */
  variadic?: boolean;
}

export interface Context {
  io: Io;
  /** The API as a team (`--token`/KOPA_TOKEN) or as the operator (`--admin-token`/KOPA_ADMIN_TOKEN). */
  teamApi(input: TeamConnectionInput): Api;
  adminApi(input: AdminConnectionInput): Api;
}

export interface Command<S extends z.ZodObject = z.ZodObject> {
  /** `["tools", "call"]`, or `["dev"]` for a command without a verb. */
  path: readonly [string] | readonly [string, string];
  summary: string;
  /** Paragraphs shown by --help after the usage line. */
  description?: string;
  positionals: readonly PositionalSpec[];
  flags: Readonly<Record<string, FlagSpec>>;
  /** Validates `{ ...flags, ...positionals }` keyed by flag and positional names. */
  input: S;
  examples?: readonly string[];
  // Method syntax on purpose: a registry holds commands of different input types.
  run(input: z.output<S>, ctx: Context): Promise<ExitCode | void>;
}

export function defineCommand<S extends z.ZodObject>(command: Command<S>): Command<S> {
  return command;
}

export const jsonFlag = { json: { type: "boolean", description: "print machine-readable JSON on stdout" } } as const satisfies Record<string, FlagSpec>;

const HELP_FLAG: FlagSpec = { type: "boolean", short: "h", description: "show this help" };

export function commandName(command: Command): string {
  return `kopa ${command.path.join(" ")}`;
}

export function usageLine(command: Command): string {
  const positionals = command.positionals.map((p) => `${p.optional ? `[<${p.name}>]` : `<${p.name}>`}${p.variadic ? "…" : ""}`);
  return [commandName(command), ...positionals, "[options]"].join(" ");
}

function flagLabel(name: string, flag: FlagSpec): string {
  const long = `--${name}${flag.type === "string" ? ` ${flag.value ?? "<value>"}` : ""}`;
  return flag.short ? `-${flag.short}, ${long}` : `    ${long}`;
}

function flagText(flag: FlagSpec): string {
  const notes = [...(flag.env ? [`env ${flag.env}`] : []), ...(flag.default !== undefined ? [`default: ${flag.default}`] : [])];
  const repeat = flag.multiple ? " (repeatable)" : "";
  return `${flag.description}${repeat}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}

function section(title: string, rows: readonly (readonly [string, string])[]): string {
  if (rows.length === 0) return "";
  const width = Math.max(...rows.map(([left]) => left.length));
  return `\n${title}:\n${rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join("\n")}\n`;
}

export function commandHelp(command: Command): string {
  const flags = { ...command.flags, help: HELP_FLAG };
  return [
    `${commandName(command)} — ${command.summary}\n`,
    `\nUsage: ${usageLine(command)}\n`,
    command.description ? `\n${command.description.trim()}\n` : "",
    section("Arguments", command.positionals.map((p) => [`<${p.name}>`, `${p.description}${p.optional ? " (optional)" : ""}`])),
    section("Options", Object.entries(flags).map(([name, flag]) => [flagLabel(name, flag), flagText(flag)])),
    command.examples && command.examples.length > 0 ? `\nExamples:\n${command.examples.map((e) => `  ${e}`).join("\n")}\n` : "",
  ].join("");
}

/** parseArgs' messages are long and name Node; keep their first sentence. */
function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]}`;
  return (message.split(/\.\s/)[0] ?? message).replace(/\.$/, "").replace(/'/g, "");
}

/** `--hours`, `<name>`, `--arg #2`: where a zod issue points, in the user's terms. */
function issueTarget(command: Command, path: readonly PropertyKey[]): string {
  const [head, ...rest] = path;
  const name = String(head ?? "");
  const base = command.positionals.some((p) => p.name === name) ? `<${name}>` : `--${name}`;
  return rest.length === 0 ? base : `${base} ${rest.map((part) => (typeof part === "number" ? `#${part + 1}` : String(part))).join(" ")}`;
}

export function parseCommandArgs<S extends z.ZodObject>(command: Command<S>, argv: readonly string[]): { help: true } | { help: false; input: z.output<S> } {
  const see = `(see ${commandName(command)} --help)`;
  const options: NonNullable<ParseArgsConfig["options"]> = { help: { type: "boolean", short: "h" } };
  for (const [name, flag] of Object.entries(command.flags)) {
    options[name] = { type: flag.type, ...(flag.multiple ? { multiple: true } : {}), ...(flag.short ? { short: flag.short } : {}) };
  }
  let parsed: { values: Record<string, string | boolean | (string | boolean)[] | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UserError(`${parseArgsMessage(error)} ${see}`);
  }
  if (parsed.values["help"] === true) return { help: true };
  const raw: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parsed.values)) if (name !== "help") raw[name] = value;
  const variadic = command.positionals.at(-1)?.variadic === true;
  const extra = parsed.positionals[command.positionals.length];
  if (extra !== undefined && !variadic) throw new UserError(`unexpected argument "${extra}" ${see}`);
  command.positionals.forEach((positional, i) => {
    const value = parsed.positionals[i];
    if (value !== undefined) raw[positional.name] = positional.variadic ? parsed.positionals.slice(i) : value;
    else if (!positional.optional) throw new UserError(`missing <${positional.name}> (usage: ${usageLine(command)})`);
  });
  const result = command.input.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new UserError(`${issue ? `${issueTarget(command, issue.path)}: ${issue.message}` : "invalid input"} ${see}`);
  }
  return { help: false, input: result.data };
}

export async function runCommand(command: Command, argv: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseCommandArgs(command, argv);
  if (parsed.help) {
    io.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  const ctx: Context = {
    io,
    teamApi: (input) => new Api(teamConnection(input, io.env)),
    adminApi: (input) => new Api(adminConnection(input, io.env)),
  };
  return (await command.run(parsed.input, ctx)) ?? EXIT.ok;
}
