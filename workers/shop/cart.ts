/**
 * The visitor's cart: one line per product, 1 to 99 of it. Quantities change in SQL
 * (an upsert that adds to the stored quantity), so concurrent adds never lose or double
 * an item; the table's CHECK constraint refuses a line above 99 and rolls back the whole
 * batch. Prices are never stored in the cart: they come from the catalog when read.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../app/shared/constants";
import * as t from "../db/schema";
import { batchWithCurrentCatalog, loadCatalog, loadCurrentCatalog } from "./catalog";
import type { ShopDeps } from "./deps";
import { invalidInput, notFound } from "../../app/shared/errors";

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
export const selectLines = ({ db }: ShopDeps, cartId: string) =>
  db
    .select({ id: t.cartLines.id, productId: t.cartLines.productId, quantity: t.cartLines.quantity })
    .from(t.cartLines)
    .where(eq(t.cartLines.cartId, cartId))
    .orderBy(asc(t.cartLines.id));

export type StoredLine = { id: number; productId: number; quantity: number };

/**
 * Stored lines joined to the current catalog (the prices the visitor is charged): oldest
 * line first. The visitor's badge count follows what was read.
 */
export async function withProducts(deps: ShopDeps, lines: StoredLine[]): Promise<CartLine[]> {
  const { products } = await loadCurrentCatalog(deps);
  const byId = new Map(products.map((p) => [p.id, p]));
  const cart = lines.flatMap((line) => {
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
  deps.visitor.cartCount = cart.reduce((sum, line) => sum + line.quantity, 0);
  return cart;
}

export async function listCart(deps: ShopDeps): Promise<CartLine[]> {
  const cartId = deps.visitor.existingId;
  if (!cartId) return [];
  const [lines] = await batchWithCurrentCatalog(deps, [selectLines(deps, cartId)]);
  return withProducts(deps, lines);
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
    const results = await batchWithCurrentCatalog(deps, [ensureCart, ...upserts, selectLines(deps, cartId)]);
    return withProducts(deps, results[results.length - 1] as StoredLine[]);
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
  const [updated, lines] = await batchWithCurrentCatalog(deps, [
    db
      .update(t.cartLines)
      .set({ quantity })
      .where(and(eq(t.cartLines.id, lineId), eq(t.cartLines.cartId, cartId)))
      .returning({ id: t.cartLines.id }),
    selectLines(deps, cartId),
  ]);
  if (updated.length === 0) throw notFound(LINE_NOT_FOUND);
  return withProducts(deps, lines);
}

export async function removeLine(deps: ShopDeps, lineId: number): Promise<CartLine[]> {
  const cartId = deps.visitor.existingId;
  if (!cartId) throw notFound(LINE_NOT_FOUND);
  const { db } = deps;
  const [removed, lines] = await batchWithCurrentCatalog(deps, [
    db
      .delete(t.cartLines)
      .where(and(eq(t.cartLines.id, lineId), eq(t.cartLines.cartId, cartId)))
      .returning({ id: t.cartLines.id }),
    selectLines(deps, cartId),
  ]);
  if (removed.length === 0) throw notFound(LINE_NOT_FOUND);
  return withProducts(deps, lines);
}

export async function clearCart(deps: ShopDeps): Promise<CartLine[]> {
  const cartId = deps.visitor.existingId;
  if (cartId) await deps.db.delete(t.cartLines).where(eq(t.cartLines.cartId, cartId));
  deps.visitor.cartCount = 0;
  return [];
}
