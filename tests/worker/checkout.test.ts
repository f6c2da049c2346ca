/**
 * The demo payment intent (contract, "Checkout and orders" and "Brand and money"): the
 * server prices the visitor's cart from the catalog, adds 8% tax rounded half up, records
 * the order with its lines, and never takes card data.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { priceCart } from "../../app/shared/money";
import { allBundles, allProducts, expectedTax, expectError, expectIssue, productBySlug, unique, type CartLine, type Product } from "./helpers";
import { Visitor } from "./visitor";

const INTENT = "/api/payment/create-payment-intent";

type Intent = { id: string; amount: number; currency: string; clientSecret: string };
type OrderRow = { id: string; email: string; subtotal: number; tax: number; shipping: number; total: number; currency: string };
type OrderLineRow = { product_id: number; name: string; unit_price: number; quantity: number; line_total: number };

const email = () => `${unique("buyer")}@example.com`;

/**
 * A cart of (product, quantity) whose 8% tax leaves a fractional cent remainder in `range`
 * (hundredths of a cent), found in the live catalog so it does not depend on seed prices.
 */
function cartWithTaxRemainder(products: Product[], range: [number, number]) {
  for (let qa = 1; qa <= 25; qa++) {
    for (const a of products) {
      for (const b of [null, ...products]) {
        if (b?.id === a.id) continue;
        for (let qb = b ? 1 : 0; qb <= (b ? 3 : 0); qb++) {
          const subtotal = a.price * qa + (b ? b.price * qb : 0);
          const remainder = (subtotal * 8) % 100;
          if (remainder >= range[0] && remainder <= range[1]) {
            const lines: [Product, number][] = b
              ? [
                  [a, qa],
                  [b, qb],
                ]
              : [[a, qa]];
            return { lines, subtotal };
          }
        }
      }
    }
  }
  throw new Error(`no cart in the catalog has a tax remainder in ${range}`);
}

async function checkOut(lines: [Product, number][]) {
  const v = new Visitor();
  for (const [p, quantity] of lines) expect((await v.post("/api/cart", { productId: p.id, quantity, price: 1 })).status).toBe(200);
  const customerEmail = email();
  const res = await v.post<Intent>(INTENT, { customerEmail });
  return { v, res, customerEmail };
}

