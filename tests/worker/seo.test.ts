/**
 * app/lib/seo.ts and merchant-listing.ts (decision 0009, "Findable and shareable"; merchant listings): schema.org
 * prices are dollar strings from integer cents, equal to what the cart charges; a product
 * page's JSON-LD passes Google's rich-result rules (@adobe/structured-data-validator); the
 * shipping and returns facts are the pages' own (app/shared/policies.ts); and JSON-LD text can
 * never close its <script> early.
 */
import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, productCrumbs, productJsonLd, productPath, shippingDetailsJsonLd } from "../../app/lib/merchant-listing";
import { absoluteUrl, jsonLdText, organizationJsonLd, returnPolicyJsonLd } from "../../app/lib/seo";
import type { CartLine, Product } from "../../app/lib/types";
import { priceCart } from "../../app/shared/money";
import { DELIVERY, HANDLING_DAYS, RETURN_WINDOW_DAYS } from "../../app/shared/policies";
import { issueLine, validateJsonLd } from "../structured-data";
import { allProducts, productBySlug } from "./helpers";
import { Visitor } from "./visitor";

const ORIGIN = "https://shop.example";

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

/** The JSON-LD of a product sold as it is (one variant): a Product with one Offer. */
type Listing = { "@type": string; image: string; sku: string; offers: Offer };
type Offer = {
  price: string;
  priceCurrency: string;
  availability: string;
  url: string;
  shippingDetails?: unknown[];
  hasMerchantReturnPolicy: Record<string, unknown>;
};
type Group = { "@type": string; productGroupID: string; variesBy: string[]; hasVariant: (Listing & { size?: string; color?: string; url: string })[] };
const listing = (p: Product) => productJsonLd(p, ORIGIN) as unknown as Listing;
const group = (p: Product) => productJsonLd(p, ORIGIN) as unknown as Group;

/** Every offer of a product's JSON-LD, with the variant's sku. */
function offersOf(p: Product): { sku: string; offer: Offer }[] {
  const data = productJsonLd(p, ORIGIN) as unknown as Listing | Group;
  return "hasVariant" in data ? data.hasVariant.map((v) => ({ sku: v.sku, offer: v.offers })) : [{ sku: data.sku, offer: data.offers }];
}

describe("JSON-LD", () => {
  it("prices an Offer in dollars with 2 decimals, from cents", () => {
    for (const [cents, dollars] of [
      [1999, "19.99"],
      [500, "5.00"],
      [1, "0.01"],
      [123456, "1234.56"],
    ] as const) {
      expect(listing(product(cents)).offers).toMatchObject({ price: dollars, priceCurrency: "USD" });
    }
  });

  it("uses absolute URLs on the site's origin, and the PNG rendition of the art (merchant listings refuse SVG)", () => {
    const data = listing(product(1299));
    expect(data.image).toBe("https://shop.example/images/raster/products/plain-jane.png");
    expect(data.offers.url).toBe("https://shop.example/products/plain-jane");
    expect(absoluteUrl("", "/about")).toBe("/about");
  });

  it("availability is each variant's own: InStock while it can be bought (even the last one), OutOfStock when sold out", async () => {
    const tank = await productBySlug("raw-dogg-performance-tank");
    const data = group(tank);
    const bySku = Object.fromEntries(data.hasVariant.map((v) => [v.sku, v.offers.availability]));
    expect(bySku["RD-TANK-XS-PNK"]).toBe("https://schema.org/OutOfStock");
    expect(bySku["RD-TANK-M-BLK"]).toBe("https://schema.org/InStock");
    const gone = { ...tank, variants: tank.variants.map((v) => ({ ...v, available: false, quantityAvailable: 0 })) };
    expect(new Set(group(gone).hasVariant.map((v) => v.offers.availability))).toEqual(new Set(["https://schema.org/OutOfStock"]));
  });

  it("escapes '<' so a description cannot end the script element", () => {
    const text = jsonLdText(productJsonLd(product(1299), ORIGIN));
    expect(text).not.toContain("<");
    expect(JSON.parse(text).description).toBe("</script><script>alert(1)</script>");
  });
});

