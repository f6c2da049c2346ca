/**
 * What the shop publishes for machines (workers/feeds): the Google Merchant Center feed at
 * /feeds/products.xml, one item per variant as the product page sells it, and /llms.txt.
 * The D1 trips of a repeat request are counted in round-trips.test.ts.
 */
import { HANDLING_DAYS, US_DELIVERY_DAYS } from "../../app/shared/policies";
import { describe, expect, it, vi } from "vitest";
import { plainAmount } from "../../app/shared/money";
import { GOOGLE_CATEGORY, GOOGLE_NAMESPACE, merchantFeed } from "../../workers/feeds/merchant-feed";
import { llmsText } from "../../workers/feeds/llms-txt";
import type { Catalog } from "../../workers/shop/catalog";
import { allCategories, allProducts, shopOf, type Product } from "./helpers";
import { ORIGIN, Visitor } from "./visitor";

type Item = Record<string, string>;

/**
 * A check that a document is well-formed XML as the feed writes it (workerd has no XML
 * parser): one root, every element closed in order, attributes quoted, no raw `<` or stray
 * `&` in text, and only XML's own entities. Answers the problem, or null.
 */
function xmlProblem(xml: string): string | null {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, "");
  if (body === xml) return "no XML declaration";
  const open: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<&]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const match of body.matchAll(token)) {
    const [, closing, name, , selfClosing, text, stray] = match;
    if (stray) return `a "<" that opens no tag at ${match.index}`;
    if (text !== undefined) {
      if (open.length === 0 && text.trim()) return `text outside the root: ${text.slice(0, 40)}`;
      const badEntity = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.exec(text);
      if (badEntity) return `a bare "&" in ${text.slice(0, 60)}`;
      if (text.includes("]]>")) return `"]]>" in text: ${text.slice(0, 60)}`;
      continue;
    }
    if (closing) {
      if (open.pop() !== name) return `</${name}> closes nothing open`;
    } else if (!selfClosing) {
      if (open.length === 0) roots++;
      open.push(name!);
    } else if (open.length === 0) roots++;
  }
  if (open.length) return `unclosed: ${open.join(" > ")}`;
  return roots === 1 ? null : `${roots} root elements`;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** Every item's fields, by element name (the shipping block as its `g:shipping` text). */
function items(xml: string): Item[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, inner]) => {
    const item: Item = {};
    for (const [, name, value] of inner!.matchAll(/<([\w:]+)>([\s\S]*?)<\/\1>/g)) item[name!] = unescape(value!);
    return item;
  });
}

async function feed() {
  const reply = await new Visitor().get("/feeds/products.xml");
  expect(reply.status, reply.text).toBe(200);
  return { reply, items: items(reply.text) };
}

async function catalog() {
  const [products, categories] = await Promise.all([allProducts(), allCategories()]);
  const categoryOf = (p: Product) => categories.find((c) => c.id === p.categoryId)!;
  return { products, categoryOf, bySlug: (slug: string) => products.find((p) => p.slug === slug)! };
}

