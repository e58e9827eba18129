/** `POST /v1/reward` (one completion) and `POST /v1/reward:batch` (a GRPO group of one prompt). */
import { jsonBody, newApp, parseOrThrow } from "../app/new-app";
import { callDeps } from "../gateway/routes";
import { rewardBatchBodySchema, rewardBodySchema, type RewardBatchBody, type RewardBody } from "./schema";
import { rewardGroup } from "./service";

export const rewardRoutes = newApp()
  .post("/reward", async (c) => {
    const { completion, ...reference }: RewardBody = parseOrThrow(rewardBodySchema, await jsonBody(c));
    const { results, ...group } = await rewardGroup(callDeps(c), reference, [completion]);
    const [result] = results;
    return c.json({ ...result, reference: group.reference, stats: group.stats });
  })
  .post("/reward:batch", async (c) => {
    const { completions, ...reference }: RewardBatchBody = parseOrThrow(rewardBatchBodySchema, await jsonBody(c));
    const group = await rewardGroup(callDeps(c), reference, completions);
    return c.json({ reference: group.reference, rewards: group.results.map((r) => r.reward), results: group.results, stats: group.stats });
  });
