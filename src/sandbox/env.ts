import type { SandboxReplicas } from "./replica/registry";
import type { SandboxTenant } from "./tenant";

/** Bindings of the sandbox worker, declared in sandbox/wrangler.toml. */
export interface SandboxEnv {
  SANDBOX_TENANT: DurableObjectNamespace<SandboxTenant>;
  /** Imported operations the sandbox replicates (one object). */
  SANDBOX_REPLICAS: DurableObjectNamespace<SandboxReplicas>;
  /** Salt of the HMAC that makes sandbox keys checkable without a lookup. */
  SANDBOX_KEY_SALT: string;
  /** Bearer token of the /__admin routes. */
  SANDBOX_ADMIN_TOKEN: string;
}
