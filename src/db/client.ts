import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

// One client per binding: building one walks the whole schema for its relations (about 0.1 ms of
// CPU each time, and handlers and objects ask for one per call).
const clients = new WeakMap<D1Database, Db>();

export function dbOf(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    clients.set(d1, db);
  }
  return db;
}
