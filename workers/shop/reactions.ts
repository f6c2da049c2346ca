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

/** All six emoji, zero when nobody reacted with one. */
function toCounts(rows: { emoji: string; count: number }[]): ReactionCounts {
  const counts = Object.fromEntries(REACTION_EMOJIS.map((e) => [e, 0])) as ReactionCounts;
  for (const row of rows) {
    if (row.emoji in counts) counts[row.emoji as ReactionEmoji] = row.count;
  }
  return counts;
}

export async function reactionCounts(deps: ShopDeps, productId: number): Promise<ReactionCounts> {
  await getProductById(deps, productId);
  return toCounts(await countsQuery(deps, productId));
}

export async function react(deps: ShopDeps, productId: number, emoji: ReactionEmoji): Promise<ReactionCounts> {
  await getProductById(deps, productId);
  const { db } = deps;
  const [, rows] = await db.batch([
    db.insert(t.reactions).values({ sessionId: deps.visitor.id(), productId, emoji }).onConflictDoNothing(),
    countsQuery(deps, productId),
  ]);
  return toCounts(rows);
}
