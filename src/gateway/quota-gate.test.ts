import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const gate = (name: string) => env.QUOTA_GATE.get(env.QUOTA_GATE.idFromName(name));

describe("QuotaGate", () => {
  it("grants calls up to the daily limit, then refuses until KST midnight", async () => {
    const g = gate("kasi:daily");
    expect(await g.acquire(2, 100)).toMatchObject({ granted: true, remaining: 1 });
    expect(await g.acquire(2, 100)).toMatchObject({ granted: true, remaining: 0 });
    const refused = await g.acquire(2, 100);
    expect(refused).toMatchObject({ granted: false, reason: "quota", remaining: 0 });
    expect(refused.granted ? 0 : refused.retryAfterMs).toBeLessThanOrEqual(24 * 3600_000);
    expect(await g.status(2)).toMatchObject({ used: 2, remaining: 0 });
  });

  it("refuses beyond the per-second rate without spending quota", async () => {
    const g = gate("kasi:rate");
    expect((await g.acquire(100, 2)).granted).toBe(true);
    expect((await g.acquire(100, 2)).granted).toBe(true);
    expect(await g.acquire(100, 2)).toMatchObject({ granted: false, reason: "rate" });
    expect(await g.status(100)).toMatchObject({ used: 2 });
  });

  it("trusts an upstream that says the quota is spent", async () => {
    const g = gate("kasi:exhausted");
    await g.exhaust(500);
    expect(await g.acquire(500, 100)).toMatchObject({ granted: false, reason: "quota" });
  });
});
