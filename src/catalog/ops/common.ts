/** Parameter and request fragments shared by many data.go.kr operations. */
import { z } from "zod";
import type { OutputField, OutputFieldInput } from "../spec";

export const numOfRows = (max = 1000, fallback = 10) =>
  z.number().int().min(1).max(max).default(fallback).describe(`한 페이지 결과 수 (최대 ${max}) / rows per page`);

export const pageNo = () => z.number().int().min(1).default(1).describe("페이지 번호 / page number");

export const pagePagination = (maxSize = 1000) => ({ style: "page" as const, pageParam: "pageNo", sizeParam: "numOfRows", maxSize });

export const ymd = (description: string) =>
  z.string().regex(/^\d{8}$/, "YYYYMMDD").describe(description);

export const yyyymm = (description: string) =>
  z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, "YYYYMM").describe(description);

/** An output field in one line: name, type, semantic tags, Korean description, pattern/optional. */
export const field = (
  name: string,
  type: OutputField["type"],
  tags: string[],
  description: string,
  extra: { pattern?: string; optional?: boolean } = {},
): OutputFieldInput => ({ name, type, tags, description, ...extra });
