/**
 * app/lib/money.ts (contract, "Brand and money"; spec section 9): integer cents
 * everywhere, `$12.99` only at the edge, tax 8% rounded half up, free shipping.
 */
import { describe, expect, it } from "vitest";
import { bundleSavingsCents, centsToDollars, formatPrice, priceBundle, priceCart, taxOn } from "../../app/lib/money";

/** Round-half-up of `numerator / denominator` for non-negative integers, in BigInt. */
const halfUp = (numerator: bigint, denominator: bigint) => {
  const whole = numerator / denominator;
  return Number(numerator % denominator * 2n >= denominator ? whole + 1n : whole);
};

describe("formatPrice", () => {
  it("Formatting to `$12.99` happens with Intl.NumberFormat en-US USD", () => {
    expect(formatPrice(1299)).toBe("$12.99");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(5)).toBe("$0.05");
    expect(formatPrice(50)).toBe("$0.50");
    expect(formatPrice(999)).toBe("$9.99");
    expect(formatPrice(100000)).toBe("$1,000.00");
    expect(formatPrice(123456789)).toBe("$1,234,567.89");
  });

  it("prices are shown as dollars with 2 decimals", () => {
    for (let cents = 0; cents < 2000; cents += 7) {
      expect(formatPrice(cents)).toBe(`$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
    }
  });
});

describe("taxOn", () => {
  it("Tax = round-half-up(8% of subtotal) in cents", () => {
    expect(taxOn(0)).toBe(0);
    expect(taxOn(1299)).toBe(104); // 103.92
    expect(taxOn(2499)).toBe(200); // 199.92
    expect(taxOn(19)).toBe(2); // 1.52: above half rounds up
    expect(taxOn(6)).toBe(0); // 0.48: below half rounds down
    expect(taxOn(119)).toBe(10); // 9.52
    expect(taxOn(106)).toBe(8); // 8.48
    expect(taxOn(1000)).toBe(80);
  });

  it("matches an exact integer computation for every subtotal up to $2,000 and for large ones", () => {
    for (let subtotal = 0; subtotal <= 200_000; subtotal++) {
      const expected = halfUp(BigInt(subtotal) * 8n, 100n);
      if (taxOn(subtotal) !== expected) expect(taxOn(subtotal), `subtotal ${subtotal}`).toBe(expected);
    }
    for (const subtotal of [9_999_999, 123_456_789, 2 ** 40 + 13]) {
      expect(taxOn(subtotal)).toBe(halfUp(BigInt(subtotal) * 8n, 100n));
    }
  });

  it("always answers whole cents", () => {
    for (let subtotal = 0; subtotal < 5000; subtotal += 3) expect(Number.isInteger(taxOn(subtotal))).toBe(true);
  });
});

describe("priceCart", () => {
  it("Checkout total = subtotal + tax. Shipping is always free", () => {
    const totals = priceCart([
      { quantity: 2, product: { price: 1299 } },
      { quantity: 1, product: { price: 3499 } },
    ]);
    const subtotal = 1299 * 2 + 3499;
    expect(totals).toEqual({ subtotal, shipping: 0, tax: halfUp(BigInt(subtotal) * 8n, 100n), total: subtotal + halfUp(BigInt(subtotal) * 8n, 100n) });
  });

  it("an empty cart costs nothing", () => {
    expect(priceCart([])).toEqual({ subtotal: 0, shipping: 0, tax: 0, total: 0 });
  });

  it("tax is taken on the whole subtotal, not per line", () => {
    // Two lines of 6 cents: 0.48 + 0.48 per line would round to 0; 8% of 12 is 0.96 -> 1.
    expect(priceCart([
      { quantity: 1, product: { price: 6 } },
      { quantity: 1, product: { price: 6 } },
    ]).tax).toBe(1);
  });
});

describe("bundleSavingsCents and centsToDollars", () => {
  it("Bundle savings = sum of its product prices x discount%, in cents rounded half up", () => {
    expect(bundleSavingsCents([1299, 1699], 10)).toBe(300); // 299.8
    expect(bundleSavingsCents([1499, 1499, 1599], 15)).toBe(690); // 689.55
    expect(bundleSavingsCents([1005], 10)).toBe(101); // exactly 100.5: half rounds up
    expect(bundleSavingsCents([1004], 10)).toBe(100); // 100.4
    expect(bundleSavingsCents([], 20)).toBe(0);
    expect(bundleSavingsCents([2499], 0)).toBe(0);
  });

  it("matches an exact integer computation", () => {
    for (let sum = 0; sum < 20_000; sum += 13) {
      for (const pct of [5, 10, 15, 20, 25, 33]) {
        expect(bundleSavingsCents([sum], pct)).toBe(halfUp(BigInt(sum) * BigInt(pct), 100n));
      }
    }
  });

  it("`savings` in dollars (number, 2 decimals)", () => {
    expect(centsToDollars(300)).toBe(3);
    expect(centsToDollars(690)).toBe(6.9);
    expect(centsToDollars(1899)).toBe(18.99);
    expect(centsToDollars(1)).toBe(0.01);
    for (let cents = 0; cents < 100_000; cents += 37) {
      const dollars = centsToDollars(cents);
      expect(dollars.toFixed(2)).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
      expect(Number(dollars.toFixed(2))).toBe(dollars);
    }
  });
});

describe("priceBundle", () => {
  it("Bundle price = sum of its product prices x (1 - discountPercentage/100), in cents", () => {
    expect(priceBundle([1299, 1699], 10)).toEqual({ fullPrice: 2998, savings: 300, price: 2698 }); // 2698.2
    expect(priceBundle([1499, 1499, 1599], 15)).toEqual({ fullPrice: 4597, savings: 690, price: 3907 }); // 3907.45
    expect(priceBundle([], 20)).toEqual({ fullPrice: 0, savings: 0, price: 0 });
    expect(priceBundle([2499], 0)).toEqual({ fullPrice: 2499, savings: 0, price: 2499 });
  });

  it("one rounding rule: the saving is the catalog's (bundleSavingsCents) and price + saving is the full price", () => {
    // 1005 at 10%: the saving 100.5 rounds up to 101, so the price is 904, not 904.5 rounded up to 905.
    expect(priceBundle([1005], 10)).toEqual({ fullPrice: 1005, savings: 101, price: 904 });
    for (let sum = 0; sum < 20_000; sum += 7) {
      for (const pct of [5, 10, 15, 20, 25, 33]) {
        const prices = [sum, 499];
        const { fullPrice, savings, price } = priceBundle(prices, pct);
        if (savings !== bundleSavingsCents(prices, pct) || price + savings !== fullPrice || fullPrice !== sum + 499) {
          expect({ sum, pct, fullPrice, savings, price }).toEqual({ sum, pct, fullPrice: sum + 499, savings: bundleSavingsCents(prices, pct), price: fullPrice - savings });
        }
      }
    }
  });

  it("the saving shown is the API's `savings` in cents", () => {
    for (const prices of [[1299, 1699], [1499, 1499, 1599], [1005], [2499, 3499, 999]]) {
      for (const pct of [10, 15, 20]) {
        expect(Math.round(centsToDollars(bundleSavingsCents(prices, pct)) * 100)).toBe(priceBundle(prices, pct).savings);
      }
    }
  });
});

describe("counts", () => {
  it("Cart badge shows '99+' when total quantity exceeds 99; reaction count over 99 shows '99+'", async () => {
    const { capCount } = await import("../../app/lib/constants");
    expect([0, 99, 100, 1234].map(capCount)).toEqual(["0", "99", "99+", "99+"]);
  });
});
