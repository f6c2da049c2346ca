/**
 * Discount codes (docs/decisions/0025): the codes, each use of one, and the owner's settings
 * of the shop.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { orders } from "./orders";

export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
/** Who a code is for: one the owner made, a newsletter welcome, a partner's own. */
export const CODE_SOURCES = ["owner", "newsletter", "partner"] as const;
export const CODE_STATUSES = ["active", "paused"] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

/**
 * A discount code (docs/decisions/0025). `uses` counts the orders placed with it that are
 * not cancelled: placing takes one in the order's batch, and the CHECK refuses a use past
 * `max_uses`, so a race for the last use places exactly as many orders as uses were left.
 */
export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Upper case: matched without regard to case. */
    code: text("code").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    /** A percent (1-100) for `percent`, cents for `amount`. */
    value: integer("value").notNull(),
    /** The least the items must come to after bundle savings, in cents; null for none. */
    minSubtotal: integer("min_subtotal"),
    /** From when, until when it applies (ISO-8601, UTC); null for no bound. */
    startsAt: text("starts_at"),
    endsAt: text("ends_at"),
    /** Uses allowed overall, and per shopper email; null for no limit. */
    maxUses: integer("max_uses"),
    maxUsesPerEmail: integer("max_uses_per_email"),
    uses: integer("uses").notNull().default(0),
    /** The products it applies to, JSON ids; null for every product. */
    productIds: text("product_ids", { mode: "json" }).$type<number[]>(),
    status: text("status", { enum: CODE_STATUSES }).notNull().default("active"),
    source: text("source", { enum: CODE_SOURCES }).notNull().default("owner"),
    /** The one address that may use it (a newsletter welcome code), lower case; null for anyone. */
    email: text("email"),
    createdAt: createdAt(),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`CURRENT_TIMESTAMP`),
  },
  (t) => [
    uniqueIndex("discount_codes_code_unique").on(t.code),
    index("discount_codes_email_idx").on(t.email),
    check("discount_codes_uses_left", sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`),
    check("discount_codes_value_range", sql`(${t.kind} = 'percent' AND ${t.value} BETWEEN 1 AND 100) OR (${t.kind} = 'amount' AND ${t.value} >= 1)`),
  ],
);

/**
 * One use of a code: the order that used it and the email it was placed with. `email_seq` is
 * that email's count of uses with this use included, and `email_limit` the code's limit per
 * email when it was taken: the CHECK refuses a use past it in the order's own batch. A
 * cancelled order's use is deleted (and the code's `uses` given back).
 */
export const discountCodeUses = sqliteTable(
  "discount_code_uses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    emailSeq: integer("email_seq").notNull(),
    emailLimit: integer("email_limit"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_code_uses_order_unique").on(t.orderId),
    index("discount_code_uses_code_email_idx").on(t.codeId, t.email),
    check("discount_code_uses_per_email", sql`${t.emailLimit} IS NULL OR ${t.emailSeq} <= ${t.emailLimit}`),
  ],
);

/** The owner's settings of the shop, one row each: `welcome_code_percent` (0 for off). */
export const shopSettings = sqliteTable("shop_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at")
    .notNull()
    .default(sql`CURRENT_TIMESTAMP`),
});
