/**
 * The product page's loading skeleton (spec section 2, "Product detail"): it shows while a
 * product page loads, whichever page the visitor comes from.
 */
import { useLayoutEffect } from "react";
import { matchPath, useLocation, useNavigation } from "react-router";
import { container, pageMain } from "~/styles/ui.css";
import * as css from "./productLayout.css";

/** The product page's shapes: image, title, copy and button. */
export function ProductDetailSkeleton() {
  return (
    <div className={css.detail} aria-busy="true" aria-label="Loading product" role="status" data-testid="product-detail-skeleton">
      <div className={css.mediaSkeleton} />
      <div className={css.info}>
        <div className={css.skeletonLine.short} />
        <div className={css.skeletonLine.heading} />
        <div className={css.skeletonLine.long} />
        <div className={css.skeletonLine.long} />
        <div className={css.skeletonLine.title} />
      </div>
    </div>
  );
}

/** The product page a navigation is loading, unless it is the page already shown. */
function useProductLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location;
  return navigation.state === "loading" && next !== undefined && matchPath("/products/:slug", next.pathname) !== null && next.pathname !== location.pathname;
}

/**
 * While a product page loads, its skeleton takes the place of the page being left (which
 * the stylesheet hides). Rendered right after the page, by the footer, which every page
 * has: the page being left cannot show it, being any page at all.
 */
export function ProductPageSkeleton() {
  return useProductLoading() ? <PendingProductPage /> : null;
}

/** Only ever rendered in the browser, during a navigation. */
function PendingProductPage() {
  // The page it replaces may have been scrolled far down; the product page starts at the
  // top. (The router has already kept the old page's position for the Back button.)
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className={`${container} ${pageMain} ${css.pendingPage}`}>
      <ProductDetailSkeleton />
    </div>
  );
}
