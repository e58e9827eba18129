/**
 * `npm start`, the main job on the embedded sandbox: start the local stack, create a team, list
 * the catalog, call every tool's examples through the gateway, print a summary, stop everything.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "./stack";

interface ToolView {
  name: string;
  kind: string;
  provider: { id: string } | null;
  examples: { resolvedArgs: Record<string, unknown> }[];
}

const persistTo = mkdtempSync(join(tmpdir(), "kopa-start-"));
const adminToken = `start-${Math.random().toString(36).slice(2)}`;
const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: "start", adminToken, masterKey: `m-${Math.random()}`, log: (l) => console.log(`· ${l}`) });

async function api<T>(path: string, init: RequestInit & { token: string }): Promise<T> {
  const res = await fetch(`${stack.appUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${init.token}`, "Content-Type": "application/json" } });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

let failed = 0;
try {
  const { token } = await api<{ token: string }>("/admin/teams", { method: "POST", token: adminToken, body: JSON.stringify({ name: "start" }) });
  const catalog = await api<{ tools: { name: string }[] }>("/v1/tools?format=jsonschema", { token });
  const tools = await Promise.all(catalog.tools.map((t) => api<ToolView>(`/v1/tools/${t.name}`, { token })));

  const byProvider = new Map<string, number>();
  for (const tool of tools) byProvider.set(tool.provider?.id ?? "(local)", (byProvider.get(tool.provider?.id ?? "(local)") ?? 0) + 1);
  console.log(`\nCatalog: ${tools.length} tools (${tools.filter((t) => t.kind === "upstream").length} upstream operations from ${byProvider.size - (byProvider.has("(local)") ? 1 : 0)} providers)`);
  console.table(Object.fromEntries([...byProvider.entries()].sort()));

  const calls = tools.flatMap((t) => t.examples.map((e) => ({ tool: t.name, args: e.resolvedArgs })));
  const rows: { tool: string; ok: boolean; items: number | string; cache: string }[] = [];
  for (let i = 0; i < calls.length; i += 25) {
    const { results } = await api<{ results: ({ ok: true; tool: string; result: { items: unknown[] }; meta: { cache: string } } | { ok: false; tool: string; error: { code: string } })[] }>(
      "/v1/calls:batch",
      { method: "POST", token, body: JSON.stringify({ calls: calls.slice(i, i + 25) }) },
    );
    for (const r of results) rows.push(r.ok ? { tool: r.tool, ok: true, items: r.result.items.length, cache: r.meta.cache } : { tool: r.tool, ok: false, items: r.error.code, cache: "-" });
  }
  failed = rows.filter((r) => !r.ok || r.items === 0).length;
  console.log(`\nExample calls through the gateway: ${rows.length - failed}/${rows.length} answered with data`);
  console.table(rows);
} finally {
  await stack.dispose();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(failed === 0 ? 0 : 1);
