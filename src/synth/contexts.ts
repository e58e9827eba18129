/**
 * The little context people give before a question ("내일 아이랑 경복궁에 가려는데,"), by the kind
 * of subject, in 해요체 and 합니다체. Each context says what it fits, and a request only carries one
 * that fits everything it asks (src/synth/request.ts picks; none is given where none fits):
 * - the time it speaks of: "내일 가려는데" goes with opening hours, never with this hour's
 *   temperature (the gate also rejects a request that breaks this);
 * - the topics of the asks: a sore back goes with a clinic's hours or the pharmacy near it, not
 *   with the fine dust at the clinic; "차를 가지고 가려는데" goes with parking only;
 * - the kind of subject by its name: a sore back with an orthopaedic or Korean-medicine clinic,
 *   never with an eye clinic; a walk in the park with a park, not with a museum;
 * - one subject or several: "지금 거기 가는 길인데" is said of one place, "어디로 갈지 고민 중인데"
 *   of the places compared;
 * - the walk's own instant (src/synth/instants.ts): "지금 산책하려는데" is not said at 23:23,
 *   "퇴근하고" not on a Sunday, "돗자리 펴고" not in January (SAID_AT; the gate checks it too).
 * Many contexts are built from parts (when, with whom, what for), so that a thousand requests do
 * not repeat a dozen sentences. Plain data and the pure checks over it.
 */
import type { AskTime } from "../catalog/intents";
import { kstParts } from "../time/kst";

/** The time a context speaks of: this hour, a later day, three days ahead, or none. */
export type ContextTime = "now" | "later" | "day3" | "none";

/** What an ask is about, as far as a context is concerned. */
export type Topic =
  | "weather"
  | "forecast"
  | "air"
  | "pharmacy"
  | "food"
  | "care"
  | "parking"
  | "visit"
  | "business"
  | "drug_use"
  | "drug_look"
  | "trade"
  | "rent"
  | "postal";

export interface Context {
  /** [해요체, 합니다체]; {s} (or {s:을/를} …) where the subject is named, if it is. */
  say: [string, string];
  time: ContextTime;
  /** The topics it fits: every ask of the request must be about one of them. */
  topics: readonly Topic[];
  /** The kinds of subject it fits (by name: "dental", "outdoor" …); any kind when absent. */
  kinds?: readonly string[];
  /** Said of several subjects at once (a comparison, a parallel), not of one. */
  many?: boolean;
}

/**
 * When a person says a phrase: the KST hours (from inclusive, to exclusive), on weekdays only, in
 * some months only. Absent: any.
 */
export interface SaidAt {
  hours?: readonly [number, number];
  weekdays?: true;
  months?: readonly number[];
}

/** "Now", "soon", "in a moment": the phrase after it happens at this instant. */
const NOW = "(?<![가-힣])(?:지금|현재|곧|이제|이따|막|잠시 ?[후뒤]|조금 있다가)";
const now = (what: string) => new RegExp(`${NOW}[^,.?!]*?(?:${what})`);

/**
 * Phrases of contexts and questions that tie what a person does to a time of day, a day of the
 * week or a season, and when they can be said. A wording fits an instant only when each of its
 * phrases does; the gate reads any request with them, a model's as well as a template's.
 */
export const SAID_AT: readonly { words: RegExp; at: SaidAt }[] = [
  // Being out and about now: not between 23:00 and 06:00.
  { words: now("가는 길|가는 중|가고 있|나가|나갈|나갑|나와|출발|도착|이동|들르|들릅|방문합|와 있|근처에 있|인근에 있|약속"), at: { hours: [6, 23] } },
  { words: /나가도 될지|나갈지|외출 전에|마스크를 챙길지|환기하려/, at: { hours: [6, 23] } },
  { words: /놀러 왔는데|에 왔는데|행사장에서|방문객이|챙겨 왔|넘어져서/, at: { hours: [7, 23] } },
  // Going to a festival today: while its day's programme runs.
  { words: /(?<![가-힣])(?:오늘|이따가?|저녁에)[^,.?!]*?(?:보러 가|가 보려|구경 가|관람|갈 계획|찾을 예정|갈지|갈 축제|방문할 행사|행사를? 앞두고|이동할 예정|가기로)|축제 (?:구경|보러)/, at: { hours: [8, 22] } },
  // Exercise and play outdoors: by day and in the evening.
  { words: now("산책|운동|자전거"), at: { hours: [6, 22] } },
  { words: /밖에서 운동|(?:산책|운동) ?(?:하려|할지|갈지|하러)/, at: { hours: [6, 22] } },
  { words: /뛰어놀|놀이터/, at: { hours: [8, 19] } },
  { words: /돗자리/, at: { hours: [9, 19], months: [4, 5, 6, 7, 8, 9, 10] } },
  { words: /빨래를 밖에/, at: { hours: [7, 18] } },
  { words: /야외 (?:행사|촬영)/, at: { hours: [8, 21] } },
  { words: /야외 작업/, at: { hours: [6, 20] } },
  { words: /야외 수업/, at: { hours: [8, 17], weekdays: true } },
  // Work, school and the clinic's day.
  { words: now("현장 점검|외근"), at: { hours: [8, 19], weekdays: true } },
  { words: /퇴근/, at: { hours: [7, 20], weekdays: true } },
  { words: /등원/, at: { hours: [6, 10], weekdays: true } },
  { words: /이번 주말/, at: { weekdays: true } },
  { words: /점심 (?:먹을 곳을 찾고|장소를 알아보)/, at: { hours: [10, 14] } },
  { words: /관람을 마치고|전시를 보고 곧/, at: { hours: [9, 21] } },
  { words: /진료받고|진료를 마치고|진료 끝나고|진료 후 약|처방전을 받아서|처방전을 발급받|처방받은 약을 지어/, at: { hours: [8, 21] } },
];

