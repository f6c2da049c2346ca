/**
 * Codes that compute right (contract, "Codes and partners"; docs/decisions/0025): the one
 * price rule's properties over any cart and code, every refusal in the shop's words, the use
 * taken in the order's own batch (20 shoppers racing for 3 uses place exactly 3 orders), a
 * use given back by a cancel, and what is charged being what was shown.
 */
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CODE_CHANGED_MESSAGE, refusalMessage } from "../../app/shared/codes";
import { isShopError } from "../../app/shared/errors";
import { priceCart, splitCents, taxOn, type BundleTerms, type CodeTerms, type PricedLine } from "../../app/shared/money";
import { createDatabase } from "../../workers/db/client";
import { cancelByShopper } from "../../workers/shop/orders/lifecycle";
import { SHIPPING_ADDRESS } from "../shopper";
import { productBySlug, shopOf, unique } from "./helpers";
import { newCode } from "./discount-codes";
import { Visitor } from "./visitor";

// ---------------------------------------------------------------- the price rule's properties

const lineArb = fc.record({
  quantity: fc.integer({ min: 1, max: 99 }),
  product: fc.record({ id: fc.integer({ min: 1, max: 8 }), price: fc.integer({ min: 0, max: 20_000 }) }),
});
const linesArb = fc.array(lineArb, { maxLength: 6 });
const bundleArb = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  discountPercentage: fc.integer({ min: 0, max: 100 }),
  products: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 4 }).map((ids) => ids.map((id) => ({ id }))),
});
const codeArb: fc.Arbitrary<CodeTerms> = fc
  .record({
    percent: fc.boolean(),
    percentOff: fc.integer({ min: 1, max: 100 }),
    amountOff: fc.integer({ min: 1, max: 500_000 }),
    minSubtotal: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
    productIds: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 8 }), { nil: null }),
  })
  .map(({ percent, percentOff, amountOff, minSubtotal, productIds }) => ({
    code: "SAVE10",
    percentOff: percent ? percentOff : null,
    amountOff: percent ? null : amountOff,
    minSubtotal,
    productIds,
  }));

const price = (lines: PricedLine[], bundles: BundleTerms[], code: CodeTerms | null) => priceCart(lines, bundles, code);

