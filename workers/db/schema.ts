/**
 * The shop's D1 schema. Money is integer cents everywhere; timestamps are ISO-8601
 * text written by SQLite (`CURRENT_TIMESTAMP`, UTC). Lists and small objects that are
 * only ever read whole (flavours, social links) are JSON text columns.
 *
 * Change this file, then `npm run db:generate` writes the next migration.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`CURRENT_TIMESTAMP`);

// ---------------------------------------------------------------- catalog

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  type: text("type", { enum: ["condom", "apparel"] }).notNull(),
});

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull(),
    price: integer("price").notNull(),
    imageUrl: text("image_url").notNull(),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    type: text("type").notNull(),
    packSize: integer("pack_size"),
    flavors: text("flavors", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /**
     * What a shopper chooses, in order (Size, then Colour), each with its values in the
     * order the page shows them. Empty for a product without choices: it has one default
     * variant. Every combination that exists is a row of `variants`.
     */
    options: text("options", { mode: "json" }).$type<ProductOption[]>().notNull().default(sql`'[]'`),
    /** A digital product (the single) is delivered by a download link, never shipped. */
    digital: integer("digital", { mode: "boolean" }).notNull().default(false),
    /** The facts the product page lists for apparel and the single (fabric, fit, care; format, length). Condoms list the spec's features instead. */
    facts: text("facts", { mode: "json" }).$type<ProductFact[]>().notNull().default(sql`'[]'`),
  },
  (t) => [index("products_category_idx").on(t.categoryId), check("products_price_positive", sql`${t.price} > 0`)],
);

export type ProductOption = { name: string; values: string[] };
export type ProductFact = { label: string; value: string };

/**
 * What is really sold: one row per combination of a product's options that exists (one,
 * with no options, for a product without choices). Its price and image, when set, replace
 * the product's. Stock is counted here: never below zero (the CHECK makes a batch that
 * would oversell fail whole), null for what is never counted (a download).
 *
 * A change of stock bumps `catalog_meta.stock_version`, any other change `version`
 * (migrations/0008): what a shopper is charged holds to `version` only, so one order's
 * stock never makes another checkout start over.
 */
export const variants = sqliteTable(
  "variants",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    sku: text("sku").notNull().unique(),
    /** The value of each of the product's options, e.g. `{"Size": "M", "Colour": "Black"}`; `{}` for a default variant. */
    options: text("options", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    price: integer("price"),
    imageUrl: text("image_url"),
    /** Where it stands among its product's variants (the order of the options' values). */
    position: integer("position").notNull().default(0),
    stock: integer("stock"),
  },
  (t) => [
    index("variants_product_idx").on(t.productId),
    check("variants_price_positive", sql`${t.price} IS NULL OR ${t.price} > 0`),
    check("variants_stock_never_negative", sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  ],
);

export const bundles = sqliteTable("bundles", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  discountPercentage: integer("discount_percentage").notNull(),
});

export const bundleItems = sqliteTable(
  "bundle_items",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.productId] })],
);

export const recommendations = sqliteTable("recommendations", {
  id: integer("id").primaryKey(),
  productId: integer("product_id")
    .notNull()
    .references(() => products.id),
  reason: text("reason").notNull(),
});

/**
 * Approved creator profiles shown on /creators; never an applicant's private data. A
 * profile the owner published from an approved application names it (at most one each).
 */
export const featuredCreators = sqliteTable(
  "featured_creators",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    bio: text("bio").notNull(),
    socialLinks: text("social_links", { mode: "json" }).$type<SocialLinks>().notNull(),
    portfolioUrls: text("portfolio_urls", { mode: "json" }).$type<string[]>().notNull(),
    approved: integer("approved", { mode: "boolean" }).notNull().default(false),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    applicationId: integer("application_id").references(() => creatorApplications.id),
  },
  (t) => [uniqueIndex("featured_creators_application_unique").on(t.applicationId)],
);

