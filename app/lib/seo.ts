/**
 * How a page presents itself to search engines and social sites, in one place: the title,
 * meta description, canonical URL, Open Graph and Twitter cards, and the JSON-LD data.
 *
 * Absolute URLs need the site's origin, which the root loader reads from the request (the
 * same for every visitor, so it may sit in the shared page cache).
 */
import type { MetaDescriptor } from "react-router";
import { useRouteLoaderData } from "react-router";
import { BRAND_NAME, pageTitle } from "../shared/constants";
import { plainAmount } from "../shared/money";
import { DIGITAL_RETURNABLE, RESTOCKING_FEE_CENTS, RETURN_SHIPPING_FREE, RETURN_WINDOW_DAYS } from "../shared/policies";
import { SOCIAL_LINKS } from "./social";

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

// ---------------------------------------------------------------- JSON-LD
// What every page may need (the Organization, its return policy) is here; the product pages'
// listings are in merchant-listing.ts, so that other pages' JavaScript does not carry them.

export const SCHEMA = "https://schema.org/";
export const CURRENCY = "USD";
/** The Organization's node id: a product page's seller points at the home page's Organization. */
export const ORGANIZATION_ID = "/#organization";

/** Cents as a schema.org MonetaryAmount in the shop's currency. */
export const monetaryAmount = (cents: number) => ({ "@type": "MonetaryAmount", value: plainAmount(cents), currency: CURRENCY });

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
    restockingFee: monetaryAmount(RESTOCKING_FEE_CENTS),
    merchantReturnLink: link,
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
