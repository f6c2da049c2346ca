/**
 * The order a checkout makes, as the shop answers it, and the checkout's own row read back
 * (by the visitor and the checkout's key) in the same trip as its cart or its writes.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import * as t from "../../db/schema";
import type { ShopDeps } from "../deps";
import type { DownloadLink } from "../downloads";

export type OrderLine = {
  productId: number;
  variantId: number | null;
  sku: string;
  /** The choice in words, `Size M · Black`; "" for a product without options. */
  variantLabel: string;
  name: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** This line's share of the code's discount (the shares add up to the order's `discount`). */
  discount: number;
};

export type Order = {
  /** The internal id: for the server only (the UCP session's link to it), never shown. */
  id: string;
  /** The number a person reads, `RD-7KQ3-9X2M`. */
  number: string;
  /** The order page's token (`/orders/<token>`); null for an intent. Only for the shopper who placed it. */
  accessToken: string | null;
  /** When it was placed (SQLite's UTC text); null for an intent. */
  placedAt: string | null;
  status: t.OrderStatus;
  email: string;
  currency: "usd";
  subtotal: number;
  bundleSavings: number;
  bundles: t.OrderBundle[];
  /** The code the order used (upper case), and what it took off before tax; null and 0 without one. */
  discountCode: string | null;
  discount: number;
  /** The partner it is attributed to (docs/decisions/0026): for the server only. */
  partnerId: number | null;
  shipping: number;
  tax: number;
  total: number;
  lines: OrderLine[];
  /** Where the downloads it bought are: only on the answer to the submission that placed it (the token is kept nowhere else). */
  downloads?: DownloadLink[];
};

export const orderRow = ({ db }: ShopDeps, sessionId: string, checkoutKey: string) =>
  db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.sessionId, sessionId), eq(t.orders.checkoutKey, checkoutKey)));

export const orderLineRows = ({ db }: ShopDeps, sessionId: string, checkoutKey: string) =>
  db
    .select()
    .from(t.orderLines)
    .where(
      inArray(
        t.orderLines.orderId,
        db
          .select({ id: t.orders.id })
          .from(t.orders)
          .where(and(eq(t.orders.sessionId, sessionId), eq(t.orders.checkoutKey, checkoutKey))),
      ),
    )
    .orderBy(asc(t.orderLines.position), asc(t.orderLines.id));

export type OrderRow = typeof t.orders.$inferSelect;
export type OrderLineRow = typeof t.orderLines.$inferSelect;

export function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    id: row.id,
    number: row.number,
    accessToken: row.accessToken,
    placedAt: row.placedAt,
    status: row.status,
    email: row.email,
    currency: "usd",
    subtotal: row.subtotal,
    bundleSavings: row.bundleSavings,
    bundles: row.bundles,
    discountCode: row.discountCode,
    discount: row.discount,
    partnerId: row.partnerId,
    shipping: row.shipping,
    tax: row.tax,
    total: row.total,
    lines: lines.map(({ productId, variantId, sku, variantLabel, name, unitPrice, quantity, lineTotal, discount }) => ({
      productId,
      variantId,
      sku,
      variantLabel,
      name,
      unitPrice,
      quantity,
      lineTotal,
      discount,
    })),
  };
}
