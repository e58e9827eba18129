/**
 * KOPA-Bench's conditional tasks under two pinned instants of one day, a night and an afternoon
 * (2026-11-30 03:00 and 15:00 KST): every conditional gold executes at both, the branch each one
 * takes is printed as a table, and across the set both branches are taken, several tasks switching
 * branch between the two instants (rain, temperature, PM10 and buses that stop at night).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { executePlan, type PlanRun } from "../../src/bench/plan";
import type { BenchTask, Condition } from "../../src/bench/task";
import { BENCH_TASKS } from "../../src/bench/tasks";
import { mapBounded } from "../../src/util/map-bounded";
import { SandboxTenant } from "../support/sandbox";

const INSTANTS = ["2026-11-30T03:00:00+09:00", "2026-11-30T15:00:00+09:00"] as const;
const CONDITIONAL = BENCH_TASKS.filter((t) => t.shape === "conditional");

const same = (a: Condition, b: Condition) => JSON.stringify(a) === JSON.stringify(b);
const describeCondition = (c: Condition) => `${c.left.replace(/^\$/, "")} ${c.op}${c.right === undefined ? "" : ` ${String(c.right)}`}`;

/** "then" when the steps of the plan's first condition ran, "else" when they were skipped. */
function branchOf(task: BenchTask, run: PlanRun): "then" | "else" {
  const first = task.plan.find((s) => s.when)?.when;
  if (!first) throw new Error(`${task.id} has no conditional step`);
  const ran = task.plan.some((step) => step.when && same(step.when, first) && run.steps.some((s) => s.id === step.id && !s.skipped));
  return ran ? "then" : "else";
}

const runs = new Map<string, PlanRun[]>();

beforeAll(async () => {
  for (const at of INSTANTS) {
    const now = new Date(at);
    const tenant = await SandboxTenant.create("bench-branches");
    await tenant.configure({ clock: { mode: "fixed", at } });
    runs.set(at, await mapBounded(CONDITIONAL, 8, (task) => executePlan(task, async (tool, args) => (await tenant.call(tool, args, now)).result, now)));
  }
}, 120_000);

describe(`conditional golds at ${INSTANTS.join(" and ")}`, () => {
  it("executes every conditional gold at both instants", () => {
    const failures = INSTANTS.flatMap((at) => (runs.get(at) ?? []).flatMap((run, i) => (run.ok ? [] : [`${at} ${CONDITIONAL[i]?.id ?? "?"}: ${run.error?.step ?? ""} ${run.error?.reason ?? ""}`])));
    expect(failures).toEqual([]);
  });

  it("takes both branches across the set, several tasks switching between the instants", () => {
    const rows = CONDITIONAL.map((task, i) => {
      const [night, afternoon] = INSTANTS.map((at) => runs.get(at)?.[i]);
      if (!night || !afternoon) throw new Error(`${task.id}: no run`);
      const condition = task.plan.find((s) => s.when)?.when;
      return {
        task: task.id,
        "if (then-branch)": condition ? describeCondition(condition) : "",
        "03:00": branchOf(task, night),
        "15:00": branchOf(task, afternoon),
        "calls 03:00": night.steps.filter((s) => !s.skipped).length,
        "calls 15:00": afternoon.steps.filter((s) => !s.skipped).length,
      };
    });
    const header = Object.keys(rows[0] ?? {});
    console.log([`| ${header.join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${Object.values(r).join(" | ")} |`)].join("\n"));
    const taken = rows.flatMap((r) => [r["03:00"], r["15:00"]]);
    expect(taken.filter((b) => b === "then").length).toBeGreaterThan(0);
    expect(taken.filter((b) => b === "else").length).toBeGreaterThan(0);
    const switching = rows.filter((r) => r["03:00"] !== r["15:00"]).map((r) => r.task);
    expect(switching.length, `tasks switching branch: ${switching.join(", ")}`).toBeGreaterThanOrEqual(5);
  });
});
