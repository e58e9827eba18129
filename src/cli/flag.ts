/** How a command declares one flag: its type, help text and where its value may come from. */
export interface FlagSpec {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
  /** Placeholder of the value in help: `<n>`, `<k=v>`. */
  value?: string;
  description: string;
  /** Environment variable read when the flag is absent (shown in help). */
  env?: string;
  /** The default as shown in help; the schema applies it. */
  default?: string;
}
