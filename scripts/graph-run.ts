/**
 * One EDGE run on the local stack, shared by `bench:graph` and `check:dependence`: both Workers
 * under `wrangler dev` in a throwaway directory, a team, the vendored data.go.kr definitions
 * imported (as `npm start` imports them) unless left out, a build job and a verify job.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Api } from "../src/cli/api";
import { documentsAt, importDocuments, VENDORED_SPECS } from "../src/cli/definitions";
import { startStack } from "./stack";

export interface Job {
  id: string;
  status: string;
  progress: { phase: string; total: number; done: number; upstreamCalls: number; naiveCalls: number; verdicts: Record<string, number> };
}

export interface GraphRun {
  token: string;
  /** Tools imported from the vendored definitions (none when they were left out). */
  imported: number;
  build: Job;
  verify: Job;
  seconds: number;
  api<T>(path: string, init?: RequestInit): Promise<T>;
  dispose(): Promise<void>;
}

export async function runGraph(budget: number, { definitions = true }: { definitions?: boolean } = {}): Promise<GraphRun> {
  const persistTo = mkdtempSync(join(tmpdir(), "kopa-graph-"));
  const adminToken = "graph-admin";
  const stack = await startStack({ persistTo, appPort: 0, sandboxPort: 0, tenant: "graph-bench", adminToken, masterKey: "graph-master", vars: { RATE_PER_SECOND: "1000" } });
  const dispose = async () => {
    await stack.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  };
  try {
    const call = async <T>(path: string, token: string, init: RequestInit = {}): Promise<T> => {
      const res = await fetch(`${stack.appUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
      const body = (await res.json()) as T;
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
      return body;
    };
    const wait = async (token: string, job: Job, label: string): Promise<Job> => {
      let current = job;
      while (current.status === "queued" || current.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, 500));
        current = await call<Job>(`/v1/graph/jobs/${job.id}`, token);
        process.stderr.write(`\r${label}: ${current.progress.phase} ${current.progress.done}/${current.progress.total}, ${current.progress.upstreamCalls} upstream calls   `);
      }
      process.stderr.write("\n");
      return current;
    };
    const started = performance.now();
    const { token } = await call<{ token: string }>("/admin/teams", adminToken, { method: "POST", body: JSON.stringify({ name: "graph" }) });
    const documents = definitions ? await documentsAt(process.cwd(), [VENDORED_SPECS]) : [];
    const { outcomes } = documents.length > 0 ? await importDocuments(new Api({ url: stack.appUrl, token: adminToken, auth: "admin", local: true }), documents) : { outcomes: [] };
    const imported = outcomes.reduce((n, o) => n + o.imported.length, 0);
    const build = await wait(token, await call<Job>("/v1/graph/build", token, { method: "POST", body: "{}" }), "build");
    const verify = await wait(token, await call<Job>("/v1/graph/verify", token, { method: "POST", body: JSON.stringify({ budget }) }), "verify");
    return { token, imported, build, verify, seconds: (performance.now() - started) / 1000, api: (path, init) => call(path, token, init), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
