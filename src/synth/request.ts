/**
 * The request of an intent plan's walk, in Korean people type: built from the intents' noun
 * phrases and whole questions (src/catalog/intents), in 해요체 or 합니다체, in several structures
 * (a noun phrase and an ending, a whole question, the subject put first, a second fact asked in a
 * sentence of its own, "…은요?" for the next subject), sometimes after a little context whose time
 * fits what is asked and the walk's own instant (src/synth/contexts.ts: nobody goes for a walk "now"
 * at 23:23), with the subject named, referred to ("그 병원") or
 * left out once the context named it. Every wording asks for exactly the facts the answer gives.
 * Pure code.
 */
import { HOP_INTENTS, toolIntent, type AskTime, type HopIntent, type ToolIntent } from "../catalog/intents";
import { seededRandom } from "../util/random";
import { statedEntity, type Register } from "./compose";
import { CONTEXTS, contextFits, contextSuits, kindOf, MANY_CONTEXTS, NAMED_CONTEXTS, PRONOUNS, saidAt, topicOf, type Context, type Topic } from "./contexts";
import { josa, metresText } from "../util/korean";
import type { PlanAsk } from "./plan";
import type { WalkState } from "./walk";

type Random = () => number;
type Pair = "을/를" | "이/가" | "은/는" | "과/와" | "으로/로";

export interface ComposedRequest {
  text: string;
  register: Register;
}

function intentOf(tool: string): ToolIntent | undefined {
  return toolIntent(tool);
}

function choose<T>(random: Random, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error("nothing to choose from");
  return item;
}

const PLACEHOLDER = /\{([sn])(?::(을\/를|이\/가|은\/는|과\/와|으로\/로))?\}/g;

/**
 * A phrase with its placeholders filled: {s} the subject, {n} the nearby thing, each optionally
 * with the particle its last sound takes ({s:이/가}).
 */
export function fill(template: string, subject: string, near = ""): string {
  return template.replace(PLACEHOLDER, (_, key: "s" | "n", pair: Pair | undefined) => {
    const word = key === "s" ? subject : near;
    return pair ? josa(word, pair) : word;
  });
}

/** A phrase whose subject was named before: the subject, its particle and the space after it go. */
export function fillWithout(template: string, near = ""): string {
  return fill(template.replace(/\{s(?::[^}]*)?\}[가-힣]*\s*/g, ""), "", near).trim();
}

/** A "…인지" clause ("몇 곳인지"), which takes no particle; 단지 (an apartment complex) is a noun. */
function isClause(np: string): boolean {
  return /지$/.test(np) && !/(단|부|휴)지$/.test(np);
}
function objectOf(np: string): string {
  return isClause(np) ? np : josa(np, "을/를");
}
function subjectOf(np: string): string {
  return isClause(np) ? np : josa(np, "이/가");
}

/**
 * Endings after a noun phrase: a verb of asking with an auxiliary ("알려 줄래요?", "조회해 주시기
 *바랍니다."), built from parts so that a thousand requests do not end in a dozen ways, or a few
 * set ones ("…이 궁금해요.").
 */
const ASKING: Record<Register, { soft: string[]; verbs: string[]; aux: string[]; set: ((np: string) => string)[] }> = {
  haeyo: {
    soft: ["", "", "", "", "좀 ", "한번 ", "빨리 ", "간단히 ", "얼른 ", "대충 "],
    verbs: ["알려", "알려", "확인해", "찾아", "알아봐", "봐", "찾아봐", "조회해", "체크해", "살펴봐"],
    aux: ["주세요.", "주세요.", "줘요.", "주실래요?", "줄래요?", "주실 수 있어요?", "줄 수 있어요?", "주시겠어요?", "줄 수 있나요?", "주면 좋겠어요.", "주시면 고맙겠어요.", "주실 수 있을까요?", "주실 수 있나요?", "줄 수 있을까요?", "주면 고마워요.", "주시면 좋겠어요.", "주셨으면 해요.", "주시면 감사해요.", "줄래요? 급해요."],
    set: [
      (np) => `${subjectOf(np)} 궁금해요.`,
      (np) => `${objectOf(np)} 알고 싶어요.`,
      (np) => `${subjectOf(np)} 궁금한데요.`,
      (np) => `${objectOf(np)} 알 수 있을까요?`,
      (np) => (isClause(np) ? `${np} 궁금한데 알려 주세요.` : `${np} 어떻게 돼요?`),
      (np) => `${objectOf(np)} 알고 싶은데요.`,
      (np) => `${np} 좀 부탁해요.`,
      (np) => `${subjectOf(np)} 궁금해서 여쭤봐요.`,
      (np) => `${subjectOf(np)} 궁금해서 물어봐요.`,
      (np) => `${np} 좀 봐 줄 수 있어요?`,
      (np) => `${objectOf(np)} 확인하고 싶어요.`,
      (np) => `${np} 알려 주시면 돼요.`,
      (np) => `${objectOf(np)} 알 수 있나요?`,
    ],
  },
  hamnida: {
    soft: ["", "", "", "", "혹시 ", "간단히 "],
    verbs: ["알려", "알려", "확인해", "조회해", "안내해", "찾아", "알아봐", "파악해", "확인하여 알려"],
    aux: ["주십시오.", "주십시오.", "주시기 바랍니다.", "주시겠습니까?", "주시면 감사하겠습니다.", "주실 수 있겠습니까?", "주시길 부탁드립니다.", "주시기를 요청드립니다.", "주셨으면 합니다.", "주시면 고맙겠습니다.", "주실 수 있습니까?", "주시기 부탁드립니다.", "주시면 좋겠습니다.", "주시면 업무에 참고하겠습니다.", "주시면 안내에 활용하겠습니다.", "주시기를 부탁드립니다."],
    set: [
      (np) => `${objectOf(np)} 알고 싶습니다.`,
      (np) => `${subjectOf(np)} 궁금합니다.`,
      (np) => `${np} 확인 부탁드립니다.`,
      (np) => `${np} 조회 부탁드립니다.`,
      (np) => `${objectOf(np)} 여쭙고 싶습니다.`,
      (np) => `${objectOf(np)} 확인하고자 합니다.`,
      (np) => `${np} 안내 부탁드립니다.`,
      (np) => `${objectOf(np)} 알고 싶어 문의드립니다.`,
      (np) => `${objectOf(np)} 문의합니다.`,
      (np) => `${np} 회신 부탁드립니다.`,
      (np) => `${objectOf(np)} 파악하고자 합니다.`,
      (np) => `${np} 확인을 요청합니다.`,
      (np) => `${subjectOf(np)} 확인되면 알려 주십시오.`,
    ],
  },
};

