/**
 * UCP 2026-04-08 on the shop's own edge: the business profile at /.well-known/ucp, the demo
 * payment handler, and the REST binding under /ucp/v1, driven as an agent drives them.
 * Every UCP answer here is checked against the shop's valibot schemas written from the
 * spec's JSON schemas (workers/ucp/schemas.ts). A UCP checkout is an ordinary order: the
 * web cart's totals, the orders table and the back office's list.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { createDatabase } from "../../workers/db/client";
import { eq, gte, isNull, or } from "drizzle-orm";
import * as t from "../../workers/db/schema";
import { ORDER_NUMBER_SHAPE } from "../../app/shared/orders";
import { listOrders } from "../../workers/shop/backoffice/orders";
import { moveOrder } from "../../workers/shop/orders/lifecycle";
import { TOKEN_SHAPE } from "../../workers/shop/tokens";
import { createVisitor } from "../../workers/shop/visitor";
import type { EmailJob } from "../../workers/shop/emails/outbox";
import * as ucpSchemas from "../../workers/ucp/schemas";
import {
  buyerOf,
  completeCheckout,
  createCart,
  createCheckout,
  getOrder,
  getProduct,
  lookupCatalog,
  searchCatalog,
  updateCheckout,
  type UcpContext,
} from "../../workers/ucp/shopping";
import { allBundles, allProducts, pastTheLimit, shopOf, type Product } from "./helpers";
import worker from "./entry";
import { Visitor } from "./visitor";
import { SHIPPING_ADDRESS } from "../shopper";
import { logsOf } from "./mail";

const AGENT = 'profile="https://agent.example/.well-known/ucp"';
const BASE = "/ucp/v1";

/** A UCP request as an agent sends it: its profile, a request id, and a new idempotency key on a write. */
async function ucp(method: "GET" | "POST" | "PUT", path: string, body?: unknown, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID(), ...headers };
  if (method !== "GET" && !("Idempotency-Key" in headers)) h["Idempotency-Key"] = crypto.randomUUID();
  for (const [name, value] of Object.entries(h)) if (value === "") delete h[name];
  return new Visitor().request(method, `${BASE}${path}`, body, h);
}

/** The answer checked against `schema`, returned typed. */
function valid<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  expect(result.success, result.success ? "" : `${JSON.stringify(v.flatten(result.issues))}\n${JSON.stringify(body)}`).toBe(true);
  return result.output as v.InferOutput<S>;
}

const skuOf = (product: Product, options: Record<string, string> = {}) => {
  const variant = product.variants.find((candidate) => Object.entries(options).every(([name, value]) => candidate.options[name] === value));
  if (!variant) throw new Error(`${product.name} has no ${JSON.stringify(options)}`);
  return variant.sku;
};
const bySlug = async (slug: string) => (await allProducts()).find((p) => p.slug === slug)!;

const DESTINATION = {
  first_name: "Jane",
  last_name: "Doe",
  street_address: "1 Main Street",
  address_locality: "New York",
  address_region: "NY",
  postal_code: "10001",
  address_country: "United States",
};
const DEMO_PAYMENT = { payment: { instruments: [{ id: "instr_1", handler_id: "demo", type: "card", selected: true }] } };

describe("the business profile at /.well-known/ucp", () => {
  // /.well-known/ucp is the newest version's profile (ucp-versions.test.ts); it links this one in supported_versions.
  it("2026-04-08's is a valid business_profile with the REST binding first, every capability and the demo handler, cached publicly for at least 60 s", async () => {
    expect((await new Visitor().get("/.well-known/ucp")).body.ucp.supported_versions).toEqual({ "2026-04-08": "http://shop.test/.well-known/ucp/2026-04-08" });
    const res = await new Visitor().get("/.well-known/ucp/2026-04-08");
    expect(res.status).toBe(200);
    const cacheControl = res.headers.get("Cache-Control") ?? "";
    expect(cacheControl).toMatch(/\bpublic\b/);
    expect(cacheControl).not.toMatch(/private|no-store|no-cache/);
    expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1])).toBeGreaterThanOrEqual(60);
    const profile = valid(ucpSchemas.BusinessProfile, res.body);
    expect(profile.ucp.version).toBe("2026-04-08");
    const [first] = profile.ucp.services["dev.ucp.shopping"]!;
    expect(first).toMatchObject({ transport: "rest", endpoint: "http://shop.test/ucp/v1" });
    expect(Object.keys(profile.ucp.capabilities ?? {}).sort()).toEqual(
      [
        "dev.ucp.shopping.cart",
        "dev.ucp.shopping.catalog.lookup",
        "dev.ucp.shopping.catalog.search",
        "dev.ucp.shopping.checkout",
        "dev.ucp.shopping.discount",
        "dev.ucp.shopping.fulfillment",
        "dev.ucp.shopping.order",
      ].sort(),
    );
    expect(profile.ucp.capabilities!["dev.ucp.shopping.fulfillment"]![0]!.extends).toBe("dev.ucp.shopping.checkout");
    expect(profile.ucp.payment_handlers["com.rawdogg.demo"]).toEqual([
      { id: "demo", version: "2026-04-08", spec: "http://shop.test/ucp/payment-handlers/demo", available_instruments: [{ type: "card" }] },
    ]);
  });

  it("names a demo payment handler whose spec page says what it accepts and that it takes no money", async () => {
    const res = await new Visitor().get("/ucp/payment-handlers/demo");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(res.text).toContain("com.rawdogg.demo");
    expect(res.text).toContain("It takes no money");
    expect(res.text).toMatch(/handler_id<\/code> <code>"demo"/);
  });
});

