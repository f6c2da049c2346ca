/**
 * The catalog API: product, category, bundle and featured-creator shapes, the required
 * seed, and every product filter (contract, "Catalog").
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allBundles, allCategories, allProducts, expectError, expectIssue, type Category, type Product } from "./helpers";
import { Visitor } from "./visitor";

const get = <T = any>(path: string) => new Visitor().get<T>(path);

/** Independent of the app: the contract's search, a case-insensitive literal substring. */
const matches = (p: Product, needle: string) => [p.name, p.description, ...p.attributes.flavors].some((f) => f.toLowerCase().includes(needle.toLowerCase()));

const slugsOf = (products: Product[]) => products.map((p) => p.slug);

describe("product and category shapes", () => {
  it("Product: `{id, name, slug, description, price, imageUrl, featured, categoryId, attributes: {type, pack_size, flavors}}`", async () => {
    const products = await allProducts();
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      // The spec's keys, and what variants add to them (contract, "Variants, stock and downloads").
      expect(Object.keys(p).sort()).toEqual(
        ["attributes", "categoryId", "description", "featured", "id", "imageUrl", "name", "price", "slug", "options", "variants", "digital", "facts"].sort(),
      );
      expect(Object.keys(p.attributes).sort()).toEqual(["flavors", "pack_size", "type"]);
      expect(p).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        description: expect.any(String),
        price: expect.any(Number),
        imageUrl: expect.stringMatching(/^\//),
        featured: expect.any(Boolean),
        categoryId: expect.any(Number),
        attributes: { type: expect.any(String), pack_size: p.attributes.pack_size, flavors: expect.any(Array) },
        options: expect.any(Array),
        variants: expect.any(Array),
        digital: expect.any(Boolean),
        facts: expect.any(Array),
      });
      expect(Number.isInteger(p.price) && p.price > 0, `${p.slug} price ${p.price} is integer cents`).toBe(true);
    }
  });

  it("`attributes.flavors` is always a list (empty when none); `pack_size` an integer or null for apparel", async () => {
    const [products, categories] = await Promise.all([allProducts(), allCategories()]);
    const typeOf = new Map(categories.map((c) => [c.id, c.type]));
    for (const p of products) {
      expect(Array.isArray(p.attributes.flavors), p.slug).toBe(true);
      for (const flavor of p.attributes.flavors) expect(typeof flavor).toBe("string");
      if (typeOf.get(p.categoryId) === "apparel") expect(p.attributes.pack_size, p.slug).toBeNull();
      else expect(Number.isInteger(p.attributes.pack_size) && p.attributes.pack_size! > 0, p.slug).toBe(true);
    }
    expect(products.some((p) => p.attributes.flavors.length === 0)).toBe(true);
    expect(products.some((p) => p.attributes.flavors.length > 0)).toBe(true);
  });

  it("Category: `{id, name, slug, type}` where type is `condom` or `apparel`", async () => {
    const categories = await allCategories();
    for (const c of categories) {
      expect(Object.keys(c).sort()).toEqual(["id", "name", "slug", "type"]);
      expect(c).toEqual({ id: expect.any(Number), name: expect.any(String), slug: expect.any(String), type: expect.stringMatching(/^(condom|apparel)$/) });
    }
    const products = await allProducts();
    const ids = new Set(categories.map((c) => c.id));
    for (const p of products) expect(ids.has(p.categoryId), `${p.slug} has a known category`).toBe(true);
  });
});