function endingOf(register: Register, random: Random): (np: string) => string {
  const parts = ASKING[register];
  if (random() < 0.3) return choose(random, parts.set);
  const soft = choose(random, parts.soft);
  const verb = choose(random, parts.verbs);
  const aux = choose(random, parts.aux);
  // "혹시" asks; it goes with a question, not with a request or a wish.
  const softly = soft === "혹시 " && !aux.endsWith("?") ? "" : soft;
  // "안내해 주시면 안내에 활용하겠습니다" says it twice.
  const ending = verb === "안내해" && aux.includes("안내") ? "주십시오." : aux;
  // Typed 해요체 often drops the object particle ("미세먼지 농도 알려 주세요").
  const bare = register === "haeyo" && random() < 0.25;
  return (np) => `${bare ? np : objectOf(np)} ${softly}${verb} ${ending}`;
}

/** Endings after "…도" (a second fact asked in a sentence of its own). */
const ALSO: Record<Register, string[]> = {
  haeyo: ["알려 주세요.", "같이 알려 주세요.", "궁금해요.", "함께 봐 주세요.", "알려 줄래요?", "좀 찾아 주세요.", "알고 싶어요.", "부탁해요.", "같이 봐 줄래요?", "알면 좋겠어요.", "궁금하네요.", "챙겨 주세요.", "알려 주면 고마워요."],
  hamnida: ["알려 주십시오.", "함께 알려 주십시오.", "확인 부탁드립니다.", "궁금합니다.", "안내해 주시기 바랍니다.", "함께 확인해 주시겠습니까?", "같이 확인 부탁드립니다.", "아울러 알려 주십시오.", "함께 안내 부탁드립니다.", "알고 싶습니다."],
};

/** Short openers people type before a question. */
const OPENERS: Record<Register, string[]> = {
  haeyo: ["혹시 ", "저기요, ", "하나만 물어볼게요. ", "급해서 그런데요, ", "궁금한 게 있어요. ", "안녕하세요. ", "잠깐만요, ", "부탁 하나만 할게요. ", "바쁘실 텐데 죄송해요. ", "물어볼 게 있는데요, ", "음, ", "좀 도와주세요. ", "있잖아요, ", "질문이요. "],
  hamnida: ["안녕하십니까. ", "문의드립니다. ", "한 가지 여쭙겠습니다. ", "확인 요청드립니다. ", "실례합니다. ", "수고 많으십니다. ", "업무 관련 문의입니다. ", "간단히 여쭙겠습니다. ", "조회를 요청합니다. ", "바쁘신 중에 죄송합니다. "],
};

/** How a request puts the subject first before its question ("경복궁 말인데요,"). */
const FRONTED: Record<Register, ((s: string) => string)[]> = {
  // A road address ends in a number: "…석촌로29길 1, 3일 뒤" would read as a list.
  haeyo: [(s) => `${s} 말인데요,`, (s) => `${s} 있잖아요,`, (s) => (/\d$/.test(s) ? `${s} 말이에요,` : `${s},`), (s) => `${josa(s, "은/는")}요,`, (s) => `${s} 관련해서요,`],
  hamnida: [(s) => `${s} 건으로 문의드립니다.`, (s) => `${josa(s, "과/와")} 관련하여 여쭙니다.`, (s) => `${s}에 대해 문의드립니다.`, (s) => `${s} 관련 문의입니다.`],
};

/**
 * Interchangeable wordings of the frame's set phrases (same meaning, same particles after them):
 * each occurrence takes its own, so the frames do not repeat word for word across examples.
 */
const WORDINGS: [RegExp, string[]][] = [
  [/(가장|제일) 가까운/g, ["가장 가까운", "제일 가까운", "가장 가까운", "제일 가까운", "가장 가까이 있는", "제일 가까이 있는"]],
  [/300m (안에|이내에)/g, ["300m 안에", "300m 이내에", "300m 안쪽에"]],
  [/1km (안에서|이내에서)/g, ["1km 안에서", "1km 이내에서", "1km 안쪽에서"]],
  [/1km 안에 /g, ["1km 안에 ", "1km 이내에 ", "1km 범위 안에 "]],
  [/이름과 /g, ["이름과 ", "이름하고 ", "이름이랑 "]],
  [/비교해서 /g, ["비교해서 ", "비교해 보고 ", "견주어 보고 ", "서로 비교해서 "]],
  [/모두 몇 /g, ["모두 몇 ", "전부 몇 ", "다 합쳐 몇 ", "총 몇 "]],
  [/몇 곳인지/g, ["몇 곳인지", "몇 군데인지"]],
  [/(3일|사흘) (뒤|후) /g, ["3일 뒤 ", "3일 후 ", "사흘 뒤 ", "사흘 후 "]],
  [/ 각각의 /g, [" 각각의 ", " 각각 ", " 저마다의 "]],
  [/넓혀서 /g, ["넓혀서 ", "넓혀 "]],
  [/알려 주세요\./g, ["알려 주세요.", "알려 주세요.", "알려주세요.", "알려 주실래요?"]],
  [/(?<!확인하여 )알려 주십시오\./g, ["알려 주십시오.", "알려 주시기 바랍니다.", "안내해 주십시오.", "알려 주시면 감사하겠습니다.", "확인해 주십시오.", "말씀해 주십시오.", "알려 주시겠습니까?", "알려 주시길 바랍니다."]],
  [/안내해 주십시오\./g, ["안내해 주십시오.", "안내 바랍니다.", "안내를 부탁드립니다.", "안내해 주시겠습니까?", "알려 주십시오."]],
  [/주시기 바랍니다\./g, ["주시기 바랍니다.", "주시기 바랍니다.", "주십시오.", "주시면 감사하겠습니다.", "주시길 바랍니다.", "주시면 고맙겠습니다."]],
  [/확인 부탁드립니다\./g, ["확인 부탁드립니다.", "확인을 부탁드립니다.", "확인해 주시기 바랍니다.", "확인 바랍니다."]],
  [/어떻게 됩니까\?/g, ["어떻게 됩니까?", "어떻게 되는지요?", "어떻습니까?"]],
];

