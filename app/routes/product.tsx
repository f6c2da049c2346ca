/**
 * Product detail (spec section 2): the product with its reactions, features and ADD TO
 * CART (choosing the size and colour of apparel), a recommendation picked for this visitor,
 * and up to 4 other featured products. An unknown slug renders 'Product Not Found' with 404.
 * The action is the no-JavaScript path of ADD TO CART and of the reaction buttons
 * (product.server.ts).
 *
 * The page itself is the same for everyone (the Worker caches it); the recommendation
 * depends on what this visitor has seen, so the browser loads it after hydration.
 */
import { data, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { Breadcrumb } from "~/components/catalog/Breadcrumb";
import { ProductDetail } from "~/components/catalog/ProductDetail";
import { ProductNotFound } from "~/components/catalog/ProductNotFound";
import { ProductRecommendation } from "~/components/catalog/RecommendationCard";
import { REACTED_PARAM } from "~/components/catalog/intents";
import { loadProductPage, productAction } from "~/routes/product.server";
import * as css from "~/components/catalog/productDetail.css";
import { JsonLd } from "~/components/JsonLd";
import { ProductGrid } from "~/components/product/ProductCard";
import { theme } from "~/components/product/product.css";
import { getShop } from "~/context.server";
import { BRAND_NAME } from "~/shared/constants";
import { productStyle } from "~/lib/product-display";
import { breadcrumbJsonLd, productCrumbs, productJsonLd } from "~/lib/merchant-listing";
import { seoMeta, useSiteOrigin } from "~/lib/seo";
import { container, pageMain, sectionHeading } from "~/styles/ui.css";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadProductPage(getShop(context), params.slug);
  return page.found ? page : data(page, { status: 404 });
}

export const action = ({ request, params, context }: Route.ActionArgs) => productAction({ request, context }, params.slug);

/** Another route's form (a cart or newsletter fetcher) has nothing to change on this page. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, formAction, defaultShouldRevalidate }) =>
  formAction !== undefined && formAction !== currentUrl.pathname ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) => {
  const { loaderData } = args;
  if (!loaderData?.found) {
    return seoMeta(args, {
      title: "Product Not Found",
      description: "The product you're looking for doesn't exist or has been removed.",
      noindex: true,
      canonical: false,
    });
  }
  const { product } = loaderData;
  return seoMeta(args, {
    title: product.name,
    description: `${product.name} by ${BRAND_NAME}: ${product.description}`.slice(0, 300),
    type: "product",
  });
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const origin = useSiteOrigin();
  const [searchParams] = useSearchParams();

  if (!loaderData.found) {
    return (
      <main className={`${container} ${pageMain}`}>
        <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Products", to: "/products" }, { label: "Product Not Found" }]} />
        <ProductNotFound />
      </main>
    );
  }

  const { product, reactionCounts, related } = loaderData;
  const crumbs = productCrumbs(product);
  const { theme: themeName } = productStyle(product.name);
  return (
    <main className={`${container} ${pageMain} ${theme[themeName]}`}>
      <Breadcrumb items={crumbs} />
      <ProductDetail
        // A navigation to another product, or to another choice by a link, starts from its URL.
        key={`${product.id}?${searchParams.toString()}`}
        product={product}
        reactionCounts={reactionCounts}
        actionData={actionData}
        thanked={searchParams.has(REACTED_PARAM)}
      />

      <ProductRecommendation key={product.id} currentProductId={product.id} />

      {related.length > 0 && (
        <section className={css.related} aria-labelledby="related-title">
          <h2 className={sectionHeading} id="related-title">
            YOU MIGHT ALSO LIKE
          </h2>
          <ProductGrid products={related} />
        </section>
      )}
      <JsonLd data={productJsonLd(product, origin)} />
      <JsonLd data={breadcrumbJsonLd(crumbs, origin)} />
    </main>
  );
}
