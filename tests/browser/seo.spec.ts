/**
 * Findable and shareable (decision 0009): every page describes itself to search engines and
 * social sites (description, canonical URL, Open Graph and Twitter cards with an image),
 * product pages carry a schema.org Product with its Offer and the home page the
 * Organization, and /sitemap.xml and /robots.txt tell crawlers where to go.
 */
import { expect, test, type Page } from "@playwright/test";
import routes from "../../app/routes";
import { SOCIAL_LINKS } from "../../app/lib/social";
import { PUBLIC_PAGES } from "../../app/shared/site-pages";

type Product = { slug: string; name: string; price: number; variants: { sku: string }[] };

/** Every page of the route table (one product stands for the product pages). */
const PAGES = [...PUBLIC_PAGES, "/products/24k-gold", "/cart", "/checkout"];

/** One visitor's own pages, and what is not a page: kept out of search results and the sitemap. */
/** Pages that ask not to be indexed (the cart and checkout may be: Lighthouse's SEO 100 is asked of them). */
const PRIVATE_PAGES = ["/newsletter", "/newsletter/confirm"];
/** Pages the sitemap leaves out: those, and one visitor's own (a partner's page among them). */
const NOT_IN_SITEMAP = [...PRIVATE_PAGES, "/cart", "/checkout", "/partner"];

const metaContent = (page: Page, attribute: "name" | "property", key: string) => page.locator(`head meta[${attribute}="${key}"]`).getAttribute("content");

