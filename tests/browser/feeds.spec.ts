/**
 * What the built shop publishes for machines, as they fetch it: the Merchant Center feed
 * parses as XML and every image it names is a PNG the shop serves (Merchant Center refuses
 * SVG; the renditions are drawn at build time by scripts/raster-images.mjs), /llms.txt
 * links only to pages that load, and robots.txt names the feed.
 */
import { expect, test } from "./playwright";

type Product = { slug: string; variants: unknown[] };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test.describe("feeds for machines", () => {
  test("the Merchant Center feed parses as XML, one item per variant", async ({ page, request }) => {
    const response = await request.get("/feeds/products.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const parsed = await page.evaluate(
      (text) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        const g = "http://base.google.com/ns/1.0";
        return {
          error: doc.querySelector("parsererror")?.textContent ?? null,
          items: doc.getElementsByTagName("item").length,
          ids: [...doc.getElementsByTagNameNS(g, "id")].map((id) => id.textContent),
        };
      },
      await response.text(),
    );
    expect(parsed.error).toBeNull();
    const products = (await (await request.get("/api/products")).json()) as Product[];
    const variants = products.reduce((sum, p) => sum + p.variants.length, 0);
    expect(parsed.items).toBe(variants);
    expect(new Set(parsed.ids).size).toBe(variants);
  });

  test("every g:image_link of the feed loads as a 1200x1200 PNG", async ({ request }) => {
    const xml = await (await request.get("/feeds/products.xml")).text();
    const links = [...new Set([...xml.matchAll(/<g:image_link>([^<]+)<\/g:image_link>/g)].map(([, link]) => link!))];
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      expect(link).toMatch(/\/images\/raster\/products\/[a-z0-9-]+\.png$/);
      const image = await request.get(link);
      expect(image.status(), link).toBe(200);
      expect(image.headers()["content-type"], link).toBe("image/png");
      const bytes = await image.body();
      expect([...bytes.subarray(0, 8)], link).toEqual(PNG_SIGNATURE);
      // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], link).toEqual([1200, 1200]);
    }
  });

  test("/llms.txt is markdown whose every link on the shop loads", async ({ request, baseURL }) => {
    const response = await request.get("/llms.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("# Raw Dogg\n\n> ")).toBe(true);
    const origin = new URL(baseURL!).origin;
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map(([, link]) => link!);
    const products = (await (await request.get("/api/products")).json()) as Product[];
    for (const product of products) expect(links).toContain(`${origin}/products/${product.slug}`);
    // The UCP profile is another helper's door: only the shop's pages and files are loaded here.
    for (const link of links.filter((l) => l.startsWith(origin) && !l.includes("/.well-known/"))) {
      expect((await request.get(link)).status(), link).toBe(200);
    }
  });

  test("robots.txt names the Merchant Center feed in a comment, not as a sitemap", async ({ request, baseURL }) => {
    const lines = (await (await request.get("/robots.txt")).text()).split("\n");
    const feed = `${new URL(baseURL!).origin}/feeds/products.xml`;
    expect(lines).toContain(`# Google Merchant Center product feed: ${feed}`);
    expect(lines.filter((line) => line.startsWith("Sitemap:"))).toEqual([`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`]);
  });
});