describe("required seed", () => {
  it("condoms `plain-jane`, `tropical-slush`, `silver-surfer`, `blue-magic`, `24k-gold`, `fantasia` (Plain Jane, Tropical Slush, Silver Surfer, Blue Magic, 24k Gold, Fantasia)", async () => {
    const [products, categories] = await Promise.all([allProducts(), allCategories()]);
    const condomCategories = new Set(categories.filter((c) => c.type === "condom").map((c) => c.id));
    const expected = {
      "plain-jane": "Plain Jane",
      "tropical-slush": "Tropical Slush",
      "silver-surfer": "Silver Surfer",
      "blue-magic": "Blue Magic",
      "24k-gold": "24k Gold",
      fantasia: "Fantasia",
    };
    for (const [slug, name] of Object.entries(expected)) {
      const p = products.find((x) => x.slug === slug);
      expect(p, slug).toBeDefined();
      expect(p!.name).toBe(name);
      expect(condomCategories.has(p!.categoryId), `${slug} is in a condom category`).toBe(true);
    }
  });

  it("apparel `black-white-raw-dogg-tshirt` 2499, `raw-dogg-performance-tank` 3499, `raw-dogg-life-womens-tshirt` 2899, `raw-dogg-classic-t-women` 2499; the single `welcome-to-the-pound` 999", async () => {
    const [products, categories] = await Promise.all([allProducts(), allCategories()]);
    const apparelCategories = new Set(categories.filter((c) => c.type === "apparel").map((c) => c.id));
    const expected = {
      "black-white-raw-dogg-tshirt": 2499,
      "raw-dogg-performance-tank": 3499,
      "raw-dogg-life-womens-tshirt": 2899,
      "raw-dogg-classic-t-women": 2499,
    };
    for (const [slug, price] of Object.entries(expected)) {
      const p = products.find((x) => x.slug === slug);
      expect(p, slug).toBeDefined();
      expect(p!.price, slug).toBe(price);
      expect(apparelCategories.has(p!.categoryId), `${slug} is apparel`).toBe(true);
    }
    expect(products.find((x) => x.slug === "welcome-to-the-pound")?.price).toBe(999);
  });

  it("men's tees and pants in a category with slug `mens`", async () => {
    const [products, categories] = await Promise.all([allProducts(), allCategories()]);
    const mens = categories.find((c) => c.slug === "mens");
    expect(mens?.type).toBe("apparel");
    const inMens = products.filter((p) => p.categoryId === mens!.id);
    const label = (p: Product) => `${p.name} ${p.attributes.type}`;
    expect(
      inMens.some((p) => /t-?shirt|\btee\b/i.test(label(p))),
      "a men's tee",
    ).toBe(true);
    expect(
      inMens.some((p) => /pants|joggers|trousers/i.test(label(p))),
      "men's pants",
    ).toBe(true);
  });

  it("At least 3 condom categories and 2 apparel categories", async () => {
    const categories = await allCategories();
    expect(categories.filter((c) => c.type === "condom").length).toBeGreaterThanOrEqual(3);
    expect(categories.filter((c) => c.type === "apparel").length).toBeGreaterThanOrEqual(2);
  });

  it("at least 3 bundles, at least 4 recommendations, at least 3 featured creators", async () => {
    expect((await allBundles()).length).toBeGreaterThanOrEqual(3);
    expect((await get("/api/recommendations")).body.length).toBeGreaterThanOrEqual(4);
    expect((await get("/api/creators?featured=true")).body.length).toBeGreaterThanOrEqual(3);
  });
});

