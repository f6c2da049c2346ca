import { SHIPPING_CENTS, TAX_RATE_PERCENT } from "./constants";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Cents to `$12.99`: how money reads to a person. */
export const formatPrice = (cents: number) => usd.format(cents / 100);

/** Cents to `12.99`: how money reads to a machine (schema.org offers, CSV files, the price field of a form). */
export const plainAmount = (cents: number) => (cents / 100).toFixed(2);

/** 8% of the subtotal in cents, rounded half up (integer arithmetic: no float drift). */
export const taxOn = (subtotalCents: number) =>
  Math.floor((subtotalCents * TAX_RATE_PERCENT + 50) / 100);

/** A bundle's saving in cents: the sum of its product prices times its discount, rounded half up. */
export const bundleSavingsCents = (prices: number[], discountPercentage: number) =>
  Math.floor((prices.reduce((sum, p) => sum + p, 0) * discountPercentage + 50) / 100);

export type BundlePrice = { fullPrice: number; savings: number; price: number };

/**
 * A bundle's prices in cents (spec section 9: its product prices x (1 - discount/100)): the
 * price is what is left once the saving is taken off, so price + savings is always the full
 * price, and the saving is the one the API reports and the cart charges.
 */
export function priceBundle(prices: number[], discountPercentage: number): BundlePrice {
  const fullPrice = prices.reduce((sum, p) => sum + p, 0);
  const savings = bundleSavingsCents(prices, discountPercentage);
  return { fullPrice, savings, price: fullPrice - savings };
}

/** Cents to a dollar amount with 2 decimals, as the API's `savings` field carries it. */
export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/** What pricing needs of a cart line: its product (id and the price charged now) and how many. */
export type PricedLine = { quantity: number; product: { id: number; price: number } };

/** What pricing needs of a bundle: the products that make one set, and its discount. */
export type BundleTerms = { id: number; discountPercentage: number; products: { id: number }[] };

/** A bundle the cart holds: how many complete sets, and what they save together, in cents. */
export type AppliedBundle = { bundleId: number; sets: number; savings: number };

export type CartTotals = {
  /** Every line at its full price. */
  subtotal: number;
  /** What the complete bundle sets in the cart save. */
  bundleSavings: number;
  shipping: number;
  /** The cart page's total: subtotal - bundle savings + shipping (the spec shows no tax there). */
  totalBeforeTax: number;
  /** 8% of (subtotal - bundle savings), rounded half up. */
  tax: number;
  /** What the checkout charges: subtotal - bundle savings + shipping + tax. */
  total: number;
  /** The bundles that applied, largest saving first. */
  bundles: AppliedBundle[];
};

/**
 * The cart's figures in cents (contract, "Cart": bundle savings are charged, not only
 * shown): the one function the cart page, the checkout panel, the payment intent and the
 * stored order all price with.
 *
 * While the cart holds one of each product of a bundle, that set is priced at the bundle's
 * discount, once per complete set. Each unit in the cart counts in at most one set: bundles
 * are taken largest saving per set first (the lower id first on a tie), each as many times
 * as the units left allow. A set's saving is `bundleSavingsCents` of the prices the cart is
 * charged for its units (the lines' own), so it is the saving the bundle block promises at
 * those prices. Where the lines of one product cost different amounts (a size that costs
 * more), each set takes the dearest unit left of each product, so the shopper saves the most.
 */
export function priceCart(lines: PricedLine[], bundles: BundleTerms[]): CartTotals {
  /** Each product's units left for sets: their prices, dearest first. */
  const unitsLeft = new Map<number, number[]>();
  let subtotal = 0;
  for (const { quantity, product } of lines) {
    subtotal += product.price * quantity;
    const units = unitsLeft.get(product.id) ?? [];
    units.push(...Array.from({ length: quantity }, () => product.price));
    unitsLeft.set(product.id, units);
  }
  for (const units of unitsLeft.values()) units.sort((a, b) => b - a);

  const setSaving = (ids: number[], discountPercentage: number, at: number) => {
    const prices = ids.map((id) => unitsLeft.get(id)![at]!);
    const fullPrice = prices.reduce((sum, p) => sum + p, 0);
    // A discount outside 0-100% (a catalog typo) never makes a set cost less than nothing.
    return Math.min(bundleSavingsCents(prices, discountPercentage), fullPrice);
  };

  const offers = bundles
    .flatMap((bundle) => {
      const ids = [...new Set(bundle.products.map((p) => p.id))];
      if (ids.length === 0 || !ids.every((id) => unitsLeft.has(id))) return [];
      const perSet = setSaving(ids, bundle.discountPercentage, 0);
      return perSet > 0 ? [{ bundleId: bundle.id, ids, discountPercentage: bundle.discountPercentage, perSet }] : [];
    })
    .sort((a, b) => b.perSet - a.perSet || a.bundleId - b.bundleId);

  const applied: AppliedBundle[] = [];
  for (const { bundleId, ids, discountPercentage } of offers) {
    let sets = 0;
    let savings = 0;
    while (ids.every((id) => unitsLeft.get(id)!.length > 0)) {
      const saving = setSaving(ids, discountPercentage, 0);
      if (saving <= 0) break;
      for (const id of ids) unitsLeft.get(id)!.shift();
      sets += 1;
      savings += saving;
    }
    if (sets > 0) applied.push({ bundleId, sets, savings });
  }

  const bundleSavings = applied.reduce((sum, b) => sum + b.savings, 0);
  const totalBeforeTax = subtotal - bundleSavings + SHIPPING_CENTS;
  const tax = taxOn(subtotal - bundleSavings);
  return { subtotal, bundleSavings, shipping: SHIPPING_CENTS, totalBeforeTax, tax, total: totalBeforeTax + tax, bundles: applied };
}
