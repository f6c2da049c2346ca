/**
 * Changing the visitor's cart: one line per variant (and one per product whose size is still
 * to choose), 1 to 99 of it. Quantities change in SQL (an upsert that adds to the stored
 * quantity), so concurrent adds never lose or double an item; the table's CHECK constraint
 * refuses a line above 99 and rolls back the whole batch. A line never holds more than its
 * variant has in stock when it is written (checkout checks again, atomically). Every change
 * answers the cart read again in the same trip (priced.ts).
 */
import { and, eq, ne, sql, type SQLWrapper } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../../app/shared/constants";
import { conflict, invalidInput, notFound } from "../../../app/shared/errors";
import { hasOptions, lineTitle, variantLabel, type Variant } from "../../../app/shared/variants";
import { retryTransient } from "../../db/retry";
import * as t from "../../db/schema";
import { valuesInColumnOrder } from "../../db/sql";
import { loadCatalog, type Product } from "../catalog";
import type { ShopDeps } from "../deps";
import { linePrice, readPricedCart, type CartLine, type StoredLine } from "./priced";

const LINE_NOT_FOUND = "That item is not in your cart.";
const VARIANT_NOT_FOUND = "That size or colour doesn't exist for this product.";
const tooMany = () =>
  invalidInput(`You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.`, [
    { path: "quantity", message: `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.` },
  ]);

const isQuantityCheckFailure = (error: unknown) => String(error).includes("CHECK constraint failed");
const isMissingProduct = (error: unknown) => String(error).includes("FOREIGN KEY constraint failed");
const PRODUCT_NOT_FOUND = "The product you're looking for doesn't exist or has been removed.";

/** A product's variant as the shop names it in a message: `Raw Dogg Performance Tank (Size M · Black)`. */
const named = (product: Pick<Product, "name">, variant: Pick<Variant, "options"> | undefined) =>
  lineTitle(product.name, variant && variantLabel(variant.options));

/** What a refusal needs to know of a variant: its choice, and how many are left. */
type StockOf = Pick<Variant, "options" | "quantityAvailable">;

/** Why a variant cannot go into the cart in that number: sold out, or fewer left. */
function notEnoughLeft(product: Pick<Product, "name">, variant: StockOf, inCart: number) {
  const left = variant.quantityAvailable ?? 0;
  if (left === 0) return conflict(`Sorry, ${named(product, variant)} is sold out.`);
  return conflict(`Only ${left} left of ${named(product, variant)}${inCart > 0 ? `, and ${inCart} ${inCart === 1 ? "is" : "are"} in your cart already` : ""}.`);
}

/** SQL: the stock of variant `variantId` is not counted, or is at least `quantity`. */
const stockCovers = (variantId: SQLWrapper | number | null, quantity: SQLWrapper | number) =>
  sql`coalesce((SELECT ${t.variants.stock} FROM ${t.variants} WHERE ${t.variants.id} = ${variantId}), ${MAX_LINE_QUANTITY}) >= ${quantity}`;

/** A line's key as the table's unique index has it: one line per variant, one per product still to choose. */
const LINE_KEY = [t.cartLines.cartId, t.cartLines.productId, sql`coalesce(${t.cartLines.variantId}, 0)`];

/**
 * `guarded`: added only while the variant's stock covers the line (a bundle's lines are
 * checked before, as shown). `priceSeen`: its unit price in the catalog shown, which the
 * shopper added it at.
 */
type LineToAdd = { productId: number; variantId: number | null; quantity: number; priceSeen: number; guarded?: boolean };

/**
 * Adds `quantity` of each line's variant (merging into existing lines) in one transaction,
 * then returns the cart priced. A line is added only while its variant's stock covers what
 * the line would then hold; answers which lines were not (their ids are not returned).
 * Refuses the whole change if any line would pass 99.
 */