describe("GET /feeds/products.xml", () => {
  it("is well-formed RSS 2.0 with Google's g: namespace, served as XML", async () => {
    const { reply } = await feed();
    expect(reply.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(reply.headers.get("Cache-Control")).toMatch(/^public, max-age=60\b/);
    expect(xmlProblem(reply.text)).toBeNull();
    expect(reply.text).toContain(`<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`);
    expect(reply.text).toMatch(/<channel>\s*<title>Raw Dogg<\/title>\s*<link>http:\/\/shop\.test\/<\/link>/);
  });

  it("has one item per variant, each its SKU once, with every field Merchant Center requires", async () => {
    const [{ items: found }, { products }] = await Promise.all([feed(), catalog()]);
    const variants = products.flatMap((p) => p.variants);
    expect(found).toHaveLength(variants.length);
    expect(found.map((item) => item["g:id"]).sort()).toEqual(variants.map((v) => v.sku).sort());
    for (const item of found) {
      for (const field of ["title", "description", "link", "g:image_link", "g:availability", "g:price", "g:google_product_category", "g:product_type"]) {
        expect(item[field], `${item["g:id"]} ${field}`).toBeTruthy();
      }
      expect(item).toMatchObject({ "g:brand": "Raw Dogg", "g:condition": "new", "g:identifier_exists": "no" });
      // Free, and as fast as the shipping page says (app/shared/policies.ts); a download is not shipped.
      if (item["g:id"] === "RD-SINGLE-WTTP") expect(item["g:shipping"]).toBeUndefined();
      else
        expect(item["g:shipping"]).toBe(
          `<g:country>US</g:country><g:service>Standard</g:service><g:price>0.00 USD</g:price>` +
            `<g:min_handling_time>${HANDLING_DAYS.min}</g:min_handling_time><g:max_handling_time>${HANDLING_DAYS.max}</g:max_handling_time>` +
            `<g:min_transit_time>${US_DELIVERY_DAYS.min}</g:min_transit_time><g:max_transit_time>${US_DELIVERY_DAYS.max}</g:max_transit_time>`,
        );
    }
  });

  it("prices each variant as the cart does (19.99 USD), the men's XXL at its own price", async () => {
    const [{ items: found }, { products, bySlug }] = await Promise.all([feed(), catalog()]);
    for (const variant of products.flatMap((p) => p.variants)) {
      const item = found.find((i) => i["g:id"] === variant.sku)!;
      expect(item["g:price"]).toMatch(/^\d+\.\d{2} USD$/);
      expect(item["g:price"]).toBe(`${plainAmount(variant.price)} USD`);
    }
    const logoTee = bySlug("raw-dogg-mens-logo-tee");
    const xxl = logoTee.variants.find((v) => v.options.Size === "XXL")!;
    expect(found.find((i) => i["g:id"] === xxl.sku)!["g:price"]).toBe("28.99 USD");
    expect(found.find((i) => i["g:id"] === logoTee.variants[0]!.sku)!["g:price"]).toBe("26.99 USD");
  });

  it("says which variants are sold out: the tank in Pink XS is out_of_stock, Black M (3 left) in_stock", async () => {
    const [{ items: found }, { bySlug }] = await Promise.all([feed(), catalog()]);
    const tank = bySlug("raw-dogg-performance-tank");
    const item = (size: string, colour: string) =>
      found.find((i) => i["g:id"] === tank.variants.find((v) => v.options.Size === size && v.options.Colour === colour)!.sku)!;
    expect(item("XS", "Pink")).toMatchObject({
      "g:availability": "out_of_stock",
      title: "Raw Dogg Performance Tank - Size XS · Pink",
      link: `${ORIGIN}/products/raw-dogg-performance-tank?size=XS&colour=Pink`,
      "g:image_link": `${ORIGIN}/images/raster/products/raw-dogg-performance-tank-pink.png`,
      "g:item_group_id": "raw-dogg-performance-tank",
    });
    expect(item("M", "Black")["g:availability"]).toBe("in_stock");
    for (const i of found) expect(["in_stock", "out_of_stock"]).toContain(i["g:availability"]);
  });

  it("links every image as the PNG rendition at /images/raster/, never an SVG", async () => {
    const { items: found } = await feed();
    for (const item of found) expect(item["g:image_link"]).toMatch(/^http:\/\/shop\.test\/images\/raster\/products\/[a-z0-9-]+\.png$/);
  });

  it("marks g:adult yes on the condoms and on nothing else, each under Google's Condoms category", async () => {
    const [{ items: found }, { products, categoryOf }] = await Promise.all([feed(), catalog()]);
    for (const product of products) {
      const condom = categoryOf(product).type === "condom";
      for (const variant of product.variants) {
        const item = found.find((i) => i["g:id"] === variant.sku)!;
        expect(item["g:adult"], variant.sku).toBe(condom ? "yes" : undefined);
        if (condom) expect(item["g:google_product_category"]).toBe(String(GOOGLE_CATEGORY.condoms));
        if (condom) expect(item["g:product_type"]).toBe(`Condoms > ${categoryOf(product).name}`);
      }
    }
  });

  it("gives apparel its colour, size, gender and age group: women's female, men's male, the snapback unisex; the single none", async () => {
    const [{ items: found }, { bySlug }] = await Promise.all([feed(), catalog()]);
    const first = (slug: string) => found.find((i) => i["g:id"] === bySlug(slug).variants[0]!.sku)!;
    expect(first("raw-dogg-performance-tank")).toMatchObject({
      "g:gender": "female",
      "g:age_group": "adult",
      "g:size": "XS",
      "g:color": "Pink",
      "g:google_product_category": "212",
    });
    expect(first("raw-dogg-mens-joggers")).toMatchObject({
      "g:gender": "male",
      "g:age_group": "adult",
      "g:size": "S",
      "g:color": "Black",
      "g:google_product_category": "204",
    });
    const snapback = first("raw-dogg-snapback");
    expect(snapback).toMatchObject({ "g:gender": "unisex", "g:age_group": "adult", "g:google_product_category": "173" });
    expect(snapback["g:size"]).toBeUndefined();
    // One variant, no choice: no group, and the bare product page.
    expect(snapback["g:item_group_id"]).toBeUndefined();
    expect(snapback.link).toBe(`${ORIGIN}/products/raw-dogg-snapback`);
    const single = first("welcome-to-the-pound");
    expect(single["g:google_product_category"]).toBe(String(GOOGLE_CATEGORY.digitalMusic));
    for (const field of ["g:gender", "g:age_group", "g:size", "g:color", "g:adult"]) expect(single[field], field).toBeUndefined();
  });

  it("takes the colour of apparel made in one colour from its Colour fact, and files an unknown garment under Clothing", async () => {
    const { bySlug, categoryOf } = await catalog();
    const tee = bySlug("raw-dogg-mens-logo-tee");
    const oneColour: Product = { ...tee, attributes: { ...tee.attributes, type: "hoodie" }, facts: [...tee.facts, { label: "Colour", value: "Black" }] };
    const xml = merchantFeed(
      {
        version: 1,
        stockVersion: 1,
        stamp: "x",
        products: [oneColour as never],
        categories: [categoryOf(tee)],
        bundles: [],
        recommendations: [],
        creators: [],
      } as Catalog,
      ORIGIN,
    );
    const found = items(xml);
    expect(found).toHaveLength(tee.variants.length);
    for (const item of found)
      expect(item).toMatchObject({ "g:color": "Black", "g:gender": "male", "g:google_product_category": String(GOOGLE_CATEGORY.clothing) });
  });

  it("escapes & < > \" ' in every text, and drops characters XML cannot carry", async () => {
    const { reply, items: found } = await feed();
    expect(reply.text).toContain("<title>Black &amp; White Raw Dogg Tee - Size XS · White</title>");
    expect(found.some((i) => i.title === "Black & White Raw Dogg Tee - Size XS · White")).toBe(true);

    const { products, categoryOf } = await catalog();
    const product = products[0]!;
    const hostile: Product = { ...product, name: `Tee <script>&amp;</script> "quoted" 'single'\u0001`, description: "A & B < C > D]]>" };
    const xml = merchantFeed(
      {
        version: 1,
        stockVersion: 1,
        stamp: "x",
        products: [hostile as never],
        categories: [categoryOf(product)],
        bundles: [],
        recommendations: [],
        creators: [],
      } as Catalog,
      ORIGIN,
    );
    expect(xmlProblem(xml)).toBeNull();
    expect(xml).not.toContain("<script>");
    expect(xml).toContain("Tee &lt;script&gt;&amp;amp;&lt;/script&gt; &quot;quoted&quot; &apos;single&apos;");
    expect(xml).toContain("<description>A &amp; B &lt; C &gt; D]]&gt;</description>");
    expect(items(xml)[0]!.title).toBe(`Tee <script>&amp;</script> "quoted" 'single'`);
  });

  it("the well-formedness check itself refuses what is not XML", () => {
    const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(xmlProblem(`${declaration}<a><b>x</b></a>`)).toBeNull();
    expect(xmlProblem(`${declaration}<a><b>x</a></b>`)).not.toBeNull();
    expect(xmlProblem(`${declaration}<a>A & B</a>`)).not.toBeNull();
    expect(xmlProblem(`${declaration}<a>1 < 2</a>`)).not.toBeNull();
    expect(xmlProblem(`${declaration}<a></a><b></b>`)).not.toBeNull();
    expect(xmlProblem(`${declaration}<a>`)).not.toBeNull();
  });
});

/** Where Hono's cache middleware (hono 4.13) keeps the answer of `key` to a GET in the Cache API. */
function honoCacheKey(key: string): string {
  const url = new URL("/.hono/cache", ORIGIN);
  url.searchParams.append("__hono_cache_key", key);
  url.searchParams.append("__hono_cache_method", "GET");
  return url.href;
}

describe("the feeds' cache", () => {
  it("a repeat request at the same catalog version is answered from the isolate's memory, then from the Cache API, for both", async () => {
    for (const path of ["/feeds/products.xml", "/llms.txt"]) {
      const first = await new Visitor().get(path);
      const key = honoCacheKey(`v${await shopOf(new Visitor()).catalog.shownCatalogKey()}:${ORIGIN}${path}`);
      const cache = await caches.open("catalog-api");
      const kept = await cache.match(key);
      expect(await kept?.text(), path).toBe(first.text);
      // A marked copy in the Cache API: the isolate's own copy of the first answer comes first.
      const marked = new Response(`${first.text}<!-- kept -->`, { headers: first.headers });
      await cache.put(key, marked);
      expect((await new Visitor().get(path)).text, path).toBe(first.text);
      // Once the isolate has given more catalog answers than it keeps (64), the Cache API's copy is what a repeat gets.
      for (let i = 0; i < 70; i++) await new Visitor().get(`/api/products?search=feed-${i}`);
      expect((await new Visitor().get(path)).text.endsWith("<!-- kept -->"), path).toBe(true);
      await cache.delete(key);
    }
  });

  it("the isolate's copy is not used past the route's max age: the bundles' 10 s", async () => {
    const path = "/api/cart/recommended-bundles";
    const first = await new Visitor().get(path);
    const key = honoCacheKey(`v${await shopOf(new Visitor()).catalog.shownCatalogKey()}:${ORIGIN}${path}`);
    const cache = await caches.open("catalog-api");
    await cache.put(key, new Response(`[]`, { headers: first.headers }));
    expect((await new Visitor().get(path)).text).toBe(first.text);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 10_000);
      // The Cache API keeps its own time (the runtime's clock): its copy is fresh still.
      expect((await new Visitor().get(path)).text).toBe("[]");
    } finally {
      vi.useRealTimers();
      await cache.delete(key);
    }
  });
});