describe("the one price rule (property tests, fast-check)", () => {
  const args = [linesArb, fc.array(bundleArb, { maxLength: 3 }), fc.option(codeArb, { nil: null })] as const;

  it("total = subtotal − bundle savings − discount + tax + shipping", () => {
    fc.assert(
      fc.property(...args, (lines, bundles, code) => {
        const t = price(lines, bundles, code);
        expect(t.total).toBe(t.subtotal - t.bundleSavings - t.discount + t.tax + t.shipping);
        expect(t.subtotal).toBe(lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0));
      }),
    );
  });

  it("nothing is negative", () => {
    fc.assert(
      fc.property(...args, (lines, bundles, code) => {
        const t = price(lines, bundles, code);
        for (const figure of [t.subtotal, t.bundleSavings, t.discount, t.tax, t.shipping, t.totalBeforeTax, t.total, ...t.lineBundleSavings])
          expect(figure).toBeGreaterThanOrEqual(0);
        if (t.code?.applied) for (const share of t.code.lineShares) expect(share).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("the discount never exceeds what it applies to: what is left of its lines after bundle savings", () => {
    fc.assert(
      fc.property(...args, (lines, bundles, code) => {
        const t = price(lines, bundles, code);
        if (!t.code?.applied) {
          expect(t.discount).toBe(0);
          return;
        }
        const eligible = new Set(code!.productIds ?? lines.map((l) => l.product.id));
        const base = lines.reduce((sum, l, i) => sum + (eligible.has(l.product.id) ? l.product.price * l.quantity - t.lineBundleSavings[i]! : 0), 0);
        expect(t.discount).toBeLessThanOrEqual(base);
        if (code!.amountOff != null) expect(t.discount).toBe(Math.min(code!.amountOff, base));
        // A percent is rounded half up once for the order.
        else expect(t.discount).toBe(Math.floor((base * code!.percentOff! + 50) / 100));
      }),
    );
  });

  it("per-line shares add up to the order's discount (and bundle shares to its savings), each within its line", () => {
    fc.assert(
      fc.property(...args, (lines, bundles, code) => {
        const t = price(lines, bundles, code);
        expect(t.lineBundleSavings.reduce((a, b) => a + b, 0)).toBe(t.bundleSavings);
        const shares = t.code?.applied ? t.code.lineShares : lines.map(() => 0);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(t.discount);
        lines.forEach((l, i) => expect(shares[i]! + t.lineBundleSavings[i]!).toBeLessThanOrEqual(l.product.price * l.quantity));
      }),
    );
  });

  it("tax is 8% of the discounted subtotal, rounded half up", () => {
    fc.assert(
      fc.property(...args, (lines, bundles, code) => {
        const t = price(lines, bundles, code);
        const goods = t.subtotal - t.bundleSavings - t.discount;
        expect(t.tax).toBe(taxOn(goods));
        expect(BigInt(t.tax)).toBe((BigInt(goods) * 8n + 50n) / 100n);
      }),
    );
  });

  it("the same cart and code always price the same", () => {
    fc.assert(
      fc.property(...args, (lines, bundles, code) => {
        expect(price(lines, bundles, code)).toEqual(price(structuredClone(lines), structuredClone(bundles), code && { ...code }));
      }),
    );
  });

  it("splitCents: whole cents that add up exactly, in proportion", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 8 }), (total, weights) => {
        const shares = splitCents(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(sum > 0 ? total : 0);
        shares.forEach((share, i) => {
          expect(Number.isInteger(share)).toBe(true);
          if (sum > 0) expect(Math.abs(share - (total * weights[i]!) / sum)).toBeLessThan(1);
        });
      }),
    );
  });

  it("a worked example: 10% of $25.98 after a bundle, on the lines it applies to only", () => {
    // Plain Jane (1299) + Fantasia (1699) in the 10% duo save 300; the code covers Plain Jane only.
    const t = priceCart(
      [
        { quantity: 1, product: { id: 1, price: 1299 } },
        { quantity: 1, product: { id: 6, price: 1699 } },
      ],
      [{ id: 1, discountPercentage: 10, products: [{ id: 1 }, { id: 6 }] }],
      { code: "SAVE10", percentOff: 10, amountOff: null, minSubtotal: null, productIds: [1] },
    );
    expect(t.lineBundleSavings).toEqual([130, 170]);
    // 10% of what is left of Plain Jane (1299 - 130 = 1169): 116.9 -> 117.
    expect(t.discount).toBe(117);
    expect(t.code).toEqual({ code: "SAVE10", applied: true, amount: 117, lineShares: [117, 0] });
    expect(t.tax).toBe(taxOn(2998 - 300 - 117));
  });
});

// ---------------------------------------------------------------- codes in D1

/** A code in D1, as the owner's back office makes one (tests/worker/discount-codes.ts). */
const makeCode = newCode;

const usesOf = async (code: string) => (await env.DB.prepare("SELECT uses FROM discount_codes WHERE code = ?").bind(code).first<{ uses: number }>())!.uses;

async function shopperWith(items: [slug: string, quantity: number][]) {
  const visitor = new Visitor();
  for (const [slug, quantity] of items) {
    const res = await visitor.post("/api/cart", { productId: (await productBySlug(slug)).id, quantity });
    expect(res.status, res.text).toBe(200);
  }
  return { visitor, shop: shopOf(visitor) };
}

const checkout = (email = `${unique("buyer")}@example.com`, extra: Record<string, string> = {}) => ({
  email,
  ...SHIPPING_ADDRESS,
  cardholderName: "Jane Q. Cardholder",
  checkoutKey: crypto.randomUUID(),
  ...extra,
});

