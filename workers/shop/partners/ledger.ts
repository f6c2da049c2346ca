/**
 * A partner's ledger, settled from their orders (docs/decisions/0026). The orders are the truth
 * (`orders.partner_id`, their figures and status); the ledger is what the partner is owed for
 * them, kept so payouts can be drafted, marked paid and never changed after.
 *
 * `settlePartner` walks the partner's orders that stand (not cancelled), oldest first, and gives
 * each C(after) − C(before) of their cumulative net sales: the commissions add up to C of what
 * stands, whatever orders and cancels came before. An entry is pending until its order is
 * delivered (an order of downloads only: once a file of it was served), then payable. An entry
 * in a payout (drafted or paid) is locked: it keeps its amount; when a cancel moves the brackets
 * under it, one payable adjustment makes the total C of what stands again. A cancelled order's
 * unlocked entry is void.
 *
 * It is idempotent (run it again and nothing changes), so every event that may change the
 * figures just runs it: an order placed, cancelled, delivered, a file served, the 15th's run.
 */
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { commissionOf, netSalesOf, orderCommission } from "../../../app/shared/partners";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";

type LedgerDeps = { db: Database };

/** SQL: order `o` counts as delivered: delivered, or downloads only with a file of it served. */
const deliveredSql = sql`(${t.orders.status} = 'delivered' OR (
  ${t.orders.status} != 'cancelled'
  AND EXISTS (SELECT 1 FROM ${t.downloadGrants} g WHERE g.order_id = ${t.orders.id} AND g.downloads > 0)
  AND NOT EXISTS (SELECT 1 FROM ${t.orderLines} l JOIN ${t.products} p ON p.id = l.product_id WHERE l.order_id = ${t.orders.id} AND p.digital = 0)
))`;

/** A partner's orders as the ledger counts them, oldest first. */
const ordersOf = ({ db }: LedgerDeps, partnerId: number) =>
  db
    .select({
      id: t.orders.id,
      status: t.orders.status,
      subtotal: t.orders.subtotal,
      bundleSavings: t.orders.bundleSavings,
      discount: t.orders.discount,
      delivered: sql<number>`${deliveredSql}`,
    })
    .from(t.orders)
    .where(and(eq(t.orders.partnerId, partnerId), ne(t.orders.status, "intent")))
    .orderBy(asc(t.orders.placedAt), asc(t.orders.id));

const entriesOf = ({ db }: LedgerDeps, partnerId: number) => db.select().from(t.partnerLedger).where(eq(t.partnerLedger.partnerId, partnerId));

type Entry = typeof t.partnerLedger.$inferSelect;

/** An entry a payout holds (drafted on the 15th, or paid): its amount never changes again. */
const locked = (entry: Entry | undefined) => entry !== undefined && (entry.status === "paid" || entry.payoutId !== null);
type Planned = { orderId: string; netSales: number; commission: number; status: t.LedgerStatus };

/** What each order's entry should say now, and the adjustment still owed for paid entries (cents, may be negative). */
export function planLedger(
  orders: { id: string; status: t.OrderStatus; subtotal: number; bundleSavings: number; discount: number; delivered: number | boolean }[],
  entries: Entry[],
) {
  const byOrder = new Map(entries.filter((e) => e.orderId !== null).map((e) => [e.orderId!, e]));
  const planned: Planned[] = [];
  let standing = 0;
  for (const order of orders) {
    const netSales = netSalesOf(order);
    if (order.status === "cancelled") {
      planned.push({ orderId: order.id, netSales, commission: 0, status: "void" });
      continue;
    }
    const commission = orderCommission(standing, netSales);
    standing += netSales;
    planned.push({ orderId: order.id, netSales, commission, status: order.delivered ? "payable" : "pending" });
  }
  // Locked entries keep their amounts; what they (adjustments included) differ from C of what
  // stands is owed, or taken back, by one adjustment no payout holds yet.
  const lockedSum = entries.filter(locked).reduce((sum, e) => sum + e.commission, 0);
  const open = planned.filter((p) => !locked(byOrder.get(p.orderId))).reduce((sum, p) => sum + p.commission, 0);
  const adjustment = commissionOf(standing) - lockedSum - open;
  return { planned, adjustment, byOrder };
}

/** Brings the partner's ledger up to date with their orders (see the module's comment). */
export async function settlePartner(deps: LedgerDeps, partnerId: number): Promise<void> {
  const { db } = deps;
  const [orders, entries] = await db.batch([ordersOf(deps, partnerId), entriesOf(deps, partnerId)]);
  const { planned, adjustment, byOrder } = planLedger(orders, entries);
  const writes = planned.flatMap((p) => {
    const entry = byOrder.get(p.orderId);
    if (locked(entry)) return [];
    if (entry && entry.commission === p.commission && entry.status === p.status && entry.netSales === p.netSales) return [];
    if (!entry && p.status === "void") return [];
    return [
      db
        .insert(t.partnerLedger)
        .values({ partnerId, orderId: p.orderId, netSales: p.netSales, commission: p.commission, status: p.status })
        .onConflictDoUpdate({
          target: t.partnerLedger.orderId,
          set: { netSales: p.netSales, commission: p.commission, status: p.status, updatedAt: sql`CURRENT_TIMESTAMP` },
          // Never an entry a payout took meanwhile.
          setWhere: and(ne(t.partnerLedger.status, "paid"), isNull(t.partnerLedger.payoutId)),
        }),
    ];
  });
  const openAdjustments = entries.filter((e) => e.orderId === null && !locked(e));
  const adjustmentStands = adjustment === 0 ? openAdjustments.length === 0 : openAdjustments.length === 1 && openAdjustments[0]!.commission === adjustment;
  if (!adjustmentStands) {
    writes.push(
      db
        .delete(t.partnerLedger)
        .where(
          and(eq(t.partnerLedger.partnerId, partnerId), isNull(t.partnerLedger.orderId), ne(t.partnerLedger.status, "paid"), isNull(t.partnerLedger.payoutId)),
        ) as never,
    );
    if (adjustment !== 0) writes.push(db.insert(t.partnerLedger).values({ partnerId, orderId: null, commission: adjustment, status: "payable" }) as never);
  }
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
}

/** Settles the ledger of every partner an order among `orderIds` is attributed to. */
export async function settlePartnersOf(deps: LedgerDeps, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await deps.db
    .selectDistinct({ partnerId: t.orders.partnerId })
    .from(t.orders)
    .where(and(inArray(t.orders.id, orderIds), sql`${t.orders.partnerId} IS NOT NULL`));
  for (const { partnerId } of rows) await settlePartner(deps, partnerId!);
}

/** A partner's balances (cents): earned and waiting for delivery, payable now, paid out. */
export async function balancesOf({ db }: LedgerDeps, partnerId: number) {
  const rows = await db
    .select({ status: t.partnerLedger.status, amount: sql<number>`coalesce(sum(${t.partnerLedger.commission}), 0)` })
    .from(t.partnerLedger)
    .where(eq(t.partnerLedger.partnerId, partnerId))
    .groupBy(t.partnerLedger.status);
  const of = (status: t.LedgerStatus) => rows.find((r) => r.status === status)?.amount ?? 0;
  return { pending: of("pending"), payable: of("payable"), paid: of("paid") };
}