async function addLines(deps: ShopDeps, items: LineToAdd[]) {
  const { db } = deps;
  const cartId = deps.visitor.id();
  const ensureCart = db.insert(t.carts).values({ id: cartId }).onConflictDoNothing();
  const upserts = items.map(({ productId, variantId, quantity, priceSeen, guarded = true }) =>
    db
      .insert(t.cartLines)
      .select(
        sql`SELECT ${valuesInColumnOrder(t.cartLines, {
          id: null,
          cartId,
          productId,
          variantId,
          quantity,
          createdAt: sql`CURRENT_TIMESTAMP`,
          priceSeen,
        })} WHERE ${guarded ? stockCovers(variantId, quantity) : sql`1`}`,
      )
      .onConflictDoUpdate({
        target: LINE_KEY,
        // More of a line keeps the price seen before: a change since then is still to announce.
        set: { quantity: sql`${t.cartLines.quantity} + excluded.quantity`, priceSeen: sql`coalesce(${t.cartLines.priceSeen}, excluded.price_seen)` },
        setWhere: guarded ? stockCovers(variantId, sql`${t.cartLines.quantity} + excluded.quantity`) : undefined,
      })
      .returning({ id: t.cartLines.id }),
  );
  try {
    const { cart, stored, first } = await readPricedCart(deps, cartId, [ensureCart, ...upserts]);
    const refused = items.filter((_, index) => (first[index + 1] as { id: number }[]).length === 0);
    return { lines: cart.lines, stored, refused };
  } catch (error) {
    if (isQuantityCheckFailure(error)) throw tooMany();
    // Removed from the catalog in the seconds since the page was shown.
    if (isMissingProduct(error)) throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
}

/**
 * `POST /api/cart`: `quantity` of a product. With `variantId`, of that variant (it must be
 * the product's); without, of a product's only variant, or, for a product with options, a
 * line whose size is still to choose. A variant whose stock does not cover it answers 409.
 */
export async function addToCart(deps: ShopDeps, productId: number, quantity = 1, variantId?: number): Promise<CartLine[]> {
  const { products } = await loadCatalog(deps);
  const product = products.find((p) => p.id === productId);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  let variant: Variant | undefined;
  if (variantId !== undefined) {
    variant = product.variants.find((v) => v.id === variantId);
    if (!variant) throw notFound(VARIANT_NOT_FOUND);
  } else if (!hasOptions(product)) {
    variant = product.variants[0];
    if (!variant) throw conflict(`Sorry, ${product.name} is not available right now.`);
  }
  const { lines, stored, refused } = await addLines(deps, [{ productId, variantId: variant?.id ?? null, quantity, priceSeen: linePrice(product, variant) }]);
  if (refused.length > 0 && variant) {
    const now = await currentVariant(deps, productId, variant.id);
    const inCart = stored.find((line) => line.variantId === variant.id)?.quantity ?? 0;
    throw notEnoughLeft(product, now ?? variant, inCart);
  }
  deps.insights?.count("add_to_cart", String(productId));
  return lines;
}

/** A variant as D1 holds it now (the stock a refusal speaks of). */
async function currentVariant(deps: ShopDeps, productId: number, variantId: number): Promise<StockOf | undefined> {
  const v = t.variants;
  return deps.db
    .select({ options: v.options, quantityAvailable: v.stock })
    .from(v)
    .where(and(eq(v.id, variantId), eq(v.productId, productId)))
    .get();
}

/**
 * One of each bundle product, merged into the cart: a product's only variant, or a line
 * whose size is still to choose. A bundle with a product sold out is not added at all.
 */
export async function addBundleToCart(deps: ShopDeps, bundleId: number): Promise<CartLine[]> {
  const { bundles, products } = await loadCatalog(deps);
  const bundle = bundles.find((b) => b.id === bundleId);
  if (!bundle || bundle.products.length === 0) throw notFound("That bundle doesn't exist or is no longer available.");
  const items = bundle.products.flatMap(({ id }): LineToAdd[] => {
    const product = products.find((p) => p.id === id);
    if (!product) return [];
    const variant = hasOptions(product) ? undefined : product.variants[0];
    return [{ productId: id, variantId: variant?.id ?? null, quantity: 1, priceSeen: linePrice(product, variant) }];
  });
  // Stock as shown (at most 5 s old): checkout holds the order to the stock D1 has then.
  const soldOut = items.find((item) => item.variantId !== null && products.find((p) => p.id === item.productId)?.variants[0]?.available === false);
  if (soldOut) {
    const product = products.find((p) => p.id === soldOut.productId)!;
    throw conflict(`Sorry, ${product.name} is sold out, so the ${bundle.name} bundle can't be added right now.`);
  }
  const { lines } = await addLines(
    deps,
    items.map((item) => ({ ...item, guarded: false })),
  );
  for (const item of items) deps.insights?.count("add_to_cart", String(item.productId));
  return lines;
}

/**
 * Sets a line's quantity, while its variant's stock covers it (409 otherwise; a line whose
 * size is still to choose takes any quantity up to 99).
 */
export async function setLineQuantity(deps: ShopDeps, lineId: number, quantity: number): Promise<CartLine[]> {
  const cartId = deps.visitor.existingId;
  if (!cartId) throw notFound(LINE_NOT_FOUND);
  const { db } = deps;
  // A quantity set, not added: safe to send again after a transient error.
  const {
    cart,
    stored,
    first: [updated],
  } = await retryTransient(() =>
    readPricedCart(deps, cartId, [
      db
        .update(t.cartLines)
        .set({ quantity })
        .where(and(eq(t.cartLines.id, lineId), eq(t.cartLines.cartId, cartId), stockCovers(t.cartLines.variantId, quantity)))
        .returning({ id: t.cartLines.id }),
    ] as const),
  );
  if (updated.length === 0) throw lineRefusal(cart.lines, stored, lineId);
  return cart.lines;
}

/** Why a write to a line changed nothing: it is not this visitor's, or its variant's stock did not cover it. */
function lineRefusal(lines: CartLine[], stored: StoredLine[], lineId: number) {
  const line = lines.find((l) => l.id === lineId);
  if (!stored.some((l) => l.id === lineId) || !line?.variant) return notFound(LINE_NOT_FOUND);
  const { product, variant } = line;
  return notEnoughLeft(product, variant, 0);
}

/**
 * Changes a line's size or colour to another variant of its product (a line whose size was
 * still to choose gets one). When the cart already holds that variant, the two lines become
 * one. Holds only while the variant's stock covers the line (409 otherwise); in one batch.
 */
export async function setLineVariant(deps: ShopDeps, lineId: number, variantId: number): Promise<CartLine[]> {
  const cartId = deps.visitor.existingId;
  if (!cartId) throw notFound(LINE_NOT_FOUND);
  const { db } = deps;
  const { products } = await loadCatalog(deps);
  // The price the shopper chose it at: a dearer size is their choice, not a change to announce.
  const chosen = products.flatMap((p) => p.variants.filter((v) => v.id === variantId).map((v) => linePrice(p, v)))[0];
  const line = and(eq(t.cartLines.id, lineId), eq(t.cartLines.cartId, cartId));
  const lineQuantity = sql`(SELECT ${t.cartLines.quantity} FROM ${t.cartLines} WHERE ${line})`;
  const lineProduct = sql`(SELECT ${t.cartLines.productId} FROM ${t.cartLines} WHERE ${line})`;
  const sameProduct = sql`(SELECT ${t.variants.productId} FROM ${t.variants} WHERE ${t.variants.id} = ${variantId}) = ${lineProduct}`;
  const otherLineOfVariant = and(eq(t.cartLines.cartId, cartId), eq(t.cartLines.variantId, variantId), ne(t.cartLines.id, lineId));
  const {
    cart,
    stored,
    first: [merged, , moved],
  } = await readPricedCart(deps, cartId, [
    // The cart holds the variant already: that line takes this one's quantity...
    db
      .update(t.cartLines)
      .set({ quantity: sql`${t.cartLines.quantity} + ${lineQuantity}` })
      .where(and(otherLineOfVariant, sameProduct, stockCovers(variantId, sql`${t.cartLines.quantity} + ${lineQuantity}`)))
      .returning({ id: t.cartLines.id }),
    // ...and this one goes.
    db.delete(t.cartLines).where(and(line, sql`changes() = 1`)),
    // Otherwise this line becomes a line of the variant.
    db
      .update(t.cartLines)
      .set({ variantId, ...(chosen === undefined ? {} : { priceSeen: chosen }) })
      .where(
        and(
          line,
          sameProduct,
          stockCovers(variantId, t.cartLines.quantity),
          sql`NOT EXISTS (SELECT 1 FROM ${t.cartLines} other WHERE other.cart_id = ${cartId} AND other.variant_id = ${variantId} AND other.id <> ${lineId})`,
        ),
      )
      .returning({ id: t.cartLines.id }),
  ] as const).catch((error: unknown) => {
    if (isQuantityCheckFailure(error)) throw tooMany();
    throw error;
  });
  if (merged.length > 0 || moved.length > 0) return cart.lines;
  const before = stored.find((l) => l.id === lineId);
  if (!before) throw notFound(LINE_NOT_FOUND);
  const product = products.find((p) => p.id === before.productId);
  const variant = product?.variants.find((v) => v.id === variantId);
  if (!product || !variant) throw notFound(VARIANT_NOT_FOUND);
  // Already this variant: nothing to change.
  if (before.variantId === variantId) return cart.lines;
  const now = (await currentVariant(deps, product.id, variantId)) ?? variant;
  throw notEnoughLeft(product, now, stored.find((l) => l.variantId === variantId)?.quantity ?? 0);
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
  if (cartId) await retryTransient(() => deps.db.delete(t.cartLines).where(eq(t.cartLines.cartId, cartId)));
  deps.visitor.cartCount = 0;
  return [];
}
