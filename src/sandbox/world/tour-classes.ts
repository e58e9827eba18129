/**
 * TourAPI's classification system (분류체계, `lclsSystm1/2/3`), which KorService2 rows carry beside
 * the older service categories (`cat1/2/3`). Codes and names as `lclsSystmCode2` lists them: level 1
 * is two letters (C01 for courses), level 2 adds two digits (C0112), level 3 four more (HS010100,
 * C01120001). Each content gets the level-3 class its old category and its name point to; the
 * content type follows the class as in the service's own type/class table (12 sights: EX, HS, NA,
 * VE01–05; 14 culture: VE06–09; 15 events: EV; 25 courses: C01; 28 leisure: LS, AC05, VE10; 32
 * lodging: AC; 38 shopping: SH; 39 food: FD).
 */
import { pick } from "../../util/random";

/** The level-3 classes the world uses, with their names in the code list. */
export const LCLS_NAMES: Readonly<Record<string, string>> = {
  AC010100: "호텔",
  AC030100: "펜션",
  AC030200: "한옥스테이",
  AC050100: "일반야영장",
  AC050200: "오토캠핑장",
  AC060200: "게스트하우스",
  C01120001: "가족코스",
  C01140001: "힐링코스",
  C01150001: "도보코스",
  C01170001: "맛코스",
  EV010200: "문화예술축제",
  EV010300: "지역특산물축제",
  EV010400: "전통역사축제",
  EV010500: "생태자연축제",
  EV010600: "기타축제",
  EX030100: "체험마을",
  EX030200: "체험목장",
  EX030300: "체험농장",
  EX050100: "온천 / 사우나 / 스파",
  EX070200: "기타체험관광",
  FD010100: "관광식당",
  FD010200: "모범음식점",
  FD020100: "중식",
  FD030100: "제과",
  FD050100: "카페",
  FD050200: "찻집",
  HS010100: "고궁",
  HS010200: "성ㆍ산성ㆍ성곽",
  HS010400: "고택",
  HS010600: "민속마을",
  HS010700: "사적지",
  HS010800: "고분, 능",
  HS010900: "사당",
  HS011000: "선사유적지",
  HS030100: "불교",
  HS030200: "기독교",
  HS040100: "안보유적지",
  LS010400: "골프",
  LS010800: "스키/스노보드",
  NA010100: "산, 고개, 오름, 봉우리",
  NA010300: "폭포",
  NA020100: "강",
  NA020200: "호수",
  NA020500: "섬",
  NA020700: "항구/포구",
  NA020800: "해안절경",
  NA020900: "해변. 해수욕장",
  NA030100: "동굴",
  NA030400: "생태습지",
  NA040100: "국립공원",
  NA040200: "도립공원",
  NA040500: "생태관광지",
  NA040600: "자연휴양림",
  NA040700: "수목원ㆍ정원",
  SH010100: "백화점",
  SH020100: "복합쇼핑몰",
  SH050200: "전문상가",
  SH060200: "상설시장",
  VE010100: "건물",
  VE010200: "타워 / 전망대",
  VE010300: "다리 / 대교",
  VE020100: "테마파크",
  VE020300: "동물원",
  VE030100: "시민공원",
  VE040100: "골목길, 문화거리",
  VE050100: "관광단지",
  VE060100: "공연장",
  VE070100: "박물관",
  VE070200: "기념관",
  VE070300: "전시관",
  VE070400: "컨벤션센터",
  VE070500: "과학관",
  VE070600: "미술관/화랑",
  VE090300: "도서관",
};

/** A name rule: the first whose pattern matches the title decides; `otherwise` when none does. */
interface ByName {
  rules: readonly (readonly [RegExp, string])[];
  otherwise: string;
}

/** Classes a category spreads over, one per content by its name's hash. */
interface Spread {
  spread: readonly string[];
}

