/**
 * KMA bulletins of the sandbox world: the current 기상특보 status (getPwnStatus) and earthquake
 * notices (getEqkMsg). Both are deterministic functions of the date: a day's warning issues and
 * their texts follow the season (건조·강풍 in late autumn, 폭염·호우 in summer, 한파·대설 in
 * winter), and small domestic earthquakes happen at least once in every 36 hours.
 */
import { addDays, kstInstant, kstParts, kstYmd } from "../../time/kst";
import { pick, seededInt, seededRandom } from "../../util/random";

const pad = (n: number) => String(n).padStart(2, "0");

/** KST YYYYMMDDHHmm, or YYYYMMDDHHmmss with seconds, as KMA stamps notices and events. */
function stamp(at: Date, seconds: boolean): string {
  const p = kstParts(at);
  const s = seconds ? pad(Math.floor(at.getTime() / 1000) % 60) : "";
  return `${p.year}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${s}`;
}

// ---------------------------------------------------------------- 기상특보 현황

type Season = "winter" | "spring" | "summer" | "autumn";

function seasonOf(month: number): Season {
  if (month === 12 || month <= 2) return "winter";
  if (month <= 5) return "spring";
  if (month <= 9) return "summer";
  return "autumn";
}

interface WarningKind {
  name: string;
  /** Areas written the way KMA lists them in t6. */
  areas: readonly string[];
}

const DRY = ["서울", "부산", "대구", "울산", "강원도(강릉시평지, 동해시평지, 삼척시평지, 속초시평지, 고성군평지, 양양군평지)", "경상북도(포항, 경주, 영덕, 울진평지)", "경기도(과천, 광명, 성남, 하남, 구리)", "경상남도(김해, 양산, 창원)"];
const WIND = ["울릉도.독도", "제주도산지", "제주도남부", "강원도(강원북부산지, 강원중부산지, 강원남부산지)", "전라남도(흑산도.홍도)", "경상북도(울릉도.독도)"];
const SEA = ["동해중부안쪽먼바다", "동해중부바깥먼바다", "동해남부북쪽안쪽먼바다", "서해중부먼바다", "서해남부북쪽먼바다", "제주도남쪽먼바다", "남해동부바깥먼바다"];
const COLD = ["강원도(철원, 화천, 양구평지, 인제평지)", "경기도(연천, 포천, 가평, 양주, 동두천)", "충청북도(제천, 단양)", "경상북도(봉화평지, 영양평지)"];
const SNOW = ["울릉도.독도", "제주도산지", "강원도(강원북부산지, 강원중부산지)", "전라북도(고창, 부안, 정읍)", "전라남도(영광, 함평, 장성)"];
const HEAT = ["서울", "대구", "광주", "대전", "경기도(수원, 성남, 안양, 화성, 오산)", "경상북도(경산, 영천, 경주, 포항, 구미)", "경상남도(창원, 김해, 밀양)", "전라남도(담양, 곡성, 구례)", "충청남도(공주, 논산, 부여)"];
const HEAVY_RAIN = ["제주도산지", "제주도남부", "전라남도(여수, 광양, 순천, 고흥)", "경상남도(남해, 하동, 거제, 통영)", "경기도(가평, 양평, 여주)", "강원도(홍천평지, 춘천, 원주)"];

const SEASON_KINDS: Record<Season, readonly WarningKind[]> = {
  winter: [{ name: "건조", areas: DRY }, { name: "강풍", areas: WIND }, { name: "풍랑", areas: SEA }, { name: "한파", areas: COLD }, { name: "대설", areas: SNOW }],
  spring: [{ name: "건조", areas: DRY }, { name: "강풍", areas: WIND }, { name: "풍랑", areas: SEA }],
  summer: [{ name: "폭염", areas: HEAT }, { name: "호우", areas: HEAVY_RAIN }, { name: "풍랑", areas: SEA }, { name: "강풍", areas: WIND }],
  autumn: [{ name: "건조", areas: DRY }, { name: "강풍", areas: WIND }, { name: "풍랑", areas: SEA }],
};

const ISSUE_TIMES = ["0400", "0700", "1000", "1100", "1600", "1800", "2100", "2200"] as const;

/** The list in an order drawn from the seed. */
function shuffled<T>(seed: string, list: readonly T[]): T[] {
  const rnd = seededRandom(seed);
  return list
    .map((value) => ({ value, key: rnd() }))
    .sort((a, b) => a.key - b.key)
    .map(({ value }) => value);
}

/** The HHmm times at which warnings were issued on a day (one to three issues). */
function issueTimes(ymd: string): string[] {
  const count = seededInt(`pwn-issues:${ymd}`, 1, 3);
  return shuffled(`pwn-issue-times:${ymd}`, ISSUE_TIMES).slice(0, count).sort();
}

export interface WarningStatus {
  tmFc: string; // YYYYMMDDHHmm
  tmEf: string;
  tmSeq: number;
  t6: string;
  t7: string;
  other: string;
}

