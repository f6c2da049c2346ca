import type { ShouldRevalidateFunction } from "react-router";
import { getShop } from "~/context.server";
import { JsonLd } from "~/components/JsonLd";
import {
  APPAREL_GRID_LIMIT,
  APPAREL_PROMO_SLUGS,
  apparelCategoryIds,
  parseApparelTab,
  type ApparelPromoPrices,
  type ApparelView,
} from "~/components/home/apparel-tabs";
import {
  ApparelSection,
  CoinSection,
  CommercialsCarousel,
  EntertainmentSection,
  FeaturedSection,
  GoldSpotlight,
  NewsletterSignup,
  SocialSection,
} from "~/components/home/below-the-fold";
import { Hero } from "~/components/home/Hero";
import type { SpotlightProduct } from "~/components/home/GoldSpotlight";
import { SINGLE } from "~/content/entertainment";
import { BRAND_NAME, SPOTLIGHT_SLUG, TAGLINE } from "~/shared/constants";
import { nullWhenNotFound } from "~/shared/errors";
import { toCard } from "~/lib/product-display";
import { organizationJsonLd, seoMeta, useSiteOrigin } from "~/lib/seo";
import type { Product } from "~/lib/types";
import type { Route } from "./+types/home";

type Shop = ReturnType<typeof getShop>;

/** The apparel tabs, the chosen one (`?apparel=<categoryId>`, else 'All') and its first products. */
async function loadApparelView(shop: Shop, allProducts: Promise<Product[]>, param: string | null): Promise<ApparelView> {
  const [apparelCategories, products] = await Promise.all([shop.catalog.listCategories("apparel"), allProducts]);
  const categories = apparelCategories.map(({ id, name }) => ({ id, name }));
  const active = parseApparelTab(param, categories);
  const categoryIds = apparelCategoryIds(active, categories);
  const chosen = products.filter((p) => categoryIds.includes(p.categoryId));
  return { categories, active, products: chosen.slice(0, APPAREL_GRID_LIMIT).map(toCard) };
}

/**
 * The hero needs no data; everything else comes from the catalog's one read (the isolate's
 * copy), so it is all awaited: nothing is left to stream, and visitors without JavaScript
 * get every section whole.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = getShop(context);
  const apparelParam = new URL(request.url).searchParams.get("apparel");
  // One read of every product serves the promo prices, the single's price and the apparel grid.
  const allProducts = shop.catalog.listProducts();
  // A missing product is no error here: the spotlight just does not show.
  const spotlight = shop.catalog
    .getProductBySlug(SPOTLIGHT_SLUG)
    .then(({ id, name, description, price, imageUrl }): SpotlightProduct => ({ id, name, description, price, imageUrl }))
    .catch(nullWhenNotFound);
  const apparel = loadApparelView(shop, allProducts, apparelParam);
  const [featured, products] = await Promise.all([shop.catalog.listProducts({ featured: true }), allProducts]);
  const promoPrices: ApparelPromoPrices = {};
  for (const slug of APPAREL_PROMO_SLUGS) {
    const product = products.find((p) => p.slug === slug);
    if (product) promoPrices[slug] = product.price;
  }
  return {
    featured: featured.map(toCard),
    promoPrices,
    singlePrice: products.find((p) => p.slug === SINGLE.slug)?.price ?? null,
    spotlight: await spotlight,
    apparel: await apparel,
  };
}

/** The home data is the catalog's: a form sent from the page (newsletter, cart) leaves it as it was. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Home",
    description: `${BRAND_NAME}: premium condoms, from ultra-thin to 24k Gold magnum, and lifestyle apparel. ${TAGLINE}.`,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const origin = useSiteOrigin();
  return (
    <main>
      <Hero />
      <CommercialsCarousel />
      <FeaturedSection products={loaderData.featured} />
      <GoldSpotlight product={loaderData.spotlight} />
      <ApparelSection view={loaderData.apparel} promoPrices={loaderData.promoPrices} />
      <EntertainmentSection singlePrice={loaderData.singlePrice} />
      <CoinSection />
      <SocialSection />
      <NewsletterSignup />
      <JsonLd data={organizationJsonLd(origin)} />
    </main>
  );
}
