/**
 * The visitor's cart: one line per product, 1 to 99 of it. Quantities change in SQL
 * (an upsert that adds to the stored quantity), so concurrent adds never lose or double
 * an item; the table's CHECK constraint refuses a line above 99 and rolls back the whole
 * batch. Prices are never stored in the cart: they come from the catalog when read.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { MAX_LINE_QUANTITY } from "../../app/shared/constants";
import { priceCart, type CartTotals } from "../../app/shared/money";
import * as t from "../db/schema";
import { batchAtCurrentCatalog, bundlesOnOffer, loadCatalog, type Bundle, type Catalog } from "./catalog";
import type { ShopDeps } from "./deps";
import { errorKind, invalidInput, notFound } from "../../app/shared/errors";

export type CartLine = {
  id: number;
  quantity: number;
  product: { id: number; name: string; slug: string; imageUrl: string; price: number };
};

const LINE_NOT_FOUND = "That item is not in your cart.";
const tooMany = () =>
  invalidInput(`You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.`, [
    { path: "quantity", message: `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.` },
  ]);

/** The cart's stored lines, oldest first (batched with whatever else the request reads or writes). */
const selectLines = ({ db }: ShopDeps, cartId: string) =>
  db
    .select({ id: t.cartLines.id, productId: t.cartLines.productId, quantity: t.cartLines.quantity })
    .from(t.cartLines)
    .where(eq(t.cartLines.cartId, cartId))
    .orderBy(asc(t.cartLines.id));

export type StoredLine = { id: number; productId: number; quantity: number };

/**
 * Stored lines joined to `catalog`, oldest line first; a line whose product left the
 * catalog drops out. The visitor's badge count follows what was read.
 */
function linesAt(deps: ShopDeps, { products }: Catalog, stored: StoredLine[]): CartLine[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = stored.flatMap((line) => {
    const p = byId.get(line.productId);
    if (!p) return [];
    return [
      {
        id: line.id,
        quantity: line.quantity,
        product: { id: p.id, name: p.name, slug: p.slug, imageUrl: p.imageUrl, price: p.price },
      },
    ];
  });
  deps.visitor.cartCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  return lines;
}

/**
 * The cart priced at one catalog version: its lines, the bundles that version offers (the
 * cart page's Smart Savings, and the sets the totals take off) and its totals (`priceCart`).
 */
export type PricedCart = { lines: CartLine[]; bundles: Bundle[]; totals: CartTotals };

const pricedAt = (lines: CartLine[], bundles: Bundle[]): PricedCart => ({ lines, bundles, totals: priceCart(lines, bundles) });

/**
 * The one priced read of a cart: its stored lines and D1's catalog version in one batch
 * (one trip), priced at that version. Whatever a shopper is charged comes from here
 * (docs/decisions/0013): the cart and checkout pages, the cart's writes, the payment intent
 * and the order. `first` goes in the same batch before the lines are read: a write the read
 * must see, or another read the caller needs in the same trip (their results come back as
 * `first`). Answers `stored` too (every stored line, one whose product has left the catalog
 * included) and the version, for a write that must hold only while both still stand.
 */
export async function readPricedCart<T extends readonly BatchItem<"sqlite">[]>(deps: ShopDeps, cartId: string, first: T) {
  const { catalog, results } = await batchAtCurrentCatalog(deps, [...first, selectLines(deps, cartId)] as const);
  const stored = results[results.length - 1] as StoredLine[];
  const cart = pricedAt(linesAt(deps, catalog, stored), bundlesOnOffer(catalog));
  return { cart, stored, catalogVersion: catalog.version, first: results.slice(0, -1) as unknown as BatchResponse<T> };
}

/**
 * The visitor's cart priced at D1's catalog version now (`readPricedCart`). A visitor with
 * no cart is charged nothing: they see the bundles shown, or none when the catalog cannot
 * be read (the page still shows their empty cart).
 */
export async function priced(deps: ShopDeps): Promise<PricedCart> {
  const cartId = deps.visitor.existingId;
  if (cartId) return (await readPricedCart(deps, cartId, [])).cart;
  const bundles = await loadCatalog(deps).then(bundlesOnOffer, (error: unknown) => {
    deps.log("bundles_unavailable", errorKind(error));
    return [];
  });
  return pricedAt([], bundles);
}

/** The cart's lines (`GET /api/cart`): none, and no trip to D1, for a visitor without a cart. */
export async function listCart(deps: ShopDeps): Promise<CartLine[]> {
  return deps.visitor.existingId ? (await priced(deps)).lines : [];
}