function statusText(ymd: string, hhmm: string): Pick<WarningStatus, "t6" | "t7" | "other"> {
  const seed = `pwn:${ymd}:${hhmm}`;
  const rnd = seededRandom(seed);
  const month = Number(ymd.slice(4, 6));
  const kinds = SEASON_KINDS[seasonOf(month)];
  const lines: string[] = [];
  for (const kind of kinds) {
    if (rnd() > 0.55) continue;
    const candidates = shuffled(`${seed}:${kind.name}`, kind.areas);
    const areas = candidates.slice(0, 1 + Math.floor(rnd() * Math.min(4, candidates.length)));
    // A few of the areas are at the higher level (경보), the rest 주의보.
    if (kind.name !== "풍랑" && rnd() < 0.3 && areas.length > 1) {
      lines.push(`o ${kind.name}경보 : ${areas.slice(0, 1).join(", ")}`);
      lines.push(`o ${kind.name}주의보 : ${areas.slice(1).join(", ")}`);
    } else {
      lines.push(`o ${kind.name}주의보 : ${areas.join(", ")}`);
    }
  }
  const next = kstParts(addDays(kstInstant(ymd), 1));
  const preliminary = kinds[Math.floor(rnd() * kinds.length)];
  const t7 =
    preliminary && rnd() < 0.6
      ? `(1) ${preliminary.name} 예비특보\r\no ${next.month}월 ${next.day}일 ${pick(`${seed}:when`, ["새벽(00시~06시)", "아침(06시~09시)", "오후(12시~18시)", "밤(18시~24시)"])} : ${pick(`${seed}:where`, preliminary.areas)}`
      : "o 없음";
  const advice: Record<Season, string> = {
    winter: "(1) 당분간 대기가 매우 건조하고 기온이 낮겠으니, 산불 등 각종 화재예방과 건강관리에 유의하기 바랍니다.",
    spring: "(1) 당분간 대기가 매우 건조하겠으니, 산불 등 각종 화재예방에 각별히 유의하기 바랍니다.",
    summer: "(1) 당분간 무더위가 이어지겠으니, 온열질환 예방과 농·축산물 관리에 유의하기 바랍니다.",
    autumn: "(1) 당분간 동해안을 중심으로 대기가 매우 건조하겠으니, 산불 등 각종 화재예방에 각별히 유의하기 바랍니다.",
  };
  return {
    t6: lines.length > 0 ? lines.join("\r\n") : "o 없음",
    t7,
    other: rnd() < 0.7 ? advice[seasonOf(month)] : "o 없음",
  };
}

/** The warning status in force at `now`: the latest issue of today, or of an earlier day. */
export function warningStatusAt(now: Date): WarningStatus {
  const nowStamp = stamp(now, false);
  for (let back = 0; back < 3; back++) {
    const ymd = kstYmd(addDays(now, -back));
    const times = issueTimes(ymd).filter((t) => `${ymd}${t}` <= nowStamp);
    const last = times[times.length - 1];
    if (last === undefined) continue;
    // tmSeq counts the issues of the month, as KMA numbers them.
    let seq = times.length;
    for (let d = 1; d < Number(ymd.slice(6, 8)); d++) seq += issueTimes(`${ymd.slice(0, 6)}${String(d).padStart(2, "0")}`).length;
    return { tmFc: `${ymd}${last}`, tmEf: `${ymd}${last}`, tmSeq: seq, ...statusText(ymd, last) };
  }
  throw new Error("every day has at least one warning issue");
}

// ---------------------------------------------------------------- 지진정보

interface QuakeSource {
  /** Place phrase base and whether it is offshore (해역) or inland (지역). */
  place: string;
  sea: boolean;
  lat: number;
  lon: number;
  /** Provinces that feel it, nearest first, for the 최대진도 text. */
  felt: readonly string[];
}

const QUAKE_SOURCES: readonly QuakeSource[] = [
  { place: "경북 경주시", sea: false, lat: 35.77, lon: 129.19, felt: ["경북", "울산", "대구"] },
  { place: "경북 포항시 북구", sea: false, lat: 36.11, lon: 129.35, felt: ["경북", "대구", "울산"] },
  { place: "경북 상주시", sea: false, lat: 36.42, lon: 128.16, felt: ["경북", "충북"] },
  { place: "충북 괴산군", sea: false, lat: 36.82, lon: 127.79, felt: ["충북", "경북", "강원"] },
  { place: "전북 완주군", sea: false, lat: 35.92, lon: 127.24, felt: ["전북", "충남"] },
  { place: "경남 합천군", sea: false, lat: 35.58, lon: 128.16, felt: ["경남", "경북"] },
  { place: "강원 동해시", sea: true, lat: 37.6, lon: 129.5, felt: ["강원", "경북"] },
  { place: "경북 울진군", sea: true, lat: 36.9, lon: 129.75, felt: ["경북", "강원"] },
  { place: "전남 신안군 흑산면", sea: true, lat: 34.8, lon: 125.2, felt: ["전남"] },
  { place: "제주 서귀포시", sea: true, lat: 33.1, lon: 126.1, felt: ["제주"] },
  { place: "인천 옹진군 백령도", sea: true, lat: 37.75, lon: 124.6, felt: ["인천"] },
  { place: "충남 태안군 서격렬비도", sea: true, lat: 36.7, lon: 125.5, felt: ["충남"] },
];

