/**
 * How a page presents itself to search engines and social sites, in one place: the title,
 * meta description, canonical URL, Open Graph and Twitter cards, and the JSON-LD data.
 *
 * Absolute URLs need the site's origin, which the root loader reads from the request (the
 * same for every visitor, so it may sit in the shared page cache).
 */
import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import type { Crumb } from "../components/catalog/Breadcrumb";
import { BRAND_NAME, pageTitle, SHIPPING_CENTS } from "../shared/constants";
import { rasterImage } from "../shared/images";
import { plainAmount } from "../shared/money";
import {
  DELIVERY,
  DIGITAL_RETURNABLE,
  HANDLING_DAYS,
  RESTOCKING_FEE_CENTS,
  RETURN_SHIPPING_FREE,
  RETURN_WINDOW_DAYS,
  type DayRange,
} from "../shared/policies";
import { hasOptions, optionParam, variantLabel, type Variant, type VariantOptions } from "../shared/variants";
import { SOCIAL_LINKS } from "./social";
import type { Product } from "./types";

/** Social sites don't take SVG, so every page, product pages too, shares this PNG card. */
export const OG_IMAGE = { path: "/images/og-card.png", width: 1200, height: 630, alt: `${BRAND_NAME}: unleash the dogg in you` };

const LOGO_PATH = "/images/logo.svg";

/** The part of a meta function's arguments this needs: the root's data and where we are. */
type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

type PageSeo = {
  /** The page's own name: `pageTitle` adds the brand. */
  title: string;
  description: string;
  /** `product` on product pages; `website` everywhere else. */
  type?: "website" | "product";
  /** Pages that are one visitor's own (cart, checkout) or not there (404) stay out of search results. */
  noindex?: boolean;
  /** False on error screens: a page that is not there has no canonical address. */
  canonical?: boolean;
};

const originOf = (rootData: unknown): string =>
  rootData && typeof rootData === "object" && "origin" in rootData && typeof rootData.origin === "string" ? rootData.origin : "";

/** The site's origin from the root loader's data in a meta function ("" if the root has none). */
export const metaOrigin = (matches: MetaArgsLike["matches"]) => originOf(matches.find((m) => m?.id === "root")?.loaderData);

/** The site's origin in a component. */
export const useSiteOrigin = () => originOf(useRouteLoaderData("root"));

/** A path on this site as an absolute URL (left relative when the origin is unknown). */
export const absoluteUrl = (origin: string, path: string) => (origin ? new URL(path, origin).href : path);

/** Every meta descriptor of a page: the one way routes describe themselves. */
export function seoMeta({ location, matches }: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const origin = metaOrigin(matches);
  const title = pageTitle(page.title);
  const url = absoluteUrl(origin, location.pathname);
  const image = absoluteUrl(origin, OG_IMAGE.path);
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.canonical === false ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:site_name", content: BRAND_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: OG_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: OG_IMAGE.alt },
  ];
}

/** The 404 screen (the catch-all route and the root's error boundary): described, never indexed. */
export const NOT_FOUND_PAGE: PageSeo = {
  title: "Page Not Found",
  description: `This page isn't on ${BRAND_NAME}. Find premium condoms and apparel in the shop.`,
  noindex: true,
  canonical: false,
};

// ---------------------------------------------------------------- JSON-LD (merchant listings)

const SCHEMA = "https://schema.org/";
const CURRENCY = "USD";
/** The Organization's node id: a product page's seller points at the home page's Organization. */
const ORGANIZATION_ID = "/#organization";

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

/** The address of a product page; with a variant's options, the page with that choice made (`?size=M&colour=Black`, as the page's own picker writes it). */
export function productPath(product: Pick<Product, "slug" | "options">, chosen: VariantOptions = {}): string {
  const search = new URLSearchParams();
  for (const option of product.options) {
    const value = chosen[option.name];
    if (value) search.append(optionParam(option.name), value);
  }
  const query = search.toString();
  return `/products/${encodeURIComponent(product.slug)}${query ? `?${query}` : ""}`;
}

const amount = (cents: number) => ({ "@type": "MonetaryAmount", value: plainAmount(cents), currency: CURRENCY });
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
            shippingRate: amount(SHIPPING_CENTS),
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
 * The returns page as a MerchantReturnPolicy: 30 days from delivery for what comes back new
 * (unopened, unworn), by mail on our prepaid label, free, refunded in full; a download cannot
 * come back.
 */
export function returnPolicyJsonLd(origin: string, digital = false) {
  const link = absoluteUrl(origin, "/returns");
  if (digital && !DIGITAL_RETURNABLE) {
    return {
      "@type": "MerchantReturnPolicy",
      "@id": absoluteUrl(origin, "/returns#music"),
      applicableCountry: "US",
      returnPolicyCategory: `${SCHEMA}MerchantReturnNotPermitted`,
      merchantReturnLink: link,
    };
  }
  const fees = RETURN_SHIPPING_FREE ? `${SCHEMA}FreeReturn` : `${SCHEMA}ReturnShippingFees`;
  return {
    "@type": "MerchantReturnPolicy",
    "@id": absoluteUrl(origin, "/returns#policy"),
    applicableCountry: "US",
    returnPolicyCountry: "US",
    returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: RETURN_WINDOW_DAYS,
    itemCondition: `${SCHEMA}NewCondition`,
    returnMethod: `${SCHEMA}ReturnByMail`,
    returnFees: fees,
    customerRemorseReturnFees: fees,
    itemDefectReturnFees: fees,
    returnLabelSource: `${SCHEMA}ReturnLabelDownloadAndPrint`,
    customerRemorseReturnLabelSource: `${SCHEMA}ReturnLabelDownloadAndPrint`,
    itemDefectReturnLabelSource: `${SCHEMA}ReturnLabelDownloadAndPrint`,
    refundType: `${SCHEMA}FullRefund`,
    restockingFee: amount(RESTOCKING_FEE_CENTS),
    merchantReturnLink: link,
  };
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
      const label = variantLabel(variant.options);
      return {
        "@type": "Product",
        name: label ? `${product.name} (${label})` : product.name,
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

/** schema.org `Organization`, for the home page: the shop, and the return policy that holds for all it ships. */
export function organizationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": absoluteUrl(origin, ORGANIZATION_ID),
    name: BRAND_NAME,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, LOGO_PATH),
    sameAs: SOCIAL_LINKS.map((link) => link.url),
    hasMerchantReturnPolicy: returnPolicyJsonLd(origin),
  };
}

/** JSON for a `<script type="application/ld+json">`: a `<` inside a string cannot end the script. */
export const jsonLdText = (data: object) => JSON.stringify(data).replace(/</g, "\\u003c");
