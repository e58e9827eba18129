import { z } from "zod";
import type { Api } from "../../api";
import { defineCommand, jsonFlag, type Context } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { ApiAnswerError, EXIT, type ExitCode } from "../../errors";
import { intFlag } from "../../flags";
import { plural, printJson } from "../../output";
import { Progress } from "../../progress";
import { callAnswerSchema, toolDetailSchema, type CallAnswer } from "../../schemas";
import { renderPairs, renderTable, type Cell } from "../../table";
import { buildArgs, splitPair, type ArgPair } from "../../tool-args";

const argPairSchema = z.string().transform((text, ctx): ArgPair => {
  const pair = splitPair(text);
  if (!pair || pair.key === "") {
    ctx.addIssue({ code: "custom", message: `expected key=value such as solYear=2026, got "${text}"` });
    return z.NEVER;
  }
  return pair;
});

const argsJsonSchema = z.string().transform((text, ctx): Record<string, unknown> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: "custom", message: "not valid JSON" });
    return z.NEVER;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: "custom", message: 'expected a JSON object such as {"solYear":"2026"}' });
    return z.NEVER;
  }
  return value as Record<string, unknown>;
});

const input = z.object({
  name: z.string().min(1),
  arg: z.array(argPairSchema).default([]),
  "args-json": argsJsonSchema.optional(),
  cache: z.enum(["default", "no-cache", "only-if-cached"]).default("default"),
  snapshot: z.string().min(1).optional(),
  repeat: intFlag(1, 10_000).default(1),
  json: z.boolean().default(false),
  ...teamInput,
});
type Input = z.output<typeof input>;

/** Items as a table whose columns are every field seen, in order of first appearance; numbers right-aligned. */
function itemsTable(items: readonly Record<string, unknown>[]): string {
  const keys = [...new Set(items.flatMap((item) => Object.keys(item)))];
  const numeric = (key: string) => items.every((item) => item[key] === null || item[key] === undefined || typeof item[key] === "number");
  return renderTable(
    keys.map((key) => ({ header: key, max: 40, align: numeric(key) ? ("right" as const) : ("left" as const) })),
    items.map((item) => keys.map((key) => item[key] as Cell)),
  );
}

function printAnswer(ctx: Context, answer: CallAnswer): ExitCode {
  const { result, meta } = answer;
  if (!result.ok) {
    ctx.io.stderr.write(`error: ${result.error?.code ?? "UPSTREAM_FAILURE"} ${result.error?.message ?? "the call failed"}\n`);
    return EXIT.failure;
  }
  if (result.items.length > 0) ctx.io.stdout.write(itemsTable(result.items));
  const facts = [
    `${plural(result.items.length, "item")} of ${result.totalCount} (page ${result.page})`,
    `cache ${meta.cache}${meta.degraded ? ` (degraded: ${meta.degraded})` : ""}${meta.snapshot ? ` (snapshot ${meta.snapshot})` : ""}`,
    `upstream ${meta.upstreamMs} ms`,
    `fetched ${meta.fetchedAt}`,
  ];
  ctx.io.stdout.write(`${facts.join(" · ")}\n`);
  return EXIT.ok;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** `--repeat N`: the same call N times in a row, with a progress bar, summarised. */
async function repeat(ctx: Context, api: Api, tool: string, body: unknown, times: number, json: boolean): Promise<ExitCode> {
  const path = callPath(tool);
  const progress = new Progress({ label: tool, total: times, unit: "calls", stream: ctx.io.stderr, now: () => ctx.io.now() });
  const cache = new Map<string, number>();
  const errors = new Map<string, number>();
  const latencies: number[] = [];
  let exitCode: ExitCode = EXIT.ok;
  const errorCount = () => [...errors.values()].reduce((a, b) => a + b, 0);
  try {
    for (let i = 0; i < times; i++) {
      const started = ctx.io.now();
      try {
        const { value } = await api.json(callAnswerSchema, "POST", path, { body });
        cache.set(value.meta.cache, (cache.get(value.meta.cache) ?? 0) + 1);
      } catch (error) {
        // An API error is one outcome among the calls; anything else (unreachable) ends the run.
        if (!(error instanceof ApiAnswerError)) throw error;
        errors.set(error.code, (errors.get(error.code) ?? 0) + 1);
        if (exitCode !== EXIT.failure) exitCode = error.exitCode;
      }
      latencies.push(ctx.io.now() - started);
      progress.tick();
    }
  } finally {
    progress.finish(errorCount() > 0 ? plural(errorCount(), "error") : undefined);
  }
  latencies.sort((a, b) => a - b);
  const summary = {
    calls: times,
    ok: times - errorCount(),
    cache: Object.fromEntries(cache),
    errors: Object.fromEntries(errors),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1) ?? 0 },
  };
  if (json) printJson(ctx.io, summary);
  else {
    ctx.io.stdout.write(
      renderPairs([
        ["calls", `${summary.ok}/${times} ok`],
        ["cache", [...cache].map(([outcome, n]) => `${outcome} ${n}`).join(", ") || "-"],
        ...(errors.size > 0 ? ([["errors", [...errors].map(([code, n]) => `${code} ${n}`).join(", ")]] as const) : []),
        ["latency", `p50 ${summary.latencyMs.p50} ms · p95 ${summary.latencyMs.p95} ms · max ${summary.latencyMs.max} ms`],
      ]),
    );
  }
  return exitCode;
}