/**
 * Words said several ways, swapped one occurrence at a time, as a whole word or before a particle;
 * the particle is said again after the new word's last sound ("기온을" becomes "온도를").
 */
const SYNONYMS: string[][] = [
  ["전화번호", "연락처"],
  ["근처", "주변", "부근"],
  ["인근", "근방"],
  ["기온", "온도"],
  ["강수확률", "비 올 확률"],
  ["얼마나", "어느 정도"],
  ["봐", "살펴봐"],
  ["확인해", "체크해"],
  ["간단히", "대략", "짧게"],
  ["빨리", "얼른"],
  ["한번", "한 번"],
  ["없으면", "없다면", "없을 경우", "없을 때는"],
  ["이름이랑", "이름하고", "이름과"],
  ["지금", "현재"],
  ["같이", "함께"],
  ["모두", "전부"],
  ["어디가 더", "어느 쪽이 더", "어느 곳이 더"],
  ["어떻게 돼요?", "어떻게 되나요?", "어떻게 되죠?"],
  ["알려 줄래요?", "알려 줄 수 있어요?", "알려 주실래요?"],
  ["지난달", "저번 달"],
];
/** Swaps that only a 해요체 request takes ("가르쳐 주세요" is not how an official writes). */
const SYNONYMS_HAEYO: string[][] = [["알려", "가르쳐"], ["궁금해요.", "궁금하네요."]];
const PARTICLE_TAIL = "(이|가|을|를|은|는|의|에|에서|도|와|과|랑|이랑|하고|으로|로|까지)?";

function swapWords(text: string, subjects: readonly string[], register: Register, random: Random): string {
  let out = text;
  for (const set of register === "haeyo" ? [...SYNONYMS, ...SYNONYMS_HAEYO] : SYNONYMS) {
    for (const word of set) {
      const pattern = new RegExp(`(^|\\s)${word.replace(/[.?]/g, "\\$&")}${/[.?]$/.test(word) ? "" : PARTICLE_TAIL}(?=\\s|[,.?]|$)`, "g");
      if (subjects.some((s) => s.includes(word))) continue;
      out = out.replace(pattern, (match: string, lead: string) => {
        const next = choose(random, set);
        return `${lead}${reattach(next, match.slice(lead.length + word.length))}`;
      });
    }
  }
  return out;
}

/** A particle said again after another word: 을 after 기온, 를 after 온도. */
function reattach(word: string, particle: string): string {
  const pairs: [string[], Pair][] = [[["이", "가"], "이/가"], [["을", "를"], "을/를"], [["은", "는"], "은/는"], [["과", "와"], "과/와"], [["으로", "로"], "으로/로"]];
  const pair = pairs.find(([forms]) => forms.includes(particle))?.[1];
  if (pair) return josa(word, pair);
  if (particle === "이랑" || particle === "랑") return josa(word, "이/가").endsWith("이") ? `${word}이랑` : `${word}랑`;
  return `${word}${particle}`;
}

function reword(text: string, subjects: readonly string[], random: Random): string {
  let out = text;
  for (const [pattern, choices] of WORDINGS) {
    // A subject's own name is never reworded.
    if (subjects.some((s) => new RegExp(pattern.source).test(s))) continue;
    out = out.replace(pattern, () => choose(random, choices));
  }
  return out;
}

/**
 * Distances as people type them: "300m" or "300미터", "1km" or "1킬로" (one way through a request);
 * a subject's own name keeps its spelling.
 */
function spellDistances(text: string, subjects: readonly string[], random: Random): string {
  if (subjects.some((s) => /\d(m|km)\b/.test(s))) return text;
  const roll = random();
  if (roll < 0.6) return text;
  const km = roll < 0.8 ? "킬로" : "킬로미터";
  return text.replace(/(\d+(?:\.\d+)?)(km|m)(?![/A-Za-z])/g, (_, n: string, unit: string) => `${n}${unit === "km" ? km : "미터"}`);
}

/**
 * Many people type an auxiliary verb joined to the verb before it ("알려주세요", "찾아봐 주세요" →
 * "찾아봐주세요"), as 한글 맞춤법 제47항 allows; one way through a request.
 */
function joinAuxiliaries(text: string, random: Random): string {
  if (random() < 0.5) return text;
  return text.replace(/(^|\s)(알려|찾아|봐|찾아봐|확인해|조회해|알아봐|살펴봐|체크해|안내해|가르쳐|파악해|말씀해|골라|챙겨) (주|줘|줄)/g, "$1$2$3");
}

