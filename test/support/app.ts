/** Calls into the app under test through its real fetch handler, as a client would. */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "../../src/index";

export const APP = "http://kopa.test";

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** The app's fetch with the operator's configuration changed (`vars`), as another deployment would run. */
async function fetchWith(vars: Partial<Env>, request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export async function request<T = unknown>(path: string, init: RequestInit & { token?: string; vars?: Partial<Env> } = {}): Promise<JsonResponse<T>> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const { vars, token: _token, ...rest } = init;
  const req = new Request(`${APP}${path}`, { ...rest, headers });
  const res = vars ? await fetchWith(vars, req) : await exports.default.fetch(req);
  const text = await res.text();
  // Whatever a test does, the app must never fail with an internal error.
  if (res.status === 500) throw new Error(`HTTP 500 from ${path}: ${text}`);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, body: body as T, text, headers: res.headers };
}

export async function createTeam(name: string): Promise<{ id: string; token: string }> {
  const res = await request<{ team: { id: string }; token: string }>("/admin/teams", {
    method: "POST",
    token: env.ADMIN_TOKEN,
    body: JSON.stringify({ name: `${name}-${crypto.randomUUID().slice(0, 6)}` }),
  });
  if (res.status !== 201) throw new Error(`team creation failed: ${res.status} ${res.text}`);
  return { id: res.body.team.id, token: res.body.token };
}

export interface CallResponse {
  tool: string;
  result: { ok: boolean; items: Record<string, unknown>[]; totalCount: number; page: number };
  meta: { cache: string; upstreamMs: number; fetchedAt: string; fingerprint: string; degraded?: string; snapshot?: string };
}

export interface ErrorResponse {
  error: { code: string; message: string; field?: string; requestId: string };
}

export function callTool(token: string, tool: string, body: Record<string, unknown>, vars?: Partial<Env>) {
  return request<CallResponse & ErrorResponse>(`/v1/tools/${tool}/call`, { method: "POST", token, body: JSON.stringify(body), ...(vars ? { vars } : {}) });
}

const SECRET_OF_KIND: Record<string, string> = {
  datagokr: "DATA_GO_KR_SERVICE_KEY",
  seoul: "SEOUL_OPENAPI_KEY",
  seoul_subway: "SEOUL_SUBWAY_KEY",
  juso_search: "JUSO_SEARCH_KEY",
  juso_coord: "JUSO_COORD_KEY",
};

/** Makes a team call upstream with a sandbox tenant's keys (one key per key secret). */
export async function useTenantKeys(token: string, keys: Record<string, string>): Promise<void> {
  for (const [kind, key] of Object.entries(keys)) {
    const secret = SECRET_OF_KIND[kind];
    if (!secret) continue;
    const res = await request(`/v1/keys/${secret}`, { method: "PUT", token, body: JSON.stringify({ key }) });
    if (res.status !== 200) throw new Error(`registering ${secret} failed: ${res.status}`);
  }
}

/**
 * The app's env with the operator's service keys replaced by a sandbox tenant's: what the
 * scheduled run (which calls as the operator) uses when a test runs it against that tenant.
 */
export function operatorEnv(keys: Record<string, string>): Env {
  const replaced: Record<string, string> = {};
  for (const [kind, key] of Object.entries(keys)) {
    const secret = SECRET_OF_KIND[kind];
    if (secret) replaced[secret] = key;
  }
  return { ...env, ...replaced };
}
