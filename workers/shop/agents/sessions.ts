/**
 * An agent's cart or checkout session (UCP, workers/ucp): a shop cart of its own, whose id
 * (`ucp_…`, random) is the cart's, with a row of what the agent gave (buyer, destination),
 * what its last write could not do (notes) and where it stands (open, completed, canceled).
 * The web cart prices it and the web checkout places its order; this module keeps the row.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { isShopError } from "../../../app/shared/errors";
import * as t from "../../db/schema";
import { addToCart, readPricedCart, type PricedCart } from "../cart";
import type { ShopDeps } from "../deps";
import { createVisitor } from "../visitor";

export type AgentSession = typeof t.ucpSessions.$inferSelect;
export type SessionKind = AgentSession["kind"];

const SESSION_ID = /^ucp_[A-Za-z0-9_-]{22}$/;

/** A new session id: `ucp_` and 16 random bytes, base64url. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ucp_${btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "")}`;
}

/** The shop's deps as the session's own cart: its id is the visitor's. */
export const sessionDeps = (deps: ShopDeps, id: string): ShopDeps => ({ ...deps, visitor: createVisitor(id, { address: deps.visitor.address }) });

/**
 * The session of `kind` and its cart priced, in one trip to D1 (`readPricedCart`); null for an
 * id that is none. An open checkout whose order is placed (completing stopped between placing
 * it and marking the session) is marked completed now: `healed` says so.
 */
export async function readSession(deps: ShopDeps, id: string, kind: SessionKind): Promise<{ row: AgentSession; cart: PricedCart; healed: boolean } | null> {
  if (!SESSION_ID.test(id)) return null;
  const { db } = deps;
  const row = db
    .select()
    .from(t.ucpSessions)
    .where(and(eq(t.ucpSessions.id, id), eq(t.ucpSessions.kind, kind)));
  // Placing is keyed by the session's id (checkout/placing.ts `placeOrder`): its order, if placed.
  const placed = db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(and(eq(t.orders.sessionId, id), eq(t.orders.checkoutKey, id), ne(t.orders.status, "intent")));
  const {
    cart,
    first: [[found], [order]],
  } = await readPricedCart(sessionDeps(deps, id), id, [row, placed] as const);
  if (!found) return null;
  if (found.state === "open" && order && kind === "checkout") {
    await completeSession(deps, id, order.id);
    return { row: { ...found, ...COMPLETED, orderId: order.id }, cart, healed: true };
  }
  return { row: found, cart, healed: false };
}

/** What a completed session keeps of the agent's: nothing personal; its order holds the buyer and the address (answers show them masked). */
const COMPLETED = { state: "completed" as const, buyer: {}, destination: null };

/** Marks the session completed with its order, and clears its buyer and destination in the same statement. */
export async function completeSession(deps: ShopDeps, id: string, orderId: string) {
  await deps.db
    .update(t.ucpSessions)
    .set({ ...COMPLETED, orderId, updatedAt: sql`CURRENT_TIMESTAMP` })
    .where(eq(t.ucpSessions.id, id));
}

/**
 * Adds `quantity` of a variant to the session's cart, or as many as are left when fewer are
 * (stock as D1 holds it now): how many were added. Nothing left is the web cart's refusal.
 */
export async function addUpToStock(deps: ShopDeps, productId: number, variantId: number, quantity: number): Promise<number> {
  try {
    await addToCart(deps, productId, quantity, variantId);
    return quantity;
  } catch (failure) {
    if (!isShopError(failure) || failure.kind !== "conflict") throw failure;
    const variant = await deps.db.select({ stock: t.variants.stock }).from(t.variants).where(eq(t.variants.id, variantId)).get();
    const left = variant?.stock ?? 0;
    if (left <= 0 || left >= quantity) throw failure;
    await addToCart(deps, productId, left, variantId);
    return left;
  }
}

/** Keeps the row of a session whose cart `id` was just filled. */
export async function startSession(
  deps: ShopDeps,
  id: string,
  kind: SessionKind,
  fields: Pick<AgentSession, "notes" | "buyer"> & Partial<Pick<AgentSession, "destination" | "cartId">>,
) {
  await deps.db.insert(t.ucpSessions).values({ id, kind, ...fields });
}

/** The open checkout made from cart `cartId`, if any: one active checkout per cart (cart.md). */
export async function openCheckoutOfCart(deps: ShopDeps, cartId: string): Promise<string | null> {
  const row = await deps.db
    .select({ id: t.ucpSessions.id })
    .from(t.ucpSessions)
    .where(and(eq(t.ucpSessions.cartId, cartId), eq(t.ucpSessions.kind, "checkout"), eq(t.ucpSessions.state, "open")))
    .get();
  return row?.id ?? null;
}

/** What a write changes of a session's row. */
export type SessionChange = Partial<Pick<AgentSession, "notes" | "buyer" | "destination" | "state" | "orderId" | "webhookUrl">>;

/** Writes `change` to the session's row (`whileOpen`: only if it is still open). */
export async function writeSession(deps: ShopDeps, id: string, change: SessionChange, { whileOpen = false } = {}) {
  const which = eq(t.ucpSessions.id, id);
  await deps.db
    .update(t.ucpSessions)
    .set({ ...change, updatedAt: sql`CURRENT_TIMESTAMP` })
    .where(whileOpen ? and(which, eq(t.ucpSessions.state, "open")) : which);
}
