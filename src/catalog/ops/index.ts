/** Every upstream operation, gathered from the per-domain spec modules. */
import type { UpstreamToolSpec } from "../spec";
import { CALENDAR_TOOLS } from "./calendar";

export const UPSTREAM_TOOLS: readonly UpstreamToolSpec[] = [...CALENDAR_TOOLS];
