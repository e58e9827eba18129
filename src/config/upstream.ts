/**
 * Where each provider lives and which key it uses, read from the Worker's configuration. Base
 * URLs come from `[vars]` (real hosts) or overrides (the sandbox); keys from secrets.
 */
import { providerOf, PROVIDERS, type BaseUrlVar, type ProviderId } from "../catalog/providers";
import { ApiError } from "../app/errors";
import type { UpstreamTarget } from "../upstream/request";

export function upstreamTarget(env: Env, providerId: ProviderId): UpstreamTarget {
  const provider = providerOf(providerId);
  const baseUrl = env[provider.baseUrlVar];
  const key = env[provider.keySecret];
  if (!baseUrl) throw new ApiError("PROVIDER_NOT_CONFIGURED", `${provider.baseUrlVar} is not set`);
  if (!key) throw new ApiError("PROVIDER_NOT_CONFIGURED", `no service key is configured for provider ${provider.id}`);
  return { baseUrl, key };
}

/**
 * Base URLs that send every provider to a sandbox origin: the sandbox serves each real host
 * under `/<host>`, e.g. https://apis.data.go.kr → <origin>/apis.data.go.kr.
 */
export function sandboxBaseUrls(origin: string): Record<BaseUrlVar, string> {
  const urls = {} as Record<BaseUrlVar, string>;
  for (const provider of PROVIDERS.values()) {
    const real = new URL(provider.realBaseUrl);
    urls[provider.baseUrlVar] = `${origin.replace(/\/+$/, "")}/${real.hostname}${real.pathname.replace(/\/+$/, "")}`;
  }
  return urls;
}
