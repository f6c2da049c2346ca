/**
 * app/lib/seo.ts (decision 0009, "Findable and shareable"): schema.org prices are dollar strings
 * from integer cents, and JSON-LD text can never close its <script> early.
 */
import { describe, expect, it } from "vitest";
import { absoluteUrl, jsonLdText, productJsonLd } from "../../app/lib/seo";
import type { Product } from "../../app/lib/types";

const product = (price: number): Product => ({
  id: 1,
  name: "Plain Jane",
  slug: "plain-jane",
  description: "</script><script>alert(1)</script>",
  price,
  imageUrl: "/images/products/plain-jane.svg",
  featured: true,
  categoryId: 1,
  attributes: { type: "classic", pack_size: 3, flavors: [] },
  options: [],
  variants: [{ id: 101, sku: "RD-PLAIN-12", options: {}, price, imageUrl: null, available: true, quantityAvailable: 40 }],
  digital: false,
  facts: [],
});

describe("JSON-LD", () => {
  it("prices an Offer in dollars with 2 decimals, from cents", () => {
    for (const [cents, dollars] of [[1999, "19.99"], [500, "5.00"], [1, "0.01"], [123456, "1234.56"]] as const) {
      expect(productJsonLd(product(cents), "https://shop.example").offers).toMatchObject({ price: dollars, priceCurrency: "USD" });
    }
  });

  it("uses absolute URLs on the site's origin", () => {
    const data = productJsonLd(product(1299), "https://shop.example");
    expect(data.image).toBe("https://shop.example/images/products/plain-jane.svg");
    expect(data.offers.url).toBe("https://shop.example/products/plain-jane");
    expect(absoluteUrl("", "/about")).toBe("/about");
  });

  it("availability: InStock while any variant can be bought (even the last one), OutOfStock when every variant is sold out", () => {
    const last = product(2499);
    last.variants = [
      { ...last.variants[0]!, id: 1, available: false, quantityAvailable: 0 },
      { ...last.variants[0]!, id: 2, available: true, quantityAvailable: 1 },
    ];
    expect(productJsonLd(last, "https://shop.example").offers.availability).toBe("https://schema.org/InStock");
    const gone = { ...last, variants: last.variants.map((v) => ({ ...v, available: false, quantityAvailable: 0 })) };
    expect(productJsonLd(gone, "https://shop.example").offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("escapes '<' so a description cannot end the script element", () => {
    const text = jsonLdText(productJsonLd(product(1299), "https://shop.example"));
    expect(text).not.toContain("<");
    expect(JSON.parse(text).description).toBe("</script><script>alert(1)</script>");
  });
});
