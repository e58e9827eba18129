/**
 * BFCL's non-live AST categories, imported at build time from `data/bfcl/` (Apache-2.0, see the
 * README there). Each file is an array of the original JSON Lines; answers are parsed with the
 * typed parser so that `5.0` stays a float, as BFCL's Python checker sees it.
 */
import { parseJson, member, type JsonNode } from "../json";
import multipleAnswers from "../../../data/bfcl/multiple.answers.json";
import multipleQuestions from "../../../data/bfcl/multiple.questions.json";
import parallelAnswers from "../../../data/bfcl/parallel.answers.json";
import parallelMultipleAnswers from "../../../data/bfcl/parallel_multiple.answers.json";
import parallelMultipleQuestions from "../../../data/bfcl/parallel_multiple.questions.json";
import parallelQuestions from "../../../data/bfcl/parallel.questions.json";
import simpleAnswers from "../../../data/bfcl/simple_python.answers.json";
import simpleQuestions from "../../../data/bfcl/simple_python.questions.json";

export const BFCL_CATEGORIES = ["simple_python", "multiple", "parallel", "parallel_multiple"] as const;
export type BfclCategory = (typeof BFCL_CATEGORIES)[number];

/** A parameter schema as BFCL writes it (`dict`, `float`, `tuple`, `any` … as types). */
export interface BfclSchema {
  type?: string;
  description?: string;
  properties?: Record<string, BfclSchema>;
  items?: BfclSchema;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  [key: string]: unknown;
}

export interface BfclFunction {
  name: string;
  description: string;
  parameters: BfclSchema & { properties: Record<string, BfclSchema>; required?: string[] };
}

export interface BfclEntry {
  id: string;
  category: BfclCategory;
  /** The first (only) turn of the conversation. */
  messages: { role: string; content: string }[];
  functions: BfclFunction[];
  /** `ground_truth`: a list of `{ "<function>": { "<param>": [acceptable values] } }`. */
  groundTruth: JsonNode;
}

const FILES: Record<BfclCategory, { questions: string[]; answers: string[] }> = {
  simple_python: { questions: simpleQuestions, answers: simpleAnswers },
  multiple: { questions: multipleQuestions, answers: multipleAnswers },
  parallel: { questions: parallelQuestions, answers: parallelAnswers },
  parallel_multiple: { questions: parallelMultipleQuestions, answers: parallelMultipleAnswers },
};

interface QuestionLine {
  id: string;
  question: { role: string; content: string }[][];
  function: BfclFunction[];
}

const cache = new Map<BfclCategory, BfclEntry[]>();

/** The entries of a category, in file order (parsed once per isolate). */
export function bfclEntries(category: BfclCategory): BfclEntry[] {
  const cached = cache.get(category);
  if (cached) return cached;
  const { questions, answers } = FILES[category];
  const truth = new Map<string, JsonNode>();
  for (const line of answers) {
    const node = parseJson(line);
    const id = member(node, "id");
    const groundTruth = member(node, "ground_truth");
    if (id?.t !== "str" || !groundTruth) throw new Error(`BFCL ${category}: an answer line without id or ground_truth`);
    truth.set(id.v, groundTruth);
  }
  const entries = questions.map((line): BfclEntry => {
    const q = JSON.parse(line) as QuestionLine;
    const groundTruth = truth.get(q.id);
    if (!groundTruth) throw new Error(`BFCL ${category}: no possible answer for ${q.id}`);
    return { id: q.id, category, messages: q.question[0] ?? [], functions: q.function, groundTruth };
  });
  cache.set(category, entries);
  return entries;
}

export function bfclEntry(id: string): BfclEntry | undefined {
  const category = BFCL_CATEGORIES.find((c) => id.startsWith(`${c}_`) && /^\d+$/.test(id.slice(c.length + 1)));
  return category ? bfclEntries(category).find((e) => e.id === id) : undefined;
}
