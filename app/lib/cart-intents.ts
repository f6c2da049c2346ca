/** What a cart form asks the cart page's action to do (the no-JavaScript path). */
export const CART_INTENT = {
  add: "add",
  update: "update",
  remove: "remove",
  clear: "clear",
  addBundle: "add-bundle",
  /** A line's size or colour changed (or chosen, for a line whose size was still to choose). */
  variant: "variant",
} as const;

/** The pages a line's cart form may return to instead of /cart (its hidden `back` field). */
export const CART_RETURN_PAGES = ["/checkout"] as const;

/** What the discount code's form asks the cart's or the checkout's action to do (one code per order). */
export const CODE_INTENT = {
  apply: "apply-code",
  remove: "remove-code",
} as const;

/** The id of the discount code's block on the cart and the checkout: its forms post to `{page}#discount-code`, so the page comes back to it. */
export const DISCOUNT_CODE_ID = "discount-code";
