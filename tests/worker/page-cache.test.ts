import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pageFor } from "../../app/shared/site-pages";
import { pageCacheKey } from "../../workers/pages/page-cache";
import { sharedPage } from "../../workers/pages";
import { eventually, expectedTax, SHOWN_LAG_MS } from "./helpers";
import { renders } from "./entry";
import { Visitor } from "./visitor";

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
const scriptNonce = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
const badge = (html: string) => /data-cart-count="(\d+)"/.exec(html)?.[1];

describe("full-page cache", () => {
  it("serves anonymous catalog pages from the cache, keyed by URL and catalog version", async () => {
    const first = await new Visitor().get("/faq");
    const second = await new Visitor().get("/faq");
    expect(second.status).toBe(200);
    expect(second.headers.get("X-Page-Cache")).toBe("HIT");
    expect(second.headers.get("Cache-Control")).toBe("private, no-cache");
    expect([first.headers.get("X-Page-Cache"), second.headers.get("X-Page-Cache")]).toContain("HIT");
  });

  it("two visitors never see each other's cart through a cached page", async () => {
    const alice = new Visitor();
    const bob = new Visitor();
    await alice.post("/api/cart", { productId: 2, quantity: 3 });
    const alicePage = await alice.get("/products");
    const bobPage = await bob.get("/products");
    const alicePageAgain = await alice.get("/products");
    expect(badge(alicePage.body)).toBe("3");
    expect(alicePage.body).toContain('aria-label="Cart, 3 items"');
    expect(badge(bobPage.body)).toBe("0");
    expect(bobPage.body).toMatch(/data-cart-count="0"[^>]*hidden/);
    expect(badge(alicePageAgain.body)).toBe("3");
    expect(alicePageAgain.headers.get("X-Page-Cache")).toBe("HIT");
    // Every slot of the stored template was filled: no mark is left for anyone to see.
    for (const page of [alicePage, bobPage, alicePageAgain]) expect(page.body).not.toContain("rdslot");
    // A page with a visitor's count in it is private to them.
    expect(alicePage.headers.get("Cache-Control")).toBe("private, no-store");
    expect(alicePage.headers.get("Vary")).toContain("Cookie");
  });

  it("the real Header, as the page cache writes a visitor's count into it, is the Header rendered for that visitor", async () => {
    const headerOf = (html: string) => /<header[\s\S]*<\/header>/.exec(html)?.[0];
    // An empty cart, one item, several, and more than 99 ('99+').
    for (const quantities of [[], [1], [2, 3], [99, 99]]) {
      const visitor = new Visitor();
      for (const [index, quantity] of quantities.entries()) await visitor.post("/api/cart", { productId: index + 1, quantity });
      // A parameter the page does not know: rendered for this visitor alone, never kept.
      const own = await visitor.get("/faq?own=1");
      expect(own.headers.get("X-Page-Cache")).toBeNull();
      await new Visitor().get("/faq");
      const kept = await visitor.get("/faq");
      expect(kept.headers.get("X-Page-Cache")).toBe("HIT");
      expect(headerOf(own.body)).toContain("data-cart-link");
      expect(headerOf(kept.body), `quantities ${quantities.join(",")}`).toBe(headerOf(own.body));
    }
  });

  it("every cached response carries a fresh nonce on its scripts, matching its CSP", async () => {
    const a = await new Visitor().get("/about");
    const b = await new Visitor().get("/about");
    for (const page of [a, b]) expect(scriptNonce(page.body)).toBe(nonceOf(page.headers.get("Content-Security-Policy")));
    expect(scriptNonce(a.body)).not.toBe(scriptNonce(b.body));
  });

  it("Shown may lag, charged never does: the next cart and checkout use a new price at once, a cached page shows it within 5 s", async () => {
    const shopper = new Visitor();
    await shopper.post("/api/cart", { productId: 1, quantity: 2 });
    const before = await new Visitor().get("/products/plain-jane");
    expect(before.body).toContain('<p class="price">1299</p>');
    await env.DB.prepare("UPDATE products SET price = 1199 WHERE slug = 'plain-jane'").run();
    try {
      const cart = await shopper.get("/api/cart");
      expect(cart.body[0].product.price).toBe(1199);
      const intent = await shopper.post("/api/payment/create-payment-intent", { customerEmail: "lag@example.com" });
      expect(intent.body.amount).toBe(2 * 1199 + expectedTax(2 * 1199));
      const took = await eventually(async () => {
        expect((await new Visitor().get("/products/plain-jane")).body).toContain('<p class="price">1199</p>');
        expect((await new Visitor().get("/api/products/plain-jane")).body.price).toBe(1199);
      });
      expect(took).toBeLessThanOrEqual(SHOWN_LAG_MS + 500);
    } finally {
      await env.DB.prepare("UPDATE products SET price = 1299 WHERE slug = 'plain-jane'").run();
    }
  });

  it("visitor pages (cart, checkout) and unknown query parameters are never cached", () => {
    const shared = (request: Request) => {
      const found = pageFor(new URL(request.url));
      return found ? sharedPage(request, found.page) : null;
    };
    const key = (url: string) => {
      const page = shared(new Request(`http://shop.test${url}`));
      return page === null ? null : pageCacheKey("http://shop.test", page, "b1", "7-ab");
    };
    expect(key("/cart")).toBeNull();
    expect(key("/checkout")).toBeNull();
    expect(key("/products?utm_source=x")).toBeNull();
    expect(key("/products/plain-jane?reacted=1")).toBeNull();
    expect(key("/products.data")).toBeNull();
    expect(shared(new Request("http://shop.test/products", { method: "POST" }))).toBeNull();
    expect(key("/products?search=gold&categoryId=4")).toBe("http://shop.test/__page-cache/b1/v7-ab/products?categoryId=4&search=gold");
    expect(key("/")).toBe("http://shop.test/__page-cache/b1/v7-ab/");
  });

  it("a page another isolate stored (only in the Cache API) is personalised like one from memory", async () => {
    const alice = new Visitor();
    await alice.post("/api/cart", { productId: 1, quantity: 2 });
    const first = await new Visitor().get("/products?search=plain");
    // More pages than the isolate keeps (64), so the first one is only in the Cache API now.
    for (let i = 0; i < 70; i++) await new Visitor().get(`/products?search=${i}`);
    const again = await alice.get("/products?search=plain");
    expect(again.headers.get("X-Page-Cache")).toBe("HIT");
    expect(badge(again.body)).toBe("2");
    expect(again.body).toContain('aria-label="Cart, 2 items"');
    expect(scriptNonce(again.body)).toBe(nonceOf(again.headers.get("Content-Security-Policy")));
    expect(again.body).not.toContain("rdslot");
    // Apart from what is this visitor's own, it is the page as first rendered.
    const shared = (html: string) => html.replace(/\d+ items?|data-cart-count="\d+"( hidden="")?|>\d+\+?<|nonce="[^"]+"/g, "");
    expect(shared(again.body)).toBe(shared(first.body));
  });

  it("a catalog API answer from the Cache API is whole, also after many others", async () => {
    const first = await new Visitor().get("/api/products?search=gold");
    const again = await new Visitor().get("/api/products?search=gold");
    for (let i = 0; i < 70; i++) await new Visitor().get(`/api/products?search=${i}`);
    const later = await new Visitor().get("/api/products?search=gold");
    expect((first.body as unknown[]).length).toBeGreaterThan(0);
    for (const answer of [again, later]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(first.text);
    }
  });

  it("the cart page is rendered for its visitor every time", async () => {
    const visitor = new Visitor();
    await visitor.get("/cart");
    const again = await visitor.get("/cart");
    expect(again.headers.get("X-Page-Cache")).toBeNull();
  });
});

