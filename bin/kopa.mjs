#!/usr/bin/env node
// The `kopa` command: registers tsx so the TypeScript sources run as they are, then hands over.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
const code = await main(process.argv.slice(2));
// Exit once stdout and stderr are flushed: a stopped local stack may leave handles behind.
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
