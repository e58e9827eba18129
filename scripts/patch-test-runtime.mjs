/**
 * Applies the fix of cloudflare/workers-sdk#15092 (merged as #15106, released after 0.15.1) to the
 * installed @cloudflare/vitest-pool-workers 0.15.1, the last release that runs on Node 20.
 *
 * Its Durable Object wrapper installs a Proxy on the class prototype inside the constructor, so
 * each construction wraps the previous wrapper: after N objects of a class every property read
 * runs N nested `get` traps. The suite keeps one runtime per pool worker for all its files and
 * constructs thousands of objects (one gateway coordinator per call fingerprint), so tests slowed
 * down the later they ran (a 0.7 s test took 29 s late in the suite). The fix installs the
 * Proxy once per class. Runs on `npm ci`/`npm install` (postinstall); a release without the
 * faulty code is left alone.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const file = fileURLToPath(new URL("../node_modules/@cloudflare/vitest-pool-workers/dist/worker/lib/cloudflare/test-internal.mjs", import.meta.url));
// Installed without devDependencies (a deploy): nothing to patch.
if (!existsSync(file)) process.exit(0);
const faulty = "\tfunction Class(...args) {\n\t\tClass.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {";
const fixed = "\tlet proxied = false;\n\tfunction Class(...args) {\n\t\tif (!proxied) proxied = true, Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {";

const source = readFileSync(file, "utf8");
if (source.includes(fixed)) process.exit(0);
if (!source.includes(faulty)) {
  console.log("vitest-pool-workers: prototype proxy already installed once in this release, nothing to patch");
  process.exit(0);
}
writeFileSync(file, source.replace(faulty, fixed));
console.log("vitest-pool-workers: prototype proxy installed once per class (workers-sdk#15092)");
