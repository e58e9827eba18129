/**
 * The TourAPI content world: hand-placed spots, festivals and courses, plus restaurants, cafés and
 * lodgings generated deterministically near every sight. Every content item knows its TourAPI
 * area/sigungu codes, its 법정동 시도/시군구 codes, an address consistent with regions.ts, and the
 * type-specific fields detailIntro2 returns.
 */
import { kstYmd } from "../../time/kst";
import { hash32, pick, seededInt, seededRandom } from "../../util/random";
import { tourPlace, type TourPlace } from "./tour-areas";
import { lclsSystmOf, type LclsSystm } from "./tour-classes";
import { FESTIVAL_ROWS, type FestivalRow } from "./tour-festivals";
import { COURSE_ROWS, SANDBOX_CONTENT_IDS_FROM, SPOT_ROWS, type SpotRow } from "./tour-spots";

export const CONTENT_TYPE_IDS = [12, 14, 15, 25, 28, 32, 38, 39] as const;
export type ContentTypeId = (typeof CONTENT_TYPE_IDS)[number];

export interface TourContent {
  contentid: string;
  contenttypeid: ContentTypeId;
  title: string;
  place: TourPlace;
  addr1: string;
  addr2: string;
  zipcode: string;
  lat: number;
  lon: number;
  cat3: string;
  /** The classification system's classes (lclsSystm1/2/3). */
  lcls: LclsSystm;
  tel: string;
  homepage: string;
  firstimage: string;
  firstimage2: string;
  createdtime: string;
  modifiedtime: string;
  overview: string;
  /** Type-specific detailIntro2 fields other than the festival dates. */
  intro: Record<string, string>;
  /** Yearly window of a festival, MMDD. */
  festival?: { start: string; end: string };
}

function contentTypeOf(cat3: string): ContentTypeId {
  if (cat3.startsWith("C01")) return 25;
  if (cat3.startsWith("B02")) return 32;
  if (cat3.startsWith("A05")) return 39;
  if (cat3.startsWith("A04")) return 38;
  if (cat3.startsWith("A03")) return 28;
  if (cat3.startsWith("A0207") || cat3.startsWith("A0208")) return 15;
  if (cat3.startsWith("A0206")) return 14;
  return 12;
}

const CAT_LABEL: Record<string, string> = {
  A0101: "자연관광지",
  A0201: "역사관광지",
  A0202: "휴양관광지",
  A0203: "체험관광지",
  A0204: "산업관광지",
  A0205: "건축·조형물",
  A0206: "문화시설",
  A0207: "축제",
  A0302: "육상 레포츠 시설",
  A0303: "수상 레포츠 시설",
  A0401: "쇼핑 명소",
  A0502: "음식점",
  B0201: "숙박시설",
  C0112: "가족 여행 코스",
  C0114: "힐링 여행 코스",
  C0115: "도보 여행 코스",
  C0117: "맛 여행 코스",
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function josa(word: string, withFinal: string, withoutFinal: string): string {
  const bare = word.replace(/\s*\([^)]*\)\s*$/, "");
  const last = bare.charCodeAt(bare.length - 1);
  if (last < 0xac00 || last > 0xd7a3) return `${withFinal}(${withoutFinal})`;
  return (last - 0xac00) % 28 === 0 ? withoutFinal : withFinal;
}