/**
 * One row that counts catalog changes. Triggers (see the migrations) bump it on any
 * write to a catalog table, so the KV copy and page caches keyed by it never go stale.
 */
export const catalogMeta = sqliteTable("catalog_meta", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
  /**
   * Random, new with every version (a trigger, migrations/0002): the version alone could
   * name two different catalogs after a D1 Time Travel restore, the stamp cannot.
   */
  stamp: text("stamp").notNull().default(""),
  /** Counts changes of stock (orders, cancellations, the owner's counts): what the shop shows of stock is keyed by it too. */
  stockVersion: integer("stock_version").notNull().default(0),
});

// ---------------------------------------------------------------- visitors

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

// ---------------------------------------------------------------- applications

export type SocialLinks = {
  instagram?: string;
  tiktok?: string;
  youtube?: string;
  twitter?: string;
};

/** Where an application stands in the owner's review (the back office): new until decided. */
export const APPLICATION_STATUSES = ["new", "approved", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The owner's review of an application: its status, an optional note, when it was decided. */
const review = () => ({
  status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("new"),
  reviewNote: text("review_note"),
  reviewedAt: text("reviewed_at"),
});

export const affiliateApplications = sqliteTable("affiliate_applications", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  websiteUrl: text("website_url").notNull(),
  audienceDescription: text("audience_description").notNull(),
  ...review(),
  createdAt: createdAt(),
});

export const creatorApplications = sqliteTable("creator_applications", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  socialLinks: text("social_links", { mode: "json" }).$type<SocialLinks>().notNull(),
  bio: text("bio").notNull(),
  portfolioUrls: text("portfolio_urls", { mode: "json" }).$type<string[]>().notNull(),
  paymentMethod: text("payment_method", { enum: ["paypal", "bank", "crypto"] }).notNull(),
  accountDetails: text("account_details").notNull(),
  ...review(),
  createdAt: createdAt(),
});

export const vendorApplications = sqliteTable("vendor_applications", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  businessName: text("business_name").notNull(),
  contactName: text("contact_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  businessType: text("business_type").notNull(),
  website: text("website"),
  yearEstablished: text("year_established").notNull(),
  monthlySalesVolume: text("monthly_sales_volume").notNull(),
  locations: integer("locations").notNull(),
  businessDescription: text("business_description").notNull(),
  hasLicense: integer("has_license", { mode: "boolean" }).notNull(),
  preferredContactMethod: text("preferred_contact_method").notNull(),
  ...review(),
  createdAt: createdAt(),
});

/**
 * The newsletter's addresses (lower-cased), each unconfirmed until its owner follows the
 * link of the confirmation email (double opt-in, decision 0014): the shop sends a
 * newsletter only to a confirmed address, and a confirmed address is one that has proven it
 * is its owner's (the daily cap on emails to other addresses, workers/shop/emails.tsx).
 */
export const newsletterSignups = sqliteTable(
  "newsletter_signups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    createdAt: createdAt(),
    /** When the owner of the address confirmed it; null until then (and for rows older than the confirmation). */
    confirmedAt: text("confirmed_at"),
    /** SHA-256 (hex) of the latest confirmation link's token; the token itself is only ever in the email. */
    tokenHash: text("token_hash"),
    /** When the latest confirmation email was asked for: at most one a day, and its link expires. */
    confirmationRequestedAt: text("confirmation_requested_at"),
  },
  (t) => [uniqueIndex("newsletter_signups_token_hash_unique").on(t.tokenHash)],
);

// ---------------------------------------------------------------- orders

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
    bundles: text("bundles", { mode: "json" }).$type<OrderBundle[]>().notNull().default(sql`'[]'`),
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

