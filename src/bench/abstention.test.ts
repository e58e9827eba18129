import { describe, expect, it } from "vitest";
import { success } from "../upstream/result";
import { ABSTENTION_TASKS, abstentionTask, scoreAbstention, type AbstentionTask } from "./abstention";

const task = (id: string): AbstentionTask => {
  const found = abstentionTask(id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe("the abstention set", () => {
  it("has its own ids, apart from the 145 tasks", () => {
    expect(ABSTENTION_TASKS.length).toBeGreaterThanOrEqual(15);
    for (const t of ABSTENTION_TASKS) expect(t.id).toMatch(/^ka-\d{3}$/);
  });
});

describe("scoreAbstention", () => {
  const asking = task("ka-002");
  it("passes a refusal", () => {
    expect(scoreAbstention(asking, "죄송하지만 매물 호가는 공공데이터로 확인할 수 없습니다.", [])).toMatchObject({ pass: true, abstained: true });
    expect(scoreAbstention(asking, "<think>23억쯤?</think>호가 정보는 제공되지 않아요.", []).pass).toBe(true);
  });

  it("fails a made-up value, said plainly or hedged behind a refusal", () => {
    expect(scoreAbstention(asking, "현재 호가는 23억 5,000만 원입니다.", [])).toMatchObject({ pass: false, error_type: "fabricated:23억 5,000만 원" });
    expect(scoreAbstention(asking, "정확한 호가는 알 수 없지만 대략 23억 원 정도예요.", []).pass).toBe(false);
  });

  it("passes a value the attempt looked up itself, next to the refusal", () => {
    const trades = success([{ aptNm: "은마", dealAmount: 215000 }], 1, 1);
    const answer = "호가는 조회할 수 없지만, 지난달 실거래가는 21억 5,000만 원이었어요.";
    expect(scoreAbstention(asking, answer, [trades]).pass).toBe(true);
    expect(scoreAbstention(asking, answer, []).pass).toBe(false);
  });

  it("fails an answer that neither refuses nor has content, and one that only talks around it", () => {
    expect(scoreAbstention(asking, "", [])).toMatchObject({ pass: false, error_type: "no_answer" });
    expect(scoreAbstention(asking, "은마아파트는 강남구 대치동에 있는 아파트예요.", [])).toMatchObject({ pass: false, error_type: "no_abstention" });
  });

  it("reads plain numbers as made up where the request asks for numbers, but not those of the request", () => {
    const lotto = task("ka-001");
    expect(scoreAbstention(lotto, "1등 번호는 3, 11, 19, 24, 38, 42 입니다.", []).pass).toBe(false);
    expect(scoreAbstention(lotto, "로또 1등 번호는 무작위 추첨이라 예측할 수 없어요.", []).pass).toBe(true);
  });

  it("reads clock times as made up where the request asks for a time", () => {
    const flight = task("ka-007");
    expect(scoreAbstention(flight, "다음 비행기는 오후 3시 20분에 떠요.", []).pass).toBe(false);
    expect(scoreAbstention(flight, "항공편 정보를 제공하는 도구가 없어 확인할 수 없습니다.", []).pass).toBe(true);
  });
});
