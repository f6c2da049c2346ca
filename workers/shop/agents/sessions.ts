/**
 * An agent's cart or checkout session (UCP, workers/ucp): a shop cart of its own, whose id
 * (`ucp_…`, random) is the cart's, with a row of what the agent gave (buyer, destination),
 * what its last write could not do (notes) and where it stands (open, completed, canceled).
 * The web cart prices it and the web checkout places its order; this module keeps the row.
 */
import { and, eq, sql } from "drizzle-orm";
import * as t from "../../db/schema";
import { readPricedCart, type PricedCart } from "../cart";
import type { ShopDeps } from "../deps";
import { createVisitor } from "../visitor";

export type AgentSession = typeof t.ucpSessions.$inferSelect;
export type SessionKind = AgentSession["kind"];

const SESSION_ID = /^ucp_[A-Za-z0-9_-]{22}$/;

/** A new session id: `ucp_` and 16 random bytes, base64url. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ucp_${btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "")}`;
}

/** The shop's deps as the session's own cart: its id is the visitor's. */
export const sessionDeps = (deps: ShopDeps, id: string): ShopDeps => ({ ...deps, visitor: createVisitor(id, { address: deps.visitor.address }) });

/** The session of `kind` and its cart priced, in one trip to D1 (`readPricedCart`); null for an id that is none. */
export async function readSession(deps: ShopDeps, id: string, kind: SessionKind): Promise<{ row: AgentSession; cart: PricedCart } | null> {
  if (!SESSION_ID.test(id)) return null;
  const { db } = deps;
  const row = db
    .select()
    .from(t.ucpSessions)
    .where(and(eq(t.ucpSessions.id, id), eq(t.ucpSessions.kind, kind)));
  const {
    cart,
    first: [[found]],
  } = await readPricedCart(sessionDeps(deps, id), id, [row] as const);
  return found ? { row: found, cart } : null;
}

/** Keeps the row of a session whose cart `id` was just filled. */
export async function startSession(deps: ShopDeps, id: string, kind: SessionKind, fields: Pick<AgentSession, "notes" | "buyer"> & Partial<Pick<AgentSession, "destination">>) {
  await deps.db.insert(t.ucpSessions).values({ id, kind, ...fields });
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