/** The shipping address of an order. Never the cardholder name or any card field. */
export type ShippingAddress = {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

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

// ---------------------------------------------------------------- discount codes

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
    check(
      "discount_codes_value_range",
      sql`(${t.kind} = 'percent' AND ${t.value} BETWEEN 1 AND 100) OR (${t.kind} = 'amount' AND ${t.value} >= 1)`,
    ),
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

// ---------------------------------------------------------------- partners

export const PARTNER_PROGRAMMES = ["affiliate", "creator"] as const;
export type PartnerProgramme = (typeof PARTNER_PROGRAMMES)[number];
export const PARTNER_STATUSES = ["active", "paused"] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/**
 * An affiliate or creator the owner approved (docs/decisions/0026): their referral link is
 * `/r/<handle>`, their personal code a `discount_codes` row of source `partner`. A paused
 * partner's link and code attribute nothing.
 */
export const partners = sqliteTable(
  "partners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lower case letters, digits and hyphens: the link's `/r/<handle>`. */
    handle: text("handle").notNull(),
    programme: text("programme", { enum: PARTNER_PROGRAMMES }).notNull(),
    /** The application approved (in the programme's table). */
    applicationId: integer("application_id").notNull(),
    name: text("name").notNull(),
    /** Lower case: where sign-in links and payout emails go; orders placed with it earn nothing. */
    email: text("email").notNull(),
    status: text("status", { enum: PARTNER_STATUSES }).notNull().default("active"),
    /** Their personal code. */
    codeId: integer("code_id").references(() => discountCodes.id),
    /** How they are paid (the creator application's method; an affiliate gives theirs on their page); null until given. */
    payoutMethod: text("payout_method", { enum: ["paypal", "bank", "crypto"] }),
    /** The account to pay, as given: shown to the owner only masked, whole only in the payment run's CSV. */
    payoutDetails: text("payout_details"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("partners_handle_unique").on(t.handle),
    uniqueIndex("partners_email_unique").on(t.email),
    uniqueIndex("partners_application_unique").on(t.programme, t.applicationId),
  ],
);

/** Clicks on a partner's link, counted per UTC day: no cookie, address or agent is kept. */
export const partnerClicks = sqliteTable(
  "partner_clicks",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    day: text("day").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day] })],
);

/**
 * The partner's ledger: one entry per attributed order (its commission, C(after) − C(before)
 * of their cumulative net sales, docs/decisions/0026), and adjustments when a cancel changes
 * what paid entries should have been. `pending` until the order is delivered, then `payable`;
 * `paid` once in a payout marked paid; a cancelled order's entry is `void`.
 */
export const LEDGER_STATUSES = ["pending", "payable", "paid", "void"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export const partnerLedger = sqliteTable(
  "partner_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** The order it is for; null for an adjustment. */
    orderId: text("order_id").references(() => orders.id),
    /** The order's net sales (cents): subtotal after bundle savings and codes, before tax and shipping. */
    netSales: integer("net_sales").notNull().default(0),
    /** Cents (an adjustment may be negative). */
    commission: integer("commission").notNull(),
    status: text("status", { enum: LEDGER_STATUSES }).notNull(),
    payoutId: integer("payout_id"),
    createdAt: createdAt(),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`CURRENT_TIMESTAMP`),
  },
  (t) => [uniqueIndex("partner_ledger_order_unique").on(t.orderId), index("partner_ledger_partner_idx").on(t.partnerId, t.status)],
);

/** A payout drafted on the 15th for a payable balance of $50 or more; `paid` once the owner marks it so. */
export const PAYOUT_STATUSES = ["due", "paid"] as const;
export const partnerPayouts = sqliteTable(
  "partner_payouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    /** The run's date, `YYYY-MM-15`: one payout per partner and run. */
    runDate: text("run_date").notNull(),
    amount: integer("amount").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("due"),
    createdAt: createdAt(),
    paidAt: text("paid_at"),
  },
  (t) => [uniqueIndex("partner_payouts_run_unique").on(t.partnerId, t.runDate)],
);

/**
 * A partner's sign-in in progress: a one-time link and a 6-digit code, emailed, kept only as
 * hashes, single use, valid 15 minutes (docs/decisions/0026). `attempts` counts wrong codes.
 */