/** A YYYYMMDDHHmmss stamp in [fromYear, toYear], the same for the same seed. */
function stamp(seed: string, fromYear: number, toYear: number): string {
  const rnd = seededRandom(seed);
  const year = fromYear + Math.floor(rnd() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(rnd() * 12);
  const day = 1 + Math.floor(rnd() * 28);
  return `${year}${pad(month)}${pad(day)}${pad(Math.floor(rnd() * 24))}${pad(Math.floor(rnd() * 60))}${pad(Math.floor(rnd() * 60))}`;
}

function times(contentid: number, generated: boolean): { createdtime: string; modifiedtime: string } {
  // Real ids grew with time (6 digits in 2004, 7 from about 2008); the sandbox's own ids say nothing of their age.
  const real = contentid < SANDBOX_CONTENT_IDS_FROM;
  const createdFrom = generated ? 2015 : !real ? 2004 + (hash32(`era:${contentid}`) % 10) : contentid < 300_000 ? 2004 : contentid < 2_000_000 ? 2008 : 2013;
  const createdtime = stamp(`created:${contentid}`, createdFrom, generated ? 2023 : createdFrom + 6);
  const modifiedtime = stamp(`modified:${contentid}`, 2024, 2025);
  return { createdtime, modifiedtime: modifiedtime > createdtime ? modifiedtime : createdtime };
}

/** A visitkorea CDN image pair, or none for some generated small businesses. */
function images(contentid: number, withImage: boolean): { firstimage: string; firstimage2: string } {
  if (!withImage) return { firstimage: "", firstimage2: "" };
  const h = hash32(`img:${contentid}`);
  const base = `http://tong.visitkorea.or.kr/cms/resource/${pad(h % 100)}/${2_000_000 + (h % 1_800_000)}`;
  return { firstimage: `${base}_image2_1.jpg`, firstimage2: `${base}_image3_1.jpg` };
}

function phone(place: TourPlace, seed: string): string {
  const rnd = seededRandom(`tel:${seed}`);
  const mid = place.area.phone === "02" ? 2000 + Math.floor(rnd() * 7999) : 200 + Math.floor(rnd() * 799);
  return `${place.area.phone}-${mid}-${pad(Math.floor(rnd() * 10_000), 4)}`;
}

function homepageAnchor(title: string, host: string | undefined): string {
  if (!host) return "";
  return `<a href="https://${host}" target="_blank" title="새창 : ${title} 홈페이지로 이동">${host}</a>`;
}

function zipcode(place: TourPlace, seed: string): string {
  return `${place.zip3}${pad(seededInt(`zip:${seed}`, 0, 99))}`;
}

interface Draft {
  contentid: number;
  title: string;
  cat3: string;
  place: TourPlace;
  road: string;
  addr2?: string;
  lat: number;
  lon: number;
  tel: string;
  homepage?: string;
  overview: string;
  intro: Record<string, string>;
  generated: boolean;
  withImage: boolean;
  festival?: { start: string; end: string };
}

function finish(d: Draft): TourContent {
  return {
    contentid: String(d.contentid),
    contenttypeid: contentTypeOf(d.cat3),
    title: d.title,
    place: d.place,
    addr1: `${d.place.addressPrefix} ${d.road}`,
    addr2: d.addr2 ?? "",
    zipcode: zipcode(d.place, String(d.contentid)),
    lat: d.lat,
    lon: d.lon,
    cat3: d.cat3,
    lcls: lclsSystmOf(d.cat3, d.title),
    tel: d.tel,
    homepage: homepageAnchor(d.title, d.homepage),
    ...images(d.contentid, d.withImage),
    ...times(d.contentid, d.generated),
    overview: d.overview,
    intro: d.intro,
    ...(d.festival ? { festival: d.festival } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// detailIntro2 defaults per content type (values are what an LLM shows a traveller)

function sightIntro(seed: string, cat3: string, tel: string): Record<string, string> {
  const outdoors = cat3.startsWith("A01") || cat3.startsWith("A0202") || cat3 === "A02030600";
  return {
    infocenter: tel,
    restdate: outdoors ? "연중무휴" : pick(`restdate:${seed}`, ["연중무휴", "매주 월요일", "매주 화요일", "1월 1일, 설날·추석 당일"]),
    usetime: outdoors ? "상시 개방" : pick(`usetime:${seed}`, ["09:00~18:00", "09:00~18:00 (입장마감 17:00)", "10:00~19:00", "09:30~17:30"]),
    parking: pick(`parking:${seed}`, ["가능", "가능 (유료)", "불가", "인근 공영주차장 이용"]),
    chkbabycarriage: pick(`baby:${seed}`, ["가능", "불가", "없음"]),
    chkpet: pick(`pet:${seed}`, ["불가", "가능 (목줄 착용)"]),
    chkcreditcard: pick(`card:${seed}`, ["가능", "없음"]),
    expguide: "",
    useseason: outdoors ? "사계절" : "",
  };
}

function cultureIntro(seed: string, tel: string): Record<string, string> {
  return {
    infocenterculture: tel,
    usetimeculture: pick(`usetime:${seed}`, ["09:00~18:00 (입장마감 17:30)", "10:00~18:00", "10:00~19:00 (금·토 21:00까지)"]),
    restdateculture: pick(`restdate:${seed}`, ["매주 월요일", "1월 1일, 설날·추석 당일", "연중무휴"]),
    usefee: pick(`fee:${seed}`, ["무료", "성인 3,000원 / 청소년 2,000원", "성인 5,000원 / 어린이 3,000원"]),
    parkingculture: pick(`parking:${seed}`, ["가능", "가능 (유료)", "불가"]),
    spendtime: pick(`spend:${seed}`, ["1시간", "1~2시간", "2시간 이상"]),
    chkbabycarriageculture: pick(`baby:${seed}`, ["가능", "대여 가능"]),
  };
}

function leportsIntro(seed: string, tel: string): Record<string, string> {
  return {
    infocenterleports: tel,
    usetimeleports: pick(`usetime:${seed}`, ["09:00~18:00", "상시 운영"]),
    usefeeleports: pick(`fee:${seed}`, ["무료", "시설별 상이"]),
    restdateleports: "연중무휴",
    parkingleports: "가능",
    openperiod: "연중",
    reservation: pick(`resv:${seed}`, ["현장 접수", "온라인 예약"]),
  };
}

function shoppingIntro(seed: string, tel: string): Record<string, string> {
  return {
    infocentershopping: tel,
    opentime: pick(`open:${seed}`, ["10:00~20:00", "09:00~21:00", "10:30~20:00"]),
    restdateshopping: pick(`rest:${seed}`, ["연중무휴", "첫째·셋째 일요일", "설날·추석 당일"]),
    saleitem: "",
    parkingshopping: pick(`parking:${seed}`, ["가능", "가능 (유료)", "불가"]),
    chkcreditcardshopping: "가능",
  };
}

function foodIntro(seed: string, tel: string, dish: string, others: readonly string[]): Record<string, string> {
  const rest = others.filter((o) => o !== dish);
  return {
    infocenterfood: tel,
    firstmenu: dish,
    treatmenu: rest.length > 0 ? `${dish}, ${pick(`menu2:${seed}`, rest)}` : dish,
    opentimefood: pick(`open:${seed}`, ["11:00~21:00", "10:30~22:00 (브레이크타임 15:00~17:00)", "11:30~21:30", "09:00~20:00"]),
    restdatefood: pick(`rest:${seed}`, ["연중무휴", "매주 월요일", "매주 일요일", "명절 당일"]),
    packing: pick(`pack:${seed}`, ["가능", "불가"]),
    parkingfood: pick(`parking:${seed}`, ["가능", "불가", "인근 공영주차장 이용"]),
    reservationfood: pick(`resv:${seed}`, ["가능", "불가"]),
    seat: `${seededInt(`seat:${seed}`, 3, 18) * 10}석`,
    smoking: "금연",
    kidsfacility: pick(`kids:${seed}`, ["0", "1"]),
  };
}

function lodgingIntro(seed: string, tel: string, rooms: number, roomtype: string): Record<string, string> {
  return {
    infocenterlodging: tel,
    reservationlodging: tel,
    checkintime: pick(`in:${seed}`, ["15:00", "16:00", "14:00"]),
    checkouttime: pick(`out:${seed}`, ["11:00", "12:00"]),
    roomcount: String(rooms),
    roomtype,
    parkinglodging: pick(`parking:${seed}`, ["가능", "불가"]),
    chkcooking: pick(`cook:${seed}`, ["불가", "가능"]),
    subfacility: pick(`sub:${seed}`, ["레스토랑, 피트니스", "공용 라운지, 세탁실", "조식 제공", "바비큐장"]),
    reservationurl: "",
  };
}

function courseIntro(row: (typeof COURSE_ROWS)[number], stops: readonly TourContent[], tel: string): Record<string, string> {
  return {
    distance: row.distance,
    taketime: row.taketime,
    schedule: stops.map((s, i) => `${i + 1}코스 ${s.title}`).join(" → "),
    theme: CAT_LABEL[row.cat3.slice(0, 5)] ?? "여행 코스",
    infocentertourcourse: tel,
  };
}

// ---------------------------------------------------------------------------------------------
// Hand-placed spots

function spotContent(row: SpotRow): TourContent {
  const [contentid, title, cat3, lawd, road, lat, lon, blurb, extras] = row;
  const place = tourPlace(lawd);
  const seed = String(contentid);
  const nature = cat3.startsWith("A01");
  const tel = extras?.tel ?? (nature && seededInt(`notel:${seed}`, 0, 9) < 3 ? "" : phone(place, seed));
  const type = contentTypeOf(cat3);
  const label = CAT_LABEL[cat3.slice(0, 5)] ?? "관광지";
  const overview = `${title}${josa(title, "은", "는")} ${place.addressPrefix}에 있는 ${label}이다. ${blurb}`;
  let intro: Record<string, string>;
  switch (type) {
    case 14:
      intro = cultureIntro(seed, tel);
      break;
    case 28:
      intro = leportsIntro(seed, tel);
      break;
    case 38:
      intro = shoppingIntro(seed, tel);
      break;
    case 39: {
      const dish = extras?.intro?.["firstmenu"] ?? "한식";
      intro = foodIntro(seed, tel, dish, [dish]);
      break;
    }
    case 32:
      intro = lodgingIntro(seed, tel, seededInt(`rooms:${seed}`, 20, 400), "스탠다드, 디럭스, 스위트");
      break;
    default:
      intro = sightIntro(seed, cat3, tel);
  }
  return finish({
    contentid,
    title,
    cat3,
    place,
    road,
    lat,
    lon,
    tel,
    ...(extras?.homepage ? { homepage: extras.homepage } : {}),
    overview,
    intro: { ...intro, ...extras?.intro },
    generated: false,
    withImage: true,
  });
}

function festivalContent(row: FestivalRow): TourContent {
  const [contentid, title, lawd, placeName, lat, lon, start, end, sponsor, program, blurb] = row;
  const place = tourPlace(lawd);
  const seed = String(contentid);
  const tel = phone(place, seed);
  const cat3 = /영화|재즈|락|예술|프린지/.test(title) ? "A02080100" : "A02070200";
  // "사직로 161 경복궁 등 5대 궁과 종묘": the road address goes to addr1, the venue to addr2.
  const [, road = placeName, venue = ""] = /^(.*?\s\d+(?:-\d+)?)\s+(.+)$/.exec(placeName) ?? [];
  return finish({
    contentid,
    title,
    cat3,
    place,
    road,
    addr2: venue,
    lat,
    lon,
    tel,
    overview: `${blurb}<br><br>주요 프로그램: ${program}`,
    intro: {
      eventplace: placeName,
      playtime: pick(`play:${seed}`, ["10:00~22:00", "11:00~21:00", "18:00~23:00", "10:00~18:00"]),
      program,
      usetimefestival: pick(`fee:${seed}`, ["무료", "무료 (일부 체험 유료)", "유료 (프로그램별 상이)"]),
      sponsor1: sponsor,
      sponsor1tel: tel,
      sponsor2: "",
      agelimit: "전연령 가능",
      bookingplace: "",
      spendtimefestival: pick(`spend:${seed}`, ["2시간", "반나절", "하루"]),
      festivalgrade: "",
    },
    generated: false,
    withImage: true,
    festival: { start, end },
  });
}

// ---------------------------------------------------------------------------------------------
// Generated neighbours: a restaurant near every sight, a café near every third, lodging near every second

const DISHES_BY_SIDO: Record<string, readonly string[]> = {
  "11": ["칼국수", "설렁탕", "닭한마리", "족발", "빈대떡", "삼계탕", "불고기", "평양냉면", "순두부", "보쌈"],
  "26": ["돼지국밥", "밀면", "어묵", "복국", "꼼장어", "씨앗호떡", "낙곱새"],
  "27": ["막창", "납작만두", "찜갈비", "따로국밥", "뭉티기"],
  "28": ["짜장면", "쫄면", "물텀벙이", "꽃게탕", "밴댕이회"],
  "29": ["오리탕", "떡갈비", "육전", "상추튀김"],
  "30": ["칼국수", "두부두루치기", "순대국밥", "숯불갈비"],
  "31": ["언양불고기", "고래고기", "회덮밥"],
  "36": ["한우국밥", "추어탕", "복숭아빙수"],
  "41": ["수원왕갈비", "부대찌개", "막국수", "닭갈비", "장어구이"],
  "43": ["올갱이국", "송어회", "마늘정식"],
  "44": ["어죽", "꽃게장", "굴밥", "우렁쌈밥"],
  "46": ["한정식", "꼬막정식", "떡갈비", "갈치조림"],
  "47": ["헛제사밥", "찜닭", "물회", "한우불고기"],
  "48": ["충무김밥", "장어구이", "진주냉면", "굴국밥"],
  "50": ["흑돼지구이", "고기국수", "갈치조림", "해물뚝배기", "몸국", "전복죽"],
  "51": ["막국수", "닭갈비", "초당순두부", "감자옹심이", "물회"],
  "52": ["비빔밥", "콩나물국밥", "한정식", "물짜장"],
};

/** Generated businesses' ids: the sandbox's own range (see tour-spots.ts), above every hand-placed id. */
const GENERATED_IDS_FROM = SANDBOX_CONTENT_IDS_FROM + 1_000_001;

const CAFE_MENU = ["아메리카노", "카페라떼", "수제 케이크", "크로플", "밀크티", "에이드"] as const;
const HOTEL_BRANDS = ["신라스테이", "롯데시티호텔", "라마다", "베스트웨스턴", "이비스 스타일", "나인트리"] as const;
const HANOK_LAWDS = new Set(["11110", "11140", "52111", "47130", "47170"]);
const LODGING_CAT3 = { hanok: "B02011600", pension: "B02010700", guesthouse: "B02011100", hotel: "B02010100" } as const;

type LodgingKind = "hanok" | "pension" | "guesthouse" | "hotel";

/** Hanok stays in the old towns, pensions in Jeju, Gangwon and the Gapyeong/Yangpyeong valleys, hotels elsewhere. */
function lodgingKind(place: TourPlace, seed: string): LodgingKind {
  if (HANOK_LAWDS.has(place.lawd) && seededInt(`hanok:${seed}`, 0, 1) === 0) return "hanok";
  const resort = place.area.code === 39 || place.area.code === 32 || place.lawd === "41820" || place.lawd === "41830";
  if (resort && seededInt(`pension:${seed}`, 0, 1) === 0) return "pension";
  return pick(`kind:${seed}`, ["hotel", "hotel", "guesthouse"] as const);
}

/** A nearby address on the same road (or in the same dong) with another number. */
function nearbyRoad(road: string, seed: string): string {
  const tokens = road.split(" ").filter((t) => t !== "산");
  const last = tokens[tokens.length - 1] ?? "";
  const number = seededInt(`no:${seed}`, 2, 180);
  const sub = seededInt(`sub:${seed}`, 0, 3);
  const house = sub === 0 ? String(number) : `${number}-${sub}`;
  if (/^\d+(-\d+)?$/.test(last)) return [...tokens.slice(0, -1), house === last ? `${number + 1}` : house].join(" ");
  const kept: string[] = [];
  for (const token of tokens) {
    if (!/(읍|면|동|리|로|길|가)$/.test(token)) break;
    kept.push(token);
  }
  return [...(kept.length > 0 ? kept : tokens.slice(0, 1)), house].join(" ");
}

/** A point 150–700 m from the origin, deterministic per seed. */
function offset(lat: number, lon: number, seed: string): { lat: number; lon: number } {
  const rnd = seededRandom(`offset:${seed}`);
  const angle = rnd() * 2 * Math.PI;
  const metres = 150 + rnd() * 550;
  const dLat = (metres / 111_000) * Math.sin(angle);
  const dLon = (metres / (111_000 * Math.cos((lat * Math.PI) / 180))) * Math.cos(angle);
  return { lat: Number((lat + dLat).toFixed(6)), lon: Number((lon + dLon).toFixed(6)) };
}

function uniqueTitle(taken: Set<string>, title: string): string {
  let candidate = title;
  for (let n = 2; taken.has(candidate); n++) candidate = `${title} ${n}호점`;
  taken.add(candidate);
  return candidate;
}

/** What a generated business shares with the sight it sits by. */
interface Nearby {
  sight: TourContent;
  place: TourPlace;
  /** Name part taken from the district or the sight: 종로 …, 경복궁 … */
  nick: string;
  /** The sight's address after the district. */
  road: string;
}

function nearbyOf(sight: TourContent): Nearby {
  const place = sight.place;
  const landmark = sight.title.split(" ")[0] ?? "";
  const nick = /^[가-힣]{2,4}$/.test(landmark) ? pick(`nick:${sight.contentid}`, [place.shortName, landmark]) : place.shortName;
  return { sight, place, nick, road: sight.addr1.slice(place.addressPrefix.length + 1) };
}

type Generated = Omit<Draft, "contentid" | "generated">;

function restaurant({ sight, place, nick, road }: Nearby, pickTitle: (candidates: readonly string[], seed: string) => string): Generated {
  const seed = `food:${sight.contentid}`;
  const dishes = DISHES_BY_SIDO[place.lawd.slice(0, 2)] ?? DISHES_BY_SIDO["11"] ?? ["한정식"];
  const dish = pick(`dish:${seed}`, dishes);
  const family = pick(`family:${seed}`, ["할매", "엄마", "이모", "고향", "시골"]);
  const title = pickTitle([`${nick} ${dish}`, `원조${nick}${dish}`, `${dish}명가 ${nick}점`, `${family}네 ${dish}`, `${nick}${dish}집`], seed);
  const tel = phone(place, seed);
  return {
    title,
    cat3: dish === "짜장면" ? "A05020400" : "A05020100",
    place,
    road: nearbyRoad(road, seed),
    ...offset(sight.lat, sight.lon, seed),
    tel,
    overview: `${title}${josa(title, "은", "는")} ${place.addressPrefix}에 있는 ${dish} 전문 음식점이다. ${sight.title}에서 가까워 관광 후 들르기 좋으며, 지역 손님이 많이 찾는 집이다.`,
    intro: foodIntro(seed, tel, dish, dishes),
    withImage: seededInt(`img:${seed}`, 0, 9) >= 2,
  };
}

function cafe({ sight, place, nick, road }: Nearby, pickTitle: (candidates: readonly string[], seed: string) => string): Generated {
  const seed = `cafe:${sight.contentid}`;
  const title = pickTitle([`${nick} 카페`, `카페 ${nick}`, `${nick} 로스터리`, `${nick} 베이커리카페`], seed);
  const tel = phone(place, seed);
  const menu = pick(`menu:${seed}`, CAFE_MENU);
  return {
    title,
    cat3: "A05020900",
    place,
    road: nearbyRoad(road, seed),
    ...offset(sight.lat, sight.lon, seed),
    tel,
    overview: `${title}${josa(title, "은", "는")} ${sight.title} 인근의 카페로, ${menu}${josa(menu, "과", "와")} 직접 구운 디저트를 낸다.`,
    intro: foodIntro(seed, tel, menu, CAFE_MENU),
    withImage: seededInt(`img:${seed}`, 0, 9) >= 2,
  };
}

function lodging({ sight, place, nick, road }: Nearby, pickTitle: (candidates: readonly string[], seed: string) => string): Generated {
  const seed = `stay:${sight.contentid}`;
  const kind = lodgingKind(place, seed);
  const brand = pick(`brand:${seed}`, HOTEL_BRANDS);
  const titles: Record<LodgingKind, readonly string[]> = {
    hanok: [`${nick} 한옥스테이`, `${nick} 한옥게스트하우스`],
    pension: [`${nick} 숲속펜션`, `${nick} 바다펜션`, `${nick} 펜션`],
    guesthouse: [`${nick} 게스트하우스`, `${nick} 스테이`, `${nick} 하우스`],
    hotel: [`호텔 ${nick}`, `${nick} 관광호텔`, `${brand} ${nick}`],
  };
  const title = pickTitle(titles[kind], seed);
  const tel = phone(place, seed);
  const rooms = kind === "hotel" ? seededInt(`rooms:${seed}`, 40, 320) : seededInt(`rooms:${seed}`, 3, 14);
  const roomtype = kind === "hotel" ? "스탠다드, 디럭스, 패밀리" : kind === "hanok" ? "온돌방" : "2인실, 4인실";
  return {
    title,
    cat3: LODGING_CAT3[kind],
    place,
    road: nearbyRoad(road, seed),
    ...offset(sight.lat, sight.lon, seed),
    tel,
    overview: `${title}${josa(title, "은", "는")} ${sight.title} 가까이에 자리한 숙소로, 객실 ${rooms}개를 갖추고 있다. 주변 관광지와 대중교통 이용이 편리하다.`,
    intro: lodgingIntro(seed, tel, rooms, roomtype),
    withImage: true,
  };
}

/** A restaurant by every sight, a café by every third and a lodging by every second; titles unique. */
function neighbours(sights: readonly TourContent[]): TourContent[] {
  const taken = new Set<string>();
  const pickTitle = (candidates: readonly string[], seed: string) => uniqueTitle(taken, pick(`pattern:${seed}`, candidates));
  const drafts = sights.flatMap((sight, index) => {
    const nearby = nearbyOf(sight);
    return [
      restaurant(nearby, pickTitle),
      ...(index % 3 === 0 ? [cafe(nearby, pickTitle)] : []),
      ...(index % 2 === 0 ? [lodging(nearby, pickTitle)] : []),
    ];
  });
  // In the sandbox's own id range, after the hand-placed content, festivals and courses.
  return drafts.map((d, serial) => finish({ ...d, contentid: GENERATED_IDS_FROM + serial, generated: true }));
}

function courses(byId: ReadonlyMap<string, TourContent>): TourContent[] {
  return COURSE_ROWS.map((row) => {
    const stops = row.stops.map((id) => byId.get(String(id))).filter((c): c is TourContent => c !== undefined);
    const first = stops[0];
    if (!first || stops.length !== row.stops.length) throw new Error(`tour world: course ${row.contentid} names unknown stops`);
    const tel = first.place.area.phone === "02" ? "02-1330" : `${first.place.area.phone}-1330`;
    return finish({
      contentid: row.contentid,
      title: row.title,
      cat3: row.cat3,
      place: first.place,
      road: first.addr1.slice(first.place.addressPrefix.length + 1),
      lat: first.lat,
      lon: first.lon,
      tel,
      overview: `${row.blurb}<br><br>${stops.map((s) => s.title).join(" - ")}`,
      intro: courseIntro(row, stops, tel),
      generated: false,
      withImage: true,
    });
  });
}

function build(): readonly TourContent[] {
  const spots = SPOT_ROWS.map(spotContent);
  const festivals = FESTIVAL_ROWS.map(festivalContent);
  const sights = spots.filter((s) => s.contenttypeid === 12);
  const all = [...spots, ...festivals, ...neighbours(sights)];
  const byId = new Map(all.map((c) => [c.contentid, c]));
  if (byId.size !== all.length) throw new Error("tour world: duplicate contentid");
  return [...all, ...courses(byId)];
}

export const TOUR_CONTENT: readonly TourContent[] = build();

const contentIndex = new Map(TOUR_CONTENT.map((c) => [c.contentid, c]));

export function contentById(contentid: string): TourContent | undefined {
  return contentIndex.get(contentid);
}

// ---------------------------------------------------------------------------------------------
// Festival editions

export interface Edition {
  eventstartdate: string; // YYYYMMDD
  eventenddate: string;
}

function addDaysYmd(ymd: string, days: number): string {
  const date = new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8)) + days));
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

/** The edition that starts in `year`: the usual window moved by up to three days, as calendars shift. */
function editionOf(content: TourContent, year: number): Edition | undefined {
  const window = content.festival;
  if (!window) return undefined;
  const shift = seededInt(`edition:${content.contentid}:${year}`, -3, 3);
  const start = addDaysYmd(`${year}${window.start}`, shift);
  const endYear = window.end < window.start ? year + 1 : year;
  return { eventstartdate: start, eventenddate: addDaysYmd(`${endYear}${window.end}`, shift) };
}

/** The first edition still running on or after a date (YYYYMMDD). */
export function editionFrom(content: TourContent, ymd: string): Edition | undefined {
  const year = Number(ymd.slice(0, 4));
  for (const y of [year - 1, year, year + 1]) {
    const edition = editionOf(content, y);
    if (edition && edition.eventenddate >= ymd) return edition;
  }
  return undefined;
}

/** The current or next edition at a moment (what detail pages show). */
export function currentEdition(content: TourContent, now: Date): Edition | undefined {
  return editionFrom(content, kstYmd(now));
}