/**
 * The number of items in the cart, for the cart badge: what the visitor carries (no
 * trip to D1), read from D1 only when they carry nothing yet.
 */
export async function cartItemCount(deps: ShopDeps): Promise<number> {
  const { visitor } = deps;
  if (!visitor.existingId) return 0;
  if (visitor.cartCount !== null) return visitor.cartCount;
  const row = await deps.db
    .select({ count: sql<number>`coalesce(sum(${t.cartLines.quantity}), 0)` })
    .from(t.cartLines)
    .where(eq(t.cartLines.cartId, visitor.existingId))
    .get();
  visitor.cartCount = row?.count ?? 0;
  return visitor.cartCount;
}

const isQuantityCheckFailure = (error: unknown) => String(error).includes("CHECK constraint failed");
const isMissingProduct = (error: unknown) => String(error).includes("FOREIGN KEY constraint failed");
const PRODUCT_NOT_FOUND = "The product you're looking for doesn't exist or has been removed.";

/**
 * Adds `quantity` of each product (merging into existing lines) in one transaction,
 * then returns the cart. Refuses the whole change if any line would pass 99.
 */
async function addLines(deps: ShopDeps, items: { productId: number; quantity: number }[]): Promise<CartLine[]> {
  const { db } = deps;
  const cartId = deps.visitor.id();
  const ensureCart = db.insert(t.carts).values({ id: cartId }).onConflictDoNothing();
  const upserts = items.map(({ productId, quantity }) =>
    db
      .insert(t.cartLines)
      .values({ cartId, productId, quantity })
      .onConflictDoUpdate({
        target: [t.cartLines.cartId, t.cartLines.productId],
        set: { quantity: sql`${t.cartLines.quantity} + excluded.quantity` },
      }),
  );
  try {
    return (await readPricedCart(deps, cartId, [ensureCart, ...upserts])).cart.lines;
  } catch (error) {
    if (isQuantityCheckFailure(error)) throw tooMany();
    // Removed from the catalog in the seconds since the page was shown.
    if (isMissingProduct(error)) throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
}

export async function addToCart(deps: ShopDeps, productId: number, quantity = 1): Promise<CartLine[]> {
  const { products } = await loadCatalog(deps);
  if (!products.some((p) => p.id === productId)) throw notFound(PRODUCT_NOT_FOUND);
  return addLines(deps, [{ productId, quantity }]);
}

/** One of each bundle product, merged into the cart. */
export async function addBundleToCart(deps: ShopDeps, bundleId: number): Promise<CartLine[]> {
  const { bundles } = await loadCatalog(deps);
  const bundle = bundles.find((b) => b.id === bundleId);
  if (!bundle || bundle.products.length === 0) throw notFound("That bundle doesn't exist or is no longer available.");
  return addLines(
    deps,
    bundle.products.map((p) => ({ productId: p.id, quantity: 1 })),
  );
}

export async function setLineQuantity(deps: ShopDeps, lineId: number, quantity: number): Promise<CartLine[]> {
  const cartId = deps.visitor.existingId;
  if (!cartId) throw notFound(LINE_NOT_FOUND);
  const { db } = deps;
  const {
    cart,
    first: [updated],
  } = await readPricedCart(deps, cartId, [
    db
      .update(t.cartLines)
      .set({ quantity })
      .where(and(eq(t.cartLines.id, lineId), eq(t.cartLines.cartId, cartId)))
      .returning({ id: t.cartLines.id }),
  ] as const);
  if (updated.length === 0) throw notFound(LINE_NOT_FOUND);
  return cart.lines;
}

export async function removeLine(deps: ShopDeps, lineId: number): Promise<CartLine[]> {
  const cartId = deps.visitor.existingId;
  if (!cartId) throw notFound(LINE_NOT_FOUND);
  const { db } = deps;
  const {
    cart,
    first: [removed],
  } = await readPricedCart(deps, cartId, [
    db
      .delete(t.cartLines)
      .where(and(eq(t.cartLines.id, lineId), eq(t.cartLines.cartId, cartId)))
      .returning({ id: t.cartLines.id }),
  ] as const);
  if (removed.length === 0) throw notFound(LINE_NOT_FOUND);
  return cart.lines;
}

export async function clearCart(deps: ShopDeps): Promise<CartLine[]> {
  const cartId = deps.visitor.existingId;
  if (cartId) await deps.db.delete(t.cartLines).where(eq(t.cartLines.cartId, cartId));
  deps.visitor.cartCount = 0;
  return [];
}
