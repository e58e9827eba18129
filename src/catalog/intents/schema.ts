/**
 * What a person asks a tool for, as data: the subject a tool is about, how a person names that
 * subject and how the tool finds it, the facts people want from it (with units and rounding), and
 * what a hop between two tools means. Synthesis plans from this (src/synth/intent-plan.ts) instead
 * of describing a random walk afterwards.
 */
import { z } from "zod";

/** One fact a person wants from a tool's answer. */
export const factIntentSchema = z.object({
  /** Output fields holding the value, the first one with a value wins (TourAPI names hours per content type). */
  fields: z.array(z.string()).min(1),
  /** How a person names the fact in an answer ("미세먼지(PM10) 농도"). */
  name: z.string().min(1),
  unit: z.string().optional(),
  /** Decimal places an answer keeps. */
  digits: z.number().int().min(0).max(4).default(0),
  /** The value is multiplied by this before rounding (seconds to minutes: 1/60). */
  scale: z.number().positive().optional(),
  /** How codes read ("1" → "좋음"); a value without a label is said as it is. */
  labels: z.record(z.string(), z.string()).optional(),
  /**
   * A yes/no code said as a verb after the fact's name ("야간 응급실을 운영하지 않아요"), in 해요체
   * and 합니다체: a label such as 미운영 read into "…은 미운영입니다" is not how people write.
   */
  states: z.record(z.string(), z.tuple([z.string(), z.string()])).optional(),
  /** Which row carries it when an answer has one row per category (KMA: category T1H). */
  row: z.object({ field: z.string(), equals: z.string() }).optional(),
  /** For comparisons: the word for "more of it" (높은, 많은, 큰). */
  more: z.string().optional(),
  /** Every row's value, listed (the departments of a hospital), rather than one row's. */
  all: z.boolean().default(false),
});
export type FactIntent = z.infer<typeof factIntentSchema>;

/**
 * When the asked facts hold: `now` (an observation of this hour), `day3` (a forecast three days
 * ahead), `last_month` (deals of the month before), `any` (a standing fact: opening hours, a
 * phone number, a drug's use). A request's context may only speak of a time its facts answer for:
 * "내일 가려는데" goes with opening hours, never with this hour's temperature.
 */
export const askTimeSchema = z.enum(["now", "day3", "last_month", "any"]);
export type AskTime = z.infer<typeof askTimeSchema>;

/**
 * Whole questions in both registers, [해요체, 합니다체], asking for exactly the facts: {s} (or
 * {s:은/는} …) is the subject, written first so that a request whose context already named it can
 * leave it out ("그럼 쉬는 날은 언제예요?"); {n} is the nearby thing of a `near` hop, when the
 * route has one.
 */
const questionsSchema = z.array(z.tuple([z.string().min(4), z.string().min(4)])).default([]);

/**
 * Whether a fact's value goes into an answer as the tool gave it, so that the reward service can
 * recompute it: not a code said as a word (2 as 보통, Y as 운영해요) nor a time said as 09:00.
 */
export function saidAsIs(fact: FactIntent): boolean {
  return !fact.states && !fact.labels && !/시작|종료/.test(fact.name);
}

/** A question a person asks a tool: the facts and several noun phrases that ask for them. */
export const askIntentSchema = z.object({
  id: z.string().min(1),
  /**
   * Noun phrases asking for exactly these facts ("지금 기온과 습도"), several phrasings. A phrase
   * that places the subject itself says where: {s}, or {s:이/가} and the like for its particle.
   */
  say: z.array(z.string().min(2)).min(2),
  ask: questionsSchema,
  when: askTimeSchema.default("any"),
  facts: z.array(factIntentSchema).min(1),
  /** Asked only of these subjects' details (a festival's venue and hours, which no sight has). */
  of: z.array(z.string().min(1)).min(1).optional(),
});
export type AskIntent = z.infer<typeof askIntentSchema>;

/** Where the names a person states come from: values people use, or rows of a listing call. */
export const seedSchema = z.discriminatedUnion("from", [
  z.object({ from: z.literal("values"), values: z.array(z.string().min(1)).min(2) }),
  /** A listing call whose rows name subjects (run before the dialogue, not shown in it). */
  z.object({ from: z.literal("call"), tool: z.string(), args: z.record(z.string(), z.unknown()), field: z.string(), shorten: z.boolean().default(false) }),
]);
export type Seed = z.infer<typeof seedSchema>;

