/**
 * Where each provider lives and which key it uses, read from the Worker's configuration. Base
 * URLs come from `[vars]` (real hosts) or overrides (the sandbox); keys from secrets. Imported
 * tools are called through the base URL configured for their host (UPSTREAM_HOST_URLS): an import
 * names a host, never a URL that would be called without the operator's say.
 */
import { z } from "zod";
import { findTool } from "../catalog";
import { providerOf } from "../catalog/providers";
import { ApiError } from "../app/errors";
import type { UpstreamTarget } from "../upstream/request";

/** `{"apis.data.go.kr": "https://apis.data.go.kr", …}`; `"*"` with `{host}` serves every host (the sandbox). */
const hostUrlsSchema = z.record(z.string().min(1), z.url());

const parsedHostUrls = new Map<string, Record<string, string>>();

export function hostBaseUrls(env: Env): Record<string, string> {
  const raw = env.UPSTREAM_HOST_URLS ?? "";
  let parsed = parsedHostUrls.get(raw);
  if (!parsed) {
    let value: unknown = {};
    try {
      value = JSON.parse(raw || "{}");
    } catch {
      value = {};
    }
    const result = hostUrlsSchema.safeParse(value);
    parsed = result.success ? result.data : {};
    parsedHostUrls.set(raw, parsed);
  }
  return parsed;
}

/** The configured base URL of a host, or null when the operator has not allowed it. */
export function hostBaseUrl(env: Env, host: string): string | null {
  const urls = hostBaseUrls(env);
  const own = urls[host];
  if (own) return own;
  const any = urls["*"];
  return any ? any.replace("%7Bhost%7D", host).replace("{host}", host) : null;
}

export function upstreamTarget(env: Env, providerId: string): UpstreamTarget {
  const provider = providerOf(providerId);
  const baseUrl = "host" in provider ? hostBaseUrl(env, provider.host) : env[provider.baseUrlVar];
  const key = env[provider.keySecret];
  if (!baseUrl) throw new ApiError("PROVIDER_NOT_CONFIGURED", "host" in provider ? `no base URL is configured for ${provider.host} (UPSTREAM_HOST_URLS)` : `${provider.baseUrlVar} is not set`);
  if (!key) throw new ApiError("PROVIDER_NOT_CONFIGURED", `no service key is configured for provider ${provider.id}`);
  return { baseUrl, key };
}

export type UpstreamOrigin = "replica" | "real" | "mixed" | "local" | "unknown";

/**
 * Whether calls of these tools reach the sandbox's replica or the real hosts, read from where their
 * base URLs point (the sandbox serves every host under its own origin).
 */
export function upstreamOrigin(env: Env, tools: readonly string[]): UpstreamOrigin {
  const sandbox = env.SANDBOX_ADMIN_URL ? env.SANDBOX_ADMIN_URL.replace(/\/+$/, "") : null;
  const seen = new Set<UpstreamOrigin>();
  for (const name of tools) {
    const tool = findTool(name);
    if (!tool) return "unknown";
    if (tool.kind === "local") continue;
    const provider = providerOf(tool.provider);
    const base = "host" in provider ? hostBaseUrl(env, provider.host) : env[provider.baseUrlVar];
    if (!base) return "unknown";
    seen.add(sandbox !== null && base.startsWith(`${sandbox}/`) ? "replica" : "real");
  }
  if (seen.size === 0) return "local";
  return seen.size === 1 ? [...seen][0] ?? "unknown" : "mixed";
}
