import { SHIPPING_CENTS, TAX_RATE_PERCENT } from "./constants";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Cents to `$12.99`: the only place money becomes text. */
export const formatPrice = (cents: number) => usd.format(cents / 100);

/** 8% of the subtotal in cents, rounded half up (integer arithmetic: no float drift). */
export const taxOn = (subtotalCents: number) =>
  Math.floor((subtotalCents * TAX_RATE_PERCENT + 50) / 100);

/** A bundle's saving in cents: the sum of its product prices times its discount. */
export const bundleSavingsCents = (prices: number[], discountPercentage: number) =>
  Math.floor((prices.reduce((sum, p) => sum + p, 0) * discountPercentage + 50) / 100);

/** Cents to a dollar amount with 2 decimals, as the API's `savings` field carries it. */
export const centsToDollars = (cents: number) => Math.round(cents) / 100;

export type CartTotals = { subtotal: number; shipping: number; tax: number; total: number };

/** Subtotal, free shipping, 8% tax rounded half up, total = subtotal + tax. In cents. */
export function priceCart(lines: { quantity: number; product: { price: number } }[]): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
  const tax = taxOn(subtotal);
  return { subtotal, shipping: SHIPPING_CENTS, tax, total: subtotal + SHIPPING_CENTS + tax };
}
