/**
 * The little context people give before a question ("내일 아이랑 경복궁에 가려는데,"), by the kind
 * of subject, in 해요체 and 합니다체, each tagged with the time it speaks of. A request may only
 * carry a context whose time its facts answer for: "내일 가려는데" goes with opening hours, never
 * with this hour's temperature (src/synth/request.ts checks, and the gate rejects a request that
 * breaks it). Many contexts are built from parts (when, with whom, what for), so that a thousand
 * requests do not repeat a dozen sentences. Plain data.
 */
import type { AskTime } from "../catalog/intents";

/** The time a context speaks of: this hour, a later day, three days ahead, or none. */
export type ContextTime = "now" | "later" | "day3" | "none";

export interface Context {
  /** [해요체, 합니다체]; {s} (or {s:을/를} …) where the subject is named, if it is. */
  say: [string, string];
  time: ContextTime;
}

/** Whether a context's time fits what is asked: an observation of this hour is not "tomorrow". */
export function contextFits(context: ContextTime, asked: AskTime): boolean {
  if (context === "none") return true;
  if (asked === "any") return true;
  if (asked === "now") return context === "now";
  if (asked === "day3") return context === "day3";
  return false;
}

function cross(times: readonly string[], companions: readonly string[], verbs: readonly string[]): string[] {
  return times.flatMap((t) => companions.flatMap((c) => verbs.map((v) => [t, c, v].filter((w) => w !== "").join(" "))));
}

/** Pairs 해요체 and 합니다체 lists of different lengths: each 해요체 wording with a 합니다체 one. */
function pair(haeyo: readonly string[], hamnida: readonly string[], time: ContextTime): Context[] {
  const n = Math.max(haeyo.length, hamnida.length);
  return Array.from({ length: n }, (_, i) => ({ say: [haeyo[i % haeyo.length] ?? "", hamnida[i % hamnida.length] ?? ""], time }));
}

const LATER = ["내일", "이번 주말에", "모레", "다음 주에", "다음 달에", "연휴에", "퇴근하고", "오랜만에"];
const LATER_FORMAL = ["내일", "이번 주말에", "모레", "다음 주에", "다음 달 초에", "연휴 중에"];