/** The ask for the difference a comparison answer states, in many wordings. */
const DIFFERENCE: Record<Register, string[]> = {
  haeyo: ["차이가 얼마나 나는지도 알려 주세요.", "얼마나 차이 나는지도 궁금해요.", "몇이나 차이 나요?", "차이도 같이 알려 주세요.", "둘 사이 차이는 얼마예요?", "차이가 얼마인지도 봐 주세요.", "얼마만큼 차이 나는지도요.", "그 차이도 알려 줄래요?", "차이는 어느 정도예요?", "값 차이도 함께 알고 싶어요."],
  hamnida: ["차이가 얼마인지도 알려 주십시오.", "차이도 함께 알려 주시기 바랍니다.", "두 값의 차이도 확인 부탁드립니다.", "차이가 어느 정도인지도 알고 싶습니다.", "그 차이도 함께 안내해 주십시오.", "값의 차이도 말씀해 주시기 바랍니다.", "얼마나 차이가 나는지도 확인해 주시겠습니까?", "두 곳의 차이도 함께 여쭙니다."],
};

const WHICH: Record<Register, string[]> = {
  haeyo: ["어디예요?", "어느 쪽이에요?", "어디인가요?", "어느 쪽일까요?", "어디일까요?", "어느 쪽인지 알려 주세요.", "어디인지 궁금해요.", "어디죠?", "어느 쪽이죠?", "어딘지 알려 줄래요?"],
  hamnida: ["어디입니까?", "어느 쪽입니까?", "어느 곳입니까?", "어디인지 알려 주십시오.", "어느 쪽인지 확인 부탁드립니다.", "어디인지 알고 싶습니다.", "어느 쪽인지 여쭙니다.", "어디로 확인됩니까?"],
};

/** Words for "both" or "all three" of a kind of subject ("두 병원", "세 곳"). */
function counted(count: number, noun: string): string {
  const n = count === 2 ? "두" : count === 3 ? "세" : `${count}`;
  return `${n} ${noun === "곳" || noun === "동네" || noun === "주소" ? "곳" : noun}`;
}

/** "A와 B", "A, B와 C", or joined with 하고 / 랑 / a comma. */
function listOf(names: readonly string[], random: Random): string {
  if (names.length <= 1) return names[0] ?? "";
  const head = names.slice(0, -1);
  const last = names[names.length - 1] ?? "";
  const style = random();
  if (style < 0.5) return `${[...head.slice(0, -1), josa(head[head.length - 1] ?? "", "과/와")].join(", ")} ${last}`;
  if (style < 0.7) return `${head.map((h) => `${h}하고`).join(" ")} ${last}`;
  if (style < 0.85) return `${head.map((h) => (/[가-힣]$/.test(h) && josa(h, "이/가").endsWith("이") ? `${h}이랑` : `${h}랑`)).join(" ")} ${last}`;
  return names.join(", ");
}

/** One ask of the plan with its wordings. */
interface AskWords {
  ask: PlanAsk;
  /** Noun phrases, some placing the subject ({s}). */
  says: string[];
  /** Whole questions in the register. */
  questions: string[];
  time: AskTime;
  /** Whether the facts are about the place itself (weather, air): "경복궁 쪽" reads right. */
  location: boolean;
}

/** An ask's words in a register, without the questions a person would not say at the walk's instant. */
function wordsOf(ask: PlanAsk, register: Register, at: Date): AskWords {
  const tool = intentOf(ask.tool);
  const source = ask.kind === "aggregate" ? tool?.aggregates.find((a) => a.id === ask.id) : tool?.asks.find((a) => a.id === ask.id);
  const index = register === "haeyo" ? 0 : 1;
  return {
    ask,
    says: source?.say ?? [ask.id],
    // Near a subject, only a question that places the nearby thing ({n}) asks about it (those
    // derived from a definition ask of {s} alone, and are said as phrases with the nearby words).
    questions: (source?.ask ?? []).map((pair) => pair[index]).filter((q) => (!ask.near || q.includes("{n")) && saidAt(q, at)),
    time: source?.when ?? "any",
    location: !ask.near && ["point", "air_station"].includes(tool?.subject ?? ""),
  };
}

/** The noun phrase of an ask with the subject placed ("경복궁 근처 1km 안에서 가장 가까운 약국의 이름과 전화번호"). */
function phrase(words: AskWords, subject: string, random: Random): string {
  const { ask, says } = words;
  const plain = says.filter((s) => !s.includes("{s"));
  if (ask.near) return `${subject} ${ask.near}${choose(random, ["의", "의", ""])} ${choose(random, plain.length > 0 ? plain : says).replace(/\{s[^}]*\}\s*/g, "")}`;
  const say = choose(random, says);
  if (say.includes("{s")) return fill(say, subject);
  // "지금 기온", "3일 뒤 …" read after the name without 의.
  return /^(지금|현재|이 시각|3일|사흘|최근|이번|당월|밤에|월요일|평일)/.test(say) ? `${subject} ${say}` : `${subject}의 ${say}`;
}

/** The noun phrase of an ask whose subject is said elsewhere in the request. */
function plainPhrase(words: AskWords, random: Random): string {
  const plain = words.says.filter((s) => !s.includes("{s"));
  const say = choose(random, plain.length > 0 ? plain : words.says.map((s) => fillWithout(s)));
  return words.ask.near ? `${words.ask.near}의 ${say}` : say;
}

function question(words: AskWords, subject: string | null, random: Random): string | null {
  if (words.questions.length === 0) return null;
  const q = choose(random, words.questions);
  return subject === null ? fillWithout(q, words.ask.near ?? "") : fill(q, subject, words.ask.near ?? "");
}

/** The time a request's context may speak of: the strictest of its asks. */
function timeOf(asks: readonly AskWords[]): AskTime {
  for (const t of ["now", "day3", "last_month"] as const) if (asks.some((a) => a.time === t)) return t;
  return "any";
}

