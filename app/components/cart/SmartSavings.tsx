/**
 * 'Smart Savings': the recommended bundles, each with its products, discount, bundle
 * price and savings, and an Add Bundle button. Hidden when there are no bundles (the
 * loader also hands over none when reading them failed).
 */
import { useState } from "react";
import { useCart } from "~/components/cart/cart-context";
import { CART_INTENT } from "~/lib/cart-intents";
import { formatPrice, priceBundle } from "~/shared/money";
import type { Bundle } from "~/lib/types";
import { button, visuallyHidden } from "~/styles/ui.css";
import { CartActionForm } from "./CartActionForm";
import * as css from "./cart.css";
import * as pageCss from "./page.css";

function BundleOffer({ bundle }: { bundle: Bundle }) {
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
    <article className={css.bundle} aria-labelledby={headingId} data-testid="bundle">
      <span className={css.discount}>{bundle.discountPercentage}% OFF</span>
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
        <button type="submit" className={`${button.gold} ${css.fullWidth}`} disabled={cart.loading} aria-label={`Add Bundle: ${bundle.name}`}>
          {adding ? "Adding..." : "Add Bundle"}
        </button>
      </CartActionForm>
    </article>
  );
}

export function SmartSavings({ bundles }: { bundles: Bundle[] }) {
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
            <BundleOffer bundle={bundle} />
          </li>
        ))}
      </ul>
    </section>
  );
}