function callPath(tool: string): string {
  return `/v1/tools/${encodeURIComponent(tool)}/call`;
}

async function buildBody(api: Api, input: Input) {
  // The tool's schema types the --arg values; --args-json is JSON already.
  const properties =
    input.arg.length > 0 ? (await api.json(toolDetailSchema, "GET", `/v1/tools/${encodeURIComponent(input.name)}`)).value.inputSchema.properties : {};
  return { args: buildArgs(input.arg, input["args-json"] ?? {}, properties), cache: input.cache, ...(input.snapshot ? { snapshot: input.snapshot } : {}) };
}

export default defineCommand({
  path: ["tools", "call"],
  summary: "call a tool through the gateway and print its items",
  description: `
Arguments come from --arg key=value (repeatable) and/or --args-json '{...}' (--arg wins on a
shared name). --arg values are typed by the tool's input schema: string parameters keep "05" and
"2026" as strings, integer and number parameters parse numbers, booleans take true/false, arrays
take JSON or a,b,c. A quoted value ('key="123"') is always a string. Bad arguments are refused by
the gateway with the field and the rule (exit 2).`,
  positionals: [{ name: "name", description: "tool name (see kopa tools list)" }],
  flags: {
    arg: { type: "string", multiple: true, value: "<key=value>", description: "one tool argument" },
    "args-json": { type: "string", value: "<json>", description: "all arguments as a JSON object" },
    cache: { type: "string", value: "<mode>", description: "cache mode: default, no-cache (refresh from upstream) or only-if-cached", default: "default" },
    snapshot: { type: "string", value: "<name>", description: "answer from this snapshot only (never upstream)" },
    repeat: { type: "string", value: "<n>", description: "make the same call n times with a progress bar and print a summary", default: "1" },
    ...jsonFlag,
    ...teamFlags,
  },
  input,
  examples: [
    "kopa tools call kasi_public_holidays --arg solYear=2026 --arg solMonth=05",
    "kopa tools call kma_grid_from_wgs84 --args-json '{\"lat\":37.5665,\"lon\":126.978}'",
    "kopa tools call kasi_public_holidays --arg solYear=2026 --snapshot bench-2026-11 --json",
    "kopa tools call kasi_national_days --arg solYear=2026 --repeat 50",
  ],
  async run(input, ctx) {
    const api = ctx.teamApi(input);
    const body = await buildBody(api, input);
    if (input.repeat > 1) return repeat(ctx, api, input.name, body, input.repeat, input.json);
    const { value, raw } = await api.json(callAnswerSchema, "POST", callPath(input.name), { body });
    if (input.json) {
      printJson(ctx.io, raw);
      return value.result.ok ? EXIT.ok : EXIT.failure;
    }
    return printAnswer(ctx, value);
  },
});
