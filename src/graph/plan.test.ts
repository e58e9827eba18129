import { describe, expect, it } from "vitest";
import { probeOrder, reverifyOrder, verifyOrder, type PlanEdge } from "./plan";

const e = (id: string, status: PlanEdge["status"], checkedAt: number | null, score = 50): PlanEdge => {
  const [fromTool = "", toTool = ""] = id.split("->");
  return { id, fromTool, toTool, status, score, checkedAt };
};

describe("run plans", () => {
  it("verifies edges into local tools first, then by score", () => {
    const order = verifyOrder([e("a->b", "candidate", null, 90), e("a->grid", "candidate", null, 40), e("c->d", "candidate", null, 95)], new Set(["grid"]));
    expect(order.map((x) => x.id)).toEqual(["a->grid", "c->d", "a->b"]);
  });

  it("re-verifies stale, then drifted, then inconclusive, then the oldest verified edges", () => {
    const edges = [e("a->b", "verified", 300), e("x->y", "verified", 100), e("c->d", "inconclusive", 50), e("d->e", "stale", 400), e("m->n", "rejected", 10), e("n->drifty", "rejected", 500), e("p->q", "candidate", null)];
    expect(reverifyOrder(edges, new Set(["drifty"])).map((x) => x.id)).toEqual(["d->e", "n->drifty", "c->d", "x->y", "a->b"]);
  });

  it("probes never-probed tools first, then the longest ago", () => {
    expect(probeOrder(["a", "b", "c"], new Map([["a", 20], ["c", 10]]))).toEqual(["b", "c", "a"]);
  });

  it("probes tools in drift before any other, so a recovery is seen at the next run", () => {
    expect(probeOrder(["a", "b", "c"], new Map([["a", 20], ["c", 10]]), new Set(["a"]))).toEqual(["a", "b", "c"]);
  });
});
