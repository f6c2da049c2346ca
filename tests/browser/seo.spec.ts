/**
 * Findable and shareable (decision 0009): every page describes itself to search engines and
 * social sites (description, canonical URL, Open Graph and Twitter cards with an image),
 * product pages carry a schema.org Product with its Offer and the home page the
 * Organization, and /sitemap.xml and /robots.txt tell crawlers where to go.
 */
import { expect, test, type APIRequestContext, type Page } from "./playwright";
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

/**
 * The server's HTML of `path`, as a crawler or a social site reads it: nothing is drawn and no
 * style, picture or script is loaded. A drawn page cost 0.3 to 0.8 s of CPU (decision 0031).
 */
async function served(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  return { status: response.status(), html: await response.text() };
}

/** The elements of the HTML that `selector` matches, each with its text and its attributes (DOMParser, in a blank page). */
function elementsOf(page: Page, html: string, selector: string) {
  return page.evaluate(
    ([text, css]) =>
      [...new DOMParser().parseFromString(text, "text/html").querySelectorAll(css)].map((element) => ({
        text: element.textContent?.trim() ?? "",
        attributes: Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value])),
      })),
    [html, selector] as const,
  );
}

/** What a page says about itself in its head, read by the browser's own HTML parser (DOMParser, in a blank page). */
function headOf(page: Page, html: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "text/html");
    const meta = (attribute: "name" | "property", key: string) => doc.head.querySelector(`meta[${attribute}="${key}"]`)?.getAttribute("content") ?? null;
    return {
      title: doc.title,
      description: meta("name", "description"),
      canonical: [...doc.head.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute("href")),
      robots: [...doc.head.querySelectorAll('meta[name="robots"]')].map((robots) => robots.getAttribute("content")),
      og: { title: meta("property", "og:title"), url: meta("property", "og:url"), image: meta("property", "og:image") },
      twitter: { card: meta("name", "twitter:card"), image: meta("name", "twitter:image") },
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>),
    };
  }, html);
}

