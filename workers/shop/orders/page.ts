/**
 * What the order's own page (`/orders/<token>`, docs/decisions/0021) shows, read from D1 in
 * one trip (read.ts): the number, the timeline, the lines and totals, the shipping address masked,
 * the email masked, and the downloads it bought. A token of the wrong shape is refused
 * before D1 is asked; an unknown token, or an intent's, is null (the page answers 404).
 */
import { CANCELLED_BY_SHOPPER, maskAddress, maskEmail, type MaskedAddress, type PlacedStatus } from "../../../app/shared/orders";
import type { Database } from "../../db/client";
import { movesOf } from "./lifecycle";
import { readPlacedOrder, type OrderEvent } from "./read";

export type OrderPageLine = { name: string; variantLabel: string; quantity: number; unitPrice: number; lineTotal: number };

/** A download the order bought: the link itself is the emailed one (the shop keeps only its hash). */
export type OrderPageDownload = { productId: number; name: string; expiresAt: string; downloadsLeft: number; maxDownloads: number };

export type OrderPageEvent = Omit<OrderEvent, "id"> & {
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
  const read = await readPlacedOrder(db, { token });
  const placedAt = read?.order.placedAt;
  if (!read || !placedAt) return null;
  const { order, lines, events, downloads } = read;
  return {
    number: order.number,
    status: order.status,
    placedAt,
    // The event's id stays in D1: it would tell how many events the shop has seen.
    timeline: events.map(({ id: _, ...event }) => ({
      ...event,
      why: event.status !== "cancelled" ? null : event.actor === "shopper" ? CANCELLED_BY_SHOPPER : event.reason,
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
    downloads: downloads.map(({ productId, name, expiresAt, downloads: served, maxDownloads }) => ({
      productId,
      name,
      expiresAt,
      maxDownloads,
      downloadsLeft: Math.max(0, maxDownloads - served),
    })),
    // Not once a file it bought was served (the owner still can, with a reason).
    canCancel: movesOf(order.status, "shopper").includes("cancelled") && downloads.every((download) => download.downloads === 0),
  };
}
