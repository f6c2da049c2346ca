/**
 * One priced read of the cart (docs/decisions/0013): the cart page, the checkout page and
 * the payment intent take the cart's lines, bundles and totals from `shop.cart.priced()` /
 * `readPricedCart`, read at D1's catalog version in one trip, whatever else the request
 * read before and in whichever order. These tests change a bundle's discount, so they live
 * in their own file (each file has its own storage) and put it back.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { priceCart } from "../../app/shared/money";
import { readShown } from "./entry";
import { allBundles, shopOf, type Bundle, type CartLine } from "./helpers";
import { Visitor } from "./visitor";

const restores: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (restores.length > 0) await restores.pop()!();
});

/** Sets a bundle's discount in D1 (a new catalog version) and schedules putting it back. */
async function setDiscount(bundleId: number, percent: number) {
  const row = await env.DB.prepare("SELECT discount_percentage AS pct FROM bundles WHERE id = ?").bind(bundleId).first<{ pct: number }>();
  restores.push(() => env.DB.prepare("UPDATE bundles SET discount_percentage = ? WHERE id = ?").bind(row!.pct, bundleId).run());
  await env.DB.prepare("UPDATE bundles SET discount_percentage = ? WHERE id = ?").bind(percent, bundleId).run();
}

/** A shopper holding one complete set of a bundle, and that bundle. */
async function shopperWithBundle() {
  const bundle = (await allBundles())[0]!;
  const shopper = new Visitor();
  expect((await shopper.post(`/api/cart/add-bundle/${bundle.id}`)).status).toBe(200);
  return { shopper, bundle };
}

/** What a page's loader gave the page, as the test Worker's stand-in shows it (tests/worker/entry.tsx). */
async function loaderDataOf(visitor: Visitor, path: string) {
  const page = await visitor.get(path);
  expect(page.status).toBe(200);
  return readShown(page.text, "loader") as { lines: CartLine[]; bundles: Bundle[] };
}

describe("one priced read of the cart", () => {
  it("lines, bundles and totals are at D1's version now, even when the request showed an older catalog first", async () => {
    const { shopper, bundle } = await shopperWithBundle();
    const shop = shopOf(shopper);
    const shown = await shop.catalog.listBundles(); // the version shown, held by this request
    await setDiscount(bundle.id, 50);
    const priced = await shop.cart.priced();

    expect(shown.find((b) => b.id === bundle.id)!.discountPercentage).toBe(bundle.discountPercentage);
    expect(priced.bundles.find((b) => b.id === bundle.id)!.discountPercentage).toBe(50);
    const full = priced.lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
    expect(priced.totals).toEqual(priceCart(priced.lines, priced.bundles));
    expect(priced.totals.bundleSavings).toBe(Math.floor((full * 50 + 50) / 100));
    // And it is what the payment intent charges.
    const intent = await shopOf(shopper).checkout.createPaymentIntent("one-read@example.com");
    expect(intent.amount).toBe(priced.totals.total);
  });

  it("the cart and checkout pages are given the same lines and bundles, priced as the payment intent charges", async () => {
    const { shopper, bundle } = await shopperWithBundle();
    await setDiscount(bundle.id, 40);
    const cart = await loaderDataOf(shopper, "/cart");
    const checkout = await loaderDataOf(shopper, "/checkout");
    expect(checkout.lines).toEqual(cart.lines);
    expect(checkout.bundles).toEqual(cart.bundles);
    expect(cart.bundles.find((b) => b.id === bundle.id)!.discountPercentage).toBe(40);
    const intent = await shopper.post("/api/payment/create-payment-intent", { customerEmail: "pages@example.com" });
    expect(intent.body.amount).toBe(priceCart(checkout.lines, checkout.bundles).total);
  });

  it("a visitor without a cart is priced at nothing and shown the bundles on offer", async () => {
    const priced = await shopOf(new Visitor()).cart.priced();
    expect(priced.lines).toEqual([]);
    expect(priced.totals.bundleSavings).toBe(0);
    expect(priced.bundles.map((b) => b.id)).toEqual((await allBundles()).map((b) => b.id));
  });
});
