/** What a product page form asks the page's action to do (the no-JavaScript path). */
export const PRODUCT_INTENT = {
  react: "react",
  /** ADD TO CART with the chosen size and colour. */
  add: "add",
} as const;

/** The redirect's mark after a reaction posted without JavaScript: `?reacted` keeps the shared page cache out of the way. */
export const REACTED_PARAM = "reacted";