describe("merchant listings", () => {
  it("every seeded product page's JSON-LD (product and breadcrumb) has 0 errors under Google's rich-result rules", async () => {
    const products = await allProducts();
    expect(products.length).toBeGreaterThan(10);
    for (const p of products) {
      const blocks = [productJsonLd(p, ORIGIN), breadcrumbJsonLd(productCrumbs(p), ORIGIN)];
      const { errors } = await validateJsonLd(JSON.parse(JSON.stringify(blocks)));
      expect(errors.map(issueLine), p.slug).toEqual([]);
    }
  });

  it("the home page's Organization, with its return policy, has 0 errors", async () => {
    const { errors } = await validateJsonLd([organizationJsonLd(ORIGIN)]);
    expect(errors.map(issueLine)).toEqual([]);
  });

  it("the validator does find errors: an Offer without a price, a Product without an offer", async () => {
    const data = listing(product(1299)) as unknown as Record<string, unknown>;
    const { errors } = await validateJsonLd([
      { ...data, offers: { ...(data.offers as object), price: undefined } },
      { ...data, offers: undefined },
    ]);
    expect(errors.map((e) => e.issueMessage)).toEqual(expect.arrayContaining([expect.stringContaining('"price"'), expect.stringContaining('"offers"')]));
  });

  it("apparel with options is a ProductGroup varying by size and colour, one Product per variant with its sku, choice URL, picture and offer", async () => {
    const tank = await productBySlug("raw-dogg-performance-tank");
    const data = group(tank);
    expect(data).toMatchObject({
      "@type": "ProductGroup",
      productGroupID: tank.slug,
      variesBy: ["https://schema.org/size", "https://schema.org/color"],
    });
    expect(data.hasVariant.map((v) => v.sku)).toEqual(tank.variants.map((v) => v.sku));
    expect(data.hasVariant.find((v) => v.sku === "RD-TANK-M-BLK")).toMatchObject({
      "@type": "Product",
      size: "M",
      color: "Black",
      inProductGroupWithID: tank.slug,
      url: `${ORIGIN}/products/raw-dogg-performance-tank?size=M&colour=Black`,
      image: `${ORIGIN}/images/raster/products/raw-dogg-performance-tank-black.png`,
      offers: { url: `${ORIGIN}/products/raw-dogg-performance-tank?size=M&colour=Black`, price: "34.99", itemCondition: "https://schema.org/NewCondition" },
    });
    // A size-only tee varies by size alone; its XXL costs what the XXL costs.
    const tee = group(await productBySlug("raw-dogg-mens-logo-tee"));
    expect(tee.variesBy).toEqual(["https://schema.org/size"]);
    expect(tee.hasVariant.find((v) => v.size === "XXL")?.offers.price).toBe("28.99");
    expect(productPath({ slug: "a b", options: [{ name: "Size", values: ["M"] }] }, { Size: "M" })).toBe("/products/a%20b?size=M");
  });

  it("each variant's JSON-LD price is what the cart charges for it (POST /api/cart with its variantId, GET /api/cart)", async () => {
    const products = await allProducts();
    const visitor = new Visitor();
    const listed = new Map<number, string>();
    for (const p of products) {
      const offers = offersOf(p);
      p.variants.forEach((variant, index) => {
        expect(offers[index]!.sku).toBe(variant.sku);
        if (variant.available) listed.set(variant.id, offers[index]!.offer.price);
      });
      for (const variant of p.variants.filter((v) => v.available)) {
        const added = await visitor.post("/api/cart", { productId: p.id, variantId: variant.id });
        expect(added.status, added.text).toBe(200);
      }
    }
    const lines = (await visitor.get<CartLine[]>("/api/cart")).body;
    expect(lines.length).toBe(listed.size);
    for (const line of lines) {
      // One of this variant, priced as the cart prices it.
      const charged = priceCart([{ quantity: 1, product: { id: line.product.id, price: line.product.price } }], []).subtotal;
      expect(listed.get(line.variantId!), line.variant?.sku).toBe((charged / 100).toFixed(2));
    }
  });

  it("shipped offers state the shipping page's facts: free, packed in 0-1 business days, delivered in the table's times", () => {
    const details = shippingDetailsJsonLd(ORIGIN);
    const named = DELIVERY.filter((row) => row.country);
    expect(details).toHaveLength(named.length);
    details.forEach((detail, index) => {
      const row = named[index]!;
      expect(detail).toMatchObject({
        shippingRate: { value: "0.00", currency: "USD" },
        shippingDestination: { addressCountry: row.country },
        deliveryTime: {
          handlingTime: { minValue: HANDLING_DAYS.min, maxValue: HANDLING_DAYS.max, unitCode: "DAY" },
          transitTime: { minValue: row.days.min, maxValue: row.days.max, unitCode: "DAY" },
        },
      });
    });
    expect(details[0]).toMatchObject({ shippingDestination: { addressCountry: "US" }, deliveryTime: { transitTime: { minValue: 3, maxValue: 5 } } });
  });

  it("the return policy is the returns page's: 30 days, by mail, free, a full refund; the single's offer says a download cannot come back", async () => {
    expect(returnPolicyJsonLd(ORIGIN)).toMatchObject({
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: RETURN_WINDOW_DAYS,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/FreeReturn",
      refundType: "https://schema.org/FullRefund",
      merchantReturnLink: `${ORIGIN}/returns`,
    });
    expect(organizationJsonLd(ORIGIN).hasMerchantReturnPolicy).toEqual(returnPolicyJsonLd(ORIGIN));
    const single = listing(await productBySlug("welcome-to-the-pound"));
    expect(single.offers.shippingDetails).toBeUndefined();
    expect(single.offers.hasMerchantReturnPolicy).toMatchObject({ returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted" });
    const gold = listing(await productBySlug("24k-gold"));
    expect(gold.offers.hasMerchantReturnPolicy).toEqual(returnPolicyJsonLd(ORIGIN));
    expect(gold.offers.shippingDetails).toEqual(shippingDetailsJsonLd(ORIGIN));
  });

  it("a group writes its shipping and return nodes out once and names them by @id on the other variants", async () => {
    const variants = group(await productBySlug("raw-dogg-performance-tank")).hasVariant;
    expect(variants[0]!.offers.hasMerchantReturnPolicy).toEqual(returnPolicyJsonLd(ORIGIN));
    expect(variants[1]!.offers.hasMerchantReturnPolicy).toEqual({ "@id": `${ORIGIN}/returns#policy` });
    expect(variants[1]!.offers.shippingDetails).toEqual(shippingDetailsJsonLd(ORIGIN).map((d) => ({ "@id": d["@id"] })));
  });

  it("the breadcrumb is the page's (spec: Home > Products > name), the last step without a link", () => {
    expect(breadcrumbJsonLd(productCrumbs({ name: "Tank" }), ORIGIN).itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
      { "@type": "ListItem", position: 2, name: "Products", item: `${ORIGIN}/products` },
      { "@type": "ListItem", position: 3, name: "Tank" },
    ]);
  });
});
