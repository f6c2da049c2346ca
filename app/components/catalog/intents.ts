/** What a product page form asks the page's action to do (the no-JavaScript path). */
export const PRODUCT_INTENT = {
  react: "react",
} as const;
