/** What a context says of the time of day, the week and the season agrees with the walk's instant. */
import { describe, expect, it } from "vitest";
import { CONTEXTS, MANY_CONTEXTS, NAMED_CONTEXTS, saidAt, saidAtProblem } from "./contexts";

const at = (iso: string) => new Date(iso);
const LATE = at("2026-11-25T23:23:00+09:00");
const AFTERNOON = at("2026-11-25T15:10:00+09:00");
const SUNDAY = at("2026-11-29T08:10:00+09:00");

describe("a wording said at an instant", () => {
  it("goes out and about, walks and plays by day, not in the night", () => {
    for (const text of ["지금 경복궁에서 산책하려는데,", "곧 올림픽공원에 도착하는데,", "지금 나가려는데,", "밖에서 운동하려고 하는데요,", "이따 한강공원에서 아이들 뛰어놀게 하려는데,"]) {
      expect(saidAtProblem(text, LATE), text).toMatch(/23:23 KST/);
      expect(saidAt(text, AFTERNOON), text).toBe(true);
    }
    expect(saidAtProblem("지금 산책하려는데,", at("2026-11-26T04:50:00+09:00"))).toMatch(/"지금 산책"/);
  });

  it("leaves work, drops a child off and plans the weekend on weekdays only", () => {
    for (const text of ["퇴근하고 아이랑 경복궁에 가려는데,", "아이 등원시키기 전에 보려고요.", "이번 주말에 가족이랑 나들이 가려는데,"]) {
      expect(saidAtProblem(text, SUNDAY), text).toMatch(/weekend/);
    }
    expect(saidAt("이번 주말에 가족이랑 나들이 가려는데,", AFTERNOON)).toBe(true);
    expect(saidAt("퇴근하고 아이랑 경복궁에 가려는데,", AFTERNOON)).toBe(true);
    expect(saidAtProblem("퇴근하고 아이랑 경복궁에 가려는데,", LATE)).toMatch(/23:23/);
  });

  it("sits on a picnic mat in the warm months only", () => {
    expect(saidAtProblem("곧 한강공원에 돗자리 펴고 앉으려는데,", at("2026-01-17T14:00:00+09:00"))).toMatch(/season/);
    expect(saidAt("곧 한강공원에 돗자리 펴고 앉으려는데,", at("2026-05-17T14:00:00+09:00"))).toBe(true);
  });

  it("says nothing of the hour where the wording does not", () => {
    for (const text of ["내일 아이랑 경복궁에 가려는데,", "경복궁의 지금 기온을 알려 주세요.", "부모님이 서울대학교병원에서 진료를 받고 계십니다.", "{s} 현장 점검을 앞두고 있습니다."]) {
      expect(saidAt(text, LATE), text).toBe(true);
    }
  });

  it("leaves no context about this hour unbound: each says when it is said", () => {
    // Contexts of this hour (time "now") describe what a person does now; every one that has a
    // person going, arriving or doing something outdoors is bound to the hours it is said at.
    const free = [NAMED_CONTEXTS, CONTEXTS, MANY_CONTEXTS]
      .flatMap((pool) => Object.values(pool).flat())
      .filter((c) => c.time === "now")
      .flatMap((c) => c.say)
      .filter((text) => saidAt(text, LATE) && saidAt(text, at("2026-11-26T03:00:00+09:00")));
    expect([...new Set(free)]).toEqual(["야외 일정 장소를 정해야 합니다.", "지역별 대기 상황을 비교하고 있습니다."]);
  });
});
