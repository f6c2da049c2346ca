import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof createDatabase>;

/**
 * Drizzle over one D1 binding (or one D1 session). Built per request, so without the
 * schema: the shop uses the query builder only, and a schema would make Drizzle derive
 * its relational-query config again on every request (a measurable share of a cached
 * page's CPU, decision 0011).
 */
export const createDatabase = (d1: D1Database | D1DatabaseSession) => drizzle(d1 as D1Database);