/** A subject as a single-subject request names it ("우리 동네 역삼동", "경복궁 쪽"). */
function refer(entry: string, stated: string, location: boolean, random: Random): string {
  const named = choose(random, intentOf(entry)?.find?.refer ?? ["{s}"]).replace("{s}", stated);
  if (!location || named !== stated) return named;
  return `${stated}${choose(random, ["", "", "", " 쪽", " 근처", " 주변"])}`;
}

/** One subject, one ask: a noun phrase and an ending, a whole question, or the subject put first. */
function single(words: AskWords, subject: string | null, register: Register, random: Random): string {
  const ending = endingOf(register, random);
  const q = question(words, subject, random);
  if (subject === null) {
    // The context named the subject: the question goes on without it.
    return q !== null && random() < 0.7 ? q : ending(plainPhrase(words, random));
  }
  const roll = random();
  if (q !== null && roll < 0.4) return q;
  if (roll < 0.55) {
    const rest = q !== null && random() < 0.6 ? fillWithout(choose(random, words.questions), words.ask.near ?? "") : ending(plainPhrase(words, random));
    return `${choose(random, FRONTED[register])(subject)} ${rest}`;
  }
  return ending(phrase(words, subject, random));
}

/** A second ask about the same subject, in a sentence of its own: "…도 알려 주세요." */
function also(words: AskWords, register: Register, random: Random): string {
  const q = words.questions.length > 0 && random() < 0.35 ? fillWithout(choose(random, words.questions), words.ask.near ?? "") : null;
  if (q !== null) return q;
  const np = plainPhrase(words, random);
  return `${np}도 ${choose(random, ALSO[register])}`;
}

const CONNECT = [", 그리고 ", ", 또 ", "하고 ", ", 그와 함께 ", ", 덧붙여 ", ", 아울러 "];

function fanOut(first: AskWords, second: AskWords, subject: string | null, register: Register, random: Random): string {
  const roll = random();
  if (roll < 0.55) return `${single(first, subject, register, random)} ${also(second, register, random)}`;
  const a = subject === null ? plainPhrase(first, random) : phrase(first, subject, random);
  const joiner = choose(random, CONNECT);
  // "…와/과" joins two noun phrases; a clause ending in 지 takes a comma.
  const b = plainPhrase(second, random);
  const joined = joiner === "하고 " ? (isClause(a) ? `${a}, 그리고 ${b}` : `${a}하고 ${b}`) : `${a}${joiner}${b}`;
  return endingOf(register, random)(joined);
}

function parallel(words: AskWords, subjects: readonly string[], noun: string, register: Register, random: Random): string {
  const ending = endingOf(register, random);
  const all = listOf(subjects, random);
  const near = words.ask.near ? ` ${words.ask.near}의` : "의";
  const say = plainPhrase({ ...words, ask: { ...words.ask, near: undefined } } as AskWords, random);
  const [head, ...rest] = subjects;
  const q = head ? question(words, head, random) : null;
  const roll = random();
  if (q !== null && roll < 0.35) {
    const others = listOf(rest, random);
    const tail =
      register === "haeyo"
        ? choose(random, [`${josa(others, "은/는")}요?`, `${others}도 같이 알려 주세요.`, `${others}도요.`, `${others}도 알려 줄래요?`])
        : choose(random, [`${others}도 함께 알려 주십시오.`, `${others}도 같은 내용으로 확인 부탁드립니다.`, `${others}에 대해서도 알려 주십시오.`]);
    return `${q} ${tail}`;
  }
  if (roll < 0.55) return ending(`${all} 각각${near} ${say}`);
  if (roll < 0.7) return `${subjects.join(", ")}${near} ${objectOf(say)} ${register === "haeyo" ? choose(random, ["한 번에 알려 주세요.", "한꺼번에 봐 줄래요?", "같이 알려 줘요."]) : choose(random, ["각각 알려 주십시오.", "함께 조회해 주시기 바랍니다."])}`;
  if (roll < 0.85) return ending(`${all}, ${counted(subjects.length, noun)}${near} ${say}`);
  return `${objectOf(`${words.ask.near ? `${words.ask.near}의 ` : ""}${say}`)} ${all} ${register === "haeyo" ? choose(random, ["각각 알려 주세요.", "모두 알고 싶어요.", "하나씩 알려 줄래요?"]) : choose(random, ["각각 알려 주십시오.", "모두 확인 부탁드립니다.", "차례로 안내해 주십시오."])}`;
}

/** How a request names a compared fact: the answer's name, or what people also call it. */
const FACT_WORDS: Record<string, string[]> = {
  "미세먼지(PM10) 농도": ["미세먼지(PM10) 농도", "미세먼지 농도", "미세먼지 수치", "PM10 농도"],
  "초미세먼지(PM2.5) 농도": ["초미세먼지(PM2.5) 농도", "초미세먼지 농도", "초미세먼지 수치", "PM2.5 수치"],
  통합대기환경지수: ["통합대기환경지수", "대기질 지수", "통합대기환경지수(CAI)"],
  기온: ["기온", "온도", "바깥 기온"],
  습도: ["습도", "상대습도"],
  풍속: ["풍속", "바람 세기", "바람"],
  "국민연금 가입자 수": ["국민연금 가입자 수", "국민연금 가입 인원", "연금 가입자 수"],
  "주차 가능 대수": ["주차 가능 대수", "주차 가능한 차량 대수", "주차 공간"],
  "당월 고지금액": ["이번 달 국민연금 고지금액", "당월 국민연금 고지금액", "이번 달 고지된 연금 보험료"],
  "3일 뒤 최고기온": ["3일 뒤 최고기온", "사흘 뒤 낮 최고기온", "사흘 뒤 최고기온"],
  "3일 뒤 오후 강수확률": ["3일 뒤 오후 강수확률", "사흘 뒤 오후 비 올 확률", "3일 후 오후 강수확률"],
};

