/** Every operation the sandbox serves, gathered from the service modules. */
import type { SandboxOperation } from "../operation";
import { KASI_OPERATIONS } from "./kasi";

export const SANDBOX_OPERATIONS: readonly SandboxOperation[] = [...KASI_OPERATIONS];
