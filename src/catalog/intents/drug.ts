/** Medicines people name, what they are for and what the pill looks like. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

const DRUG_SEEDS = [{ numOfRows: 100 }, { entpName: "동화약품" }, { entpName: "대웅제약" }, { entpName: "유한양행" }].map((criteria) => ({
  from: "call" as const,
  tool: "mfds_easy_drug",
  args: criteria,
  field: "itemName",
  // "타이레놀정500밀리그람(아세트아미노펜)": people say the name without the ingredient.
  shorten: true,
}));

export const DRUG_INTENTS: Record<string, ToolIntent> = {
  mfds_easy_drug: {
    subject: "drug",
    noun: "약",
    label: "itemName",
    find: { param: "itemName", seeds: DRUG_SEEDS, args: {}, refer: ["{s}"] },
    asks: [
      {
        id: "efficacy",
        say: ["효능", "{s:이/가} 어디에 쓰는 약인지", "{s:은/는} 무슨 효과가 있는지", "{s:이/가} 어떤 증상에 먹는 약인지", "효능·효과"],
        ask: [
          ["{s:은/는} 어디에 먹는 약이에요?", "{s}의 효능은 무엇입니까?"],
          ["{s:은/는} 무슨 효과가 있는 약이에요?", "{s:은/는} 어떤 증상에 쓰는 약입니까?"],
          ["{s} 효능 좀 알려 줄래요?", "{s}의 효능·효과를 알려 주십시오."],
        ],
        facts: [{ fields: ["efcyQesitm"], name: "효능", digits: 0, all: false }],
      },
      {
        id: "storage",
        say: ["보관 방법", "{s:은/는} 어떻게 보관해야 하는지", "보관법", "{s:은/는} 어디에 어떻게 두어야 하는지"],
        ask: [
          ["{s:은/는} 어떻게 보관해야 돼요?", "{s}의 보관 방법은 어떻게 됩니까?"],
          ["{s} 보관은 어떻게 해요?", "{s:은/는} 어떻게 보관해야 합니까?"],
        ],
        facts: [{ fields: ["depositMethodQesitm"], name: "보관 방법", digits: 0, all: false }],
      },
    ],
    aggregates: [],
  },
  mfds_pill_identification: {
    subject: "drug",
    noun: "약",
    label: "ITEM_NAME",
    asks: [
      {
        id: "look",
        say: ["낱알 모양과 색깔", "{s} 알약이 어떤 모양이고 무슨 색인지", "알약 모양이랑 색", "생김새, 그러니까 모양과 색"],
        ask: [
          ["{s:은/는} 어떻게 생긴 알약이에요? 모양이랑 색깔 알려 주세요.", "{s}의 낱알 모양과 색깔은 어떻습니까?"],
          ["{s} 알약 모양하고 색이 어떻게 돼요?", "{s} 알약의 모양과 색상을 알려 주십시오."],
        ],
        facts: [
          { fields: ["DRUG_SHAPE"], name: "모양", digits: 0, all: false },
          { fields: ["COLOR_CLASS1"], name: "색깔", digits: 0, all: false },
        ],
      },
      {
        id: "class",
        say: ["전문·일반의약품 구분과 약효 분류", "{s:이/가} 전문의약품인지 일반의약품인지와 약효 분류", "{s:이/가} 처방이 필요한 약인지와 약효 분류", "{s:이/가} 약국에서 그냥 살 수 있는 약인지와 무슨 계열 약인지"],
        ask: [
          ["{s:은/는} 전문의약품이에요, 일반의약품이에요? 약효 분류도 알려 주세요.", "{s:은/는} 전문의약품입니까, 일반의약품입니까? 약효 분류도 알려 주십시오."],
          ["{s} 처방 없이 살 수 있는 약인지, 무슨 계열 약인지 알려 줄래요?", "{s}의 전문·일반의약품 구분과 약효 분류를 알려 주십시오."],
        ],
        facts: [
          { fields: ["ETC_OTC_NAME"], name: "구분", digits: 0, all: false },
          { fields: ["CLASS_NAME"], name: "분류", digits: 0, all: false },
        ],
      },
    ],
    aggregates: [],
  },
};

export const DRUG_HOPS: HopIntent[] = [{ from: "mfds_easy_drug", to: "mfds_pill_identification", means: "same", args: {}, say: [] }];
