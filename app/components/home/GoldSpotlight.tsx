/**
 * The 24k Gold spotlight; it shows nothing when the product is missing. The struck-through
 * price is the price plus SPOTLIGHT_MARKUP_CENTS (spec section 9). Its product comes with
 * the page (the home loader reads it from the catalog's copy), so nothing is left to load
 * behind a skeleton.
 */
import { AddToCartForm } from "~/components/cart/AddToCartForm";
import { SPOTLIGHT_MARKUP_CENTS } from "~/shared/constants";
import { formatPrice } from "~/shared/money";
import type { Product } from "~/lib/types";
import { container, visuallyHidden } from "~/styles/ui.css";
import * as css from "./spotlight.css";

/** The spotlight's fixed feature list: exactly four bullets. */
export const SPOTLIGHT_FEATURES = [
  "Magnum fit: extra room where it counts",
  "Extra-strength latex, electronically tested",
  "Silky lubricant for a smooth, natural feel",
  "Signature gold foil that means business",
] as const;

/** What the spotlight shows of its product, and all the page sends its browser of it. */
export type SpotlightProduct = Pick<Product, "id" | "name" | "description" | "price" | "imageUrl">;

export function GoldSpotlight({ product }: { product: SpotlightProduct | null }) {
  return product ? <Spotlight product={product} /> : null;
}

function Spotlight({ product }: { product: SpotlightProduct }) {
  return (
    <section className={css.band} aria-labelledby="spotlight-heading" data-testid="gold-spotlight">
      <div className={`${container} ${css.layout}`}>
        <div className={css.art}>
          <img
            className={css.image}
            src={product.imageUrl}
            alt={`${product.name} condoms in their gold foil box`}
            width={800}
            height={800}
            loading="lazy"
            decoding="async"
          />
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
