/**
 * Catalog changes made straight in D1 (contract, "Storage": D1 is the truth, KV holds
 * copies keyed by a catalog version). These tests change the catalog, so they live in
 * their own file (each file has its own storage) and restore every change they make.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { allBundles, eventually, expectedTax, productBySlug, setPriceInD1, SHOWN_LAG_MS, type CartLine } from "./helpers";
import { seedProducts } from "../../workers/db/seed/products";
import { Visitor } from "./visitor";

const catalogMeta = async () =>
  (await env.DB.prepare("SELECT version, stock_version AS stockVersion, stamp FROM catalog_meta WHERE id = 1").first<{
    version: number;
    stockVersion: number;
    stamp: string;
  }>())!;
/** How the caches name a catalog: its version, its stock's version and its stamp. */
const versionKey = ({ version, stockVersion, stamp }: { version: number; stockVersion: number; stamp: string }) => `${version}.${stockVersion}-${stamp}`;
const catalogVersion = async () => (await catalogMeta()).version;

const restores: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (restores.length > 0) await restores.pop()!();
});

/** Sets a product's price in D1 and schedules putting it back. */
const setPrice = (slug: string, price: number) => setPriceInD1(slug, price, restores);

describe("the KV catalog copy follows D1", () => {
  it("Shown may lag: after a catalog change in D1, the catalog API shows it within 5 seconds", async () => {
    const before = await productBySlug("24k-gold"); // also warms the KV copy and the memo
    const versionBefore = await catalogVersion();
    const newPrice = before.price + 1234;
    await setPrice("24k-gold", newPrice);
    expect(await catalogVersion(), "the D1 trigger bumps catalog_meta.version").toBeGreaterThan(versionBefore);
    const took = await eventually(async () => {
      expect((await productBySlug("24k-gold")).price).toBe(newPrice);
      expect((await new Visitor().get("/api/products/24k-gold")).body.price).toBe(newPrice);
      expect((await new Visitor().get("/api/products?featured=true")).body.find((p: { slug: string }) => p.slug === "24k-gold").price).toBe(newPrice);
    });
    expect(took).toBeLessThanOrEqual(SHOWN_LAG_MS + 500);
    // Putting it back is a change too.
    await restores.pop()!();
    await eventually(async () => expect((await productBySlug("24k-gold")).price).toBe(before.price));
  });

  it("Workers KV holds the catalog copy keyed by the catalog version and its stamp", async () => {
    await setPrice("fantasia", 4321);
    const meta = await catalogMeta();
    await eventually(async () => expect((await productBySlug("fantasia")).price).toBe(4321));
    // The copy is written in the background (waitUntil): give it a moment.
    let copy: string | null = null;
    for (let attempt = 0; attempt < 50 && copy === null; attempt++) {
      const { keys } = await env.CATALOG_KV.list();
      const key = keys.find((k) => k.name.includes(versionKey(meta)));
      if (key) copy = await env.CATALOG_KV.get(key.name);
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(copy, `a KV key for catalog version ${versionKey(meta)}`).not.toBeNull();
    expect(copy).toContain("4321");
  });

  it("a copy left under the same version number by another timeline (a D1 Time Travel restore) is never used", async () => {
    await setPrice("tropical-slush", 2222);
    await eventually(async () => expect((await productBySlug("tropical-slush")).price).toBe(2222));
    const meta = await catalogMeta();
    const { version, stockVersion } = meta;
    // What the other timeline wrote: its own catalog at the same number, under a keying by number alone or another stamp.
    const other = (await env.CATALOG_KV.list()).keys.find((k) => k.name.includes(versionKey(meta)))!;
    const forged = (await env.CATALOG_KV.get(other.name))!.replace('"price":2222', '"price":1');
    await env.CATALOG_KV.put(`catalog:v${version}`, forged);
    await env.CATALOG_KV.put(`catalog:v${version}.${stockVersion}-0000000000000000`, forged);
    await setPrice("tropical-slush", 2223);
    await env.DB.prepare("UPDATE catalog_meta SET version = ? WHERE id = 1").bind(version).run();
    await eventually(async () => expect((await productBySlug("tropical-slush")).price).toBe(2223));
  });

  it("The server never trusts a price from the client: a cart line shows today's catalog price", async () => {
    const v = new Visitor();
    const gold = await productBySlug("blue-magic");
    await v.post("/api/cart", { productId: gold.id, quantity: 2 });
    await setPrice("blue-magic", gold.price + 100);
    const lines = (await v.get<CartLine[]>("/api/cart")).body;
    expect(lines[0]!.product.price).toBe(gold.price + 100);
  });

  it("the payment intent prices the cart at the catalog's current price", async () => {
    const v = new Visitor();
    const p = await productBySlug("silver-surfer");
    await v.post("/api/cart", { productId: p.id, quantity: 3 });
    const newPrice = p.price + 257;
    await setPrice("silver-surfer", newPrice);
    const res = await v.post("/api/payment/create-payment-intent", { customerEmail: "price-change@example.com" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.amount).toBe(newPrice * 3 + expectedTax(newPrice * 3));
  });

  it("bundle savings are charged from D1's catalog at that moment: a new discount is charged at once, even while the shown one lags", async () => {
    const v = new Visitor();
    const [plainJane, fantasia] = [await productBySlug("plain-jane"), await productBySlug("fantasia")];
    await v.post("/api/cart", { productId: plainJane.id });
    await v.post("/api/cart", { productId: fantasia.id });
    const original = (await env.DB.prepare("SELECT discount_percentage AS pct FROM bundles WHERE id = 1").first<{ pct: number }>())!.pct;
    restores.push(() => env.DB.prepare("UPDATE bundles SET discount_percentage = ? WHERE id = 1").bind(original).run());
    await env.DB.prepare("UPDATE bundles SET discount_percentage = 50 WHERE id = 1").run();
    const res = await v.post("/api/payment/create-payment-intent", { customerEmail: "bundle-change@example.com" });
    expect(res.status, res.text).toBe(200);
    const subtotal = plainJane.price + fantasia.price;
    const savings = Math.floor((subtotal * 50 + 50) / 100);
    expect(res.body.amount).toBe(subtotal - savings + expectedTax(subtotal - savings));
  });

  it("bundle savings follow a price change", async () => {
    const bundle = (await allBundles())[0]!;
    const first = bundle.products[0]!;
    const slug = (await new Visitor().get<{ id: number; slug: string }[]>("/api/products")).body.find((p) => p.id === first.id)!.slug;
    await setPrice(slug, first.price + 1000);
    let changed = bundle;
    await eventually(async () => {
      changed = (await allBundles()).find((b) => b.id === bundle.id)!;
      expect(changed.products.find((p) => p.id === first.id)!.price).toBe(first.price + 1000);
    });
    const sum = changed.products.reduce((total, p) => total + p.price, 0);
    expect(changed.savings).toBe(Math.round((sum * changed.discountPercentage) / 100) / 100);
  });
});

describe("featured creators come from D1's approved profiles", () => {
  it("`GET /api/creators?featured=true` returns approved featured creators only", async () => {
    const unapproved = `Unapproved ${crypto.randomUUID().slice(0, 8)}`;
    const notFeatured = `NotFeatured ${crypto.randomUUID().slice(0, 8)}`;
    const insert =
      "INSERT INTO featured_creators (id, name, bio, social_links, portfolio_urls, approved, featured) VALUES (?, ?, 'A bio that is long enough.', '{}', '[]', ?, ?)";
    await env.DB.batch([env.DB.prepare(insert).bind(9001, unapproved, 0, 1), env.DB.prepare(insert).bind(9002, notFeatured, 1, 0)]);
    restores.push(() => env.DB.prepare("DELETE FROM featured_creators WHERE id IN (9001, 9002)").run());
    const featured = (await new Visitor().get<{ name: string }[]>("/api/creators?featured=true")).body.map((c) => c.name);
    expect(featured).not.toContain(unapproved);
    expect(featured).not.toContain(notFeatured);
    expect(featured.length).toBeGreaterThanOrEqual(3);
    const all = (await new Visitor().get("/api/creators")).text;
    expect(all).not.toContain(unapproved);
  });
});

describe("the seed", () => {
  it("seeding a catalog that has rows inserts only what is missing: the owner's edits stay", async () => {
    const original = await setPrice("blue-magic", 4321);
    await env.DB.prepare("UPDATE products SET description = 'Edited by the owner.' WHERE slug = 'blue-magic'").run();
    restores.push(() => env.DB.prepare("UPDATE products SET description = ? WHERE slug = 'blue-magic'").bind(seedDescription("blue-magic")).run());
    const versionBefore = await catalogVersion();
    await env.DB.batch(env.TEST_SEED.map((statement) => env.DB.prepare(statement)));
    const row = await env.DB.prepare("SELECT price, description FROM products WHERE slug = 'blue-magic'").first<{ price: number; description: string }>();
    expect(row).toEqual({ price: 4321, description: "Edited by the owner." });
    expect(original).not.toBe(4321);
    expect(await catalogVersion(), "nothing changed, so no new catalog version").toBe(versionBefore);
  });
});

const seedDescription = (slug: string) => seedProducts.find((p) => p.slug === slug)!.description;
