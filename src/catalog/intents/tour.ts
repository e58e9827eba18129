/** Places people name (a sight, a beach, a museum) and what they ask about them. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

// Sights (12) and museums, galleries and the like (14) of seven areas, a hundred rows each.
const AREA_SEEDS = [1, 6, 39, 31, 4, 3, 2].flatMap((areaCode) => [12, 14].map((contentTypeId) => ({ from: "call" as const, tool: "tour_area_based_list", args: { areaCode, contentTypeId, numOfRows: 100 }, field: "title" })));

// Festivals running today: started by today and not yet over.
const TODAYS_FESTIVALS = { eventStartDate: { $time: "date.today" }, eventEndDate: { $time: "date.today" }, numOfRows: 100 };

export const TOUR_INTENTS: Record<string, ToolIntent> = {
  tour_search_keyword: {
    subject: "place",
    noun: "곳",
    label: "title",
    find: { param: "keyword", seeds: AREA_SEEDS, args: {}, refer: ["{s}"] },
    asks: [],
    aggregates: [],
  },
  // A festival is named as one running today: the festival list of today, read whole (a few dozen
  // rows), is where its row is. What holds at this hour (weather, air) fits it: one goes there today.
  tour_search_festival: {
    subject: "festival",
    noun: "축제",
    label: "title",
    find: {
      seeds: [{ from: "call", tool: "tour_search_festival", args: TODAYS_FESTIVALS, field: "title" }],
      args: TODAYS_FESTIVALS,
      // The request says it is on today: else nothing tells a reader to look in today's list.
      // The asks of this hour say 지금 themselves: the reference does not.
      refer: ["오늘 열리는 {s}", "한창 진행 중인 {s}", "오늘 하는 {s}", "요즘 열리고 있는 {s}", "이번에 열리는 {s}"],
      among: "오늘 열리는 축제",
    },
    asks: [],
    aggregates: [],
  },
  // Said of sights, museums and the restaurants near them alike: no 관람 or 휴관, which fit a museum only.
  tour_detail_intro: {
    subject: "place",
    noun: "곳",
    asks: [
      {
        id: "hours",
        of: ["place"],
        say: ["이용 시간과 쉬는 날", "운영 시간이랑 휴무일", "{s:이/가} 몇 시부터 몇 시까지 여는지와 쉬는 날", "여는 시간과 문 닫는 날", "문 여는 시간이랑 정기 휴일", "이용 가능 시간하고 쉬는 날", "운영 시간과 정기 휴무일"],
        ask: [
          ["{s:은/는} 몇 시부터 몇 시까지 하고, 쉬는 날은 언제예요?", "{s}의 이용 시간과 휴무일은 어떻게 됩니까?"],
          ["{s} 언제 열고 언제 쉬어요?", "{s}의 운영 시간과 정기 휴일을 알려 주십시오."],
          ["{s} 이용 시간이랑 휴무일 좀 알려 줄래요?", "{s:은/는} 몇 시부터 몇 시까지 운영하며 휴무일은 언제입니까?"],
          ["{s} 운영 시간이 어떻게 돼요? 쉬는 날도 알려 주세요.", "{s}의 문 여는 시간과 쉬는 날을 확인 부탁드립니다."],
          ["{s} 헛걸음하기 싫어서요. 몇 시까지 하고 언제 쉬어요?", "{s}의 운영 시간과 정기 휴무일을 안내해 주십시오."],
          ["{s} 가려는데 몇 시에 문 열고 쉬는 날은 언제예요?", "{s}의 이용 가능 시간과 정기 휴무일을 여쭙니다."],
        ],
        facts: [
          { fields: ["usetime", "usetimeculture", "opentime", "usetimeleports", "playtime", "opentimefood"], name: "이용 시간", digits: 0, all: false },
          { fields: ["restdate", "restdateculture", "restdateshopping", "restdatefood"], name: "쉬는 날", digits: 0, all: false },
        ],
      },
      {
        id: "festival",
        of: ["festival"],
        say: ["행사 장소와 행사 시간", "어디서 몇 시부터 몇 시까지 하는지", "행사장 위치와 진행 시간", "열리는 장소와 시간", "행사 장소, 운영 시간", "어디에서 몇 시까지 열리는지"],
        ask: [
          ["{s:은/는} 정확히 어디서 하고 몇 시부터 몇 시까지 해요?", "{s}의 행사 장소와 행사 시간은 어떻게 됩니까?"],
          ["{s} 행사장이 어디고 몇 시까지 해요?", "{s}의 개최 장소와 진행 시간을 알려 주십시오."],
          ["{s} 어디서 열리는지랑 행사 시간 좀 알려 줄래요?", "{s:은/는} 어디에서 몇 시부터 몇 시까지 진행됩니까?"],
          ["{s} 가려는데 장소랑 시간이 어떻게 돼요?", "{s}의 행사 장소와 운영 시간을 안내해 주십시오."],
        ],
        facts: [
          { fields: ["eventplace"], name: "행사 장소", digits: 0, all: false },
          { fields: ["playtime"], name: "행사 시간", digits: 0, all: false },
        ],
      },
      {
        id: "fee",
        of: ["festival"],
        say: ["이용 요금", "입장료가 있는지", "참가 요금", "요금이 드는지"],
        ask: [
          ["{s} 입장료 있어요? 요금이 어떻게 돼요?", "{s}의 이용 요금은 어떻게 됩니까?"],
          ["{s:은/는} 무료예요, 유료예요?", "{s} 관람 요금을 알려 주십시오."],
          ["{s} 가려는데 돈 내야 돼요?", "{s:은/는} 유료입니까, 무료입니까?"],
        ],
        facts: [{ fields: ["usetimefestival"], name: "이용 요금", digits: 0, all: false }],
      },
    ],
    aggregates: [],
  },
  tour_location_based_list: {
    subject: "place",
    noun: "음식점",
    label: "title",
    distance: { field: "dist", unit: "m" },
    asks: [
      {
        id: "nearest",
        say: ["이름과 거리", "이름과 그곳까지의 거리", "이름이랑 얼마나 떨어져 있는지", "상호와 거리", "가게 이름, 거기까지 몇 m인지", "상호명하고 거리"],
        ask: [
          ["{s} {n:이/가} 어디예요? 거리도 알려 주세요.", "{s} {n:은/는} 어디이며 거리는 얼마입니까?"],
          ["{s} {n} 이름이랑 거리 좀 알려 줄래요?", "{s} {n}의 상호와 거리를 알려 주십시오."],
          ["{s} {n:은/는} 어디고 몇 m 떨어져 있어요?", "{s} {n}의 이름과 거리를 확인 부탁드립니다."],
          ["{s} {n}까지 얼마나 걸어야 해요? 가게 이름도요.", "{s} {n}의 상호와 그곳까지의 거리를 안내해 주십시오."],
        ],
        facts: [
          { fields: ["title"], name: "이름", digits: 0, all: false },
          { fields: ["dist"], name: "거리", unit: "m", digits: 0, all: false },
        ],
      },
    ],
    aggregates: [
      {
        id: "count",
        op: "count",
        name: "음식점 수",
        unit: "곳",
        digits: 0,
        say: ["{s} 근처 2km 안에 음식점이 모두 몇 곳인지", "{s}에서 2km 안에 식당이 몇 군데나 있는지", "{s} 반경 2km 안 음식점 수", "{s} 주변 2km 이내 식당 개수", "{s} 근방 2km에 있는 음식점 수"],
        ask: [
          ["{s} 근처 2km 안에 음식점이 몇 곳이나 돼요?", "{s} 반경 2km 안의 음식점은 모두 몇 곳입니까?"],
          ["{s}에서 2km 안에 밥 먹을 데가 몇 군데 있어요?", "{s} 주변 2km 이내 음식점 수를 알려 주십시오."],
          ["{s} 2km 안쪽에 식당이 총 몇 개예요?", "{s}에서 2km 이내에 있는 음식점이 몇 곳인지 확인 부탁드립니다."],
          ["{s} 근처에 밥 먹을 데 많아요? 2km 안에 몇 곳인지 알려 주세요.", "{s} 인근 2km 이내 음식점 개수를 안내해 주십시오."],
          ["{s} 반경 2km 안에 음식점이 몇 군데나 있는지 궁금해요.", "{s:을/를} 중심으로 2km 안에 있는 음식점 수를 여쭙니다."],
        ],
      },
    ],
  },
};

export const TOUR_HOPS: HopIntent[] = [
  { from: "tour_search_keyword", to: "tour_detail_intro", means: "same", args: {}, say: [] },
  { from: "tour_search_festival", to: "tour_detail_intro", means: "same", args: {}, say: [] },
  {
    from: "tour_search_keyword",
    to: "tour_location_based_list",
    means: "near",
    args: { radius: 2000, contentTypeId: 39, arrange: "E" },
    say: ["근처 2km 안 음식점 가운데 가장 가까운 곳", "2km 안에 있는 식당 중 제일 가까운 곳", "반경 2km 안 음식점 중 가장 가까이 있는 곳", "2km 안에서 제일 가까운 음식점", "근처 2km 이내 가장 가까운 식당", "주위 2km 안에서 가장 가까운 식당", "근방 2km 안 식당 중 거리가 제일 짧은 곳", "반경 2km 내 최단 거리 음식점"],
    fallback: {
      first: { radius: 300, contentTypeId: 39, arrange: "E" },
      say: ["{s} 300m 안에 음식점이 있으면 그중에서, 없으면 2km 안에서 가장 가까운 음식점", "{s} 바로 앞 300m 안에 식당이 있는지 보고, 없으면 2km까지 넓혀서 제일 가까운 식당", "{s}에서 걸어서 갈 만한 300m 안에 먹을 곳이 없으면 2km까지 찾아서, 가장 가까운 음식점", "{s} 주변 300m 이내 음식점을 먼저 보고 없으면 반경 2km로 넓혀 제일 가까운 곳"],
    },
  },
];
