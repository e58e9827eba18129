/** Air quality where a person is: the nearest station's readings, or a whole 시도's stations. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

const GRADE = { "1": "좋음", "2": "보통", "3": "나쁨", "4": "매우 나쁨" };

export const AIR_INTENTS: Record<string, ToolIntent> = {
  airkorea_tm_coords: {
    subject: "dong",
    noun: "동네",
    label: "umdName",
    find: { param: "umdName", seeds: ["110000", "310000", "210000", "250000"].flatMap((sidoCd) => [{ from: "call" as const, tool: "hira_pharmacies", args: { sidoCd, numOfRows: 100 }, field: "emdongNm", shorten: false }]), args: {}, refer: ["{s}", "우리 동네 {s}"] },
    asks: [],
    aggregates: [],
  },
  wgs84_to_airkorea_tm: { subject: "point", noun: "곳", asks: [], aggregates: [] },
  airkorea_nearby_stations: { subject: "air_station", noun: "측정소", label: "stationName", distance: { field: "tm", unit: "km" }, asks: [], aggregates: [] },
  airkorea_station_realtime: {
    subject: "air_station",
    noun: "측정소",
    asks: [
      {
        id: "pm10",
        say: ["미세먼지 농도와 등급", "지금 미세먼지(PM10) 수치와 등급", "{s} 미세먼지가 지금 어느 정도이고 몇 등급인지", "현재 미세먼지 상태", "{s} 미세먼지 수치와 등급이 지금 어떤지", "지금 미세먼지 수치랑 등급", "현재 미세먼지 농도하고 등급"],
        ask: [
          ["{s} 지금 미세먼지 어때요? 수치랑 등급 알려 주세요.", "{s}의 현재 미세먼지 농도와 등급은 어떻습니까?"],
          ["{s} 미세먼지 지금 몇이에요? 등급도요.", "{s}의 지금 미세먼지(PM10) 수치와 등급을 알려 주십시오."],
          ["{s} 지금 미세먼지 수치하고 등급이 어떻게 돼요?", "현재 {s} 미세먼지가 어느 수준인지 농도와 등급으로 알려 주십시오."],
          ["{s} 공기 중 미세먼지 지금 얼마나 돼요? 등급까지 알려 주세요.", "{s}의 현재 미세먼지 농도와 등급을 확인 부탁드립니다."],
          ["{s} 지금 마스크 써야 할 정도예요? 미세먼지 수치랑 등급 좀 봐 주세요.", "{s}의 지금 미세먼지 수치와 등급을 확인해 주십시오."],
          ["{s} 지금 미세먼지 많아요? 농도랑 등급으로 알려 주세요.", "{s}의 미세먼지(PM10) 농도와 등급을 현재 기준으로 알려 주시기 바랍니다."],
          ["오늘 {s} 공기 괜찮아요? 지금 미세먼지 수치하고 등급이 궁금해요.", "{s}의 현재 미세먼지 농도 및 등급을 확인해 주십시오."],
          ["{s}에서 지금 창문 열어도 될까요? 미세먼지 농도랑 등급 봐 주세요.", "{s}의 지금 미세먼지 측정값과 등급이 어떻게 되는지 여쭙니다."],
          ["{s} 미세먼지 지금 나쁨이에요? 수치도 같이 알려 주세요.", "현재 {s}의 미세먼지 등급과 농도를 안내해 주십시오."],
        ],
        when: "now",
        facts: [
          { fields: ["pm10Value"], name: "미세먼지(PM10) 농도", unit: "㎍/㎥", digits: 0, more: "높은", all: false },
          { fields: ["pm10Grade1h", "pm10Grade"], name: "미세먼지 등급", labels: GRADE, digits: 0, all: false },
        ],
      },
      {
        id: "pm25",
        say: ["초미세먼지 농도와 등급", "지금 초미세먼지(PM2.5) 수치와 등급", "{s} 초미세먼지가 지금 어느 정도이고 몇 등급인지", "현재 초미세먼지 상태", "지금 초미세먼지 수치와 등급", "{s} 초미세먼지 수치랑 등급이 지금 어떤지"],
        ask: [
          ["{s} 지금 초미세먼지 어때요? 수치랑 등급 알려 주세요.", "{s}의 현재 초미세먼지 농도와 등급은 어떻습니까?"],
          ["{s} 초미세먼지 지금 몇이에요? 등급도요.", "{s}의 지금 초미세먼지(PM2.5) 수치와 등급을 알려 주십시오."],
          ["{s} 지금 초미세먼지 수치하고 등급이 어떻게 돼요?", "현재 {s} 초미세먼지가 어느 수준인지 농도와 등급으로 알려 주십시오."],
          ["{s} 초미세먼지 지금 심해요? 농도랑 등급 알려 주세요.", "{s}의 현재 초미세먼지(PM2.5) 농도와 등급을 확인해 주십시오."],
          ["{s} 지금 초미세먼지 나빠요? 수치랑 등급 좀 봐 주세요.", "{s}의 현재 초미세먼지(PM2.5) 농도 및 등급을 알려 주시기 바랍니다."],
          ["아이랑 나가도 될지 보려는데, {s} 지금 초미세먼지 농도랑 등급이 어때요?", "{s}의 지금 초미세먼지 측정값과 등급을 확인 부탁드립니다."],
          ["{s} 초미세먼지 수치 지금 얼마예요? 몇 등급인지도요.", "현재 {s}의 초미세먼지 등급과 농도가 어떻게 되는지 여쭙니다."],
        ],
        when: "now",
        facts: [
          { fields: ["pm25Value"], name: "초미세먼지(PM2.5) 농도", unit: "㎍/㎥", digits: 0, more: "높은", all: false },
          { fields: ["pm25Grade1h", "pm25Grade"], name: "초미세먼지 등급", labels: GRADE, digits: 0, all: false },
        ],
      },
      {
        id: "khai",
        say: ["통합대기환경지수와 등급", "지금 공기 질 지수와 등급", "현재 대기질 지수와 등급", "{s} 지금 공기 질이 지수로 얼마이고 몇 등급인지"],
        ask: [
          ["{s} 지금 공기 질 어때요? 통합대기환경지수랑 등급 알려 주세요.", "{s}의 현재 통합대기환경지수와 등급은 어떻습니까?"],
          ["{s} 통합대기환경지수 지금 몇이에요? 등급도 알려 주세요.", "{s}의 지금 대기질 지수와 등급을 알려 주십시오."],
          ["{s} 공기 지금 괜찮은 편이에요? 대기질 지수랑 등급으로 알려 주세요.", "현재 {s}의 통합대기환경지수와 등급을 확인 부탁드립니다."],
          ["{s} 지금 대기 상태 어때요? 통합대기환경지수하고 등급 좀 봐 주세요.", "{s}의 지금 대기질 지수 및 등급을 안내해 주십시오."],
          ["{s} 통합대기환경지수가 지금 얼마고 등급은 뭐예요?", "{s}의 현재 통합대기환경지수와 그 등급을 여쭙니다."],
        ],
        when: "now",
        facts: [
          { fields: ["khaiValue"], name: "통합대기환경지수", digits: 0, more: "높은", all: false },
          { fields: ["khaiGrade"], name: "등급", labels: GRADE, digits: 0, all: false },
        ],
      },
    ],
    aggregates: [],
  },
};

export const AIR_HOPS: HopIntent[] = [
  // The air of a place one goes to or of an address, not of a hospital (see WEATHER_HOPS).
  ...["tour_search_keyword", "utmk_to_wgs84"].map((from): HopIntent => ({ from, to: "wgs84_to_airkorea_tm", means: "same", args: {}, say: [] })),
  // The station nearest the subject stands for it: a person asks for the air "at 역삼동".
  { from: "wgs84_to_airkorea_tm", to: "airkorea_nearby_stations", means: "near", args: {}, say: [] },
  { from: "airkorea_tm_coords", to: "airkorea_nearby_stations", means: "near", args: {}, say: [] },
  // The latest hour only: a day of hourly rows would leave "now" to guess.
  { from: "airkorea_nearby_stations", to: "airkorea_station_realtime", means: "same", args: { numOfRows: 1 }, say: [] },
];
