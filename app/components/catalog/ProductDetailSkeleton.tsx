import * as css from "./productDetail.css";

/** The product page while another product loads: image, title, copy and button shapes. */
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
