import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const gate = (name: string) => env.QUOTA_GATE.get(env.QUOTA_GATE.idFromName(name));
const own = { team: "a", share: null };

describe("QuotaGate", () => {
  it("grants calls up to the daily limit, then refuses until KST midnight", async () => {
    const g = gate("kasi:daily");
    expect(await g.acquire(2, 100, own)).toMatchObject({ granted: true, remaining: 1 });
    expect(await g.acquire(2, 100, own)).toMatchObject({ granted: true, remaining: 0 });
    const refused = await g.acquire(2, 100, own);
    expect(refused).toMatchObject({ granted: false, reason: "quota", remaining: 0 });
    expect(refused.granted ? 0 : refused.retryAfterMs).toBeLessThanOrEqual(24 * 3600_000);
    expect(await g.status(2)).toMatchObject({ used: 2, remaining: 0 });
  });

  it("refuses beyond the per-second rate without spending quota", async () => {
    const g = gate("kasi:rate");
    expect((await g.acquire(100, 2, own)).granted).toBe(true);
    expect((await g.acquire(100, 2, own)).granted).toBe(true);
    expect(await g.acquire(100, 2, own)).toMatchObject({ granted: false, reason: "rate" });
    expect(await g.status(100)).toMatchObject({ used: 2 });
  });

  it("trusts an upstream that says the quota is spent", async () => {
    const g = gate("kasi:exhausted");
    await g.exhaust(500);
    expect(await g.acquire(500, 100, own)).toMatchObject({ granted: false, reason: "quota" });
  });

  it("keeps each team within its share of a shared key, by the day and by the second", async () => {
    const g = gate("kasi:shared");
    const b = { team: "b", share: 0.5 };
    const a = { team: "a", share: 0.5 };
    for (let i = 0; i < 5; i++) expect((await g.acquire(10, 100, b)).granted).toBe(true);
    expect(await g.acquire(10, 100, b)).toMatchObject({ granted: false, reason: "share", remaining: 5 });
    expect(await g.acquire(10, 100, a)).toMatchObject({ granted: true });
    expect(await g.status(10, a)).toMatchObject({ used: 1, limit: 5, remaining: 4 });

    const rate = gate("kasi:shared-rate");
    for (let i = 0; i < 2; i++) expect((await rate.acquire(1000, 4, b)).granted).toBe(true);
    expect(await rate.acquire(1000, 4, b)).toMatchObject({ granted: false, reason: "rate" });
    expect((await rate.acquire(1000, 4, a)).granted).toBe(true);
  });
});
