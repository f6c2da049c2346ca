/**
 * D1 round trips per request: machine-independent, so these are hard limits.
 * Each request goes through the whole Worker (tests/worker/entry.tsx: the real edge, API
 * and page cache; its stand-in pages make the calls the real loaders make) with a D1
 * binding that counts trips: a statement run on its own is one, a batch is one, and so is
 * a read made in the background for the request.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "./entry";
import { productBySlug } from "./helpers";
import { SHIPPING_ADDRESS } from "../shopper";
import { ORIGIN, Visitor } from "./visitor";

/** Wraps a D1 binding or session so that every trip through it is counted. */
function counting<T extends D1Database | D1DatabaseSession>(d1: T, counter: { trips: number }): T {
  const run = new Set(["all", "raw", "first", "run"]);
  /** Each proxy's statement: a batch must be given the real ones. */
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => statement(value.apply(target, args));
        if (run.has(String(key))) counter.trips++;
        return value.bind(target);
      },
    });
    real.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "prepare") return (sql: string) => statement(target.prepare(sql));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          counter.trips++;
          return target.batch(statements.map((stmt) => real.get(stmt) ?? stmt));
        };
      if (key === "withSession") return (constraint?: string) => counting((target as D1Database).withSession(constraint), counter);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * One request through the Worker as `visitor`, and the D1 trips it made (background work
 * included). A body is sent as JSON, or as a form posted without JavaScript when it is URLSearchParams.
 */
async function trips(visitor: Visitor, method: string, path: string, body?: unknown) {
  const counter = { trips: 0 };
  const headers = new Headers(visitor.cookie ? { Cookie: visitor.cookie } : {});
  const form = body instanceof URLSearchParams;
  if (body !== undefined) headers.set("Content-Type", form ? "application/x-www-form-urlencoded" : "application/json");
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : form ? body : JSON.stringify(body) });
  const response = await worker.fetch(request, { ...env, DB: counting(env.DB, counter) }, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text, trips: counter.trips };
}

/** A visitor with two of one product in the cart. */
async function shopperWithCart(): Promise<Visitor> {
  const visitor = new Visitor();
  await visitor.post("/api/cart", { productId: (await productBySlug("plain-jane")).id, quantity: 2 });
  expect(visitor.jar.get("rd_cart")).toBe("2");
  return visitor;
}

// Each test starts with the catalog's version freshly held by the isolate (read less than
// 4 s ago, so no request is due to read it again) and the catalog's copy in memory.
beforeEach(async () => {
  await new Visitor().get("/api/health");
  await new Visitor().get("/api/products");
});

describe("D1 round trips per request", () => {
  it("a page cache hit makes none, for a visitor without a cart", async () => {
    await new Visitor().get("/faq");
    const { response, trips: count } = await trips(new Visitor(), "GET", "/faq");
    expect(response.headers.get("X-Page-Cache")).toBe("HIT");
    expect(count).toBe(0);
  });

  it("a page cache hit makes none for a visitor with a cart, whose badge still shows their count", async () => {
    const shopper = await shopperWithCart();
    await new Visitor().get("/products");
    const { response, trips: count } = await trips(shopper, "GET", "/products");
    expect(response.headers.get("X-Page-Cache")).toBe("HIT");
    expect(count).toBe(0);
  });

  it("a catalog API hit makes none", async () => {
    await new Visitor().get("/api/products?featured=true");
    expect((await trips(new Visitor(), "GET", "/api/products?featured=true")).trips).toBe(0);
    expect((await trips(await shopperWithCart(), "GET", "/api/categories")).trips).toBe(0);
  });

  it("the Merchant Center feed and /llms.txt make none on a repeat at the same catalog version", async () => {
    for (const path of ["/feeds/products.xml", "/llms.txt"]) {
      await new Visitor().get(path);
      const { response, trips: count } = await trips(new Visitor(), "GET", path);
      expect(response.status, path).toBe(200);
      expect(count, path).toBe(0);
    }
  });

  it("an uncached page makes at most one: a product page (its reaction counts), the cart, a one-off render", async () => {
    const shopper = await shopperWithCart();
    for (const path of ["/products/fantasia?utm_source=mail", "/cart", "/?ref=x", "/checkout"]) {
      const { response, trips: count } = await trips(shopper, "GET", path);
      expect(response.headers.get("X-Page-Cache"), path).toBeNull();
      expect(count, path).toBeLessThanOrEqual(1);
    }
  });

  it("a cart write makes at most two: add (a new visitor too), add a bundle, change, remove, clear", async () => {
    const newcomer = new Visitor();
    expect((await trips(newcomer, "POST", "/api/cart", { productId: 1 })).trips).toBeLessThanOrEqual(2);
    const shopper = await shopperWithCart();
    const lineId = (await shopper.get("/api/cart")).body[0].id;
    for (const [method, path, body] of [
      ["POST", "/api/cart", { productId: 2, quantity: 1 }],
      ["POST", "/api/cart/add-bundle/1", undefined],
      ["PATCH", `/api/cart/${lineId}`, { quantity: 5 }],
      ["DELETE", `/api/cart/${lineId}`, undefined],
      ["DELETE", "/api/cart", undefined],
    ] as const) {
      const { response, trips: count } = await trips(shopper, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(200);
      expect(count, `${method} ${path}`).toBeLessThanOrEqual(2);
    }
  });

  it("a page's form makes as many as its API twin, and a document POST the page after it: the cart's add at most two, placing the order at most three", async () => {
    const shopper = await shopperWithCart();
    const added = await trips(shopper, "POST", "/cart", new URLSearchParams({ intent: "add", productId: "2", quantity: "1" }));
    expect(added.response.status).toBe(303);
    expect(added.trips).toBeLessThanOrEqual(2);
    const checkoutForm = new URLSearchParams({
      email: "trips@example.com",
      ...SHIPPING_ADDRESS,
      cardholderName: "Trip Counter",
      checkoutKey: crypto.randomUUID(),
    });
    const placed = await trips(shopper, "POST", "/checkout", checkoutForm);
    expect(placed.response.status).toBe(200);
    expect(placed.text).toMatch(/"order":\{"id":"RD-/);
    expect(placed.trips).toBeLessThanOrEqual(3);
  });

  it("checkout makes at most two", async () => {
    const shopper = await shopperWithCart();
    const { response, trips: count } = await trips(shopper, "POST", "/api/payment/create-payment-intent", { customerEmail: "trips@example.com" });
    expect(response.status).toBe(200);
    expect(count).toBeLessThanOrEqual(2);
  });
});
