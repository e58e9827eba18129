import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dbOf } from "../db/client";
import { loadTasks, syncTasks } from "./store";
import { BENCH_TASKS } from "./tasks";

describe("the task set read from D1", () => {
  it("reads a task changed in D1 as changed, though this isolate parsed the old text before", async () => {
    const db = dbOf(env.DB);
    const first = BENCH_TASKS[0];
    if (!first) throw new Error("no tasks");
    const before = (await loadTasks(db)).find((t) => t.task.id === first.id);
    expect(before?.task.request.ko).toBe(first.request.ko);

    const edited = { ...first, request: { ...first.request, ko: `${first.request.ko} (고친 문장)` } };
    expect(await syncTasks(db, [edited])).toMatchObject({ updated: 1 });
    const after = (await loadTasks(db)).find((t) => t.task.id === first.id);
    expect(after?.task.request.ko).toBe(edited.request.ko);
    expect((await loadTasks(db)).length).toBe(BENCH_TASKS.length);
  });

  it("hands out tasks nobody can change, since every caller shares them", async () => {
    const [stored] = await loadTasks(dbOf(env.DB));
    expect(() => {
      (stored?.task.plan as unknown[]).push("a step");
    }).toThrow(TypeError);
    expect(() => {
      (stored as { providers: string[] }).providers = [];
    }).toThrow(TypeError);
  });
});
