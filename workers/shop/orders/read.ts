/**
 * One order, read from D1 in one trip, for every reader: the order's page (by its link
 * token), the back office (by its number), an agent (by the token, or the id its checkout
 * session holds) and the emails (by the id their job names). Each shapes what it shows from
 * the same read: the row (totals, code, partner), the lines in the order the cart showed
 * them, the timeline oldest first with its tracking in words, and the downloads it bought.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { trackingText, type Tracking } from "../../../app/shared/carriers";
import type { PlacedStatus } from "../../../app/shared/orders";
import type { Database } from "../../db/client";
import * as t from "../../db/schema";
import { TOKEN_SHAPE } from "../tokens";

/** Which order: by the link a shopper or an agent holds, by the internal id, or by the number a person reads. */
export type OrderRef = { token: string } | { id: string } | { number: string };

export type OrderRow = typeof t.orders.$inferSelect;
export type OrderLine = typeof t.orderLines.$inferSelect;

/** One step of the order's timeline. */
export type OrderEvent = {
  id: number;
  status: t.OrderStatus;
  at: string;
  actor: "owner" | "shopper" | "shop";
  /** For shipped and delivered: the carrier's name, the tracking number and where to follow it. */
  tracking: Tracking | null;
  /** For an owner's cancel: their reason. */
  reason: string | null;
};

/** A download the order bought: the hash of its link (only the success screen and the email hold the link), its expiry and its count. */
export type OrderDownload = { productId: number; name: string; tokenHash: string; expiresAt: string; downloads: number; maxDownloads: number };

export type OrderRead = { order: OrderRow; lines: OrderLine[]; events: OrderEvent[]; downloads: OrderDownload[] };

/** An order that was placed, whatever became of it since: what a shopper, an agent or an email may speak of (an intent is no order). */
export type PlacedOrderRead = OrderRead & { order: OrderRow & { status: PlacedStatus } };

/** The order `ref` names, whatever its status (the back office reads intents too); null when there is none. */
export async function readOrder(db: Database, ref: OrderRef): Promise<OrderRead | null> {
  // A token of the wrong shape opens nothing: D1 is not asked.
  if ("token" in ref && !TOKEN_SHAPE.test(ref.token)) return null;
  const which = "token" in ref ? eq(t.orders.accessToken, ref.token) : "id" in ref ? eq(t.orders.id, ref.id) : eq(t.orders.number, ref.number);
  const ids = db.select({ id: t.orders.id }).from(t.orders).where(which);
  const g = t.downloadGrants;
  const [orders, lines, events, downloads] = await db.batch([
    db.select().from(t.orders).where(which),
    db.select().from(t.orderLines).where(inArray(t.orderLines.orderId, ids)).orderBy(asc(t.orderLines.position), asc(t.orderLines.id)),
    db.select().from(t.orderEvents).where(inArray(t.orderEvents.orderId, ids)).orderBy(asc(t.orderEvents.at), asc(t.orderEvents.id)),
    db
      .select({
        productId: g.productId,
        name: t.products.name,
        tokenHash: g.tokenHash,
        expiresAt: g.expiresAt,
        downloads: g.downloads,
        maxDownloads: g.maxDownloads,
      })
      .from(g)
      .innerJoin(t.products, eq(t.products.id, g.productId))
      .where(inArray(g.orderId, ids))
      .orderBy(asc(g.productId)),
  ]);
  const order = orders[0];
  if (!order) return null;
  return {
    order,
    lines,
    events: events.map((row) => ({
      id: row.id,
      status: row.status,
      at: row.at,
      actor: row.actor,
      tracking: trackingText(row.carrier, row.trackingNumber),
      reason: row.reason,
    })),
    downloads,
  };
}

const isPlaced = (read: OrderRead): read is PlacedOrderRead => read.order.status !== "intent";

/** The order `ref` names once placed; null for none, or for an intent. */
export async function readPlacedOrder(db: Database, ref: OrderRef): Promise<PlacedOrderRead | null> {
  const read = await readOrder(db, ref);
  return read && isPlaced(read) ? read : null;
}
