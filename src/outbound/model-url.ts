/**
 * Outbound URLs a team chooses (the model endpoint of a benchmark run or of the synthesis writer)
 * are the operator's choice: the app would otherwise fetch wherever a team points it — its own
 * loopback, the private network, a cloud metadata service — and, with k × items × retries,
 * amplify the traffic. A URL is accepted when its host matches the operator's `MODEL_URL_ALLOW`:
 *
 * - `*` (the default): any public host;
 * - `gpu.example.org`, `*.example.org`: those names;
 * - `10.1.2.3`, `10.0.0.0/8`, `[::1]`, `fd00::/8`: those addresses.
 *
 * Private, loopback, link-local, metadata and other internal addresses and names (`localhost`,
 * `*.internal`, single-label names) pass only when an entry names them: a GPU box reached through
 * a local tunnel needs e.g. `MODEL_URL_ALLOW="*,127.0.0.1"`. Names are judged as written (a Worker
 * cannot resolve them first), so an operator who wants more than that lists exact hosts and drops `*`.
 */
import { z } from "zod";
import { ApiError } from "../app/errors";

type Ip = { family: 4; bytes: number[] } | { family: 6; bytes: number[] };

type Entry = { kind: "public" } | { kind: "host"; name: string } | { kind: "suffix"; suffix: string } | { kind: "net"; ip: Ip; bits: number };

export interface OutboundPolicy {
  entries: Entry[];
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

function parseIpv6(text: string): number[] | null {
  let body = text;
  let tail: number[] = [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) as the last 32 bits.
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (v4) {
    const bytes = parseIpv4(v4[2] ?? "");
    if (!bytes) return null;
    tail = bytes;
    body = `${v4[1] ?? ""}0:0`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part === undefined || part === "" ? [] : part.split(":"));
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => "0"), ...rest];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function parseIp(text: string): Ip | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4) return { family: 4, bytes: v4 };
  const v6 = bare.includes(":") ? parseIpv6(bare) : null;
  return v6 ? { family: 6, bytes: v6 } : null;
}

function inNet(ip: Ip, net: Ip, bits: number): boolean {
  if (ip.family !== net.family) return false;
  for (let i = 0; i < ip.bytes.length; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    if (take === 0) return true;
    const mask = (0xff << (8 - take)) & 0xff;
    if (((ip.bytes[i] ?? 0) & mask) !== ((net.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

const net = (cidr: string): { ip: Ip; bits: number } => {
  const [address = "", bits = ""] = cidr.split("/");
  const ip = parseIp(address);
  if (!ip) throw new Error(`bad built-in range ${cidr}`);
  return { ip, bits: Number(bits) };
};

/** Addresses that are not the public internet: never reachable through `*`. */
const INTERNAL_NETS = [
  "0.0.0.0/8", // this network
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT (and Alibaba's metadata, 100.100.100.200)
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, cloud metadata (169.254.169.254)
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "::/128",
  "::1/128",
  "64:ff9b::/96", // NAT64: an IPv4 address behind it
  "fc00::/7", // unique local (AWS metadata fd00:ec2::254)
  "fe80::/10",
  "fec0::/10",
  "ff00::/8",
].map(net);

/** Names that point inside: loopback, mDNS, cloud-internal (metadata.google.internal) and single labels (`metadata`). */
const INTERNAL_SUFFIXES = [".localhost", ".local", ".localdomain", ".internal", ".intranet", ".lan", ".home.arpa", ".corp"];

function isInternalIp(ip: Ip): boolean {
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
  if (ip.family === 6 && ip.bytes.slice(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff) {
    return isInternalIp({ family: 4, bytes: ip.bytes.slice(12) });
  }
  return INTERNAL_NETS.some((n) => inNet(ip, n.ip, n.bits));
}

function isInternalName(host: string): boolean {
  const name = host.replace(/\.$/, "");
  return name === "localhost" || !name.includes(".") || INTERNAL_SUFFIXES.some((s) => name.endsWith(s));
}

function parseEntry(raw: string): Entry | null {
  const text = raw.trim().toLowerCase();
  if (text === "") return null;
  if (text === "*") return { kind: "public" };
  if (text.startsWith("*.")) return { kind: "suffix", suffix: text.slice(1) };
  const [address = "", bits] = text.split("/");
  const ip = parseIp(address);
  if (ip) {
    const max = ip.family === 4 ? 32 : 128;
    const n = bits === undefined ? max : Number(bits);
    return Number.isInteger(n) && n >= 0 && n <= max ? { kind: "net", ip, bits: n } : null;
  }
  return /^[a-z0-9.-]+$/.test(text) ? { kind: "host", name: text.replace(/\.$/, "") } : null;
}

/** The operator's allowlist from `MODEL_URL_ALLOW` (comma- or space-separated); `*` when unset. Unreadable entries are dropped. */
export function outboundPolicy(allow: string | undefined): OutboundPolicy {
  const text = allow === undefined || allow.trim() === "" ? "*" : allow;
  return { entries: text.split(/[\s,]+/).flatMap((raw) => parseEntry(raw) ?? []) };
}

export function modelUrlPolicy(env: Env): OutboundPolicy {
  return outboundPolicy(env.MODEL_URL_ALLOW);
}

/** What is wrong with a model URL regardless of the allowlist, or null. */
export function modelUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "only http and https are allowed";
  if (url.username !== "" || url.password !== "") return "credentials do not belong in the URL: use apiKey or access";
  if (url.search !== "" || text.includes("?")) return "a model URL takes no query";
  if (url.hash !== "" || text.includes("#")) return "a model URL takes no fragment";
  return null;
}

/** Whether the operator's policy lets the app call this host. */
export function hostAllowed(policy: OutboundPolicy, hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const ip = parseIp(host);
  for (const entry of policy.entries) {
    if (entry.kind === "net" && ip && inNet(ip, entry.ip, entry.bits)) return true;
    if (entry.kind === "host" && !ip && entry.name === host) return true;
    if (entry.kind === "suffix" && !ip && host.endsWith(entry.suffix)) return true;
  }
  if (!policy.entries.some((e) => e.kind === "public")) return false;
  return ip ? !isInternalIp(ip) : !isInternalName(host);
}

/**
 * The URL a model endpoint is reached at: parsed, checked and allowed, or a 400 naming `field`. The
 * parsed URL (origin and path only) is what requests are built from.
 */
export function allowedModelUrl(policy: OutboundPolicy, text: string, field: string): URL {
  const problem = modelUrlProblem(text);
  if (problem) throw new ApiError("INVALID_ARGUMENT", `${field}: ${problem}`, field);
  const url = new URL(text);
  if (!hostAllowed(policy, url.hostname)) {
    throw new ApiError("INVALID_ARGUMENT", `${field}: the operator does not allow model endpoints at ${url.hostname} (MODEL_URL_ALLOW)`, field);
  }
  return url;
}

/** The zod refinement of a model base URL (no credentials, query or fragment). */
export const modelBaseUrlSchema = z
  .string()
  .max(500)
  .superRefine((text, ctx) => {
    const problem = modelUrlProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