/** An aggregate people ask over a whole list ("the most expensive deal", "how many pharmacies"). */
export const aggregateIntentSchema = z.object({
  id: z.string().min(1),
  op: z.enum(["max", "min", "avg", "count"]),
  /** The measured field (not for count, which is the answer's totalCount). */
  field: z.string().optional(),
  /** The field naming the winning row of max/min. */
  label: z.string().optional(),
  name: z.string().min(1),
  unit: z.string().optional(),
  digits: z.number().int().min(0).max(4).default(0),
  /** Noun phrases asking for it, with {s} for the subject's place in the sentence. */
  say: z.array(z.string().min(2)).min(2),
  ask: questionsSchema,
  when: askTimeSchema.default("any"),
});
export type AggregateIntent = z.infer<typeof aggregateIntentSchema>;

export const toolIntentSchema = z.object({
  /** What the tool is about: a place, a hospital, an address, a business … */
  subject: z.string().min(1),
  /** How a person calls one such thing ("약국", "측정소"), in answers. */
  noun: z.string().min(1),
  /** The output field naming the row (its name or address). */
  label: z.string().optional(),
  /**
   * A near search's rows come nearest first: the field saying how far each row is. A dialogue that
   * calls one row "the nearest" shows this field, and the answer states it.
   */
  distance: z.object({ field: z.string(), unit: z.enum(["m", "km"]) }).optional(),
  /**
   * The tool finds a subject a person names: the parameter they fill, with these names. A tool
   * with no such parameter only lists (a register with no search): the named row is read off
   * its list.
   */
  find: z
    .object({
      param: z.string().optional(),
      /** The output field the stated value is, when not the row's name (a business found by its registration number). */
      field: z.string().optional(),
      seeds: z.array(seedSchema).min(1),
      /** Other arguments the search always takes. */
      args: z.record(z.string(), z.unknown()).default({}),
      /** How a person refers to the named subject ("{s}", "{s} 정류장"). */
      refer: z.array(z.string().includes("{s}")).min(1).default(["{s}"]),
      /** What a request naming several subjects at once puts before the first ("화장품 제조업 목록의"). */
      among: z.string().min(1).optional(),
    })
    .optional(),
  asks: z.array(askIntentSchema).default([]),
  aggregates: z.array(aggregateIntentSchema).default([]),
});
export type ToolIntent = z.infer<typeof toolIntentSchema>;

/** The output field a found row must carry the stated value in: the find's own field, else the row's name. */
export function statedField(intent: ToolIntent | undefined): string | undefined {
  return intent?.find?.field ?? intent?.label;
}

/**
 * What a hop means. `same`: the same subject in another form (its coordinates, its detail, its
 * codes), said nowhere in the request. `near`: the things of the target tool nearest the subject
 * (the first row), said as `say` ("근처 가장 가까운 약국").
 */
export const hopIntentSchema = z.object({
  from: z.string(),
  to: z.string(),
  means: z.enum(["same", "near"]),
  /** Arguments that go with the hop (a search radius, a content type). */
  args: z.record(z.string(), z.unknown()).default({}),
  say: z.array(z.string().min(2)).default([]),
  /**
   * `many`: the target lists several things of the subject (an institution's branches), so a route
   * through it may count them but not read one row as the subject's own fact.
   */
  rows: z.enum(["one", "many"]).default("one"),
  /**
   * A conditional over this hop: first the same call with `first` (a smaller radius); only when it
   * finds nothing, the hop's own arguments. `say` states the condition, with {s} for the subject.
   */
  fallback: z.object({ first: z.record(z.string(), z.unknown()), say: z.array(z.string().includes("{s}")).min(2) }).optional(),
});
export type HopIntent = z.infer<typeof hopIntentSchema>;

/** The intent data as written (defaults filled in when it is parsed). */
export type ToolIntentInput = z.input<typeof toolIntentSchema>;
export type HopIntentInput = z.input<typeof hopIntentSchema>;
