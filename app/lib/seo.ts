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
import { anyAvailable } from "../shared/variants";
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

/** Cents to the dollar string schema.org prices take: 1999 → "19.99". */

/** schema.org `Product` with its `Offer`, for a product page. */
export function productJsonLd(product: Product, origin: string) {
  const url = absoluteUrl(origin, `/products/${encodeURIComponent(product.slug)}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: absoluteUrl(origin, product.imageUrl),
    sku: product.slug,
    brand: { "@type": "Brand", name: BRAND_NAME },
    offers: {
      "@type": "Offer",
      price: plainAmount(product.price),
      priceCurrency: "USD",
      // Nothing left in any variant: the listing shows it out of stock.
      availability: anyAvailable(product) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url,
    },
  };
}

/** schema.org `Organization`, for the home page. */
export function organizationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: BRAND_NAME,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, LOGO_PATH),
    sameAs: SOCIAL_LINKS.map((link) => link.url),
  };
}

/** JSON for a `<script type="application/ld+json">`: a `<` inside a string cannot end the script. */
export const jsonLdText = (data: object) => JSON.stringify(data).replace(/</g, "\\u003c");
