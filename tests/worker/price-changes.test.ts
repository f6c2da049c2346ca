/**
 * A price that changed since a line was added is announced before payment
 * (docs/decisions/0023): the cart and the checkout say "Price changed from $14.99 to $17.49"
 * on that line until the shopper has seen it, and charge the new price. These tests change
 * the catalog, so they live in their own file (each file has its own storage) and restore
 * every change they make.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { isPrefetch } from "../../app/shared/speculative";
import { pageFor } from "../../app/shared/site-pages";
import { sharedPage } from "../../workers/pages";
import { readShown } from "./entry";
import { eventually, expectedTax, productBySlug, setPriceInD1, shopOf, type CartLine, type Product } from "./helpers";
import { Visitor } from "./visitor";

type PriceChange = { lineId: number; was: number; now: number };
type ShownCart = { lines: CartLine[]; priceChanges: PriceChange[] };

const restores: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (restores.length > 0) await restores.pop()!();
});

/** Sets a product's price in D1, as the back office does, and schedules putting it back. */
const setPrice = (slug: string, price: number) => setPriceInD1(slug, price, restores);

/** The cart or checkout page as `visitor` opens it: what its loader handed the page. */
async function open(visitor: Visitor, path: "/cart" | "/checkout"): Promise<ShownCart> {
  const page = await visitor.get(path);
  expect(page.status).toBe(200);
  expect(page.headers.get("Cache-Control")).toBe("private, no-store");
  return readShown(page.text, "loader") as ShownCart;
}

/**
 * A product as the catalog shown has it at D1's price. Each test changes a product of its own:
 * the catalog shown may lag a change (or its undoing) by 5 s, and the price a line is added
 * at is the one shown.
 */
async function shownAsInD1(slug: string) {
  const { price } = (await env.DB.prepare("SELECT price FROM products WHERE slug = ?").bind(slug).first<{ price: number }>())!;
  let product: Product | undefined;
  await eventually(async () => {
    product = await productBySlug(slug);
    expect(product.price).toBe(price);
  });
  return product!;
}

/** A visitor with `quantity` of `product` in their cart, added at the price shown now. */
async function shopperWith(product: Product, quantity = 1) {
  const visitor = new Visitor();
  const added = await visitor.post<CartLine[]>("/api/cart", { productId: product.id, quantity });
  expect(added.status).toBe(200);
  return { visitor, lineId: added.body.find((line) => line.product.id === product.id)!.id };
}

