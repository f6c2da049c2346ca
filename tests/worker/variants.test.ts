/**
 * Products as they really are (contract, "Variants, stock and downloads"): options and
 * variants in the catalog's JSON, one cart line per variant or a line whose size is still to
 * choose, variant prices and bundle savings with variants, and stock that never oversells:
 * an order takes its stock in the same atomic step that places it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isShopError } from "../../app/shared/errors";
import { priceCart } from "../../app/shared/money";
import { lineTitle, variantLabel } from "../../app/shared/variants";
import { SHIPPING_ADDRESS } from "../shopper";
import { allBundles, eventually, expectError, productBySlug, shopOf, unique, type CartLine, type Product } from "./helpers";
import { Visitor } from "./visitor";

const checkoutForm = () => ({
  email: `${unique("buyer")}@example.com`,
  ...SHIPPING_ADDRESS,
  cardholderName: "Jane Q. Cardholder",
  checkoutKey: crypto.randomUUID(),
});

const cartOf = async (visitor: Visitor) => (await visitor.get<CartLine[]>("/api/cart")).body;

const variantOf = (product: Product, options: Record<string, string>) => {
  const found = product.variants.find((v) => variantLabel(v.options) === variantLabel(options));
  if (!found) throw new Error(`${product.slug} has no ${variantLabel(options)}`);
  return found;
};

/** Sets a variant's stock in D1, as the owner would: each test counts its own units. */
const setStock = (variantId: number, stock: number | null) => env.DB.prepare("UPDATE variants SET stock = ? WHERE id = ?").bind(stock, variantId).run();
const stockOf = async (variantId: number) =>
  (await env.DB.prepare("SELECT stock FROM variants WHERE id = ?").bind(variantId).first<{ stock: number | null }>())!.stock;

