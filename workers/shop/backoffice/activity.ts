/** What happened: every email the shop sent or failed to send, and the audit trail. */
import { desc } from "drizzle-orm";
import * as t from "../../db/schema";
import { pageOf, pageWindow, type BackOfficeDeps, type Page } from "./shared";

export type EmailRecord = typeof t.emails.$inferSelect;

export async function listEmails({ db }: BackOfficeDeps, page: number): Promise<Page<EmailRecord>> {
  const { limit, offset } = pageWindow(page);
  return pageOf(await db.select().from(t.emails).orderBy(desc(t.emails.updatedAt), desc(t.emails.id)).limit(limit).offset(offset), page);
}

export type AuditEntry = typeof t.auditLog.$inferSelect;

export async function listAudit({ db }: BackOfficeDeps, page: number): Promise<Page<AuditEntry>> {
  const { limit, offset } = pageWindow(page);
  return pageOf(await db.select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(limit).offset(offset), page);
}
