/**
 * `npm run check:dependence`: an independent re-check of the verified EDGE edges. It builds and
 * verifies the graph on the local stack, then, for every verified edge, takes the tries its
 * evidence counted and calls the target again through the gateway with a random value of the same
 * type (drawn here, from the tool's published JSON Schema, not by the engine) in place of the
 * source value. An edge still passes with a random value when that answer is non-empty and says
 * the same as the answer to the source value: the value made no difference. Edges into local
 * converters are conversions (any valid value converts) and are counted apart. Prints a table, the
 * edges still passing, and one line of key=value pairs; CHECK_OUT=<file> also writes every edge
 * with its evidence and re-check as JSON (for judging the links by hand).
 */
import { writeFileSync } from "node:fs";
import { z } from "zod";
import { runGraph } from "./graph-run";

const env = z
  .object({ GRAPH_BUDGET: z.coerce.number().int().positive().default(5000), CHECK_OUT: z.string().min(1).optional(), CHECK_SEED: z.string().default("recheck") })
  .parse(process.env);

type Json = Record<string, unknown>;
interface Trial {
  unit: string;
  values: Json;
  args: Json;
  outcome: string;
}
interface Edge {
  id: string;
  fromTool: string;
  toTool: string;
  status: string;
  basis: string | null;
  statusReason: string | null;
  bindings: { field: string; param: string }[];
  evidence: { trials: Trial[] } | null;
}
interface ToolSchema {
  name: string;
  inputSchema: { properties?: Record<string, Json> };
}
type Answer = { kind: "items"; items: Json[] } | { kind: "error"; status: number; code: string };

/** mulberry32 over an FNV-1a hash of the seed: repeatable draws. */
function randomFrom(seed: string): () => number {
  let a = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) a = Math.imul(a ^ seed.charCodeAt(i), 0x01000193);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const two = (n: number) => String(n).padStart(2, "0");

/** A value of the same type as `value`, drawn from the schema's range or enumeration, or character by character. */
function randomLike(schema: Json, value: unknown, r: () => number): unknown {
  const options = schema["enum"];
  if (Array.isArray(options) && options.length > 1) return options[int(r, 0, options.length - 1)];
  if (Array.isArray(value)) return value.map((v) => randomLike((schema["items"] as Json | undefined) ?? {}, v, r));
  if (typeof value === "number") {
    const lo = typeof schema["minimum"] === "number" ? schema["minimum"] : value / 2;
    const hi = typeof schema["maximum"] === "number" ? schema["maximum"] : value * 1.5 + 10;
    const x = lo + r() * (hi - lo);
    return schema["type"] === "integer" || Number.isInteger(value) ? Math.round(x) : Number(x.toFixed(6));
  }
  const text = String(value);
  if (/^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(text)) return `${int(r, 2000, 2030)}${two(int(r, 1, 12))}${two(int(r, 1, 28))}`;
  if (/^(19|20)\d{2}(0[1-9]|1[0-2])$/.test(text)) return `${int(r, 2000, 2030)}${two(int(r, 1, 12))}`;
  return [...text]
    .map((ch) => {
      if (/\d/.test(ch)) return String(int(r, 0, 9));
      if (/[a-z]/.test(ch)) return String.fromCharCode(97 + int(r, 0, 25));
      if (/[A-Z]/.test(ch)) return String.fromCharCode(65 + int(r, 0, 25));
      if (/[가-힣]/.test(ch)) return String.fromCharCode(0xac00 + int(r, 0, 11_171));
      return ch;
    })
    .join("");
}

/** What an answer says: its items as a set, text fields only, without fields that echo a value sent. */
function says(items: readonly Json[], sent: readonly unknown[]): string {
  const echoes = new Set(sent.flatMap((v) => (Array.isArray(v) ? v : [v])).map(String));
  return items
    .map((item) =>
      JSON.stringify(
        Object.entries(item)
          .filter(([, v]) => (typeof v === "string" || typeof v === "boolean") && !echoes.has(String(v)))
          .sort(([a], [b]) => a.localeCompare(b)),
      ),
    )
    .sort()
    .join("\n");
}

type Recheck = { result: "same" | "differs" | "fails"; random: Json; items: number | null; error?: string };

