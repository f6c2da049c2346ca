/**
 * What a signed-in partner's page shows (issue 34, item 6), read for one partner only: the
 * caller passes the id its session holds, and every query here is narrowed by it, so no other
 * partner's figures can reach the page. Money in cents; the page formats it.
 *
 * - Their link (`/r/<handle>`) and code; clicks on the link in the last 30 days and in all.
 * - Their attributed orders with the ledger's entry for each (masked number, date, net sales,
 *   commission, status), and the ledger's adjustments.
 * - Their tier (tierOf on the net sales of their orders that stand) and what is left to the next.
 * - Pending, payable and paid (balancesOf), the next payout date and their payouts.
 * - Their payout method, the account details only masked.
 */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { netSalesOf, nextPayoutDate, tierOf } from "../../../app/shared/partners";
import * as t from "../../db/schema";
import type { ShopDeps } from "../deps";
import { balancesOf } from "./ledger";

/** Clicks are shown for this many recent days, besides all time. */
export const RECENT_CLICK_DAYS = 30;

/** `RD-7KQ3-9X2M` -> `RD-7KQ3-••••`: the partner recognises an order, never learns a shopper's whole number. */
export const maskOrderNumber = (number: string) => `${number.slice(0, 7)}-••••`;

/**
 * Account details as the page shows them once saved: the last 4 characters (a PayPal
 * address: its first letter and its domain), the rest as dots.
 */
export function maskPayoutDetails(method: "paypal" | "bank" | "crypto", details: string): string {
  const text = details.trim();
  const at = text.lastIndexOf("@");
  if (method === "paypal" && at > 0) return `${[...text][0]}•••@${text.slice(at + 1)}`;
  const chars = [...text.replace(/\s+/g, "")];
  return chars.length <= 4 ? "••••" : `••••${chars.slice(-4).join("")}`;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The partner's page, or null when no partner has this id (deleted since they signed in). */
export async function partnerPortal({ db }: ShopDeps, partnerId: number, now = new Date()) {
  const p = t.partners;
  const o = t.orders;
  const l = t.partnerLedger;
  const c = t.partnerClicks;
  const since = utcDay(new Date(now.getTime() - (RECENT_CLICK_DAYS - 1) * 24 * 60 * 60 * 1000));
  const [partners, clicks, orders, adjustments, payouts] = await db.batch([
    db
      .select({
        name: p.name,
        handle: p.handle,
        programme: p.programme,
        status: p.status,
        code: t.discountCodes.code,
        codePercent: t.discountCodes.value,
        codeKind: t.discountCodes.kind,
        payoutMethod: p.payoutMethod,
        payoutDetails: p.payoutDetails,
      })
      .from(p)
      .leftJoin(t.discountCodes, eq(t.discountCodes.id, p.codeId))
      .where(eq(p.id, partnerId)),
    db
      .select({
        recent: sql<number>`coalesce(sum(CASE WHEN ${c.day} >= ${since} THEN ${c.clicks} ELSE 0 END), 0)`,
        all: sql<number>`coalesce(sum(${c.clicks}), 0)`,
      })
      .from(c)
      .where(eq(c.partnerId, partnerId)),
    db
      .select({
        number: o.number,
        placedAt: o.placedAt,
        status: o.status,
        subtotal: o.subtotal,
        bundleSavings: o.bundleSavings,
        discount: o.discount,
        // Named apart: D1's batch answers rows by column name, and the order has a status too.
        commission: sql<number | null>`${l.commission}`.as("entry_commission"),
        entryStatus: sql<t.LedgerStatus | null>`${l.status}`.as("entry_status"),
      })
      .from(o)
      .leftJoin(l, and(eq(l.orderId, o.id), eq(l.partnerId, partnerId)))
      .where(and(eq(o.partnerId, partnerId), ne(o.status, "intent")))
      .orderBy(desc(o.placedAt), desc(o.id)),
    db
      .select({ createdAt: l.createdAt, commission: l.commission, status: l.status })
      .from(l)
      .where(and(eq(l.partnerId, partnerId), isNull(l.orderId)))
      .orderBy(desc(l.createdAt)),
    db
      .select({ runDate: t.partnerPayouts.runDate, amount: t.partnerPayouts.amount, status: t.partnerPayouts.status, paidAt: t.partnerPayouts.paidAt })
      .from(t.partnerPayouts)
      .where(eq(t.partnerPayouts.partnerId, partnerId))
      .orderBy(desc(t.partnerPayouts.runDate)),
  ]);
  const partner = partners[0];
  if (!partner) return null;
  const balances = await balancesOf({ db }, partnerId);
  const shownOrders = orders.map((order) => ({
    number: maskOrderNumber(order.number),
    placedAt: order.placedAt,
    netSales: netSalesOf(order),
    /** A cancelled order earns nothing; null while the ledger has no entry for it yet (it is settled when the order is placed). */
    commission: order.commission ?? (order.status === "cancelled" ? 0 : null),
    status: order.entryStatus ?? (order.status === "cancelled" ? ("void" as const) : ("pending" as const)),
  }));
  const netSales = shownOrders.filter((order) => order.status !== "void").reduce((sum, order) => sum + order.netSales, 0);
  return {
    name: partner.name,
    handle: partner.handle,
    programme: partner.programme,
    status: partner.status,
    code: partner.code,
    codePercent: partner.codeKind === "percent" ? partner.codePercent : null,
    clicks: { recent: clicks[0]?.recent ?? 0, all: clicks[0]?.all ?? 0, recentDays: RECENT_CLICK_DAYS },
    orders: shownOrders,
    adjustments,
    netSales,
    tier: tierOf(netSales),
    balances,
    nextPayoutDate: nextPayoutDate(now),
    payouts,
    payout:
      partner.payoutMethod && partner.payoutDetails
        ? { method: partner.payoutMethod, details: maskPayoutDetails(partner.payoutMethod, partner.payoutDetails) }
        : null,
  };
}

export type PartnerPortal = NonNullable<Awaited<ReturnType<typeof partnerPortal>>>;

/** Sets how the partner is paid: the method and the account, as given (shown again only masked). */
export async function setPayoutMethod({ db }: ShopDeps, partnerId: number, payout: { method: "paypal" | "bank" | "crypto"; details: string }) {
  await db.update(t.partners).set({ payoutMethod: payout.method, payoutDetails: payout.details.trim() }).where(eq(t.partners.id, partnerId));
}