/** Contexts that name the subject: the question after them may leave it out or say "거기". */
export const NAMED_CONTEXTS: Record<string, Context[]> = {
  place: [
    ...pair(
      cross(LATER, ["아이랑", "부모님 모시고", "친구들이랑", "가족이랑", "동료들이랑", "혼자", "애들 데리고", "여자친구랑"], ["{s}에 가려는데,", "{s}에 가 보려고 하는데,", "{s}에 놀러 가려는데,", "{s}에 들를 생각인데,", "{s}에 가기로 했는데,"]),
      cross(LATER_FORMAL, ["가족과", "부모님을 모시고", "동료들과", "외부 손님과", "어르신들과", ""], ["{s:을/를} 방문할 예정입니다.", "{s}에 갈 계획입니다.", "{s}에 들를 예정입니다.", "{s:을/를} 찾을 계획입니다."]),
      "later",
    ),
    ...pair(
      cross(["지금", "이제"], ["아이랑", "친구랑", "가족이랑", ""], ["{s}에 가는 길인데,", "{s} 쪽으로 나가려는데,", "{s:으로/로} 출발하려는데,"]).concat(["곧 {s}에 도착하는데,", "지금 {s} 근처에 와 있는데,", "{s}에 막 도착했는데,", "조금 있다가 {s}에 들르려는데,"]),
      ["지금 {s:으로/로} 이동하고 있습니다.", "곧 {s}에 도착합니다.", "현재 {s} 인근에 있습니다.", "잠시 후 {s:을/를} 방문합니다.", "지금 가족과 {s}에 가는 중입니다.", "잠시 뒤 손님을 모시고 {s}에 들릅니다."],
      "now",
    ),
    ...pair(["사흘 뒤에 {s}에 가려는데,", "3일 뒤에 아이랑 {s}에 놀러 가는데,", "사흘 후에 {s} 쪽에 일정이 있는데,", "3일 뒤에 친구들이랑 {s}에 가기로 했는데,"], ["3일 뒤 {s:을/를} 방문할 예정입니다.", "사흘 뒤 가족과 {s}에 갈 계획입니다.", "3일 후 {s}에서 행사가 있습니다."], "day3"),
    ...pair(["{s}에서 친구를 만나기로 했는데,", "처음으로 {s}에 가 보는데,", "{s}에 사진 찍으러 가 볼까 하는데,", "{s} 쪽으로 산책 갈까 하는데,"], ["{s} 답사를 계획하고 있습니다.", "해외 바이어와 {s:을/를} 방문할 계획입니다.", "{s} 현장 점검을 앞두고 있습니다.", "{s} 견학 일정을 짜고 있습니다."], "none"),
  ],
  hospital: [
    ...pair(
      cross(LATER, ["아이랑", "어머니 모시고", "아버지 모시고", "할머니 모시고", "남편이랑", "아내랑", ""], ["{s}에 진료 보러 가려는데,", "{s}에 가 보려고 하는데,", "{s}에 예약해 뒀는데,", "{s}에 가야 하는데,"]),
      cross(LATER_FORMAL, ["부모님을 모시고", "가족과", ""], ["{s}에서 진료를 받을 예정입니다.", "{s:을/를} 방문할 예정입니다.", "{s}에 갈 예정입니다."]),
      "later",
    ),
    ...pair(["지금 {s}에 가는 길인데,", "곧 {s}에 도착하는데,", "지금 {s}에 와 있는데,", "아이랑 {s}에 막 도착했는데,", "지금 어머니 모시고 {s}에 가는 중인데,"], ["지금 {s:으로/로} 가고 있습니다.", "곧 {s}에 도착합니다.", "현재 {s}에 와 있습니다."], "now"),
    ...pair(["사흘 뒤에 {s}에 진료 예약이 있는데,", "3일 뒤에 아버지 모시고 {s}에 가야 하는데,"], ["3일 뒤 {s} 진료가 예약되어 있습니다.", "사흘 뒤 {s:을/를} 방문할 예정입니다."], "day3"),
    ...pair(["어머니가 {s}에 다니시는데,", "{s:으로/로} 병원을 옮길까 고민 중인데,", "아버지가 {s}에 입원하셨는데,", "동네 분이 {s:을/를} 추천해 줬는데,", "{s}에서 건강검진을 받아 볼까 하는데,"], ["부모님이 {s}에서 진료를 받고 계십니다.", "{s} 이용을 검토하고 있습니다.", "{s:으로/로} 환자를 전원하려고 합니다.", "{s} 관련 민원이 접수되었습니다.", "직원 건강검진 기관으로 {s:을/를} 검토하고 있습니다."], "none"),
  ],
  workplace: pair(
    ["다음 주에 {s}에 면접 보러 가는데,", "{s}에서 이직 제안을 받았는데,", "친구가 {s}에 다닌다고 해서요.", "{s:과/와} 거래를 시작하려는데,", "{s}에 지원해 보려고 하는데,", "{s} 입사를 고민 중인데,", "{s}에서 면접 보자는 연락이 왔는데,"],
    ["{s:과/와}의 거래를 검토하고 있습니다.", "{s} 협력업체 실사를 준비하고 있습니다.", "{s} 관련 자료를 정리하고 있습니다.", "{s}에 대한 신용 검토를 진행하고 있습니다.", "{s}의 입찰 참가 자격을 확인하고 있습니다."],
    "none",
  ),
  drug: pair(
    ["집에 {s:이/가} 있는데,", "약국에서 {s:을/를} 사 왔는데,", "아이가 {s:을/를} 먹어야 하는데,", "어머니가 {s:을/를} 드시는데,", "{s:을/를} 처음 먹어 보려는데,", "상비약으로 {s:을/를} 사 두려는데,"],
    ["{s} 복약 안내가 필요합니다.", "{s:을/를} 복용하려고 합니다.", "{s} 관련 문의가 들어왔습니다.", "{s} 재고를 점검하고 있습니다."],
    "none",
  ),
  address: [
    ...pair(["다음 달에 {s:으로/로} 이사 가는데,", "이번 주말에 {s}에 있는 집을 보러 가는데,", "내일 {s:으로/로} 이삿짐을 옮기는데,"], ["다음 달 {s:으로/로} 사무실을 옮길 예정입니다.", "내일 {s}에서 현장 조사가 있습니다."], "later"),
    // Plans for the place (a parcel, a move): they fit standing facts, not this hour's weather there.
    ...pair(["{s}에 택배를 보내야 하는데,", "이번에 {s:으로/로} 출근하게 됐는데,", "{s:으로/로} 이사를 앞두고 있는데,"], ["{s:으로/로} 우편물을 보내야 합니다.", "{s} 건물 임차를 검토하고 있습니다.", "{s:으로/로} 사무실 이전을 검토하고 있습니다."], "later"),
    ...pair(["지금 {s} 쪽으로 나가려는데,", "곧 {s}에 도착하는데,", "지금 {s} 근처에 있는데,"], ["지금 {s} 인근으로 이동하고 있습니다.", "곧 {s}에 도착합니다."], "now"),
    ...pair(["사흘 뒤에 {s} 쪽으로 이사하는데,", "3일 뒤에 {s}에 갈 일이 있는데,"], ["3일 뒤 {s}에서 일정이 있습니다.", "사흘 뒤 {s:으로/로} 이사할 예정입니다."], "day3"),
  ],
  region: pair(
    ["{s:으로/로} 이사를 생각 중인데,", "{s}에 집을 알아보고 있는데,", "{s}에 전세로 사는데,", "{s} 쪽 아파트를 보고 있는데,", "{s}에 집을 살까 고민 중인데,", "부모님이 {s}에 사시는데,"],
    ["{s} 주택 시장 동향을 정리하고 있습니다.", "{s} 아파트 구입을 검토하고 있습니다.", "{s} 부동산 시세 보고서를 작성하고 있습니다.", "{s} 주거 실태 자료를 준비하고 있습니다."],
    "none",
  ),
  dong: [
    ...pair(["지금 {s}에서 운동하려는데,", "곧 아이 데리고 {s} 놀이터에 나가려는데,", "지금 {s}에서 산책하려고 하는데,", "조금 있다가 {s}에서 자전거 타려는데,", "이따 {s}에서 약속이 있는데,"], ["잠시 후 {s}에서 야외 작업이 있습니다.", "곧 {s}에서 야외 행사를 시작합니다.", "지금 {s}에서 현장 점검을 하려고 합니다."], "now"),
    ...pair(["{s}에 살고 있는데요,", "{s} 주민인데요,"], ["{s} 주민입니다.", "{s} 관내 민원에 답변하려고 합니다."], "none"),
  ],
};

