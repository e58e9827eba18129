/**
 * Where the API is and who we are to it: `--url`/KOPA_URL (default the local stack),
 * `--token`/KOPA_TOKEN for /v1 routes, `--admin-token`/KOPA_ADMIN_TOKEN for /admin routes.
 * Flags override the environment. Environment values are validated like flags: both are input.
 */
import { z } from "zod";
import type { FlagSpec } from "./flag";
import { UserError } from "./errors";

export const DEFAULT_URL = "http://127.0.0.1:8787";
/** The admin token `kopa dev` starts the app with unless told otherwise. */
export const DEV_ADMIN_TOKEN = "kopa-dev-admin";

export type AuthKind = "team" | "admin";

export interface Connection {
  url: string;
  token: string;
  auth: AuthKind;
  /** A stack on this machine (loopback): errors then suggest `kopa dev`. */
  local: boolean;
}

const urlFlag: FlagSpec = { type: "string", value: "<url>", description: "the app's URL", env: "KOPA_URL", default: DEFAULT_URL };

export const teamFlags = {
  url: urlFlag,
  token: { type: "string", value: "<token>", description: "team token, from kopa team create", env: "KOPA_TOKEN" },
} as const satisfies Record<string, FlagSpec>;

export const adminFlags = {
  url: urlFlag,
  "admin-token": {
    type: "string",
    value: "<token>",
    description: `the operator's ADMIN_TOKEN (on a local URL it defaults to ${DEV_ADMIN_TOKEN}, the one kopa dev uses)`,
    env: "KOPA_ADMIN_TOKEN",
  },
} as const satisfies Record<string, FlagSpec>;

const secretText = z.string().trim().min(1, "must not be empty").max(4096);
export const teamInput = { url: z.string().optional(), token: secretText.optional() };
export const adminInput = { url: z.string().optional(), "admin-token": secretText.optional() };

export type TeamConnectionInput = { url?: string | undefined; token?: string | undefined };
export type AdminConnectionInput = { url?: string | undefined; "admin-token"?: string | undefined };

const urlSchema = z
  .url({ protocol: /^https?$/, error: "expected an http(s) URL such as http://127.0.0.1:8787" })
  .transform((url) => url.replace(/\/+$/, ""));

type EnvVars = Readonly<Record<string, string | undefined>>;

/** The flag's value, else the environment variable's; with where it came from, for error lines. */
function pick(flagName: string, flagValue: string | undefined, env: EnvVars, envName: string): { value: string; source: string } | undefined {
  if (flagValue !== undefined) return { value: flagValue, source: `--${flagName}` };
  const fromEnv = env[envName]?.trim();
  return fromEnv ? { value: fromEnv, source: envName } : undefined;
}

export function resolveUrl(flag: string | undefined, env: EnvVars): string {
  const chosen = pick("url", flag, env, "KOPA_URL");
  if (!chosen) return DEFAULT_URL;
  const parsed = urlSchema.safeParse(chosen.value);
  if (!parsed.success) throw new UserError(`${chosen.source}: ${parsed.error.issues[0]?.message ?? "invalid URL"} (got "${chosen.value}")`);
  return parsed.data;
}

/** A stack on this machine, as kopa dev starts: the dev admin token is a safe default there, nowhere else. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

export function teamConnection(input: TeamConnectionInput, env: EnvVars): Connection {
  const url = resolveUrl(input.url, env);
  const token = pick("token", input.token, env, "KOPA_TOKEN")?.value;
  if (!token) throw new UserError("no team token: pass --token or set KOPA_TOKEN (create a team with: kopa team create <name>)");
  return { url, token, auth: "team", local: isLoopback(url) };
}

export function adminConnection(input: AdminConnectionInput, env: EnvVars): Connection {
  const url = resolveUrl(input.url, env);
  const local = isLoopback(url);
  const token = pick("admin-token", input["admin-token"], env, "KOPA_ADMIN_TOKEN")?.value ?? (local ? DEV_ADMIN_TOKEN : undefined);
  if (!token) throw new UserError("no admin token: pass --admin-token or set KOPA_ADMIN_TOKEN (the app's ADMIN_TOKEN secret)");
  return { url, token, auth: "admin", local };
}
