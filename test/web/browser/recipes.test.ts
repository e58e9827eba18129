/**
 * The training recipes' reward modules run as a GPU box runs them, in Debian's python3 with
 * python3-requests (.ci/run installs both), against the web project's local stack: a small
 * synthesis job exported with `kopa synth export` the way recipes/README.md says, then
 * trainer_calls.py calls recipes/kopa_reward.py as TRL's GRPOTrainer calls a reward function and
 * recipes/verl_reward.py as verl loads and calls a custom reward. The group is three completions of
 * an example's answering turn: its own answer, the raw JSON of its tool results as the answer, and
 * its answer with one value changed. The training scripts themselves (TRL, verl, a GPU) are not run.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { kopa } from "../../cli/support/run";
import { wrongValues, type AnswerFact } from "../../support/wrong-value";
import { api, type WebStack } from "./support";

const PYTHON = "/usr/bin/python3";
const RECIPES = join(process.cwd(), "recipes");
const TRAINER_CALLS = join(import.meta.dirname, "trainer_calls.py");
const run = promisify(execFile);

interface Message {
  role: string;
  content?: string | null;
}

interface ExportLine {
  metadata: { example_id: string };
}

/** One group of completions for an example's answering turn, by what each should earn. */
interface Group {
  exampleId: string;
  correct: string;
  dumped: string;
  wrong: string;
}

/** What trainer_calls.py prints for one call: the returned value and its Python types. */
interface Returned {
  type: string;
  values: number[];
  types: string[];
}

const dir = mkdtempSync(join(tmpdir(), "kopa-recipes-"));
let env: Record<string, string> = {};
let group: Group;

/** Debian's interpreter with `requests`, or an error that says how to get them. */
async function requireDebianPython(): Promise<void> {
  const missing = `Debian's ${PYTHON} with python3-requests is needed to run recipes/ (.ci/run installs them: apt-get install python3 python3-requests)`;
  if (!existsSync(PYTHON)) throw new Error(`${missing}; ${PYTHON} does not exist`);
  await run(PYTHON, ["-c", "import requests"]).catch((error: unknown) => {
    throw new Error(`${missing}; ${PYTHON} -c 'import requests' failed`, { cause: error });
  });
}

const readJsonl = <T>(file: string): T[] => readFileSync(file, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as T);

/**
 * The fixture's small graph has no route a synthesis plan starts from (a named subject, then a hop
 * to what is asked about it): two such edges verified make one. The graph is the stack's, shared
 * with dashboard.test.ts, whose synthesis job may then keep examples too.
 */
const ROUTE_EDGES = ["mfds_easy_drug->mfds_pill_identification", "nps_workplace_search->nps_workplace_detail"];

