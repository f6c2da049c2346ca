/**
 * The discount code's form on the cart and the checkout: what it asks the page's action to
 * do, and where it sits. Only its lazily loaded block and the actions read these.
 */
/** What the discount code's form asks the cart's or the checkout's action to do (one code per order). */
export const CODE_INTENT = {
  apply: "apply-code",
  remove: "remove-code",
} as const;

/** The id of the discount code's block on the cart and the checkout: its forms post to `{page}#discount-code`, so the page comes back to it. */
export const DISCOUNT_CODE_ID = "discount-code";
