import type { ShouldRevalidateFunction } from "react-router";
import { getShop } from "~/context";
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
import { BRAND_NAME, SPOTLIGHT_SLUG, TAGLINE } from "~/lib/constants";
import { nullWhenNotFound } from "~/lib/errors";
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
  return { categories, active, products: chosen.slice(0, APPAREL_GRID_LIMIT) };
}

const PENDING = Symbol("pending");

/**
 * Resolves at once: to the value when the promise has already settled, else to the
 * promise itself, to stream (boxed: a promise cannot resolve to a promise). Settled data
 * goes straight into the HTML, because a streamed boundary needs JavaScript to leave its
 * skeleton and visitors without it would keep the skeleton for good.
 */
async function valueOrStream<T>(promise: Promise<T>): Promise<{ data: T | Promise<T> }> {
  // A failure streams too: <Await> shows its error element.
  const first = await Promise.race([promise, PENDING]).catch(() => PENDING);
  return { data: first === PENDING ? promise : (first as T) };
}

/**
 * The hero needs no data. The featured grid right under it and the promo prices come from
 * the catalog's one read, so they are awaited; the spotlight and the apparel grid stream
 * behind skeletons unless they are already there.
 * A tab link (`?apparel=`, how tabs work without JavaScript) scrolls to the apparel grid,
 * so that request awaits it.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = getShop(context);
  const apparelParam = new URL(request.url).searchParams.get("apparel");
  // One read of every product serves the promo prices and the apparel grid.
  const allProducts = shop.catalog.listProducts();
  // A missing product is no error here: the spotlight just does not show.
  const spotlight = shop.catalog.getProductBySlug(SPOTLIGHT_SLUG).catch(nullWhenNotFound);
  const apparel = loadApparelView(shop, allProducts, apparelParam);
  const [featured, products] = await Promise.all([shop.catalog.listProducts({ featured: true }), allProducts]);
  const promoPrices: ApparelPromoPrices = {};
  for (const slug of APPAREL_PROMO_SLUGS) {
    const product = products.find((p) => p.slug === slug);
    if (product) promoPrices[slug] = product.price;
  }
  return {
    featured,
    promoPrices,
    spotlight: (await valueOrStream(spotlight)).data,
    apparel: apparelParam === null ? (await valueOrStream(apparel)).data : await apparel,
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
      <EntertainmentSection />
      <CoinSection />
      <SocialSection />
      <NewsletterSignup />
      <JsonLd data={organizationJsonLd(origin)} />
    </main>
  );
}
