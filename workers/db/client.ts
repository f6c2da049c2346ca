import { drizzle } from "drizzle-orm/d1";
import { waitingOutLocalLocks } from "./busy";

export type Database = ReturnType<typeof createDatabase>;

/**
 * Drizzle over one D1 binding (or one D1 session). Built per request, so without the
 * schema: the shop uses the query builder only, and a schema would make Drizzle derive
 * its relational-query config again on every request (a measurable share of a cached
 * page's CPU, decision 0011). A statement that meets another process's lock on a local
 * D1 file is tried again (busy.ts).
 */
export const createDatabase = (d1: D1Database | D1DatabaseSession) => drizzle(waitingOutLocalLocks(d1) as D1Database);
