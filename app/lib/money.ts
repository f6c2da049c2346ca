import { SHIPPING_CENTS, TAX_RATE_PERCENT } from "./constants";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Cents to `$12.99`: the only place money becomes text. */
export const formatPrice = (cents: number) => usd.format(cents / 100);

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

export type CartTotals = { subtotal: number; shipping: number; tax: number; total: number };

/** Subtotal, free shipping, 8% tax rounded half up, total = subtotal + tax. In cents. */
export function priceCart(lines: { quantity: number; product: { price: number } }[]): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
  const tax = taxOn(subtotal);
  return { subtotal, shipping: SHIPPING_CENTS, tax, total: subtotal + SHIPPING_CENTS + tax };
}
