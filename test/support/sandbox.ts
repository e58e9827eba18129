/**
 * Test access to the embedded sandbox (started by test/setup/sandbox.ts): isolated tenants with
 * their own keys, clock and scenarios, and tool calls that reach the sandbox over HTTP through
 * the configured provider base URLs, exactly as the app does.
 */
import { env } from "cloudflare:workers";
import { findTool } from "../../src/catalog";
import { providerOf, type KeySecret } from "../../src/catalog/providers";
import { upstreamTarget } from "../../src/config/upstream";
import { executeTool, type ExecutedCall } from "../../src/gateway/execute";
import type { NormalisedResult } from "../../src/upstream/result";
import type { Scenario } from "../../src/sandbox/scenarios";

type KeyKind = "datagokr" | "seoul" | "seoul_subway" | "juso_search" | "juso_coord";
const KIND_OF_SECRET: Record<KeySecret, KeyKind> = {
  DATA_GO_KR_SERVICE_KEY: "datagokr",
  SEOUL_OPENAPI_KEY: "seoul",
  SEOUL_SUBWAY_KEY: "seoul_subway",
  JUSO_SEARCH_KEY: "juso_search",
  JUSO_COORD_KEY: "juso_coord",
};

export interface TenantStatsView {
  /** The tenant's clock: real, or fixed at an instant. */
  clock: { mode: "real" } | { mode: "fixed"; at: string };
  calls: Record<string, number>;
  today: Record<string, number>;
  total: number;
}

/**
 * A request to the sandbox, sent again once when the connection itself fails ("Network connection
 * lost": the local server closed a kept-alive connection as it was reused). An HTTP answer, whatever
 * its status, is never retried; nor is a request whose signal has aborted (it fails again at once).
 * Only for requests that are safe to repeat.
 */
export async function fetchSandbox(input: Request | string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input instanceof Request ? input.clone() : input, init);
  } catch {
    return fetch(input, init);
  }
}

async function admin(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetchSandbox(`${env.SANDBOX_ORIGIN}/__admin${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${env.SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" },
  });
  if (!res.ok) throw new Error(`sandbox admin ${path}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

export class SandboxTenant {
  private constructor(
    readonly id: string,
    readonly keys: Record<KeyKind, string>,
  ) {}

  /** A fresh tenant: the suite's clock (real, or pinned by KOPA_TEST_AT), no scenarios, zero counts. */
  static async create(prefix: string): Promise<SandboxTenant> {
    const id = `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
    const keys = (await (await admin(`/tenants/${id}/keys`)).json()) as Record<KeyKind, string>;
    const tenant = new SandboxTenant(id, keys);
    if (env.TEST_AT !== "") await tenant.configure({ clock: { mode: "fixed", at: env.TEST_AT } });
    return tenant;
  }

  async configure(config: { clock?: { mode: "real" } | { mode: "fixed"; at: string }; scenarios?: Record<string, Scenario[]>; quotas?: Record<string, number> }): Promise<void> {
    await admin(`/tenants/${this.id}/config`, { method: "PUT", body: JSON.stringify(config) });
  }

  async stats(): Promise<TenantStatsView> {
    return (await (await admin(`/tenants/${this.id}/stats`)).json()) as TenantStatsView;
  }

  keyFor(provider: string): string {
    return this.keys[KIND_OF_SECRET[providerOf(provider).keySecret]];
  }

  /**
   * Calls a catalogued tool as the app does, with this tenant's keys; `now` feeds local tools. Its
   * requests go through fetchSandbox: a lost kept-alive connection is tried once more, as the
   * gateway's retry would.
   */
  async call(name: string, args: Record<string, unknown>, now = new Date()): Promise<ExecutedCall> {
    const tool = findTool(name);
    if (!tool) throw new Error(`no tool ${name}`);
    return executeTool(tool, args, {
      now,
      target: (provider) => ({ baseUrl: upstreamTarget(env, provider).baseUrl, key: this.keyFor(provider) }),
      fetcher: (request) => fetchSandbox(request),
    });
  }

  /** Calls a tool and fails the test unless it answered ok with at least one item. */
  async items(name: string, args: Record<string, unknown>, now = new Date()): Promise<Record<string, unknown>[]> {
    const { result } = await this.call(name, args, now);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.upstreamCode ?? ""} ${result.error.message}`);
    if (result.items.length === 0) throw new Error(`${name} returned no items for ${JSON.stringify(args)}`);
    return result.items;
  }
}

export type { NormalisedResult };
