/**
 * Bodies shaped like the app's answers about jobs (graph jobs, synthesis jobs, benchmark runs),
 * as src/graph/routes.ts, src/synth/routes.ts and src/bench/routes.ts build them, for the fake API.
 * Each builder takes the parts a test changes.
 */
const at = "2026-11-29T15:35:35.612Z";

export interface GraphProgress {
  phase: string;
  total: number;
  done: number;
  upstreamCalls: number;
  naiveCalls: number;
  verdicts: Record<string, number>;
}

export function graphJob(kind: "build" | "verify", status: string, progress: Partial<GraphProgress> = {}, error: string | null = null) {
  return {
    id: `${kind}-1`,
    kind,
    status,
    teamId: "team-1",
    params: kind === "build" ? { seed: "edge" } : { budget: 2000, k: 3, share: 0.66, seed: "edge", statuses: ["candidate", "inconclusive", "stale"], fresh: false },
    progress: { phase: status === "queued" ? "queued" : "verifying", total: 0, done: 0, upstreamCalls: 0, naiveCalls: 0, verdicts: {}, ...progress },
    createdAt: at,
    updatedAt: at,
    finishedAt: status === "queued" || status === "running" ? null : at,
    error,
  };
}

export const edge = {
  id: "kasi_public_holidays->kma_grid_from_wgs84",
  fromTool: "kasi_public_holidays",
  toTool: "kma_grid_from_wgs84",
  bindings: [{ field: "locdate", param: "baseDate", score: 60, reasons: ["tag date.yyyymmdd"] }],
  score: 60,
  reasons: ["tag date.yyyymmdd matches", "values parse as dates"],
  status: "verified",
  statusReason: "3/3 calls returned data",
  createdAt: Date.UTC(2026, 10, 29, 15, 0),
  updatedAt: Date.UTC(2026, 10, 29, 15, 0),
  checkedAt: Date.UTC(2026, 10, 29, 15, 30),
};

export const graph = {
  version: 3,
  nodes: [
    { name: "kasi_public_holidays", kind: "upstream", provider: "kasi" },
    { name: "kma_grid_from_wgs84", kind: "local", provider: null },
  ],
  edges: [edge, { ...edge, id: "a->b", fromTool: "a", toTool: "b", status: "rejected", statusReason: "2/3 calls failed: INVALID_ARGUMENT" }],
  stats: { candidate: 4, verified: 10, rejected: 2, stale: 0, inconclusive: 1 },
};

export const edgeDetail = {
  edge,
  evidence: [
    {
      id: 7,
      edgeId: edge.id,
      at: Date.UTC(2026, 10, 29, 15, 30),
      verdict: "verified",
      tries: 3,
      outcomes: { data: 3 },
      samples: [{ value: "20260505" }, { value: "20260524" }],
      fingerprints: ["f1"],
      upstreamCalls: 4,
      graphVersion: 3,
    },
  ],
};

export const drift = {
  events: [
    { id: 2, tool: "kma_ultra_srt_ncst", at: Date.UTC(2026, 10, 29, 16, 0), before: { obsrValue: "string" }, after: { obsrValue: "number" }, added: [], removed: [], retyped: ["obsrValue"], staleEdges: ["kma_ultra_srt_ncst->x"], kind: "fields" },
    { id: 1, tool: "kasi_public_holidays", at: Date.UTC(2026, 10, 29, 15, 0), before: { seq: "number" }, after: {}, added: [], removed: ["seq"], retyped: [], staleEdges: [], kind: "failing" },
  ],
};

export interface SynthProgress {
  planned: number;
  running: number;
  parked: number;
  done: number;
  kept: number;
  failed: Record<string, number>;
  rejected: Record<string, number>;
  madeBy: Record<string, number>;
  upstreamCalls: number;
  calls: number;
}

export function synthJob(status: string, progress: Partial<SynthProgress> = {}) {
  return {
    id: "3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c",
    teamId: "team-1",
    status,
    params: { target: 10, shapes: ["sequential", "fan_out"], budget: 20000, seed: "synth", concurrency: 8 },
    progress: { planned: 20, running: 0, parked: 0, done: 0, kept: 0, failed: {}, rejected: {}, madeBy: {}, upstreamCalls: 0, calls: 0, ...progress },
    graphVersion: 3,
    createdAt: at,
    updatedAt: at,
    finishedAt: status === "queued" || status === "running" ? null : at,
  };
}

export function synthExample(id: string, shape: string) {
  return {
    id,
    jobId: "3f2a9c1e-7d4b-4e0a-9c55-0d1e2f3a4b5c",
    shape,
    request: { text: "2026년 5월 공휴일과 그날 서울 날씨", madeBy: "template" },
    answer: { text: "어린이날(5월 5일)에는 맑음", madeBy: "template" },
    facts: [{ name: "holiday", value: "어린이날", spec: {}, derived: false }],
    calls: [
      { id: "c1", tool: "kasi_public_holidays", args: { solYear: "2026" }, items: [], totalCount: 3 },
      { id: "c2", tool: "kma_grid_from_wgs84", args: { lat: 37.5, lon: 127 }, items: [], totalCount: 1 },
    ],
    reference: { plan: [], facts: [] },
    signature: id,
    filters: {},
    edges: [],
    now: 0,
  };
}

const estimate = (value: number) => ({ value, ci: [Math.max(0, value - 0.2), Math.min(1, value + 0.2)] });

export function benchRun(status: string, done: number, error: string | null = null) {
  return {
    id: "run-0123456789",
    label: "qwen3",
    suite: "kopa",
    model: "qwen3",
    endpoint: { baseUrl: "http://127.0.0.1:8000/v1", model: "qwen3", apiKey: true, access: false },
    mode: "live",
    snapshot: null,
    now: at,
    status,
    params: { decoding: {}, maxSteps: 12, k: 1, concurrency: 4, filter: { limit: 4 }, timeoutMs: 120000, retries: 3, backoffMs: 1000, toolResultMaxChars: 0 },
    progress: { items: 4, planned: 4, done, inFlight: status === "running" ? ["kb-004#0"] : [], percent: done * 25 },
    summary: {
      items: 4,
      scoredItems: done,
      unscorable: done === 4 ? [{ itemId: "kb-003", reason: "gold_failed: upstream" }] : [],
      attempts: { total: done, scored: done, passed: Math.min(done, 2), modelErrors: 0 },
      k: 1,
      pass1: estimate(0.5),
      passK: estimate(0.5),
      measures: { toolF1: 0.8, edgeF1: 0.75, envSuccess: 0.5 },
      errorTypes: done > 2 ? { wrong_fact: 1 } : {},
      breakdowns: { shape: { sequential: { items: 2, pass1: estimate(1), passK: estimate(1) }, fan_out: { items: 2, pass1: estimate(0), passK: estimate(0) } }, level: { "1": { items: 4, pass1: estimate(0.5), passK: estimate(0.5) } } },
      timing: { steps: 9, modelMsPerStep: 120, toolMsPerStep: 15, overheadMsPerStep: 4, runnerMsPerStep: 1, attemptsPerMinute: 30 },
    },
    error,
    createdAt: at,
    finishedAt: status === "queued" || status === "running" ? null : at,
  };
}
