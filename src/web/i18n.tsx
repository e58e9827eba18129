/**
 * Korean and English labels. Every label is rendered in both languages; the stylesheet shows one
 * or both by `<html data-lang>`, which the `kopa_lang` cookie chooses (default both).
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";

export const LANG_VALUES = ["both", "ko", "en"] as const;
export type Lang = (typeof LANG_VALUES)[number];
export const LANG_COOKIE = "kopa_lang";

export function langOf(c: Context): Lang {
  const value = getCookie(c, LANG_COOKIE);
  return LANG_VALUES.find((l) => l === value) ?? "both";
}

export interface Label {
  ko: string;
  en: string;
}

/** A label in both languages. */
export const L = ({ ko, en }: Label) => (
  <>
    <span class="ko" lang="ko">
      {ko}
    </span>
    <span class="en" lang="en">
      {en}
    </span>
  </>
);
