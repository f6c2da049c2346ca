import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** When a row was written, by SQLite (`CURRENT_TIMESTAMP`, UTC). */
export const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`CURRENT_TIMESTAMP`);