/** Why a wording is not said at an instant (the phrase and the instant), or null when it is. */
export function saidAtProblem(text: string, at: Date): string | null {
  const p = kstParts(at);
  const when = `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")} KST`;
  for (const { words, at: fit } of SAID_AT) {
    const said = words.exec(text)?.[0];
    if (said === undefined) continue;
    if (fit.hours && !(p.hour >= fit.hours[0] && p.hour < fit.hours[1])) return `"${said}" is not said at ${when}`;
    if (fit.weekdays && (p.weekday === 0 || p.weekday === 6)) return `"${said}" is not said on a weekend (${when})`;
    if (fit.months && !fit.months.includes(p.month)) return `"${said}" is not said in that season (${when})`;
  }
  return null;
}

/** Whether a wording can be said at an instant. */
export function saidAt(text: string, at: Date): boolean {
  return saidAtProblem(text, at) === null;
}

/** Whether a context's time fits what is asked: an observation of this hour is not "tomorrow". */
export function contextFits(context: ContextTime, asked: AskTime): boolean {
  if (context === "none") return true;
  if (asked === "any") return true;
  if (asked === "now") return context === "now";
  if (asked === "day3") return context === "day3";
  return false;
}

const TOOL_TOPICS: Record<string, Topic> = {
  kma_ultra_srt_ncst: "weather",
  kma_mid_ta: "forecast",
  kma_mid_land_fcst: "forecast",
  airkorea_station_realtime: "air",
  hira_pharmacies: "pharmacy",
  tour_location_based_list: "food",
  hira_hospital_detail: "care",
  hira_hospital_departments: "care",
  tour_detail_intro: "visit",
  tour_detail_common: "visit",
  nps_workplace_detail: "business",
  nps_workplace_monthly: "business",
  mfds_easy_drug: "drug_use",
  mfds_pill_identification: "drug_look",
  rtms_apt_trades: "trade",
  rtms_apt_rents: "rent",
  juso_search: "postal",
  tago_nearby_stops: "visit",
};
/** Asks whose topic is narrower than their tool's. */
const ASK_TOPICS: Record<string, Topic> = { "hira_hospital_detail.parking": "parking" };

/** The topic of an ask (null for a tool no context speaks of: such a request gets none). */
export function topicOf(tool: string, askId: string): Topic | null {
  return ASK_TOPICS[`${tool}.${askId}`] ?? TOOL_TOPICS[tool] ?? null;
}

const HOSPITAL_KINDS: [RegExp, string][] = [
  [/요양병원/, "nursing"],
  [/치과/, "dental"],
  [/이비인후과/, "ent"],
  [/안과/, "eye"],
  [/한의원|한방/, "kmed"],
  [/소아/, "peds"],
  [/정형외과|신경외과|통증|재활/, "ortho"],
  [/피부과/, "derm"],
  [/산부인과|여성/, "obgyn"],
  [/비뇨/, "uro"],
  [/정신/, "psych"],
  [/내과/, "internal"],
  [/병원|의료원|의료센터/, "general"],
];
const PLACE_KINDS: [RegExp, string][] = [
  [/박물관|미술관|기념관|전시관|과학관|도서관|문화원|문화관|아트센터|센터$|극장|공연장|갤러리|아쿠아리움|홀$|관$/, "indoor"],
  [/해수욕장|해변|공원|산$|산성|숲|계곡|폭포|섬$|호수|수목원|둘레길|길$|오름|해안|강$|천$|정원|습지|유원지|캠핑|동굴|봉$|대$|항$|포구|마을|농원|목장/, "outdoor"],
];

/** The kind of a named subject as its name tells it: a clinic's department, an indoor or outdoor place. */
export function kindOf(subject: string, name: string): string {
  const table = subject === "hospital" ? HOSPITAL_KINDS : subject === "place" ? PLACE_KINDS : [];
  const fallback = subject === "hospital" ? "clinic" : subject === "place" ? "sight" : subject;
  return table.find(([pattern]) => pattern.test(name))?.[1] ?? fallback;
}

/** Whether a context fits the asks' topics, the subjects' kinds and their number. */
export function contextSuits(context: Context, topics: readonly (Topic | null)[], kinds: readonly string[], many: boolean): boolean {
  if ((context.many ?? false) !== many) return false;
  if (!topics.every((t) => t !== null && context.topics.includes(t))) return false;
  return context.kinds === undefined || kinds.every((k) => context.kinds?.includes(k));
}

function cross(times: readonly string[], companions: readonly string[], verbs: readonly string[]): string[] {
  return times.flatMap((t) => companions.flatMap((c) => verbs.map((v) => [t, c, v].filter((w) => w !== "").join(" "))));
}

