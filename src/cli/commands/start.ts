import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { Api, type Answer } from "../api";
import { benchReport, estimateText, followBenchRun, startBenchRun } from "../bench";
import { defineCommand } from "../command";
import { documentsAt, importDocuments, rejectionsByReason, VENDORED_SPECS } from "../definitions";
import { EXIT, Failure, UserError } from "../errors";
import { intFlag } from "../flags";
import { followGraphJob, GRAPH_JOB_OK, startGraphJob } from "../graph";
import type { Io } from "../io";
import { plural } from "../output";
import { formatDuration } from "../progress";
import { teamCreatedSchema, toolListSchema } from "../schemas";
import { exportDataset, followSynthJob, keptShapeCounts, startSynthJob, synthJobOk, writtenTable } from "../synth";
import { renderPairs, renderTable, type Cell } from "../table";
import type { BenchRun } from "../wire/bench";
import { graphSchema, type GraphJob } from "../wire/graph";
import { DATASET_FORMATS } from "../wire/synth";

const TENANT = "start";
/**
 * Development-key quotas (TourAPI 1,000 calls a day) would park walks until midnight: the sandbox
 * and the gateway are both told the production quotas are plenty for one run.
 */
const QUOTAS = { tourapi: 1_000_000, airkorea: 1_000_000, hira: 1_000_000, seoul_subway: 1_000_000, seoul_openapi: 1_000_000 };
/** Poll often: the time to the first kept trajectory is read from these polls. */
const POLL_MS = 250;

const urlSchema = z.url({ protocol: /^https?$/, error: "expected an http(s) URL such as http://127.0.0.1:8000/v1" });

interface ModelSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

