/**
 * One recommendation picked for this visitor (spec sections 2 and 4): only unviewed ones
 * are eligible, one is drawn at random, preferring another product than the page's. Once
 * it has rendered it is marked viewed; View Product marks it clicked, then opens the
 * product. Hidden when there is none or the call fails. It needs JavaScript (the spec's
 * calls are the browser's), so without it the card, and its placeholder, never show.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { whenActivated } from "~/lib/activation";
import { apiRequest } from "~/lib/api";
import { useNonce } from "~/lib/nonce";
import { formatPrice } from "~/shared/money";
import { productStyle } from "~/lib/product-display";
import type { Recommendation } from "~/lib/types";
import { theme } from "~/components/product/product.css";
import { button } from "~/styles/ui.css";
import * as css from "./productDetail.css";

export function RecommendationCard({ recommendation }: { recommendation: Recommendation }) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const markedViewed = useRef<number | null>(null);
  const { id, reason, product } = recommendation;

  useEffect(() => {
    if (markedViewed.current === id) return;
    markedViewed.current = id;
    // Seen only once the visitor sees it: a prerendered page waits for its activation.
    // Best effort: a failed mark must not take the card away from the shopper.
    return whenActivated(() => void apiRequest("PATCH", `/api/recommendations/${id}/viewed`).catch(() => undefined));
  }, [id]);

  const open = async () => {
    setOpening(true);
    try {
      await apiRequest("PATCH", `/api/recommendations/${id}/clicked`);
    } catch {
      // Still take the shopper where they asked to go.
    }
    navigate(`/products/${product.slug}`);
  };

  return (
    <aside className={`${css.recommendation} ${theme[productStyle(product.name).theme]}`} aria-labelledby={`recommendation-${id}`}>
      <img className={css.recommendationImage} src={product.imageUrl} alt="" width={160} height={160} loading="lazy" decoding="async" />
      <div className={css.recommendationBody}>
        <p className={css.recommendationEyebrow}>Recommended for you</p>
        <h2 className={css.recommendationName} id={`recommendation-${id}`}>
          {product.name}
        </h2>
        <p className={css.recommendationReason}>{reason}</p>
        <p className={css.recommendationPrice}>{formatPrice(product.price)}</p>
      </div>
      <div className={css.recommendationAction}>
        <button type="button" className={button.secondary} disabled={opening} onClick={open}>
          View Product
        </button>
      </div>
    </aside>
  );
}

/** Picks one of `all` for the page of `currentProductId`, or null when none is eligible. */
export function pickRecommendation(all: Recommendation[], currentProductId: number): Recommendation | null {
  const unviewed = all.filter((r) => !r.viewed);
  const elsewhere = unviewed.filter((r) => r.product.id !== currentProductId);
  const pool = elsewhere.length > 0 ? elsewhere : unviewed;
  return pool[Math.floor(Math.random() * pool.length)] ?? null;
}

/** Loads this visitor's recommendations after hydration and shows one of them. */
export function ProductRecommendation({ currentProductId }: { currentProductId: number }) {
  const [picked, setPicked] = useState<Recommendation | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    apiRequest<Recommendation[]>("GET", "/api/recommendations")
      .then((all) => current && setPicked(pickRecommendation(all, currentProductId)))
      .catch(() => current && setPicked(null));
    return () => {
      current = false;
    };
  }, [currentProductId]);
  if (picked === undefined) return <RecommendationSkeleton />;
  return picked ? <RecommendationCard key={picked.id} recommendation={picked} /> : null;
}

/** The card's place while the recommendation loads: the same size, no content. */
function RecommendationSkeleton() {
  const nonce = useNonce();
  return (
    <>
      <noscript>
        <style nonce={nonce}>{"[data-recommendation-skeleton]{display:none}"}</style>
      </noscript>
      <div className={css.recommendationSkeleton} aria-hidden="true" data-recommendation-skeleton="">
        <div className={css.recommendationImageSkeleton} />
        <div className={css.recommendationBody}>
          <div className={css.skeletonLine.short} />
          <div className={css.skeletonLine.title} />
          <div className={css.skeletonLine.long} />
        </div>
      </div>
    </>
  );
}
