/** The orders: a page of them, one whole, and a range of days as a CSV export (recorded in the audit trail). */
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import { notFound } from "../../../app/shared/errors";
import type { DateRange } from "../../../app/shared/schemas";
import * as t from "../../db/schema";
import { pageOf, pageWindow, recordEvent, type BackOfficeDeps, type Page } from "./shared";

/** At most this many orders in one export file. */
export const EXPORT_LIMIT = 5000;

export type OrderSummary = { id: string; createdAt: string; status: t.OrderStatus; email: string; items: number; total: number };

const itemCount = sql<number>`(SELECT coalesce(sum(${t.orderLines.quantity}), 0) FROM ${t.orderLines} WHERE ${t.orderLines.orderId} = ${t.orders.id})`;

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
