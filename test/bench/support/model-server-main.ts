/**
 * The scripted model server (a TEST DOUBLE, see model-server.ts) as a process of its own, for the
 * workers tests' global setup: it prints `{"url": …}` on one line and serves until its stdin closes.
 * In a process of its own its module graph (the plan executor, the tasks, the catalog) loads through
 * tsx in about a second, on the other core, instead of through vitest's module runner in the main
 * process, where it held up the start of every test for some 20 s.
 */
import { startModelServer } from "./model-server";

const server = await startModelServer();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.stdin.on("end", () => void server.close().then(() => process.exit(0)));
process.stdin.resume();