describe("the catalog through REST", () => {
  it("search 'tee' finds every tee, with its variants' options, availability and prices in cents", async () => {
    const res = await ucp("POST", "/catalog/search", { query: "tee", pagination: { limit: 50 } });
    expect(res.status).toBe(200);
    const answer = valid(ucpSchemas.SearchAnswer, res.body);
    const tees = (await allProducts()).filter((p) => /tee/i.test(`${p.name} ${p.description}`)).map((p) => p.slug);
    expect(answer.products.map((p) => p.id).sort()).toEqual(tees.sort());
    expect(tees.length).toBeGreaterThanOrEqual(3);
    const logoTee = answer.products.find((p) => p.id === "raw-dogg-mens-logo-tee")!;
    const xxl = logoTee.variants.find((variant) => variant.options?.some((o) => o.name === "Size" && o.label === "XXL"))!;
    expect(xxl.price).toEqual({ amount: 2899, currency: "USD" });
    expect(logoTee.price_range).toEqual({ min: { amount: 2699, currency: "USD" }, max: { amount: 2899, currency: "USD" } });
    expect(logoTee.options?.[0]?.name).toBe("Size");
  });

  it("answers search, lookup and get_product from the catalog the shop shows: no trip to D1 once it is held (as /api/products)", async () => {
    const trips: string[] = [];
    // A D1 that records and refuses every use: the operations must not need it.
    const noD1 = new Proxy({} as D1Database, {
      get:
        (_, key) =>
        (...args: unknown[]) => {
          trips.push(`${String(key)} ${JSON.stringify(args).slice(0, 80)}`);
          throw new Error("D1 was asked");
        },
    });
    const deps = (d1: D1Database) => ({
      db: createDatabase(d1),
      kv: env.CATALOG_KV,
      visitor: createVisitor(null),
      waitUntil: () => undefined,
      log: () => undefined,
    });
    const warm: UcpContext = { origin: "http://shop.test", deps: deps(env.DB) };
    await searchCatalog(warm, { query: "tee" });
    const held: UcpContext = { origin: "http://shop.test", deps: deps(noD1) };
    valid(ucpSchemas.SearchAnswer, await searchCatalog(held, { query: "tee" }));
    valid(ucpSchemas.LookupAnswer, await lookupCatalog(held, { ids: ["RD-SNAPBACK"] }));
    valid(ucpSchemas.ProductAnswer, await getProduct(held, { id: "raw-dogg-snapback" }));
    expect(trips).toEqual([]);
  });

  it("lookup answers a product id with its featured variant and a SKU exactly, and says which ids it did not know", async () => {
    const tank = await bySlug("raw-dogg-performance-tank");
    const sku = skuOf(tank, { Size: "M", Colour: "Black" });
    const res = await ucp("POST", "/catalog/lookup", { ids: ["raw-dogg-snapback", sku, sku, "no-such-thing"] });
    const answer = valid(ucpSchemas.LookupAnswer, res.body);
    expect(answer.products).toHaveLength(2);
    const tankAnswer = answer.products.find((p) => p.id === tank.slug)!;
    expect(tankAnswer.variants.map((variant) => [variant.id, variant.inputs])).toEqual([[sku, [{ id: sku, match: "exact" }]]]);
    const snapback = answer.products.find((p) => p.id === "raw-dogg-snapback")!;
    expect(snapback.variants[0]!.inputs).toEqual([{ id: "raw-dogg-snapback", match: "featured" }]);
    expect(answer.messages).toEqual([expect.objectContaining({ type: "info", code: "not_found" })]);
  });

  it("get_product by a sold-out variant's id puts it first, selects its options and marks that value unavailable", async () => {
    const tank = await bySlug("raw-dogg-performance-tank");
    const soldOut = tank.variants.find((variant) => !variant.available)!;
    const res = await ucp("POST", "/catalog/product", { id: soldOut.sku });
    const answer = valid(ucpSchemas.ProductAnswer, res.body);
    expect(answer.product.variants[0]).toMatchObject({ id: soldOut.sku, availability: { available: false, status: "out_of_stock" } });
    expect(answer.product.selected).toEqual(Object.entries(soldOut.options).map(([name, label]) => ({ name, label })));
    const size = answer.product.options!.find((o) => o.name === "Size")!;
    expect(size.values.find((value) => value.label === soldOut.options.Size)).toMatchObject({ exists: true, available: false });
  });

  it("get_product of an unknown id is a business outcome: 200, ucp.status error, not_found", async () => {
    const res = await ucp("POST", "/catalog/product", { id: "nope" });
    expect(res.status).toBe(200);
    const answer = valid(ucpSchemas.ErrorAnswer, res.body);
    expect(answer.messages[0]).toMatchObject({ code: "not_found", severity: "unrecoverable" });
  });
});