function comparison(state: WalkState, words: AskWords, subjects: readonly string[], register: Register, random: Random): string | null {
  const intent = state.plan.intent;
  const fact = intentOf(words.ask.tool)?.asks.find((a) => a.id === words.ask.id)?.facts[intent?.compareFact ?? 0];
  if (!fact?.more) return null;
  const noun = intentOf(intent?.entry ?? "")?.noun ?? "곳";
  const more = fact.more;
  const haeyo = register === "haeyo";
  const which = choose(random, WHICH[register]);
  const diff = choose(random, DIFFERENCE[register]);
  const said = choose(random, FACT_WORDS[fact.name] ?? [fact.name]);
  const now = words.time === "now" && !/^(지금|현재)/.test(said) ? choose(random, ["지금 ", "현재 ", ""]) : "";
  const near = words.ask.near ? `${words.ask.near}의 ` : "";
  const name = `${now}${near}${said}`;
  const both = listOf(subjects, random);
  const [a, b] = subjects;
  const pairNoun = noun === "곳" || noun === "동네" || noun === "주소" ? "곳" : noun;
  const among = choose(random, [`${both} 중`, `${both} 가운데`, `${subjects.join("하고 ")} 중에서`, `${subjects.join(", ")} 둘 중`, `${both}, 두 ${pairNoun} 중`, `${both} 두 ${pairNoun} 가운데`]);
  const tell = haeyo
    ? choose(random, ["알려 주세요.", "봐 주세요.", "알고 싶어요.", "확인해 줄래요?", "좀 알려 줄래요?", "궁금해요.", "알려 줄 수 있어요?"])
    : choose(random, ["알려 주십시오.", "확인 부탁드립니다.", "알고 싶습니다.", "확인해 주시겠습니까?", "조회해 주시기 바랍니다.", "안내해 주시기 바랍니다.", "말씀해 주십시오."]);
  const verb = (COMPARED[more] ?? ["커요", "큽니까"])[haeyo ? 0 : 1];
  const gap = haeyo ? choose(random, ["얼마나 차이 나요?", "차이는 얼마고요?", "몇이나 차이 나는지도요.", "차이도요.", "차이가 얼마예요?", "얼마 차이예요?"]) : choose(random, ["차이는 얼마입니까?", "차이도 함께 알려 주십시오.", "그 차이도 확인 부탁드립니다.", "차이가 얼마인지도 여쭙니다."]);
  const frames: (() => string)[] = [
    () => `${among} ${josa(name, "이/가")} 더 ${more} ${josa(noun, "은/는")} ${which} ${diff}`,
    () => `${both}의 ${josa(name, "을/를")} 비교해서 어느 쪽이 더 ${more}지 ${tell} ${diff}`,
    () => `${among} ${josa(name, "이/가")} 더 ${more} ${josa(noun, "이/가")}${haeyo ? " 어딘지" : " 어디인지"} ${tell} ${diff}`,
    () => `${both}, 어느 쪽 ${josa(name, "이/가")} 더 ${more}지 ${tell} ${diff}`,
    () => `${name} 기준으로 ${both} 중 어디가 더 ${more}지 ${tell} ${diff}`,
    () => `${josa(name, "은/는")} ${both} 중 어디가 얼마나 더 ${verb}`,
    () => `${among} ${josa(name, "이/가")} 어디가 더 ${verb} ${gap}`,
    () => `${both} ${josa(name, "을/를")} 비교하면 어느 쪽이 얼마나 더 ${verb}`,
    () => (haeyo ? `${a ?? ""}${/[가-힣]$/.test(a ?? "") ? "이랑" : "랑"} ${b ?? ""}, ${josa(name, "이/가")} 어디가 더 ${verb} ${gap}` : `${josa(a ?? "", "과/와")} ${b ?? ""}의 ${josa(name, "을/를")} 비교하여 어느 쪽이 얼마나 더 ${more}지 ${tell}`),
    () => `${josa(a ?? "", "이/가")} ${b ?? ""}보다 ${josa(name, "이/가")} 더 ${verb} ${haeyo ? "아니면 반대예요? " : "아니면 그 반대입니까? "}${diff}`,
    () => `${both}의 ${name}, 어느 쪽이 더 ${verb} ${gap}`,
    () => (haeyo ? `${name} 비교 좀 해 주세요. ${both} 중에 더 ${more} 데가 어디예요? ${diff}` : `${name}을 비교하고자 합니다. ${both} 중 어느 쪽이 더 ${more}지 ${tell} ${diff}`).replace(`${name}을`, josa(name, "을/를")),
  ];
  return choose(random, frames)();
}

/** "더 높은" as the question's verb: "어디가 더 높아요?" / "높습니까?". */
const COMPARED: Record<string, [string, string]> = { 높은: ["높아요?", "높습니까?"], 많은: ["많아요?", "많습니까?"], 강한: ["강해요?", "강합니까?"], 큰: ["커요?", "큽니까?"] };

function conditionalHop(state: WalkState): HopIntent | undefined {
  const steps = state.plan.steps;
  const then = steps.find((s) => s.id === state.plan.intent?.fallback?.then);
  const source = Object.values(then?.args ?? {}).find((a) => a.from === "step");
  const from = source?.from === "step" ? steps.find((s) => s.id === source.step)?.tool : undefined;
  return HOP_INTENTS.find((h) => h.fallback && h.to === then?.tool && h.from === from);
}

/**
 * A conditional asks about the narrow search first and says what to do when it finds nothing
 * ("경복궁 300m 안에 약국 있어요? 없으면 1km 안에서 제일 가까운 데 이름이랑 전화번호 알려
 * 주세요."), in parts chosen one by one; or in the hop's own words.
 */
/** Other words for a kind of nearby thing ("식당" for 음식점). */
const NOUNS: Record<string, string[]> = { 음식점: ["음식점", "식당"], 약국: ["약국"] };

