/**
 * The catalog: products, categories, bundles, recommendations and featured creators.
 *
 * D1 is the truth. Reads go through a copy of the whole catalog in KV, keyed by the
 * catalog version that D1 triggers bump on every catalog write, so a changed price is
 * served on the very next request while unchanged catalogs never touch D1 beyond one
 * tiny version lookup. The catalog is small (tens of products), so filtering the copy in
 * memory is cheaper than a query per filter and makes search literal by construction.
 */
import { asc, eq, getTableName, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { bundleSavingsCents, centsToDollars } from "../../app/shared/money";
import type { ProductOption, Variant } from "../../app/shared/variants";
import * as t from "../db/schema";
import type { ShopDeps } from "./deps";
import { errorKind, notFound } from "../../app/shared/errors";

export type CategoryType = "condom" | "apparel";

export type Product = {
  id: number;
  name: string;
  slug: string;
  description: string;
  price: number;
  imageUrl: string;
  featured: boolean;
  categoryId: number;
  attributes: { type: string; pack_size: number | null; flavors: string[] };
  /** What a shopper chooses (Size, Colour), empty when there is nothing to choose. */
  options: ProductOption[];
  /** What is sold: one per combination that exists, or one default variant. */
  variants: Variant[];
  /** Delivered by download, never shipped. */
  digital: boolean;
  /** The facts its page lists (fabric, fit, care; format): apparel and the single. */
  facts: t.ProductFact[];
};

export type Category = { id: number; name: string; slug: string; type: CategoryType };

export type Bundle = {
  id: number;
  name: string;
  description: string;
  discountPercentage: number;
  /** Dollars, 2 decimals: the sum of the product prices times the discount. */
  savings: number;
  products: { id: number; name: string; price: number }[];
};

export type FeaturedCreator = {
  id: number;
  name: string;
  bio: string;
  socialLinks: t.SocialLinks;
  portfolioUrls: string[];
};

export type CatalogRecommendation = { id: number; reason: string; productId: number };

export type Catalog = CatalogVersion & {
  products: Product[];
  categories: Category[];
  bundles: Bundle[];
  recommendations: CatalogRecommendation[];
  creators: (FeaturedCreator & { featured: boolean })[];
};

const KV_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * A catalog version as D1 holds it: the counters its triggers bump (`version` for what is
 * sold and at what price, `stockVersion` for how many are left), and the stamp each bump gets.
 */
export type CatalogVersion = { version: number; stockVersion: number; stamp: string };

/**
 * The name of a catalog version in every cache (the KV copy, the page cache, the catalog
 * API's answers): number and stamp, so a number reached again after a D1 Time Travel
 * restore never finds the other timeline's copies.
 */
const catalogVersionKey = ({ version, stockVersion, stamp }: CatalogVersion) => `${version}.${stockVersion}-${stamp}`;
const kvKey = (version: CatalogVersion) => `catalog:v${catalogVersionKey(version)}`;

/**
 * The version lookup as SQL written once: every catalog answer makes it, and building it
 * with Drizzle's query builder each time cost more of the Worker's CPU than running it
 * (about a tenth of a cached API answer, decision 0013).
 */
const VERSION_SQL = sql.raw(
  `SELECT ${t.catalogMeta.version.name}, ${t.catalogMeta.stockVersion.name} AS stockVersion, ${t.catalogMeta.stamp.name} FROM ${getTableName(t.catalogMeta)} WHERE ${t.catalogMeta.id.name} = 1`,
);
export const versionQuery = ({ db }: ShopDeps) => db.all<CatalogVersion>(VERSION_SQL);
const versionOf = (rows: CatalogVersion[]): CatalogVersion => rows[0] ?? { version: 0, stockVersion: 0, stamp: "" };

// ---------------------------------------------------------------- the version shown

/**
 * What the shop shows may lag a catalog change by at most 5 seconds in any isolate (the
 * contract's "Freshness and caching"): the isolate holds the version it last read for that
 * long, so a cached page or catalog answer needs no trip to D1. What a shopper is charged
 * never comes from here: see `batchAtCurrentCatalog`.
 */
export const SHOWN_VERSION_MAX_AGE_MS = 5_000;
/** From this age on, the next request reads the version again in the background and is not kept waiting. */
const REFRESH_AHEAD_MS = 4_000;

let held: { version: CatalogVersion; readAt: number } | null = null;
/** The read in flight, shared by every request that needs it meanwhile. */
let reading: Promise<CatalogVersion> | null = null;

/** D1's version now. Every read also renews the isolate's held version (its age counts from the read's start). */
function readVersion(deps: ShopDeps, rows: PromiseLike<CatalogVersion[]> = versionQuery(deps)): Promise<CatalogVersion> {
  const readAt = Date.now();
  return Promise.resolve(rows).then((found) => {
    const version = versionOf(found);
    if (!held || readAt >= held.readAt) held = { version, readAt };
    return version;
  });
}

function readShared(deps: ShopDeps): Promise<CatalogVersion> {
  if (!reading) {
    reading = readVersion(deps).finally(() => {
      reading = null;
    });
    // Other requests wait on this read too: it must finish even if the request that started
    // it is cancelled (its client gone), or the runtime would drop it and leave them hanging.
    deps.waitUntil(reading.catch(() => undefined));
  }
  return reading;
}

/** The version the shop shows: held in the isolate for at most 5 s, read by one request at a time. */
export function shownCatalogVersion(deps: ShopDeps): Promise<CatalogVersion> {
  const age = held ? Date.now() - held.readAt : Number.POSITIVE_INFINITY;
  if (!held || age >= SHOWN_VERSION_MAX_AGE_MS) return readShared(deps);
  if (age >= REFRESH_AHEAD_MS && !reading) deps.waitUntil(readShared(deps).catch(() => undefined));
  return Promise.resolve(held.version);
}

/**
 * Forgets the version and the catalog this isolate holds, as a new isolate starts with
 * neither. For the worker tests, whose files share one isolate, each on a database of its own.
 */
export function forgetHeldCatalog() {
  held = null;
  reading = null;
  memo = null;
}

/** What caches key the shown catalog by (the page cache, the catalog API's answers). */
export const shownCatalogKey = async (deps: ShopDeps) => catalogVersionKey(await shownCatalogVersion(deps));

/** The version D1 holds at this moment (GET /api/health, and whatever is charged). */
export const currentCatalogVersion = (deps: ShopDeps) => readVersion(deps);

// ---------------------------------------------------------------- the catalog, per request

/** One copy per isolate, reused while the version stands. */
let memo: Catalog | null = null;

/** This request's catalog shown: one version for all it shows, whatever asks first. */
const shownCatalogs = new WeakMap<ShopDeps, Promise<Catalog>>();

/**
 * The catalog the shop shows (pages, the catalog API): at the version the isolate holds,
 * from memory, else KV, else D1 (then stored in KV). Never what a shopper is charged from:
 * see `batchAtCurrentCatalog`.
 */
export function loadCatalog(deps: ShopDeps): Promise<Catalog> {
  let catalog = shownCatalogs.get(deps);
  if (!catalog) {
    catalog = shownCatalogVersion(deps).then((version) => catalogAt(deps, version));
    shownCatalogs.set(deps, catalog);
    catalog.catch(() => shownCatalogs.delete(deps));
  }
  return catalog;
}

/**
 * Sends `queries` to D1 in one batch together with the catalog's version, and answers
 * their results with the catalog at that version (from memory or KV): what a shopper is
 * charged is priced from it, so a read or a write of the visitor's own data and the prices
 * it is charged at cost one trip to D1 (tests/worker/round-trips.test.ts).
 */
export async function batchAtCurrentCatalog<T extends readonly BatchItem<"sqlite">[]>(
  deps: ShopDeps,
  queries: T,
): Promise<{ catalog: Catalog; results: BatchResponse<T> }> {
  const trip = deps.db.batch([versionQuery(deps), ...queries]);
  const version = readVersion(
    deps,
    trip.then(([rows]) => rows as CatalogVersion[]),
  );
  const [[, ...results], found] = await Promise.all([trip, version]);
  return { catalog: await catalogAt(deps, found), results: results as BatchResponse<T> };
}

/** Every variant's stock, as D1 holds it (a write of stock reads it back in its own batch). */
const STOCK_SQL = sql.raw(`SELECT ${t.variants.id.name} AS id, ${t.variants.stock.name} AS stock FROM ${getTableName(t.variants)}`);
export const stockQuery = ({ db }: ShopDeps) => db.all<{ id: number; stock: number | null }>(STOCK_SQL);

/**
 * After a write of stock (an order placed) that read back the version and every variant's
 * stock in its own batch: the catalog this isolate holds, at the same version, with that
 * stock, becomes the copy for the new stock version, here and in KV. So the first page or
 * charge after an order costs no trip to D1 to read the catalog again. (A copy of another
 * version is left alone: the next read fetches that one as usual.)
 */
export function stockWritten(deps: ShopDeps, versionRows: CatalogVersion[], stockRows: { id: number; stock: number | null }[]) {
  const version = versionOf(versionRows);
  readVersion(deps, Promise.resolve(versionRows)).catch(() => undefined);
  if (!memo || memo.version !== version.version || memo.stamp !== version.stamp || memo.stockVersion === version.stockVersion) return;
  const stockOf = new Map(stockRows.map((row) => [row.id, row.stock]));
  const catalog: Catalog = {
    ...memo,
    ...version,
    products: memo.products.map((p) => ({
      ...p,
      variants: p.variants.map((v) => {
        const stock = stockOf.has(v.id) ? stockOf.get(v.id)! : v.quantityAvailable;
        return { ...v, available: stock === null || stock > 0, quantityAvailable: stock };
      }),
    })),
  };
  memo = catalog;
  const write = deps.kv.put(kvKey(version), JSON.stringify(catalog), { expirationTtl: KV_TTL_SECONDS });
  deps.waitUntil(write.catch((error: unknown) => deps.log("catalog_kv_write_failed", errorKind(error))));
}

async function catalogAt(deps: ShopDeps, version: CatalogVersion): Promise<Catalog> {
  if (memo && catalogVersionKey(memo) === catalogVersionKey(version)) return memo;
  // KV is a copy of D1's catalog (decision 0002): a read that fails is a miss, and D1 answers.
  let catalog = await deps.kv.get<Catalog>(kvKey(version), "json").catch((error: unknown) => {
    deps.log("catalog_kv_read_failed", errorKind(error));
    return null;
  });
  if (!catalog) {
    catalog = await readCatalogFromD1(deps, version);
    const write = deps.kv.put(kvKey(version), JSON.stringify(catalog), { expirationTtl: KV_TTL_SECONDS });
    deps.waitUntil(write.catch((error: unknown) => deps.log("catalog_kv_write_failed", errorKind(error))));
  }
  memo = catalog;
  return catalog;
}

async function readCatalogFromD1({ db }: ShopDeps, { version, stockVersion, stamp }: CatalogVersion): Promise<Catalog> {
  const [products, variants, categories, bundles, items, recommendations, creators] = await db.batch([
    db.select().from(t.products).orderBy(asc(t.products.id)),
    db.select().from(t.variants).orderBy(asc(t.variants.productId), asc(t.variants.position), asc(t.variants.id)),
    db.select().from(t.categories).orderBy(asc(t.categories.id)),
    db.select().from(t.bundles).orderBy(asc(t.bundles.id)),
    db.select().from(t.bundleItems).orderBy(asc(t.bundleItems.bundleId), asc(t.bundleItems.productId)),
    db.select().from(t.recommendations).orderBy(asc(t.recommendations.id)),
    db.select().from(t.featuredCreators).where(eq(t.featuredCreators.approved, true)).orderBy(asc(t.featuredCreators.id)),
  ]);
  const variantsOf = Map.groupBy(variants, (v) => v.productId);
  const catalogProducts: Product[] = products.map((p) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    price: p.price,
    imageUrl: p.imageUrl,
    featured: p.featured,
    categoryId: p.categoryId,
    attributes: { type: p.type, pack_size: p.packSize, flavors: p.flavors ?? [] },
    options: p.options ?? [],
    variants: (variantsOf.get(p.id) ?? []).map((v) => ({
      id: v.id,
      sku: v.sku,
      options: v.options ?? {},
      price: v.price ?? p.price,
      imageUrl: v.imageUrl,
      available: v.stock === null || v.stock > 0,
      quantityAvailable: v.stock,
    })),
    digital: p.digital,
    facts: p.facts ?? [],
  }));
  const byId = new Map(catalogProducts.map((p) => [p.id, p]));
  return {
    version,
    stockVersion,
    stamp,
    products: catalogProducts,
    categories,
    bundles: bundles.map((b) => {
      const members = items.flatMap((i) => (i.bundleId === b.id && byId.has(i.productId) ? [byId.get(i.productId)!] : []));
      return {
        id: b.id,
        name: b.name,
        description: b.description,
        discountPercentage: b.discountPercentage,
        savings: centsToDollars(
          bundleSavingsCents(
            members.map((p) => p.price),
            b.discountPercentage,
          ),
        ),
        products: members.map((p) => ({ id: p.id, name: p.name, price: p.price })),
      };
    }),
    recommendations,
    creators: creators.map((c) => ({
      id: c.id,
      name: c.name,
      bio: c.bio,
      socialLinks: c.socialLinks,
      portfolioUrls: c.portfolioUrls,
      featured: c.featured,
    })),
  };
}