describe("GET /llms.txt", () => {
  it("is markdown in the llmstxt.org shape: the shop's name, a one-line summary, sections of links", async () => {
    const reply = await new Visitor().get("/llms.txt");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(reply.headers.get("Cache-Control")).toMatch(/^public, max-age=60\b/);
    const lines = reply.text.split("\n");
    expect(lines[0]).toBe("# Raw Dogg");
    expect(lines.filter((line) => line.startsWith("# "))).toHaveLength(1);
    expect(lines[2]).toMatch(/^> Raw Dogg sells premium condoms and lifestyle apparel/);
    expect(lines.filter((line) => line.startsWith("## "))).toEqual(["## Catalogue", "## Policies", "## Agents", "## Optional"]);
  });

  it("lists every product with its price and link, the policies and the agent endpoints", async () => {
    const [reply, { products }] = await Promise.all([new Visitor().get("/llms.txt"), catalog()]);
    const text = reply.text;
    for (const product of products) {
      const line = text.split("\n").find((l) => l.includes(`](${ORIGIN}/products/${product.slug})`));
      expect(line, product.slug).toBeDefined();
      expect(line).toMatch(/^- \[/);
      expect(line).toContain(`$${plainAmount(Math.min(...product.variants.map((v) => v.price)))}`);
    }
    expect(text).toContain(`- [Plain Jane](${ORIGIN}/products/plain-jane): $12.99 (condoms, Classic)`);
    expect(text).toContain(`- [Raw Dogg Men's Logo Tee](${ORIGIN}/products/raw-dogg-mens-logo-tee): from $26.99`);
    expect(text).toMatch(/- \[Raw Dogg Performance Tank\]\([^)]+\): \$34\.99 \([^)]*sold out: Size XS · Pink/);
    for (const path of ["/shipping", "/returns", "/privacy", "/terms"]) expect(text).toContain(`](${ORIGIN}${path}): `);
    expect(text).toContain(`[UCP business profile](${ORIGIN}/.well-known/ucp)`);
    // The endpoints the profile names, as addresses (a GET there is no page).
    expect(text).toContain(`UCP REST binding, \`${ORIGIN}/ucp/v1\``);
    expect(text).toContain(`UCP MCP binding, \`${ORIGIN}/ucp/mcp\``);
    expect(text).toContain(`[Merchant Center feed](${ORIGIN}/feeds/products.xml)`);
  });

  it("keeps a product's text on its own line, unable to open links or HTML", () => {
    const hostile = {
      id: 1,
      name: "Evil [link](http://x.test) <b>",
      slug: "evil",
      description: "line one\n## not a heading",
      price: 100,
      imageUrl: "/images/products/plain-jane.svg",
      featured: false,
      categoryId: 1,
      attributes: { type: "classic", pack_size: 3, flavors: [] },
      options: [],
      digital: false,
      facts: [],
      variants: [{ id: 1, sku: "X", options: {}, price: 100, imageUrl: null, available: true, quantityAvailable: 1 }],
    };
    const text = llmsText(
      { version: 1, stockVersion: 1, stamp: "x", products: [hostile], categories: [], bundles: [], recommendations: [], creators: [] } as Catalog,
      ORIGIN,
    );
    const line = text.split("\n").find((l) => l.includes("/products/evil"))!;
    expect(line).toBe(
      `- [Evil \\[link\\](http://x.test) \\<b\\>](${ORIGIN}/products/evil): $1.00 (product). line one \\#\\# not a heading [Buy](${ORIGIN}/buy/X:1)`,
    );
    expect(text.split("\n").filter((l) => l.startsWith("## "))).toHaveLength(4);
  });
});