/** The shop's error for `promise`, which must fail. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected it to fail");
}

describe("options and variants in the catalog", () => {
  it("a line is named once, with its choice: 'Raw Dogg Performance Tank (Size M · Black)', and a product without options by its name alone", () => {
    expect(lineTitle("Raw Dogg Performance Tank", variantLabel({ Size: "M", Colour: "Black" }))).toBe("Raw Dogg Performance Tank (Size M · Black)");
    expect(lineTitle("Plain Jane", variantLabel({}))).toBe("Plain Jane");
    expect(lineTitle("Plain Jane", null)).toBe("Plain Jane");
  });

  it("every product has variants (`id`, `sku`, `options`, `price`, `available`, `quantityAvailable`); one default variant without options", async () => {
    const condom = await productBySlug("plain-jane");
    expect(condom.options).toEqual([]);
    expect(condom.variants).toHaveLength(1);
    expect(condom.variants[0]).toMatchObject({ sku: expect.stringMatching(/^RD-/), options: {}, price: condom.price, available: true });
    const tank = await productBySlug("raw-dogg-performance-tank");
    expect(tank.options).toEqual([
      { name: "Size", values: ["XS", "S", "M", "L", "XL"] },
      { name: "Colour", values: ["Pink", "Black", "Grey"] },
    ]);
    expect(tank.variants).toHaveLength(15);
    const skus = new Set(tank.variants.map((v) => v.sku));
    expect(skus.size).toBe(15);
    for (const variant of tank.variants) {
      expect(Object.keys(variant).sort()).toEqual(["available", "id", "imageUrl", "options", "price", "quantityAvailable", "sku"]);
      expect(variant.available).toBe(variant.quantityAvailable === null || variant.quantityAvailable > 0);
    }
    expect((await productBySlug("raw-dogg-snapback")).variants).toHaveLength(1);
    const single = await productBySlug("welcome-to-the-pound");
    expect(single.digital).toBe(true);
    expect(single.variants[0]!.quantityAvailable).toBeNull();
  });

  it("the seed holds a sold-out variant (tank Pink XS) and one with 3 left (tank Black M)", async () => {
    const tank = await productBySlug("raw-dogg-performance-tank");
    expect(variantOf(tank, { Size: "XS", Colour: "Pink" })).toMatchObject({ available: false, quantityAvailable: 0 });
    expect(variantOf(tank, { Size: "M", Colour: "Black" })).toMatchObject({ available: true });
  });

  it("a variant's own price replaces the product's: the men's logo tee in XXL costs more", async () => {
    const tee = await productBySlug("raw-dogg-mens-logo-tee");
    expect(variantOf(tee, { Size: "XXL" }).price).toBeGreaterThan(tee.price);
    expect(variantOf(tee, { Size: "M" }).price).toBe(tee.price);
  });
});

describe("the cart in variants", () => {
  it("`POST /api/cart {productId, variantId}` adds that variant, priced as the variant, one line per variant", async () => {
    const tee = await productBySlug("raw-dogg-mens-logo-tee");
    const [m, xxl] = [variantOf(tee, { Size: "M" }), variantOf(tee, { Size: "XXL" })];
    const v = new Visitor();
    await v.post("/api/cart", { productId: tee.id, variantId: m.id });
    await v.post("/api/cart", { productId: tee.id, variantId: xxl.id, quantity: 2 });
    const res = await v.post<CartLine[]>("/api/cart", { productId: tee.id, variantId: m.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((l) => [l.variantId, l.variant?.label, l.quantity, l.product.price])).toEqual([
      [m.id, "Size M", 2, m.price],
      [xxl.id, "Size XXL", 2, xxl.price],
    ]);
  });

  it("`POST /api/cart {productId}` of a product with options adds a line whose size is still to choose; again, the same line", async () => {
    const tank = await productBySlug("raw-dogg-performance-tank");
    const v = new Visitor();
    await v.post("/api/cart", { productId: tank.id });
    const lines = (await v.post<CartLine[]>("/api/cart", { productId: tank.id, quantity: 2 })).body;
    expect(lines).toEqual([expect.objectContaining({ variantId: null, variant: null, needsChoice: true, quantity: 3 })]);
    // It counts and prices like any line.
    expect(lines[0]!.product.price).toBe(tank.price);
  });

  it("a bundle adds a product with options as a line to choose, and the others as their one variant", async () => {
    const bundle = (await allBundles()).find((b) => b.name === "Tee & Protection")!;
    const v = new Visitor();
    const res = await v.post<CartLine[]>(`/api/cart/add-bundle/${bundle.id}`);
    expect(res.status, res.text).toBe(200);
    const bySlug = Object.fromEntries(res.body.map((l) => [l.product.slug, l]));
    expect(bySlug["raw-dogg-classic-t-women"]).toMatchObject({ needsChoice: true, variantId: null });
    expect(bySlug["plain-jane"]).toMatchObject({ needsChoice: false, variantId: expect.any(Number) });
  });

  it("a sold-out variant answers 409 in the shop's words and adds nothing; more than is left, 409 too", async () => {
    const tank = await productBySlug("raw-dogg-performance-tank");
    const v = new Visitor();
    const soldOut = await v.post("/api/cart", { productId: tank.id, variantId: variantOf(tank, { Size: "XS", Colour: "Pink" }).id });
    expect(expectError(soldOut, 409).error.message).toBe("Sorry, Raw Dogg Performance Tank (Size XS · Pink) is sold out.");
    const joggers = await productBySlug("raw-dogg-mens-joggers");
    const few = variantOf(joggers, { Size: "L", Colour: "Grey" });
    await setStock(few.id, 2);
    await v.post("/api/cart", { productId: joggers.id, variantId: few.id, quantity: 2 });
    const more = await v.post("/api/cart", { productId: joggers.id, variantId: few.id });
    expect(expectError(more, 409).error.message).toBe("Only 2 left of Raw Dogg Men's Joggers (Size L · Grey), and 2 are in your cart already.");
    expect((await cartOf(v)).map((l) => l.quantity)).toEqual([2]);
    const tooMany = await v.patch(`/api/cart/${(await cartOf(v))[0]!.id}`, { quantity: 3 });
    expect(tooMany.status).toBe(409);
    await setStock(few.id, 10);
  });

  it("a variant that is not the product's, or does not exist: 404, nothing added", async () => {
    const [tank, tee] = [await productBySlug("raw-dogg-performance-tank"), await productBySlug("raw-dogg-mens-logo-tee")];
    const v = new Visitor();
    expectError(await v.post("/api/cart", { productId: tank.id, variantId: tee.variants[0]!.id }), 404);
    expectError(await v.post("/api/cart", { productId: tank.id, variantId: 999_999 }), 404);
    expectError(await v.post("/api/cart", { productId: tank.id, variantId: "M" }), 400);
    expect(await cartOf(v)).toEqual([]);
  });

  it("`PATCH /api/cart/{id} {variantId}` changes the size; to a variant the cart holds already, the two lines become one", async () => {
    const tee = await productBySlug("raw-dogg-mens-pocket-tee");
    const [s, m, l] = ["S", "M", "L"].map((size) => variantOf(tee, { Size: size }));
    const v = new Visitor();
    await v.post("/api/cart", { productId: tee.id });
    await v.post("/api/cart", { productId: tee.id, variantId: m!.id, quantity: 2 });
    const [toChoose, ofM] = await cartOf(v);
    let res = await v.patch<CartLine[]>(`/api/cart/${toChoose!.id}`, { variantId: s!.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((line) => [line.id, line.variant?.label, line.quantity])).toEqual([
      [toChoose!.id, "Size S", 1],
      [ofM!.id, "Size M", 2],
    ]);
    res = await v.patch<CartLine[]>(`/api/cart/${toChoose!.id}`, { variantId: m!.id });
    expect(res.body.map((line) => [line.id, line.variant?.label, line.quantity])).toEqual([[ofM!.id, "Size M", 3]]);
    // Another product's variant, another visitor's line: 404.
    expectError(await v.patch(`/api/cart/${ofM!.id}`, { variantId: (await productBySlug("plain-jane")).variants[0]!.id }), 404);
    expectError(await new Visitor().patch(`/api/cart/${ofM!.id}`, { variantId: l!.id }), 404);
  });

  it("a size changed to a sold-out variant answers 409, and the line stays as it was", async () => {
    const tank = await productBySlug("raw-dogg-performance-tank");
    const v = new Visitor();
    await v.post("/api/cart", { productId: tank.id, variantId: variantOf(tank, { Size: "S", Colour: "Black" }).id });
    const [line] = await cartOf(v);
    const res = await v.patch(`/api/cart/${line!.id}`, { variantId: variantOf(tank, { Size: "XS", Colour: "Pink" }).id });
    expect(expectError(res, 409).error.message).toMatch(/sold out/);
    expect((await cartOf(v))[0]!.variant?.label).toBe("Size S · Black");
  });
});

describe("prices with variants", () => {
  it("a bundle set takes the dearest unit of each product, so a shopper saves the most; each unit counts once", () => {
    const bundle = { id: 1, discountPercentage: 10, products: [{ id: 14 }, { id: 1 }] };
    // Two logo tees, M at 2699 and XXL at 2899, and one box at 1299: one set, with the XXL.
    const totals = priceCart(
      [
        { quantity: 1, product: { id: 14, price: 2699 } },
        { quantity: 1, product: { id: 14, price: 2899 } },
        { quantity: 1, product: { id: 1, price: 1299 } },
      ],
      [bundle],
    );
    expect(totals.subtotal).toBe(2699 + 2899 + 1299);
    expect(totals.bundles).toEqual([{ bundleId: 1, sets: 1, savings: Math.floor(((2899 + 1299) * 10 + 50) / 100) }]);
  });

  it("the cart's totals charge the variant's price and a bundle's saving on it, as the checkout will", async () => {
    const bundle = (await allBundles()).find((b) => b.name === "Tee & Protection")!;
    const [tee, box] = [await productBySlug("raw-dogg-classic-t-women"), await productBySlug("plain-jane")];
    const v = new Visitor();
    await v.post(`/api/cart/add-bundle/${bundle.id}`);
    const priced = await shopOf(v).cart.priced();
    expect(priced.totals.bundleSavings).toBe(Math.floor(((tee.price + box.price) * bundle.discountPercentage + 50) / 100));
    expect(priced.choices[tee.id]?.variants.length).toBe(tee.variants.length);
  });
});

describe("stock that never oversells", () => {
  it("placing an order takes its stock in the same step; a payment intent takes none", async () => {
    const joggers = await productBySlug("raw-dogg-mens-joggers");
    const variant = variantOf(joggers, { Size: "M", Colour: "Black" });
    await setStock(variant.id, 10);
    const v = new Visitor();
    await v.post("/api/cart", { productId: joggers.id, variantId: variant.id, quantity: 4 });
    const intent = await v.post("/api/payment/create-payment-intent", { customerEmail: "intent@example.com" });
    expect(intent.status, intent.text).toBe(200);
    expect(await stockOf(variant.id)).toBe(10);
    const order = await shopOf(v).checkout.placeOrder(checkoutForm());
    expect(order.lines).toEqual([expect.objectContaining({ variantId: variant.id, sku: variant.sku, variantLabel: "Size M · Black", quantity: 4 })]);
    expect(await stockOf(variant.id)).toBe(6);
    // The shop shows it within the freshness rule.
    await eventually(async () => expect(variantOf(await productBySlug("raw-dogg-mens-joggers"), { Size: "M", Colour: "Black" }).quantityAvailable).toBe(6));
  });

  it("when 20 shoppers check out the last 3 units at once, exactly 3 orders are placed; the others get a clear message and keep their carts", async () => {
    const joggers = await productBySlug("raw-dogg-mens-joggers");
    const variant = variantOf(joggers, { Size: "S", Colour: "Black" });
    await setStock(variant.id, 20);
    const shoppers = Array.from({ length: 20 }, () => new Visitor());
    for (const shopper of shoppers) {
      const res = await shopper.post("/api/cart", { productId: joggers.id, variantId: variant.id });
      expect(res.status, res.text).toBe(200);
    }
    await setStock(variant.id, 3);
    const outcomes = await Promise.allSettled(shoppers.map((shopper) => shopOf(shopper).checkout.placeOrder(checkoutForm())));
    const placed = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const error of refused) {
      expect(isShopError(error) && error.kind, String(error)).toBe("conflict");
      expect((error as Error).message).toBe("Raw Dogg Men's Joggers (Size S · Black) has sold out. Remove it or choose another size.");
    }
    expect(await stockOf(variant.id)).toBe(0);
    const carts = await Promise.all(shoppers.map(cartOf));
    expect(carts.filter((lines) => lines.length === 0)).toHaveLength(3);
    expect(carts.filter((lines) => lines.length === 1 && lines[0]!.quantity === 1)).toHaveLength(17);
    const { count } = (await env.DB.prepare("SELECT count(*) AS count FROM order_lines WHERE variant_id = ?").bind(variant.id).first<{ count: number }>())!;
    expect(count).toBe(3);
  });

  it("a line whose variant sold out since it was added is flagged before payment, and nothing is ordered", async () => {
    const joggers = await productBySlug("raw-dogg-mens-joggers");
    const variant = variantOf(joggers, { Size: "XL", Colour: "Black" });
    await setStock(variant.id, 5);
    const v = new Visitor();
    await v.post("/api/cart", { productId: joggers.id, variantId: variant.id, quantity: 2 });
    await setStock(variant.id, 1);
    const { lines } = await shopOf(v).cart.priced();
    expect(lines[0]!.variant).toMatchObject({ available: true, quantityAvailable: 1 });
    const error = await failure(shopOf(v).checkout.placeOrder(checkoutForm()));
    expect(isShopError(error) && error.kind).toBe("conflict");
    expect((error as Error).message).toBe("Only 1 left of Raw Dogg Men's Joggers (Size XL · Black). Lower the quantity to 1.");
    expect(isShopError(error) && error.issues).toEqual([{ path: `line-${lines[0]!.id}`, message: (error as Error).message }]);
    await setStock(variant.id, 0);
    const soldOut = await failure(shopOf(v).checkout.placeOrder(checkoutForm()));
    expect((soldOut as Error).message).toMatch(/has sold out/);
    expect(await stockOf(variant.id)).toBe(0);
    expect(await cartOf(v)).toHaveLength(1);
    await setStock(variant.id, 10);
  });

  it("a line whose size is still to choose: checkout asks for it (400 'Choose a size for …') and orders nothing", async () => {
    const tank = await productBySlug("raw-dogg-performance-tank");
    const v = new Visitor();
    await v.post("/api/cart", { productId: tank.id });
    const error = await failure(shopOf(v).checkout.placeOrder(checkoutForm()));
    expect(isShopError(error) && error.kind).toBe("invalid");
    expect((error as Error).message).toBe("Choose a size for Raw Dogg Performance Tank.");
    const [line] = await cartOf(v);
    await v.patch(`/api/cart/${line!.id}`, { variantId: variantOf(tank, { Size: "L", Colour: "Grey" }).id });
    const order = await shopOf(v).checkout.placeOrder(checkoutForm());
    expect(order.lines[0]).toMatchObject({ variantLabel: "Size L · Grey", sku: "RD-TANK-L-GRY" });
  });

  it("an order of a product without options takes the stock of its one variant", async () => {
    const snapback = await productBySlug("raw-dogg-snapback");
    const variant = snapback.variants[0]!;
    await setStock(variant.id, 7);
    const v = new Visitor();
    await v.post("/api/cart", { productId: snapback.id, quantity: 2 });
    await shopOf(v).checkout.placeOrder(checkoutForm());
    expect(await stockOf(variant.id)).toBe(5);
  });
});
