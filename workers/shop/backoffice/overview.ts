/** The back office's first page: what waits for the owner, in figures. */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { AFFILIATE_REVIEW_HOURS, CREATOR_REVIEW_HOURS, type Programme } from "../../../app/shared/programmes";
import * as t from "../../db/schema";
import { deadWebhooks } from "../agents/webhooks";
import type { BackOfficeDeps } from "./shared";
import { lowStock, type StockRow } from "./stock";

export type Overview = {
  placedOrders: number;
  placedTotal: number;
  newApplications: Record<Programme, number>;
  /** Newsletter signups, and how many of them confirmed their address (double opt-in). */
  subscribers: { all: number; confirmed: number };
  /** The emails by status, whatever statuses the emails table holds. */
  emails: { status: string; count: number }[];
  /** Counted variants running low (stock.ts `lowStock`): sold out first. */
  lowStock: StockRow[];
  /** Affiliate and creator applications waiting longer than the pages promise (48 hours), longest first. */
  overdue: OverdueApplication[];
  /** The partners' payouts drafted on the 15th and not yet marked paid. */
  payoutsDue: { count: number; total: number };
  /** UCP order events the shop gave up sending to an agent's platform (agents/webhooks.ts). */
  deadWebhooks: number;
};

export type OverdueApplication = { programme: "affiliate" | "creator"; id: number; name: string; createdAt: string; hours: number };

/** Applications still new after the hours the programme's page promises, with how many hours they have waited. */
function overdueApplications({ db }: BackOfficeDeps) {
  const of = (table: typeof t.affiliateApplications | typeof t.creatorApplications, promised: number) =>
    db
      .select({
        id: table.id,
        name: table.name,
        createdAt: table.createdAt,
        hours: sql<number>`cast((julianday('now') - julianday(${table.createdAt})) * 24 as integer)`,
      })
      .from(table)
      .where(and(eq(table.status, "new"), sql`${table.createdAt} <= datetime('now', ${`-${promised} hours`})`))
      .orderBy(asc(table.id))
      .limit(50);
  return [of(t.affiliateApplications, AFFILIATE_REVIEW_HOURS), of(t.creatorApplications, CREATOR_REVIEW_HOURS)] as const;
}

export async function overview(deps: BackOfficeDeps): Promise<Overview> {
  const { db } = deps;
  const waiting = (table: typeof t.affiliateApplications | typeof t.creatorApplications | typeof t.vendorApplications) =>
    db.select({ count: count() }).from(table).where(eq(table.status, "new"));
  const [overdueAffiliates, overdueCreators] = overdueApplications(deps);
  const [[orders, affiliates, creators, vendors, subscribers, emails, lateAffiliates, lateCreators, payouts, webhooks], low] = await Promise.all([
    db.batch([
      db
        .select({ count: count(), total: sql<number>`coalesce(sum(${t.orders.total}), 0)` })
        .from(t.orders)
        .where(eq(t.orders.status, "placed")),
      waiting(t.affiliateApplications),
      waiting(t.creatorApplications),
      waiting(t.vendorApplications),
      db.select({ all: count(), confirmed: count(t.newsletterSignups.confirmedAt) }).from(t.newsletterSignups),
      db.select({ status: t.emails.status, count: count() }).from(t.emails).groupBy(t.emails.status).orderBy(t.emails.status),
      overdueAffiliates,
      overdueCreators,
      db
        .select({ count: count(), total: sql<number>`coalesce(sum(${t.partnerPayouts.amount}), 0)` })
        .from(t.partnerPayouts)
        .where(eq(t.partnerPayouts.status, "due")),
      deadWebhooks(db),
    ]),
    lowStock(deps),
  ]);
  return {
    placedOrders: orders[0]?.count ?? 0,
    placedTotal: orders[0]?.total ?? 0,
    newApplications: { affiliate: affiliates[0]?.count ?? 0, creator: creators[0]?.count ?? 0, vendor: vendors[0]?.count ?? 0 },
    subscribers: { all: subscribers[0]?.all ?? 0, confirmed: subscribers[0]?.confirmed ?? 0 },
    emails,
    lowStock: low,
    overdue: [
      ...lateAffiliates.map((row) => ({ programme: "affiliate" as const, ...row })),
      ...lateCreators.map((row) => ({ programme: "creator" as const, ...row })),
    ].sort((a, b) => b.hours - a.hours),
    payoutsDue: { count: payouts[0]?.count ?? 0, total: payouts[0]?.total ?? 0 },
    deadWebhooks: webhooks[0]?.count ?? 0,
  };
}