/** The old service category (cat3) → the class, refined by the content's name where one category spans several classes. */
const BY_CATEGORY: Readonly<Record<string, string | ByName | Spread>> = {
  A01010100: "NA040100", // 국립공원
  A01010200: "NA040200", // 도립공원
  A01010400: "NA010100", // 산
  A01010500: { rules: [[/습지|갯벌|늪/, "NA030400"]], otherwise: "NA040500" }, // 자연생태관광지
  A01010600: "NA040600", // 자연휴양림
  A01010700: "NA040700", // 수목원
  A01010800: "NA010300", // 폭포
  A01011100: "NA020800", // 해안절경
  A01011200: "NA020900", // 해수욕장
  A01011300: "NA020500", // 섬
  A01011400: "NA020700", // 항구/포구
  A01011700: "NA020200", // 호수
  A01011800: "NA020100", // 강
  A01011900: "NA030100", // 동굴
  A02010100: "HS010100", // 고궁
  A02010200: "HS010200", // 성
  A02010400: "HS010400", // 고택
  A02010600: "HS010600", // 민속마을
  // 유적지/사적지: royal tombs, shrines, prehistoric sites and war memorials have their own classes.
  A02010700: {
    rules: [
      [/릉$|릉과|왕릉|고분/, "HS010800"],
      [/종묘|향교|서원|사당|경기전/, "HS010900"],
      [/암사동|선사/, "HS011000"],
      [/현충원|임진각/, "HS040100"],
    ],
    otherwise: "HS010700",
  },
  A02010800: "HS030100", // 사찰
  A02010900: { rules: [[/성당|교회|순교/, "HS030200"]], otherwise: "HS030100" }, // 종교성지
  A02020200: "VE050100", // 관광단지
  A02020300: "EX050100", // 온천/욕장/스파
  A02020600: { rules: [[/동물원|베어/, "VE020300"]], otherwise: "VE020100" }, // 테마공원
  A02020700: "VE030100", // 공원
  A02030100: { rules: [[/목장/, "EX030200"], [/다원|농장/, "EX030300"]], otherwise: "EX030100" }, // 농·산·어촌 체험
  A02030400: "EX070200", // 이색체험
  A02030600: "VE040100", // 이색거리
  A02050100: "VE010300", // 다리/대교
  A02050200: "VE010200", // 기념탑/전망대
  A02050600: "VE010100", // 유명건물
  A02060100: "VE070100", // 박물관
  A02060200: "VE070200", // 기념관
  A02060300: { rules: [[/과학/, "VE070500"], [/도서관/, "VE090300"]], otherwise: "VE070300" }, // 전시관
  A02060400: "VE070400", // 컨벤션센터
  A02060500: "VE070600", // 미술관/화랑
  A02060600: "VE060100", // 공연장
  A03021200: { rules: [[/리조트|스키/, "LS010800"]], otherwise: "LS010400" }, // 골프
  A03021700: { rules: [[/오토/, "AC050200"]], otherwise: "AC050100" }, // 야영장
  A04010200: "SH060200", // 상설시장
  A04010300: "SH010100", // 백화점
  A04010600: { rules: [[/그라운드|아트리움|몰/, "SH020100"]], otherwise: "SH050200" }, // 전문매장/상가
  // 한식: the list has two classes for Korean restaurants and a name does not tell which; spread over both.
  A05020100: { spread: ["FD010100", "FD010200"] },
  A05020400: "FD020100", // 중식
  A05020700: { rules: [[/당|베이커리|제과/, "FD030100"]], otherwise: "FD010200" }, // 이색음식점
  A05020900: { rules: [[/다원|찻집|전통차/, "FD050200"]], otherwise: "FD050100" }, // 카페/전통찻집
  B02010100: "AC010100", // 관광호텔
  B02010700: "AC030100", // 펜션
  B02011100: "AC060200", // 게스트하우스
  B02011600: "AC030200", // 한옥
  // Festivals (일반축제, 공연): by what they celebrate.
  A02070200: {
    rules: [
      [/꽃|벚꽃|장미|유채|억새|눈|산천어|송어|반딧불|나비|계곡|머드|모래|바다/, "EV010500"],
      [/궁중|문화제|단오|탈춤|백제|신라|화성|연등|야행|강감찬|온달/, "EV010400"],
      [/새우젓|김장|인삼|고추|쌀|콩|복숭아|한방|치맥|자갈치|어방|소래/, "EV010300"],
      [/빛|불꽃|초롱|페스티벌/, "EV010200"],
    ],
    otherwise: "EV010600",
  },
  A02080100: "EV010200", // 공연 (영화제, 재즈·락·거리예술 축제)
  C01120001: "C01120001",
  C01140001: "C01140001",
  C01150001: "C01150001",
  C01170001: "C01170001",
};

export interface LclsSystm {
  lclsSystm1: string;
  lclsSystm2: string;
  lclsSystm3: string;
}

/** The class of a content from its old category and its name; throws on a category the table does not know. */
export function lclsSystmOf(cat3: string, title: string): LclsSystm {
  const entry = BY_CATEGORY[cat3];
  if (entry === undefined) throw new Error(`tour world: no classification for category ${cat3} (${title})`);
  const code =
    typeof entry === "string"
      ? entry
      : "spread" in entry
        ? pick(`lcls:${title}`, entry.spread)
        : (entry.rules.find(([pattern]) => pattern.test(title))?.[1] ?? entry.otherwise);
  const course = code.startsWith("C01");
  return { lclsSystm1: code.slice(0, course ? 3 : 2), lclsSystm2: code.slice(0, course ? 5 : 4), lclsSystm3: code };
}
