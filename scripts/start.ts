/**
 * `npm start`, the main job on the embedded sandbox: `kopa start` (src/cli/commands/start.ts), the
 * CLI's graph, synthesis, export and bench building blocks composed. Arguments after `--` go to it.
 */
import { main } from "../src/cli/main";

const code = await main(["start", ...process.argv.slice(2)]);
// Exit once stdout and stderr are flushed: a stopped local stack may leave handles behind.
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