describe("a checkout through REST", () => {
  it("is created with a variant line, updated with the buyer and address, completed with the demo handler, and its order read back and listed in the back office", async () => {
    const logoTee = await bySlug("raw-dogg-mens-logo-tee");
    const sku = skuOf(logoTee, { Size: "XXL" });
    const stockBefore = await stockOf(sku);

    const created = await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: sku }, quantity: 2 }] });
    expect(created.status).toBe(201);
    const checkout = valid(ucpSchemas.CheckoutAnswer, created.body);
    expect(checkout.id).toMatch(/^ucp_/);
    expect(checkout.status).toBe("incomplete");
    expect(checkout.line_items).toEqual([expect.objectContaining({ item: expect.objectContaining({ id: sku, price: 2899 }), quantity: 2 })]);
    expect(checkout.messages?.map((m) => m.path)).toEqual(expect.arrayContaining(["$.buyer.email", "$.fulfillment.methods[0].destinations"]));

    const email = `agent-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const updated = await ucp("PUT", `/checkout-sessions/${checkout.id}`, {
      buyer: { email, first_name: "Jane", last_name: "Doe" },
      fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
    });
    expect(updated.status).toBe(200);
    const ready = valid(ucpSchemas.CheckoutAnswer, updated.body);
    expect(ready.messages ?? []).toEqual([]);
    expect(ready.status).toBe("ready_for_complete");
    expect(ready.fulfillment?.methods?.[0]).toMatchObject({ type: "shipping", selected_destination_id: "dest_1" });
    expect(ready.totals).toEqual([
      { type: "subtotal", amount: 5798 },
      { type: "fulfillment", display_text: "Free shipping", amount: 0 },
      { type: "tax", display_text: "Sales tax (8%)", amount: 464 },
      { type: "total", amount: 6262 },
    ]);

    const completed = await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT);
    expect(completed.status).toBe(200);
    const done = valid(ucpSchemas.CheckoutAnswer, completed.body);
    expect(done.status).toBe("completed");
    // The order's id is its page's link token, its label the number a person reads: never the internal id.
    expect(done.order?.id).toMatch(TOKEN_SHAPE);
    expect(done.order?.label).toMatch(ORDER_NUMBER_SHAPE);
    expect(done.order?.permalink_url).toMatch(new RegExp(`^https?://[^/]+/orders/${done.order!.id}$`));
    expect(JSON.stringify(completed.body)).not.toContain("ord_");
    expect(done.line_items).toEqual([expect.objectContaining({ item: expect.objectContaining({ id: sku, price: 2899 }), quantity: 2 })]);
    expect(await stockOf(sku)).toBe(stockBefore! - 2);

    const order = valid(ucpSchemas.OrderAnswer, (await ucp("GET", `/orders/${done.order!.id}`)).body);
    expect(order).toMatchObject({ id: done.order!.id, checkout_id: checkout.id, currency: "USD" });
    expect(order.totals.find((total) => total.type === "total")?.amount).toBe(6262);
    expect(order.line_items[0]).toMatchObject({ item: { id: sku }, quantity: { total: 2, fulfilled: 0 }, status: "processing" });
    expect(order.fulfillment.expectations?.[0]).toMatchObject({ method_type: "shipping", destination: { postal_code: "10001" } });
    expect(order.fulfillment.events).toEqual([]);

    // One checkout, one order: completing it again under a new key is a conflict (409), and places nothing.
    const again = await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "checkout_not_modifiable" });
    expect(await stockOf(sku)).toBe(stockBefore! - 2);

    const listed = await listOrders({ db: createDatabase(env.DB), outbox: { enqueue: () => undefined }, address: "test" }, "placed", 1);
    expect(listed.rows.find((row) => row.number === done.order!.label)).toMatchObject({ email, items: 2, total: 6262 });
  });

  it("a destination without address_country is not sent to the United States unasked: 'Country is required' at its path, until the agent names one", async () => {
    const { address_country: _country, ...noCountry } = DESTINATION;
    const created = await ucp("POST", "/checkout-sessions", {
      line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
      buyer: { email: "agent@example.com", first_name: "Jane", last_name: "Doe" },
      fulfillment: { methods: [{ type: "shipping", destinations: [noCountry] }] },
    });
    const checkout = valid(ucpSchemas.CheckoutAnswer, created.body);
    expect(checkout.status).toBe("incomplete");
    expect(checkout.messages).toEqual([
      expect.objectContaining({
        type: "error",
        content: "Country is required",
        severity: "recoverable",
        path: "$.fulfillment.methods[0].destinations[0].address_country",
      }),
    ]);
    const refused = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT)).body);
    expect(refused.status).not.toBe("completed");
    expect(refused.order).toBeUndefined();

    const named = await ucp("PUT", `/checkout-sessions/${checkout.id}`, {
      fulfillment: { methods: [{ destinations: [{ ...noCountry, address_country: "CA" }] }] },
    });
    const ready = valid(ucpSchemas.CheckoutAnswer, named.body);
    expect(ready.messages ?? []).toEqual([]);
    expect(ready.status).toBe("ready_for_complete");
  });

  it("totals equal the web checkout's to the cent for the same cart (a bundle's savings, tax after savings)", async () => {
    const [bundle] = (await allBundles()).filter((b) => b.products.length > 0);
    const products = await allProducts();
    const web = new Visitor();
    const lines = bundle!.products.map(({ id }, index) => ({ product: products.find((p) => p.id === id)!, quantity: index + 1 }));
    for (const { product, quantity } of lines) {
      expect((await web.post("/api/cart", { productId: product.id, quantity, variantId: product.variants[0]!.id })).status).toBe(200);
    }
    const webTotals = (await shopOf(web).cart.priced()).totals;
    expect(webTotals.bundleSavings).toBeGreaterThan(0);

    const res = await ucp("POST", "/checkout-sessions", {
      line_items: lines.map(({ product, quantity }) => ({ item: { id: product.variants[0]!.sku }, quantity })),
    });
    const checkout = valid(ucpSchemas.CheckoutAnswer, res.body);
    const amount = (type: string) => checkout.totals.find((total) => total.type === type)?.amount;
    expect(amount("subtotal")).toBe(webTotals.subtotal);
    expect(amount("items_discount")).toBe(-webTotals.bundleSavings);
    expect(amount("tax")).toBe(webTotals.tax);
    expect(amount("total")).toBe(webTotals.total);
  });

  it("refuses a sold-out variant: alone, no checkout is made (out_of_stock, unrecoverable); beside another line, the checkout is incomplete and says which line", async () => {
    const tank = await bySlug("raw-dogg-performance-tank");
    const soldOut = tank.variants.find((variant) => !variant.available)!;
    const alone = await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: soldOut.sku }, quantity: 1 }] });
    expect(alone.status).toBe(200);
    const refused = valid(ucpSchemas.ErrorAnswer, alone.body);
    expect(refused.messages[0]).toMatchObject({ type: "error", code: "out_of_stock", severity: "unrecoverable" });

    const mixed = await ucp("POST", "/checkout-sessions", {
      line_items: [
        { item: { id: "RD-SNAPBACK" }, quantity: 1 },
        { item: { id: soldOut.sku }, quantity: 1 },
      ],
      buyer: { email: "agent@example.com", first_name: "Jane", last_name: "Doe" },
      fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
    });
    const checkout = valid(ucpSchemas.CheckoutAnswer, mixed.body);
    expect(checkout.status).toBe("incomplete");
    expect(checkout.line_items.map((line) => line.item.id)).toEqual(["RD-SNAPBACK"]);
    expect(checkout.messages).toEqual([expect.objectContaining({ code: "out_of_stock", severity: "recoverable", path: "$.line_items[1]" })]);
    const completed = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", `/checkout-sessions/${checkout.id}/complete`, DEMO_PAYMENT)).body);
    expect(completed.status).toBe("incomplete");
    expect(completed.order).toBeUndefined();
  });

  it("refuses an instrument of another handler (payment_failed), and a canceled checkout cannot be completed", async () => {
    const created = valid(
      ucpSchemas.CheckoutAnswer,
      (
        await ucp("POST", "/checkout-sessions", {
          line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
          buyer: { email: "agent@example.com", first_name: "Jane", last_name: "Doe" },
          fulfillment: { methods: [{ destinations: [DESTINATION] }] },
        })
      ).body,
    );
    expect(created.status).toBe("ready_for_complete");
    const wrong = valid(
      ucpSchemas.CheckoutAnswer,
      (await ucp("POST", `/checkout-sessions/${created.id}/complete`, { payment: { instruments: [{ id: "i", handler_id: "gpay", type: "card" }] } })).body,
    );
    expect(wrong.status).toBe("incomplete");
    expect(wrong.order).toBeUndefined();
    expect(wrong.messages).toEqual([expect.objectContaining({ code: "payment_failed", severity: "recoverable", path: "$.payment.instruments" })]);

    const canceled = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", `/checkout-sessions/${created.id}/cancel`, {})).body);
    expect(canceled.status).toBe("canceled");
    const late = await ucp("POST", `/checkout-sessions/${created.id}/complete`, DEMO_PAYMENT);
    expect(late.status).toBe(409);
    expect(valid(ucpSchemas.ProtocolErrorAnswer, late.body).code).toBe("checkout_not_modifiable");
  });

  it("completing sends the order's confirmation email, as the web checkout does", async () => {
    const jobs: EmailJob[] = [];
    const ctx: UcpContext = {
      origin: "http://shop.test",
      deps: {
        db: createDatabase(env.DB),
        kv: env.CATALOG_KV,
        visitor: createVisitor(null),
        waitUntil: () => undefined,
        log: () => undefined,
        outbox: { enqueue: (job) => jobs.push(job) },
      },
    };
    const created = await createCheckout(ctx, {
      line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
      buyer: { email: "mail@example.com", first_name: "Jane", last_name: "Doe" },
    });
    const id = (created as ucpSchemas.CheckoutAnswer).id;
    await updateCheckout(ctx, id, { fulfillment: { methods: [{ destinations: [DESTINATION] }] } });
    const done = valid(ucpSchemas.CheckoutAnswer, await completeCheckout(ctx, id, { payment: { instruments: [{ handler_id: "demo", type: "card" }] } }));
    const { id: orderId } = (await env.DB.prepare("SELECT id FROM orders WHERE access_token = ?").bind(done.order!.id).first<{ id: string }>())!;
    expect(jobs).toEqual([{ kind: "order_confirmation", orderId, origin: "http://shop.test", token: done.order!.id }]);
  });
});

