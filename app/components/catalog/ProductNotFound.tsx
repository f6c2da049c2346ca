/**
 * The product page for a slug the catalog does not have (spec sections 2 and 8). Go Back
 * is a link to the listing until JavaScript runs, then a button that goes back in history
 * (or to the listing when this page was opened directly).
 */
import { Link, useNavigate } from "react-router";
import { button } from "~/styles/ui.css";
import { useHydrated } from "./hooks";
import * as css from "./productDetail.css";

export function ProductNotFound() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate("/products");
  };
  return (
    <section className={css.notFound} aria-labelledby="not-found-title">
      <p className={css.notFoundCode} aria-hidden="true">
        404
      </p>
      <h1 className={css.notFoundTitle} id="not-found-title">
        Product Not Found
      </h1>
      <p className={css.notFoundText}>The product you're looking for doesn't exist or has been removed.</p>
      {hydrated ? (
        <button type="button" className={button.primary} onClick={goBack}>
          Go Back
        </button>
      ) : (
        <Link prefetch="intent" to="/products" className={button.primary}>
          Go Back
        </Link>
      )}
    </section>
  );
}