describe("a price that changed since the line was added is announced on the line until the shopper has seen it", () => {
  it("the cart page says 'Price changed from $14.99 to $17.49' once, and the cart is charged $17.49", async () => {
    const slush = await shownAsInD1("tropical-slush");
    expect(slush.price).toBe(1499);
    const { visitor, lineId } = await shopperWith(slush, 2);
    await setPrice("tropical-slush", 1749);

    // The JSON API keeps its meaning: today's price, and nothing about what was seen.
    const api = await visitor.get<CartLine[]>("/api/cart");
    expect(api.body.map((line) => line.product.price)).toEqual([1749]);
    expect(api.text).not.toMatch(/seen|was|priceChange/i);

    const first = await open(visitor, "/cart");
    expect(first.priceChanges).toEqual([{ lineId, was: 1499, now: 1749 }]);
    expect(first.lines.map((line) => line.product.price)).toEqual([1749]);
    // Seen: the next view says nothing.
    expect((await open(visitor, "/cart")).priceChanges).toEqual([]);
    expect((await open(visitor, "/checkout")).priceChanges).toEqual([]);

    // Charged the current price, as before: 2 x $17.49 plus 8% tax.
    const intent = await visitor.post("/api/payment/create-payment-intent", { customerEmail: "slush@example.com" });
    expect(intent.status).toBe(200);
    expect(intent.body.amount).toBe(3498 + expectedTax(3498));
  });

  it("the checkout page says it when the cart page was not opened first, and then the cart page does not", async () => {
    const surfer = await shownAsInD1("silver-surfer");
    const { visitor, lineId } = await shopperWith(surfer);
    await setPrice("silver-surfer", surfer.price + 250);
    expect((await open(visitor, "/checkout")).priceChanges).toEqual([{ lineId, was: surfer.price, now: surfer.price + 250 }]);
    expect((await open(visitor, "/cart")).priceChanges).toEqual([]);
  });

  it("reading the cart through the API or a prefetch of the page does not count as seen", async () => {
    const magic = await shownAsInD1("blue-magic");
    const { visitor, lineId } = await shopperWith(magic);
    await setPrice("blue-magic", magic.price + 250);
    const announced = [{ lineId, was: magic.price, now: magic.price + 250 }];
    await visitor.get("/api/cart");
    // A prefetch (a hover on the header's cart link) reads what the page would show, but marks nothing.
    expect((await shopOf(visitor).cart.pricedAsShown(false)).priceChanges).toEqual(announced);
    expect((await shopOf(visitor).cart.pricedAsShown(false)).priceChanges).toEqual(announced);
    expect((await open(visitor, "/cart")).priceChanges).toEqual(announced);
    expect((await open(visitor, "/cart")).priceChanges).toEqual([]);
  });

  it("a price put back to the one the shopper saw says nothing", async () => {
    const fantasia = await shownAsInD1("fantasia");
    const { visitor } = await shopperWith(fantasia);
    await setPrice("fantasia", fantasia.price + 250);
    await restores.pop()!();
    expect((await open(visitor, "/cart")).priceChanges).toEqual([]);
  });

  it("a second change after the first was seen is announced from the price seen last", async () => {
    const jane = await shownAsInD1("plain-jane");
    const { visitor, lineId } = await shopperWith(jane);
    await setPrice("plain-jane", jane.price + 250);
    expect((await open(visitor, "/cart")).priceChanges).toEqual([{ lineId, was: jane.price, now: jane.price + 250 }]);
    await setPrice("plain-jane", jane.price + 100);
    expect((await open(visitor, "/cart")).priceChanges).toEqual([{ lineId, was: jane.price + 250, now: jane.price + 100 }]);
  });

  it("adding more of a line keeps the price seen before, so a change since then is still announced", async () => {
    const gold = await shownAsInD1("24k-gold");
    const { visitor, lineId } = await shopperWith(gold);
    await setPrice("24k-gold", gold.price + 250);
    // Once the catalog shown has the new price too, the shopper adds one more.
    await shownAsInD1("24k-gold");
    expect((await visitor.post("/api/cart", { productId: gold.id, quantity: 1 })).status).toBe(200);
    expect((await open(visitor, "/cart")).priceChanges).toEqual([{ lineId, was: gold.price, now: gold.price + 250 }]);
  });

  it("choosing a dearer size is the shopper's choice, not a change to announce", async () => {
    const tee = await productBySlug("raw-dogg-mens-logo-tee");
    const variants = (tee as Product & { variants: { id: number; options: Record<string, string>; price: number }[] }).variants;
    const medium = variants.find((v) => v.options.Size === "M")!;
    const xxl = variants.find((v) => v.options.Size === "XXL")!;
    expect(xxl.price).toBeGreaterThan(medium.price);
    const visitor = new Visitor();
    const added = await visitor.post<CartLine[]>("/api/cart", { productId: tee.id, variantId: medium.id, quantity: 1 });
    const lineId = added.body[0]!.id;
    expect((await visitor.patch(`/api/cart/${lineId}`, { variantId: xxl.id })).status).toBe(200);
    const shown = await open(visitor, "/cart");
    expect(shown.lines.map((line) => line.product.price)).toEqual([xxl.price]);
    expect(shown.priceChanges).toEqual([]);
  });
});

describe("one visitor's price notice is never shown to another", () => {
  it("another visitor with the same product sees no notice, and the cart and checkout pages are never kept in the page cache", async () => {
    const ribbed = await shownAsInD1("midnight-ribbed");
    const { visitor: first } = await shopperWith(ribbed);
    await setPrice("midnight-ribbed", ribbed.price + 250);
    // The second shopper adds it at the new price once it is shown.
    const second = (await shopperWith(await shownAsInD1("midnight-ribbed"))).visitor;

    expect((await open(first, "/cart")).priceChanges).toHaveLength(1);
    expect((await open(second, "/cart")).priceChanges).toEqual([]);
    expect((await open(second, "/checkout")).priceChanges).toEqual([]);
    expect((await open(new Visitor(), "/cart")).priceChanges).toEqual([]);

    // Rendered for each visitor, never served from the shared page cache (nor their data requests).
    for (const path of ["/cart", "/checkout", "/cart.data", "/checkout.data"]) {
      const request = new Request(`http://shop.test${path}`);
      const found = pageFor(new URL(request.url));
      expect(found, path).not.toBeNull();
      expect(sharedPage(request, found!.page), path).toBeNull();
    }
  });
});

describe("isPrefetch", () => {
  it("tells a browser's prefetch or prerender from a visit", () => {
    const request = (headers: Record<string, string>) => new Request("http://shop.test/cart", { headers });
    expect(isPrefetch(request({ "Sec-Purpose": "prefetch" }))).toBe(true);
    expect(isPrefetch(request({ "Sec-Purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(request({ Purpose: "prefetch" }))).toBe(true);
    expect(isPrefetch(request({ "X-Moz": "prefetch" }))).toBe(true);
    expect(isPrefetch(request({}))).toBe(false);
    expect(isPrefetch(request({ "Sec-Purpose": "" }))).toBe(false);
  });
});
