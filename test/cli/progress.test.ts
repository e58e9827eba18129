import { describe, expect, it } from "vitest";
import { formatDuration, Progress } from "../../src/cli/progress";

function stream(tty: boolean) {
  const writes: string[] = [];
  return { writes, out: { isTTY: tty, write: (chunk: string) => (writes.push(chunk), true) } };
}

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe("Progress without a terminal (CI logs, pipes)", () => {
  it("prints a plain line at most once per interval, then a final line", () => {
    const { writes, out } = stream(false);
    const time = clock();
    const progress = new Progress({ label: "import bench.jsonl", total: 100, unit: "lines", stream: out, now: time.now, intervalMs: 2000 });
    expect(writes).toEqual([]);
    time.advance(1000);
    progress.tick(10);
    expect(writes).toEqual([]);
    time.advance(1000);
    progress.tick(10);
    expect(writes).toEqual(["import bench.jsonl: 20/100 lines (20%) · 10/s · ETA 8s\n"]);
    time.advance(500);
    progress.tick(30);
    expect(writes).toHaveLength(1);
    time.advance(1500);
    progress.tick(40);
    expect(writes[1]).toBe("import bench.jsonl: 90/100 lines (90%) · 23/s · ETA <1s\n");
    time.advance(1000);
    progress.tick(10);
    progress.finish();
    expect(writes.at(-1)).toBe("import bench.jsonl: 100/100 lines (100%) in 5s\n");
    expect(writes.every((w) => !w.includes("\r"))).toBe(true);
  });

  it("counts without a total: no percentage, no ETA", () => {
    const { writes, out } = stream(false);
    const time = clock();
    const progress = new Progress({ label: "export", unit: "entries", stream: out, now: time.now, intervalMs: 1000 });
    time.advance(1000);
    progress.tick(5);
    expect(writes).toEqual(["export: 5 entries · 5.0/s\n"]);
    progress.finish("done");
    expect(writes.at(-1)).toBe("export: 5 entries in 1s · done\n");
  });

  it("never goes past the total, and finishes once", () => {
    const { writes, out } = stream(false);
    const progress = new Progress({ label: "x", total: 3, stream: out, now: clock().now });
    progress.tick(10);
    expect(progress.state.done).toBe(3);
    progress.finish();
    progress.finish();
    progress.tick();
    expect(writes).toEqual(["x: 3/3 (100%) in <1s\n"]);
  });
});

describe("Progress on a terminal", () => {
  it("redraws one line with a bar, counts, rate and ETA, and ends it on finish", () => {
    const { writes, out } = stream(true);
    const time = clock();
    const progress = new Progress({ label: "calls", total: 4, unit: "calls", stream: out, now: time.now, width: 8 });
    expect(writes).toEqual(["\r\x1b[2Kcalls [░░░░░░░░] 0/4 calls (0%) · ETA ?"]);
    time.advance(1000);
    progress.tick();
    expect(writes[1]).toBe("\r\x1b[2Kcalls [██░░░░░░] 1/4 calls (25%) · 1.0/s · ETA 3s");
    time.advance(50);
    progress.tick();
    expect(writes).toHaveLength(2);
    time.advance(950);
    progress.tick(2);
    progress.finish();
    expect(writes.at(-1)).toBe("\r\x1b[2Kcalls [████████] 4/4 calls (100%) in 2s\n");
  });
});

describe("ETA", () => {
  it("is the remaining count at the rate so far", () => {
    const time = clock();
    const progress = new Progress({ label: "x", total: 1000, stream: stream(false).out, now: time.now });
    time.advance(10_000);
    progress.set(250);
    expect(progress.state.rate).toBe(25);
    expect(progress.state.etaMs).toBe(30_000);
  });
});

describe("formatDuration", () => {
  it.each([
    [400, "<1s"],
    [12_300, "12s"],
    [65_000, "1m05s"],
    [3_725_000, "1h02m"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
