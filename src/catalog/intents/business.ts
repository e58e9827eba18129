/** Workplaces people name (a company, a shop) and what the pension register says about them. */
import type { HopIntentInput as HopIntent, ToolIntentInput as ToolIntent } from "./schema";

const WORKPLACE_SEEDS = [{ ldongAddrMgplDgCd: "41" }, { ldongAddrMgplSgguCd: "11680" }, { ldongAddrMgplDgCd: "11" }, { ldongAddrMgplDgCd: "26" }, { ldongAddrMgplDgCd: "28" }, { ldongAddrMgplDgCd: "30" }].map((criteria) => ({
  from: "call" as const,
  tool: "nps_workplace_search",
  args: { ...criteria, numOfRows: 100 },
  field: "wkplNm",
  shorten: false,
}));

export const BUSINESS_INTENTS: Record<string, ToolIntent> = {
  nps_workplace_search: {
    subject: "workplace",
    noun: "사업장",
    label: "wkplNm",
    // Said with the register: "한빛몰" alone would be looked up in an address or tourism search, not the pension one.
    find: { param: "wkplNm", seeds: WORKPLACE_SEEDS, args: {}, refer: ["국민연금에 가입한 사업장 {s}", "국민연금 사업장 {s}", "국민연금 사업장 명단의 {s}", "국민연금 가입 업체 {s}"], among: "국민연금 사업장 명단의" },
    asks: [],
    aggregates: [],
  },
  nps_workplace_detail: {
    subject: "workplace",
    noun: "사업장",
    asks: [
      {
        id: "members",
        say: ["국민연금 가입자 수", "국민연금에 가입한 직원 수", "국민연금 가입 인원", "{s}에 연금 가입 직원이 몇 명인지", "국민연금 기준 직원 규모", "국민연금 가입 직원 수"],
        ask: [
          ["{s}에 국민연금 가입자가 몇 명이에요?", "{s}의 국민연금 가입자 수는 몇 명입니까?"],
          ["{s} 직원 중에 국민연금 가입한 사람이 몇 명이에요?", "{s}의 국민연금 가입 인원을 알려 주십시오."],
          ["{s} 국민연금 가입자 몇 명인지 알 수 있어요?", "{s}에 국민연금에 가입한 직원이 몇 명인지 확인 부탁드립니다."],
          ["{s} 직원이 몇 명쯤 돼요? 국민연금 가입자 수로 알려 주세요.", "국민연금 기준으로 {s}의 가입자 수를 안내해 주십시오."],
          ["{s} 규모가 궁금한데 국민연금 가입자가 몇 명이에요?", "{s}의 국민연금 가입 인원이 몇 명인지 여쭙니다."],
        ],
        facts: [{ fields: ["jnngpCnt"], name: "국민연금 가입자 수", unit: "명", digits: 0, more: "많은", all: false }],
      },
      {
        id: "industry_members",
        say: ["업종과 국민연금 가입자 수", "{s:이/가} 무슨 업종인지와 국민연금 가입자 수", "업종이랑 연금 가입 인원", "{s:이/가} 어떤 업종이고 연금 가입 직원이 몇 명인지"],
        ask: [
          ["{s:은/는} 무슨 업종이고 국민연금 가입자는 몇 명이에요?", "{s}의 업종과 국민연금 가입자 수는 어떻게 됩니까?"],
          ["{s} 업종이랑 연금 가입자 수 좀 알려 줄래요?", "{s:은/는} 어떤 업종이며 국민연금 가입자는 몇 명입니까?"],
          ["{s} 뭐 하는 회사예요? 업종이랑 국민연금 가입자 수 알려 주세요.", "{s}의 업종 및 국민연금 가입 인원을 안내해 주십시오."],
        ],
        facts: [
          { fields: ["vldtVlKrnNm"], name: "업종", digits: 0, all: false },
          { fields: ["jnngpCnt"], name: "국민연금 가입자 수", unit: "명", digits: 0, all: false },
        ],
      },
      {
        id: "billed",
        say: ["이번 달 국민연금 고지금액", "당월 국민연금 고지 금액", "이번 달 연금 보험료 고지액", "이번 달에 고지된 국민연금 금액"],
        ask: [
          ["{s}에 이번 달 국민연금 고지금액이 얼마예요?", "{s}의 이번 달 국민연금 고지금액은 얼마입니까?"],
          ["{s} 당월 국민연금 고지 금액 좀 알려 줄래요?", "{s}에 고지된 당월 국민연금 보험료를 알려 주십시오."],
          ["{s}에 이번 달 나온 국민연금 고지액이 얼마예요?", "{s}의 당월 국민연금 고지금액을 여쭙니다."],
        ],
        facts: [{ fields: ["crrmmNtcAmt"], name: "당월 고지금액", unit: "원", digits: 0, more: "많은", all: false }],
      },
    ],
    aggregates: [],
  },
  nps_workplace_monthly: {
    subject: "workplace",
    noun: "사업장",
    asks: [
      {
        id: "flows",
        say: ["최근 월 신규 취득자 수와 상실자 수", "{s}에 최근 한 달 새로 가입한 사람과 빠진 사람 수", "최근 월 국민연금 신규 가입·상실 인원", "최근 한 달 국민연금 취득·상실 인원"],
        ask: [
          ["{s}에 최근 한 달 동안 국민연금에 새로 가입한 사람이랑 빠진 사람이 몇 명이에요?", "{s}의 최근 월 국민연금 신규 취득자와 상실자는 각각 몇 명입니까?"],
          ["{s} 최근 월 국민연금 취득자 수랑 상실자 수 알려 줄래요?", "{s}의 최근 월 신규 취득 인원과 상실 인원을 알려 주십시오."],
          ["{s}에 최근 한 달 새 들어온 사람이랑 나간 사람이 국민연금 기준으로 몇 명이에요?", "{s}의 최근 월 국민연금 취득·상실 인원을 안내해 주십시오."],
        ],
        facts: [
          { fields: ["nwAcqzrCnt"], name: "신규 취득자 수", unit: "명", digits: 0, all: false },
          { fields: ["lssJnngpCnt"], name: "상실 가입자 수", unit: "명", digits: 0, all: false },
        ],
      },
    ],
    aggregates: [],
  },
};

export const BUSINESS_HOPS: HopIntent[] = [
  { from: "nps_workplace_search", to: "nps_workplace_detail", means: "same", args: {}, say: [] },
  { from: "nps_workplace_search", to: "nps_workplace_monthly", means: "same", args: {}, say: [] },
];
