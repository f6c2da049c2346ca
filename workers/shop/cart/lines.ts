/**
 * The visitor's cart: one line per variant (and one per product whose size is still to
 * choose), 1 to 99 of it. Quantities change in SQL (an upsert that adds to the stored
 * quantity), so concurrent adds never lose or double an item; the table's CHECK constraint
 * refuses a line above 99 and rolls back the whole batch. A line never holds more than its
 * variant has in stock when it is written (checkout checks again, atomically). Prices are
 * never charged from the cart: they come from the catalog when read. A line keeps only the
 * price the shopper last saw, to say when it changed (docs/decisions/0023).
 */
import { and, asc, eq, ne, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { MAX_LINE_QUANTITY } from "../../../app/shared/constants";
import { priceCart, type CartTotals } from "../../../app/shared/money";
import { hasOptions, variantLabel, type ProductOption, type Variant, type VariantOptions } from "../../../app/shared/variants";
import { retryTransient } from "../../db/retry";
import * as t from "../../db/schema";
import { valuesInColumnOrder } from "../../db/sql";
import { batchAtCurrentCatalog, bundlesOnOffer, loadCatalog, type Bundle, type Catalog, type Product } from "../catalog";
import { cartCodeOf, cartCodeQuery, codeRefused, codeRowQuery, parseCode, pricingRefusal, setCartCode, standingRefusal, termsOf, type CartCode, type CartCodeRead } from "../codes";
import type { ShopDeps } from "../deps";
import { conflict, errorKind, invalidInput, notFound, tooManyAttempts } from "../../../app/shared/errors";
import { CODE_ATTEMPTS_MESSAGE } from "../../../app/shared/codes";

/** The variant a line holds, as the cart shows it. */
export type CartVariant = {
  id: number;
  sku: string;
  options: VariantOptions;
  /** `Size M · Black`; "" for a product without options. */
  label: string;
  available: boolean;
  quantityAvailable: number | null;
};

export type CartLine = {
  id: number;
  quantity: number;
  /** The variant chosen; null while a size is still to choose (`needsChoice`). */
  variantId: number | null;
  /** The product as this line sells it: the variant's price and picture where it has its own. */
  product: { id: number; name: string; slug: string; imageUrl: string; price: number };
  variant: CartVariant | null;
  /** Delivered by download: needs no shipping address. */
  digital: boolean;
  /** A product with options added without a choice (by its id alone, or by a bundle): checkout asks for it. */
  needsChoice: boolean;
};

const LINE_NOT_FOUND = "That item is not in your cart.";
const VARIANT_NOT_FOUND = "That size or colour doesn't exist for this product.";
const tooMany = () =>
  invalidInput(`You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.`, [
    { path: "quantity", message: `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart.` },
  ]);

/** The cart's stored lines, oldest first (batched with whatever else the request reads or writes). */
const selectLines = ({ db }: ShopDeps, cartId: string) =>
  db
    .select({
      id: t.cartLines.id,
      productId: t.cartLines.productId,
      variantId: t.cartLines.variantId,
      quantity: t.cartLines.quantity,
      priceSeen: t.cartLines.priceSeen,
    })
    .from(t.cartLines)
    .where(eq(t.cartLines.cartId, cartId))
    .orderBy(asc(t.cartLines.id));

export type StoredLine = { id: number; productId: number; variantId: number | null; quantity: number; priceSeen: number | null };

/**
 * The variant a stored line holds in `product`: the one it names, or the only one of a
 * product without options; none while a size is still to choose (or when the variant it
 * named has left the catalog, so the shopper chooses again).
 */
function variantOfLine(product: Product, variantId: number | null): Variant | undefined {
  if (!hasOptions(product)) return product.variants[0];
  return variantId === null ? undefined : product.variants.find((v) => v.id === variantId);
}

/** What a line of `product` holding `variant` costs a unit: the variant's own price where it has one. */
const linePrice = (product: Product, variant: Variant | undefined) => variant?.price ?? product.price;

const cartVariant = (variant: Variant): CartVariant => ({
  id: variant.id,
  sku: variant.sku,
  options: variant.options,
  label: variantLabel(variant.options),
  available: variant.available,
  quantityAvailable: variant.quantityAvailable,
});

/**
 * Stored lines joined to `catalog`, oldest line first; a line whose product left the
 * catalog drops out. The visitor's badge count follows what was read.
 */
function linesAt(deps: ShopDeps, { products }: Catalog, stored: StoredLine[]): CartLine[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = stored.flatMap((line): CartLine[] => {
    const p = byId.get(line.productId);
    if (!p) return [];
    const variant = variantOfLine(p, line.variantId);
    return [
      {
        id: line.id,
        quantity: line.quantity,
        variantId: variant?.id ?? null,
        product: {
          id: p.id,
          name: p.name,
          slug: p.slug,
          imageUrl: variant?.imageUrl ?? p.imageUrl,
          price: linePrice(p, variant),
        },
        variant: variant ? cartVariant(variant) : null,
        digital: p.digital,
        needsChoice: !variant && hasOptions(p),
      },
    ];
  });
  deps.visitor.cartCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  return lines;
}

/** What a cart line's size can be changed to: its product's options and variants. */
export type LineChoices = { options: ProductOption[]; variants: Variant[] };

/**
 * The cart priced at one catalog version: its lines, the bundles that version offers (the
 * cart page's Smart Savings, and the sets the totals take off), its totals (`priceCart`),
 * and, for each product with options in it, what its lines can be changed to.
 */
export type PricedCart = {
  lines: CartLine[];
  bundles: Bundle[];
  totals: CartTotals;
  choices: Record<number, LineChoices>;
  /** The discount code the cart holds and what became of it (`totals.discount` is what it takes off); null without one. */
  code: CartCode | null;
};

function pricedAt(lines: CartLine[], bundles: Bundle[], catalog?: Catalog, held: CartCode | null = null): PricedCart {
  const choices: Record<number, LineChoices> = {};
  for (const line of lines) {
    const product = catalog?.products.find((p) => p.id === line.product.id);
    if (product && hasOptions(product)) choices[product.id] = { options: product.options, variants: product.variants };
  }
  const totals = priceCart(lines, bundles, held?.terms ?? null);
  const code = held && { ...held, refusal: held.refusal ?? pricingRefusal(totals.code) };
  return { lines, bundles, totals, choices, code };
}

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
  const { catalog, results } = await batchAtCurrentCatalog(deps, [...first, cartCodeQuery(deps, cartId), selectLines(deps, cartId)] as const);
  const stored = results[results.length - 1] as StoredLine[];
  const codeRead = results[results.length - 2] as CartCodeRead;
  const cart = pricedAt(linesAt(deps, catalog, stored), bundlesOnOffer(catalog), catalog, cartCodeOf(codeRead));
  return {
    cart,
    stored,
    catalogVersion: catalog.version,
    /** The row of the code the cart holds (null without one, or when the code is gone): its id, limits and bound email. */
    codeRow: codeRead[0]?.row ?? null,
    first: results.slice(0, -2) as unknown as BatchResponse<T>,
  };
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

/** A line whose unit price is not the one the shopper last saw: "Price changed from `was` to `now`" (cents). */
export type PriceChange = { lineId: number; was: number; now: number };

/**
 * The cart as the cart or checkout page shows it (`priced`), with each line whose price
 * changed since the shopper last saw it (docs/decisions/0023). `shown`: the page is shown
 * to the shopper (not a prefetch), so what it shows counts as seen: those lines, and any
 * line that has no price seen yet, take the price shown, in one more trip made only then.
 * What is charged does not change: the lines are priced as `priced` prices them.
 */
export async function pricedAsShown(deps: ShopDeps, shown: boolean): Promise<PricedCart & { priceChanges: PriceChange[] }> {
  const cartId = deps.visitor.existingId;
  if (!cartId) return { ...(await priced(deps)), priceChanges: [] };
  const { cart, stored } = await readPricedCart(deps, cartId, []);
  const seen = new Map(stored.map((line) => [line.id, line.priceSeen]));
  const priceChanges = cart.lines.flatMap((line): PriceChange[] => {
    const was = seen.get(line.id);
    return was != null && was !== line.product.price ? [{ lineId: line.id, was, now: line.product.price }] : [];
  });
  const toMark = cart.lines.filter((line) => seen.get(line.id) !== line.product.price);
  if (shown && toMark.length > 0) {
    const { db } = deps;
    const [first, ...rest] = toMark.map((line) =>
      db
        .update(t.cartLines)
        .set({ priceSeen: line.product.price })
        .where(and(eq(t.cartLines.id, line.id), eq(t.cartLines.cartId, cartId))),
    );
    // Each sets a line's price seen to the price now: safe to send again after a transient error.
    await retryTransient(() => db.batch([first!, ...rest]));
  }
  return { ...cart, priceChanges };
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

/** A product's variant as the shop names it in a message: `Raw Dogg Performance Tank (Size M · Black)`. */
const named = (product: Pick<Product, "name">, variant: Pick<Variant, "options"> | undefined) => {
  const label = variant ? variantLabel(variant.options) : "";
  return label ? `${product.name} (${label})` : product.name;
};

/** Why a variant cannot go into the cart in that number: sold out, or fewer left. */
/** What a refusal needs to know of a variant: its choice, and how many are left. */
type StockOf = Pick<Variant, "options" | "quantityAvailable">;

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
  const { lines } = await addLines(deps, items.map((item) => ({ ...item, guarded: false })));
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

/**
 * `POST /api/cart/discount`, the cart's and the checkout's APPLY: the code in place of the one
 * the cart held (one code per order), once it is known to apply to this cart now. A refused
 * code is not kept, and the cart keeps the code it had; the refusal names what to do.
 */
export async function applyDiscountCode(deps: ShopDeps, input: unknown): Promise<PricedCart> {
  const code = parseCode(input);
  // Guessing codes is limited wherever it comes from; a malformed one never reached D1.
  if (deps.codeAttempts && !(await deps.codeAttempts())) throw tooManyAttempts(CODE_ATTEMPTS_MESSAGE);
  // A cart made earlier in this request (a UCP permalink's items) is the one the code is for.
  const cartId = deps.visitor.existingId ?? deps.visitor.minted;
  const { cart, first: [[row]] } = cartId
    ? await readPricedCart(deps, cartId, [codeRowQuery(deps, code)] as const)
    : { cart: await priced(deps), first: [await codeRowQuery(deps, code)] as const };
  const refusal = standingRefusal(row ?? null) ?? pricingRefusal(priceCart(cart.lines, cart.bundles, termsOf(row!)).code);
  if (refusal) throw codeRefused(row?.code ?? code, refusal);
  // The cart's code set (an upsert): safe to send again after a transient error.
  const { cart: withCode } = await retryTransient(() => readPricedCart(deps, deps.visitor.id(), [setCartCode(deps, deps.visitor.id(), row!.code)] as const));
  return withCode;
}

/** `DELETE /api/cart/discount`, the REMOVE beside an applied code: the cart holds no code. */
export async function removeDiscountCode(deps: ShopDeps): Promise<PricedCart> {
  const cartId = deps.visitor.existingId;
  if (!cartId) return priced(deps);
  return (await retryTransient(() => readPricedCart(deps, cartId, [setCartCode(deps, cartId, null)] as const))).cart;
}
