/**
 * `npm run check:dialects`: reads every case of src/bench/tool-call-dialects.ts (tool calls as the
 * model servers' own tests write them, and answers that hold none) with the text parser the agent
 * uses. Prints a table a dialect, each case and whether it decoded as expected, then one line of
 * key=value pairs; exits non-zero when a case did not decode.
 */
import { DIALECT_CASES, decodes, type DialectCase } from "../src/bench/tool-call-dialects";

const byDialect = new Map<string, DialectCase[]>();
for (const c of DIALECT_CASES) byDialect.set(c.dialect, [...(byDialect.get(c.dialect) ?? []), c]);

const width = Math.max(...DIALECT_CASES.map((c) => c.description.length));
let decoded = 0;
for (const [dialect, cases] of byDialect) {
  console.log(`\n${dialect}`);
  console.log(`  ${"case".padEnd(width)}  decoded`);
  for (const c of cases) {
    const ok = decodes(c);
    if (ok) decoded++;
    console.log(`  ${c.description.padEnd(width)}  ${ok ? "yes" : "no"}`);
  }
}
console.log(`dialects=${byDialect.size} cases=${DIALECT_CASES.length} decoded=${decoded}`);
if (decoded < DIALECT_CASES.length) process.exitCode = 1;
