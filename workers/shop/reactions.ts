/**
 * Emoji reactions on products. A visitor counts once per emoji per product: the
 * primary key (visitor, product, emoji) makes a repeated reaction a no-op.
 *
 * A visitor the shop has no session on record for (none, or an id it never issued) gets a
 * session with their reaction, so a session alone would let every request without one
 * count again. Their reaction also carries a hash of the network it came from, unique per
 * product and emoji: a flood without sessions from one network counts once, and a first-time
 * visitor's first reaction still counts when nobody on their network reacted so before.
 */
import { count, eq, sql } from "drizzle-orm";
import { REACTION_EMOJIS, type ReactionEmoji } from "../../app/shared/constants";
import * as t from "../db/schema";
import { getProductById } from "./catalog";
import type { ShopDeps } from "./deps";

export type ReactionCounts = Record<ReactionEmoji, number>;

const countsQuery = ({ db }: ShopDeps, productId: number) =>
  db.select({ emoji: t.reactions.emoji, count: count() }).from(t.reactions).where(eq(t.reactions.productId, productId)).groupBy(t.reactions.emoji);

const countsBySlugQuery = ({ db }: ShopDeps, slug: string) =>
  db
    .select({ emoji: t.reactions.emoji, count: count() })
    .from(t.reactions)
    .innerJoin(t.products, eq(t.products.id, t.reactions.productId))
    .where(eq(t.products.slug, slug))
    .groupBy(t.reactions.emoji);

/** All six emoji, zero when nobody reacted with one. */
function toCounts(rows: { emoji: string; count: number }[]): ReactionCounts {
  const counts = Object.fromEntries(REACTION_EMOJIS.map((e) => [e, 0])) as ReactionCounts;
  for (const row of rows) {
    if (row.emoji in counts) counts[row.emoji as ReactionEmoji] = row.count;
  }
  return counts;
}

export async function reactionCounts(deps: ShopDeps, productId: number): Promise<ReactionCounts> {
  const [rows] = await Promise.all([countsQuery(deps, productId), getProductById(deps, productId)]);
  return toCounts(rows);
}

/** The counts of the product with this slug (all zero for an unknown slug): the product page's one trip to D1. */
export async function reactionCountsBySlug(deps: ShopDeps, slug: string): Promise<ReactionCounts> {
  return toCounts(await countsBySlugQuery(deps, slug));
}

/** Salted, so the stored value is not the plain SHA-256 of an address that another data set might hold. */
const NETWORK_SALT = "raw-dogg:reaction-network:v1:";

/** A one-way name for the visitor's network (the address is never stored). */
async function networkHash(address: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(NETWORK_SALT + address));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The network hash a reaction is stored with: none for a session the shop has on record
 * (it has a cart, a recommendation state or a reaction), the network's for anyone else.
 */
function networkUnlessKnown(sessionId: string | null, hash: string) {
  if (!sessionId) return hash;
  return sql`CASE WHEN EXISTS (SELECT 1 FROM ${t.carts} WHERE ${t.carts.id} = ${sessionId})
    OR EXISTS (SELECT 1 FROM ${t.recommendationStates} WHERE ${t.recommendationStates.sessionId} = ${sessionId})
    OR EXISTS (SELECT 1 FROM ${t.reactions} WHERE ${t.reactions.sessionId} = ${sessionId})
    THEN NULL ELSE ${hash} END`;
}

export async function react(deps: ShopDeps, productId: number, emoji: ReactionEmoji): Promise<ReactionCounts> {
  const [product, hash] = await Promise.all([getProductById(deps, productId), networkHash(deps.visitor.address)]);
  const { db } = deps;
  const addressHash = networkUnlessKnown(deps.visitor.existingId, hash);
  const [, rows] = await db.batch([
    // Either uniqueness (the session's, the network's) makes a repeat a no-op.
    db.insert(t.reactions).values({ sessionId: deps.visitor.id(), productId, emoji, addressHash }).onConflictDoNothing(),
    countsQuery(deps, productId),
  ]);
  // Their next view of the product counts their reaction (the shared page may be a minute old).
  deps.visitor.reactedTo = product.slug;
  return toCounts(rows);
}
