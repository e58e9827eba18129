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
  await scheduler.wait(1100);
  const flushes: Promise<unknown>[] = [];
  logCall(db, row("next"), (work) => flushes.push(work));
  expect(flushes).toHaveLength(1);
  vi.advanceTimersByTime(100);
  await Promise.all([...flushes, ...dropped]);
  expect(await logged()).toEqual(["lost", "next"]);
});

it("writes the rows of concurrent calls in one batch", async () => {
  const db = dbOf(env.DB);
  const flushes: Promise<unknown>[] = [];
  for (const fingerprint of ["a", "b", "c"]) logCall(db, row(fingerprint), (work) => flushes.push(work));
  expect(flushes).toHaveLength(1);
  await Promise.all(flushes);
  expect(await logged()).toEqual(["a", "b", "c"]);
});
