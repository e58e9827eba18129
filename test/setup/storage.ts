/** Each test file starts from empty storage and no per-isolate state left by the previous file. */
import { freshStorage } from "../support/storage";

await freshStorage();