/** Contexts that do not name the subject (the question names it). */
export const CONTEXTS: Record<string, Context[]> = {
  place: [
    ...pair(cross(["이번 주말에", "내일", "다음 주에", "연휴에"], ["아이랑", "친구랑", "가족이랑", "부모님 모시고"], ["나들이 가려는데,", "놀러 갈 생각인데,", "여행 가려는데,"]), cross(["이번 주말에", "내일", "다음 주에"], ["가족과", "직원들과", "손님을 모시고"], ["나들이를 계획하고 있습니다.", "방문 일정을 짜고 있습니다."]), "later"),
    ...pair(["여행 일정을 짜는 중인데,", "데이트 코스로 생각 중인데,", "회사 워크숍 장소를 찾고 있는데,", "사진 찍으러 다닐 곳을 고르는 중인데,"], ["여행 일정을 짜고 있습니다.", "부서 야유회 장소를 물색하고 있습니다.", "외부 손님 안내 일정을 잡고 있습니다.", "홍보 사진 촬영 장소를 검토하고 있습니다."], "none"),
    ...pair(["지금 나가려는데,", "곧 출발하려고 하는데,", "지금 밖에 나와 있는데,"], ["곧 외근을 나갑니다.", "지금 현장으로 이동하고 있습니다."], "now"),
  ],
  hospital: [
    ...pair(["다음 주에 진료 예약이 있는데,", "내일 병원에 가야 하는데,", "이번 주말에 진료 보려는데,"], ["다음 주에 진료 예약이 있습니다.", "내일 보호자로 동행할 예정입니다."], "later"),
    ...pair(["부모님 모시고 병원에 가야 해서요.", "허리가 아파서 가 보려고 해요.", "차를 가지고 갈 생각이에요.", "동생이 다친 것 같아서요.", "아이가 열이 나서요."], ["부모님을 모시고 병원에 가야 합니다.", "산업재해 근로자 진료 기관을 안내하려고 합니다.", "민원인에게 안내할 의료기관을 확인하고 있습니다.", "직원 건강검진 장소로 검토하고 있습니다."], "none"),
  ],
  workplace: pair(["이직할 회사를 알아보고 있어요.", "거래처를 확인하는 중이에요.", "면접 보기 전에 좀 알아보려고요."], ["이직을 검토하고 있습니다.", "거래처 확인이 필요합니다.", "협력업체 실사 자료를 정리하고 있습니다."], "none"),
  drug: pair(["집에 있는 상비약을 정리하고 있어요.", "약 봉투를 잃어버렸어요."], ["상비약을 점검하고 있습니다.", "복약 안내 자료를 만들고 있습니다."], "none"),
  address: pair(["이사 갈 집을 알아보는 중이에요.", "그 근처로 출근하게 됐어요."], ["이사할 곳을 알아보고 있습니다.", "신규 사무실 후보지를 검토하고 있습니다."], "none"),
  region: pair(["집을 알아보는 중이에요.", "전세 만기가 다가와서요.", "이사 갈 동네를 고르고 있어요."], ["주택 구입을 검토하고 있습니다.", "지역별 시세를 정리하고 있습니다."], "none"),
  dong: pair(["밖에서 운동하려고 하는데요,", "아이 등원시키기 전에 보려고요.", "창문을 열어 환기하려는데,"], ["외출 전에 확인하려고 합니다.", "야외 작업 전에 확인이 필요합니다."], "now"),
};

/** How a question refers to a subject its context already named. */
export const PRONOUNS: Record<string, [string[], string[]]> = {
  place: [["거기", "그곳"], ["그곳", "해당 장소"]],
  hospital: [["거기", "그 병원"], ["해당 병원", "그 병원"]],
  workplace: [["거기", "그 회사"], ["해당 사업장", "그 회사"]],
  drug: [["그 약"], ["해당 약", "그 약"]],
  address: [["거기", "그 주소"], ["해당 주소", "그곳"]],
  region: [["거기", "그 지역"], ["해당 지역", "그 지역"]],
  dong: [["거기", "그 동네"], ["그 지역", "해당 지역"]],
};
