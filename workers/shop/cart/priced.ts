/**
 * The visitor's cart as it is read and priced: its stored lines joined to the catalog, at
 * one catalog version, with its bundles, code and totals. Prices are never charged from the
 * cart: they come from the catalog when read. A line keeps only the price the shopper last
 * saw, to say when it changed (docs/decisions/0023).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { priceCart, type CartTotals } from "../../../app/shared/money";
import { hasOptions, variantLabel, type ProductOption, type Variant, type VariantOptions } from "../../../app/shared/variants";
import { errorKind } from "../../../app/shared/errors";
import { retryTransient } from "../../db/retry";
import * as t from "../../db/schema";
import { batchAtCurrentCatalog, bundlesOnOffer, loadCatalog, type Bundle, type Catalog, type Product } from "../catalog";
import { cartCodeOf, cartCodeQuery, pricingRefusal, type CartCode, type CartCodeRead } from "../codes";
import type { ShopDeps } from "../deps";

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
export const linePrice = (product: Product, variant: Variant | undefined) => variant?.price ?? product.price;

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