test.describe("findable and shareable", () => {
  // Crawlers and social sites read the server's HTML, as a browser without JavaScript does:
  // the tests read it as they do.
  for (const path of PAGES) {
    test(`${path} has a meta description, its canonical URL, and Open Graph and Twitter cards with an image`, async ({ page, request, baseURL }) => {
      const { status, html } = await served(request, `${path}?utm_source=test`);
      expect(status).toBe(200);
      const head = await headOf(page, html);
      const origin = new URL(baseURL!).origin;
      const url = `${origin}${path}`;

      expect(head.description?.trim()).toBeTruthy();
      expect(head.canonical).toEqual([url]);
      expect(head.title).toMatch(/ \| Raw Dogg$/);
      expect(head.og.title).toBe(head.title);
      expect(head.og.url).toBe(url);
      expect(head.og.image).toBe(`${origin}/images/og-card.png`);
      expect(head.twitter.card).toBe("summary_large_image");
      expect(head.twitter.image).toBe(`${origin}/images/og-card.png`);
      expect(head.robots).toEqual(PRIVATE_PAGES.includes(path) ? ["noindex"] : []);
    });
  }

  test("a missing page is described but kept out of search results, with no canonical URL", async ({ page, request }) => {
    const { status, html } = await served(request, "/no-such-page");
    expect(status).toBe(404);
    const head = await headOf(page, html);
    expect(head.description?.trim()).toBeTruthy();
    expect(head.robots).toEqual(["noindex"]);
    expect(head.canonical).toEqual([]);
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
    const { html } = await served(request, "/products/24k-gold");
    const origin = new URL(baseURL!).origin;
    const data = (await headOf(page, html)).jsonLd.find((d) => d["@type"] === "Product");
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
    // The one price shown in the product's detail (its innermost element, as a visitor reads it).
    const prices = (await elementsOf(page, html, '[data-testid="product-detail"] *')).map(({ text }) => text).filter((text) => /^\$\d+\.\d\d$/.test(text));
    expect(new Set(prices).size, prices.join(", ")).toBe(1);
    expect(`$${offers.price}`).toBe(prices[0]);
    expect(Number(offers.price) * 100).toBeCloseTo(product.price);
  });

  test("a product page's BreadcrumbList is the breadcrumb it shows: Home > Products > the product, apparel too", async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const [section, to] = ["Products", "/products"];
    for (const slug of ["24k-gold", "raw-dogg-performance-tank"]) {
      const { name } = (await (await request.get(`/api/products/${slug}`)).json()) as Product;
      const { html } = await served(request, `/products/${slug}`);
      const crumbs = (await headOf(page, html)).jsonLd.find((d) => d["@type"] === "BreadcrumbList");
      expect(crumbs?.itemListElement).toEqual([
        { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
        { "@type": "ListItem", position: 2, name: section, item: `${origin}${to}` },
        { "@type": "ListItem", position: 3, name },
      ]);
      const shown = 'nav[aria-label="Breadcrumb"]';
      expect((await elementsOf(page, html, `${shown} a`)).find(({ text }) => text === section)?.attributes.href).toBe(to);
      expect((await elementsOf(page, html, `${shown} [aria-current=page]`)).map(({ text }) => text)).toEqual([name]);
    }
  });

  test("the home page's JSON-LD names the Organization, its logo, its social profiles and its return policy", async ({ page, request, baseURL }) => {
    const { html } = await served(request, "/");
    const origin = new URL(baseURL!).origin;
    expect((await headOf(page, html)).jsonLd.find((d) => d["@type"] === "Organization")).toEqual({
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

  test("WebMCP: the header search, the add-to-cart forms and the newsletter form are tools in the server's HTML, each name once a page", async ({
    page,
    request,
  }) => {
    const html = new Map<string, string>();
    for (const path of ["/", "/products", "/products/24k-gold", "/products/raw-dogg-performance-tank"]) html.set(path, (await served(request, path)).html);
    /** The one element of the page at `path` that `selector` matches: its attributes. */
    const only = async (path: string, selector: string) => {
      const found = await elementsOf(page, html.get(path)!, selector);
      expect(found, `${path}: ${selector}`).toHaveLength(1);
      return found[0]!.attributes;
    };

    for (const path of html.keys()) {
      const forms = await elementsOf(page, html.get(path)!, "form[toolname]");
      const names = forms.map(({ attributes }) => attributes.toolname!);
      expect(new Set(names).size, `${path}: ${names.join(", ")}`).toBe(names.length);
      for (const { attributes } of forms) expect(attributes.tooldescription?.length ?? 0, `${path}: ${attributes.toolname}`).toBeGreaterThan(20);
      const search = await only(path, 'form[toolname="search_products"]');
      expect(search.action).toBe("/products");
      expect(search.method).toBe("get");
      expect((await only(path, 'form[toolname="search_products"] input[name="search"]')).toolparamdescription).toMatch(/.+/);
    }

    const newsletter = await only("/", 'form[toolname="subscribe_to_newsletter"]');
    expect(newsletter.action).toBe("/newsletter");
    expect((await only("/", 'form[toolname="subscribe_to_newsletter"] input[name="email"]')).toolparamdescription).toMatch(/email/);

    // A card's ADD: a plain post to the cart, one tool per product.
    const card = await only("/products", 'form[toolname="add_plain_jane_to_cart"]');
    expect(card.action).toBe("/cart");
    expect(card.method).toBe("post");
    expect(card.tooldescription).toMatch(/Plain Jane/);

    expect((await only("/products/24k-gold", '[data-testid="product-detail"] form[toolname="add_to_cart"]')).method).toBe("post");
    const tank = "/products/raw-dogg-performance-tank";
    expect((await only(tank, 'form[toolname="add_to_cart"]')).tooldescription).toMatch(/size and colour/);
    const param = async (name: string) =>
      (await elementsOf(page, html.get(tank)!, `form[toolname="add_to_cart"] input[name="${name}"]`))[0]?.attributes.toolparamdescription;
    expect(await param("size")).toBe("The size: XS, S, M, L, XL");
    expect(await param("colour")).toBe("The colour: Pink, Black, Grey");
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
