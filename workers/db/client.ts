import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDatabase>;

/** Drizzle over one D1 binding (or one D1 session), with the shop's schema. */
export const createDatabase = (d1: D1Database | D1DatabaseSession) =>
  drizzle(d1 as D1Database, { schema });
