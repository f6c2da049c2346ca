/**
 * What the order's own page (`/orders/<token>`, docs/decisions/0021) shows, read from D1 in
 * one trip: the number, the timeline, the lines and totals, the shipping address masked,
 * the email masked, and the downloads it bought. A token of the wrong shape is refused
 * before D1 is asked; an unknown token, or an intent's, is null (the page answers 404).
 */
import { asc, eq, sql } from "drizzle-orm";
import { CANCELLED_BY_SHOPPER, maskAddress, maskEmail, type MaskedAddress, type PlacedStatus } from "../../../app/shared/orders";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import { eventOf, type OrderEvent } from "../backoffice/orders";
import { TOKEN_SHAPE } from "../tokens";
import { movesOf } from "./lifecycle";

export type OrderPageLine = { name: string; variantLabel: string; quantity: number; unitPrice: number; lineTotal: number };

/** A download the order bought: the link itself is the emailed one (the shop keeps only its hash). */
export type OrderPageDownload = { productId: number; name: string; expiresAt: string; downloadsLeft: number; maxDownloads: number };

export type OrderPageEvent = OrderEvent & {
  /** For a cancel: the owner's reason as written, or the shop's words for the shopper's own cancel. */
  why: string | null;
};

export type OrderPageView = {
  number: string;
  status: PlacedStatus;
  /** SQLite's UTC text (`app/shared/orders.ts` `placedOnText` words it). */
  placedAt: string;
  /** Oldest first. */
  timeline: OrderPageEvent[];
  /** In the order the cart showed them. */
  lines: OrderPageLine[];
  subtotal: number;
  bundleSavings: number;
  /** The bundles that made the savings, by name. */
  bundles: { name: string; sets: number; savings: number }[];
  /** The code the order used and what it took off ("Discount (SAVE10) −$2.60"); null and 0 without one. */
  discountCode: string | null;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  currency: "usd";
  /** Null for an order of downloads only. */
  shippingAddress: MaskedAddress | null;
  /** `j•••@e•••.com`: the full address is never shown. */
  email: string;
  downloads: OrderPageDownload[];
  /** Whether the shopper may cancel it now: before it is packed, and before a file of it was served. */
  canCancel: boolean;
};

/** The order whose page `token` opens, as the page shows it; null when there is none. */
export async function orderPageView({ db }: { db: Database }, token: string): Promise<OrderPageView | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const byToken = db.select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.accessToken, token));
  const g = t.downloadGrants;
  const [orders, lines, events, grants] = await db.batch([
    db.select().from(t.orders).where(eq(t.orders.accessToken, token)),
    db.select().from(t.orderLines).where(sql`${t.orderLines.orderId} IN ${byToken}`).orderBy(asc(t.orderLines.position), asc(t.orderLines.id)),
    db.select().from(t.orderEvents).where(sql`${t.orderEvents.orderId} IN ${byToken}`).orderBy(asc(t.orderEvents.at), asc(t.orderEvents.id)),
    db
      .select({ productId: g.productId, name: t.products.name, expiresAt: g.expiresAt, downloads: g.downloads, maxDownloads: g.maxDownloads })
      .from(g)
      .innerJoin(t.products, eq(t.products.id, g.productId))
      .where(sql`${g.orderId} IN ${byToken}`)
      .orderBy(asc(g.productId)),
  ]);
  const order = orders[0];
  if (!order || order.status === "intent" || !order.placedAt) return null;
  return {
    number: order.number,
    status: order.status,
    placedAt: order.placedAt,
    timeline: events.map((row) => ({
      ...eventOf(row),
      why: row.status !== "cancelled" ? null : row.actor === "shopper" ? CANCELLED_BY_SHOPPER : row.reason,
    })),
    lines: lines.map(({ name, variantLabel, quantity, unitPrice, lineTotal }) => ({ name, variantLabel, quantity, unitPrice, lineTotal })),
    subtotal: order.subtotal,
    bundleSavings: order.bundleSavings,
    bundles: order.bundles.filter((bundle) => bundle.name !== "").map(({ name, sets, savings }) => ({ name, sets, savings })),
    discountCode: order.discountCode,
    discount: order.discount,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
    currency: "usd",
    shippingAddress: order.shippingAddress ? maskAddress(order.shippingAddress) : null,
    email: maskEmail(order.email),
    downloads: grants.map(({ downloads, ...grant }) => ({ ...grant, downloadsLeft: Math.max(0, grant.maxDownloads - downloads) })),
    // Not once a file it bought was served (the owner still can, with a reason).
    canCancel: movesOf(order.status, "shopper").includes("cancelled") && grants.every((grant) => grant.downloads === 0),
  };
}
