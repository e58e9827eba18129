/** Starting and awaiting benchmark runs through the API, against the scripted model server (a test double). */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { RunSummary } from "../../../src/bench/stats";
import type { LogEntry } from "./scripted-model";
import { request } from "../../support/app";

export interface RunView {
  id: string;
  status: string;
  suite: string;
  mode: string;
  now: string;
  model: string;
  endpoint: Record<string, unknown>;
  progress: { planned: number; done: number; inFlight: string[]; percent: number };
  summary: RunSummary;
  error: string | null;
}

export interface AttemptView {
  itemId: string;
  attempt: number;
  status: string;
  finishedAt: string;
  trajectory: {
    stop: string;
    final: string | null;
    steps: { dialect: string | null; retries: number; calls: { kind: string; name: string | null; outcome?: { status: string; cache?: string; result?: { items: Record<string, unknown>[] } } }[] }[];
  } | null;
  score: { scorable: boolean; pass: boolean; errorType: string | null; detail: Record<string, unknown> } | null;
}

/** A scripted model endpoint: `scripted:<behaviour>` picks the test double's behaviour. */
export function scripted(behaviour: string, extra: Record<string, unknown> = {}) {
  return { baseUrl: env.MODEL_ORIGIN, model: `scripted:${behaviour}`, ...extra };
}

export async function startRun(token: string, body: Record<string, unknown>): Promise<RunView> {
  const res = await request<RunView>("/v1/bench/runs", { method: "POST", token, body: JSON.stringify(body) });
  expect(res.status, res.text).toBe(202);
  return res.body;
}

export async function getRunView(token: string, id: string): Promise<RunView> {
  return (await request<RunView>(`/v1/bench/runs/${id}`, { token })).body;
}

export async function waitRun(token: string, id: string, until: (run: RunView) => boolean = (r) => !["queued", "running"].includes(r.status), timeoutMs = 60_000): Promise<RunView> {
  const deadline = Date.now() + timeoutMs;
  let run = await getRunView(token, id);
  while (!until(run)) {
    if (Date.now() > deadline) throw new Error(`run ${id} still ${run.status} at ${run.progress.done}/${run.progress.planned}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    run = await getRunView(token, id);
  }
  return run;
}

export async function attemptsOf(token: string, id: string): Promise<AttemptView[]> {
  return (await request<{ attempts: AttemptView[] }>(`/v1/bench/runs/${id}/attempts?limit=500`, { token })).body.attempts;
}

/** A request the scripted model server logged (see its LogEntry). */
export type ModelLogEntry = Pick<LogEntry, "model" | "item" | "turn" | "status" | "authorization" | "access" | "seed">;

/** What the scripted model server was asked (by model name). */
export async function modelLog(model: string): Promise<ModelLogEntry[]> {
  const res = await fetch(`${env.MODEL_ORIGIN}/__log?model=${encodeURIComponent(model)}`);
  return ((await res.json()) as { requests: ModelLogEntry[] }).requests;
}
