/**
 * app/shared/money.ts (contract, "Brand and money"; spec section 9): integer cents
 * everywhere, `$12.99` only at the edge, tax 8% rounded half up, free shipping.
 */
import { describe, expect, it } from "vitest";
import { bundleSavingsCents, centsToDollars, formatPrice, priceBundle, priceCart, taxOn } from "../../app/shared/money";

/** Round-half-up of `numerator / denominator` for non-negative integers, in BigInt. */
const halfUp = (numerator: bigint, denominator: bigint) => {
  const whole = numerator / denominator;
  return Number((numerator % denominator) * 2n >= denominator ? whole + 1n : whole);
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
  const line = (id: number, price: number, quantity: number) => ({ quantity, product: { id, price } });
  const tax = (cents: number) => halfUp(BigInt(cents) * 8n, 100n);

  it("Checkout total = subtotal + tax. Shipping is always free", () => {
    const totals = priceCart([line(1, 1299, 2), line(2, 3499, 1)], []);
    const subtotal = 1299 * 2 + 3499;
    expect(totals).toEqual({
      subtotal,
      bundleSavings: 0,
      shipping: 0,
      totalBeforeTax: subtotal,
      tax: tax(subtotal),
      total: subtotal + tax(subtotal),
      bundles: [],
      discount: 0,
      lineBundleSavings: [0, 0],
      code: null,
    });
  });

  it("an empty cart costs nothing", () => {
    expect(priceCart([], [{ id: 1, discountPercentage: 10, products: [{ id: 1 }] }])).toEqual({
      subtotal: 0,
      bundleSavings: 0,
      shipping: 0,
      totalBeforeTax: 0,
      tax: 0,
      total: 0,
      bundles: [],
      discount: 0,
      lineBundleSavings: [],
      code: null,
    });
  });

  it("tax is taken on the whole subtotal, not per line", () => {
    // Two lines of 6 cents: 0.48 + 0.48 per line would round to 0; 8% of 12 is 0.96 -> 1.
    expect(priceCart([line(1, 6, 1), line(2, 6, 1)], []).tax).toBe(1);
  });
});