function conditional(state: WalkState, words: AskWords, subject: string, register: Register, random: Random): string {
  const hop = conditionalHop(state);
  const first = Number(hop?.fallback?.first["radius"]);
  const then = Number(hop?.args["radius"]);
  const kind = intentOf(hop?.to ?? "")?.noun ?? "곳";
  const noun = choose(random, NOUNS[kind] ?? [kind]);
  const plain = words.says.filter((s) => !s.includes("{s"));
  const np = choose(random, plain.length > 0 ? plain : words.says);
  if (!hop || !Number.isFinite(first) || !Number.isFinite(then) || random() < 0.1) {
    return endingOf(register, random)(`${fill(state.plan.intent?.fallback?.say ?? "{s}", subject)}의 ${np}`);
  }
  const r1 = metresText(first);
  const r2 = metresText(then);
  const haeyo = register === "haeyo";
  // Where the narrow search starts from: the subject itself, its front door, its surroundings.
  // A road address ends in a number: "…로 13 300m" would run two numbers together.
  const bare = /\d$/.test(subject) ? `${subject}에서` : subject;
  const at = choose(random, haeyo ? [bare, `${subject}에서`, `${subject} 근처`, `${subject} 주변`, `${subject} 바로 앞`, `${subject} 기준으로`] : [bare, `${subject}에서`, `${subject} 인근`, `${subject} 주변`, `${subject} 기준`]);
  const within = choose(random, [`${r1} 안에`, `${r1} 이내에`, `${r1} 안쪽에`, `반경 ${r1} 안에`, `${r1} 거리 안에`]);
  // The wanted thing named by its kind (약국), or as "곳" once the condition has named the kind.
  const closest = choose(random, haeyo ? ["가장 가까운", "제일 가까운", "제일 가까이 있는", "가장 가까이 있는", "거리상 제일 가까운"] : ["가장 가까운", "가장 가까이 있는", "거리가 가장 가까운"]);
  const named = `${closest} ${noun}`;
  const target = choose(random, [`${closest} 곳`, named]);
  const sought = haeyo ? choose(random, [target, "가까운 데", "제일 가까운 데"]) : target;
  if (random() < 0.4) {
    // What is wanted first, the condition after it: "… 알려 주세요. 300m 안에 없으면 1km까지 봐 주세요."
    const wanted = endingOf(register, random)(`${choose(random, [`${subject}에서`, `${subject} 근처`, `${subject} 주변에서`, `${subject} 기준으로`])} ${named}${choose(random, ["의", ""])} ${np}`);
    const rule = haeyo
      ? choose(random, [
          `${r1} 안에 없으면 ${r2}까지 넓혀서 찾아 주세요.`,
          `${r1} 안에 없으면 ${r2}까지 봐 주시고요.`,
          `${r1} 안에 하나도 없을 때만 ${r2}까지 찾아봐 주세요.`,
          `먼저 ${r1} 안을 보고, 없으면 ${r2} 안에서요.`,
          `${r1} 이내에 없으면 ${r2} 안에서 찾아 줘요.`,
          `웬만하면 ${r1} 안에서 찾고, 거기 없으면 ${r2}까지 괜찮아요.`,
          `걸어갈 거라 ${r1} 안이면 좋겠는데, 없으면 ${r2}까지는 갈게요.`,
          `${r1} 안쪽이 제일 좋고, 안 되면 ${r2} 안에서 찾아 주세요.`,
          `가까운 ${r1} 안에 없다면 ${r2}까지 봐도 돼요.`,
        ])
      : choose(random, [
          `반경 ${r1} 안에 없으면 ${r2}까지 확인해 주시기 바랍니다.`,
          `${r1} 이내에 없을 경우에만 ${r2}까지 넓혀 주십시오.`,
          `우선 ${r1} 안을 확인하고, 없으면 ${r2} 안에서 찾아 주십시오.`,
          `${r1} 안에 없다면 반경 ${r2}까지 살펴 주시기 바랍니다.`,
          `가급적 ${r1} 이내에서 찾되, 없으면 ${r2}까지 범위를 넓혀 주십시오.`,
          `도보 이동이라 ${r1} 이내를 먼저 보고, 없을 때 ${r2}까지 확인 부탁드립니다.`,
        ]);
    return `${wanted} ${rule}`;
  }
  const probe = haeyo
    ? choose(random, [
        `${at} ${within} ${josa(noun, "이/가")} 있나요?`,
        `${at} ${within} ${noun} 있어요?`,
        `${at} ${within} ${josa(noun, "이/가")} 있으면 거기서,`,
        `${at} ${within} ${josa(noun, "을/를")} 먼저 찾아보고,`,
        `${at} ${within} ${noun} 하나라도 있어요?`,
        `${at} ${within} ${josa(noun, "이/가")} 있으면 그중에서,`,
        `${at} ${within} ${josa(noun, "이/가")} 있는지부터 봐 주세요.`,
        `${at} ${within} ${noun} 있는지 먼저 봐 주시고,`,
        `걸어서 가려는데 ${at} ${within} ${josa(noun, "이/가")} 있을까요?`,
      ])
    : choose(random, [
        `${at} ${within} ${josa(noun, "이/가")} 있습니까?`,
        `${at} ${within} ${josa(noun, "이/가")} 있으면 그중에서,`,
        `우선 ${at} ${within} ${josa(noun, "이/가")} 있는지 확인하고,`,
        `${at} ${within} ${josa(noun, "이/가")} 있는지 먼저 보고,`,
        `${at} ${within} ${josa(noun, "이/가")} 있는지부터 확인해 주십시오.`,
        `먼저 ${at} ${within} 있는 ${josa(noun, "을/를")} 찾아 주시고,`,
      ]);
  const orElse = choose(random, haeyo ? ["없으면", "없을 땐", "없다면", "거기 없으면", "안 보이면", "하나도 없으면", "없는 경우엔", "그 안에 없으면"] : ["없으면", "없을 경우", "없다면", "하나도 없으면", "해당 범위에 없으면", "없는 경우에는"]);
  const wider = choose(random, [`${r2} 안에서`, `${r2}까지 넓혀서`, `범위를 ${r2}로 넓혀서`, `반경 ${r2}에서`, `${r2} 이내에서`, `${r2}까지 봐서`, `${r2}까지 범위를 늘려서`]);
  const ask = random() < 0.5 ? endingOf(register, random)(`${target}${choose(random, ["의", ""])} ${np}`) : `${josa(sought, "을/를")} ${haeyo ? choose(random, ["찾아 주세요.", "알려 줄래요?", "찾아 줄래요?", "골라 주세요.", "찾아봐 줄래요?"]) : choose(random, ["찾아 주십시오.", "알려 주시기 바랍니다.", "찾아 주시겠습니까?", "확인해 주십시오."])} ${np}도 ${choose(random, ALSO[register])}`;
  // "…있나요? 없으면 …" reads as two sentences; "…찾아보고, 없으면 …" as one.
  return `${probe} ${orElse} ${wider} ${ask}`;
}

