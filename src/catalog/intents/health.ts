/** Hospitals and pharmacies people name or look for nearby, and what they ask about them. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

const RUNS: [string, string] = ["운영해요", "운영합니다"];
const DOES_NOT_RUN: [string, string] = ["운영하지 않아요", "운영하지 않습니다"];
const RUNS_OR_NOT = { Y: RUNS, N: DOES_NOT_RUN, true: RUNS, false: DOES_NOT_RUN };

// A hundred rows of several 시도 and of the general hospitals, pages apart.
const HOSPITAL_SEEDS = [
  ...["110000", "310000", "210000", "220000", "250000", "230000"].map((sidoCd) => ({ sidoCd, numOfRows: 100 })),
  { sidoCd: "110000", numOfRows: 100, pageNo: 2 },
  { clCd: "11", numOfRows: 100 },
].map((args) => ({ from: "call" as const, tool: "hira_hospitals", args, field: "yadmNm", shorten: false }));

// A hundred pharmacies of each of several 시도.
const PHARMACY_SEEDS = ["110000", "310000", "210000", "220000", "250000", "230000"].map((sidoCd) => ({ from: "call" as const, tool: "hira_pharmacies", args: { sidoCd, numOfRows: 100 }, field: "yadmNm", shorten: false }));

export const HEALTH_INTENTS: Record<string, ToolIntent> = {
  hira_hospitals: {
    subject: "hospital",
    noun: "병원",
    label: "yadmNm",
    distance: { field: "distance", unit: "m" },
    find: { param: "yadmNm", seeds: HOSPITAL_SEEDS, args: {}, refer: ["{s}"] },
    asks: [],
    aggregates: [],
  },
  hira_pharmacies: {
    subject: "pharmacy",
    noun: "약국",
    label: "yadmNm",
    distance: { field: "distance", unit: "m" },
    find: { param: "yadmNm", seeds: PHARMACY_SEEDS, args: {}, refer: ["{s}"] },
    asks: [
      {
        id: "nearest",
        say: ["이름과 전화번호", "이름이랑 전화번호", "이름과 연락처", "상호랑 전화번호", "이름, 그리고 전화할 번호", "상호하고 전화번호"],
        ask: [
          ["{s} {n:이/가} 어디예요? 전화번호도 알려 주세요.", "{s} {n:은/는} 어디이며 전화번호는 무엇입니까?"],
          ["{s} {n} 이름하고 전화번호 좀 알려 줄래요?", "{s} {n}의 이름과 전화번호를 알려 주십시오."],
          ["{s} {n:이/가} 어딘지랑 전화번호 알 수 있을까요?", "{s} {n}의 상호와 연락처를 확인 부탁드립니다."],
          ["{s} {n} 좀 찾아 주세요. 전화해 보려고요.", "{s} {n:을/를} 찾아 상호와 전화번호를 알려 주십시오."],
          ["{s} {n:이/가} 어디예요? 전화 먼저 해 보려고 번호도요.", "{s} {n}의 이름과 전화번호를 안내해 주시기 바랍니다."],
        ],
        facts: [
          { fields: ["yadmNm"], name: "약국", digits: 0, all: false },
          { fields: ["telno"], name: "전화번호", digits: 0, all: false },
        ],
      },
      {
        id: "nearest_distance",
        say: ["이름과 거리", "이름이랑 몇 m 떨어져 있는지", "이름과 그곳까지의 거리", "상호와 거리", "이름하고 걸어갈 거리"],
        ask: [
          ["{s} {n:이/가} 어디고 얼마나 떨어져 있어요?", "{s} {n:은/는} 어디이며 거리는 얼마나 됩니까?"],
          ["{s} {n} 이름이랑 거리 알려 줄래요?", "{s} {n}의 이름과 거리를 알려 주십시오."],
          ["{s} {n:은/는} 어디고 몇 m 거리예요?", "{s} {n}의 상호와 거리를 확인 부탁드립니다."],
          ["{s} {n} 이름하고 걸어서 얼마나 되는지 알려 주세요.", "{s} {n:이/가} 어디이고 몇 m 떨어져 있는지 확인해 주십시오."],
          ["{s} {n}까지 몇 m예요? 이름도 알려 주세요.", "{s} {n}의 명칭과 그곳까지의 거리를 안내해 주십시오."],
        ],
        facts: [
          { fields: ["yadmNm"], name: "약국", digits: 0, all: false },
          { fields: ["distance"], name: "거리", unit: "m", digits: 0, all: false },
        ],
      },
    ],
    aggregates: [
      {
        id: "count",
        op: "count",
        name: "약국 수",
        unit: "곳",
        digits: 0,
        say: ["{s} 반경 1km 안에 있는 약국이 모두 몇 곳인지", "{s}에서 1km 안에 약국이 몇 군데 있는지", "{s} 주변 1km 이내 약국 수", "{s} 근처 1km 안 약국 개수", "{s} 1km 안쪽에 있는 약국 수", "{s} 주위 반경 1km에 약국이 몇 군데 있는지"],
        ask: [
          ["{s} 1km 안에 약국이 몇 군데나 있어요?", "{s} 반경 1km 안에 약국은 모두 몇 곳입니까?"],
          ["{s} 근처 1km 이내 약국이 몇 곳인지 궁금해요.", "{s}에서 1km 이내에 있는 약국 수를 알려 주십시오."],
          ["{s} 주변 1km 안에 약국 몇 개 있어요?", "{s} 인근 1km 안의 약국이 몇 곳인지 확인 부탁드립니다."],
          ["{s}에서 걸어갈 만한 1km 안에 약국이 몇 곳이에요?", "{s} 주변 1km 범위의 약국 수를 확인해 주십시오."],
          ["{s} 근처에 약국 많아요? 1km 안에 몇 군데인지 알려 주세요.", "{s:을/를} 중심으로 반경 1km 안에 약국이 몇 곳 있는지 여쭙니다."],
          ["{s} 반경 1km 안에 약국이 총 몇 곳 있는지 궁금해요.", "{s} 인근 1km 이내 약국 개수를 안내해 주십시오."],
        ],
      },
    ],
  },
  hira_hospital_detail: {
    subject: "hospital",
    noun: "병원",
    asks: [
      {
        id: "parking",
        say: ["주차 가능 대수", "주차할 수 있는 차량 대수", "{s} 주차 공간이 몇 대인지", "{s}에 차를 몇 대까지 댈 수 있는지", "{s} 주차장이 몇 대 규모인지", "주차 가능한 차량 수"],
        ask: [
          ["{s}에 차 몇 대까지 댈 수 있어요?", "{s}의 주차 가능 대수는 몇 대입니까?"],
          ["{s} 주차장 몇 대 규모예요?", "{s}에 주차할 수 있는 차량은 몇 대입니까?"],
          ["{s} 주차 공간이 몇 대나 돼요?", "{s} 주차장의 주차 가능 대수를 알려 주십시오."],
          ["{s}에 주차 몇 대 가능해요?", "{s}에 몇 대까지 주차할 수 있는지 확인 부탁드립니다."],
          ["{s} 주차장 넓어요? 몇 대 댈 수 있는지 알려 주세요.", "{s}의 주차 가능 차량 수를 안내해 주십시오."],
        ],
        facts: [{ fields: ["parkQty"], name: "주차 가능 대수", unit: "대", digits: 0, more: "많은", all: false }],
      },
      {
        id: "emergency",
        say: ["야간 응급실 운영 여부", "{s:이/가} 밤에 응급실을 하는지", "{s:이/가} 야간 응급실을 운영하는지", "{s} 밤에도 응급실이 열려 있는지", "{s}에서 야간에 응급 진료가 되는지"],
        ask: [
          ["{s:은/는} 밤에도 응급실 해요?", "{s:은/는} 야간 응급실을 운영합니까?"],
          ["{s}에 야간 응급실 있어요?", "{s}의 야간 응급실 운영 여부를 알려 주십시오."],
          ["{s} 밤에 응급실 열어요?", "{s}에서 야간 응급 진료가 가능합니까?"],
        ],
        facts: [{ fields: ["emyNgtYn"], name: "야간 응급실", states: RUNS_OR_NOT, digits: 0, all: false }],
      },
      {
        id: "lunch_sunday",
        say: ["평일 점심시간과 일요일 진료 여부", "{s} 점심시간이랑 일요일에 진료하는지", "평일 점심시간, 일요일 휴진 여부", "{s}의 점심 휴게 시간과 일요일에 문을 여는지", "{s:이/가} 평일 몇 시에 점심을 쉬는지와 일요일에도 보는지", "주중 점심 휴진 시간과 일요일 진료 여부", "{s} 점심때 쉬는 시간, 그리고 일요일 진료 여부", "점심시간이 언제인지와 일요일에 진료를 하는지"],
        ask: [
          ["{s} 점심시간이 언제예요? 일요일에도 진료해요?", "{s}의 평일 점심시간과 일요일 진료 여부를 알려 주십시오."],
          ["{s} 평일 점심시간이랑 일요일 진료 여부 좀 알려 주세요.", "{s:은/는} 평일 점심시간이 언제이며 일요일에 진료합니까?"],
        ],
        facts: [
          { fields: ["lunchWeek"], name: "평일 점심시간", digits: 0, all: false },
          { fields: ["noTrmtSun"], name: "일요일 진료", digits: 0, all: false },
        ],
      },
      {
        id: "weekday_hours",
        say: ["월요일 진료 시간", "{s:이/가} 월요일에 몇 시부터 몇 시까지 진료하는지", "월요일 진료 시작·종료 시각", "{s:이/가} 월요일 몇 시에 열고 몇 시에 닫는지"],
        ask: [
          ["{s:은/는} 월요일에 몇 시부터 몇 시까지 진료해요?", "{s}의 월요일 진료 시간은 어떻게 됩니까?"],
          ["{s} 월요일 진료 몇 시에 시작해서 몇 시에 끝나요?", "{s:은/는} 월요일에 몇 시부터 몇 시까지 진료합니까?"],
          ["{s} 월요일엔 몇 시에 열고 몇 시에 닫아요?", "{s}의 월요일 진료 시작 시각과 종료 시각을 알려 주십시오."],
        ],
        facts: [
          { fields: ["trmtMonStart"], name: "월요일 진료 시작", digits: 0, all: false },
          { fields: ["trmtMonEnd"], name: "월요일 진료 종료", digits: 0, all: false },
        ],
      },
    ],
    aggregates: [],
  },
  hira_hospital_departments: {
    subject: "hospital",
    noun: "병원",
    asks: [
      {
        id: "departments",
        say: ["진료과목", "{s}에 어떤 과가 있는지", "진료하는 과목", "{s}에서 어떤 진료과를 보는지", "개설된 진료과"],
        ask: [
          ["{s}에 어떤 과가 있어요?", "{s}에는 어떤 진료과목이 있습니까?"],
          ["{s}에서 무슨 과 진료를 봐요?", "{s}의 진료과목을 알려 주십시오."],
          ["{s} 진료과목 좀 알려 줄래요?", "{s}에 개설된 진료과를 확인 부탁드립니다."],
        ],
        facts: [{ fields: ["dgsbjtCdNm"], name: "진료과목", digits: 0, all: true }],
      },
    ],
    aggregates: [
      {
        id: "count",
        op: "count",
        name: "진료과목 수",
        unit: "개",
        digits: 0,
        say: ["{s} 진료과목이 모두 몇 개인지", "{s}에 진료과가 몇 개 있는지", "{s} 진료과목 수", "{s}에 개설된 진료과가 몇 개인지", "{s} 진료과 개수"],
        ask: [
          ["{s}에 진료과가 몇 개나 있어요?", "{s}의 진료과목은 모두 몇 개입니까?"],
          ["{s} 진료과목 수 좀 알려 줄래요?", "{s}에 개설된 진료과목 수를 알려 주십시오."],
          ["{s}에 진료과가 몇 개인지 궁금해요.", "{s}에 개설된 진료과는 총 몇 개입니까?"],
          ["{s} 진료과목이 전부 몇 개예요?", "{s}의 진료과목 수를 확인 부탁드립니다."],
        ],
      },
    ],
  },
};

export const HEALTH_HOPS: HopIntent[] = [
  { from: "hira_hospitals", to: "hira_hospital_detail", means: "same", args: {}, say: [] },
  { from: "hira_hospitals", to: "hira_hospital_departments", means: "same", args: {}, say: [] },
  ...["hira_hospitals", "tour_search_keyword", "utmk_to_wgs84"].map(
    (from): HopIntent => ({
      from,
      to: "hira_pharmacies",
      means: "near",
      args: { radius: 1000 },
      say: ["근처 1km 안에서 가장 가까운 약국", "1km 안에 있는 약국 중 제일 가까운 곳", "주변 1km 이내 약국 중 가장 가까운 곳", "반경 1km 안 약국 가운데 제일 가까이 있는 곳", "1km 안쪽 약국 중 가장 가까운 곳", "주위 1km 약국 가운데 가장 가까운 약국", "걸어서 갈 만한 1km 안의 가장 가까운 약국", "1km 이내에서 제일 가까운 약국", "인근 1km 안 가장 가까운 약국", "근방 1km 안 약국 가운데 거리가 제일 짧은 곳", "1km 반경에서 가장 가까운 약국 한 곳", "1km 내에 있는 약국 중 최단 거리에 있는 곳"],
      fallback: {
        first: { radius: 300 },
        say: ["{s} 반경 300m 안에 약국이 있는지 보고, 없으면 1km까지 넓혀서 가장 가까운 약국", "{s} 300m 안에 약국이 있으면 그중에서, 없으면 1km 안에서 가장 가까운 약국", "{s} 바로 앞 300m 이내에 약국이 없으면 1km까지 찾아서, 제일 가까운 약국", "{s}에서 300m 안쪽 약국을 먼저 보고 없으면 반경 1km로 넓혀 가장 가까운 곳",
          "{s} 주변 300m에 약국이 없다면 1km 안에서 가장 가까운 약국",
          "{s}에서 걸어갈 만한 300m 안 약국을 먼저 찾고, 없으면 1km 안에서 제일 가까운 약국",
          "300m 안에 없으면 1km까지 넓혀서라도 {s}에서 가장 가까운 약국",
          "{s} 코앞 300m 이내 약국, 거기 없으면 1km 이내에서 가장 가까운 약국",
          "{s} 근처 약국을 300m 안에서 먼저 찾고 없으면 1km까지 봐서 가장 가까운 곳",
          "{s} 인근 300m 안 약국 중에, 없다면 1km 안 약국 중에 가장 가까운 곳",
        ],
      },
    }),
  ),
];
