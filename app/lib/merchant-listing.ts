/**
 * A product page's merchant listing (Google's merchant listings and product variants): the
 * Product, or the ProductGroup of a product with options, one Product per variant, each with
 * its Offer at the price the cart charges; the shipping page's free shipping and times, the
 * returns page's policy (app/shared/policies.ts); and the page's breadcrumb. Never a rating,
 * a review or a GTIN the shop does not have. Only the product page imports this.
 */
import type { Crumb } from "../components/catalog/Breadcrumb";
import { BRAND_NAME, SHIPPING_CENTS } from "../shared/constants";
import { rasterImage } from "../shared/images";
import { plainAmount } from "../shared/money";
import { DELIVERY, HANDLING_DAYS, type DayRange } from "../shared/policies";
import { choicePath, hasOptions, lineTitle, variantLabel, type Variant, type VariantOptions } from "../shared/variants";
import { absoluteUrl, CURRENCY, monetaryAmount, ORGANIZATION_ID, returnPolicyJsonLd, SCHEMA } from "./seo";
import type { Product } from "./types";

/** The schema.org property each option of a product varies by (Google's product-variant rules). */
const VARIES_BY: Record<string, { property: "size" | "color"; url: string }> = {
  Size: { property: "size", url: `${SCHEMA}size` },
  Colour: { property: "color", url: `${SCHEMA}color` },
};

/**
 * A product page's place in the shop, as its breadcrumb shows it (spec: "Home > Products >
 * name", apparel too) and its BreadcrumbList repeats it: structured data says what the page shows.
 */
export const productCrumbs = (product: Pick<Product, "name">): Crumb[] => [
  { label: "Home", to: "/" },
  { label: "Products", to: "/products" },
  { label: product.name },
];

/** The address of a product page; with a variant's options, the page with that choice made (app/shared/variants.ts `choicePath`, as the feed links it). */
export const productPath = (product: Pick<Product, "slug" | "options">, chosen: VariantOptions = {}) => choicePath(product.slug, product.options, chosen);

const days = ({ min, max }: DayRange) => ({ "@type": "QuantitativeValue", minValue: min, maxValue: max, unitCode: "DAY" });

/**
 * How a shipped offer travels, as the shipping page states it: free, packed the same or the
 * next business day, then the table's delivery time, for each row a machine can name (the
 * US, Alaska and Hawaii, Canada).
 */
export function shippingDetailsJsonLd(origin: string) {
  return DELIVERY.flatMap((row, index) =>
    row.country
      ? [
          {
            "@type": "OfferShippingDetails",
            "@id": absoluteUrl(origin, `/shipping#delivery-${index + 1}`),
            shippingRate: monetaryAmount(SHIPPING_CENTS),
            shippingDestination: {
              "@type": "DefinedRegion",
              addressCountry: row.country,
              ...(row.regions ? { addressRegion: row.regions } : {}),
            },
            deliveryTime: {
              "@type": "ShippingDeliveryTime",
              handlingTime: days(HANDLING_DAYS),
              transitTime: days(row.days),
              businessDays: {
                "@type": "OpeningHoursSpecification",
                dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => `${SCHEMA}${day}`),
              },
            },
          },
        ]
      : [],
  );
}

/**
 * Repeated nodes (the shipping details, the return policy) are written out once, on the first
 * offer, and named by their `@id` after that, as Google's product-variant example does: a
 * group of 25 variants does not carry the same policy 25 times.
 */
function onceThenById() {
  const seen = new Set<string>();
  return <T extends { "@id": string }>(node: T): T | { "@id": string } => {
    if (seen.has(node["@id"])) return { "@id": node["@id"] };
    seen.add(node["@id"]);
    return node;
  };
}

/** schema.org `Product` (one variant) or `ProductGroup` (a choice of size and colour) with offers, for a product page. */
export function productJsonLd(product: Product, origin: string) {
  const url = absoluteUrl(origin, productPath(product));
  const image = (path: string | null) => absoluteUrl(origin, rasterImage(path ?? product.imageUrl));
  const brand = { "@type": "Brand", name: BRAND_NAME };
  const seller = { "@type": "Organization", "@id": absoluteUrl(origin, ORGANIZATION_ID), name: BRAND_NAME };
  const once = onceThenById();
  // What apparel is made of, as its page's facts state it.
  const fabric = product.facts.find((fact) => fact.label === "Fabric")?.value;
  const material = fabric ? { material: fabric } : {};
  const offer = (variant: Variant, offerUrl: string) => ({
    "@type": "Offer",
    // The price the cart charges for one of this variant (app/shared/money.ts priceCart prices a line at it).
    price: plainAmount(variant.price),
    priceCurrency: CURRENCY,
    availability: variant.available ? `${SCHEMA}InStock` : `${SCHEMA}OutOfStock`,
    itemCondition: `${SCHEMA}NewCondition`,
    url: offerUrl,
    seller,
    // A download is not shipped: it has no shipping details.
    ...(product.digital ? {} : { shippingDetails: shippingDetailsJsonLd(origin).map(once) }),
    hasMerchantReturnPolicy: once(returnPolicyJsonLd(origin, product.digital)),
  });

  if (!hasOptions(product) && product.variants.length === 1) {
    const [variant] = product.variants as [Variant];
    return {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: product.description,
      image: image(variant.imageUrl),
      sku: variant.sku,
      brand,
      ...material,
      url,
      offers: offer(variant, url),
    };
  }

  const groupId = product.slug;
  const variesBy = product.options.flatMap((option) => (VARIES_BY[option.name] ? [VARIES_BY[option.name]!.url] : []));
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: product.name,
    description: product.description,
    image: image(null),
    url,
    brand,
    productGroupID: groupId,
    variesBy,
    hasVariant: product.variants.map((variant) => {
      const variantUrl = absoluteUrl(origin, productPath(product, variant.options));
      const properties = Object.fromEntries(
        Object.entries(variant.options).flatMap(([name, value]) => (VARIES_BY[name] ? [[VARIES_BY[name]!.property, value]] : [])),
      );
      return {
        "@type": "Product",
        name: lineTitle(product.name, variantLabel(variant.options)),
        description: product.description,
        image: image(variant.imageUrl),
        sku: variant.sku,
        brand,
        ...material,
        inProductGroupWithID: groupId,
        ...properties,
        url: variantUrl,
        offers: offer(variant, variantUrl),
      };
    }),
  };
}

/** schema.org `BreadcrumbList` of the steps a page's breadcrumb shows. */
export function breadcrumbJsonLd(crumbs: Crumb[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      ...(crumb.to && index < crumbs.length - 1 ? { item: absoluteUrl(origin, crumb.to) } : {}),
    })),
  };
}