/** The shop's refusal for `promise`, which must fail: its kind, its words and its field. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isShopError(error), String(error)).toBe(true);
  const shopError = error as { kind: string; message: string; issues: { path: string }[] };
  return { kind: shopError.kind, message: shopError.message, path: shopError.issues[0]?.path };
}

const ordersOf = async (visitor: Visitor) =>
  (
    await env.DB.prepare("SELECT id, status, discount_code, discount, total FROM orders WHERE session_id = ? AND status != 'intent'")
      .bind(visitor.jar.get("rd_session"))
      .all()
  ).results;

describe("applying a code: every refusal in the shop's words, naming what to do", () => {
  it("a code applies whatever its case, and the cart's totals take it off", async () => {
    const code = await makeCode({ value: 10 });
    const { shop } = await shopperWith([["plain-jane", 2]]);
    const cart = await shop.cart.applyDiscountCode(code.toLowerCase());
    expect(cart.code).toEqual(expect.objectContaining({ code, refusal: null }));
    expect(cart.totals.discount).toBe(Math.floor((cart.totals.subtotal * 10 + 50) / 100));
    expect(cart.totals.total).toBe(cart.totals.subtotal - cart.totals.discount + taxOn(cart.totals.subtotal - cart.totals.discount));
  });

  it("one code per order: a second code replaces the first; removing leaves none", async () => {
    const [first, second] = [await makeCode({ value: 10 }), await makeCode({ kind: "amount", value: 200 })];
    const { shop } = await shopperWith([["plain-jane", 1]]);
    await shop.cart.applyDiscountCode(first);
    const cart = await shop.cart.applyDiscountCode(second);
    expect(cart.code?.code).toBe(second);
    expect(cart.totals.discount).toBe(200);
    const removed = await shop.cart.removeDiscountCode();
    expect(removed.code).toBeNull();
    expect(removed.totals.discount).toBe(0);
  });

  it("unknown, not started, ended, paused, used up, applies to none of the items: refused, and the cart keeps the code it had", async () => {
    const { shop } = await shopperWith([["plain-jane", 1]]);
    const kept = await makeCode({ value: 5 });
    await shop.cart.applyDiscountCode(kept);
    const fantasia = await productBySlug("fantasia");
    const cases: [Parameters<typeof newCode>[0] | null, string][] = [
      [null, "unknown"],
      [{ startsAt: "2099-01-01T00:00:00.000Z" }, "not_started"],
      [{ endsAt: "2020-01-01T00:00:00.000Z" }, "ended"],
      [{ status: "paused" }, "paused"],
      [{ maxUses: 0 }, "used_up"],
      [{ productIds: [fantasia.id] }, "no_items"],
    ];
    for (const [spec, reason] of cases) {
      const code = spec ? await makeCode(spec) : "NO-SUCH-CODE";
      const expected = refusalMessage(code, reason === "not_started" ? { reason, startsAt: spec!.startsAt! } : ({ reason } as never));
      expect(await refusal(shop.cart.applyDiscountCode(code)), reason).toEqual({ kind: "invalid", message: expected, path: "discountCode" });
    }
    expect(refusalMessage("X", { reason: "not_started", startsAt: "2099-01-01T00:00:00.000Z" })).toBe(
      "X starts on Jan 1, 2099. Use it from then, or remove it.",
    );
    expect((await shop.cart.pricedAsShown(false)).code?.code).toBe(kept);
  });

  it('a minimum subtotal: "Add $4.01 more to use SAVE10"', async () => {
    const jane = await productBySlug("plain-jane");
    const code = await makeCode({ minSubtotal: jane.price + 401 });
    const { shop } = await shopperWith([["plain-jane", 1]]);
    expect((await refusal(shop.cart.applyDiscountCode(code))).message).toBe(`Add $4.01 more to use ${code}.`);
  });

  it("a malformed code is refused before D1 is asked: 3-24 letters, digits or hyphens", async () => {
    const { shop } = await shopperWith([["plain-jane", 1]]);
    for (const bad of ["", "AB", "A".repeat(25), "SAVE 10", "SAVE_10", "<script>", 42]) {
      expect((await refusal(shop.cart.applyDiscountCode(bad))).path).toBe("discountCode");
    }
  });

  it("a code that stops applying to the cart (an item removed below its minimum) stays, says why, and takes nothing off", async () => {
    const jane = await productBySlug("plain-jane");
    const code = await makeCode({ minSubtotal: jane.price * 2 });
    const { visitor, shop } = await shopperWith([["plain-jane", 2]]);
    await shop.cart.applyDiscountCode(code);
    const [line] = (await visitor.get("/api/cart")).body as { id: number }[];
    expect((await visitor.patch(`/api/cart/${line!.id}`, { quantity: 1 })).status).toBe(200);
    const cart = await shop.cart.pricedAsShown(false);
    expect(cart.code).toEqual(expect.objectContaining({ code, refusal: { reason: "minimum", missing: jane.price } }));
    expect(cart.totals.discount).toBe(0);
    // Paying with it is refused in the same words: nothing charged, the cart kept.
    expect((await refusal(shop.checkout.placeOrder(checkout()))).message).toBe(`Add ${"$" + (jane.price / 100).toFixed(2)} more to use ${code}.`);
    expect(await ordersOf(visitor)).toEqual([]);
  });
});

describe("placing an order with a code", () => {
  it("the order keeps the code, its discount and each line's share; the code counts a use", async () => {
    const code = await makeCode({ kind: "amount", value: 500 });
    const { visitor, shop } = await shopperWith([
      ["plain-jane", 1],
      ["fantasia", 2],
    ]);
    const cart = await shop.cart.applyDiscountCode(code);
    const order = await shop.checkout.placeOrder(checkout(undefined, { codeShown: code.toLowerCase() }));
    expect(order).toEqual(expect.objectContaining({ discountCode: code, discount: 500, total: cart.totals.total }));
    expect(order.lines.reduce((sum, line) => sum + line.discount, 0)).toBe(500);
    const rows = (await env.DB.prepare("SELECT sum(discount) AS discount, sum(bundle_savings) AS savings FROM order_lines WHERE order_id = ?")
      .bind(order.id)
      .first<{ discount: number; savings: number }>())!;
    expect(rows).toEqual({ discount: 500, savings: order.bundleSavings });
    expect(await usesOf(code)).toBe(1);
    expect(await ordersOf(visitor)).toHaveLength(1);
    // The code went with the order: the next cart starts without one.
    expect((await visitor.post("/api/cart", { productId: (await productBySlug("plain-jane")).id })).status).toBe(200);
    expect((await shop.cart.pricedAsShown(false)).code).toBeNull();
  });

  it("what is charged is what was shown: a code that ends between the page and PAY is refused, nothing is charged, the cart is kept", async () => {
    const code = await makeCode({ value: 20 });
    const { visitor, shop } = await shopperWith([["plain-jane", 1]]);
    await shop.cart.applyDiscountCode(code);
    await env.DB.prepare("UPDATE discount_codes SET ends_at = ?, updated_at = CURRENT_TIMESTAMP WHERE code = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), code)
      .run();
    expect(await refusal(shop.checkout.placeOrder(checkout(undefined, { codeShown: code })))).toEqual({
      kind: "invalid",
      message: refusalMessage(code, { reason: "ended" }),
      path: "discountCode",
    });
    expect(await ordersOf(visitor)).toEqual([]);
    expect((await visitor.get("/api/cart")).body).toHaveLength(1);
    expect(await usesOf(code)).toBe(0);
  });

  it("a code changed in another tab since the page was shown is refused (the page posts the code it showed)", async () => {
    const code = await makeCode({ value: 10 });
    const { visitor, shop } = await shopperWith([["plain-jane", 1]]);
    // The page showed no code; another tab applied one.
    await shop.cart.applyDiscountCode(code);
    expect(await refusal(shop.checkout.placeOrder(checkout(undefined, { codeShown: "" })))).toEqual({
      kind: "conflict",
      message: CODE_CHANGED_MESSAGE,
      path: "discountCode",
    });
    // The page showed the code; another tab removed it.
    await shop.cart.removeDiscountCode();
    expect((await refusal(shop.checkout.placeOrder(checkout(undefined, { codeShown: code })))).message).toBe(CODE_CHANGED_MESSAGE);
    expect(await ordersOf(visitor)).toEqual([]);
  });

  it("a code bound to an email (a newsletter welcome) is refused for another email, and used once for its own", async () => {
    const owner = `${unique("welcome")}@example.com`;
    const code = await makeCode({ maxUses: 1, maxUsesPerEmail: 1, email: owner });
    const other = await shopperWith([["plain-jane", 1]]);
    await other.shop.cart.applyDiscountCode(code);
    expect((await refusal(other.shop.checkout.placeOrder(checkout()))).message).toBe(refusalMessage(code, { reason: "other_email" }));

    const mine = await shopperWith([["plain-jane", 1]]);
    await mine.shop.cart.applyDiscountCode(code);
    const order = await mine.shop.checkout.placeOrder(checkout(owner.toUpperCase()));
    expect(order.discountCode).toBe(code);
    const again = await shopperWith([["fantasia", 1]]);
    expect((await refusal(again.shop.cart.applyDiscountCode(code))).message).toBe(refusalMessage(code, { reason: "used_up" }));
  });

  it("a limit per shopper email: already used by this email", async () => {
    const code = await makeCode({ maxUsesPerEmail: 1 });
    const email = `${unique("repeat")}@example.com`;
    const first = await shopperWith([["plain-jane", 1]]);
    await first.shop.cart.applyDiscountCode(code);
    await first.shop.checkout.placeOrder(checkout(email));
    const second = await shopperWith([["plain-jane", 1]]);
    await second.shop.cart.applyDiscountCode(code);
    expect((await refusal(second.shop.checkout.placeOrder(checkout(email)))).message).toBe(refusalMessage(code, { reason: "used_by_email" }));
    // Another email may still use it.
    expect((await second.shop.checkout.placeOrder(checkout())).discountCode).toBe(code);
  });

  it("limits hold when shoppers race: 20 concurrent checkouts for a code of 3 uses place exactly 3 orders at the discount; the others get the message and keep their carts", async () => {
    const code = await makeCode({ maxUses: 3 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopperWith([["plain-jane", 1]])));
    for (const { shop } of shoppers) await shop.cart.applyDiscountCode(code);
    const outcomes = await Promise.allSettled(shoppers.map(({ shop }) => shop.checkout.placeOrder(checkout())));
    const placed = outcomes.filter((o) => o.status === "fulfilled");
    expect(placed).toHaveLength(3);
    for (const o of placed)
      expect((o as PromiseFulfilledResult<{ discountCode: string; discount: number }>).value).toEqual(expect.objectContaining({ discountCode: code }));
    for (const o of outcomes.filter((o) => o.status === "rejected"))
      expect((o as PromiseRejectedResult).reason.message).toBe(refusalMessage(code, { reason: "used_up" }));
    expect(await usesOf(code)).toBe(3);
    const carts = await Promise.all(shoppers.map(({ visitor }) => visitor.get("/api/cart")));
    expect(carts.filter((c) => (c.body as unknown[]).length === 1)).toHaveLength(17);
  });

  it("a cancelled order gives its use back", async () => {
    const code = await makeCode({ maxUses: 1, maxUsesPerEmail: 1 });
    const email = `${unique("cancel")}@example.com`;
    const { shop } = await shopperWith([["plain-jane", 1]]);
    await shop.cart.applyDiscountCode(code);
    const order = await shop.checkout.placeOrder(checkout(email));
    expect(await usesOf(code)).toBe(1);
    await cancelByShopper({ db: createDatabase(env.DB), outbox: { enqueue: () => undefined }, address: "198.18.0.9" }, order.accessToken!);
    expect(await usesOf(code)).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM discount_code_uses WHERE order_id = ?").bind(order.id).first("n")).toBe(0);
    // The same email may use it again.
    const again = await shopperWith([["fantasia", 1]]);
    await again.shop.cart.applyDiscountCode(code);
    expect((await again.shop.checkout.placeOrder(checkout(email))).discountCode).toBe(code);
  });
});