// The built-in tools' edges, whose shared world is written by hand: what this check reads one by one.
const run = await runGraph(env.GRAPH_BUDGET, { definitions: false });
try {
  const call = async (tool: string, args: Json): Promise<Answer> => {
    try {
      const body = await run.api<{ result: { items: Json[] } }>(`/v1/tools/${tool}/call`, { method: "POST", body: JSON.stringify({ args }) });
      return { kind: "items", items: body.result.items };
    } catch (error) {
      const match = /HTTP (\d+) .*"code":"([A-Z_]+)"/.exec(error instanceof Error ? error.message : "");
      return { kind: "error", status: Number(match?.[1] ?? 0), code: match?.[2] ?? "ERROR" };
    }
  };
  const graph = await run.api<{ edges: Edge[] }>("/v1/graph/export?format=json");
  const tools = new Map((await run.api<{ tools: ToolSchema[] }>("/v1/tools?format=jsonschema")).tools.map((t) => [t.name, t]));
  const verified = graph.edges.filter((e) => e.status === "verified");
  const conversions = verified.filter((e) => e.basis === "conversion");
  const evidence = verified.filter((e) => e.basis !== "conversion");
  const rechecks = new Map<string, Recheck[]>();
  for (const edge of evidence) {
    const props = tools.get(edge.toTool)?.inputSchema.properties ?? {};
    const counted = (edge.evidence?.trials ?? []).filter((t) => t.outcome === "dependent").slice(0, 2);
    const results: Recheck[] = [];
    for (const [i, trial] of counted.entries()) {
      const source = await call(edge.toTool, trial.args);
      const r = randomFrom(`${env.CHECK_SEED}|${edge.id}|${i}`);
      // A value the gateway refuses as malformed is not "of the same type", and the source value itself is not random: draw again.
      let answer: Answer = { kind: "error", status: 400, code: "INVALID_ARGUMENT" };
      let random: Json = {};
      for (let attempt = 0; attempt < 8 && answer.kind === "error" && answer.status === 400 && answer.code === "INVALID_ARGUMENT"; attempt++) {
        random = Object.fromEntries(
          Object.entries(trial.values).map(([name, value]) => {
            let drawn = randomLike(props[name] ?? {}, value, r);
            for (let again = 0; again < 20 && JSON.stringify(drawn) === JSON.stringify(value); again++) drawn = randomLike(props[name] ?? {}, value, r);
            return [name, drawn];
          }),
        );
        answer = await call(edge.toTool, { ...trial.args, ...random });
      }
      if (answer.kind === "error" || answer.items.length === 0 || source.kind === "error") {
        results.push({ result: "fails", random, items: answer.kind === "items" ? answer.items.length : null, ...(answer.kind === "error" ? { error: answer.code } : {}) });
        continue;
      }
      const same = says(answer.items, Object.values(random)) === says(source.items, Object.values(trial.values));
      results.push({ result: same ? "same" : "differs", random, items: answer.items.length });
    }
    rechecks.set(edge.id, results);
  }
  const checked = evidence.filter((e) => (rechecks.get(e.id) ?? []).length > 0);
  const passing = checked.filter((e) => (rechecks.get(e.id) ?? []).some((x) => x.result === "same"));
  const withData = checked.filter((e) => (rechecks.get(e.id) ?? []).some((x) => x.result !== "fails"));
  const share = (n: number, of: number) => Number((n / Math.max(1, of)).toFixed(3));
  console.table(
    Object.fromEntries(
      passing.map((e) => [e.id, { bindings: e.bindings.map((b) => `${b.field}→${b.param}`).join(", "), random: JSON.stringify((rechecks.get(e.id) ?? []).find((x) => x.result === "same")?.random) }]),
    ),
  );
  console.table({
    "verified edges": verified.length,
    "verified on evidence (controls)": evidence.length,
    "verified as conversions (any valid value converts)": conversions.length,
    "re-checked with a random value": checked.length,
    "still passing: a random value gave the same non-empty answer": passing.length,
    "share still passing": share(passing.length, checked.length),
    "a random value gave some data (the same or another answer)": withData.length,
    "share with some data, conversions counted as passing": share(withData.length + conversions.length, verified.length),
  });
  if (env.CHECK_OUT) writeFileSync(env.CHECK_OUT, JSON.stringify({ edges: graph.edges.map((e) => ({ ...e, recheck: rechecks.get(e.id) ?? null })) }, null, 1));
  console.log(
    `verified=${verified.length} evidence=${evidence.length} conversions=${conversions.length} rechecked=${checked.length} still_passing=${passing.length} still_passing_share=${share(passing.length, checked.length)} random_gave_data=${withData.length} random_gave_data_share=${share(withData.length + conversions.length, verified.length)}`,
  );
} finally {
  await run.dispose();
}
