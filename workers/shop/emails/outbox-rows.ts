/**
 * Outbox jobs for the emails about a row the same batch inserts (outbox.ts `toOutbox` takes a
 * job whose ids are known before the batch): an application's "received" email and a confirmed
 * newsletter address's welcome code, and the owner's resend of an email (keyed by its audit
 * entry). The job names the row D1 just gave an id
 * (`last_insert_rowid()`), and is written only when the statement before it inserted one row,
 * so a batch that inserted nothing writes no job. Its key is outbox.ts `emailKey`'s for it.
 */
import { sql } from "drizzle-orm";
import type { Programme } from "../../../app/shared/programmes";
import { valuesInColumnOrder } from "../../db/sql";
import * as t from "../../db/schema";
import { CHANGED_A_ROW } from "../backoffice/shared";
import { emailKey, RESEND_MARK, storedJob, type EmailJob } from "./outbox";

const o = t.outbox;

/** The row that writes `job` (SQL: a JSON object) under `key` (SQL), for an INSERT … SELECT. */
const outboxRow = (key: ReturnType<typeof sql>, job: ReturnType<typeof sql>) =>
  valuesInColumnOrder(o, { id: null, key, channel: "email", job, createdAt: sql`CURRENT_TIMESTAMP`, sweptAt: null });

/** The "application received" email of the application the statement before it inserted. */
export function receivedToOutbox(programme: Programme) {
  const id = sql`last_insert_rowid()`;
  const row = outboxRow(
    sql`'application_received:' || ${programme} || ':' || ${id}`,
    sql`json_object('kind', 'application_received', 'programme', ${programme}, 'applicationId', ${id})`,
  );
  return sql`INSERT INTO ${o} SELECT ${row} WHERE ${CHANGED_A_ROW} ON CONFLICT (${sql.identifier(o.key.name)}) DO NOTHING`;
}

/** The welcome code's email of the code the statement before it inserted, its link on `origin`. */
export function welcomeToOutbox(origin: string | undefined) {
  const id = sql`last_insert_rowid()`;
  const link = origin ? sql`, 'origin', ${origin}` : sql``;
  const row = outboxRow(sql`'newsletter_welcome:' || ${id}`, sql`json_object('kind', 'newsletter_welcome', 'codeId', ${id}${link})`);
  return sql`INSERT INTO ${o} SELECT ${row} WHERE ${CHANGED_A_ROW} ON CONFLICT (${sql.identifier(o.key.name)}) DO NOTHING`;
}

/**
 * The owner's resend of `job` (backoffice/emails.ts `resendEmail`): its key and `resend` are
 * the id of the audit entry the statement before it inserted.
 */
export async function resendToOutbox(job: EmailJob) {
  const id = sql`last_insert_rowid()`;
  const { resend: _none, ...original } = job as EmailJob & { resend?: number };
  const key = await emailKey(original as EmailJob);
  const row = outboxRow(sql`${key} || ${RESEND_MARK} || ${id}`, sql`json_set(${JSON.stringify(storedJob(original as EmailJob))}, '$.resend', ${id})`);
  return sql`INSERT INTO ${o} SELECT ${row} WHERE ${CHANGED_A_ROW} ON CONFLICT (${sql.identifier(o.key.name)}) DO NOTHING`;
}
