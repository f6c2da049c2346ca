/**
 * The product itself on its page: picture, name, price, stock, description, ADD TO CART
 * (with the size and colour pickers of a product that has options), the Features list, the
 * size guide and the reactions.
 *
 * The choice starts from the URL (`?size=M&colour=black`, so a shared link opens it, as the
 * server renders it) or from what a form posted without JavaScript came back with. With
 * JavaScript, price, picture and stock follow each choice at once (the product carries
 * every variant) and the URL is replaced to name it, without a navigation.
 */
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AddToCartForm } from "~/components/cart/AddToCartForm";
import type { ActionData } from "~/components/forms/action-data";
import { firstMessage } from "~/components/forms/action-data";
import { choiceOf, shownFor } from "~/components/product/choice";
import { ProductPurchase } from "~/components/product/ProductPurchase";
import * as purchaseCss from "~/components/product/purchase.css";
import { SizeGuideDialog, SizeGuideOpener, sizeGuideKind } from "~/components/product/SizeGuide";
import { featureLines, productStyle } from "~/lib/product-display";
import type { Product, ReactionCounts } from "~/lib/types";
import { formatPrice } from "~/shared/money";
import { hasOptions, optionParam, SOLD_OUT, type VariantOptions } from "~/shared/variants";
import { button } from "~/styles/ui.css";
import { PRODUCT_INTENT } from "./intents";
import * as css from "./productDetail.css";
import { ReactionBar } from "./ReactionBar";

type Props = {
  product: Product;
  reactionCounts: ReactionCounts;
  actionData: ActionData | undefined;
  /** After a reaction posted without JavaScript (`?reacted=1`). */
  thanked: boolean;
};

/** What the page's action answered a post of ADD TO CART without JavaScript: the choice posted, and the messages. */
function answeredPurchase(product: Product, actionData: ActionData | undefined) {
  const posted = actionData?.result.initialValue;
  if (!posted || posted.intent !== PRODUCT_INTENT.add) return null;
  const values = new URLSearchParams();
  for (const [name, value] of Object.entries(posted)) if (typeof value === "string") values.set(name, value);
  const errors = actionData.result.error ?? {};
  const problems: Record<string, string> = {};
  for (const option of product.options) {
    const message = errors[optionParam(option.name)]?.[0];
    if (message) problems[option.name] = message;
  }
  return { chosen: choiceOf(product, values), problems, message: errors[""]?.[0] };
}

/** The URL of this page naming a choice: its values replace the options' parameters, the rest stays. */
function urlOf(product: Product, chosen: VariantOptions): string {
  const url = new URL(window.location.href);
  // In the options' order (`?size=M&colour=Black`), after whatever else the URL had.
  for (const option of product.options) url.searchParams.delete(optionParam(option.name));
  for (const option of product.options) {
    const value = chosen[option.name];
    if (value) url.searchParams.append(optionParam(option.name), value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

export function ProductDetail({ product, reactionCounts, actionData, thanked }: Props) {
  const [searchParams] = useSearchParams();
  const answered = answeredPurchase(product, actionData);
  const [chosen, setChosen] = useState(() => answered?.chosen ?? choiceOf(product, searchParams));
  const shown = shownFor(product, chosen);
  const { badge } = productStyle(product.name);
  const guide = product.options.some((option) => option.name === "Size") ? sizeGuideKind(product) : null;

  const choose = (option: string, value: string) => {
    const next = { ...chosen, [option]: value };
    setChosen(next);
    // The address names the choice (to share it) without a navigation or a scroll: React
    // Router's own entry state is kept.
    window.history.replaceState(window.history.state, "", urlOf(product, next));
  };

  return (
    <article className={css.detail} aria-labelledby="product-name" data-testid="product-detail">
      <div className={css.media}>
        {/* The page's largest paint at 390 px: fetched first, drawn with the first screen (decision 0030). */}
        <img className={css.image} src={shown.imageUrl} alt={product.name} width={600} height={600} fetchPriority="high" data-testid="product-image" />
      </div>
      <div className={css.info}>
        {badge && <span className={css.badge}>{badge}</span>}
        <h1 className={css.name} id="product-name">
          {product.name.toUpperCase()}
        </h1>
        <p className={css.price} data-testid="product-price">
          {formatPrice(shown.price)}
        </p>
        <p className={css.description}>{product.description}</p>
        <div className={css.buy}>
          {hasOptions(product) ? (
            <ProductPurchase
              product={product}
              chosen={chosen}
              onChoose={choose}
              problems={answered?.problems ?? {}}
              message={answered?.message}
              aside={guide && <SizeGuideOpener />}
            />
          ) : (
            <>
              {shown.allSoldOut ? (
                <button type="button" className={button.primary} disabled>
                  {SOLD_OUT}
                </button>
              ) : (
                <AddToCartForm productId={product.id} productName={product.name} tool="add_to_cart" />
              )}
              {shown.note && (
                <p className={`${purchaseCss.stock} ${shown.allSoldOut ? purchaseCss.stockOut : purchaseCss.stockLow}`} data-testid="stock-note">
                  {shown.note}
                </p>
              )}
            </>
          )}
        </div>
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
      </div>
      <div className={css.reactionsArea}>
        <ReactionBar
          key={product.id}
          productId={product.id}
          initialCounts={reactionCounts}
          thanked={thanked}
          error={answered ? undefined : firstMessage(actionData?.result)}
        />
      </div>
      {guide && <SizeGuideDialog kind={guide} />}
    </article>
  );
}
