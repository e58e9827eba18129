/** Walk plans: inputs come from earlier answers where the graph allows, and coverage follows kept examples. */
import { describe, expect, it } from "vitest";
import { PlanSampler, type GraphEdge, type Usage } from "./plan";
import { toolFacts } from "./tools";

const edge = (from: string, to: string, bindings: [string, string][]): GraphEdge => ({ id: `${from}->${to}`, from, to, bindings: bindings.map(([field, param]) => ({ field, param })) });

const toAddress = edge("juso_search", "sigungu_code_from_bjd", [["admCd", "bjd_code"]]);
const toRegister = edge("sigungu_code_from_bjd", "bld_title_info", [["lawd_cd", "sigunguCd"]]);
// Hypothetical for the test: the address search gives the second code itself.
const second = edge("juso_search", "bld_title_info", [["bjdongCd", "bjdongCd"]]);

const emptyUsage = (): Usage => ({ edges: new Map(), kept: new Map(), tools: new Map(), seen: new Map() });

describe("walk plans", () => {
  it("take a step's other inputs from an earlier answer when a verified edge gives them, and count that edge", () => {
    const sampler = new PlanSampler({ edges: [toAddress, toRegister, second], tools: toolFacts(), usage: emptyUsage(), seed: "links" });
    const plans = Array.from({ length: 40 }, () => sampler.sample("sequential")).filter((p) => p !== null);
    const chain = plans.find((p) => p.steps.map((s) => s.tool).join(">") === "juso_search>sigungu_code_from_bjd>bld_title_info");
    expect(chain, JSON.stringify(plans.map((p) => p.steps.map((s) => s.tool)))).toBeDefined();
    const register = chain?.steps[2];
    expect(register?.args["sigunguCd"]).toEqual({ from: "step", step: "s2", field: "lawd_cd", slot: 0 });
    expect(register?.args["bjdongCd"]).toEqual({ from: "step", step: "s1", field: "bjdongCd", slot: 0 });
    expect(chain?.edges).toEqual([toAddress.id, toRegister.id, second.id]);
  });

  it("prefer edges no kept example covers yet over edges already covered", () => {
    const usage = emptyUsage();
    // Both planned as often; only the first is in kept examples.
    usage.edges.set(toAddress.id, 4).set(second.id, 4);
    usage.kept.set(toAddress.id, 4);
    const sampler = new PlanSampler({ edges: [toAddress, second], tools: toolFacts(), usage, seed: "coverage" });
    // A parallel plan walks one edge: the start edge the sampler prefers.
    const walked = Array.from({ length: 30 }, () => sampler.sample("parallel")).flatMap((p) => p?.edges ?? []);
    expect(walked.length).toBeGreaterThan(20);
    // Counting plans alone, the two would be even.
    expect(walked.filter((id) => id === second.id).length).toBeGreaterThan((walked.length * 2) / 3);
  });
});
