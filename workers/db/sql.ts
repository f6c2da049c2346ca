/** SQL the query builder does not write for us, built from the schema's own names. */
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * One value per column of `table`, in the table's column order, as `insert().select()`
 * takes them: plain values are bound as parameters, SQL goes in as written.
 */
export function valuesInColumnOrder<T extends SQLiteTable>(table: T, values: { [K in keyof T["$inferInsert"]]-?: unknown }) {
  const row = values as Record<string, unknown>;
  return sql.join(
    Object.keys(getTableColumns(table)).map((key) => (is(row[key], SQL) ? (row[key] as SQL) : sql`${row[key]}`)),
    sql`, `,
  );
}

/** An upsert's `SET column = excluded.column` for each of `keys`. */
export function fromExcluded<T extends SQLiteTable, K extends keyof T["$inferInsert"] & keyof T["_"]["columns"]>(table: T, keys: K[]) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded.${columns[key as string]!.name}`)]));
}