const DIRECTIONS = ["북쪽", "북북동쪽", "북동쪽", "동북동쪽", "동쪽", "동남동쪽", "남동쪽", "남남동쪽", "남쪽", "남남서쪽", "남서쪽", "서남서쪽", "서쪽", "서북서쪽", "북서쪽", "북북서쪽"] as const;
const ROMAN = ["Ⅰ", "Ⅱ", "Ⅲ", "Ⅳ", "Ⅴ"] as const;

export interface Quake {
  tmFc: string; // YYYYMMDDHHmm, the notice
  tmEqk: string; // YYYYMMDDHHmmss, the event
  /** The notice instant, for windowing. */
  issuedAt: Date;
  tmSeq: number;
  fcTp: number;
  loc: string;
  lat: number;
  lon: number;
  mt: number;
  dep: number;
  inT: string;
  rem: string;
  img: string;
  stnId: number;
  cnt: number;
}

/** Blocks of 36 hours: each holds one event (sometimes two), so any 72-hour window holds one. */
const BLOCK_MS = 36 * 3600_000;

function quakesOfBlock(block: number): Quake[] {
  const rnd = seededRandom(`eqk-block:${block}`);
  const count = rnd() < 0.3 ? 2 : 1;
  const quakes: Quake[] = [];
  for (let i = 0; i < count; i++) {
    const source = QUAKE_SOURCES[Math.floor(rnd() * QUAKE_SOURCES.length)] ?? QUAKE_SOURCES[0];
    if (!source) continue;
    const eventAt = new Date(block * BLOCK_MS + Math.floor(rnd() * (BLOCK_MS - 3600_000)));
    // Domestic notices (fcTp 3) follow the event by a few minutes.
    const issuedAt = new Date(Math.ceil((eventAt.getTime() + (4 + Math.floor(rnd() * 6)) * 60_000) / 60_000) * 60_000);
    const mt = Math.round((2.0 + rnd() * rnd() * 1.6) * 10) / 10;
    const km = 3 + Math.floor(rnd() * (source.sea ? 60 : 15));
    const direction = DIRECTIONS[Math.floor(rnd() * DIRECTIONS.length)] ?? "북쪽";
    const peak = Math.min(ROMAN.length - 1, Math.max(0, Math.round(mt - (source.sea ? 1.4 : 0.6))));
    const felt = source.felt.slice(0, Math.max(1, peak + 1)).map((province, k) => `${ROMAN[Math.max(0, peak - k)] ?? "Ⅰ"}(${province})`);
    const tmEqk = stamp(eventAt, true);
    quakes.push({
      tmFc: stamp(issuedAt, false),
      tmEqk,
      issuedAt,
      // Notices are numbered through the year; a block holds at most two.
      tmSeq: 1 + Math.floor((eventAt.getTime() - kstInstant(`${kstParts(eventAt).year}0101`).getTime()) / BLOCK_MS) * 2 + i,
      fcTp: 3,
      loc: `${source.place} ${direction} ${km}km ${source.sea ? "해역" : "지역"}`,
      lat: Math.round((source.lat + (rnd() - 0.5) * 0.2) * 100) / 100,
      lon: Math.round((source.lon + (rnd() - 0.5) * 0.2) * 100) / 100,
      mt,
      dep: seededInt(`eqk-dep:${block}:${i}`, source.sea ? 8 : 5, source.sea ? 25 : 18),
      inT: `최대진도 ${felt.join(",")}`,
      rem: source.sea ? "지진 발생 인근 해역 및 해안가에서 지진동을 느낄 수 있음. 안전에 유의하기 바람." : "지진 발생 인근 지역은 지진동을 느낄 수 있음. 안전에 유의하기 바람.",
      img: `http://www.weather.go.kr/w/repositary/image/eqk/img/eqk_img_3_${tmEqk}.png`,
      stnId: 108,
      cnt: 1,
    });
  }
  return quakes;
}

/** Notices issued in [from, to], newest first (as getEqkMsg lists them). */
export function quakesIssuedBetween(from: Date, to: Date): Quake[] {
  const first = Math.floor(from.getTime() / BLOCK_MS) - 1;
  const last = Math.floor(to.getTime() / BLOCK_MS);
  const quakes: Quake[] = [];
  for (let block = first; block <= last; block++) {
    for (const q of quakesOfBlock(block)) if (q.issuedAt >= from && q.issuedAt <= to) quakes.push(q);
  }
  return quakes.sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime());
}
