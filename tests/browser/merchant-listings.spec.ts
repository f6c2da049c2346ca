/**
 * Merchant listings (app/lib/seo.ts): every product page of the running shop carries JSON-LD
 * that Google's rich-result rules (@adobe/structured-data-validator) find no error in, its
 * warnings listed in the test's annotations; every variant's price in it is what the cart
 * charges for that variant; every variant's own URL is a page of the shop.
 */
import { expect, test, type APIRequestContext } from "./playwright";
import { issueLine, validateJsonLd } from "../structured-data";

type Product = { id: number; slug: string; variants: { id: number; sku: string; available: boolean }[] };
type CartLine = { variantId: number | null; quantity: number; product: { price: number }; variant: { sku: string } | null };
type Offer = { price: string; priceCurrency: string; availability: string; url: string };
type ListedProduct = { "@type": string; sku: string; url?: string; offers: Offer };
type Listing = ListedProduct | { "@type": "ProductGroup"; hasVariant: ListedProduct[] };

/** The JSON-LD blocks of a page as the server sends it (what a crawler reads), parsed. */
async function jsonLdOf(request: APIRequestContext, path: string): Promise<Record<string, unknown>[]> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

/** Each variant's listed product (its sku, url and offer) in a product page's JSON-LD. */
function listedVariants(blocks: Record<string, unknown>[]): ListedProduct[] {
  const listing = blocks.find((b) => b["@type"] === "Product" || b["@type"] === "ProductGroup") as Listing | undefined;
  expect(listing, "no Product or ProductGroup").toBeDefined();
  return "hasVariant" in listing! ? listing.hasVariant : [listing!];
}

const products = async (request: APIRequestContext) => (await (await request.get("/api/products")).json()) as Product[];

test.describe("merchant listings", () => {
  test("every product page's JSON-LD has 0 errors under Google's rich-result rules (warnings in the annotations)", async ({ request }) => {
    const all = await products(request);
    expect(all.length).toBeGreaterThan(10);
    const warnings = new Map<string, number>();
    for (const product of all) {
      const blocks = await jsonLdOf(request, `/products/${product.slug}`);
      expect(blocks.map((b) => b["@type"]).sort(), product.slug).toEqual(["BreadcrumbList", product.variants.length > 1 ? "ProductGroup" : "Product"].sort());
      const report = await validateJsonLd(blocks);
      expect(report.errors.map(issueLine), product.slug).toEqual([]);
      for (const warning of report.warnings) warnings.set(warning.issueMessage, (warnings.get(warning.issueMessage) ?? 0) + 1);
    }
    for (const [message, count] of warnings) test.info().annotations.push({ type: "structured-data warning", description: `${count}x ${message}` });
  });

  test("the home page's Organization and its return policy have 0 errors", async ({ request }) => {
    const report = await validateJsonLd(await jsonLdOf(request, "/"));
    expect(report.errors.map(issueLine)).toEqual([]);
    for (const warning of report.warnings) test.info().annotations.push({ type: "structured-data warning", description: issueLine(warning) });
  });

  test("each variant's JSON-LD price is what the cart charges for it, and its URL opens its product page", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const listed = new Map<number, ListedProduct>();
    for (const product of await products(request)) {
      const variants = listedVariants(await jsonLdOf(request, `/products/${product.slug}`));
      expect(
        variants.map((v) => v.sku),
        product.slug,
      ).toEqual(product.variants.map((v) => v.sku));
      product.variants.forEach((variant, index) => {
        const offer = variants[index]!.offers;
        expect(offer.availability, variant.sku).toBe(variant.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");
        if (variant.available) listed.set(variant.id, variants[index]!);
      });
      for (const variant of product.variants.filter((v) => v.available)) {
        const added = await request.post("/api/cart", { data: { productId: product.id, variantId: variant.id } });
        expect(added.status(), variant.sku).toBe(200);
      }
    }
    const lines = (await (await request.get("/api/cart")).json()) as CartLine[];
    expect(lines.length).toBe(listed.size);
    for (const line of lines) {
      const offer = listed.get(line.variantId!)!.offers;
      expect(line.quantity).toBe(1);
      expect(`${offer.price} ${offer.priceCurrency}`, line.variant?.sku).toBe(`${(line.product.price / 100).toFixed(2)} USD`);
    }
    // A variant's URL is its product page with that choice made.
    for (const variant of listed.values()) {
      expect(variant.offers.url.startsWith(`${origin}/products/`), variant.sku).toBe(true);
      expect((await request.get(variant.offers.url)).status(), variant.offers.url).toBe(200);
    }
  });
});