/** A variant's stock as D1 holds it. */
async function stockOf(sku: string) {
  const row = await createDatabase(env.DB).select({ stock: t.variants.stock }).from(t.variants).where(eq(t.variants.sku, sku)).get();
  return row?.stock ?? null;
}

describe("an order's life as an agent reads it (order.md: fulfillment events and adjustments)", () => {
  const owner = { db: createDatabase(env.DB), outbox: { enqueue: () => undefined }, address: "198.18.0.9" };

  /** A UCP checkout of one men's logo tee (M) and the single, completed: its order reference. */
  async function agentOrder() {
    const tee = skuOf(await bySlug("raw-dogg-mens-logo-tee"), { Size: "M" });
    const single = (await allProducts()).find((p) => p.digital)!.variants[0]!.sku;
    const created = valid(
      ucpSchemas.CheckoutAnswer,
      (
        await ucp("POST", "/checkout-sessions", {
          line_items: [
            { item: { id: tee }, quantity: 1 },
            { item: { id: single }, quantity: 1 },
          ],
        })
      ).body,
    );
    const email = `agent-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await ucp("PUT", `/checkout-sessions/${created.id}`, {
      buyer: { email, first_name: "Jane", last_name: "Doe" },
      fulfillment: { methods: [{ type: "shipping", destinations: [DESTINATION] }] },
    });
    const done = valid(ucpSchemas.CheckoutAnswer, (await ucp("POST", `/checkout-sessions/${created.id}/complete`, DEMO_PAYMENT)).body);
    expect(done.status).toBe("completed");
    return done.order!;
  }
  const read = async (id: string) => valid(ucpSchemas.OrderAnswer, (await ucp("GET", `/orders/${id}`)).body);

  it("packing, shipping and delivery by the owner show as processing, shipped and delivered events with the carrier's tracking link; the parcel's lines become fulfilled", async () => {
    const ref = await agentOrder();
    const placed = await read(ref.id);
    expect(placed).toMatchObject({ id: ref.id, label: ref.label });
    const [teeLine, singleLine] = placed.line_items;
    // The single is the buyer's once placed; the tee waits for the carrier.
    expect(teeLine).toMatchObject({ quantity: { total: 1, fulfilled: 0 }, status: "processing" });
    expect(singleLine).toMatchObject({ quantity: { total: 1, fulfilled: 1 }, status: "fulfilled" });
    expect(JSON.stringify(placed)).not.toContain("1 Main Street");
    expect(placed.fulfillment.expectations?.[0]?.destination).toMatchObject({
      first_name: "Jane",
      last_name: "D.",
      street_address: "1 M…",
      postal_code: "10001",
    });

    await moveOrder(owner, ref.label!, { to: "packed" });
    expect((await read(ref.id)).fulfillment.events).toEqual([expect.objectContaining({ type: "processing", line_items: [{ id: teeLine!.id, quantity: 1 }] })]);
    await moveOrder(owner, ref.label!, { to: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await moveOrder(owner, ref.label!, { to: "delivered" });
    const delivered = await read(ref.id);
    expect(delivered.fulfillment.events?.map((event) => event.type)).toEqual(["processing", "shipped", "delivered"]);
    for (const event of delivered.fulfillment.events!.slice(1)) {
      expect(event).toMatchObject({ carrier: "UPS", tracking_number: "1Z999AA10123456784", line_items: [{ id: teeLine!.id, quantity: 1 }] });
      expect(event.tracking_url).toContain("1Z999AA10123456784");
      expect(event.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    expect(delivered.line_items[0]).toMatchObject({ quantity: { total: 1, fulfilled: 1 }, status: "fulfilled" });
    expect(delivered.adjustments).toBeUndefined();
  });

  it("a cancelled order is a completed cancellation adjustment that takes every line back, with the owner's reason; its lines are removed", async () => {
    const ref = await agentOrder();
    await moveOrder(owner, ref.label!, { to: "cancelled", reason: "Out of stock at the warehouse" });
    const order = await read(ref.id);
    expect(order.adjustments).toEqual([
      expect.objectContaining({
        type: "cancellation",
        status: "completed",
        description: "Out of stock at the warehouse",
        line_items: order.line_items.map((line) => ({ id: line.id, quantity: -1 })),
      }),
    ]);
    expect(order.line_items.every((line) => line.status === "removed" && line.quantity.total === 0)).toBe(true);
    expect(order.fulfillment.expectations).toEqual([]);
  });

  it("a failure while reading it is logged without the token its path carries (the id is the order page's capability)", async () => {
    const ref = await agentOrder();
    const broken = {
      prepare: () => {
        throw new Error("D1 is down");
      },
      batch: () => Promise.reject(new Error("D1 is down")),
    };
    let status = 0;
    const lines = await logsOf(async () => {
      const request = new Request(`http://shop.test${BASE}/orders/${ref.id}`, { headers: { "UCP-Agent": AGENT, "Request-Id": crypto.randomUUID() } });
      const ctx = createExecutionContext();
      status = (await worker.fetch(request, { ...env, DB: broken } as unknown as Env, ctx)).status;
      await waitOnExecutionContext(ctx);
    });
    expect(status).toBe(500);
    expect(lines.some((line) => line.includes('"event":"ucp_failure"') && line.includes(`"path":"${BASE}/orders/[token]"`))).toBe(true);
    expect(lines.join("\n")).not.toContain(ref.id);
  });

  it("the id is the order's link token and the only way in: a web order reads by its token, a changed character, the number or the internal id is not found", async () => {
    const ref = await agentOrder();
    const internal = (await env.DB.prepare("SELECT id FROM orders WHERE number = ?").bind(ref.label!).first<{ id: string }>())!.id;
    const changed = `${ref.id.slice(0, -1)}${ref.id.endsWith("A") ? "B" : "A"}`;
    for (const id of [changed, ref.label!, internal, ref.id.toLowerCase() === ref.id ? ref.id.toUpperCase() : ref.id.toLowerCase()]) {
      const answer = valid(ucpSchemas.ErrorAnswer, (await ucp("GET", `/orders/${encodeURIComponent(id)}`)).body);
      expect(answer.messages[0]?.code).toBe("not_found");
    }
    const shopper = new Visitor();
    expect((await shopper.post("/api/cart", { productId: 1, quantity: 1 })).status).toBe(200);
    const web = await shopOf(shopper).checkout.placeOrder({
      email: "web@example.com",
      ...SHIPPING_ADDRESS,
      cardholderName: "Jane Doe",
      checkoutKey: crypto.randomUUID(),
    });
    const order = await read(web.accessToken!);
    // A web order's checkout is named by its number: its session id is the visitor's cookie.
    expect(order).toMatchObject({ id: web.accessToken, label: web.number, checkout_id: web.number });
    expect(JSON.stringify(order)).not.toContain(shopper.jar.get("rd_session")!);
  });
});