describe("POST /api/payment/create-payment-intent", () => {
  it("An empty cart answers 400", async () => {
    expectError(await new Visitor().post(INTENT, { customerEmail: email() }), 400);
    const v = new Visitor();
    await v.post("/api/cart", { productId: 1 });
    await v.delete("/api/cart");
    expectError(await v.post(INTENT, { customerEmail: email() }), 400);
  });

  it("validates the email ('Please enter a valid email address')", async () => {
    const v = new Visitor();
    await v.post("/api/cart", { productId: 1 });
    for (const customerEmail of ["not-an-email", "", "a@", "@b.co", "a b@c.co"]) {
      expect(expectIssue(await v.post(INTENT, { customerEmail }), "customerEmail")).toBe("Please enter a valid email address");
    }
    expectIssue(await v.post(INTENT, { customerEmail: 42 }), "customerEmail");
    expectError(await v.post(INTENT, {}), 400);
    expectError(await v.post(INTENT), 400);
  });

  it('prices the visitor\'s cart on the server: `{id, amount, currency: "usd", clientSecret}`, amount = subtotal + round-half-up(8%)', async () => {
    const products = await allProducts();
    const { lines, subtotal } = cartWithTaxRemainder(products, [50, 99]);
    const { res } = await checkOut(lines);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: expect.any(String), amount: expect.any(Number), currency: "usd", clientSecret: expect.any(String) });
    expect(res.body.clientSecret.length).toBeGreaterThan(0);
    // Independently: the fraction is at least half a cent, so the tax rounds up.
    const tax = expectedTax(subtotal);
    expect(tax).toBe(Math.ceil((subtotal * 8) / 100));
    expect(res.body.amount).toBe(subtotal + tax);
  });

  it("Tax = round-half-up(8% of subtotal) in cents: a fraction under half a cent rounds down", async () => {
    const products = await allProducts();
    const { lines, subtotal } = cartWithTaxRemainder(products, [1, 49]);
    const { res } = await checkOut(lines);
    expect(res.status, res.text).toBe(200);
    expect(res.body.amount).toBe(subtotal + Math.floor((subtotal * 8) / 100));
  });

  it("the closest a cart gets to half a cent (8% can never end in exactly .5 cent): .52 rounds up, .48 rounds down", async () => {
    const products = await allProducts();
    for (const [range, round] of [
      [[52, 52], Math.ceil],
      [[48, 48], Math.floor],
    ] as const) {
      const { lines, subtotal } = cartWithTaxRemainder(products, [range[0], range[1]]);
      const { res } = await checkOut(lines);
      expect(res.body.amount, `subtotal ${subtotal}`).toBe(subtotal + round((subtotal * 8) / 100));
    }
  });

  it("records a demo order and its lines (subtotal from catalog prices, tax, total, currency usd)", async () => {
    const products = await allProducts();
    const [a, b] = [products.find((p) => p.slug === "24k-gold")!, products.find((p) => p.slug === "raw-dogg-performance-tank")!];
    const { res, customerEmail } = await checkOut([
      [a, 3],
      [b, 2],
    ]);
    expect(res.status, res.text).toBe(200);
    const subtotal = a.price * 3 + b.price * 2;
    const order = await env.DB.prepare("SELECT * FROM orders WHERE number = ?").bind(res.body.id).first<OrderRow>();
    expect(order).toMatchObject({ email: customerEmail, subtotal, tax: expectedTax(subtotal), total: subtotal + expectedTax(subtotal), currency: "usd" });
    expect(order!.shipping).toBe(0);
    expect(order!.total).toBe(res.body.amount);
    const { results } = await env.DB.prepare("SELECT * FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE number = ?) ORDER BY product_id")
      .bind(res.body.id)
      .all<OrderLineRow>();
    expect(results.map(({ product_id, name, unit_price, quantity, line_total }) => ({ product_id, name, unit_price, quantity, line_total }))).toEqual(
      [
        { product_id: a.id, name: a.name, unit_price: a.price, quantity: 3, line_total: a.price * 3 },
        { product_id: b.id, name: b.name, unit_price: b.price, quantity: 2, line_total: b.price * 2 },
      ].sort((x, y) => x.product_id - y.product_id),
    );
  });

  it("card fields are never sent to or stored by the server", async () => {
    const v = new Visitor();
    await v.post("/api/cart", { productId: 1 });
    const card = "4242424242424242";
    const res = await v.post<Intent>(INTENT, { customerEmail: email(), cardNumber: card, cvc: "123", expiry: "12/30" });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(card);
    const order = await env.DB.prepare("SELECT * FROM orders WHERE number = ?").bind(res.body.id).first();
    expect(JSON.stringify(order)).not.toContain(card);
    expect(JSON.stringify(order)).not.toContain("12/30");
  });

  it("Bundle savings are charged, not only shown: the intent's amount and the stored order are subtotal - savings + 8% of (subtotal - savings)", async () => {
    const [plainJane, fantasia] = [await productBySlug("plain-jane"), await productBySlug("fantasia")];
    const duo = (await allBundles()).find((b) => b.name === "Date Night Duo")!;
    expect(duo.products.map((p) => p.id).sort()).toEqual([plainJane.id, fantasia.id].sort());
    const { v, res } = await checkOut([
      [plainJane, 2],
      [fantasia, 1],
    ]);
    expect(res.status, res.text).toBe(200);
    // Independently: one complete set; its saving is the bundle's own, rounded half up per set.
    const subtotal = plainJane.price * 2 + fantasia.price;
    const savings = Math.floor(((plainJane.price + fantasia.price) * duo.discountPercentage + 50) / 100);
    expect(savings).toBe(Math.round(duo.savings * 100));
    const tax = expectedTax(subtotal - savings);
    expect(res.body.amount).toBe(subtotal - savings + tax);

    const order = await env.DB.prepare("SELECT * FROM orders WHERE number = ?")
      .bind(res.body.id)
      .first<OrderRow & { bundle_savings: number; bundles: string }>();
    expect(order).toMatchObject({ subtotal, bundle_savings: savings, tax, total: subtotal - savings + tax });
    expect(JSON.parse(order!.bundles)).toEqual([{ bundleId: duo.id, name: "Date Night Duo", sets: 1, savings }]);
    // ...which is what priceCart makes of the visitor's cart and the bundles, as the cart page and the checkout panel show it.
    const shown = priceCart((await v.get<CartLine[]>("/api/cart")).body, await allBundles());
    expect({ subtotal: shown.subtotal, bundle_savings: shown.bundleSavings, tax: shown.tax, total: shown.total }).toEqual({
      subtotal: order!.subtotal,
      bundle_savings: order!.bundle_savings,
      tax: order!.tax,
      total: order!.total,
    });
  });

  it("the same rule applies whether the set came from ADD BUNDLE or from adding the products one by one", async () => {
    const bundles = await allBundles();
    for (const bundle of bundles) {
      const [bySingles, byBundle] = [new Visitor(), new Visitor()];
      for (const p of bundle.products) expect((await bySingles.post("/api/cart", { productId: p.id })).status).toBe(200);
      expect((await byBundle.post(`/api/cart/add-bundle/${bundle.id}`)).status).toBe(200);
      const [a, b] = [await bySingles.post<Intent>(INTENT, { customerEmail: email() }), await byBundle.post<Intent>(INTENT, { customerEmail: email() })];
      const full = bundle.products.reduce((sum, p) => sum + p.price, 0);
      const savings = Math.round(bundle.savings * 100);
      expect(savings, bundle.name).toBeGreaterThan(0);
      expect(a.body.amount, bundle.name).toBe(full - savings + expectedTax(full - savings));
      expect(b.body.amount, bundle.name).toBe(a.body.amount);
    }
  });

  it("each cart unit counts in at most one bundle; overlapping bundles are taken largest saving first, once per complete set", async () => {
    const bundles = await allBundles();
    const whole = bundles.find((b) => b.name === "The Whole Pound")!;
    const duo = bundles.find((b) => b.name === "Date Night Duo")!;
    const v = new Visitor();
    // The six signature condoms twice over, plus Plain Jane and Fantasia once more: two
    // Whole Pounds (the larger saving) use twelve units; the last two make one Duo.
    for (const p of whole.products) await v.post("/api/cart", { productId: p.id, quantity: 2 });
    await v.post(`/api/cart/add-bundle/${duo.id}`);
    const res = await v.post<Intent>(INTENT, { customerEmail: email() });
    const subtotal = whole.products.reduce((sum, p) => sum + p.price * 2, 0) + duo.products.reduce((sum, p) => sum + p.price, 0);
    const savings = 2 * Math.round(whole.savings * 100) + Math.round(duo.savings * 100);
    expect(res.body.amount).toBe(subtotal - savings + expectedTax(subtotal - savings));
    const order = await env.DB.prepare("SELECT bundles FROM orders WHERE number = ?").bind(res.body.id).first<{ bundles: string }>();
    expect(JSON.parse(order!.bundles).map((b: { bundleId: number; sets: number }) => [b.bundleId, b.sets])).toEqual([
      [whole.id, 2],
      [duo.id, 1],
    ]);
  });

  it("each payment intent is its own order, for this visitor's cart only", async () => {
    const a = new Visitor();
    const b = new Visitor();
    const products = await allProducts();
    await a.post("/api/cart", { productId: products[0]!.id });
    await b.post("/api/cart", { productId: products[1]!.id, quantity: 2 });
    const [ra, rb] = [await a.post<Intent>(INTENT, { customerEmail: email() }), await b.post<Intent>(INTENT, { customerEmail: email() })];
    expect(ra.body.id).not.toBe(rb.body.id);
    expect(ra.body.clientSecret).not.toBe(rb.body.clientSecret);
    expect(ra.body.amount).toBe(products[0]!.price + expectedTax(products[0]!.price));
    expect(rb.body.amount).toBe(products[1]!.price * 2 + expectedTax(products[1]!.price * 2));
  });
});
