/**
 * `npm run dev`: the app on :8787 and the sandbox on :8788 with persistent local state, until
 * Ctrl-C. The admin token is printed; create a team with it (see README).
 */
import { startStack } from "./stack";

const adminToken = process.env["ADMIN_TOKEN"] ?? "kopa-dev-admin";
const stack = await startStack({
  persistTo: ".wrangler/state",
  appPort: Number(process.env["APP_PORT"] ?? 8787),
  sandboxPort: Number(process.env["SANDBOX_PORT"] ?? 8788),
  tenant: "dev",
  adminToken,
  masterKey: process.env["MASTER_KEY"] ?? "kopa-dev-master-key",
  log: (line) => console.log(`· ${line}`),
});
console.log(`app      ${stack.appUrl}`);
console.log(`sandbox  ${stack.sandboxUrl}`);
console.log(`admin    Authorization: Bearer ${adminToken}`);
console.log("Ctrl-C stops both.");
const stop = async () => {
  await stack.dispose();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
