/** The orders: a page of them, one whole, and a range of days as a CSV export (recorded in the audit trail). */
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { invalidInput, notFound } from "../../../app/shared/errors";
import type { CancelOrderInput, DateRange } from "../../../app/shared/schemas";
import * as t from "../../db/schema";
import { auditOfChange, changeInOrder, pageOf, pageWindow, quoted, recordEvent, type BackOfficeDeps, type Page } from "./shared";

/** At most this many orders in one export file. */
export const EXPORT_LIMIT = 5000;

export type OrderSummary = { id: string; createdAt: string; status: t.OrderStatus; email: string; items: number; total: number };

// Qualified by table: unqualified, both columns would be read as order_lines' own.
const itemCount = sql<number>`(SELECT coalesce(sum(${t.orderLines.quantity}), 0) FROM ${t.orderLines} WHERE ${t.orderLines}.${sql.identifier(t.orderLines.orderId.name)} = ${t.orders}.${sql.identifier(t.orders.id.name)})`;

export async function listOrders({ db }: BackOfficeDeps, status: t.OrderStatus, page: number): Promise<Page<OrderSummary>> {
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({ id: t.orders.id, createdAt: t.orders.createdAt, status: t.orders.status, email: t.orders.email, items: itemCount, total: t.orders.total })
    .from(t.orders)
    .where(eq(t.orders.status, status))
    .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows, page);
}

/** The shipping address as the owner needs it: never the cardholder's name. */
export type ShippingAddress = t.ShippingAddress;

export type OrderDetail = {
  id: string;
  createdAt: string;
  status: t.OrderStatus;
  email: string;
  shippingAddress: ShippingAddress | null;
  lines: { productId: number; name: string; sku: string; variantLabel: string; unitPrice: number; quantity: number; lineTotal: number }[];
  subtotal: number;
  savings: number;
  tax: number;
  shipping: number;
  total: number;
};

export async function getOrder({ db }: BackOfficeDeps, id: string): Promise<OrderDetail> {
  const [orders, lines] = await db.batch([
    db.select().from(t.orders).where(eq(t.orders.id, id)),
    db.select().from(t.orderLines).where(eq(t.orderLines.orderId, id)).orderBy(asc(t.orderLines.name)),
  ]);
  const order = orders[0];
  if (!order) throw notFound("There is no order with that number.");
  return {
    id: order.id,
    createdAt: order.createdAt,
    status: order.status,
    email: order.email,
    shippingAddress: order.shippingAddress,
    lines: lines.map(({ productId, name, sku, variantLabel, unitPrice, quantity, lineTotal }) => ({ productId, name, sku, variantLabel, unitPrice, quantity, lineTotal })),
    subtotal: order.subtotal,
    savings: order.bundleSavings,
    tax: order.tax,
    shipping: order.shipping,
    total: order.total,
  };
}

/**
 * The orders of a range of days (UTC, both included) for an export file, oldest first, with
 * their lines: at most EXPORT_LIMIT, and `truncated` (and nothing handed out) when the range
 * holds more. The audit trail records every export before its data leaves.
 */
export async function exportOrders(deps: BackOfficeDeps, { from, to }: DateRange, status: t.OrderStatus) {
  const { db } = deps;
  const inRange = and(eq(t.orders.status, status), gte(t.orders.createdAt, `${from} 00:00:00`), lte(t.orders.createdAt, `${to} 23:59:59`));
  const [orders, lines] = await db.batch([
    db.select().from(t.orders).where(inRange).orderBy(asc(t.orders.createdAt), asc(t.orders.id)).limit(EXPORT_LIMIT + 1),
    db
      .select({ orderId: t.orderLines.orderId, name: t.orderLines.name, quantity: t.orderLines.quantity })
      .from(t.orderLines)
      .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
      .where(inRange)
      .orderBy(asc(t.orderLines.name)),
  ]);
  if (orders.length > EXPORT_LIMIT) return { truncated: true as const, orders: [] };
  await recordEvent(deps, "export.orders", "orders", `${status} orders from ${from} to ${to}: ${orders.length}`);
  const linesOf = Map.groupBy(lines, (line) => line.orderId);
  return {
    truncated: false as const,
    orders: orders.map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      status: order.status,
      email: order.email,
      shippingAddress: order.shippingAddress,
      items: (linesOf.get(order.id) ?? []).map((line) => `${line.quantity} x ${line.name}`).join("; "),
      subtotal: order.subtotal,
      savings: order.bundleSavings,
      tax: order.tax,
      shipping: order.shipping,
      total: order.total,
    })),
  };
}

/**
 * The owner cancels a placed order (never an intent, never one cancelled already), in one
 * batch that holds only while the order is still placed: the stock its lines took goes back
 * (where stock is counted), its download links stop working (deleted), its status becomes
 * `cancelled`, and the audit trail records why and what was returned. Cancelling twice at
 * once returns the stock once. No email goes to the shopper (the orders' lifecycle, later).
 */
export async function cancelOrder(deps: BackOfficeDeps, orderId: string, { reason }: CancelOrderInput): Promise<void> {
  const { db } = deps;
  const [orders, lines] = await db.batch([
    db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId)),
    db
      .select({ sku: t.variants.sku, quantity: t.orderLines.quantity })
      .from(t.orderLines)
      .innerJoin(t.variants, eq(t.variants.id, t.orderLines.variantId))
      .where(and(eq(t.orderLines.orderId, orderId), isNotNull(t.variants.stock)))
      .orderBy(asc(t.variants.sku)),
  ]);
  const order = orders[0];
  if (!order) throw notFound("There is no order with that number.");
  if (order.status !== "placed") throw invalidInput(NOT_CANCELLABLE[order.status]);
  const stillPlaced = sql`EXISTS (SELECT 1 FROM ${t.orders} WHERE ${t.orders.id} = ${orderId} AND ${t.orders.status} = 'placed')`;
  const returned = lines.map((line) => `${line.quantity} x ${line.sku}`).join(", ");
  const detail = `reason ${quoted(reason)}; stock returned: ${returned || "none counted"}`;
  const v_ = t.variants;
  const [, , cancelled] = await changeInOrder(deps, [
    db
      .update(v_)
      .set({ stock: sql`${v_.stock} + (SELECT coalesce(sum(${t.orderLines.quantity}), 0) FROM ${t.orderLines} WHERE ${t.orderLines.orderId} = ${orderId} AND ${t.orderLines.variantId} = ${v_.id})` })
      .where(and(isNotNull(v_.stock), inArray(v_.id, db.select({ id: t.orderLines.variantId }).from(t.orderLines).where(eq(t.orderLines.orderId, orderId))), stillPlaced)),
    db.delete(t.downloadGrants).where(and(eq(t.downloadGrants.orderId, orderId), stillPlaced)),
    db
      .update(t.orders)
      .set({ status: "cancelled" })
      .where(and(eq(t.orders.id, orderId), eq(t.orders.status, "placed"))),
    auditOfChange(deps, "order.cancel", `order ${orderId}`, detail),
  ]);
  if (!cancelled?.meta.changes) throw invalidInput(NOT_CANCELLABLE.cancelled);
}

const NOT_CANCELLABLE: Record<Exclude<t.OrderStatus, "placed">, string> = {
  intent: "A payment intent is no order: only a placed order can be cancelled.",
  cancelled: "This order is cancelled already.",
};