export const partnerSignIns = sqliteTable(
  "partner_sign_ins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    linkHash: text("link_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("partner_sign_ins_link_unique").on(t.linkHash), index("partner_sign_ins_partner_idx").on(t.partnerId)],
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

// ---------------------------------------------------------------- running the shop

/** What an email's record says: see `emails.status`. */
export const EMAIL_STATUSES = ["sending", "sent", "failed", "dead", "withheld"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_KINDS = ["order_confirmation", "order_update", "application_received", "application_reviewed", "newsletter_confirmation", "newsletter_welcome", "partner_welcome", "partner_sign_in", "payout_paid"] as const;

/**
 * Every email the shop tried to send, one row per email (its key: what it is about, e.g.
 * `order_confirmation:ord_…`), updated on each attempt. Never the body.
 */
export const emails = sqliteTable(
  "emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull().unique(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    recipient: text("recipient").notNull(),
    /**
     * The recipient as the daily cap counts it (workers/shop/emails.tsx `recipientKey`):
     * lower-cased, without a `+tag`, Gmail's dots ignored. Null on rows older than the cap.
     */
    recipientKey: text("recipient_key"),
    subject: text("subject").notNull(),
    /**
     * `sending`: claimed by one consumer, which is sending it now (a claim older than a few
     * minutes may be taken over); `sent`; `failed`: the last attempt failed and the queue
     * will try again; `dead`: it kept failing and reached the dead-letter queue, never sent;
     * `withheld`: not sent, on purpose, `error` says why (the daily cap).
     */
    status: text("status", { enum: EMAIL_STATUSES }).notNull(),
    attempts: integer("attempts").notNull(),
    /** Why the last attempt failed (the sender's message, never the email's content), or why it was withheld. */
    error: text("error"),
    /** The id the Email Service gave the sent message. */
    messageId: text("message_id"),
    /** The consumer holding the `sending` claim (a random id) and since when; null otherwise. */
    claim: text("claim"),
    claimedAt: text("claimed_at"),
    createdAt: createdAt(),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`CURRENT_TIMESTAMP`),
  },
  (t) => [index("emails_updated_idx").on(t.updatedAt), index("emails_recipient_key_created_idx").on(t.recipientKey, t.createdAt)],
);

/** What an outbox job is for: an email, or an agent's order webhook (shop/agents/webhook-outbox.ts). */
export const OUTBOX_CHANNELS = ["email", "webhook"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * The jobs written in the same D1 batch as what they report (an order placed, a move), so
 * that a crash after the batch loses none: the sweep (workers/shop/outbox-sweep.ts) queues
 * each one whose email has no record yet, or whose send died. One row per job, under its
 * email's key (outbox.ts `emailKey`); it leaves once its email is sent, withheld or dead.
 * An order webhook's event is kept under `order_webhook:<order>:<event>` until its consumer
 * settles it (shop/agents/webhook-outbox.ts).
 * The job as JSON, without download tokens (the shop keeps only their hashes).
 */
export const outbox = sqliteTable("outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull().unique(),
  channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
  job: text("job").notNull(),
  createdAt: createdAt(),
  /** When a sweep last queued it: a job is queued again at most every few minutes. */
  sweptAt: text("swept_at"),
});

