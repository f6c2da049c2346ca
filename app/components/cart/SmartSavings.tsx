/**
 * 'Smart Savings': the recommended bundles, each with its products, discount, bundle
 * price and savings, and an Add Bundle button. Hidden when there are no bundles (the
 * loader also hands over none when reading them failed). A bundle whose set the cart
 * already completes (its saving is in the order summary) is marked "In your cart"; it can
 * still be added, for another set at the same saving (spec: each bundle can be added).
 */
import { useState } from "react";
import { useCart } from "~/components/cart/cart-context";
import { CART_INTENT } from "~/lib/cart-intents";
import { formatPrice, priceBundle } from "~/shared/money";
import type { Bundle } from "~/lib/types";
import type { AppliedBundle } from "~/shared/money";
import { button, visuallyHidden } from "~/styles/ui.css";
import { CartActionForm } from "./CartActionForm";
import * as css from "./cart.css";
import * as pageCss from "./page.css";

/** `sets`: how many complete sets of it the cart holds (0: none). */
function BundleOffer({ bundle, sets }: { bundle: Bundle; sets: number }) {
  const cart = useCart();
  const [adding, setAdding] = useState(false);
  const { fullPrice, savings, price } = priceBundle(
    bundle.products.map((p) => p.price),
    bundle.discountPercentage,
  );
  const headingId = `bundle-${bundle.id}`;
  const add = async () => {
    setAdding(true);
    try {
      await cart.addBundle(bundle.id);
    } finally {
      setAdding(false);
    }
  };
  return (
    <article className={sets > 0 ? css.bundleInCart : css.bundle} aria-labelledby={headingId} data-testid="bundle">
      <div className={css.bundleBadges}>
        <span className={css.discount}>{bundle.discountPercentage}% OFF</span>
        {sets > 0 && (
          <span className={css.inCartNote} data-testid="bundle-in-cart">
            {sets > 1 ? `In your cart ×${sets}` : "In your cart"}
          </span>
        )}
      </div>
      <h3 id={headingId} className={css.bundleName}>
        {bundle.name}
      </h3>
      <p className={css.bundleDescription}>{bundle.description}</p>
      <ul className={css.bundleProducts} aria-label={`Products in ${bundle.name}`}>
        {bundle.products.map((product) => (
          <li key={product.id} className={css.bundleProduct}>
            <span>{product.name}</span>
            <span className={css.bundleProductPrice}>{formatPrice(product.price)}</span>
          </li>
        ))}
      </ul>
      <div className={css.bundlePricing}>
        <span className={css.bundlePrice} data-testid="bundle-price">
          {formatPrice(price)}
        </span>
        <s className={css.bundleWas}>
          <span className={visuallyHidden}>Regular price </span>
          {formatPrice(fullPrice)}
        </s>
        <p className={css.bundleSaving}>You save {formatPrice(savings)}</p>
      </div>
      <CartActionForm intent={CART_INTENT.addBundle} fields={{ bundleId: bundle.id }} onAction={add}>
        {/* Quieter once in the cart: another set is still on offer, no longer the thing to do. */}
        <button
          type="submit"
          className={`${sets > 0 ? button.secondary : button.gold} ${css.fullWidth}`}
          disabled={cart.loading}
          aria-label={`Add Bundle: ${bundle.name}`}
        >
          {adding ? "Adding..." : "Add Bundle"}
        </button>
      </CartActionForm>
    </article>
  );
}

/** `inCart`: the bundles whose sets the cart completes, as its totals applied them. */
export function SmartSavings({ bundles, inCart }: { bundles: Bundle[]; inCart: AppliedBundle[] }) {
  if (bundles.length === 0) return null;
  return (
    <section className={css.savings} aria-labelledby="smart-savings-heading" data-testid="smart-savings">
      <header className={css.savingsHeader}>
        <p className={pageCss.eyebrow}>Recommended bundles</p>
        <h2 id="smart-savings-heading" className={css.savingsHeading}>
          Smart Savings
        </h2>
        <p className={css.bundleDescription}>Bundle up and pay less: every bundle adds one of each product to your cart.</p>
      </header>
      <ul className={css.bundleGrid}>
        {bundles.map((bundle) => (
          <li key={bundle.id}>
            <BundleOffer bundle={bundle} sets={inCart.find((applied) => applied.bundleId === bundle.id)?.sets ?? 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}