describe("what the official conformance suite sends (tests/conformance/README.md)", () => {
  const READY = { buyer: { email: "agent@example.com", first_name: "Jane", last_name: "Doe" }, fulfillment: { methods: [{ destinations: [DESTINATION] }] } };

  it("reads the suite's address `locality`/`region` and buyer `name` only where the spec's own fields are absent, answers under the spec's names, and keeps the platform's destination id", async () => {
    const created = await ucp("POST", "/checkout-sessions", {
      line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
      buyer: { email: "agent@example.com", name: "Conformance Test Buyer" },
      fulfillment: {
        methods: [
          {
            type: "shipping",
            destinations: [{ id: "dest_9", street_address: "1 Main Street", locality: "New York", region: "NY", postal_code: "10001", address_country: "US" }],
            selected_destination_id: "dest_9",
          },
        ],
      },
    });
    const checkout = valid(ucpSchemas.CheckoutAnswer, created.body);
    expect(checkout.status).toBe("ready_for_complete");
    expect(checkout.buyer).toEqual({ email: "agent@example.com", first_name: "Conformance", last_name: "Test Buyer" });
    expect(checkout.fulfillment?.methods?.[0]).toMatchObject({
      selected_destination_id: "dest_9",
      destinations: [
        { id: "dest_9", street_address: "1 Main Street", address_locality: "New York", address_region: "NY", postal_code: "10001", address_country: "US" },
      ],
    });
    expect(checkout.fulfillment?.methods?.[0]?.destinations?.[0]).not.toHaveProperty("locality");

    // The spec's fields win over the aliases; a name is not read beside a first or last name.
    const updated = await ucp("PUT", `/checkout-sessions/${checkout.id}`, {
      buyer: { first_name: "Jane", name: "Someone Else" },
      // An empty id is none: the shop names the destination.
      fulfillment: { methods: [{ destinations: [{ ...DESTINATION, id: "", address_locality: "Albany", locality: "Elsewhere", region: "CA" }] }] },
    });
    const after = valid(ucpSchemas.CheckoutAnswer, updated.body);
    expect(after.buyer).toEqual({ email: "agent@example.com", first_name: "Jane", last_name: "Test Buyer" });
    expect(after.fulfillment?.methods?.[0]?.destinations?.[0]).toMatchObject({ id: "dest_1", address_locality: "Albany", address_region: "NY" });

    // Split at the first space, so first and last name joined give the name back; one word is a first name only.
    expect(buyerOf({ name: " Jean  Paul Sartre " })).toEqual({ first_name: "Jean", last_name: "Paul Sartre" });
    expect(buyerOf({ name: "Cher", email: "c@example.com" })).toEqual({ first_name: "Cher", email: "c@example.com" });
    // A field the shop reads, in the wrong shape, is still a 400.
    const wrong = await ucp("POST", "/checkout-sessions", {
      line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
      fulfillment: { methods: [{ destinations: [{ locality: 7 }] }] },
    });
    expect(wrong.status).toBe(400);
  });

  it("answers payment.instruments as the request sent them, never their credential nor billing address (overview: businesses MUST NOT echo credentials)", async () => {
    const instrument = {
      id: "instr_1",
      handler_id: "demo",
      type: "card",
      selected: true,
      display: { brand: "Visa", last_digits: "4242", note: "not a card display field" },
      credential: { type: "card", card_number_type: "fpan", number: "4242424242424242", cvc: "987", name: "Jane Doe" },
      billing_address: { street_address: "9 Secret Lane" },
    };
    const echoed = { instruments: [{ id: "instr_1", handler_id: "demo", type: "card", selected: true, display: { brand: "Visa", last_digits: "4242" } }] };
    const leaks = (text: string) => ["4242424242424242", "987", "credential", "Secret Lane", "not a card display"].filter((secret) => text.includes(secret));

    const created = await ucp("POST", "/checkout-sessions", {
      line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
      ...READY,
      payment: { instruments: [instrument], handlers: [{ id: "google_pay" }] },
    });
    expect(valid(ucpSchemas.CheckoutAnswer, created.body).payment).toEqual(echoed);
    expect(leaks(created.text)).toEqual([]);
    const id = (created.body as { id: string }).id;

    // The shop keeps no instrument: an answer lists those of the request it answers.
    expect(valid(ucpSchemas.CheckoutAnswer, (await ucp("GET", `/checkout-sessions/${id}`)).body).payment).toEqual({ instruments: [] });
    const updated = await ucp("PUT", `/checkout-sessions/${id}`, { payment: { instruments: [instrument] } });
    expect(valid(ucpSchemas.CheckoutAnswer, updated.body).payment).toEqual(echoed);

    const completed = await ucp("POST", `/checkout-sessions/${id}/complete`, { payment: { instruments: [instrument] } });
    const done = valid(ucpSchemas.CheckoutAnswer, completed.body);
    expect(done.status).toBe("completed");
    expect(done.payment).toEqual(echoed);
    expect(leaks(completed.text)).toEqual([]);
  });

  it("a quantity over what a cart line holds is a business outcome: 200, the line kept at 99 with a quantity_adjusted warning, never a 400", async () => {
    const plenty = await createDatabase(env.DB)
      .select({ sku: t.variants.sku })
      .from(t.variants)
      .where(or(isNull(t.variants.stock), gte(t.variants.stock, 99)))
      .get();
    expect(plenty, "the seed has a variant 99 can be had of").toBeDefined();
    const created = await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: plenty!.sku }, quantity: 10001 }], ...READY });
    expect(created.status).toBe(201);
    const checkout = valid(ucpSchemas.CheckoutAnswer, created.body);
    expect(checkout.line_items.map((line) => line.quantity)).toEqual([99]);
    expect(checkout.messages).toEqual([expect.objectContaining({ type: "warning", code: "quantity_adjusted", path: "$.line_items[0].quantity" })]);
    expect(checkout.status).toBe("ready_for_complete");
  });
});