/** What the owner changed in the back office, when, and from which address. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What was done, e.g. `product.update`, `application.approve`. */
    action: text("action").notNull(),
    /** What it was done to, e.g. `product 3`, `creator application 12`. */
    subject: text("subject").notNull(),
    /** The change in a line, e.g. `price $9.99 -> $12.99`. */
    detail: text("detail").notNull().default(""),
    address: text("address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * A UCP agent's cart or checkout session (workers/shop/agents/sessions.ts). Its id is also the
 * id of the shop cart that holds its lines (`ucp_…`, random), so the web cart's pricing and
 * the web checkout's `placeOrder` serve it unchanged; this row keeps only what an agent
 * gives besides lines.
 */
export const UCP_SESSION_KINDS = ["cart", "checkout"] as const;
export const UCP_SESSION_STATES = ["open", "canceled", "completed"] as const;
export type UcpSessionState = (typeof UCP_SESSION_STATES)[number];

export const ucpSessions = sqliteTable(
  "ucp_sessions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: UCP_SESSION_KINDS }).notNull(),
    state: text("state", { enum: UCP_SESSION_STATES }).notNull().default("open"),
    /** The buyer as the agent gave it (`{email, first_name, last_name, phone_number}`), JSON. */
    buyer: text("buyer", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    /** The shipping destination as the agent gave it (a UCP postal address), JSON; null until given. */
    destination: text("destination", { mode: "json" }).$type<Record<string, string>>(),
    /** What the last write could not do (a sold-out line), as UCP messages, JSON: shown until the next write. */
    notes: text("notes", { mode: "json" }).$type<unknown[]>().notNull().default(sql`'[]'`),
    /** The order a completed checkout placed. */
    orderId: text("order_id"),
    /** The cart a checkout was made from (cart.md, "Cart-to-Checkout Conversion"): linked while the checkout runs. */
    cartId: text("cart_id"),
    /**
     * Where the order's events go (UCP order webhooks): the `webhook_url` the completing
     * agent's profile declares in its order capability; null when it declares none.
     */
    webhookUrl: text("webhook_url"),
    createdAt: createdAt(),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`CURRENT_TIMESTAMP`),
  },
  (t) => [index("ucp_sessions_order_idx").on(t.orderId), index("ucp_sessions_cart_idx").on(t.cartId)],
);

/**
 * UCP order webhooks given up on (workers/webhook-queue.ts): one row per event whose delivery
 * the dead-letter queue received, or whose target the shop refused to call. The owner sees
 * how many on the Overview. `host` is the target's host only: its path may be a secret.
 */
export const orderWebhookFailures = sqliteTable(
  "order_webhook_failures",
  {
    webhookId: text("webhook_id").primaryKey(),
    orderId: text("order_id").notNull(),
    event: text("event").notNull(),
    host: text("host").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_webhook_failures_order_idx").on(t.orderId)],
);

/**
 * UCP's `Idempotency-Key`: the first answer to a key, kept at least 24 hours (rows older
 * than 48 hours are deleted as new ones come). `scope` is the agent's profile and the
 * operation, so one agent's key never answers another's; `requestHash` is the SHA-256 of
 * the request's body, so the same key with another body is told apart (409).
 */
export const ucpIdempotency = sqliteTable(
  "ucp_idempotency",
  {
    key: text("key").notNull(),
    scope: text("scope").notNull(),
    requestHash: text("request_hash").notNull(),
    /** 0 while the first request with this key is still running. */
    status: integer("status").notNull().default(0),
    response: text("response").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.scope] }), index("ucp_idempotency_created_idx").on(t.createdAt)],
);

/**
 * The insights' counts (docs/decisions/0022): one row per UTC day, what was counted and of
 * what. `metric` is `visit` or `view` (subject: a route pattern such as `/products/:slug`),
 * `product_view` or `add_to_cart` (subject: a product id), `order` (subject `""`), or
 * `search_found` / `search_none` (subject: the normalised query, at most 64 characters, the
 * only free text kept). Never a raw URL, an address, a user agent or an identifier.
 */
export const insightCounts = sqliteTable(
  "insight_counts",
  {
    day: text("day").notNull(),
    metric: text("metric").notNull(),
    subject: text("subject").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.subject] })],
);

/**
 * Real visitors' web vitals per UTC day and route pattern, as histograms: `bucket` is the
 * index of a fixed bucket of the metric's edges (workers/insights/buckets.ts), so p75 is
 * read from the counts and no single measurement is kept.
 */
export const insightVitals = sqliteTable(
  "insight_vitals",
  {
    day: text("day").notNull(),
    route: text("route").notNull(),
    metric: text("metric").notNull(),
    bucket: integer("bucket").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.metric, t.bucket] })],
);