describe("what the page cache sends downstream", () => {
  it("a product nobody sells is rendered once per request, a 404 like the page itself", async () => {
    for (const slug of ["no-such-condom", "x".repeat(90), "Plain-Jane"]) {
      const before = renders.count;
      const response = await new Visitor().get(`/products/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(response.body).toContain("Product Not Found");
      expect(renders.count - before, slug).toBe(1);
    }
  });

  it("pages are private to anything downstream: a shared one is no-cache (its nonce is this response's), one with a cart no-store", async () => {
    await new Visitor().get("/faq");
    const anonymous = await new Visitor().get("/faq");
    expect(anonymous.headers.get("X-Page-Cache")).toBe("HIT");
    expect(anonymous.headers.get("Cache-Control")).toBe("private, no-cache");
    const shopper = new Visitor();
    await shopper.post("/api/cart", { productId: 1 });
    expect((await shopper.get("/faq")).headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("private answers say so: the cart, recommendations, the payment intent, a page rendered for one visitor, errors", async () => {
    const shopper = new Visitor();
    await shopper.post("/api/cart", { productId: 2 });
    const answers = [
      await shopper.get("/api/cart"),
      await shopper.get("/api/recommendations"),
      await shopper.post("/api/payment/create-payment-intent", { customerEmail: "private@example.com" }),
      await shopper.get("/products?utm_source=mail"),
      await shopper.get("/api/no-such-route"),
      await shopper.post("/api/cart", { productId: "x" }),
    ];
    for (const answer of answers) expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("request ids", () => {
  it("a client-chosen X-Request-Id is ignored: every response carries this request's own id, a cached one too", async () => {
    const probed = await new Visitor().get("/api/categories", { "X-Request-Id": "probe123" });
    expect(probed.headers.get("X-Request-Id")).not.toBe("probe123");
    const after = await new Visitor().get("/api/categories");
    expect(after.headers.get("X-Request-Id")).not.toBe("probe123");
    expect(after.headers.get("X-Request-Id")).not.toBe(probed.headers.get("X-Request-Id"));
    await new Visitor().get("/about", { "X-Request-Id": "probe456" });
    expect((await new Visitor().get("/about")).headers.get("X-Request-Id")).not.toBe("probe456");
  });
});
