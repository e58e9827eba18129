/** Provider base URLs pointing at a sandbox origin (used by the dev stack and the tests). */
import { PROVIDERS, type BaseUrlVar } from "../catalog/providers";

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

/**
 * The vars that send imported tools to the sandbox too: every host under `<origin>/<host>`, and the
 * sandbox's admin URL, where imports register what it must replicate.
 */
export function sandboxImportVars(origin: string): { UPSTREAM_HOST_URLS: string; SANDBOX_ADMIN_URL: string } {
  const base = origin.replace(/\/+$/, "");
  return { UPSTREAM_HOST_URLS: JSON.stringify({ "*": `${base}/{host}` }), SANDBOX_ADMIN_URL: base };
}