/** Pairs 해요체 and 합니다체 lists of different lengths: each 해요체 wording with a 합니다체 one. */
function pair(haeyo: readonly string[], hamnida: readonly string[], time: ContextTime, topics: readonly Topic[], fit: { kinds?: readonly string[]; many?: boolean } = {}): Context[] {
  const n = Math.max(haeyo.length, hamnida.length);
  return Array.from({ length: n }, (_, i) => ({ say: [haeyo[i % haeyo.length] ?? "", hamnida[i % hamnida.length] ?? ""], time, topics, ...fit }));
}

const LATER = ["내일", "이번 주말에", "모레", "다음 주에", "다음 달에", "연휴에", "퇴근하고", "오랜만에"];
const LATER_FORMAL = ["내일", "이번 주말에", "모레", "다음 주에", "다음 달 초에", "연휴 중에"];

const OUTING: readonly Topic[] = ["visit", "food"];
const NOW_OUT: readonly Topic[] = ["weather", "air"];
const CARE: readonly Topic[] = ["care", "parking", "pharmacy"];
const HOUSING: readonly Topic[] = ["trade", "rent"];
const DRUGS: readonly Topic[] = ["drug_use", "drug_look"];

/** Why a person goes to a clinic of each kind, naming it ("이가 아파서 {s}에 가 보려는데,"). */
const SYMPTOMS: [string[], string[], string[], string[], string[]][] = [
  // [kinds, 해요체 naming, 합니다체 naming, 해요체 without the name, 합니다체 without it]
  [["dental"], ["이가 시려서 {s}에 가 보려는데,", "사랑니 때문에 {s}에 예약했는데,", "아이 충치 치료로 {s}에 다니는데,", "스케일링 받으러 {s}에 가려는데,"], ["치아 치료 때문에 {s:을/를} 방문하려고 합니다.", "{s}에서 스케일링을 받을 예정입니다."], ["이가 시려서요.", "사랑니가 욱신거려서요.", "충치 치료를 받아야 해서요."], ["치아 치료가 필요합니다."]],
  [["eye"], ["눈이 자꾸 침침해서 {s}에 가 보려는데,", "아이 시력 검사 때문에 {s}에 가려는데,", "눈이 충혈돼서 {s}에 가 보려고 하는데,"], ["시력 검사를 받으러 {s:을/를} 방문할 예정입니다.", "안구 건조 증상으로 {s}에서 진료를 받으려고 합니다."], ["눈이 자꾸 침침해서요.", "아이 시력 검사를 받아야 해서요.", "눈이 뻑뻑하고 충혈돼서요."], ["시력 검사가 필요합니다."]],
  [["kmed"], ["허리가 아파서 {s}에 침 맞으러 가려는데,", "발목을 삐어서 {s}에 가 보려는데,", "어머니가 {s}에서 한약을 지으시려는데,"], ["허리 통증으로 {s}에서 한방 치료를 받으려고 합니다.", "{s}에서 침 치료를 받을 예정입니다."], ["허리가 아파서 침 맞으러 가려고요.", "발목을 삐었어요.", "어깨가 결려서 침을 맞아 보려고요."], ["한방 치료를 받으려고 합니다."]],
  [["peds"], ["아이가 열이 나서 {s}에 데려가려는데,", "아이 예방접종 때문에 {s}에 가야 하는데,", "아이가 기침을 해서 {s}에 가 보려는데,"], ["자녀 예방접종을 위해 {s:을/를} 방문할 예정입니다.", "아이 진료 때문에 {s}에 가려고 합니다."], ["아이가 열이 나서요.", "아이 예방접종 날이라서요.", "아이가 밤새 기침을 해서요."], ["자녀 진료가 필요합니다."]],
  [["ortho"], ["허리가 아파서 {s}에 가 보려는데,", "무릎이 안 좋아서 {s}에 가려는데,", "어깨가 결려서 {s}에서 물리치료 받으려는데,"], ["무릎 통증으로 {s}에서 진료를 받으려고 합니다.", "{s}에서 물리치료를 받을 예정입니다."], ["허리가 아파서 가 보려고 해요.", "무릎이 계속 시큰거려서요.", "발목을 접질렸어요."], ["관절 통증으로 진료가 필요합니다."]],
  [["ent"], ["목이 붓고 코가 막혀서 {s}에 가려는데,", "귀가 먹먹해서 {s}에 가 보려는데,"], ["비염 치료를 위해 {s:을/를} 방문하려고 합니다.", "중이염 진료로 {s}에 갈 예정입니다."], ["코감기가 안 나아서요.", "목이 많이 부었어요.", "귀가 먹먹해서요."], ["비염 증상으로 진료가 필요합니다."]],
  [["derm"], ["피부에 두드러기가 올라와서 {s}에 가려는데,", "여드름 때문에 {s}에 다녀 보려는데,"], ["피부 질환으로 {s}에서 진료를 받으려고 합니다."], ["피부에 두드러기가 났어요.", "피부가 계속 가려워서요."], ["피부 질환 진료가 필요합니다."]],
  [["obgyn"], ["정기 검진 받으러 {s}에 다니는데,", "아내가 {s}에서 산전 검사를 받는데,"], ["{s}에서 산전 검진을 받고 있습니다."], ["정기 검진을 받아야 해서요."], ["정기 검진을 받아야 합니다."]],
  [["uro"], ["검진에서 재검 받으라고 해서 {s}에 가려는데,"], ["{s}에서 재검사를 받을 예정입니다."], ["건강검진에서 재검 판정을 받아서요."], ["재검사를 받아야 합니다."]],
  [["psych"], ["요즘 잠을 통 못 자서 {s}에서 상담받아 보려는데,"], ["{s}에서 상담 치료를 받으려고 합니다."], ["요즘 잠을 통 못 자서요."], ["상담 치료를 받으려고 합니다."]],
  [["internal"], ["속이 계속 쓰려서 {s}에 가 보려는데,", "감기 기운이 있어서 {s}에 가려는데,", "{s}에서 내시경 검사를 받으려는데,"], ["{s}에서 내시경 검사를 받을 예정입니다.", "건강검진 결과 상담차 {s:을/를} 방문하려고 합니다."], ["속이 계속 쓰려서요.", "감기 기운이 있어서요.", "아이가 열이 나서요."], ["내과 진료가 필요합니다."]],
  [["general"], ["아버지 수술 때문에 {s}에 가야 하는데,", "{s}에서 정밀 검사를 받기로 했는데,", "아버지가 {s}에 입원하셨는데,", "할머니가 {s}에 입원해 계신데,"], ["{s}에서 정밀 검사를 받을 예정입니다.", "부친이 {s}에 입원해 계십니다.", "{s:으로/로} 환자를 전원하려고 합니다."], ["아이가 열이 나서요.", "정밀 검사를 받아야 해서요.", "가족이 입원해 있어서요."], ["정밀 검사를 받아야 합니다."]],
];