describe("priceCart: bundle savings are charged, not only shown (contract, 'Cart')", () => {
  const line = (id: number, price: number, quantity: number) => ({ quantity, product: { id, price } });
  const bundle = (id: number, discountPercentage: number, ...productIds: number[]) => ({
    id,
    discountPercentage,
    products: productIds.map((productId) => ({ id: productId })),
  });
  const tax = (cents: number) => halfUp(BigInt(cents) * 8n, 100n);
  // The seed's Date Night Duo: Plain Jane (1299) + Fantasia (1699) at 10%: 299.8 -> 300 a set.
  const duo = bundle(1, 10, 1, 6);

  it("While the cart holds one of each product of a bundle, that set is priced at the bundle's discount; tax is 8% of (subtotal - savings)", () => {
    const totals = priceCart([line(1, 1299, 1), line(6, 1699, 1)], [duo]);
    expect(totals).toEqual({
      subtotal: 2998,
      bundleSavings: 300,
      shipping: 0,
      totalBeforeTax: 2698,
      tax: tax(2698), // 215.84 -> 216
      total: 2698 + 216,
      bundles: [{ bundleId: 1, sets: 1, savings: 300 }],
      discount: 0,
      // The set's saving split over its two lines by their prices: 300 x 1299/2998 = 129.98 -> 130.
      lineBundleSavings: [130, 170],
      code: null,
    });
  });

  it("an incomplete set saves nothing", () => {
    expect(priceCart([line(1, 1299, 3)], [duo]).bundleSavings).toBe(0);
    expect(priceCart([line(1, 1299, 1), line(2, 1499, 1)], [bundle(2, 15, 2, 7, 4)]).bundles).toEqual([]);
  });

  it("once per complete set: 3 of one product and 2 of the other make 2 sets", () => {
    const totals = priceCart([line(1, 1299, 3), line(6, 1699, 2)], [duo]);
    expect(totals.bundles).toEqual([{ bundleId: 1, sets: 2, savings: 600 }]);
    expect(totals.total).toBe(1299 * 3 + 1699 * 2 - 600 + tax(1299 * 3 + 1699 * 2 - 600));
  });

  it("savings are rounded half up per set, then multiplied (not rounded once over all sets)", () => {
    // 1005 at 10%: 100.5 -> 101 a set; 3 sets save 303 (rounding 301.5 once would give 302).
    expect(priceCart([line(9, 1005, 3)], [bundle(5, 10, 9)]).bundleSavings).toBe(303);
    // The same rounding rule as the bundle block's 'You save': bundleSavingsCents.
    for (const [prices, pct] of [
      [[1299, 1699], 10],
      [[1499, 1399, 1599], 15],
      [[1299, 1499, 1399, 1599, 1999, 1699], 20],
    ] as const) {
      const lines = prices.map((price, i) => line(i + 1, price, 1));
      const terms = bundle(1, pct, ...prices.map((_, i) => i + 1));
      expect(priceCart(lines, [terms]).bundleSavings).toBe(bundleSavingsCents([...prices], pct));
    }
  });

  it("each cart unit counts in at most one bundle: overlapping bundles are taken largest saving first", () => {
    // Plain Jane is in both: the 20% bundle of three saves more per set than the 10% duo.
    const big = bundle(3, 20, 1, 2, 3); // (1299 + 1499 + 1399) x 20% = 839.4 -> 839
    const lines = [line(1, 1299, 1), line(2, 1499, 1), line(3, 1399, 1), line(6, 1699, 1)];
    expect(priceCart(lines, [duo, big]).bundles).toEqual([{ bundleId: 3, sets: 1, savings: 839 }]);
    // A second Plain Jane completes the duo as well.
    const more = [line(1, 1299, 2), ...lines.slice(1)];
    expect(priceCart(more, [duo, big]).bundles).toEqual([
      { bundleId: 3, sets: 1, savings: 839 },
      { bundleId: 1, sets: 1, savings: 300 },
    ]);
    expect(priceCart(more, [big, duo]).bundleSavings).toBe(1139);
  });

  it("the order of lines and bundles does not change the figures; equal savings go to the lower bundle id", () => {
    const a = bundle(7, 10, 1, 2);
    const b = bundle(4, 10, 1, 3); // same saving per set when 2 and 3 cost the same
    const lines = [line(1, 1000, 1), line(2, 500, 1), line(3, 500, 1)];
    expect(priceCart(lines, [a, b]).bundles).toEqual([{ bundleId: 4, sets: 1, savings: 150 }]);
    const { lineBundleSavings, ...figures } = priceCart(lines, [a, b]);
    const reversed = priceCart([...lines].reverse(), [b, a]);
    expect({ ...reversed, lineBundleSavings: undefined }).toEqual({ ...figures, lineBundleSavings: undefined });
    // Each line keeps its own share of the saving, wherever it stands.
    expect(reversed.lineBundleSavings).toEqual([...lineBundleSavings].reverse());
  });

  it("a set is priced from the prices the cart is charged, not the bundle's own copy of them", () => {
    const stale = {
      id: 1,
      discountPercentage: 10,
      products: [
        { id: 1, price: 999 },
        { id: 6, price: 999 },
      ],
    };
    expect(priceCart([line(1, 1299, 1), line(6, 1699, 1)], [stale]).bundleSavings).toBe(300);
  });

  it("a bundle with no products, no discount or a discount above 100% never costs the shopper or pays them", () => {
    expect(priceCart([line(1, 1299, 1)], [bundle(1, 10)]).bundles).toEqual([]);
    expect(priceCart([line(1, 1299, 1), line(6, 1699, 1)], [bundle(1, 0, 1, 6)]).bundles).toEqual([]);
    expect(priceCart([line(1, 1299, 1), line(6, 1699, 1)], [bundle(1, -5, 1, 6)]).bundles).toEqual([]);
    expect(priceCart([line(1, 1299, 1), line(6, 1699, 1)], [bundle(1, 150, 1, 6)])).toMatchObject({ bundleSavings: 2998, total: 0 });
  });

  it("always whole cents: subtotal - savings + tax = total, for random carts over the seed's bundles", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const bundles = [bundle(1, 10, 1, 6), bundle(2, 15, 2, 7, 4), bundle(3, 20, 1, 2, 3, 4, 5, 6), bundle(4, 10, 13, 1)];
    const prices: Record<number, number> = { 1: 1299, 2: 1499, 3: 1399, 4: 1599, 5: 1999, 6: 1699, 7: 1499, 13: 2499 };
    for (let run = 0; run < 500; run++) {
      const lines = Object.entries(prices).flatMap(([id, price]) => (random() < 0.5 ? [line(Number(id), price, 1 + Math.floor(random() * 5))] : []));
      const t = priceCart(lines, bundles);
      const units = new Map(lines.map((l) => [l.product.id, l.quantity]));
      for (const applied of t.bundles) {
        for (const p of bundles.find((b) => b.id === applied.bundleId)!.products) units.set(p.id, units.get(p.id)! - applied.sets);
      }
      expect(
        [...units.values()].every((left) => left >= 0),
        JSON.stringify(lines),
      ).toBe(true);
      expect(t.bundleSavings).toBe(t.bundles.reduce((sum, b) => sum + b.savings, 0));
      expect(t.tax).toBe(tax(t.subtotal - t.bundleSavings));
      expect(t.total).toBe(t.subtotal - t.bundleSavings + t.tax);
      expect(t.totalBeforeTax).toBe(t.subtotal - t.bundleSavings);
    }
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
          expect({ sum, pct, fullPrice, savings, price }).toEqual({
            sum,
            pct,
            fullPrice: sum + 499,
            savings: bundleSavingsCents(prices, pct),
            price: fullPrice - savings,
          });
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
    const { capCount } = await import("../../app/shared/constants");
    expect([0, 99, 100, 1234].map(capCount)).toEqual(["0", "99", "99+", "99+"]);
  });
});
