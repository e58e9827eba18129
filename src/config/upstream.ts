/**
 * Where each provider lives and which key it uses, read from the Worker's configuration. Base
 * URLs come from `[vars]` (real hosts) or overrides (the sandbox); keys from secrets.
 */
import { providerOf, type ProviderId } from "../catalog/providers";
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