/** The model server of the optional benchmark: flags first, then MODEL_URL, MODEL, MODEL_API_KEY. */
function modelSettings(input: { "model-url"?: string | undefined; model?: string | undefined }, env: Io["env"]): ModelSettings | null {
  const fromEnv = (name: string) => env[name]?.trim() || undefined;
  const baseUrl = input["model-url"] ?? fromEnv("MODEL_URL");
  if (!baseUrl) return null;
  if (!urlSchema.safeParse(baseUrl).success) throw new UserError(`MODEL_URL: expected an http(s) URL (got "${baseUrl}")`);
  const model = input.model ?? fromEnv("MODEL");
  if (!model) throw new UserError("a model server needs its model name: pass --model or set MODEL");
  const apiKey = fromEnv("MODEL_API_KEY");
  return { baseUrl, model, ...(apiKey ? { apiKey } : {}) };
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

function jobLine(what: string, job: GraphJob): string {
  return `${what} ended ${job.status}${job.error ? `: ${job.error}` : ""}`;
}

export default defineCommand({
  path: ["start"],
  summary: "the main job: a throwaway local stack, the EDGE graph, a synthesised dataset in every format",
  description: `
Starts the app and the sandbox on free ports with fresh state, creates a team, builds and verifies
the EDGE graph, synthesises --target trajectories over the verified edges, exports them in every
format (openai, hermes, grpo, bfcl and the card) to --out, prints a summary and one key=value line,
and stops everything it started (also on Ctrl-C or a failure). With a model server (--model-url or
MODEL_URL, with MODEL and MODEL_API_KEY) it also runs KOPA-Bench against it and prints the report.
This is npm start; run it in the kopa-edge checkout.`,
  positionals: [],
  flags: {
    out: { type: "string", short: "o", value: "<dir>", description: "where the dataset files go (created if needed)", default: "./out" },
    target: { type: "string", value: "<n>", description: "trajectories to keep", env: "KOPA_START_TARGET", default: "300" },
    concurrency: { type: "string", value: "<n>", description: "walks in flight at once", default: "16" },
    budget: { type: "string", value: "<n>", description: "upstream calls graph verification may spend", default: "5000" },
    "model-url": { type: "string", value: "<url>", description: "also run KOPA-Bench against this OpenAI-compatible server", env: "MODEL_URL" },
    model: { type: "string", value: "<name>", description: "the model name the server expects", env: "MODEL" },
    "bench-limit": { type: "string", value: "<n>", description: "only the first n KOPA-Bench tasks", default: "all" },
    specs: { type: "string", multiple: true, value: "<dir>", description: "also import the API definitions in this directory (data.go.kr YAML, Swagger, OpenAPI)" },
    "no-vendored-specs": { type: "boolean", description: "leave out the 58 data.go.kr definitions in data/specs/datagokr" },
  },
  input: z.object({
    out: z.string().min(1).default("./out"),
    target: intFlag(1, 20_000).optional(),
    concurrency: intFlag(1, 64).default(16),
    budget: intFlag(1, 100_000).default(5000),
    "model-url": urlSchema.optional(),
    model: z.string().min(1).max(200).optional(),
    "bench-limit": intFlag(1, 2000).optional(),
    specs: z.array(z.string().min(1)).default([]),
    "no-vendored-specs": z.boolean().default(false),
  }),
  examples: ["npm start", "npm start -- --target 50 --out /tmp/kopa", "npm start -- --specs ./our-apis --target 300", "MODEL_URL=http://127.0.0.1:8000/v1 MODEL=qwen3 npm start"],
  async run(input, { io }) {
    // Cold start counts from the process's start: Node, tsx and the stack's own start-up included.
    const processStart = performance.timeOrigin;
    const targetEnv = io.env["KOPA_START_TARGET"]?.trim();
    const target = input.target ?? (targetEnv ? intFlag(1, 20_000).safeParse(targetEnv).data : 300);
    if (target === undefined) throw new UserError(`KOPA_START_TARGET: expected a whole number from 1 to 20000 (got "${targetEnv}")`);
    const model = modelSettings(input, io.env);
    // Read before anything starts: a directory that is missing or holds no definition is the operator's mistake.
    const operators = (
      await Promise.all(
        input.specs.map((dir) =>
          documentsAt(io.cwd, [dir]).catch((error: unknown) => {
            throw new UserError(`--specs ${dir}: ${error instanceof Error ? error.message : "cannot read it"}`);
          }),
        ),
      )
    ).flat();
    const definitions = [...(input["no-vendored-specs"] ? [] : await documentsAt(io.cwd, [VENDORED_SPECS])), ...operators];

    // Loaded here, not at the top: wrangler is heavy and only this command and kopa dev need it.
    const { SANDBOX_ADMIN_TOKEN, startStack } = await import("../../../scripts/stack");
    const persistTo = await mkdtemp(join(tmpdir(), "kopa-start-"));
    // On Ctrl-C (or SIGTERM) the stack's own signal handlers (miniflare's, wrangler's) kill workerd
    // and exit the process before any finally below runs: the throwaway state then goes on the
    // way out, retried while the dying workerd still holds it.
    const removeState = () => {
      try {
        rmSync(persistTo, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
      } catch (error) {
        io.stderr.write(`· could not remove ${persistTo} (${(error as NodeJS.ErrnoException).code ?? "error"})\n`);
      }
    };
    process.once("exit", removeState);
    const interrupted = (signal: NodeJS.Signals) => {
      process.exitCode = signal === "SIGINT" ? 130 : 143;
      io.stderr.write(`\n· interrupted: stopping the stack\n`);
    };
    const adminToken = `start-${crypto.randomUUID()}`;
    const starting = startStack({
      persistTo,
      appPort: 0,
      sandboxPort: 0,
      tenant: TENANT,
      adminToken,
      masterKey: crypto.randomUUID(),
      vars: { RATE_PER_SECOND: "100000", QUOTA_OVERRIDES: JSON.stringify(QUOTAS) },
      log: (line) => io.stderr.write(`· ${line}\n`),
    });
    // The finally awaits it again; a start that failed is reported from the try.
    starting.catch(() => undefined);
    try {
      const stack = await starting.catch((error: unknown) => {
        throw new Failure(`the local stack did not start: ${error instanceof Error ? (error.message.split("\n")[0] ?? error.name) : String(error)}`);
      });
      // After miniflare's exit hook, registered as the stack started: workerd is killed first.
      process.off("exit", removeState);
      process.once("exit", removeState);
      // Some of those handlers exit with process.exitCode: an interrupted run must not end 0.
      process.prependListener("SIGINT", interrupted);
      process.prependListener("SIGTERM", interrupted);
      const quotas = await fetch(`${stack.sandboxUrl}/__admin/tenants/${TENANT}/config`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ quotas: QUOTAS }),
      });
      if (!quotas.ok) throw new Failure(`the sandbox refused its quotas (HTTP ${quotas.status})`);
      const admin = new Api({ url: stack.appUrl, token: adminToken, auth: "admin", local: true });
      const team = await admin.json(teamCreatedSchema, "POST", "/admin/teams", { body: { name: "start" } });
      const api = new Api({ url: stack.appUrl, token: team.value.token, auth: "team", local: true });
      const { outcomes } = definitions.length > 0 ? await importDocuments(admin, definitions) : { outcomes: [] };
      const importedTools = outcomes.reduce((n, o) => n + o.counts.imported, 0);
      const importRejected = outcomes.reduce((n, o) => n + o.counts.rejected, 0);
      if (definitions.length > 0) {
        io.stderr.write(`· imported ${plural(importedTools, "tool")} from ${plural(definitions.length, "definition")} (${outcomes.reduce((n, o) => n + o.operations, 0)} operations, ${importRejected} rejected)\n`);
        const byReason = rejectionsByReason(outcomes);
        if (byReason.length > 0) io.stderr.write(renderTable([{ header: "REJECTED BECAUSE", max: 100 }, { header: "OPERATIONS", align: "right" }, { header: "FOR EXAMPLE", max: 100 }], byReason.map((r) => [r.reason, r.count, r.examples.join(", ")])));
      }
      const catalog = (await api.json(toolListSchema, "GET", "/v1/tools", { query: { format: "jsonschema" } })).value;
      io.stderr.write(`· stack ready in ${seconds(io.now() - processStart)} s: ${stack.appUrl}, ${plural(catalog.count, "tool")}\n`);

      const build = await followGraphJob(api, io, await startGraphJob(api, "build", {}), POLL_MS);
      if (!GRAPH_JOB_OK.has(build.value.status)) throw new Failure(jobLine("graph build", build.value));
      const verify = await followGraphJob(api, io, await startGraphJob(api, "verify", { budget: input.budget }), POLL_MS);
      if (!GRAPH_JOB_OK.has(verify.value.status)) throw new Failure(jobLine("graph verify", verify.value));
      const graph = (await api.json(graphSchema, "GET", "/v1/graph", { query: { status: "verified" } })).value;
      if ((graph.stats["verified"] ?? 0) === 0) throw new Failure("graph verification kept no edge: there is nothing to synthesise from");

      let firstKeptAt: number | undefined;
      // The operator's own definitions are what the run is for: the job draws on their tools more.
      const own = new Set(operators.map((d) => d.name));
      const prefer = outcomes.flatMap((o) => o.imported.filter((t) => own.has(t.document)).map((t) => t.name));
      const synth = await followSynthJob(api, io, await startSynthJob(api, { target, concurrency: input.concurrency, ...(prefer.length > 0 ? { prefer } : {}) }), {
        intervalMs: POLL_MS,
        onPoll: (job) => {
          if (firstKeptAt === undefined && job.progress.kept > 0) firstKeptAt = io.now();
        },
      });
      if (!synthJobOk(synth.value)) throw new Failure(`synthesis ended ${synth.value.status} with ${synth.value.progress.kept} kept`);
      const shapes = await keptShapeCounts(api, synth.value.id);
      const files = await exportDataset(api, io, { jobId: synth.value.id, dir: input.out, name: "kopa-edge", formats: [...DATASET_FORMATS, "card"] });

      let bench: Answer<BenchRun> | undefined;
      if (model) {
        const body = { suite: "kopa", endpoint: model, ...(input["bench-limit"] !== undefined ? { filter: { limit: input["bench-limit"] } } : {}) };
        const run = await followBenchRun(api, io, await startBenchRun(api, body), 1000);
        io.stdout.write(`\n${benchReport(run.value)}`);
        bench = run;
      }

      const wallMs = io.now() - processStart;
      const firstMs = firstKeptAt === undefined ? undefined : firstKeptAt - processStart;
      const stats = graph.stats;
      const p = synth.value.progress;
      const bytes = files.reduce((n, f) => n + f.bytes, 0);
      const upstream = catalog.tools.filter((t) => t.kind === "upstream").length;
      const pairs: [string, Cell][] = [
        ["catalog", `${plural(catalog.count, "tool")} (${upstream} upstream, ${catalog.count - upstream} local)`],
        ...(definitions.length > 0 ? [["imported", `${plural(importedTools, "tool")} from ${plural(definitions.length, "definition")}, ${importRejected} operations rejected`] as [string, Cell]] : []),
        ["graph", `version ${graph.version}: ${stats["verified"] ?? 0} verified, ${stats["rejected"] ?? 0} rejected, ${stats["inconclusive"] ?? 0} inconclusive, ${stats["candidate"] ?? 0} candidates left`],
        ["graph calls", `build ${build.value.progress.upstreamCalls} + verify ${verify.value.progress.upstreamCalls} upstream (${verify.value.status})`],
        ["trajectories", `${p.kept} kept of ${target} wanted from ${p.done} walks (${synth.value.status}), ${p.upstreamCalls} upstream calls`],
        ...(bench ? [["KOPA-Bench", `${bench.value.model}: pass@1 ${estimateText(bench.value.summary.pass1)} (${bench.value.status})`] as [string, Cell]] : []),
        ["first trajectory", firstMs === undefined ? "-" : `${seconds(firstMs)} s after the process started`],
        ["wall time", `${seconds(wallMs)} s (${formatDuration(wallMs)})`],
      ];
      io.stdout.write(`\n${renderPairs(pairs)}\n`);
      io.stdout.write(renderTable([{ header: "SHAPE" }, { header: "KEPT", align: "right" }], Object.entries(shapes).sort(([a], [b]) => a.localeCompare(b))));
      io.stdout.write(`\n${writtenTable(files)}\n`);
      const figures: Record<string, string | number> = {
        catalog_tools: catalog.count,
        imported_tools: importedTools,
        import_rejected: importRejected,
        edges_verified: stats["verified"] ?? 0,
        edges_rejected: stats["rejected"] ?? 0,
        kept: p.kept,
        files: files.length,
        bytes,
        first_trajectory_s: firstMs === undefined ? "none" : seconds(firstMs),
        wall_s: seconds(wallMs),
        ...(bench ? { bench_pass1: bench.value.summary.pass1.value } : {}),
      };
      io.stdout.write(`${Object.entries(figures).map(([k, v]) => `${k}=${v}`).join(" ")}\n`);
      if (bench && bench.value.status !== "done") throw new Failure(`the KOPA-Bench run ended ${bench.value.status}${bench.value.error ? `: ${bench.value.error}` : ""}`);
      // A run whose every attempt the model server failed measured nothing about the model.
      const attempts = bench?.value.summary.attempts;
      if (attempts && attempts.total > 0 && attempts.modelErrors === attempts.total) throw new Failure(`every KOPA-Bench attempt failed at the model server ${model?.baseUrl ?? ""}: is it up and serving ${model?.model ?? "the model"}?`);
      return EXIT.ok;
    } finally {
      io.stderr.write("· stopping the stack\n");
      const stack = await starting.catch(() => undefined);
      await stack?.dispose();
      process.off("SIGINT", interrupted);
      process.off("SIGTERM", interrupted);
      process.off("exit", removeState);
      removeState();
    }
  },
});
