/** The newsletter's list: counted, paged, exported (recorded in the audit trail), an address removed. */
import { asc, count, desc, eq } from "drizzle-orm";
import { notFound } from "../../../app/shared/errors";
import * as t from "../../db/schema";
import { auditOfChange, changeInOrder, pageOf, pageWindow, recordEvent, type BackOfficeDeps, type Page } from "./shared";

/** A signup; `confirmedAt` is null until the address confirmed it is its owner's. */
export type Subscriber = { id: number; email: string; createdAt: string; confirmedAt: string | null };

const subscriberColumns = {
  id: t.newsletterSignups.id,
  email: t.newsletterSignups.email,
  createdAt: t.newsletterSignups.createdAt,
  confirmedAt: t.newsletterSignups.confirmedAt,
};

export async function listSubscribers({ db }: BackOfficeDeps, page: number): Promise<{ count: number; page: Page<Subscriber> }> {
  const s = t.newsletterSignups;
  const { limit, offset } = pageWindow(page);
  const [total, rows] = await db.batch([
    db.select({ count: count() }).from(s),
    db.select(subscriberColumns).from(s).orderBy(desc(s.id)).limit(limit).offset(offset),
  ]);
  return { count: total[0]?.count ?? 0, page: pageOf(rows, page) };
}

/** Every subscriber, for an export file: the audit trail records the export before its data leaves. */
export async function exportSubscribers(deps: BackOfficeDeps): Promise<Subscriber[]> {
  const s = t.newsletterSignups;
  const subscribers = await deps.db.select(subscriberColumns).from(s).orderBy(asc(s.id));
  await recordEvent(deps, "export.newsletter", "newsletter", `${subscribers.length} ${subscribers.length === 1 ? "address" : "addresses"}`);
  return subscribers;
}

/**
 * Removes an address from the list. The audit trail names the entry, not the address it
 * removed, and only when there was one to remove.
 */
export async function removeSubscriber(deps: BackOfficeDeps, id: number): Promise<void> {
  const s = t.newsletterSignups;
  const [removed] = await changeInOrder(deps, [deps.db.delete(s).where(eq(s.id, id)), auditOfChange(deps, "newsletter.remove", `subscriber ${id}`)]);
  if (!removed?.meta.changes) throw notFound("That address is not on the list.");
}
