/**
 * Emoji reactions on products. A visitor counts once per emoji per product: the
 * primary key (visitor, product, emoji) makes a repeated reaction a no-op.
 */
import { count, eq } from "drizzle-orm";
import { REACTION_EMOJIS, type ReactionEmoji } from "../../app/lib/constants";
import * as t from "../db/schema";
import { getProductById } from "./catalog";
import type { ShopDeps } from "./deps";

export type ReactionCounts = Record<ReactionEmoji, number>;

const countsQuery = ({ db }: ShopDeps, productId: number) =>
  db
    .select({ emoji: t.reactions.emoji, count: count() })
    .from(t.reactions)
    .where(eq(t.reactions.productId, productId))
    .groupBy(t.reactions.emoji);

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

export async function react(deps: ShopDeps, productId: number, emoji: ReactionEmoji): Promise<ReactionCounts> {
  const product = await getProductById(deps, productId);
  const { db } = deps;
  const [, rows] = await db.batch([
    db.insert(t.reactions).values({ sessionId: deps.visitor.id(), productId, emoji }).onConflictDoNothing(),
    countsQuery(deps, productId),
  ]);
  // Their next view of the product counts their reaction (the shared page may be a minute old).
  deps.visitor.reactedTo = product.slug;
  return toCounts(rows);
}
