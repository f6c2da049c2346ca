/**
 * A bundle's price (spec section 9): the sum of its product prices x (1 - discount/100),
 * in integer cents, rounded half up like every other amount the shop computes.
 */
export const bundlePriceCents = (prices: number[], discountPercentage: number) => {
  const sum = prices.reduce((total, price) => total + price, 0);
  return Math.floor((sum * (100 - discountPercentage) + 50) / 100);
};

/** The bundle's `savings` (dollars with 2 decimals, as the API carries it) back in cents. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