describe("an agent whose profile was read gets only the capabilities negotiated with it", () => {
  const ctxWith = (...capabilities: string[]): UcpContext => ({
    origin: "http://shop.test",
    capabilities: new Set(capabilities),
    deps: {
      db: createDatabase(env.DB),
      kv: env.CATALOG_KV,
      visitor: createVisitor(null),
      waitUntil: () => undefined,
      log: () => undefined,
      outbox: { enqueue: () => undefined },
    },
  });

  it("an operation outside them answers capabilities_incompatible as a business outcome (ucp.status error, no resource), and makes nothing", async () => {
    const ctx = ctxWith("dev.ucp.shopping.catalog.search");
    const sessions = async () => (await createDatabase(env.DB).select({ id: t.ucpSessions.id }).from(t.ucpSessions)).length;
    const before = await sessions();
    const refused = valid(ucpSchemas.ErrorAnswer, await createCart(ctx, { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] }));
    expect(refused.ucp.status).toBe("error");
    expect(refused.messages).toEqual([expect.objectContaining({ type: "error", code: "capabilities_incompatible", severity: "unrecoverable" })]);
    expect(await sessions()).toBe(before);
    const found = valid(ucpSchemas.SearchAnswer, await searchCatalog(ctx, { query: "tee" }));
    expect(Object.keys(found.ucp.capabilities ?? {})).toEqual(["dev.ucp.shopping.catalog.search"]);
    expect(valid(ucpSchemas.ErrorAnswer, await getOrder(ctx, "ord_000000000000000000000000")).messages[0]?.code).toBe("capabilities_incompatible");
  });

  it("a checkout without the fulfillment extension names only checkout in its envelope and carries no fulfillment: the extension's fields are unknown ones", async () => {
    const checkout = valid(
      ucpSchemas.CheckoutAnswer,
      await createCheckout(ctxWith("dev.ucp.shopping.checkout"), {
        line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }],
        buyer: { email: "agent@example.com", first_name: "Jane", last_name: "Doe" },
        fulfillment: { methods: [{ destinations: [DESTINATION] }] },
      }),
    );
    expect(Object.keys(checkout.ucp.capabilities ?? {})).toEqual(["dev.ucp.shopping.checkout"]);
    expect(checkout).not.toHaveProperty("fulfillment");
    expect(checkout.status).toBe("incomplete");
    expect(checkout.messages?.map((message) => message.path)).toContain("$.fulfillment.methods[0].destinations");
  });
});