/** Contexts that name the subject: the question after them may leave it out or say "거기". */
export const NAMED_CONTEXTS: Record<string, Context[]> = {
  // A festival running today: one goes there today, or is there.
  festival: [
    ...pair(
      cross(["오늘", "이따가", "저녁에"], ["아이랑", "친구들이랑", "가족이랑", "부모님 모시고", ""], ["{s} 보러 가려는데,", "{s}에 가 보려고 하는데,", "{s} 구경 가기로 했는데,"]).concat(["지금 {s}에 가는 길인데,", "곧 {s}에 도착하는데,", "지금 {s} 근처에 와 있는데,"]),
      ["오늘 {s:을/를} 관람할 예정입니다.", "오늘 가족과 {s}에 갈 계획입니다.", "지금 {s} 행사장으로 이동하고 있습니다.", "잠시 후 손님을 모시고 {s:을/를} 방문합니다.", "오늘 직원들과 {s:을/를} 찾을 예정입니다."],
      "now",
      ["weather", "air", "visit", "food", "pharmacy"],
    ),
    ...pair(["오늘 {s} 구경하고 밥 먹을 데를 찾는데,", "오늘 {s} 보고 나서 저녁 먹으려는데,"], ["오늘 {s} 관람 후 식사할 곳을 정하려고 합니다."], "none", ["food"]),
    ...pair(["오늘 {s}에 왔는데 아이가 넘어져서요.", "오늘 {s}에 놀러 왔는데 갑자기 머리가 아파서요."], ["오늘 {s} 행사장에서 상비약이 필요합니다."], "none", ["pharmacy"]),
  ],
  place: [
    ...pair(
      cross(LATER, ["아이랑", "부모님 모시고", "친구들이랑", "가족이랑", "동료들이랑", "혼자", "애들 데리고", "여자친구랑"], ["{s}에 가려는데,", "{s}에 가 보려고 하는데,", "{s}에 놀러 가려는데,", "{s}에 들를 생각인데,", "{s}에 가기로 했는데,"]),
      cross(LATER_FORMAL, ["가족과", "부모님을 모시고", "동료들과", "외부 손님과", "어르신들과", ""], ["{s:을/를} 방문할 예정입니다.", "{s}에 갈 계획입니다.", "{s}에 들를 예정입니다.", "{s:을/를} 찾을 계획입니다."]),
      "later",
      OUTING,
    ),
    ...pair(
      cross(["지금", "이제"], ["아이랑", "친구랑", "가족이랑", ""], ["{s}에 가는 길인데,", "{s} 쪽으로 나가려는데,", "{s:으로/로} 출발하려는데,"]).concat(["곧 {s}에 도착하는데,", "지금 {s} 근처에 와 있는데,", "{s}에 막 도착했는데,", "조금 있다가 {s}에 들르려는데,"]),
      ["지금 {s:으로/로} 이동하고 있습니다.", "곧 {s}에 도착합니다.", "현재 {s} 인근에 있습니다.", "잠시 후 {s:을/를} 방문합니다.", "지금 가족과 {s}에 가는 중입니다.", "잠시 뒤 손님을 모시고 {s}에 들릅니다."],
      "now",
      ["weather", "air", "visit", "food", "pharmacy"],
    ),
    ...pair(["사흘 뒤에 {s}에 가려는데,", "3일 뒤에 아이랑 {s}에 놀러 가는데,", "사흘 후에 {s} 쪽에 일정이 있는데,", "3일 뒤에 친구들이랑 {s}에 가기로 했는데,"], ["3일 뒤 {s:을/를} 방문할 예정입니다.", "사흘 뒤 가족과 {s}에 갈 계획입니다.", "3일 후 {s}에서 행사가 있습니다."], "day3", ["forecast", "visit", "food"]),
    ...pair(["{s}에서 친구를 만나기로 했는데,", "처음으로 {s}에 가 보는데,", "{s}에 사진 찍으러 가 볼까 하는데,", "{s}에 부모님을 모시고 갈까 하는데,"], ["{s} 답사를 계획하고 있습니다.", "해외 바이어와 {s:을/를} 방문할 계획입니다.", "{s} 현장 점검을 앞두고 있습니다.", "{s} 견학 일정을 짜고 있습니다."], "none", OUTING),
    ...pair(["{s} 구경하고 밥 먹을 데를 찾는데,", "{s} 둘러보고 점심 먹으려는데,", "{s}에 갔다가 저녁을 먹고 오려는데,"], ["{s} 방문 후 식사할 곳을 정하려고 합니다.", "{s} 견학 뒤 점심 장소를 잡아야 합니다."], "none", ["food"]),
    ...pair(["{s}에 놀러 왔는데 갑자기 머리가 아파서요.", "{s}에서 아이가 넘어져서 밴드가 필요한데,", "{s}에 왔는데 소화제를 안 챙겨서요."], ["{s} 행사장에서 상비약이 필요합니다.", "{s} 방문객이 약국을 찾고 있습니다."], "none", ["pharmacy"]),
    ...pair(["지금 {s}에서 산책하려는데,", "이따 {s}에서 아이들 뛰어놀게 하려는데,", "지금 {s}에서 자전거 타려고 하는데,", "곧 {s}에 돗자리 펴고 앉으려는데,"], ["잠시 후 {s}에서 야외 행사를 진행합니다.", "곧 {s}에서 야외 촬영을 시작합니다."], "now", NOW_OUT, { kinds: ["outdoor"] }),
    ...pair(["지금 {s} 관람을 마치고 나가려는데,", "{s} 전시를 보고 곧 나갈 건데,"], ["잠시 후 {s} 관람을 마치고 이동합니다."], "now", ["weather", "air", "food", "pharmacy"], { kinds: ["indoor"] }),
  ],
  hospital: [
    ...pair(
      cross(LATER, ["아이랑", "어머니 모시고", "아버지 모시고", "할머니 모시고", "남편이랑", "아내랑", ""], ["{s}에 진료 보러 가려는데,", "{s}에 가 보려고 하는데,", "{s}에 예약해 뒀는데,", "{s}에 가야 하는데,"]),
      cross(LATER_FORMAL, ["부모님을 모시고", "가족과", ""], ["{s}에서 진료를 받을 예정입니다.", "{s:을/를} 방문할 예정입니다.", "{s}에 갈 예정입니다."]),
      "later",
      CARE,
    ),
    ...pair(["지금 {s}에 가는 길인데,", "곧 {s}에 도착하는데,", "지금 {s}에 와 있는데,", "아이랑 {s}에 막 도착했는데,", "지금 어머니 모시고 {s}에 가는 중인데,"], ["지금 {s:으로/로} 가고 있습니다.", "곧 {s}에 도착합니다.", "현재 {s}에 와 있습니다."], "now", [...CARE, "weather", "air"]),
    ...pair(["사흘 뒤에 {s}에 진료 예약이 있는데,", "3일 뒤에 아버지 모시고 {s}에 가야 하는데,"], ["3일 뒤 {s} 진료가 예약되어 있습니다.", "사흘 뒤 {s:을/를} 방문할 예정입니다."], "day3", [...CARE, "forecast"]),
    ...pair(["어머니가 {s}에 다니시는데,", "{s:으로/로} 병원을 옮길까 고민 중인데,", "동네 분이 {s:을/를} 추천해 줬는데,", "처음으로 {s}에 가 보는데,"], ["부모님이 {s}에서 진료를 받고 계십니다.", "{s} 이용을 검토하고 있습니다.", "{s} 관련 민원이 접수되었습니다."], "none", CARE),
    ...pair(["{s}에서 건강검진을 받아 볼까 하는데,"], ["직원 건강검진 기관으로 {s:을/를} 검토하고 있습니다."], "none", ["care", "parking"], { kinds: ["general", "internal"] }),
    ...pair(["차를 가지고 {s}에 가려는데,", "{s}에 운전해서 가야 하는데,", "어머니 모시고 {s}에 차로 가려는데,"], ["{s}에 차량으로 방문할 예정입니다.", "{s}에 관용차로 이동하려고 합니다."], "none", ["parking"]),
    ...pair(["{s}에서 진료받고 처방전을 받았는데,", "{s}에서 막 진료를 마치고 나왔는데,", "{s}에서 처방받은 약을 지어야 하는데,"], ["{s}에서 처방전을 발급받았습니다.", "{s} 진료 후 약을 조제해야 합니다."], "none", ["pharmacy"]),
    // A reason to see a doctor goes with the clinic's own facts, not with the pharmacy near it.
    ...SYMPTOMS.flatMap(([kinds, haeyo, hamnida]) => pair(haeyo, hamnida, "none", ["care", "parking"], { kinds })),
  ],
  workplace: pair(
    ["다음 주에 {s}에 면접 보러 가는데,", "{s}에서 이직 제안을 받았는데,", "친구가 {s}에 다닌다고 해서요.", "{s:과/와} 거래를 시작하려는데,", "{s}에 지원해 보려고 하는데,", "{s} 입사를 고민 중인데,", "{s}에서 면접 보자는 연락이 왔는데,", "동생이 {s}에 합격했는데,"],
    ["{s:과/와}의 거래를 검토하고 있습니다.", "{s} 협력업체 실사를 준비하고 있습니다.", "{s} 관련 자료를 정리하고 있습니다.", "{s}에 대한 신용 검토를 진행하고 있습니다.", "{s}의 입찰 참가 자격을 확인하고 있습니다."],
    "none",
    ["business"],
  ),
  drug: [
    ...pair(["집에 {s:이/가} 있는데,", "어머니가 {s:을/를} 드시는데,", "처방받은 약 중에 {s:이/가} 있는데,"], ["{s} 관련 문의가 들어왔습니다.", "{s} 재고를 점검하고 있습니다."], "none", DRUGS),
    ...pair(["약국에서 {s:을/를} 사 왔는데,", "아이가 {s:을/를} 먹어야 하는데,", "{s:을/를} 처음 먹어 보려는데,", "상비약으로 {s:을/를} 사 두려는데,"], ["{s} 복약 안내가 필요합니다.", "{s:을/를} 복용하려고 합니다."], "none", ["drug_use"]),
    ...pair(["약통에 알약이 섞여서 {s}인지 확인하려는데,", "받은 약이 {s:이/가} 맞는지 보려는데,"], ["{s} 낱알 식별 요청이 접수되었습니다."], "none", ["drug_look"]),
  ],
  address: [
    ...pair(["다음 달에 {s:으로/로} 이사 가는데,", "이번 주말에 {s}에 있는 집을 보러 가는데,", "내일 {s:으로/로} 이삿짐을 옮기는데,"], ["다음 달 {s:으로/로} 사무실을 옮길 예정입니다.", "내일 {s}에서 현장 조사가 있습니다."], "later", ["postal", "pharmacy"]),
    ...pair(["{s}에 택배를 보내야 하는데,", "{s:으로/로} 청첩장을 보내려는데,", "{s}에 사시는 할머니께 선물을 보내려는데,", "이번에 {s:으로/로} 출근하게 됐는데,"], ["{s:으로/로} 우편물을 보내야 합니다.", "{s:으로/로} 등기를 발송하려고 합니다.", "{s} 건물 임차를 검토하고 있습니다."], "none", ["postal"]),
    ...pair(["{s:으로/로} 이사를 앞두고 있는데,", "{s}에 새로 가게를 열었는데,"], ["{s:으로/로} 사무실 이전을 검토하고 있습니다."], "none", ["postal", "pharmacy"]),
    ...pair(["{s}에 사시는 어머니가 약이 떨어지셨다는데,", "{s}에 사는데 감기약이 필요해서요."], ["{s} 인근 주민에게 약국 정보를 안내하려고 합니다."], "none", ["pharmacy"]),
    ...pair(["지금 {s} 쪽으로 나가려는데,", "곧 {s}에 도착하는데,", "지금 {s} 근처에 있는데,"], ["지금 {s} 인근으로 이동하고 있습니다.", "곧 {s}에 도착합니다."], "now", [...NOW_OUT, "pharmacy"]),
    ...pair(["사흘 뒤에 {s} 쪽으로 이사하는데,", "3일 뒤에 {s}에 갈 일이 있는데,"], ["3일 뒤 {s}에서 일정이 있습니다.", "사흘 뒤 {s:으로/로} 이사할 예정입니다."], "day3", ["forecast", "postal"]),
  ],
  region: [
    ...pair(["{s:으로/로} 이사를 생각 중인데,", "{s}에 집을 알아보고 있는데,", "{s} 쪽 아파트를 보고 있는데,", "부모님이 {s}에 사시는데,"], ["{s} 주택 시장 동향을 정리하고 있습니다.", "{s} 부동산 시세 보고서를 작성하고 있습니다.", "{s} 주거 실태 자료를 준비하고 있습니다."], "none", HOUSING),
    ...pair(["{s}에 집을 살까 고민 중인데,", "{s}에 내 집 마련을 해 보려는데,"], ["{s} 아파트 구입을 검토하고 있습니다."], "none", ["trade"]),
    ...pair(["{s}에 전세로 사는데,", "{s}에서 전세 만기가 다가오는데,", "{s}에 월세 집을 구하고 있는데,"], ["{s} 임대차 시장을 살펴보고 있습니다."], "none", ["rent"]),
  ],
  dong: [
    ...pair(["지금 {s}에서 운동하려는데,", "곧 아이 데리고 {s} 놀이터에 나가려는데,", "지금 {s}에서 산책하려고 하는데,", "조금 있다가 {s}에서 자전거 타려는데,", "이따 {s}에서 약속이 있는데,"], ["잠시 후 {s}에서 야외 작업이 있습니다.", "곧 {s}에서 야외 행사를 시작합니다.", "지금 {s}에서 현장 점검을 하려고 합니다."], "now", ["air"]),
    ...pair(["{s}에 살고 있는데요,", "{s} 주민인데요,"], ["{s} 주민입니다.", "{s} 관내 민원에 답변하려고 합니다."], "none", ["air"]),
  ],
};

