/**
 * The 24k Gold spotlight: streamed after the first byte, with a skeleton of the same size
 * meanwhile; it shows nothing when the product is missing. The struck-through price is the
 * price plus SPOTLIGHT_MARKUP_CENTS (spec section 9).
 */
import { Suspense } from "react";
import { Await } from "react-router";
import { AddToCartForm } from "~/components/cart/AddToCartForm";
import { SPOTLIGHT_MARKUP_CENTS } from "~/lib/constants";
import { formatPrice } from "~/lib/money";
import type { Product } from "~/lib/types";
import { container, visuallyHidden } from "~/styles/ui.css";
import * as home from "./home.css";
import * as css from "./spotlight.css";

/** The spotlight's fixed feature list: exactly four bullets. */
export const SPOTLIGHT_FEATURES = [
  "Magnum fit: extra room where it counts",
  "Extra-strength latex, electronically tested",
  "Silky lubricant for a smooth, natural feel",
  "Signature gold foil that means business",
] as const;

export function GoldSpotlight({ product }: { product: Product | null | Promise<Product | null> }) {
  // Data the loader already had renders in place: no boundary, so it shows without JavaScript too.
  if (!(product instanceof Promise)) return product ? <Spotlight product={product} /> : null;
  return (
    <Suspense fallback={<SpotlightSkeleton />}>
      {/* Any failure hides the spotlight, like a missing product. */}
      <Await resolve={product} errorElement={<></>}>
        {(resolved) => (resolved ? <Spotlight product={resolved} /> : null)}
      </Await>
    </Suspense>
  );
}

function Spotlight({ product }: { product: Product }) {
  return (
    <section className={css.band} aria-labelledby="spotlight-heading" data-testid="gold-spotlight">
      <div className={`${container} ${css.layout}`}>
        <div className={css.art}>
          <img className={css.image} src={product.imageUrl} alt={`${product.name} condoms in their gold foil box`} width={800} height={800} loading="lazy" decoding="async" />
        </div>
        <div className={css.body}>
          <p className={css.eyebrow}>Spotlight · Magnum</p>
          <h2 id="spotlight-heading" className={css.heading}>
            {product.name}
          </h2>
          <p className={css.description}>{product.description}</p>
          <ul className={css.features} aria-label="Features">
            {SPOTLIGHT_FEATURES.map((feature) => (
              <li key={feature} className={css.feature}>
                {feature}
              </li>
            ))}
          </ul>
          <p className={css.prices}>
            <span className={css.price} data-testid="spotlight-price">
              <span className={visuallyHidden}>Now </span>
              {formatPrice(product.price)}
            </span>
            <s className={css.oldPrice} data-testid="spotlight-old-price">
              <span className={visuallyHidden}>Was </span>
              {formatPrice(product.price + SPOTLIGHT_MARKUP_CENTS)}
            </s>
          </p>
          <div className={css.cta}>
            <AddToCartForm productId={product.id} productName={product.name} variant="gold" />
          </div>
        </div>
      </div>
    </section>
  );
}

/** The spotlight's shape while it loads, so nothing below moves when it arrives. */
function SpotlightSkeleton() {
  return (
    <section className={css.band} aria-label="Loading the 24k Gold spotlight" aria-busy="true" data-testid="spotlight-skeleton">
      <div className={`${container} ${css.layout}`}>
        <div className={`${css.art} ${css.skeleton}`} />
        <div className={css.body}>
          <div className={`${css.skeleton} ${css.skeletonLine}`} style={{ width: "30%" }} />
          <div className={`${css.skeleton} ${css.skeletonHeading}`} />
          <div className={`${css.skeleton} ${css.skeletonLine}`} />
          <div className={`${css.skeleton} ${css.skeletonLine}`} style={{ width: "85%" }} />
          {SPOTLIGHT_FEATURES.map((feature) => (
            <div key={feature} className={`${css.skeleton} ${css.skeletonLine}`} style={{ width: "60%" }} />
          ))}
          <div className={`${css.skeleton} ${css.skeletonHeading}`} style={{ width: "40%" }} />
          <div className={`${css.skeleton} ${css.skeletonButton}`} />
        </div>
      </div>
    </section>
  );
}
