/** Which provider a catalogued tool calls (the job keeps walks within the providers asked for). */
import { CATALOG } from "../catalog";

/** The provider of a tool, or null for a local tool. */
export function providerOfTool(name: string): string | null {
  const tool = CATALOG.get(name);
  return tool?.kind === "upstream" ? tool.provider : null;
}