/** Contexts that do not name the subject (the question names it). */
export const CONTEXTS: Record<string, Context[]> = {
  festival: [
    ...pair(["오늘 축제 구경 가려는데,", "축제 보러 나가려는데,", "이따 축제에 가기로 했는데,"], ["오늘 행사 관람을 앞두고 있습니다.", "오늘 축제 현장으로 이동할 예정입니다."], "now", ["weather", "air", "visit", "food", "pharmacy"]),
    ...pair(["축제 구경하고 밥 먹을 데를 찾고 있어요."], ["행사 관람 뒤 식사 장소를 알아보고 있습니다."], "none", ["food"]),
  ],
  // A business looked up by its registration number in an agency's register: an official's site visit.
  site: pair(
    ["현장 점검을 나가야 하는데,", "점검차 방문할 곳인데,", "출장 가는 곳인데,", "다음 주에 현장 확인을 가려고 하는데,", "방문 점검 일정이 잡혀서요."],
    ["현장 점검을 나갈 예정입니다.", "해당 사업장을 방문 점검할 예정입니다.", "현장 확인차 방문하려고 합니다.", "보험 가입 실태 점검을 나갑니다.", "현장 출장 일정을 잡고 있습니다."],
    "none",
    ["pharmacy", "food", "visit", "postal", "care"],
  ),
  place: [
    ...pair(cross(["이번 주말에", "내일", "다음 주에", "연휴에"], ["아이랑", "친구랑", "가족이랑", "부모님 모시고"], ["나들이 가려는데,", "놀러 갈 생각인데,", "여행 가려는데,"]), cross(["이번 주말에", "내일", "다음 주에"], ["가족과", "직원들과", "손님을 모시고"], ["나들이를 계획하고 있습니다.", "방문 일정을 짜고 있습니다."]), "later", OUTING),
    ...pair(["여행 일정을 짜는 중인데,", "데이트 코스로 생각 중인데,", "회사 워크숍 장소를 찾고 있는데,", "사진 찍으러 다닐 곳을 고르는 중인데,"], ["여행 일정을 짜고 있습니다.", "부서 야유회 장소를 물색하고 있습니다.", "외부 손님 안내 일정을 잡고 있습니다.", "홍보 사진 촬영 장소를 검토하고 있습니다."], "none", OUTING),
    ...pair(["지금 나가려는데,", "곧 출발하려고 하는데,", "지금 밖에 나와 있는데,"], ["곧 외근을 나갑니다.", "지금 현장으로 이동하고 있습니다."], "now", NOW_OUT),
    ...pair(["점심 먹을 곳을 찾고 있어요.", "배가 고파서요."], ["식사 장소를 알아보고 있습니다."], "none", ["food"]),
    ...pair(["상비약을 깜빡하고 안 챙겨 왔어요.", "아이가 넘어져서 소독약이 필요해요."], ["방문객이 상비약을 찾고 있습니다."], "none", ["pharmacy"]),
  ],
  hospital: [
    ...pair(["다음 주에 진료 예약이 있는데,", "내일 병원에 가야 하는데,", "이번 주말에 진료 보려는데,"], ["다음 주에 진료 예약이 있습니다.", "내일 보호자로 동행할 예정입니다."], "later", CARE),
    ...pair(["부모님 모시고 병원에 가야 해서요.", "처음 가 보는 병원이라서요."], ["부모님을 모시고 병원에 가야 합니다.", "민원인에게 안내할 의료기관을 확인하고 있습니다."], "none", ["care", "parking"]),
    ...pair(["차를 가지고 갈 생각이에요.", "휠체어 타신 할머니를 차로 모셔야 해서요."], ["차량으로 방문할 예정입니다."], "none", ["parking"]),
    ...pair(["처방전을 받아서 약을 지어야 해요.", "진료 끝나고 바로 약을 타야 해서요."], ["처방전에 따라 약을 조제해야 합니다."], "none", ["pharmacy"]),
    ...pair(["허리를 삐끗했어요."], ["산업재해 근로자 진료 기관을 안내하려고 합니다."], "none", ["care"], { kinds: ["ortho", "kmed", "general"] }),
    ...pair(["건강검진을 받으려고요."], ["직원 건강검진 장소로 검토하고 있습니다."], "none", ["care", "parking"], { kinds: ["general", "internal"] }),
    ...SYMPTOMS.flatMap(([kinds, , , haeyo, hamnida]) => pair(haeyo, hamnida, "none", ["care", "parking"], { kinds })),
  ],
  workplace: pair(["이직할 회사를 알아보고 있어요.", "거래처를 확인하는 중이에요.", "면접 보기 전에 좀 알아보려고요.", "취업 준비 중이라서요."], ["이직을 검토하고 있습니다.", "거래처 확인이 필요합니다.", "협력업체 실사 자료를 정리하고 있습니다."], "none", ["business"]),
  drug: [
    ...pair(["집에 있는 상비약을 정리하고 있어요.", "유통기한 지난 약을 정리하다가요."], ["상비약을 점검하고 있습니다.", "복약 안내 자료를 만들고 있습니다."], "none", ["drug_use"]),
    ...pair(["약 봉투를 잃어버렸어요.", "약통에 알약이 섞여 버렸어요."], ["낱알 식별 문의가 들어왔습니다."], "none", ["drug_look"]),
  ],
  address: [
    ...pair(["이사 갈 집을 알아보는 중이에요.", "새 사무실 주소를 정리하고 있어요."], ["이사할 곳을 알아보고 있습니다.", "신규 사무실 후보지를 검토하고 있습니다."], "none", ["postal", "pharmacy"]),
    ...pair(["택배 주소를 정확히 적어야 해서요.", "서류에 지번 주소를 써야 해서요."], ["등기 우편 발송을 준비하고 있습니다.", "계약서에 지번 주소를 기재해야 합니다."], "none", ["postal"]),
  ],
  region: [
    ...pair(["집을 알아보는 중이에요.", "이사 갈 동네를 고르고 있어요."], ["지역별 시세를 정리하고 있습니다."], "none", HOUSING),
    ...pair(["전세 만기가 다가와서요."], ["임대차 시세를 파악하고 있습니다."], "none", ["rent"]),
    ...pair(["첫 집 마련을 준비하고 있어요."], ["주택 구입을 검토하고 있습니다."], "none", ["trade"]),
  ],
  dong: pair(["밖에서 운동하려고 하는데요,", "아이 등원시키기 전에 보려고요.", "창문을 열어 환기하려는데,", "마스크를 챙길지 고민돼서요.", "빨래를 밖에 널까 하는데,"], ["외출 전에 확인하려고 합니다.", "야외 작업 전에 확인이 필요합니다.", "야외 수업 진행 여부를 판단해야 합니다."], "now", ["air"]),
};