/** The JSON-LD blocks of the page, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("findable and shareable", () => {
  // Crawlers and social sites read the server's HTML, as a browser without JavaScript does
  // (and a page that does not hydrate loads in a fraction of the time).
  test.use({ javaScriptEnabled: false });

  for (const path of PAGES) {
    test(`${path} has a meta description, its canonical URL, and Open Graph and Twitter cards with an image`, async ({ page, baseURL }) => {
      await page.goto(`${path}?utm_source=test`);
      const origin = new URL(baseURL!).origin;
      const url = `${origin}${path}`;

      expect((await metaContent(page, "name", "description"))?.trim()).toBeTruthy();
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", url);
      expect(await page.title()).toMatch(/ \| Raw Dogg$/);
      expect(await metaContent(page, "property", "og:title")).toBe(await page.title());
      expect(await metaContent(page, "property", "og:url")).toBe(url);
      expect(await metaContent(page, "property", "og:image")).toBe(`${origin}/images/og-card.png`);
      expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
      expect(await metaContent(page, "name", "twitter:image")).toBe(`${origin}/images/og-card.png`);
      const robots = page.locator('head meta[name="robots"]');
      if (PRIVATE_PAGES.includes(path)) await expect(robots).toHaveAttribute("content", "noindex");
      else await expect(robots).toHaveCount(0);
    });
  }

  test("a missing page is described but kept out of search results, with no canonical URL", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    expect((await metaContent(page, "name", "description"))?.trim()).toBeTruthy();
    expect(await metaContent(page, "name", "robots")).toBe("noindex");
    await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
  });

  test("the Open Graph image is a 1200x630 PNG under 150 KB", async ({ request }) => {
    const response = await request.get("/images/og-card.png");
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    expect(png.length).toBeLessThan(150 * 1024);
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test("a product page's JSON-LD Product has an Offer at the displayed price in USD, shipped free, with the return policy", async ({
    page,
    request,
    baseURL,
  }) => {
    const product = (await (await request.get("/api/products/24k-gold")).json()) as Product;
    await page.goto("/products/24k-gold");
    const origin = new URL(baseURL!).origin;
    const data = (await jsonLd(page)).find((d) => d["@type"] === "Product");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      name: product.name,
      sku: product.variants[0]!.sku,
      image: `${origin}/images/raster/products/24k-gold.png`,
      brand: { name: "Raw Dogg" },
      offers: {
        "@type": "Offer",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        url: `${origin}/products/24k-gold`,
        seller: { "@type": "Organization", "@id": `${origin}/#organization`, name: "Raw Dogg" },
        shippingDetails: expect.arrayContaining([expect.objectContaining({ shippingRate: { "@type": "MonetaryAmount", value: "0.00", currency: "USD" } })]),
        hasMerchantReturnPolicy: expect.objectContaining({ merchantReturnDays: 30, merchantReturnLink: `${origin}/returns` }),
      },
    });
    const offers = data!.offers as { price: string };
    const displayed = await page
      .getByTestId("product-detail")
      .getByText(/^\$\d+\.\d\d$/)
      .textContent();
    expect(`$${offers.price}`).toBe(displayed);
    expect(Number(offers.price) * 100).toBeCloseTo(product.price);
  });

  test("a product page's BreadcrumbList is the breadcrumb it shows: Home > Products > the product, apparel too", async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const [section, to] = ["Products", "/products"];
    for (const slug of ["24k-gold", "raw-dogg-performance-tank"]) {
      const { name } = (await (await request.get(`/api/products/${slug}`)).json()) as Product;
      await page.goto(`/products/${slug}`);
      const crumbs = (await jsonLd(page)).find((d) => d["@type"] === "BreadcrumbList");
      expect(crumbs?.itemListElement).toEqual([
        { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
        { "@type": "ListItem", position: 2, name: section, item: `${origin}${to}` },
        { "@type": "ListItem", position: 3, name },
      ]);
      const shown = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(shown.getByRole("link", { name: section })).toHaveAttribute("href", to);
      await expect(shown.locator("[aria-current=page]")).toHaveText(name);
    }
  });

  test("the home page's JSON-LD names the Organization, its logo, its social profiles and its return policy", async ({ page, baseURL }) => {
    await page.goto("/");
    const origin = new URL(baseURL!).origin;
    expect((await jsonLd(page)).find((d) => d["@type"] === "Organization")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${origin}/#organization`,
      name: "Raw Dogg",
      url: `${origin}/`,
      logo: `${origin}/images/logo.svg`,
      sameAs: SOCIAL_LINKS.map((link) => link.url),
      hasMerchantReturnPolicy: expect.objectContaining({
        "@type": "MerchantReturnPolicy",
        applicableCountry: "US",
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: 30,
        returnFees: "https://schema.org/FreeReturn",
        merchantReturnLink: `${origin}/returns`,
      }),
    });
  });

  test("/sitemap.xml lists every public page of the route table and every product, and no cart", async ({ page, request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const xml = await response.text();
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.querySelector("parsererror")?.textContent ?? null,
        root: doc.documentElement.namespaceURI,
        locs: [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent ?? ""),
      };
    }, xml);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");

    const origin = new URL(baseURL!).origin;
    const publicPages = routes
      .map((entry) => (entry.index ? "/" : `/${entry.path}`))
      .filter((path) => !path.includes(":") && !path.includes("*") && !/\.(xml|txt)$/.test(path) && !NOT_IN_SITEMAP.includes(path));
    const products = (await (await request.get("/api/products")).json()) as Product[];
    expect(products.length).toBeGreaterThan(0);
    const expected = [...publicPages, ...products.map((p) => `/products/${p.slug}`)].map((path) => `${origin}${path}`);
    expect([...parsed.locs].sort()).toEqual([...expected].sort());
    expect(parsed.locs).toContain(`${origin}/about`);
    expect(parsed.locs.some((loc) => /\/(cart|checkout|newsletter)$/.test(loc))).toBe(false);
  });

  test("WebMCP: the header search, the add-to-cart forms and the newsletter form are tools in the server's HTML, each name once a page", async ({ page }) => {
    for (const path of ["/", "/products", "/products/24k-gold", "/products/raw-dogg-performance-tank"]) {
      await page.goto(path);
      const names = await page.locator("form[toolname]").evaluateAll((forms) => forms.map((f) => f.getAttribute("toolname")!));
      expect(new Set(names).size, `${path}: ${names.join(", ")}`).toBe(names.length);
      for (const form of await page.locator("form[toolname]").all()) {
        expect((await form.getAttribute("tooldescription"))?.length ?? 0).toBeGreaterThan(20);
      }
      const search = page.locator('form[toolname="search_products"]');
      await expect(search).toHaveAttribute("action", "/products");
      await expect(search).toHaveAttribute("method", "get");
      await expect(search.locator('input[name="search"]')).toHaveAttribute("toolparamdescription", /.+/);
    }

    await page.goto("/");
    const newsletter = page.locator('form[toolname="subscribe_to_newsletter"]');
    await expect(newsletter).toHaveAttribute("action", "/newsletter");
    await expect(newsletter.locator('input[name="email"]')).toHaveAttribute("toolparamdescription", /email/);

    // A card's ADD: a plain post to the cart, one tool per product.
    await page.goto("/products");
    const card = page.locator('form[toolname="add_plain_jane_to_cart"]');
    await expect(card).toHaveAttribute("action", "/cart");
    await expect(card).toHaveAttribute("method", "post");
    await expect(card).toHaveAttribute("tooldescription", /Plain Jane/);

    await page.goto("/products/24k-gold");
    await expect(page.locator('[data-testid="product-detail"] form[toolname="add_to_cart"]')).toHaveAttribute("method", "post");
    await page.goto("/products/raw-dogg-performance-tank");
    const purchase = page.locator('form[toolname="add_to_cart"]');
    await expect(purchase).toHaveAttribute("tooldescription", /size and colour/);
    await expect(purchase.locator('input[name="size"]').first()).toHaveAttribute("toolparamdescription", "The size: XS, S, M, L, XL");
    await expect(purchase.locator('input[name="colour"]').first()).toHaveAttribute("toolparamdescription", "The colour: Pink, Black, Grey");
  });

  test("/robots.txt disallows the API only and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /api/"]));
    expect(lines.filter((line) => line.startsWith("Disallow:"))).toEqual(["Disallow: /api/"]);
    expect(lines).toContain(`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`);
  });
});
