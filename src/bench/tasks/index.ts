/**
 * The KOPA-Bench task set: one versioned JSON file per shape, parsed and checked when this module
 * loads, so a malformed task, a reference to a field no tool returns or a duplicate id fails at
 * once instead of at evaluation time.
 */
import { z } from "zod";
import { findTool } from "../../catalog";
import { providerIdSchema, type ProviderId } from "../../catalog/providers";
import { callCount, checkTask, minCallCount, SHAPES, taskSchema, type BenchTask, type Level, type Shape } from "../task";
import comparison from "./comparison.json";
import conditional from "./conditional.json";
import fanOut from "./fan_out.json";
import parallel from "./parallel.json";
import reduction from "./reduction.json";
import sequential from "./sequential.json";

const FILES: Record<Shape, unknown> = { sequential, fan_out: fanOut, reduction, parallel, comparison, conditional };

/**
 * Parses task files keyed by shape (`<shape>.json`): every task valid for the schema and for
 * checkTask, in the file of its shape, ids unique across files. Throws one error listing every
 * problem; returns the tasks ordered by id.
 */
export function parseTaskFiles(files: Partial<Record<Shape, unknown>>): BenchTask[] {
  const tasks: BenchTask[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const [shape, content] of Object.entries(files)) {
    const parsed = z.array(taskSchema).safeParse(content);
    if (!parsed.success) {
      problems.push(`${shape}.json: ${z.prettifyError(parsed.error)}`);
      continue;
    }
    for (const task of parsed.data) {
      if (task.shape !== shape) problems.push(`${task.id}: a ${task.shape} task in ${shape}.json`);
      if (ids.has(task.id)) problems.push(`${task.id}: duplicate id`);
      ids.add(task.id);
      problems.push(...checkTask(task));
      tasks.push(task);
    }
  }
  if (problems.length > 0) throw new Error(`invalid KOPA-Bench tasks:\n${problems.join("\n")}`);
  return tasks.sort((a, b) => a.id.localeCompare(b.id));
}

export const BENCH_TASKS: readonly BenchTask[] = parseTaskFiles(FILES);

/** The provider of each tool of a task's gold plan; local utility tools count as "local". */
export function providersOf(task: BenchTask): Set<ProviderId | "local"> {
  const providers = new Set<ProviderId | "local">();
  for (const step of task.plan) {
    const tool = findTool(step.tool);
    if (tool) providers.add(tool.kind === "upstream" ? providerIdSchema.parse(tool.provider) : "local");
  }
  return providers;
}

export interface TaskStats {
  total: number;
  byShape: Record<Shape, number>;
  byLevel: Record<Level, number>;
  /** Tasks whose gold plan calls at least one tool of the provider. */
  byProvider: Record<ProviderId, number>;
  /** Mean tool calls per gold plan, local tools and every conditional branch included. */
  meanCalls: number;
  /** Mean of the fewest calls each gold plan makes whatever its branches take (task.ts minCallCount). */
  meanMinCalls: number;
  /** Tasks by their fewest calls: no task is answered with a single call. */
  minCallHistogram: Record<number, number>;
  /** Tasks whose gold plan needs a local utility tool (grid, coordinates, base time, 법정동 split). */
  localToolTasks: number;
}

export function taskStats(tasks: readonly BenchTask[] = BENCH_TASKS): TaskStats {
  const byShape = Object.fromEntries(SHAPES.map((s) => [s, 0])) as Record<Shape, number>;
  const byLevel: Record<Level, number> = { 1: 0, 2: 0, 3: 0 };
  const byProvider = Object.fromEntries(providerIdSchema.options.map((p) => [p, 0])) as Record<ProviderId, number>;
  let calls = 0;
  let minCalls = 0;
  const minCallHistogram: Record<number, number> = {};
  let localToolTasks = 0;
  for (const task of tasks) {
    byShape[task.shape] += 1;
    byLevel[task.level] += 1;
    calls += callCount(task);
    const fewest = minCallCount(task);
    minCalls += fewest;
    minCallHistogram[fewest] = (minCallHistogram[fewest] ?? 0) + 1;
    for (const provider of providersOf(task)) {
      if (provider === "local") localToolTasks += 1;
      else byProvider[provider] += 1;
    }
  }
  return { total: tasks.length, byShape, byLevel, byProvider, meanCalls: tasks.length === 0 ? 0 : calls / tasks.length, meanMinCalls: tasks.length === 0 ? 0 : minCalls / tasks.length, minCallHistogram, localToolTasks };
}