/** Contexts said of several subjects at once (a comparison, a parallel). */
export const MANY_CONTEXTS: Record<string, Context[]> = {
  festival: [
    ...pair(["오늘 어느 축제에 갈지 고민 중인데,", "오늘 갈 축제를 고르는 중인데,"], ["오늘 방문할 행사를 정하고 있습니다."], "now", ["weather", "air", "visit", "food"], { many: true }),
  ],
  place: [
    ...pair(["여행 일정을 짜는 중인데,", "주말 나들이 장소를 고르는 중인데,", "어디로 놀러 갈지 고민 중인데,"], ["방문지 후보를 비교하고 있습니다.", "견학 장소를 정하고 있습니다."], "none", OUTING, { many: true }),
    ...pair(["어디로 나갈지 고민 중인데,", "지금 나가려는데 어디가 나을지 모르겠어요."], ["야외 일정 장소를 정해야 합니다."], "now", NOW_OUT, { many: true }),
    ...pair(["사흘 뒤 여행지를 정하려는데,", "3일 뒤 나들이 장소를 고르는 중인데,"], ["3일 뒤 행사 장소를 정해야 합니다."], "day3", ["forecast"], { many: true }),
  ],
  hospital: [
    ...pair(["어느 병원에 갈지 고민 중인데,", "부모님 모시고 갈 병원을 고르는 중이에요."], ["협력 의료기관을 선정하고 있습니다.", "민원인에게 안내할 의료기관을 비교하고 있습니다."], "none", CARE, { many: true }),
    ...pair(["차를 가져갈 거라서요."], ["차량으로 방문할 예정입니다."], "none", ["parking"], { many: true }),
  ],
  workplace: pair(["이직할 회사를 비교하고 있어요.", "거래처 후보를 추리는 중이에요."], ["협력업체 후보를 비교 검토하고 있습니다."], "none", ["business"], { many: true }),
  drug: pair(["어떤 약을 먹을지 고민 중이에요.", "상비약을 정리하고 있어요."], ["상비약 목록을 정리하고 있습니다."], "none", ["drug_use", "drug_look"], { many: true }),
  address: pair(["이사 갈 곳을 추리는 중이에요."], ["사무실 후보지를 비교하고 있습니다."], "none", ["postal", "pharmacy"], { many: true }),
  region: pair(["이사 갈 동네를 고르고 있어요.", "집을 어디에 구할지 고민 중이에요."], ["지역별 시세를 비교하고 있습니다."], "none", HOUSING, { many: true }),
  dong: pair(["어느 동네에서 운동할지 정하려는데,", "아이랑 어디로 산책 갈지 고민 중인데,"], ["지역별 대기 상황을 비교하고 있습니다."], "now", ["air"], { many: true }),
};

/** How a question refers to a subject its context already named. */
export const PRONOUNS: Record<string, [string[], string[]]> = {
  place: [["거기", "그곳"], ["그곳", "해당 장소"]],
  festival: [["거기", "그 축제"], ["해당 행사장", "그 축제"]],
  hospital: [["거기", "그 병원"], ["해당 병원", "그 병원"]],
  workplace: [["거기", "그 회사"], ["해당 사업장", "그 회사"]],
  drug: [["그 약"], ["해당 약", "그 약"]],
  address: [["거기", "그 주소"], ["해당 주소", "그곳"]],
  region: [["거기", "그 지역"], ["해당 지역", "그 지역"]],
  dong: [["거기", "그 동네"], ["그 지역", "해당 지역"]],
};
