import { z } from "zod";
import { keySecretSchema } from "../../../catalog/providers";
import { defineCommand, jsonFlag } from "../../command";
import { teamFlags, teamInput } from "../../connection";
import { UserError } from "../../errors";
import { readAll, type Io } from "../../io";
import { printJson } from "../../output";
import { keySetSchema } from "../../schemas";

/** The key from --key, else the first line piped on stdin; never read from a terminal (it would echo). */
async function keyFrom(flag: string | undefined, io: Io, secret: string): Promise<string> {
  if (flag !== undefined) return flag;
  if (io.stdin.isTTY) throw new UserError(`no key: pipe it on stdin (kopa keys set ${secret} < key.txt) or pass --key`);
  const key = (await readAll(io.stdin)).split(/\r?\n/)[0]?.trim() ?? "";
  if (key === "") throw new UserError("no key: stdin was empty");
  return key;
}

export default defineCommand({
  path: ["keys", "set"],
  summary: "register the team's own service key for a key secret",
  description: `
The key is stored AES-GCM encrypted and never shown again; the team's calls to that secret's
providers then use it (and its quota) instead of the operator's. Prefer stdin to --key, which
stays in the shell history. data.go.kr keys work in their Encoding or Decoding form.`,
  positionals: [{ name: "secret", description: `which key: ${keySecretSchema.options.join(", ")}` }],
  flags: {
    key: { type: "string", value: "<key>", description: "the service key (else read from stdin)" },
    ...jsonFlag,
    ...teamFlags,
  },
  input: z.object({ secret: keySecretSchema, key: z.string().trim().min(1).optional(), json: z.boolean().default(false), ...teamInput }),
  examples: ["kopa keys set DATA_GO_KR_SERVICE_KEY < data-go-kr.key", "pass show kopa/seoul | kopa keys set SEOUL_OPENAPI_KEY"],
  async run(input, { io, teamApi }) {
    const api = teamApi(input);
    const key = await keyFrom(input.key, io, input.secret);
    const { value, raw } = await api.json(keySetSchema, "PUT", `/v1/keys/${input.secret}`, { body: { key } });
    if (input.json) return printJson(io, raw);
    io.stdout.write(`registered the team's key for ${value.registered}\n`);
  },
});