describe("GET /api/products filters", () => {
  it("Without filters: every product, condoms and apparel. Order: stable (by id)", async () => {
    const products = await allProducts();
    const ids = products.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM products").first<{ n: number }>();
    expect(products.length).toBe(count!.n);
    const types = new Set((await allCategories()).filter((c) => products.some((p) => p.categoryId === c.id)).map((c) => c.type));
    expect(types).toEqual(new Set(["condom", "apparel"]));
    expect((await get("/api/products")).text).toBe((await get("/api/products")).text);
  });

  it("`categoryId` is one id", async () => {
    const [products, categories] = await Promise.all([allProducts(), allCategories()]);
    for (const c of categories) {
      const res = await get<Product[]>(`/api/products?categoryId=${c.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(products.filter((p) => p.categoryId === c.id));
    }
    expect((await get(`/api/products?categoryId=999999`)).body).toEqual([]);
  });

  it("`categoryId` is comma-joined ids", async () => {
    const [products, categories] = await Promise.all([allProducts(), allCategories()]);
    const apparel = categories.filter((c) => c.type === "apparel").map((c) => c.id);
    expect(apparel.length).toBeGreaterThanOrEqual(2);
    const res = await get<Product[]>(`/api/products?categoryId=${apparel.join(",")}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(products.filter((p) => apparel.includes(p.categoryId)));
    const reversed = await get<Product[]>(`/api/products?categoryId=${[...apparel].reverse().join(",")}`);
    expect(reversed.body).toEqual(res.body);
  });

  it("`categoryId` non-numeric parts: 400", async () => {
    for (const raw of ["abc", "1,abc", "1,", ",1", "1,,2", "1.5", "-1", "1;2", "0x1", "%25"]) {
      const res = await get(`/api/products?categoryId=${encodeURIComponent(raw)}`);
      expectIssue(res, "categoryId");
    }
  });

  it("`featured=true` returns featured only: the seeded six signature condoms, in the catalog's order", async () => {
    const products = await allProducts();
    const res = await get<Product[]>("/api/products?featured=true");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body).toEqual(products.filter((p) => p.featured));
    expect(slugsOf(res.body)).toEqual(["plain-jane", "tropical-slush", "silver-surfer", "blue-magic", "24k-gold", "fantasia"]);
  });

  it("`search` matches name case-insensitively", async () => {
    const products = await allProducts();
    for (const needle of ["plain jane", "PLAIN JANE", "pLaIn"]) {
      const res = await get<Product[]>(`/api/products?search=${encodeURIComponent(needle)}`);
      expect(res.status).toBe(200);
      expect(slugsOf(res.body)).toContain("plain-jane");
      expect(res.body).toEqual(products.filter((p) => matches(p, needle)));
    }
  });

  it("`search` matches description", async () => {
    const products = await allProducts();
    const gold = products.find((p) => p.slug === "24k-gold")!;
    expect(gold.name.toLowerCase()).not.toContain("magnum");
    expect(gold.description.toLowerCase()).toContain("magnum");
    for (const needle of ["magnum", "MAGNUM"]) {
      const res = await get<Product[]>(`/api/products?search=${needle}`);
      expect(slugsOf(res.body)).toContain("24k-gold");
      expect(res.body).toEqual(products.filter((p) => matches(p, needle)));
    }
  });

  it("`search` matches flavors", async () => {
    const products = await allProducts();
    const slush = products.find((p) => p.slug === "tropical-slush")!;
    const flavor = slush.attributes.flavors.find(
      (f) => !slush.name.toLowerCase().includes(f.toLowerCase()) && !slush.description.toLowerCase().includes(f.toLowerCase()),
    );
    expect(flavor, "a Tropical Slush flavour named only in its flavours").toBeDefined();
    for (const needle of [flavor!.toLowerCase(), flavor!.toUpperCase()]) {
      const res = await get<Product[]>(`/api/products?search=${encodeURIComponent(needle)}`);
      expect(slugsOf(res.body)).toContain("tropical-slush");
      expect(res.body).toEqual(products.filter((p) => matches(p, needle)));
    }
  });

  it("`%` and `_` are literal characters, not wildcards", async () => {
    const products = await allProducts();
    // The seed's Fantasia is "about 20% thinner": "%" must find it and only what holds a literal "%".
    const withPercent = products.filter((p) => matches(p, "%"));
    expect(withPercent.length).toBeLessThan(products.length);
    expect(
      products.some((p) => matches(p, "_")),
      "precondition: no product text holds _",
    ).toBe(false);
    for (const needle of ["%", "_", "a%", "%a%", "p_ain", "__", "%%", "20%", "2_%", "%thinner"]) {
      const res = await get<Product[]>(`/api/products?search=${encodeURIComponent(needle)}`);
      expect(res.status, needle).toBe(200);
      expect(res.body, needle).toEqual(products.filter((p) => matches(p, needle)));
    }
    for (const needle of ["_", "a%", "%a%", "p_ain", "%%"]) {
      expect((await get<Product[]>(`/api/products?search=${encodeURIComponent(needle)}`)).body, needle).toEqual([]);
    }
    expect(slugsOf((await get<Product[]>(`/api/products?search=${encodeURIComponent("%")}`)).body)).toEqual(slugsOf(withPercent));
  });

  it("search text that matches nothing returns an empty list; quotes and SQL are plain text", async () => {
    for (const needle of ["zzzz-no-such-thing", "' OR 1=1 --", '"', "\\", "😀"]) {
      const res = await get<Product[]>(`/api/products?search=${encodeURIComponent(needle)}`);
      expect(res.status, needle).toBe(200);
      expect(res.body, needle).toEqual([]);
    }
  });

  it("filters combine: `categoryId` and `search` and `featured` together", async () => {
    const products = await allProducts();
    const slush = products.find((p) => p.slug === "tropical-slush")!;
    const res = await get<Product[]>(`/api/products?categoryId=${slush.categoryId}&search=mango&featured=true`);
    expect(res.body).toEqual(products.filter((p) => p.categoryId === slush.categoryId && p.featured && matches(p, "mango")));
    expect(slugsOf(res.body)).toContain("tropical-slush");
  });
});

describe("GET /api/categories and /api/products/{slug}", () => {
  it("`GET /api/categories?type=` condom or apparel filters by type", async () => {
    const categories = await allCategories();
    for (const type of ["condom", "apparel"] as const) {
      const res = await get<Category[]>(`/api/categories?type=${type}`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body).toEqual(categories.filter((c) => c.type === type));
    }
  });

  it("`GET /api/categories?type=` with any other type answers 400", async () => {
    for (const type of ["shoes", "CONDOM", "condoms", "apparel,condom", "' OR 1=1"]) {
      expectError(await get(`/api/categories?type=${encodeURIComponent(type)}`), 400);
    }
  });

  it("GET /api/products/{slug} returns the product (the 24k Gold spotlight uses slug 24k-gold)", async () => {
    const products = await allProducts();
    for (const p of products) {
      const res = await get<Product>(`/api/products/${p.slug}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(p);
    }
  });

  it('Unknown product: 404 `{"error": {"message": "..."}}`', async () => {
    for (const slug of ["no-such-product", "24K-GOLD", "24k-gold-", "%27", "1"]) {
      const res = await get(`/api/products/${slug}`);
      expectError(res, 404);
    }
  });
});

describe("bundles", () => {
  it("`GET /api/cart/recommended-bundles`: `[{id, name, description, discountPercentage, savings, products: [{id, name, price}]}]`", async () => {
    const [bundles, products] = await Promise.all([allBundles(), allProducts()]);
    const byId = new Map(products.map((p) => [p.id, p]));
    for (const b of bundles) {
      expect(Object.keys(b).sort()).toEqual(["description", "discountPercentage", "id", "name", "products", "savings"]);
      expect(b).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        description: expect.any(String),
        discountPercentage: expect.any(Number),
        savings: expect.any(Number),
        products: expect.any(Array),
      });
      expect(b.products.length).toBeGreaterThan(0);
      for (const item of b.products) {
        expect(Object.keys(item).sort()).toEqual(["id", "name", "price"]);
        const product = byId.get(item.id);
        expect(product, `bundle ${b.id} product ${item.id}`).toBeDefined();
        expect(item).toEqual({ id: product!.id, name: product!.name, price: product!.price });
      }
    }
  });

  it("`savings` in dollars (number, 2 decimals) = sum of product prices x discount%", async () => {
    const [bundles, products] = await Promise.all([allBundles(), allProducts()]);
    const priceOf = new Map(products.map((p) => [p.id, p.price]));
    for (const b of bundles) {
      const sumCents = b.products.reduce((sum, item) => sum + priceOf.get(item.id)!, 0);
      const savingsCents = Math.round((sumCents * b.discountPercentage) / 100);
      expect(b.savings, b.name).toBe(savingsCents / 100);
      expect(Math.abs(b.savings * 100 - Math.round(b.savings * 100)), "2 decimals").toBeLessThan(1e-9);
      expect(b.savings).toBeGreaterThan(0);
    }
  });

  it("`GET /api/cart/recommended-bundles` may be cached 10 s", async () => {
    const res = await get("/api/cart/recommended-bundles");
    const cacheControl = res.headers.get("Cache-Control");
    if (cacheControl) {
      const maxAge = /max-age=(\d+)/.exec(cacheControl);
      if (maxAge) expect(Number(maxAge[1])).toBeLessThanOrEqual(10);
    }
  });
});

describe("featured creators", () => {
  it("`GET /api/creators?featured=true` returns approved featured creators only, as `{id, name, bio, socialLinks, portfolioUrls}`", async () => {
    const res = await get<Record<string, unknown>[]>("/api/creators?featured=true");
    expect(res.status).toBe(200);
    for (const c of res.body) {
      expect(Object.keys(c).sort()).toEqual(["bio", "id", "name", "portfolioUrls", "socialLinks"]);
      expect(c).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        bio: expect.any(String),
        socialLinks: expect.any(Object),
        portfolioUrls: expect.any(Array),
      });
    }
    const { results } = await env.DB.prepare("SELECT id FROM featured_creators WHERE approved = 1 AND featured = 1 ORDER BY id").all<{ id: number }>();
    expect(res.body.map((c) => c.id).sort((a, b) => Number(a) - Number(b))).toEqual(results.map((r) => r.id));
  });
});
