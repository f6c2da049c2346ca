/**
 * An order as an agent may read it (UCP's order capability): once placed, whatever became
 * of it, with its lines (in the cart's order) and its timeline.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import * as t from "../../db/schema";
import { loadCatalog } from "../catalog";
import type { ShopDeps } from "../deps";
import { TOKEN_SHAPE } from "../tokens";

/** What an agent may read of an order: once placed, whatever became of it. */
const READABLE = ["placed", "packed", "shipped", "delivered", "cancelled"] as const;

export type AgentOrderEvent = typeof t.orderEvents.$inferSelect;
export type AgentOrderLine = typeof t.orderLines.$inferSelect;

/**
 * The order by the internal id a completed checkout session holds, or by the link token an
 * agent was given. The token is the right to read it, as it is for the order's page; any
 * other shape is none. `shipped` are the lines a parcel carries (a download is not shipped).
 */
export async function readAgentOrder(deps: ShopDeps, ref: { orderId: string } | { token: string }) {
  if ("token" in ref && !TOKEN_SHAPE.test(ref.token)) return null;
  const { db } = deps;
  const which = "token" in ref ? eq(t.orders.accessToken, ref.token) : eq(t.orders.id, ref.orderId);
  const [rows, lines, events] = await db.batch([
    db.select().from(t.orders).where(and(which, inArray(t.orders.status, READABLE))),
    db.select({ line: t.orderLines }).from(t.orderLines).innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId)).where(which).orderBy(asc(t.orderLines.position), asc(t.orderLines.id)),
    db.select({ event: t.orderEvents }).from(t.orderEvents).innerJoin(t.orders, eq(t.orders.id, t.orderEvents.orderId)).where(which).orderBy(asc(t.orderEvents.id)),
  ]);
  const row = rows[0];
  if (!row) return null;
  const { products } = await loadCatalog(deps);
  const digital = new Set(products.filter((p) => p.digital).map((p) => p.id));
  const ordered = lines.map(({ line }) => line);
  return { row, lines: ordered, shipped: ordered.filter((line) => !digital.has(line.productId)), events: events.map(({ event }) => event) };
}

export type AgentOrder = NonNullable<Awaited<ReturnType<typeof readAgentOrder>>>;
