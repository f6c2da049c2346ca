/**
 * Issue 6: "every page's loader reads D1 in at most one round trip (batched) or from the KV
 * copy". Each test makes the calls a page's loader makes, in its order, on a shop whose D1
 * binding counts the trips: a statement run on its own is one, a batch is one.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../workers/db/client";
import { createShop } from "../../workers/shop";
import { createVisitor } from "../../workers/shop/visitor";
import { productBySlug } from "./helpers";
import { Visitor } from "./visitor";

/** The D1 binding, counting the trips made through it. */
function countingD1(d1: D1Database) {
  const counter = { trips: 0 };
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
  const database = new Proxy(d1, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "prepare") return (sql: string) => statement(target.prepare(sql));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          counter.trips++;
          return target.batch(statements.map((stmt) => real.get(stmt) ?? stmt));
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { database, counter };
}

/** A shop for one request, as the visitor with this session id (or a new visitor). */
function shopFor(sessionId: string | null) {
  const { database, counter } = countingD1(env.DB);
  const background: Promise<unknown>[] = [];
  const shop = createShop({
    db: createDatabase(database),
    kv: env.CATALOG_KV,
    visitor: createVisitor(sessionId),
    waitUntil: (promise) => void background.push(promise),
    log: () => {},
  });
  return { shop, counter, settled: () => Promise.allSettled(background) };
}

/** A visitor with one line in the cart, and their session id. */
async function visitorWithCart(): Promise<string> {
  const visitor = new Visitor();
  const product = await productBySlug("plain-jane");
  await visitor.post("/api/cart", { productId: product.id, quantity: 2 });
  const sessionId = visitor.jar.get("rd_session");
  expect(sessionId).toBeTruthy();
  return sessionId!;
}

describe("each page's loader makes at most one trip to D1", () => {
  // The catalog's copy exists (in KV and in the isolate's memory) once any request has read
  // it; the very first read after a catalog change builds it from D1 in one more batch.
  beforeAll(async () => {
    const { shop, settled } = shopFor(null);
    await shop.catalog.listProducts();
    await settled();
  });

  it("catalog pages (home, /products, /apparel, /creators): the catalog's version only", async () => {
    const { shop, counter, settled } = shopFor(null);
    await Promise.all([shop.catalog.listProducts({ featured: true }), shop.catalog.listCategories("apparel"), shop.catalog.listProducts()]);
    await shop.catalog.getProductBySlug("24k-gold");
    expect(counter.trips).toBe(1);
    await settled();
  });

  it("the root loader: the cart count only", async () => {
    const { shop, counter } = shopFor(await visitorWithCart());
    expect(await shop.cart.cartItemCount()).toBe(2);
    expect(counter.trips).toBe(1);
  });

  it("/cart: the visitor's lines and the catalog's version in one batch, then the bundles from the copy", async () => {
    const { shop, counter, settled } = shopFor(await visitorWithCart());
    const [lines, bundles] = await Promise.all([shop.cart.listCart(), shop.catalog.listBundles()]);
    expect(lines.map((line) => [line.product.slug, line.quantity])).toEqual([["plain-jane", 2]]);
    expect(bundles.length).toBeGreaterThan(0);
    expect(counter.trips).toBe(1);
    await settled();
  });

  it("/checkout: the visitor's lines with the catalog's version", async () => {
    const { shop, counter, settled } = shopFor(await visitorWithCart());
    expect(await shop.cart.listCart()).toHaveLength(1);
    expect(counter.trips).toBe(1);
    await settled();
  });

  it("a product page: the reaction counts with the catalog's version, then the product and the related ones from the copy", async () => {
    await new Visitor().post(`/api/products/${(await productBySlug("fantasia")).id}/reactions`, { emoji: "🔥" });
    const { shop, counter, settled } = shopFor(null);
    const counts = shop.reactions.reactionCountsBySlug("fantasia");
    const product = await shop.catalog.getProductBySlug("fantasia");
    const [reactionCounts] = await Promise.all([counts, shop.catalog.listProducts({ featured: true })]);
    expect(product.slug).toBe("fantasia");
    expect(reactionCounts["🔥"]).toBeGreaterThanOrEqual(1);
    expect(counter.trips).toBe(1);
    await settled();
  });

  it("an unknown product's counts are all zero, in the same single trip", async () => {
    const { shop, counter } = shopFor(null);
    const counts = await shop.reactions.reactionCountsBySlug("no-such-condom");
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    await expect(shop.catalog.getProductBySlug("no-such-condom")).rejects.toMatchObject({ kind: "not_found" });
    expect(counter.trips).toBe(1);
  });
});
