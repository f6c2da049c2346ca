/**
 * Product detail (spec section 2): the product with its reactions, features and ADD TO
 * CART, a recommendation picked for this visitor, and up to 4 other featured products. An
 * unknown slug renders 'Product Not Found' with 404. The action is the no-JavaScript path
 * of the reaction buttons.
 *
 * The page itself is the same for everyone (the Worker caches it); the recommendation
 * depends on what this visitor has seen, so the browser loads it after hydration.
 */
import { data, redirect, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import * as v from "valibot";
import { AddToCartForm } from "~/components/cart/AddToCartForm";
import { Breadcrumb } from "~/components/catalog/Breadcrumb";
import { PRODUCT_INTENT } from "~/components/catalog/intents";
import { ProductNotFound } from "~/components/catalog/ProductNotFound";
import { ReactionBar } from "~/components/catalog/ReactionBar";
import { ProductRecommendation } from "~/components/catalog/RecommendationCard";
import { findProduct, loadProductPage } from "~/components/catalog/product-page.server";
import * as css from "~/components/catalog/productDetail.css";
import { JsonLd } from "~/components/JsonLd";
import { firstMessage } from "~/components/forms/action-data";
import { formAction } from "~/components/forms/page-action.server";
import { ProductGrid } from "~/components/product/ProductCard";
import { theme } from "~/components/product/product.css";
import { getShop } from "~/context.server";
import { BRAND_NAME } from "~/shared/constants";
import { formatPrice } from "~/shared/money";
import { featureLines, productStyle } from "~/lib/product-display";
import { ReactionSchema } from "~/shared/schemas";
import { productJsonLd, seoMeta, useSiteOrigin } from "~/lib/seo";
import type { Product } from "~/lib/types";
import { container, pageMain, sectionHeading } from "~/styles/ui.css";
import type { Route } from "./+types/product";

const NOT_HERE = "That action isn't available on this page.";

/** The page's one form: a reaction button (its intent names it, so another form's post is refused). */
const ProductFormSchema = v.object({
  intent: v.optional(v.pipe(v.string(NOT_HERE), v.picklist([PRODUCT_INTENT.react], NOT_HERE)), ""),
  ...ReactionSchema.entries,
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadProductPage(getShop(context), params.slug);
  return page.found ? page : data(page, { status: 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const shop = getShop(context);
  const product = await findProduct(shop, params.slug);
  if (!product) throw data("The product you're looking for doesn't exist or has been removed.", { status: 404 });
  return formAction({
    request,
    context,
    schema: ProductFormSchema,
    idle: {},
    failureMessage: "Failed to record your reaction. Please try again.",
    perform: async ({ emoji }) => {
      await shop.reactions.react(product.id, emoji);
      // `?reacted` keeps the Worker's shared page cache out of the way: the counts are fresh.
      return redirect(`/products/${encodeURIComponent(product.slug)}?${REACTED_PARAM}=1`, 303);
    },
  });
}

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

/** The redirect's mark after a reaction posted without JavaScript (the action, above). */
const REACTED_PARAM = "reacted";

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
  const { badge, theme: themeName } = productStyle(product.name);
  return (
    <main className={`${container} ${pageMain} ${theme[themeName]}`}>
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Products", to: "/products" }, { label: product.name }]} />
      <article className={css.detail} aria-labelledby="product-name" data-testid="product-detail">
        <div className={css.media}>
          <img className={css.image} src={product.imageUrl} alt={product.name} width={600} height={600} fetchPriority="high" decoding="async" />
        </div>
        <div className={css.info}>
          {badge && <span className={css.badge}>{badge}</span>}
          <h1 className={css.name} id="product-name">
            {product.name.toUpperCase()}
          </h1>
          <p className={css.price}>{formatPrice(product.price)}</p>
          <p className={css.description}>{product.description}</p>
          <section className={css.features} aria-labelledby="features-title">
            <h2 className={css.featuresTitle} id="features-title">
              Features
            </h2>
            <ul className={css.featureList}>
              {featureLines(product).map((line) => (
                <li key={line.label} className={css.featureItem}>
                  <span className={css.featureLabel}>{line.label}:</span> {line.value}
                </li>
              ))}
            </ul>
          </section>
          <div className={css.buy}>
            <AddToCartForm productId={product.id} productName={product.name} />
          </div>
        </div>
        <div className={css.reactionsArea}>
          <ReactionBar
            key={product.id}
            productId={product.id}
            initialCounts={reactionCounts}
            thanked={searchParams.has(REACTED_PARAM)}
            error={firstMessage(actionData?.result)}
          />
        </div>
      </article>

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
    </main>
  );
}