async function verifyRouteEdges(stack: WebStack): Promise<void> {
  interface Job {
    id: string;
    status: string;
  }
  let job = await api<Job>(stack, "/v1/graph/verify", { method: "POST", token: stack.token, body: JSON.stringify({ edges: ROUTE_EDGES, k: 2, budget: 30 }) });
  for (let i = 0; i < 200 && (job.status === "queued" || job.status === "running"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await api<Job>(stack, `/v1/graph/jobs/${job.id}`, { token: stack.token });
  }
  expect(job.status).toBe("done");
}

/** A small real export, as recipes/README.md makes one: `kopa synth run`, then `kopa synth export`. */
async function exportSmallJob(): Promise<{ grpo: string; openai: string }> {
  const options = { env, maxSleepMs: 250 };
  const synth = await kopa(["synth", "run", "--target", "3", "--concurrency", "2", "--seed", "recipes", "--json"], options);
  expect(synth.code, synth.stderr).toBe(0);
  const job = JSON.parse(synth.stdout) as { id: string };
  const exported = await kopa(["synth", "export", job.id, "--out", dir, "--name", "kopa"], options);
  expect(exported.code, exported.stderr).toBe(0);
  return { grpo: join(dir, "kopa.grpo.jsonl"), openai: join(dir, "kopa.openai.jsonl") };
}

/** The first example whose answer has a value to change, with its three completions. */
function groupOf(grpo: (ExportLine & { answer_facts: AnswerFact[] })[], dialogues: (ExportLine & { messages: Message[] })[]): Group {
  const byId = new Map(grpo.map((line) => [line.metadata.example_id, line]));
  for (const { metadata, messages } of dialogues) {
    const line = byId.get(metadata.example_id);
    const correct = messages.at(-1)?.content ?? "";
    const results = messages.filter((m) => m.role === "tool").map((m) => m.content ?? "");
    const rows = results.flatMap((text) => (JSON.parse(text) as { items?: Record<string, unknown>[] }).items ?? []);
    const [wrong] = line ? wrongValues(correct, line.answer_facts, rows) : [];
    if (wrong) return { exampleId: metadata.example_id, correct, dumped: results.join("\n"), wrong: wrong.answer };
  }
  throw new Error(`no exported example has an answer value to change (${dialogues.length} examples)`);
}

/** Runs trainer_calls.py for one trainer; a non-zero exit (the service refused, or answered another shape) fails here. */
async function trainerCalls(trainer: "trl" | "verl"): Promise<Record<string, Returned>> {
  const { stdout } = await run(PYTHON, [TRAINER_CALLS, trainer, join(dir, "case.json")], {
    // From the repository's root, as the README runs the trainers; only what the GPU box sets (no proxy, no snapshot of the developer's).
    cwd: process.cwd(),
    env: { ...env, PYTHONDONTWRITEBYTECODE: "1" },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Record<string, Returned>;
}

/** A list of floats, one per completion, ordered correct > wrong and correct > dumped. */
function expectOrdered(name: string, returned: Returned | undefined): number[] {
  expect(returned, name).toBeDefined();
  const { type, values, types } = returned ?? { type: "", values: [], types: [] };
  expect({ type, types }, name).toEqual({ type: "list", types: ["float", "float", "float"] });
  const [correct = 0, dumped = 0, wrong = 0] = values;
  expect(correct, `${name}: correct ${correct} vs dumped ${dumped}`).toBeGreaterThan(dumped);
  expect(correct, `${name}: correct ${correct} vs wrong ${wrong}`).toBeGreaterThan(wrong);
  return values;
}

beforeAll(async () => {
  await requireDebianPython();
  // The web project's local stack (global-setup.ts): the team token a GPU box would hold.
  const stack = inject("webStack");
  env = { KOPA_URL: stack.appUrl, KOPA_TOKEN: stack.token };
  await verifyRouteEdges(stack);
  const files = await exportSmallJob();
  group = groupOf(readJsonl(files.grpo), readJsonl(files.openai));
  const answers = [group.correct, group.dumped, group.wrong];
  writeFileSync(join(dir, "case.json"), JSON.stringify({ recipes: RECIPES, ...files, example_id: group.exampleId, answers }));
}, 90_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("recipes/ reward modules, as the trainers call them", () => {
  let trlRewards: number[] = [];

  it("kopa_reward: GRPOTrainer's call (prompts, completions, dataset columns as keywords) returns a float per completion, in order", async () => {
    const returned = await trainerCalls("trl");
    trlRewards = expectOrdered("TRL, conversational", returned["conversational"]);
    console.log(`recipes: ${group.exampleId} rewards correct/dumped/wrong ${trlRewards.map((r) => r.toFixed(3)).join(" / ")}`);
    // grpo_trl.py's text prompts send the same completions: the same rewards.
    expect(expectOrdered("TRL, text", returned["standard"])).toEqual(trlRewards);
  });

  it("verl_reward: loaded by path as verl loads it, compute_score and compute_score_batch return a float per completion, in order", async () => {
    const returned = await trainerCalls("verl");
    const single = expectOrdered("verl compute_score", returned["compute_score"]);
    expect(expectOrdered("verl compute_score_batch", returned["compute_score_batch"])).toEqual(single);
    // The same group through either trainer gets the same rewards (the service is deterministic).
    if (trlRewards.length > 0) expect(single).toEqual(trlRewards);
  });
});
