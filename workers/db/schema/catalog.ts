/**
 * The catalog: categories, products and their variants, bundles, the recommendations, the
 * featured creators, and the catalog's versions (what the KV copy is keyed by).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { type SocialLinks, creatorApplications } from "./applications";

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
    flavors: text("flavors", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /**
     * What a shopper chooses, in order (Size, then Colour), each with its values in the
     * order the page shows them. Empty for a product without choices: it has one default
     * variant. Every combination that exists is a row of `variants`.
     */
    options: text("options", { mode: "json" })
      .$type<ProductOption[]>()
      .notNull()
      .default(sql`'[]'`),
    /** A digital product (the single) is delivered by a download link, never shipped. */
    digital: integer("digital", { mode: "boolean" }).notNull().default(false),
    /** The facts the product page lists for apparel and the single (fabric, fit, care; format, length). Condoms list the spec's features instead. */
    facts: text("facts", { mode: "json" })
      .$type<ProductFact[]>()
      .notNull()
      .default(sql`'[]'`),
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
    options: text("options", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
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
