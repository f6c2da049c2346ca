/**
 * The orders as the owner reads them, by their number (the internal id stays in D1): a page
 * of them (all, or those that used a discount code), one whole with its timeline, a search by number or email address, and a range of days as a CSV
 * export (recorded in the audit trail). Their moves: workers/shop/orders/lifecycle.ts.
 */
import { and, asc, desc, eq, gte, lte, ne, sql } from "drizzle-orm";
import { notFound } from "../../../app/shared/errors";
import { orderNumberOf } from "../../../app/shared/orders";
import type { DateRange } from "../../../app/shared/schemas";
import * as t from "../../db/schema";

/** An order's statuses, for the back office's pages (they never import the schema themselves). */
export type { OrderStatus } from "../../db/schema";
import { movesOf, type Move } from "../orders/lifecycle";
import { readOrder, type OrderEvent } from "../orders/read";
import { pageOf, pageWindow, recordEvent, type BackOfficeDeps, type Page } from "./shared";

/** At most this many orders in one export file. */
export const EXPORT_LIMIT = 5000;

/** `discountCode`: the code the order used (upper case), or null. */
export type OrderSummary = {
  number: string;
  createdAt: string;
  status: t.OrderStatus;
  email: string;
  items: number;
  total: number;
  discountCode: string | null;
};

const summaryColumns = {
  number: t.orders.number,
  createdAt: t.orders.createdAt,
  status: t.orders.status,
  email: t.orders.email,
  total: t.orders.total,
  discountCode: t.orders.discountCode,
};

// Qualified by table: unqualified, both columns would be read as order_lines' own.
const itemCount = sql<number>`(SELECT coalesce(sum(${t.orderLines.quantity}), 0) FROM ${t.orderLines} WHERE ${t.orderLines}.${sql.identifier(t.orderLines.orderId.name)} = ${t.orders}.${sql.identifier(t.orders.id.name)})`;

/** A page of the orders of a status; with `code` (upper case), only those that used it. */
export async function listOrders({ db }: BackOfficeDeps, status: t.OrderStatus, page: number, code: string | null = null): Promise<Page<OrderSummary>> {
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({ ...summaryColumns, items: itemCount })
    .from(t.orders)
    .where(and(eq(t.orders.status, status), code === null ? undefined : eq(t.orders.discountCode, code)))
    .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows, page);
}

/**
 * The order a number names, as typed in the back office's search (`rd-7kq3 9x2m` finds
 * `RD-7KQ3-9X2M`): its summary, or null.
 */
export async function findOrder({ db }: BackOfficeDeps, typed: string): Promise<OrderSummary | null> {
  const number = orderNumberOf(typed);
  if (!number) return null;
  return (
    (await db
      .select({ ...summaryColumns, items: itemCount })
      .from(t.orders)
      .where(eq(t.orders.number, number))
      .get()) ?? null
  );
}

/**
 * The orders placed with an email address, newest first, paged: the whole address as typed,
 * in any case (checkout keeps it as the shopper typed it), never a part of one. Intents are
 * no orders, so they are left out.
 */
export async function findOrdersByEmail({ db }: BackOfficeDeps, typed: string, page: number): Promise<Page<OrderSummary>> {
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({ ...summaryColumns, items: itemCount })
    .from(t.orders)
    .where(and(sql`lower(${t.orders.email}) = ${typed.trim().toLowerCase()}`, ne(t.orders.status, "intent")))
    .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows, page);
}

/** The shipping address as the owner needs it: never the cardholder's name. */
export type ShippingAddress = t.ShippingAddress;

/** One step of an order's timeline as the owner reads it (workers/shop/orders/read.ts). */
export type { OrderEvent } from "../orders/read";

export type OrderDetail = {
  number: string;
  createdAt: string;
  status: t.OrderStatus;
  email: string;
  shippingAddress: ShippingAddress | null;
  /** Each line with its share of the code's discount (0 without a code). */
  lines: { productId: number; name: string; sku: string; variantLabel: string; unitPrice: number; quantity: number; lineTotal: number; discount: number }[];
  subtotal: number;
  savings: number;
  /** The code the order used, and what it took off; null and 0 without one. */
  discountCode: string | null;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  /** Its timeline, oldest first. */
  events: OrderEvent[];
  /** The moves the owner may make of it now, for the page's forms. */
  moves: Move[];
};

/** An order by its number (as typed); a 404 in words when there is none. */
export async function getOrder({ db }: BackOfficeDeps, typed: string): Promise<OrderDetail> {
  const read = await readOrder(db, { number: orderNumberOf(typed) ?? "" });
  if (!read) throw notFound("There is no order with that number.");
  const { order, lines, events } = read;
  return {
    number: order.number,
    createdAt: order.createdAt,
    status: order.status,
    email: order.email,
    shippingAddress: order.shippingAddress,
    lines: lines.map(({ productId, name, sku, variantLabel, unitPrice, quantity, lineTotal, discount }) => ({
      productId,
      name,
      sku,
      variantLabel,
      unitPrice,
      quantity,
      lineTotal,
      discount,
    })),
    subtotal: order.subtotal,
    savings: order.bundleSavings,
    discountCode: order.discountCode,
    discount: order.discount,
    tax: order.tax,
    shipping: order.shipping,
    total: order.total,
    events,
    moves: movesOf(order.status),
  };
}

/**
 * The orders of a range of days (UTC, both included) for an export file, oldest first, with
 * their lines: at most EXPORT_LIMIT, and `truncated` (and nothing handed out) when the range
 * holds more. The audit trail records every export before its data leaves.
 */
export async function exportOrders(deps: BackOfficeDeps, { from, to }: DateRange, status: t.OrderStatus, code: string | null = null) {
  const { db } = deps;
  const inRange = and(
    eq(t.orders.status, status),
    gte(t.orders.createdAt, `${from} 00:00:00`),
    lte(t.orders.createdAt, `${to} 23:59:59`),
    code === null ? undefined : eq(t.orders.discountCode, code),
  );
  const [orders, lines] = await db.batch([
    db
      .select()
      .from(t.orders)
      .where(inRange)
      .orderBy(asc(t.orders.createdAt), asc(t.orders.id))
      .limit(EXPORT_LIMIT + 1),
    db
      .select({ orderId: t.orderLines.orderId, name: t.orderLines.name, quantity: t.orderLines.quantity })
      .from(t.orderLines)
      .innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId))
      .where(inRange)
      .orderBy(asc(t.orderLines.name)),
  ]);
  if (orders.length > EXPORT_LIMIT) return { truncated: true as const, orders: [] };
  await recordEvent(deps, "export.orders", "orders", `${status} orders${code === null ? "" : ` with code ${code}`} from ${from} to ${to}: ${orders.length}`);
  const linesOf = Map.groupBy(lines, (line) => line.orderId);
  return {
    truncated: false as const,
    orders: orders.map((order) => ({
      number: order.number,
      createdAt: order.createdAt,
      status: order.status,
      email: order.email,
      shippingAddress: order.shippingAddress,
      items: (linesOf.get(order.id) ?? []).map((line) => `${line.quantity} x ${line.name}`).join("; "),
      subtotal: order.subtotal,
      savings: order.bundleSavings,
      discountCode: order.discountCode ?? "",
      discount: order.discount,
      tax: order.tax,
      shipping: order.shipping,
      total: order.total,
    })),
  };
}
