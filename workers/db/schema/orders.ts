/**
 * Orders: the order and its lines, its timeline (one event per status it reached), and the
 * downloads it bought.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import type { ShippingAddress } from "../../../app/shared/orders";
import { products } from "./catalog";

/**
 * An order is an `intent` until it is paid for (POST /api/payment-intent), then `placed`;
 * the owner moves it on: `packed`, `shipped`, `delivered`; before it ships it may be
 * `cancelled` (its stock goes back). The moves: workers/shop/orders/lifecycle.ts.
 */
/** How an order came to a partner: their link's cookie, or their code (which wins). */
export const ATTRIBUTIONS = ["link", "code"] as const;
export type Attribution = (typeof ATTRIBUTIONS)[number];

export const ORDER_STATUSES = ["placed", "packed", "shipped", "delivered", "intent", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = sqliteTable(
  "orders",
  {
    /** The internal id (`ord_…`): never leaves the server (docs/decisions/0021). */
    id: text("id").primaryKey(),
    /** The number a person reads, `RD-7KQ3-9X2M` (app/shared/orders.ts): random, unique. */
    number: text("number").notNull(),
    /**
     * The order page's link token (workers/shop/tokens.ts `newToken`), made when the order is
     * placed; null for an intent. Kept whole, not hashed: every later status email carries the
     * link (docs/decisions/0021). Never logged, never audited, never in /admin.
     */
    accessToken: text("access_token"),
    sessionId: text("session_id").notNull(),
    /**
     * The checkout this order is for (the key its form carries): one row per checkout. A
     * repeated submission finds it here instead of ordering again. Null only on rows older
     * than the key.
     */
    checkoutKey: text("checkout_key"),
    /**
     * `intent`: priced by the payment-intent call, not ordered yet (it stays so if the
     * shopper never completes the checkout); `placed`: ordered, its lines taken from the cart.
     */
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    email: text("email").notNull(),
    /** The shipping address as entered, JSON; null for a payment intent and for an order of downloads only. */
    shippingAddress: text("shipping_address", { mode: "json" }).$type<ShippingAddress>(),
    subtotal: integer("subtotal").notNull(),
    /** What complete bundle sets saved, taken off the subtotal before tax. */
    bundleSavings: integer("bundle_savings").notNull().default(0),
    /** The bundles that applied, as they were named then. */
    bundles: text("bundles", { mode: "json" })
      .$type<OrderBundle[]>()
      .notNull()
      .default(sql`'[]'`),
    tax: integer("tax").notNull(),
    shipping: integer("shipping").notNull().default(0),
    total: integer("total").notNull(),
    /** The discount code the order used (upper case), as it was typed; null without one. */
    discountCode: text("discount_code"),
    /** What the code took off, in cents, before tax (its lines' shares add up to it). */
    discount: integer("discount").notNull().default(0),
    /** The partner the order is attributed to, and how (their link's cookie or their code); null for none. */
    partnerId: integer("partner_id"),
    attribution: text("attribution", { enum: ATTRIBUTIONS }),
    currency: text("currency").notNull().default("usd"),
    createdAt: createdAt(),
    /** When the order was placed; null while it is an intent. */
    placedAt: text("placed_at"),
  },
  (t) => [
    index("orders_session_idx").on(t.sessionId),
    index("orders_created_idx").on(t.createdAt),
    uniqueIndex("orders_session_checkout_key_unique").on(t.sessionId, t.checkoutKey),
    uniqueIndex("orders_number_unique").on(t.number),
    uniqueIndex("orders_access_token_unique").on(t.accessToken),
  ],
);

/** The shipping address of an order: its shape is the shop's vocabulary (app/shared/orders.ts). */
export type { ShippingAddress };

export type OrderBundle = { bundleId: number; name: string; sets: number; savings: number };

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** The variant ordered (its stock was taken): what a cancellation gives back. Null on lines older than variants. */
    variantId: integer("variant_id"),
    /** The variant as it was ordered: its SKU and its choice in words (`Size M · Black`, "" for a product without options). */
    sku: text("sku").notNull().default(""),
    variantLabel: text("variant_label").notNull().default(""),
    name: text("name").notNull(),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotal: integer("line_total").notNull(),
    /** This line's share of the bundle savings, in cents (what a cancel or a commission counts per line). */
    bundleSavings: integer("bundle_savings").notNull().default(0),
    /** This line's share of the order's code discount, in cents: the shares add up to the order's `discount`. */
    discount: integer("discount").notNull().default(0),
    /** Where the cart showed the line (from 0): emails and the order page list lines so. 0 on lines older than it (then by id). */
    position: integer("position").notNull().default(0),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

export const ORDER_ACTORS = ["owner", "shopper", "shop"] as const;

/**
 * An order's timeline: one row per status it reached (`placed` written with the order),
 * in the same batch as the move. A shipped row carries the carrier and tracking number; a
 * cancelled one the owner's reason (null when the shopper cancelled).
 */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    at: text("at")
      .notNull()
      .default(sql`CURRENT_TIMESTAMP`),
    /** A carrier's code (app/shared/carriers.ts) and the tracking number, for `shipped`. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** The owner's reason, for `cancelled` (plain text, one line, at most 200 characters). */
    reason: text("reason"),
    /** Who made the move: the owner, the shopper (a cancel), or the shop (placing it). */
    actor: text("actor", { enum: ORDER_ACTORS }).notNull(),
  },
  (t) => [uniqueIndex("order_events_order_status_unique").on(t.orderId, t.status)],
);

/**
 * The right to download what an order bought digitally: one per order and product, reached
 * by a link whose token only the email and the success screen ever hold (its SHA-256 is
 * kept here). It expires, and it serves a limited number of files.
 */
export const downloadGrants = sqliteTable(
  "download_grants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: text("expires_at").notNull(),
    downloads: integer("downloads").notNull().default(0),
    maxDownloads: integer("max_downloads").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("download_grants_order_product_unique").on(t.orderId, t.productId)],
);
