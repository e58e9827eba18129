/**
 * `npm run synth:quality -- <openai.jsonl>`: the mechanical figures of issue 12 over an exported
 * dataset (default out/kopa-edge.openai.jsonl): `{}` first calls on a tool that has filters,
 * repeated calls, requests with tool titles or template residue, the share of the most common
 * answer opening, distinct word bigrams over requests, answers with float noise. Prints a table
 * and one key=value line.
 */
import { readFileSync } from "node:fs";
import { CATALOG } from "../src/catalog";
import { toolIO } from "../src/graph/io";

interface Line {
  messages: { role: string; content: string | null; tool_calls?: { function: { name: string; arguments: string } }[] }[];
  metadata: { shape: string };
}

const file = process.argv[2] ?? "out/kopa-edge.openai.jsonl";
const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Line);

const PAGING = /^(numOfRows|pageNo|startIndex|endIndex|ver|dataTerm|_type|returnType|dataType|type)$/;
const hasFilters = (tool: string) => {
  const spec = CATALOG.get(tool);
  return spec ? toolIO(spec).params.some((p) => !PAGING.test(p.name)) : false;
};
const titles = [...CATALOG.values()].map((t) => t.title.ko.replace(/\s*(조회|검색)$/, "").trim()).filter((t) => t.length >= 4);
const RESIDUE = /undefined|null|\[object Object\]|→|->|\(지금\)|^\s*\d+\.\s/;

let emptyFirst = 0;
let repeated = 0;
let titled = 0;
let noisy = 0;
const openings = new Map<string, number>();
const firstWords = new Map<string, number>();
const requests: string[] = [];
const shapes = new Map<string, number>();
let calls = 0;
for (const line of lines) {
  const request = line.messages.find((m) => m.role === "user")?.content ?? "";
  const answer = [...line.messages].reverse().find((m) => m.role === "assistant" && m.content)?.content ?? "";
  const toolCalls = line.messages.flatMap((m) => m.tool_calls ?? []);
  calls += toolCalls.length;
  shapes.set(line.metadata.shape, (shapes.get(line.metadata.shape) ?? 0) + 1);
  const first = toolCalls[0];
  if (first && first.function.arguments.replace(/\s/g, "") === "{}" && hasFilters(first.function.name)) emptyFirst++;
  const keys = toolCalls.map((c) => `${c.function.name}${c.function.arguments}`);
  if (new Set(keys).size !== keys.length) repeated++;
  if (RESIDUE.test(request) || titles.some((t) => request.includes(t))) titled++;
  if (/\d\.\d{5,}/.test(answer)) noisy++;
  const opening = answer.split("\n")[0] ?? "";
  openings.set(opening, (openings.get(opening) ?? 0) + 1);
  const words = answer.split(/\s+/).slice(0, 2).join(" ");
  firstWords.set(words, (firstWords.get(words) ?? 0) + 1);
  requests.push(request);
}
/** Distinct word bigrams over all bigrams of the requests. */
function distinctBigrams(texts: readonly string[]): number {
  const bigrams: string[] = [];
  for (const r of texts) {
    const words = r.split(/\s+/).filter((w) => w !== "");
    for (let i = 0; i + 1 < words.length; i++) bigrams.push(`${words[i]} ${words[i + 1]}`);
  }
  return Number((new Set(bigrams).size / Math.max(1, bigrams.length)).toFixed(3));
}
const top = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
const n = Math.max(1, lines.length);
const [topOpening, topOpeningCount] = top(openings);
const [topWords, topWordsCount] = top(firstWords);
const figures = {
  examples: lines.length,
  mean_calls: Number((calls / n).toFixed(2)),
  empty_first_calls: emptyFirst,
  repeated_call_examples: repeated,
  title_or_residue_requests: titled,
  long_decimal_answers: noisy,
  duplicate_requests: requests.length - new Set(requests).size,
  top_opening_line_share: Number((topOpeningCount / n).toFixed(3)),
  top_two_word_opening_share: Number((topWordsCount / n).toFixed(3)),
  distinct_request_bigrams: distinctBigrams(requests),
};
// Per shape, over that shape's requests only (fewer requests repeat less, so these run higher).
const byShape = Object.fromEntries([...shapes.keys()].sort().map((shape) => [shape, distinctBigrams(requests.filter((_, i) => lines[i]?.metadata.shape === shape))]));
console.table(Object.fromEntries(shapes));
console.table(figures);
console.table(byShape);
console.log(`most common opening line (${topOpeningCount}): ${topOpening.slice(0, 80)}`);
console.log(`most common first two words (${topWordsCount}): ${topWords}`);
console.log([...Object.entries(figures), ...Object.entries(byShape).map(([shape, v]) => [`distinct_request_bigrams_${shape}`, v])].map(([k, v]) => `${k}=${v}`).join(" "));
