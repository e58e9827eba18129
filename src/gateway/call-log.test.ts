import { env } from "cloudflare:workers";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { dbOf } from "../db/client";
import { logCall, type CallRow } from "./call-log";

const row = (fingerprint: string): CallRow => ({ teamId: "t-log", tool: "kasi_public_holidays", fingerprint, cache: "miss", upstream: true, latencyMs: 5, at: Date.now() });
const logged = async () => (await env.DB.prepare("SELECT fingerprint FROM calls WHERE team_id = 't-log' ORDER BY id").all<{ fingerprint: string }>()).results.map((r) => r.fingerprint);

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM calls").run();
});

afterEach(() => {
  vi.useRealTimers();
});

// First in the file: the batch it takes over may also hold rows an earlier file left behind.
it("takes over a batch whose flush the runtime dropped, so later calls are still logged, once", async () => {
  const db = dbOf(env.DB);
  // The first batch's timer never fires, as when the runtime drops the waitUntil holding it.
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  const dropped: Promise<unknown>[] = [];
  logCall(db, row("lost"), (work) => dropped.push(work));
  await scheduler.wait(600);
  const flushes: Promise<unknown>[] = [];
  logCall(db, row("next"), (work) => flushes.push(work));
  expect(flushes).toHaveLength(1);
  vi.advanceTimersByTime(100);
  await Promise.all([...flushes, ...dropped]);
  expect(await logged()).toEqual(["lost", "next"]);
});

it("writes a row that joined a batch whose flush was lost, with no later call", async () => {
  const db = dbOf(env.DB);
  // The first call's gather timer runs on a fake clock that never moves again: its flush never runs.
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  logCall(db, row("lost"), () => undefined);
  vi.useRealTimers();
  const work: Promise<unknown>[] = [];
  logCall(db, row("joined"), (w) => work.push(w));
  await Promise.all(work);
  expect(await logged()).toEqual(["lost", "joined"]);
});

it("writes the rows of concurrent calls in one batch", async () => {
  const db = dbOf(env.DB);
  const batches = vi.spyOn(db, "batch");
  const work: Promise<unknown>[] = [];
  for (const fingerprint of ["a", "b", "c"]) logCall(db, row(fingerprint), (w) => work.push(w));
  await Promise.all(work);
  expect(batches).toHaveBeenCalledTimes(1);
  expect(await logged()).toEqual(["a", "b", "c"]);
});
