/** Places people name (a sight, a beach, a museum) and what they ask about them. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

const AREA_SEEDS = [1, 6, 39, 31, 4, 3, 2].map((areaCode) => ({ from: "call" as const, tool: "tour_area_based_list", args: { areaCode, contentTypeId: 12 }, field: "title" }));

export const TOUR_INTENTS: Record<string, ToolIntent> = {
  tour_search_keyword: {
    subject: "place",
    noun: "곳",
    label: "title",
    find: { param: "keyword", seeds: AREA_SEEDS, args: {}, refer: ["{s}"] },
    asks: [],
    aggregates: [],
  },
  tour_detail_intro: {
    subject: "place",
    noun: "곳",
    asks: [
      {
        id: "hours",
        say: ["이용 시간과 쉬는 날", "운영 시간이랑 휴무일", "몇 시부터 몇 시까지 여는지와 쉬는 날"],
        facts: [
          { fields: ["usetime", "usetimeculture", "opentime", "usetimeleports", "playtime", "opentimefood"], name: "이용 시간", digits: 0, all: false },
          { fields: ["restdate", "restdateculture", "restdateshopping", "restdatefood"], name: "쉬는 날", digits: 0, all: false },
        ],
      },
    ],
    aggregates: [],
  },
  tour_location_based_list: {
    subject: "place",
    noun: "음식점",
    label: "title",
    asks: [
      {
        id: "nearest",
        say: ["이름과 거리", "이름과 그곳까지의 거리", "이름이랑 얼마나 떨어져 있는지"],
        facts: [
          { fields: ["title"], name: "이름", digits: 0, all: false },
          { fields: ["dist"], name: "거리", unit: "m", digits: 0, all: false },
        ],
      },
    ],
    aggregates: [
      { id: "count", op: "count", name: "음식점 수", unit: "곳", digits: 0, say: ["{s} 근처 2km 안에 음식점이 모두 몇 곳인지", "{s}에서 2km 안에 식당이 몇 군데나 있는지"] },
    ],
  },
};

export const TOUR_HOPS: HopIntent[] = [
  { from: "tour_search_keyword", to: "tour_detail_intro", means: "same", args: {}, say: [] },
  {
    from: "tour_search_keyword",
    to: "tour_location_based_list",
    means: "near",
    args: { radius: 2000, contentTypeId: 39, arrange: "E" },
    say: ["근처 2km 안 음식점 가운데 가장 가까운 곳", "2km 안에 있는 식당 중 제일 가까운 곳"],
    fallback: {
      first: { radius: 300, contentTypeId: 39, arrange: "E" },
      say: ["{s} 300m 안에 음식점이 있으면 그중에서, 없으면 2km 안에서 가장 가까운 음식점", "{s} 바로 앞 300m 안에 식당이 있는지 보고, 없으면 2km까지 넓혀서 제일 가까운 식당"],
    },
  },
];
