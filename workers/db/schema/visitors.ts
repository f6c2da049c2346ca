/**
 * What a visitor has while browsing: the cart and its lines, reactions, and which
 * recommendations they have seen.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { products, recommendations, variants } from "./catalog";

export const carts = sqliteTable("carts", {
  /** The visitor's session id: one cart per visitor. */
  id: text("id").primaryKey(),
  createdAt: createdAt(),
  /**
   * The discount code the shopper applied (upper case): one per order. Priced on every read
   * (workers/shop/codes.ts), so a code that stopped applying takes nothing off and says why.
   */
  discountCode: text("discount_code"),
});

export const cartLines = sqliteTable(
  "cart_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /**
     * The variant chosen. Null while the shopper has still to choose (a product with options
     * added by its id alone, or by a bundle): such a line counts and prices like any other,
     * and checkout asks for the choice before it orders.
     */
    variantId: integer("variant_id").references(() => variants.id),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
    /**
     * The unit price the shopper last saw for this line, in cents: the catalog's as shown
     * when it was added, then the one the cart or checkout page last showed. A line whose
     * price differs says "Price changed from ... to ..." once (docs/decisions/0023). Never
     * charged. Null for a line from before this column: nothing to announce.
     */
    priceSeen: integer("price_seen"),
  },
  (t) => [
    /** One line per variant, and one per product still to choose. */
    uniqueIndex("cart_lines_cart_variant_unique").on(t.cartId, t.productId, sql`coalesce(${t.variantId}, 0)`),
    check("cart_lines_quantity_range", sql`${t.quantity} BETWEEN 1 AND 99`),
  ],
);

export const reactions = sqliteTable(
  "reactions",
  {
    sessionId: text("session_id").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    emoji: text("emoji").notNull(),
    /**
     * For a reaction from a visitor the shop had no session for: a hash of the network it
     * came from (never the address itself), unique per product and emoji, so a cookie-less
     * flood from one network counts once. Null for a visitor with a session.
     */
    addressHash: text("address_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.productId, t.emoji] }),
    index("reactions_product_idx").on(t.productId),
    uniqueIndex("reactions_address_product_emoji_unique").on(t.addressHash, t.productId, t.emoji),
  ],
);

export const recommendationStates = sqliteTable(
  "recommendation_states",
  {
    sessionId: text("session_id").notNull(),
    recommendationId: integer("recommendation_id")
      .notNull()
      .references(() => recommendations.id),
    viewedAt: text("viewed_at"),
    clickedAt: text("clicked_at"),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.recommendationId] })],
);
