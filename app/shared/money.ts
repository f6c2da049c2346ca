import { SHIPPING_CENTS, TAX_RATE_PERCENT } from "./constants";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Cents to `$12.99`: how money reads to a person. */
export const formatPrice = (cents: number) => usd.format(cents / 100);

/** Cents to `12.99`: how money reads to a machine (schema.org offers, CSV files, the price field of a form). */
export const plainAmount = (cents: number) => (cents / 100).toFixed(2);

/** 8% of the subtotal in cents, rounded half up (integer arithmetic: no float drift). */
export const taxOn = (subtotalCents: number) => Math.floor((subtotalCents * TAX_RATE_PERCENT + 50) / 100);

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

/**
 * What pricing needs of a discount code (workers/shop/codes.ts reads it from D1 and decides
 * first whether it may be used now: its dates, its status, its uses left). Exactly one of
 * `percentOff` (1-100) and `amountOff` (cents) is set.
 */
export type CodeTerms = {
  /** The code as the shopper reads it, upper case: `SAVE10`. */
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  /** The least the items must come to (after bundle savings, in cents) for the code to apply; null for no minimum. */
  minSubtotal: number | null;
  /** The products it applies to; null for every product. */
  productIds: number[] | null;
};

/**
 * A code the cart holds, as pricing found it: applied (`amount` off, split over the lines in
 * `lineShares`, one figure per line in the order given, 0 for a line it does not apply to),
 * or not applying to this cart: the items come to `missing` cents less than its minimum, or
 * none of them is a product it applies to.
 */
export type CodeResult =
  | { code: string; applied: true; amount: number; lineShares: number[] }
  | { code: string; applied: false; refusal: "minimum"; missing: number }
  | { code: string; applied: false; refusal: "no_items" };

export type CartTotals = {
  /** Every line at its full price. */
  subtotal: number;
  /** What the complete bundle sets in the cart save. */
  bundleSavings: number;
  /** What the code takes off (0 without one, or when it does not apply). */
  discount: number;
  shipping: number;
  /** The cart page's total: subtotal - bundle savings - discount + shipping (the spec shows no tax there). */
  totalBeforeTax: number;
  /** 8% of (subtotal - bundle savings - discount), rounded half up. */
  tax: number;
  /** What the checkout charges: subtotal - bundle savings - discount + tax + shipping. */
  total: number;
  /** The bundles that applied, largest saving first. */
  bundles: AppliedBundle[];
  /** What each line's bundle sets saved, in the order of the lines given: they add up to `bundleSavings`. */
  lineBundleSavings: number[];
  /** The code the cart holds and what became of it; null without one. */
  code: CodeResult | null;
};

/** "Discount (SAVE10)": how a code's line reads wherever totals are shown (its amount follows as −$2.60). */
export const discountLabel = (code: string) => `Discount (${code})`;

/**
 * `total` split into whole cents in proportion to `weights`, adding up to `total` exactly
 * (largest remainder: each share rounded down, the cents left go to the largest remainders,
 * the earlier one first on a tie). Weights are non-negative; all zero gives all zero.
 */