describe("carts through REST", () => {
  it("are created, read, replaced and canceled; a canceled cart is not found", async () => {
    const created = await ucp("POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] });
    expect(created.status).toBe(201);
    const cart = valid(ucpSchemas.CartAnswer, created.body);
    expect(cart.totals.find((total) => total.type === "subtotal")?.amount).toBe(2999);
    const read = valid(ucpSchemas.CartAnswer, (await ucp("GET", `/carts/${cart.id}`)).body);
    expect(read.line_items).toEqual(cart.line_items);
    const replaced = valid(ucpSchemas.CartAnswer, (await ucp("PUT", `/carts/${cart.id}`, { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 3 }] })).body);
    expect(replaced.line_items.map((line) => line.quantity)).toEqual([3]);
    expect(replaced.totals.find((total) => total.type === "subtotal")?.amount).toBe(8997);
    valid(ucpSchemas.CartAnswer, (await ucp("POST", `/carts/${cart.id}/cancel`, {})).body);
    const gone = valid(ucpSchemas.ErrorAnswer, (await ucp("GET", `/carts/${cart.id}`)).body);
    expect(gone.messages[0]).toMatchObject({ code: "not_found" });
  });
});

describe("the binding's headers", () => {
  it("a request without UCP-Agent is refused with 400 invalid_profile_url", async () => {
    const res = await ucp("POST", "/catalog/search", { query: "tee" }, { "UCP-Agent": "" });
    expect(res.status).toBe(400);
    expect(valid(ucpSchemas.ProtocolErrorAnswer, res.body).code).toBe("invalid_profile_url");
    const garbled = await ucp("POST", "/catalog/search", { query: "tee" }, { "UCP-Agent": "profile=https://unquoted" });
    expect(garbled.status).toBe(400);
  });

  it("off a local server the agent's profile is checked before anything runs: one not served over HTTPS is refused (400 invalid_profile_url), unfetched", async () => {
    const production = new Visitor("https://rawdogg.example");
    const res = await production.post(
      `${BASE}/catalog/search`,
      { query: "tee" },
      { "UCP-Agent": 'profile="http://agent.example/.well-known/ucp"', "Request-Id": crypto.randomUUID() },
    );
    expect(res.status).toBe(400);
    expect(valid(ucpSchemas.ProtocolErrorAnswer, res.body)).toMatchObject({ code: "invalid_profile_url", content: expect.stringContaining("HTTPS") });
  });

  it("a write without Idempotency-Key, or any request without Request-Id, is a 400 (rest.openapi.json marks both required)", async () => {
    const noKey = await ucp("POST", "/carts", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] }, { "Idempotency-Key": "" });
    expect(noKey.status).toBe(400);
    expect(valid(ucpSchemas.ProtocolErrorAnswer, noKey.body).code).toBe("invalid_request");
    const noId = await ucp("POST", "/catalog/search", {}, { "Request-Id": "" });
    expect(noId.status).toBe(400);
  });

  it("the same Idempotency-Key replays the first answer; with another body it answers 409", async () => {
    const key = crypto.randomUUID();
    const body = { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 1 }] };
    const first = await ucp("POST", "/checkout-sessions", body, { "Idempotency-Key": key });
    const replay = await ucp("POST", "/checkout-sessions", body, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    const other = await ucp("POST", "/checkout-sessions", { line_items: [{ item: { id: "RD-SNAPBACK" }, quantity: 2 }] }, { "Idempotency-Key": key });
    expect(other.status).toBe(409);
    expect(valid(ucpSchemas.ProtocolErrorAnswer, other.body).code).toBe("idempotency_conflict");
  });

  it("fields and headers the shop does not know are ignored, never refused", async () => {
    const res = await ucp(
      "POST",
      "/checkout-sessions",
      {
        line_items: [{ item: { id: "RD-SNAPBACK", colour_of_mood: "teal" }, quantity: 1, gift: true }],
        loyalty: { tier: "gold" },
        signals: { "dev.ucp.buyer_ip": "1.2.3.4" },
      },
      { "X-Agent-Mood": "cheerful", "Accept-Language": "fr-CA", Signature: "sig1=:AAAA:" },
    );
    expect(res.status).toBe(201);
    valid(ucpSchemas.CheckoutAnswer, res.body);
  });

  it("the shop's abuse limits apply: an 11th completion a minute from one address is refused (429 too_many_requests, Retry-After), through REST and MCP alike", async () => {
    const send = async (path: string, ip: string, body: unknown, headers: Record<string, string>) => {
      const ctx = createExecutionContext();
      const request = new Request(`http://shop.test${path}`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "CF-Connecting-IP": ip, "Content-Type": "application/json", ...headers },
      });
      const response = await worker.fetch(request, { ...env, SHOP_RATE_LIMITS: "on" }, ctx);
      await waitOnExecutionContext(ctx);
      return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: (await response.json()) as Record<string, unknown> };
    };
    const rest = async (ip: string) =>
      send(`${BASE}/checkout-sessions/ucp_AAAAAAAAAAAAAAAAAAAAAA/complete`, ip, DEMO_PAYMENT, {
        "UCP-Agent": AGENT,
        "Request-Id": crypto.randomUUID(),
        "Idempotency-Key": crypto.randomUUID(),
      });
    const completions = await pastTheLimit(10, (address) => rest(address));
    expect(completions.allowed.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(completions.refused).toMatchObject({ status: 429, retryAfter: "60", body: { code: "too_many_requests" } });

    const mcp = async (ip: string) =>
      send(
        "/ucp/mcp",
        ip,
        {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: {
            name: "complete_checkout",
            arguments: {
              meta: { "ucp-agent": { profile: "https://agent.example/.well-known/ucp" }, "idempotency-key": crypto.randomUUID() },
              id: "ucp_AAAAAAAAAAAAAAAAAAAAAA",
              checkout: DEMO_PAYMENT,
            },
          },
        },
        { Accept: "application/json, text/event-stream" },
      );
    const completionsByMcp = await pastTheLimit(10, (address) => mcp(address));
    expect(completionsByMcp.allowed.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(completionsByMcp.refused).toMatchObject({ status: 429, body: { error: { code: -32000, data: { retry_after: 60 } } } });
  });

  it("an unknown operation is a 404 with code and content, and a body over 16 KiB a 413", async () => {
    const unknown = await ucp("POST", "/checkout-sessions/x/refund", {});
    expect(unknown.status).toBe(404);
    valid(ucpSchemas.ProtocolErrorAnswer, unknown.body);
    const huge = await ucp("POST", "/catalog/search", { query: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    valid(ucpSchemas.ProtocolErrorAnswer, huge.body);
  });
});
