import { useId } from "react";
import { Link } from "react-router";
import { formatPrice } from "~/shared/money";
import { productStyle, type CardProduct } from "~/lib/product-display";
import { AddToCartForm } from "../cart/AddToCartForm";
import { SOLD_OUT } from "~/shared/variants";
import { staggeredCardInItem } from "~/styles/recipes.css";
import { button, compactButton } from "~/styles/ui.css";
import * as css from "./product.css";
import { cardToolName } from "~/lib/webmcp";

/** The cards of the first screen, whose pictures load at once. */
const EAGER_CARDS = 4;

/**
 * `firstScreen`: the card is in a grid that opens the page (the listing). Its first picture
 * is the listing's largest paint on a phone (the one-column grid shows its top below the
 * heading: decision 0030), so it is fetched first, at high priority, and drawn with the
 * page. The next three load at once but at low priority, with no preload in the page's head,
 * where they competed with it (they are below a phone's first screen). Elsewhere (the home
 * page's rows, a product's related items) a card's picture waits until it nears the screen,
 * and React writes no preload for it (docs/decisions/0024-first-paint-measured.md).
 */
export function ProductCard({ product, index = 0, firstScreen = false }: { product: CardProduct; index?: number; firstScreen?: boolean }) {
  const { badge, theme } = productStyle(product.name);
  const nameId = useId();
  const largest = firstScreen && index === 0;
  return (
    <article className={`${css.card} ${css.theme[theme]} ${staggeredCardInItem}`} data-testid="product-card">
      {badge && <span className={css.badge}>{badge}</span>}
      <Link to={`/products/${product.slug}`} className={css.imageLink} prefetch="intent" tabIndex={-1} aria-hidden="true">
        <img
          className={css.image}
          src={product.imageUrl}
          alt=""
          width={400}
          height={400}
          loading={firstScreen && index < EAGER_CARDS ? "eager" : "lazy"}
          fetchPriority={largest ? "high" : firstScreen ? "low" : "auto"}
          decoding={largest ? undefined : "async"}
        />
      </Link>
      <div className={css.body}>
        <h3 className={css.name} id={nameId}>
          <Link to={`/products/${product.slug}`} className={css.nameLink} prefetch="intent">
            {product.name}
          </Link>
        </h3>
        <div className={css.footerRow}>
          <span className={css.price}>{formatPrice(product.price)}</span>
          <CardAction product={product} nameId={nameId} />
        </div>
      </div>
    </article>
  );
}

/**
 * A card's action: ADD for a product bought as it is; for one with options, a link to its
 * page to choose them (no size is ever added that nobody chose); SOLD OUT when nothing of it
 * is left.
 */
function CardAction({ product, nameId }: { product: CardProduct; nameId: string }) {
  if (!product.available) return <span className={css.soldOut}>{SOLD_OUT}</span>;
  if (product.optionNames.length === 0) return <AddToCartForm productId={product.id} productName={product.name} compact tool={cardToolName(product.slug)} />;
  const sized = product.optionNames.includes("Size");
  return (
    <Link
      to={`/products/${product.slug}`}
      prefetch="intent"
      className={`${button.primary} ${compactButton}`}
      // Named by its words alone (a link named after the product is the card's name link); the card's name describes it.
      aria-describedby={nameId}
    >
      {sized ? "CHOOSE SIZE" : "CHOOSE"}
    </Link>
  );
}

/** Products in a grid of 1 to 4 columns, each card entering 0.1 s after the previous. */
export function ProductGrid({ products, firstScreen = false }: { products: CardProduct[]; firstScreen?: boolean }) {
  return (
    <ul className={css.grid} aria-label="Products">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} index={index} firstScreen={firstScreen} />
        </li>
      ))}
    </ul>
  );
}

export const PRODUCT_SKELETON_COUNT = 8;

/** The grid's loading state: placeholders the size of real cards. */
export function ProductGridSkeleton({ count = PRODUCT_SKELETON_COUNT }: { count?: number }) {
  return (
    <ul className={css.grid} aria-label="Loading products" aria-busy="true" data-testid="product-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className={css.skeletonCard}>
            <div className={css.skeletonImage} />
            <div className={css.body}>
              <div className={css.skeletonName} />
              <div className={css.skeletonPrice} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The empty state of a product grid. */
export function NoProducts() {
  return (
    <div className={css.empty} role="status">
      <h2>NO PRODUCTS FOUND</h2>
      <p>Try adjusting your filters or search criteria to find what you're looking for.</p>
    </div>
  );
}