export type ProductFilter = {
  categoryIds?: number[];
  search?: string;
  featured?: boolean;
};

/** Products in id order, filtered by category ids, featured flag and a literal search. */
export async function listProducts(deps: ShopDeps, filter: ProductFilter = {}): Promise<Product[]> {
  const { products } = await loadCatalog(deps);
  const needle = filter.search?.trim().toLowerCase() ?? "";
  return products.filter(
    (p) =>
      (!filter.categoryIds?.length || filter.categoryIds.includes(p.categoryId)) &&
      (filter.featured === undefined || p.featured === filter.featured) &&
      (needle === "" || matchesSearch(p, needle)),
  );
}

/** Name, description and flavours, case-insensitive, as a plain substring. */
const matchesSearch = (p: Product, needle: string) => [p.name, p.description, ...p.attributes.flavors].some((field) => field.toLowerCase().includes(needle));

export async function getProductBySlug(deps: ShopDeps, slug: string): Promise<Product> {
  const { products } = await loadCatalog(deps);
  const found = products.find((p) => p.slug === slug);
  if (!found) throw notFound("The product you're looking for doesn't exist or has been removed.");
  return found;
}

export async function getProductById(deps: ShopDeps, id: number): Promise<Product> {
  const { products } = await loadCatalog(deps);
  const found = products.find((p) => p.id === id);
  if (!found) throw notFound("The product you're looking for doesn't exist or has been removed.");
  return found;
}

export async function listCategories(deps: ShopDeps, type?: CategoryType): Promise<Category[]> {
  const { categories } = await loadCatalog(deps);
  return type ? categories.filter((c) => c.type === type) : categories;
}

/** A category by id or slug (`/apparel?category=mens` takes either). */
export async function findCategory(deps: ShopDeps, idOrSlug: string): Promise<Category | undefined> {
  const { categories } = await loadCatalog(deps);
  return categories.find((c) => String(c.id) === idOrSlug || c.slug === idOrSlug);
}

/** The bundles a catalog offers: those with a product left in it. */
export const bundlesOnOffer = ({ bundles }: Catalog): Bundle[] => bundles.filter((b) => b.products.length > 0);

export async function listBundles(deps: ShopDeps): Promise<Bundle[]> {
  return bundlesOnOffer(await loadCatalog(deps));
}

/** Approved creators; only the featured ones when asked. Never an applicant's data. */
export async function listCreators(deps: ShopDeps, featuredOnly: boolean): Promise<FeaturedCreator[]> {
  const { creators } = await loadCatalog(deps);
  return creators.filter((c) => !featuredOnly || c.featured).map(({ featured: _featured, ...creator }) => creator);
}