/** What a request's context must fit: the time and topics of its asks, the kinds of its subjects, the walk's instant. */
interface ContextNeeds {
  kind: string;
  time: AskTime;
  at: Date;
  register: Register;
  topics: (Topic | null)[];
  kinds: string[];
}

/** A context that fits the request, naming the subject or not, or said of several; null when none is taken. */
function contextFor(needs: ContextNeeds, pool: Record<string, Context[]>, random: Random): Context | null {
  const many = needs.kinds.length > 1;
  const said = needs.register === "haeyo" ? 0 : 1;
  const fits = (pool[needs.kind] ?? []).filter((c) => contextFits(c.time, needs.time) && contextSuits(c, needs.topics, needs.kinds, many) && saidAt(c.say[said], needs.at));
  return fits.length > 0 ? choose(random, fits) : null;
}

function contextText(context: Context, register: Register, subject: string): string {
  return fill(context.say[register === "haeyo" ? 0 : 1], subject);
}

export function composeRequest(state: WalkState): ComposedRequest | null {
  const intent = state.plan.intent;
  if (!intent) return null;
  const random = seededRandom(`${state.plan.seed}|request`);
  const register: Register = random() < 0.5 ? "haeyo" : "hamnida";
  const slots = Object.keys(intent.entities).map(Number);
  const stated = slots.map((slot) => statedEntity(state, slot));
  if (stated.some((n) => n === null)) return null;
  const names = stated.map((n) => n ?? "");
  const at = new Date(state.now);
  const asks = intent.asks.map((a) => wordsOf(a, register, at));
  const [first, second] = asks;
  if (!first) return null;
  // A business named by its registration number is one an official deals with: the context says why they ask.
  const site = intentOf(intent.entry)?.find?.field !== undefined;
  const needs: ContextNeeds = { kind: site ? "site" : intent.subject, time: timeOf(asks), at, register, topics: intent.asks.map((a) => topicOf(a.tool, a.id)), kinds: names.map((n) => kindOf(intent.subject, n)) };
  const entryNoun = intentOf(intent.entry)?.noun ?? "곳";
  let context = "";
  let text: string;
  if (names.length === 1) {
    const name = names[0] ?? "";
    // Often the context names the subject and the question leaves it out or says "거기" (not for
    // conditionals, whose condition reads best with the name in it).
    const namedContext = state.plan.shape !== "conditional" && random() < 0.4 ? contextFor(needs, NAMED_CONTEXTS, random) : null;
    let subject: string | null = refer(intent.entry, name, first.location, random);
    if (namedContext) {
      context = contextText(namedContext, register, name);
      const pronouns = PRONOUNS[intent.subject]?.[register === "haeyo" ? 0 : 1] ?? [];
      subject = random() < 0.55 || pronouns.length === 0 ? null : choose(random, pronouns);
    } else if (site || random() < 0.25) {
      const plain = contextFor(needs, CONTEXTS, random);
      if (plain) context = contextText(plain, register, name);
    }
    switch (state.plan.shape) {
      case "fan_out":
        text = second ? fanOut(first, second, subject, register, random) : single(first, subject, register, random);
        break;
      case "conditional": {
        // By its plain name: "…로 38 쪽 주변에서" would say the place twice over; one of a register
        // is said to be of it ("부산 상권 점포이력 목록의 …"), or nothing says where to look it up.
        const among = intentOf(intent.entry)?.find?.among;
        text = conditional(state, first, among ? refer(intent.entry, name, false, random) : name, register, random);
        break;
      }
      default:
        text = single(first, subject, register, random);
    }
  } else {
    const plain = random() < 0.25 ? contextFor(needs, MANY_CONTEXTS, random) : null;
    if (plain) context = contextText(plain, register, "");
    const built = state.plan.shape === "comparison" ? comparison(state, first, names, register, random) : parallel(first, names, entryNoun, register, random);
    if (built === null) return null;
    // Businesses of one register (cosmetics makers) are said to be of it, once, before the first.
    const among = intentOf(intent.entry)?.find?.among;
    text = among && names[0] ? built.replace(names[0], refer(intent.entry, names[0], false, random)) : built;
  }
  text = joinAuxiliaries(spellDistances(swapWords(reword(text, names, random), names, register, random), names, random), random);
  // "여쭙겠습니다. … 여쭙니다." says it twice.
  const openers = OPENERS[register].filter((o) => !(/여쭙/.test(o) && /여쭙/.test(text)) && !(/문의/.test(o) && /문의/.test(text)));
  const opener = context === "" && random() < 0.25 ? choose(random, openers) : "";
  return { text: `${opener}${context === "" ? "" : `${context} `}${text}`.replace(/\s+/g, " ").trim(), register };
}
