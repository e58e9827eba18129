import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { defineCommand, jsonFlag } from "../command";
import { DEV_ADMIN_TOKEN } from "../connection";
import { Failure, UserError } from "../errors";
import { portFlag } from "../flags";
import { shellQuote } from "../output";
import { renderPairs } from "../table";

export default defineCommand({
  path: ["dev"],
  summary: "start the app and the sandbox locally until Ctrl-C",
  description: `
Starts the sandbox Worker and the app Worker (pointed at the sandbox) with local D1 and Durable
Objects, applies the D1 migrations, prints the URLs and waits; Ctrl-C stops both. Run it in the
kopa-edge checkout. State persists in --persist-to between runs.`,
  positionals: [],
  flags: {
    port: { type: "string", value: "<port>", description: "the app's port (0: any free port)", default: "8787" },
    "sandbox-port": { type: "string", value: "<port>", description: "the sandbox's port (0: any free port)", default: "8788" },
    "persist-to": { type: "string", value: "<dir>", description: "local state (D1, Durable Objects)", default: ".wrangler/state" },
    "admin-token": { type: "string", value: "<token>", description: "the app's ADMIN_TOKEN", env: "KOPA_ADMIN_TOKEN", default: DEV_ADMIN_TOKEN },
    "master-key": { type: "string", value: "<key>", description: "the app's MASTER_KEY (encrypts team keys)", env: "MASTER_KEY", default: "kopa-dev-master-key" },
    tenant: { type: "string", value: "<id>", description: "the sandbox tenant whose keys the app uses", default: "dev" },
    ...jsonFlag,
  },
  input: z.object({
    port: portFlag.default(8787),
    "sandbox-port": portFlag.default(8788),
    "persist-to": z.string().min(1).default(".wrangler/state"),
    "admin-token": z.string().trim().min(1).optional(),
    "master-key": z.string().min(8).optional(),
    tenant: z.string().regex(/^[a-z0-9-]{1,40}$/, "lower-case letters, digits and -").default("dev"),
    json: z.boolean().default(false),
  }),
  examples: ["kopa dev", "kopa dev --port 9000 --sandbox-port 9001", "kopa dev --json   # one JSON line with the URLs when ready"],
  async run(input, { io }) {
    for (const config of ["wrangler.toml", join("sandbox", "wrangler.toml")]) {
      if (!existsSync(join(io.cwd, config))) throw new UserError(`kopa dev runs in the kopa-edge checkout: no ${config} in ${io.cwd}`);
    }
    // The same KOPA_ADMIN_TOKEN then serves `kopa dev` and the team commands run against it.
    const adminToken = input["admin-token"] ?? (io.env["KOPA_ADMIN_TOKEN"]?.trim() || DEV_ADMIN_TOKEN);
    const masterKey = input["master-key"] ?? (io.env["MASTER_KEY"]?.trim() || "kopa-dev-master-key");
    // Loaded here, not at the top: wrangler is heavy and only this command needs it.
    const { startStack } = await import("../../../scripts/stack");
    let stack: Awaited<ReturnType<typeof startStack>>;
    try {
      stack = await startStack({
        persistTo: resolve(io.cwd, input["persist-to"]),
        appPort: input.port,
        sandboxPort: input["sandbox-port"],
        tenant: input.tenant,
        adminToken,
        masterKey,
        log: (line) => io.stderr.write(`· ${line}\n`),
      });
    } catch (error) {
      throw new Failure(`the local stack did not start: ${error instanceof Error ? (error.message.split("\n")[0] ?? error.name) : String(error)}`);
    }
    if (input.json) io.stdout.write(`${JSON.stringify({ appUrl: stack.appUrl, sandboxUrl: stack.sandboxUrl, adminToken })}\n`);
    else {
      io.stdout.write(
        renderPairs([
          ["app", stack.appUrl],
          ["sandbox", stack.sandboxUrl],
          ["admin", `Authorization: Bearer ${adminToken}`],
        ]),
      );
      io.stdout.write(`\nIn another terminal:\n  export KOPA_URL=${stack.appUrl} KOPA_ADMIN_TOKEN=${shellQuote(adminToken)}\n  kopa team create my-team\n\nCtrl-C stops both.\n`);
    }
    await io.untilStopped();
    io.stderr.write("· stopping\n");
    await stack.dispose();
  },
});
