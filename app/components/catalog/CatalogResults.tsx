import { NoProducts, ProductGrid, ProductGridSkeleton } from "~/components/product/ProductCard";
import type { CardProduct } from "~/lib/product-display";
import { visuallyHidden } from "~/styles/ui.css";
import * as css from "./catalog.css";

/** Spec section 8: what a listing says when the catalog could not be read. */
export const PRODUCTS_FETCH_FAILED = "Failed to fetch products";

type Props = {
  products: CardProduct[];
  /** A navigation for new filters is loading: show the skeleton, not stale cards. */
  loading: boolean;
  failed: boolean;
};

/** A listing's grid with its loading, empty and failed states. */
export function CatalogResults({ products, loading, failed }: Props) {
  if (loading) return <ProductGridSkeleton />;
  if (failed) {
    return (
      <p className={css.failure} role="alert">
        {PRODUCTS_FETCH_FAILED}
      </p>
    );
  }
  if (products.length === 0) return <NoProducts />;
  // The cards' names are h3: this h2 keeps the page's outline in order for screen readers.
  return (
    <>
      <h2 className={visuallyHidden}>Products</h2>
      <ProductGrid products={products} firstScreen />
    </>
  );
}
