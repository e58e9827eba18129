/**
 * Patches the installed test runtime (devDependencies only) on `npm ci`/`npm install`
 * (postinstall). Each patch names the exact text it replaces: a release without that text is left
 * alone and says so, and running twice changes nothing. Installed without devDependencies (a
 * deploy), there is nothing to patch.
 *
 * - The fix of cloudflare/workers-sdk#15092 (merged as #15106, released after 0.15.1, the last
 *   @cloudflare/vitest-pool-workers that runs on Node 20). Its Durable Object wrapper installed a
 *   Proxy on the class prototype inside the constructor, so after N objects of a class every
 *   property read ran N nested `get` traps. The suite keeps one runtime per pool worker for all its
 *   files and constructs thousands of objects (one gateway coordinator per call fingerprint), so a
 *   0.7 s test took 29 s late in the suite. The fix installs the Proxy once per class.
 * - Strings in the pool's messages written by JSON.stringify. The pool serialises every message
 *   with devalue, whose string escaping walks a string character by character in JavaScript; each
 *   runtime receives the app's whole module graph (megabytes of code), so that walk was the
 *   largest CPU cost of the suite's main process. JSON.stringify gives text that devalue's parse
 *   (JSON.parse) reads back the same. The old function stays in the file, renamed and unused.
 * - No per-message compression on the loopback WebSocket between the pool and each runtime
 *   (miniflare's dispatchFetch upgrade): deflating and inflating the module code cost CPU on both
 *   sides, and on loopback it saves nothing.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const patches = [
  {
    name: "vitest-pool-workers: prototype proxy installed once per class (workers-sdk#15092)",
    file: "@cloudflare/vitest-pool-workers/dist/worker/lib/cloudflare/test-internal.mjs",
    faulty: "\tfunction Class(...args) {\n\t\tClass.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {",
    fixed: "\tlet proxied = false;\n\tfunction Class(...args) {\n\t\tif (!proxied) proxied = true, Class.prototype = new Proxy(Class.prototype, { get(target, key, receiver) {",
  },
  {
    name: "vitest-pool-workers: strings serialised by JSON.stringify",
    file: "@cloudflare/vitest-pool-workers/dist/pool/index.mjs",
    faulty: "function stringify_string(str) {\n\tlet result = \"\";",
    fixed: "function stringify_string(str) {\n\treturn JSON.stringify(str);\n}\nfunction stringify_string_by_char(str) {\n\tlet result = \"\";",
  },
  {
    name: "miniflare: no per-message deflate on dispatchFetch WebSockets",
    file: "miniflare/dist/src/index.js",
    faulty: "      headers: Object.fromEntries(headers.entries()),\n      ...rejectUnauthorized\n    });",
    fixed: "      headers: Object.fromEntries(headers.entries()),\n      perMessageDeflate: false,\n      ...rejectUnauthorized\n    });",
  },
];

for (const { name, file, faulty, fixed } of patches) {
  const path = fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url));
  if (!existsSync(path)) continue;
  const source = readFileSync(path, "utf8");
  if (source.includes(fixed)) continue;
  if (!source.includes(faulty)) {
    console.log(`${name}: not applied, this release does not have the patched code`);
    continue;
  }
  writeFileSync(path, source.replace(faulty, fixed));
  console.log(name);
}
