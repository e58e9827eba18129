import { z } from "zod";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { UserError } from "../../errors";
import { benchReport, ensureShippedSnapshot, followBenchRun, SHIPPED_SNAPSHOT, startBenchRun } from "../../bench";
import { enumListFlag, intFlag, listFlag, numberFlag } from "../../flags";
import { jobFailed } from "../../follow";
import { printJson } from "../../output";
import { SUITES } from "../../wire/bench";
import { SHAPES } from "../../wire/synth";

const urlSchema = z.url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://gpu.example.org/v1" });

export default defineCommand({
  path: ["bench", "run"],
  summary: "run KOPA-Bench or BFCL against an OpenAI-compatible model server",
  description: `
Any /v1/chat/completions server (vLLM, SGLang, Ollama, llama.cpp, TGI), typically the team's GPU
box behind a Cloudflare Access tunnel. The app's run object calls the model; the model server
must be reachable from the app (a local server is, from kopa dev). The key and the Access
service token are better given by environment than by flag (flags show in the process list);
the app keeps them encrypted only while the run lasts. At the end the report is printed.

Every run is one pinned world: one instant for the prompts, the local tools and the upstream, each
gold executed once against it, every attempt answered from the same recorded snapshot. KOPA-Bench
replays the shipped world ${SHIPPED_SNAPSHOT} by default (imported into the team on first use), so
two runs on any machine at any hour score the same tasks against the same answers; --live records
a fresh world instead (--now moves it, against the sandbox replica only). Each task is sampled
--n times with a seed per sample; --k lists the k of pass@k and pass^k (each at most n).`,
  positionals: [],
  flags: {
    "model-url": { type: "string", value: "<url>", description: "the model server's base URL", env: "KOPA_MODEL_URL" },
    model: { type: "string", value: "<name>", description: "the model name the server expects", env: "KOPA_MODEL" },
    "api-key": { type: "string", value: "<key>", description: "the model server's API key", env: "KOPA_MODEL_API_KEY" },
    "access-id": { type: "string", value: "<id>", description: "Cloudflare Access service token id", env: "KOPA_ACCESS_CLIENT_ID" },
    "access-secret": { type: "string", value: "<secret>", description: "Cloudflare Access service token secret", env: "KOPA_ACCESS_CLIENT_SECRET" },
    suite: { type: "string", value: "<suite>", description: `${SUITES.join(", ")}`, default: "kopa" },
    n: { type: "string", value: "<n>", description: "samples per task, each with its own seed", default: "1" },
    k: { type: "string", value: "<k,k>", description: "the k of pass@k and pass^k, each at most n", default: "1 and n" },
    live: { type: "boolean", description: `record a fresh world from the upstream instead of replaying ${SHIPPED_SNAPSHOT}` },
    concurrency: { type: "string", value: "<n>", description: "attempts in flight at once", default: "4" },
    "max-steps": { type: "string", value: "<n>", description: "model turns per attempt", default: "12" },
    mode: { type: "string", value: "<live|replay>", description: "live: record the world from the upstream; replay: answer from --snapshot", default: `replay of ${SHIPPED_SNAPSHOT} (KOPA-Bench)` },
    snapshot: { type: "string", value: "<name>", description: "the snapshot replay mode answers from", default: SHIPPED_SNAPSHOT },
    tasks: { type: "string", value: "<ids>", description: "only these task ids (kb-001,kb-002 …)" },
    shapes: { type: "string", value: "<a,b>", description: `only these shapes: ${SHAPES.join(", ")}` },
    levels: { type: "string", value: "<1,2,3>", description: "only these levels" },
    providers: { type: "string", value: "<a,b>", description: "only tasks using these providers (local for the utility tools)" },
    limit: { type: "string", value: "<n>", description: "the first n selected tasks" },
    label: { type: "string", value: "<text>", description: "the leaderboard's name for the run", default: "the model name" },
    now: { type: "string", value: "<iso>", description: "the moment relative dates resolve at (ISO with offset)", default: "now" },
    temperature: { type: "string", value: "<x>", description: "sampling temperature" },
    "max-tokens": { type: "string", value: "<n>", description: "max_tokens per model turn" },
    "no-wait": { type: "boolean", description: "print the run and return at once (see kopa bench status)" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({
    "model-url": urlSchema.optional(),
    model: z.string().min(1).max(200).optional(),
    "api-key": z.string().min(1).max(4096).optional(),
    "access-id": z.string().min(1).max(500).optional(),
    "access-secret": z.string().min(1).max(4096).optional(),
    suite: z.enum(SUITES).default("kopa"),
    n: intFlag(1, 64).optional(),
    k: listFlag.pipe(z.array(intFlag(1, 64))).optional(),
    live: z.boolean().default(false),
    concurrency: intFlag(1, 64).optional(),
    "max-steps": intFlag(1, 50).optional(),
    mode: z.enum(["live", "replay"]).optional(),
    snapshot: z.string().min(1).max(200).optional(),
    tasks: listFlag.optional(),
    shapes: enumListFlag(SHAPES).optional(),
    levels: enumListFlag(["1", "2", "3"]).optional(),
    providers: listFlag.optional(),
    limit: intFlag(1, 2000).optional(),
    label: z.string().min(1).max(200).optional(),
    now: z.iso.datetime({ offset: true, error: "expected an ISO time with offset such as 2026-12-24T09:00:00+09:00" }).optional(),
    temperature: numberFlag(0, 2).optional(),
    "max-tokens": intFlag(1, 131_072).optional(),
    "no-wait": z.boolean().default(false),
    json: z.boolean().default(false),
    ...teamInput,
  }),
  examples: [
    "KOPA_MODEL_API_KEY=… kopa bench run --model-url https://gpu.example.org/v1 --model Qwen/Qwen3-8B --n 8 --k 1,4 --concurrency 8",
    "kopa bench run --model-url http://127.0.0.1:8000/v1 --model qwen3 --shapes fan_out --levels 2,3 --limit 20",
    "kopa bench run --model-url http://127.0.0.1:8000/v1 --model qwen3 --suite bfcl:parallel",
    "kopa bench run --model-url … --model … --mode replay --snapshot bench-2026-11",
  ],
  async run(input, { io, teamApi }) {
    const env = (name: string) => io.env[name]?.trim() || undefined;
    const baseUrl = input["model-url"] ?? env("KOPA_MODEL_URL");
    const model = input.model ?? env("KOPA_MODEL");
    if (!baseUrl) throw new UserError("no model server: pass --model-url or set KOPA_MODEL_URL");
    if (!urlSchema.safeParse(baseUrl).success) throw new UserError(`KOPA_MODEL_URL: expected an http(s) URL (got "${baseUrl}")`);
    if (!model) throw new UserError("no model name: pass --model or set KOPA_MODEL");
    if (input.live && input.mode === "replay") throw new UserError("--live records a fresh world; it does not go with --mode replay");
    if (input.live && input.snapshot) throw new UserError("--live records a fresh world; --snapshot replays one");
    if (input.mode === "live" && input.snapshot) throw new UserError("--snapshot is for --mode replay");
    // KOPA-Bench replays the shipped world unless asked for another, a live one, or another instant.
    const shipped = input.suite === "kopa" && !input.live && input.mode === undefined && !input.snapshot && !input.now;
    const snapshot = input.snapshot ?? (shipped ? SHIPPED_SNAPSHOT : undefined);
    const mode = input.live ? "live" : (input.mode ?? (snapshot ? "replay" : "live"));
    if (mode === "replay" && !snapshot) throw new UserError("--mode replay needs --snapshot <name> (see kopa snapshot list)");
    const n = input.n ?? (input.k ? Math.max(...input.k) : undefined);
    if (n !== undefined && input.k?.some((k) => k > n)) throw new UserError(`--k: every k must be at most --n (${n})`);
    const apiKey = input["api-key"] ?? env("KOPA_MODEL_API_KEY");
    const accessId = input["access-id"] ?? env("KOPA_ACCESS_CLIENT_ID");
    const accessSecret = input["access-secret"] ?? env("KOPA_ACCESS_CLIENT_SECRET");
    if ((accessId === undefined) !== (accessSecret === undefined)) throw new UserError("a Cloudflare Access service token needs both --access-id and --access-secret");
    const filter = {
      ...(input.tasks ? { ids: input.tasks } : {}),
      ...(input.shapes ? { shapes: input.shapes } : {}),
      ...(input.levels ? { levels: input.levels.map(Number) } : {}),
      ...(input.providers ? { providers: input.providers } : {}),
      ...(input.limit !== undefined ? { limit: input.limit } : {}),
    };
    const decoding = { ...(input.temperature !== undefined ? { temperature: input.temperature } : {}), ...(input["max-tokens"] !== undefined ? { max_tokens: input["max-tokens"] } : {}) };
    const body = {
      suite: input.suite,
      endpoint: { baseUrl, model, ...(apiKey ? { apiKey } : {}), ...(accessId && accessSecret ? { access: { clientId: accessId, clientSecret: accessSecret } } : {}) },
      mode,
      ...(snapshot ? { snapshot } : {}),
      ...(n !== undefined ? { n } : {}),
      ...(input.k !== undefined ? { k: input.k } : {}),
      ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
      ...(input["max-steps"] !== undefined ? { maxSteps: input["max-steps"] } : {}),
      ...(input.label ? { label: input.label } : {}),
      ...(input.now ? { now: input.now } : {}),
      ...(Object.keys(decoding).length > 0 ? { decoding } : {}),
      filter,
    };
    const api = teamApi(input);
    if (snapshot === SHIPPED_SNAPSHOT && (await ensureShippedSnapshot(api)) && !input.json) io.stderr.write(`imported the shipped benchmark world ${SHIPPED_SNAPSHOT} into the team\n`);
    const first = await startBenchRun(api, body);
    if (!input.json) io.stderr.write(`bench run ${first.value.id}: ${first.value.progress.items} items × n=${first.value.params.n ?? first.value.params.k}\n`);
    const run = input["no-wait"] ? first : await followBenchRun(api, io, first);
    if (input.json) printJson(io, run.raw);
    else io.stdout.write(benchReport(run.value));
    if (input["no-wait"] || run.value.status === "done") return;
    return jobFailed(io, `bench run ${run.value.id} ended ${run.value.status}${run.value.error ? `: ${run.value.error}` : ""}`);
  },
});