export function splitCents(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((a, s) => a + s, 0);
  const byRemainder = weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .filter(({ i }) => weights[i]! > 0)
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What a code takes off, given what is left of each line after bundle savings (`netLines`):
 * a percent of the lines it applies to, rounded half up once for the order; a fixed amount,
 * never more than those lines come to. Split over those lines in cents that add up.
 */
function applyCode(terms: CodeTerms, lines: PricedLine[], netLines: number[]): CodeResult {
  const { code } = terms;
  const goods = netLines.reduce((a, n) => a + n, 0);
  if (terms.minSubtotal != null && goods < terms.minSubtotal) return { code, applied: false, refusal: "minimum", missing: terms.minSubtotal - goods };
  const eligible = new Set(terms.productIds ?? lines.map((line) => line.product.id));
  const weights = lines.map((line, i) => (eligible.has(line.product.id) ? netLines[i]! : 0));
  const base = weights.reduce((a, w) => a + w, 0);
  if (!lines.some((line) => eligible.has(line.product.id)) || base <= 0) return { code, applied: false, refusal: "no_items" };
  const wanted = terms.percentOff != null ? Math.floor((base * Math.min(Math.max(terms.percentOff, 0), 100) + 50) / 100) : Math.max(terms.amountOff ?? 0, 0);
  const amount = Math.min(wanted, base);
  return { code, applied: true, amount, lineShares: splitCents(amount, weights) };
}

/**
 * The cart's figures in cents: the one price rule (contract, "Codes and partners";
 * docs/decisions/0025), which the cart page, the checkout panel, the payment intent, the
 * stored order, the API and UCP all price with. In this order:
 * 1. the subtotal: every line at its price;
 * 2. bundle savings: complete bundle sets, priced at their discount (below);
 * 3. the code's discount, on what is left of the lines it applies to (`applyCode`);
 * 4. tax: 8% of what is left, rounded half up;
 * 5. shipping (free).
 *
 * While the cart holds one of each product of a bundle, that set is priced at the bundle's
 * discount, once per complete set. Each unit in the cart counts in at most one set: bundles
 * are taken largest saving per set first (the lower id first on a tie), each as many times
 * as the units left allow. A set's saving is `bundleSavingsCents` of the prices the cart is
 * charged for its units (the lines' own), so it is the saving the bundle block promises at
 * those prices. Where the lines of one product cost different amounts (a size that costs
 * more), each set takes the dearest unit left of each product, so the shopper saves the most.
 * A set's saving is split over the units it took in proportion to their prices, so each line
 * knows what is left of it for a code.
 */
export function priceCart(lines: PricedLine[], bundles: BundleTerms[], code: CodeTerms | null = null): CartTotals {
  /** Each product's units left for sets: their prices and lines, dearest first. */
  const unitsLeft = new Map<number, { price: number; line: number }[]>();
  let subtotal = 0;
  lines.forEach(({ quantity, product }, line) => {
    subtotal += product.price * quantity;
    const units = unitsLeft.get(product.id) ?? [];
    units.push(...Array.from({ length: quantity }, () => ({ price: product.price, line })));
    unitsLeft.set(product.id, units);
  });
  for (const units of unitsLeft.values()) units.sort((a, b) => b.price - a.price || a.line - b.line);

  const setSaving = (ids: number[], discountPercentage: number) => {
    const prices = ids.map((id) => unitsLeft.get(id)![0]!.price);
    const fullPrice = prices.reduce((sum, p) => sum + p, 0);
    // A discount outside 0-100% (a catalog typo) never makes a set cost less than nothing.
    return Math.min(bundleSavingsCents(prices, discountPercentage), fullPrice);
  };

  const offers = bundles
    .flatMap((bundle) => {
      const ids = [...new Set(bundle.products.map((p) => p.id))];
      if (ids.length === 0 || !ids.every((id) => unitsLeft.has(id))) return [];
      const perSet = setSaving(ids, bundle.discountPercentage);
      return perSet > 0 ? [{ bundleId: bundle.id, ids, discountPercentage: bundle.discountPercentage, perSet }] : [];
    })
    .sort((a, b) => b.perSet - a.perSet || a.bundleId - b.bundleId);

  const applied: AppliedBundle[] = [];
  const lineBundleSavings = lines.map(() => 0);
  for (const { bundleId, ids, discountPercentage } of offers) {
    let sets = 0;
    let savings = 0;
    while (ids.every((id) => unitsLeft.get(id)!.length > 0)) {
      const saving = setSaving(ids, discountPercentage);
      if (saving <= 0) break;
      const units = ids.map((id) => unitsLeft.get(id)!.shift()!);
      splitCents(
        saving,
        units.map((unit) => unit.price),
      ).forEach((share, i) => {
        lineBundleSavings[units[i]!.line]! += share;
      });
      sets += 1;
      savings += saving;
    }
    if (sets > 0) applied.push({ bundleId, sets, savings });
  }

  const bundleSavings = applied.reduce((sum, b) => sum + b.savings, 0);
  const netLines = lines.map((line, i) => line.product.price * line.quantity - lineBundleSavings[i]!);
  const codeResult = code ? applyCode(code, lines, netLines) : null;
  const discount = codeResult?.applied ? codeResult.amount : 0;
  const goods = subtotal - bundleSavings - discount;
  const totalBeforeTax = goods + SHIPPING_CENTS;
  const tax = taxOn(goods);
  return {
    subtotal,
    bundleSavings,
    discount,
    shipping: SHIPPING_CENTS,
    totalBeforeTax,
    tax,
    total: totalBeforeTax + tax,
    bundles: applied,
    lineBundleSavings,
    code: codeResult,
  };
}
