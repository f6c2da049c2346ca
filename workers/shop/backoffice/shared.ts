/**
 * What every subject of the back office shares: its dependencies, paging, and the audit
 * trail's entries. Every change is written in one D1 batch (a transaction) with its audit
 * entry, and the entry is written only when the change changed a row: none happens
 * unrecorded, and nothing unchanged is recorded.
 */
import { is, SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import type { OrderWebhooks } from "../agents/webhooks";
import type { Outbox } from "../emails/outbox";

export type BackOfficeDeps = {
  /** D1 read at its primary: the owner reads their own writes. */
  db: Database;
  outbox: Outbox;
  /** Where a move of an order placed through UCP is told to its agent's platform (agents/webhooks.ts); absent in a test's back office. */
  webhooks?: OrderWebhooks;
  /** Where the owner's request came from (the client address as the shop counts it), for the audit trail. */
  address: string;
};

export const PAGE_SIZE = 25;

/** One page of a list, newest first; `hasMore` when a next page exists. */
export type Page<T> = { rows: T[]; page: number; hasMore: boolean };

export const pageOf = <T>(rows: T[], page: number): Page<T> => ({ rows: rows.slice(0, PAGE_SIZE), page, hasMore: rows.length > PAGE_SIZE });

/** One more row than a page holds, to know whether there is a next page. */
export const pageWindow = (page: number) => ({ limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE });

/**
 * SQLite's word for "the statement just before this one in the batch changed a row". A
 * statement conditioned on it changes a row only when that one did, so a chain of them acts
 * only after a change that really happened: never a read, then a write that another request
 * may have beaten.
 */
export const CHANGED_A_ROW = sql`changes() = 1`;

/** Columns as an INSERT's list names them (bare, where a query names them with their table). */
export const columnList = (...columns: { name: string }[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

export const AUDIT_COLUMNS = columnList(t.auditLog.action, t.auditLog.subject, t.auditLog.detail, t.auditLog.address);

/** An audit entry written when `condition` holds, in the same statement that checks it. */
export const auditWhen = ({ address }: BackOfficeDeps, condition: SQL, action: string, subject: string, detail = "") =>
  sql`INSERT INTO ${t.auditLog} (${AUDIT_COLUMNS}) SELECT ${action}, ${subject}, ${detail}, ${address} WHERE ${condition}`;

/** The audit entry of a change: to follow the change's statement in its batch, written only if it changed a row. */
export const auditOfChange = (deps: BackOfficeDeps, action: string, subject: string, detail = "") => auditWhen(deps, CHANGED_A_ROW, action, subject, detail);

/** A statement of a change's batch: one of Drizzle's queries, or SQL written here (the conditional ones). */
export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

const dialect = new SQLiteAsyncDialect();

/**
 * Runs `statements` in order as one D1 batch (a transaction) and answers D1's result of each
 * (`meta.changes`: the rows it changed). Through D1 itself, because Drizzle 0.45 cannot put
 * hand-written SQL with bound values in a batch.
 */
export function changeInOrder({ db }: Pick<BackOfficeDeps, "db">, statements: Statement[]): Promise<D1Result[]> {
  const d1 = db.$client;
  return d1.batch(
    statements.map((statement) => {
      const { sql: text, params } = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement.toSQL();
      return d1.prepare(text).bind(...params);
    }),
  );
}

/** Records something the owner did that changes no data (signing out, an export). */
export async function recordEvent({ db, address }: BackOfficeDeps, action: string, subject: string, detail = "") {
  await db.insert(t.auditLog).values({ action, subject, detail, address });
}

/** How much of a text the audit trail keeps on each side of a change. */
export const AUDIT_TEXT_LENGTH = 300;

/** A text as the audit trail quotes it: in quotes, cut to AUDIT_TEXT_LENGTH characters (an ellipsis says it was). */
export const quoted = (text: string) => {
  const characters = [...text];
  return `"${characters.length > AUDIT_TEXT_LENGTH ? `${characters.slice(0, AUDIT_TEXT_LENGTH).join("")}…` : text}"`;
};
